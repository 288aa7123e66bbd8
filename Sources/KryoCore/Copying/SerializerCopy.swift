extension Serializer {
    /// Returns `value` itself when `Value` is a trivial type (its bits are the whole value: no
    /// references inside), which is then a copy; what the value's own ``KryoCopyable/copy(with:)``
    /// returns when it has one; copies the contents of a library container that lists and rebuilds
    /// its elements or entries untyped (the JDK collections); otherwise throws
    /// ``SerializationError/Kind/unsupported``: implement ``Serializer/copy(_:with:)`` (or
    /// ``KryoCopyable`` on the type) to copy other values (return `value` itself for an immutable
    /// one).
    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value {
        if _isPOD(Value.self) { return value }
        if let copyable = value as? any KryoCopyable {
            let made = try copyable.copy(with: copier)
            guard let typed = made as? Value else {
                throw SerializationError(
                    .typeMismatch, expected: "a copy of type \(Value.self)", found: "\(type(of: made))")
            }
            return typed
        }
        if let copied = try ContainerCopy.byContents(value, with: copier) { return copied }
        throw SerializationError(
            .unsupported, expected: "a serializer that copies \(Value.self)",
            found: "\(Self.self), which does not implement copy(_:with:), and a type that is not KryoCopyable")
    }
}

extension TypedSerializer {
    /// Copies a value; see ``Serializer/copy(_:with:)``.
    @inlinable
    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value { try copyValue(value, copier) }
}

extension AnySerializer {
    /// Copies a value, which must be of ``valueType``; see ``Serializer/copy(_:with:)``.
    public func copy(_ value: Any, with copier: ValueCopier) throws -> Any { try copyValue(value, copier) }
}
