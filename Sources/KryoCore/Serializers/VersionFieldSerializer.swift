/// Serializes a ``Schematized`` type as Java's `VersionFieldSerializer` does (Kryo 4 and 5): the
/// class's version, then every field in Java's order, as ``FieldSerializer`` writes them.
///
/// The class's version is the highest ``Field/since(_:)`` of its fields (Java's `@Since`). A
/// reader takes data of any older version: the fields added since keep their defaults. Data of a
/// newer version is an error naming both versions (Java would read its unknown fields as known
/// ones). Kryo 5 writes the version + 1 and takes `0` as nil, so the serializer writes its own nil
/// there (Java's `acceptsNull`); Kryo 4 writes the version itself; Kryo 2.20, which has no such
/// serializer, is an error. Formats with keys write the fields by name, as the other field
/// serializers do.
public struct VersionFieldSerializer<Root: Schematized>: Serializer {
    @usableFromInline let accessors: FieldAccessors<Root>
    /// The version that added each field, in the accessors' order.
    @usableFromInline let versions: [Int]
    /// The class's version: the highest of ``versions`` (Java's `typeVersion`).
    @usableFromInline let typeVersion: Int
    public let isFinal: Bool

    @inlinable
    init(fields: [Field<Root>], isFinal: Bool) {
        accessors = FieldAccessors(fields)
        versions = fields.map(\.since)
        typeVersion = max(0, versions.max() ?? 0)
        self.isFinal = isFinal
    }

    /// Kryo 5's `VersionFieldSerializer` writes nil itself, as a version of `0`.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }

    public func write(_ value: Root, to writer: any ValueWriter) throws {
        try FieldLayouts.writeVersion(typeVersion, of: Root.javaClassName, to: writer)
        try accessors.writeAll(value, to: writer)
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try FieldLayouts.writeVersionNil(to: writer)
    }

    public func read(from reader: any ValueReader) throws -> Root {
        guard let value = try read(from: reader, acceptsNil: false) else {
            throw reader.error(.invalidValue, expected: "a \(Root.javaClassName)", found: "nil")
        }
        return value
    }

    public func readNilable(from reader: any ValueReader) throws -> Root? {
        try read(from: reader, acceptsNil: true)
    }

    private func read(from reader: any ValueReader, acceptsNil: Bool) throws -> Root? {
        guard reader.isPositional else {
            var value = Root()
            if Root.self is AnyClass { reader.reference(value) }
            try accessors.readPresent(into: &value, from: reader)
            return value
        }
        guard
            let version = try FieldLayouts.readVersion(
                from: reader, typeVersion: typeVersion, javaName: Root.javaClassName, acceptsNil: acceptsNil)
        else { return nil }
        var value = Root()
        if Root.self is AnyClass { reader.reference(value) }
        for (index, since) in versions.enumerated() where since <= version {
            try accessors.read(index, into: &value, from: reader)
        }
        return value
    }
}
