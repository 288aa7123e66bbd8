extension Registry {
    /// A deep copy of `value` through the registry's serializers, with no bytes in between (Java
    /// Kryo's `kryo.copy(object)`).
    ///
    /// Every class instance the graph reaches is copied once: an object reached twice gives one
    /// copy reached twice, and a cycle stays a cycle. Schema-driven types copy field by field into
    /// a new instance; collections, optionals, dynamic values and the library's Foundation and
    /// Java types copy their contents; immutable values (strings, dates, enum constants, trivial
    /// structs) are returned as they are. A custom serializer copies through its
    /// ``Serializer/copy(_:with:)``.
    ///
    /// ```swift
    /// let twin = try registry.copy(media)     // twin !== media, same content
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to copy.
    ///   - options: The call's options; ``Limits/maxDepth`` bounds the nesting as in encoding.
    /// - Throws: ``SerializationError`` naming the type and the field path when a type has no
    ///   registration or a serializer that does not copy, or when the nesting is too deep.
    public func copy<T>(_ value: T, options: SerializationOptions = .default) throws -> T {
        try ValueCopier(registry: self, options: options, shallow: false).copy(value)
    }

    /// A shallow copy of `value` (Java Kryo's `kryo.copyShallow(object)`): a new top object whose
    /// fields hold the original's values, nested objects shared rather than copied.
    ///
    /// - Parameters:
    ///   - value: The value to copy.
    ///   - options: The call's options.
    /// - Throws: ``SerializationError`` when the top value's type has no registration or its
    ///   serializer does not copy.
    public func shallowCopy<T>(_ value: T, options: SerializationOptions = .default) throws -> T {
        try ValueCopier(registry: self, options: options, shallow: true).copy(value)
    }
}
