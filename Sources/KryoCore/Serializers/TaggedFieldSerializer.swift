/// Serializes a ``Schematized`` type as Kryo 2.20's `TaggedFieldSerializer` does: the number of
/// fields written, then each tagged field, in Java's field order, preceded by its tag.
///
/// Fields without a tag are neither written nor read (as in Java). Deprecated fields are not
/// written but are still read, so that data written before the deprecation loads; Java 2.20 drops
/// them entirely and rejects such data. A tag the schema does not know is an error: the tagged
/// layout does not say how long a field is, so it cannot be skipped.
public struct TaggedFieldSerializer<Root: Schematized>: Serializer {
    @usableFromInline typealias Write = @Sendable (Root, any ValueWriter) throws -> Void
    @usableFromInline typealias Read = @Sendable (inout Root, any ValueReader) throws -> Void

    /// The fields written: tagged and not deprecated, in Java's order.
    @usableFromInline let written: [(tag: Int32, isAnnexed: Bool, write: Write)]
    /// Every tagged field, deprecated ones included, in Java's order.
    @usableFromInline let readable: [(tag: Int, name: String, isAnnexed: Bool, read: Read)]
    /// Positions in ``readable`` by tag.
    @usableFromInline let indexByTag: [Int: Int]
    public let isFinal: Bool
    /// The slots of the object fields, which a registry binds when it is built.
    @usableFromInline let slots: [any BindableSlot]

    @inlinable
    init(fields: [Field<Root>], isFinal: Bool) {
        let tagged = fields.filter { $0.tag != nil }
        slots = tagged.compactMap(\.slot)
        written = tagged.filter { !$0.isDeprecated }.compactMap { field in
            field.tag.map { (Int32(truncatingIfNeeded: $0), field.isAnnexed, field.write) }
        }
        readable = tagged.compactMap { field in field.tag.map { ($0, field.name, field.isAnnexed, field.read) } }
        var indexByTag: [Int: Int] = [:]
        for (index, field) in readable.enumerated() where indexByTag[field.tag] == nil {
            indexByTag[field.tag] = index
        }
        self.indexByTag = indexByTag
        self.isFinal = isFinal
    }

    /// Kryo 5's `TaggedFieldSerializer` writes nil itself, as a field count + 1 of `0`.
    public func handlesNil(in version: KryoWireVersion) -> Bool { version >= .kryo5 }

    public func write(_ value: Root, to writer: any ValueWriter) throws {
        try FieldLayouts.writeTagged(written, tag: \.tag, isAnnexed: \.isAnnexed, to: writer) {
            try $0.write(value, writer)
        }
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try FieldLayouts.writeTaggedNil(to: writer)
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
            for field in readable where reader.containsValue(forKey: field.name) { try field.read(&value, reader) }
            return value
        }
        guard let count = try FieldLayouts.readTaggedCount(from: reader, acceptsNil: acceptsNil) else { return nil }
        var value = Root()
        if Root.self is AnyClass { reader.reference(value) }
        try FieldLayouts.readTagged(
            count, from: reader, javaName: Root.javaClassName,
            knownTags: { readable.map { String($0.tag) }.joined(separator: ", ") },
            index: { indexByTag[$0] }, isAnnexed: { readable[$0].isAnnexed },
            read: { try readable[$0].read(&value, reader) })
        return value
    }
}
