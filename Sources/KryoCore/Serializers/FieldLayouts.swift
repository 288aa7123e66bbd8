/// The wire layouts of Kryo's `TaggedFieldSerializer`, `CompatibleFieldSerializer` and
/// `VersionFieldSerializer`, shared by the serializers of Swift types (``TaggedFieldSerializer``,
/// ``CompatibleFieldSerializer``, ``VersionFieldSerializer``) and of dynamic values: they differ
/// only in how one field is written and read.
enum FieldLayouts {
    /// Tagged: in positional formats the number of fields, then each field preceded by its tag;
    /// in keyed formats the fields by key.
    static func writeTagged<Fields: Collection>(
        _ fields: Fields, tag: (Fields.Element) -> Int32, isAnnexed: (Fields.Element) -> Bool = { _ in false },
        to writer: any ValueWriter, write: (Fields.Element) throws -> Void
    ) throws {
        guard writer.isPositional else {
            for field in fields { try write(field) }
            return
        }
        switch writer.kryoWireVersion {
        case .some(let version) where version >= .kryo5:
            // Kryo 5: the count + 1 (0 is nil), each field as the call's options say.
            let options = writer.options.settings[TaggedFieldSetting.self]
            try writer.writeInt32(Int32(fields.count + 1), forKey: "$fieldCount", encoding: .positive)
            for field in fields {
                try writer.writeInt32(tag(field), forKey: "$tag", encoding: .positive)
                try writeField(options, to: writer) { try write(field) }
            }
        case .kryo4?:
            // Kryo 4 writes the fields in the order of their tags, an annexed one in chunks
            // (`OutputChunked`, 1 024 bytes each, then an empty one).
            try writer.writeInt32(Int32(fields.count), forKey: "$fieldCount", encoding: .positive)
            for field in fields.sorted(by: { tag($0) < tag($1) }) {
                try writer.writeInt32(tag(field), forKey: "$tag", encoding: .positive)
                guard isAnnexed(field) else {
                    try write(field)
                    continue
                }
                try writer.beginSkippableField(forKey: "$field")
                try write(field)
                try writer.endSkippableField()
            }
        default:
            try writer.writeInt32(Int32(fields.count), forKey: "$fieldCount", encoding: .positive)
            for field in fields {
                try writer.writeInt32(tag(field), forKey: "$tag", encoding: .positive)
                try write(field)
            }
        }
    }

    /// One field of Kryo 5's evolvable serializers: in its own chunks, after its class, as
    /// `options` say.
    private static func writeField(
        _ options: KryoEvolutionOptions, to writer: any ValueWriter, write: () throws -> Void
    ) throws {
        if options.chunkedEncoding { try writer.beginSkippableField(forKey: "$field") }
        if options.readUnknownData { writer.writeNextValueWithClass() }
        try write()
        if options.chunkedEncoding { try writer.endSkippableField() }
    }

    /// Reads one field written by ``writeField(_:to:write:)``: `read` reads a known field's value;
    /// a field the reader does not know is read and dropped when it carries its
    /// class, skipped when chunked, and an error otherwise (its length is unknown).
    private static func readField(
        _ options: KryoEvolutionOptions, from reader: any ValueReader, isKnown: Bool,
        unknown: () -> SerializationError, read: () throws -> Void
    ) throws {
        if options.chunkedEncoding, !isKnown, !options.readUnknownData {
            return try reader.skipField(forKey: "$unknown")
        }
        if options.chunkedEncoding { try reader.beginSkippableField(forKey: "$field") }
        if !isKnown, options.readUnknownData, options.chunkedEncoding {
            // Kryo 5 reads data it has no field for in case it holds objects referred to later,
            // and skips the rest of the chunk where that fails (a map written with its field's
            // generic types, which the reader no longer has).
            do {
                if try reader.readNextValueWithClass() { _ = try reader.readObject(forKey: "$unknown") }
            } catch is SerializationError {}
            return try reader.endSkippableField()
        }
        let hasValue = try !options.readUnknownData || reader.readNextValueWithClass()
        if hasValue {
            if isKnown {
                try read()
            } else if options.readUnknownData {
                _ = try reader.readObject(forKey: "$unknown")
            } else {
                throw unknown()
            }
        }
        if options.chunkedEncoding { try reader.endSkippableField() }
    }

