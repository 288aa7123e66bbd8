import KryoCore

/// A type's default serializer with its type kept: what the wrapping serializers
/// (``DeflateSerializer``, ``BlowfishSerializer``) wrap when given only a type.
struct DefaultSerializerOf<Value: JavaRepresentable>: Serializer {
    /// `nil` when the type's default serializer is one of another type (a misdeclared type).
    let typed: TypedSerializer<Value>?
    let isFinal: Bool
    let serializerType: String

    /// The default serializer of `type`.
    init(_ type: Value.Type) {
        typed = Value.defaultSerializer.typed(Value.self)
        isFinal = Value.isJavaFinal
        serializerType = "\(Value.defaultSerializer.valueType)"
    }

    func write(_ value: Value, to writer: any ValueWriter) throws {
        try serializer().write(value, to: writer)
    }

    func read(from reader: any ValueReader) throws -> Value {
        try serializer().read(from: reader)
    }

    private func serializer() throws -> TypedSerializer<Value> {
        guard let typed else {
            throw SerializationError(
                .unsupported, expected: "the default serializer of \(Value.self)", found: "one of \(serializerType)")
        }
        return typed
    }
}
