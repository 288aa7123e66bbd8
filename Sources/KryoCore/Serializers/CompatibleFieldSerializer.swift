/// Serializes a ``Schematized`` type as Kryo 2.20's `CompatibleFieldSerializer` does: the field
/// names once per graph, then every field in a form a reader can skip (in the binary format,
/// chunks of at most 1024 bytes ended by an empty chunk).
///
/// A reader matches fields by name: it skips fields it does not know and leaves fields the data
/// lacks at their defaults, so fields may be added and removed in either direction. Deprecation
/// marks are ignored (Java's `CompatibleFieldSerializer` writes `@Deprecated` fields too). A
/// skipped field's nested objects are not numbered for references, as in Java: data whose later
/// objects refer back into a skipped field cannot be read.
public struct CompatibleFieldSerializer<Root: Schematized>: Serializer {
    @usableFromInline let names: [String]
    @usableFromInline let accessors: FieldAccessors<Root>
    public let isFinal: Bool

    @inlinable
    init(fields: [Field<Root>], isFinal: Bool) {
        names = fields.map(\.name)
        accessors = FieldAccessors(fields)
        self.isFinal = isFinal
    }

    public func write(_ value: Root, to writer: any ValueWriter) throws {
        try FieldLayouts.writeCompatible(
            names: names, of: ClassKey(Root.self, javaName: Root.javaClassName), to: writer
        ) { try accessors.write($0, of: value, to: writer) }
    }

    public func read(from reader: any ValueReader) throws -> Root {
        var value = Root()
        if Root.self is AnyClass { reader.reference(value) }
        guard reader.isPositional else {
            try accessors.readPresent(into: &value, from: reader)
            return value
        }
        try FieldLayouts.readCompatible(
            names: names, of: ClassKey(Root.self, javaName: Root.javaClassName), from: reader
        ) { try accessors.read($0, into: &value, from: reader) }
        return value
    }
}
