import KryoCore

extension DefaultSerializerOf {
    /// Copies through the type's default serializer.
    func copy(_ value: Value, with copier: ValueCopier) throws -> Value {
        guard let typed else {
            throw SerializationError(
                .unsupported, expected: "the default serializer of \(Value.self)", found: "one of \(serializerType)")
        }
        return try typed.copy(value, with: copier)
    }
}
