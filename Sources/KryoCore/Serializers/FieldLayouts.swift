/// The wire layouts of Kryo's `TaggedFieldSerializer` and `CompatibleFieldSerializer`, shared by
/// the serializers of Swift types (``TaggedFieldSerializer``, ``CompatibleFieldSerializer``) and of
/// dynamic values: they differ only in how one field is written and read.
enum FieldLayouts {
    /// Tagged: in positional formats the number of fields, then each field preceded by its tag;
    /// in keyed formats the fields by key.
    static func writeTagged<Fields: Collection>(
        _ fields: Fields, tag: (Fields.Element) -> Int32, to writer: any ValueWriter,
        write: (Fields.Element) throws -> Void
    ) throws {
        guard writer.isPositional else {
            for field in fields { try write(field) }
            return
        }
        try writer.writeInt32(Int32(fields.count), forKey: "$fieldCount", encoding: .positive)
        for field in fields {
            try writer.writeInt32(tag(field), forKey: "$tag", encoding: .positive)
            try write(field)
        }
    }

    /// Reads what ``writeTagged(_:tag:to:write:)`` wrote in a positional format: for each stored
    /// tag, the field `index(tag)` names; a tag without a field is an error (its length is unknown).
    static func readTagged(
        from reader: any ValueReader, javaName: String, knownTags: () -> String, index: (Int) -> Int?,
        read: (Int) throws -> Void
    ) throws {
        let count = Int(try reader.readInt32(forKey: "$fieldCount", encoding: .positive))
        guard count >= 0 else {
            throw reader.error(.invalidValue, expected: "a field count ≥ 0", found: "\(count)")
        }
        // Each field takes at least its tag and one byte of value.
        try reader.validateCount(count, minimumBytesPerElement: 2, forKey: "$fieldCount")
        for _ in 0..<count {
            let tag = Int(try reader.readInt32(forKey: "$tag", encoding: .positive))
            guard let found = index(tag) else {
                throw reader.error(
                    .invalidValue, expected: "a field tag of \(javaName) (\(knownTags()))",
                    found: "tag \(tag), which the schema does not have")
            }
            try read(found)
        }
    }

    /// Compatible: in positional formats the field names once per graph, then each field in a
    /// form a reader can skip; in keyed formats the fields by key.
    static func writeCompatible(
        names: [String], of javaClass: ClassKey, to writer: any ValueWriter, write: (Int) throws -> Void
    ) throws {
        guard writer.isPositional else {
            for index in names.indices { try write(index) }
            return
        }
        try writer.writeFieldNames(names, of: javaClass)
        for (index, name) in names.enumerated() {
            try writer.beginSkippableField(forKey: name)
            try write(index)
            try writer.endSkippableField()
        }
    }

    /// Reads what ``writeCompatible(names:of:to:write:)`` wrote in a positional format: the
    /// fields in the writer's order, skipping those the reader does not know.
    static func readCompatible(
        names: [String], of javaClass: ClassKey, from reader: any ValueReader, read: (Int) throws -> Void
    ) throws {
        for index in try reader.readFieldOrder(names, of: javaClass) {
            guard let index, names.indices.contains(index) else {
                try reader.skipField(forKey: "$unknown")
                continue
            }
            try reader.beginSkippableField(forKey: names[index])
            try read(index)
            try reader.endSkippableField()
        }
    }
}