    /// Kryo 5's nil of a tagged layout: the field count + 1 of nothing, `0`.
    static func writeTaggedNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "$fieldCount", encoding: .positive)
    }

    /// Reads the field count ``writeTagged(_:tag:to:write:)`` wrote in a positional format: `nil`
    /// for Kryo 5's nil (where the caller accepts nil; an error otherwise). Kryo 5 reads it before
    /// making the object.
    static func readTaggedCount(from reader: any ValueReader, acceptsNil: Bool) throws -> Int? {
        let isKryo5 = (reader.kryoWireVersion ?? .kryo2) >= .kryo5
        let stored = Int(try reader.readInt32(forKey: "$fieldCount", encoding: .positive))
        if isKryo5, stored == 0, acceptsNil { return nil }
        let count = isKryo5 ? stored - 1 : stored
        guard count >= 0 else {
            throw reader.error(
                .invalidValue, expected: isKryo5 ? "a field count + 1 ≥ 1" : "a field count ≥ 0", found: "\(stored)")
        }
        // Each field takes at least its tag and one byte of value.
        try reader.validateCount(count, minimumBytesPerElement: 2, forKey: "$fieldCount")
        return count
    }

    /// Reads the `count` fields (``readTaggedCount(from:acceptsNil:)``) of what
    /// ``writeTagged(_:tag:to:write:)`` wrote in a positional format: for each stored tag, the
    /// field `index(tag)` names; a tag without a field is an error (its length is unknown).
    static func readTagged(
        _ count: Int, from reader: any ValueReader, javaName: String, knownTags: () -> String,
        index: (Int) -> Int?, isAnnexed: (Int) -> Bool = { _ in false }, read: (Int) throws -> Void
    ) throws {
        let isKryo5 = (reader.kryoWireVersion ?? .kryo2) >= .kryo5
        let options = isKryo5 ? reader.options.settings[TaggedFieldSetting.self] : nil
        for _ in 0..<count {
            let tag = Int(try reader.readInt32(forKey: "$tag", encoding: .positive))
            let found = index(tag)
            func unknown() -> SerializationError {
                reader.error(
                    .invalidValue, expected: "a field tag of \(javaName) (\(knownTags()))",
                    found: "tag \(tag), which the schema does not have")
            }
            if let options {
                try readField(options, from: reader, isKnown: found != nil, unknown: unknown) {
                    if let found { try read(found) }
                }
                continue
            }
            guard let found else { throw unknown() }
            // Kryo 4's annexed field, in chunks.
            guard reader.kryoWireVersion == .kryo4, isAnnexed(found) else {
                try read(found)
                continue
            }
            try reader.beginSkippableField(forKey: "$field")
            try read(found)
            try reader.endSkippableField()
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
        if let version = writer.kryoWireVersion, version >= .kryo5 {
            let options = writer.options.settings[CompatibleFieldSetting.self]
            for index in names.indices { try writeField(options, to: writer) { try write(index) } }
            return
        }
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
        let order = try reader.readFieldOrder(names, of: javaClass)
        if let version = reader.kryoWireVersion, version >= .kryo5 {
            let options = reader.options.settings[CompatibleFieldSetting.self]
            for index in order {
                let known = index.flatMap { names.indices.contains($0) ? $0 : nil }
                try readField(
                    options, from: reader, isKnown: known != nil,
                    unknown: {
                        reader.error(
                            .invalidValue, expected: "a field of \(javaClass.javaName) or chunked data",
                            found: "a field the schema does not have")
                    },
                    read: { if let known { try read(known) } })
            }
            return
        }
        for index in order {
            guard let index, names.indices.contains(index) else {
                try reader.skipField(forKey: "$unknown")
                continue
            }
            try reader.beginSkippableField(forKey: names[index])
            try read(index)
            try reader.endSkippableField()
        }
    }

    // MARK: Version

    /// The highest version a field may declare: Kryo 5 writes the class's version + 1 as a Java
    /// `int`.
    static let maximumVersion = Int(Int32.max) - 1

    /// Whether the version header is Kryo 5's (the version + 1, 0 being nil) rather than Kryo 4's
    /// (the version).
    private static func countsNil(_ version: KryoWireVersion?) -> Bool { (version ?? .kryo2) >= .kryo5 }

    /// Kryo 2 has no `VersionFieldSerializer` (it came with Kryo 3): a stream of that release
    /// cannot hold such a class, nor could Java read one written into it.
    private static func refuseKryo2(_ version: KryoWireVersion?, _ javaName: String) throws {
        guard version == .kryo2 else { return }
        throw SerializationError(
            .unsupported, expected: "Kryo 4 or 5 for \(javaName), which VersionFieldSerializer writes",
            found: "Kryo 2.20, which has no VersionFieldSerializer")
    }

    /// Version: in positional formats the class's version (Kryo 5: + 1), before the fields, which
    /// the field layout follows; formats with keys key the fields and write no version.
    static func writeVersion(_ typeVersion: Int, of javaName: String, to writer: any ValueWriter) throws {
        guard writer.isPositional else { return }
        try refuseKryo2(writer.kryoWireVersion, javaName)
        let stored = typeVersion + (countsNil(writer.kryoWireVersion) ? 1 : 0)
        try writer.writeInt32(Int32(truncatingIfNeeded: stored), forKey: "$version", encoding: .positive)
    }

    /// Kryo 5's nil of a version layout: the version + 1 of nothing, `0`.
    static func writeVersionNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "$version", encoding: .positive)
    }

    /// Reads the version ``writeVersion(_:of:to:)`` wrote: `nil` for Kryo 5's nil (where the caller
    /// accepts nil; an error otherwise). Data of a newer version than `typeVersion` is an error:
    /// its fields are laid out with ones the schema does not know, and nothing tells them apart.
    static func readVersion(
        from reader: any ValueReader, typeVersion: Int, javaName: String, acceptsNil: Bool
    ) throws -> Int? {
        try refuseKryo2(reader.kryoWireVersion, javaName)
        let countsNil = countsNil(reader.kryoWireVersion)
        let stored = Int(try reader.readInt32(forKey: "$version", encoding: .positive))
        if countsNil, stored == 0, acceptsNil { return nil }
        let version = countsNil ? stored - 1 : stored
        guard version >= 0 else {
            throw reader.error(
                .invalidValue,
                expected: countsNil ? "the version + 1 of \(javaName) (≥ 1)" : "the version of \(javaName) (≥ 0)",
                found: "\(stored)")
        }
        guard version <= typeVersion else {
            throw reader.error(
                .invalidValue,
                expected:
                    "version \(typeVersion) of \(javaName) or older (VersionFieldSerializer cannot skip fields it does not know)",
                found: "version \(version)")
        }
        return version
    }
}
