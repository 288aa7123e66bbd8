/// Serializes a ``DynamicObject`` of one Java class from its schema, in the layout of Kryo's
/// `FieldSerializer`, `TaggedFieldSerializer`, `CompatibleFieldSerializer`,
/// `VersionFieldSerializer` or `RecordSerializer`: the same bytes the typed serializers
/// (``FieldSerializer``, ``TaggedFieldSerializer``, ``CompatibleFieldSerializer``,
/// ``VersionFieldSerializer``) write for a Swift type with the same schema.
struct DynamicBeanSerializer: Serializer {
    /// Stands for the class in once-per-graph headers (``ClassKey``).
    final class Token: Sendable {}

    let javaName: String
    let kind: FieldSerializerKind
    let isFinal: Bool
    /// The fields in Java's order.
    let fields: [DynamicField]
    /// The fields `FieldSerializer` writes in each release, when `transient` ones make them differ:
    /// Kryo 4 writes them after the others, Kryo 2.20 not at all (``JavaFieldSchema/isTransient``).
    let kryo4Fields: [DynamicField]?
    let kryo2Fields: [DynamicField]?
    /// Their Java names (the compatible layout's header).
    let names: [String]
    /// Their keys, for telling a document's keys (the Java names but for hidden superclass
    /// fields, ``JavaFieldSchema/key``).
    let knownNames: Set<String>
    /// The fields the tagged layout writes: tagged and not deprecated, in Java's order.
    let taggedWritten: [DynamicField]
    /// Field names in declaration order, each with the field that gives its default: what a
    /// new object starts with.
    let initialFields: [(name: String, field: DynamicField?)]
    /// Whether a field is typed by type variables of the class.
    let hasVariableFields: Bool
    /// The class's version, for the version layout: the highest of its fields'.
    let typeVersion: Int
    /// Whether the class is abstract: no object is of it (``JavaClassSchema/isAbstract``).
    let isAbstract: Bool
    /// The schema classes it extends or implements, transitively (``JavaClassSchema/supertypes``).
    let ancestors: Set<String>
    /// Whether some schema class names it in `extends` or `implements`.
    let isNamedSupertype: Bool
    let token = Token()

    init(
        javaName: String, kind: FieldSerializerKind, isFinal: Bool, fields: [DynamicField], declared: [String],
        isAbstract: Bool = false, ancestors: Set<String> = [], isNamedSupertype: Bool = false
    ) {
        self.isAbstract = isAbstract
        self.ancestors = ancestors
        self.isNamedSupertype = isNamedSupertype
        self.javaName = javaName
        self.kind = kind
        self.isFinal = isFinal
        self.fields = fields
        if fields.contains(where: \.isTransient) {
            kryo4Fields = fields.filter { !$0.isTransient } + fields.filter(\.isTransient)
            kryo2Fields = fields.filter { !$0.isTransient }
        } else {
            kryo4Fields = nil
            kryo2Fields = nil
        }
        names = fields.map(\.javaName)
        knownNames = Set(fields.map(\.name))
        taggedWritten = fields.filter { $0.tag != nil && !$0.isDeprecated }
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        initialFields = declared.map { ($0, byName[$0]) }
        hasVariableFields = fields.contains { $0.isVariable }
        typeVersion = max(0, fields.map(\.since).max() ?? 0)
    }

    /// The fields `FieldSerializer` writes in `version`, in its order.
    private func fields(in version: KryoWireVersion?) -> [DynamicField] {
        switch version {
        case .kryo4?: kryo4Fields ?? fields
        case .kryo2?: kryo2Fields ?? fields
        default: fields
        }
    }

    /// Kryo 5's `VersionFieldSerializer` and `TaggedFieldSerializer` write nil themselves, as a
    /// version, or a field count + 1, of `0`.
    func handlesNil(in version: KryoWireVersion) -> Bool { writesOwnNil && version >= .kryo5 }

    private var writesOwnNil: Bool { kind == .version || kind == .tagged }

    func writeNil(to writer: any ValueWriter) throws {
        switch kind {
        case .version: try FieldLayouts.writeVersionNil(to: writer)
        case .tagged: try FieldLayouts.writeTaggedNil(to: writer)
        default: throw SerializationError(.unsupported, expected: "an object of \(javaName)", found: "nil")
        }
    }

    /// The generic arguments that resolve the class's type variables: those of the object's slot,
    /// taken before any nested object replaces them (or those the backend remembers for the class,
    /// Kryo 4's optimized generics). Kryo 5 and Kryo 4 with `optimizedGenerics` resolve type
    /// variables; Kryo 2.20, Kryo 4 without (its default) and Kryo 5 with them turned off take
    /// each as `Object` (the Kryo writer then passes no arguments: ``OptimizedGenericsSetting``).
    /// Kryo 5's `RecordSerializer` never resolves them: a record's component typed by a type
    /// variable is its erasure in every Kryo release (`writeClassAndObject` unless the bound is a
    /// final class), whatever the slot's arguments; documents still check it against them.
    private func typeArguments(
        _ arguments: [DeclaredType], _ version: KryoWireVersion?, _ resolve: () -> [DeclaredType]
    ) -> [DeclaredType] {
        guard hasVariableFields else { return [] }
        if let version, version == .kryo2 || kind == .record { return [] }
        return resolve()
    }

    private var classKey: ClassKey { ClassKey(token, javaName: javaName) }

    func write(_ value: DynamicObject, to writer: any ValueWriter) throws {
        guard value.javaClass == javaName else {
            throw SerializationError(.typeMismatch, expected: "an object of \(javaName)", found: value.javaClass)
        }
        if isAbstract { throw abstractClass() }
        let generics = typeArguments(writer.genericArguments, writer.kryoWireVersion) {
            writer.typeArguments(writer.genericArguments, of: classKey)
        }
        if kind == .record, let version = writer.kryoWireVersion, version < .kryo5 {
            // Kryo 2.20 and 4 have no RecordSerializer, and their field serializer cannot make a
            // record (its fields are final and it has no no-argument constructor).
            throw SerializationError(
                .unsupported, expected: "Kryo 5 for \(javaName), a Java record (RecordSerializer)",
                found: "Kryo \(version.major), which cannot serialize records")
        }
        switch kind {
        case .field, .record:
            for field in fields(in: writer.kryoWireVersion) { try field.write(value, to: writer, generics: generics) }
        case .version:
            try FieldLayouts.writeVersion(typeVersion, of: javaName, to: writer)
            for field in fields { try field.write(value, to: writer, generics: generics) }
        case .tagged:
            try FieldLayouts.writeTagged(
                taggedWritten, tag: { Int32(truncatingIfNeeded: $0.tag ?? 0) }, isAnnexed: \.isAnnexed, to: writer,
                write: { try $0.write(value, to: writer, generics: generics) })
        case .compatible:
            try FieldLayouts.writeCompatible(names: names, of: classKey, to: writer) {
                try fields[$0].write(value, to: writer, generics: generics)
            }
        }
    }

    func read(from reader: any ValueReader) throws -> DynamicObject {
        guard let object = try read(from: reader, acceptsNil: false) else {
            throw reader.error(.invalidValue, expected: "an object of \(javaName)", found: "nil")
        }
        return object
    }

    func readNilable(from reader: any ValueReader) throws -> DynamicObject? {
        try read(from: reader, acceptsNil: writesOwnNil)
    }

    /// An object of the abstract class itself, which Java cannot make.
    private func abstractClass() -> SerializationError {
        SerializationError(
            .invalidValue, expected: "an object of a subclass of \(javaName) (give its $class)",
            found: "an object of \(javaName), which is abstract")
    }

    private func read(from reader: any ValueReader, acceptsNil: Bool) throws -> DynamicObject? {
        if isAbstract {
            let failure = abstractClass()
            throw reader.error(.invalidValue, expected: failure.expected, found: failure.found)
        }
        // The version layout's version comes first (Kryo 5 reads it before making the object).
        var version: Int?
        if kind == .version, reader.isPositional {
            version = try FieldLayouts.readVersion(
                from: reader, typeVersion: typeVersion, javaName: javaName, acceptsNil: acceptsNil)
            if version == nil { return nil }
        }
        // So does the tagged layout's field count.
        var taggedCount = 0
        if kind == .tagged, reader.isPositional {
            guard let count = try FieldLayouts.readTaggedCount(from: reader, acceptsNil: acceptsNil) else { return nil }
            taggedCount = count
        }
        let generics = typeArguments(reader.genericArguments, reader.kryoWireVersion) {
            reader.typeArguments(reader.genericArguments, of: classKey)
        }
        let object = DynamicObject(javaClass: javaName)
        for (name, field) in initialFields { object.fields[name] = .some(field?.defaultValue) }
        reader.reference(object)
        guard reader.isPositional else {
            if kind == .field || kind == .record || kind == .version { try refuseUnknownKeys(in: reader) }
            for field in fields where kind != .tagged || field.tag != nil {
                if reader.containsValue(forKey: field.name) {
                    try field.read(into: object, from: reader, generics: generics)
                }
            }
            return object
        }
        switch kind {
        case .field, .record:
            for field in fields(in: reader.kryoWireVersion) {
                try field.read(into: object, from: reader, generics: generics)
            }
        case .version:
            let version = version ?? typeVersion
            for field in fields where field.since <= version {
                try field.read(into: object, from: reader, generics: generics)
            }
        case .tagged:
            try FieldLayouts.readTagged(
                taggedCount, from: reader, javaName: javaName,
                knownTags: { fields.compactMap(\.tag).map(String.init).joined(separator: ", ") },
                index: { tag in fields.firstIndex { $0.tag == tag } }, isAnnexed: { fields[$0].isAnnexed },
                read: { try fields[$0].read(into: object, from: reader, generics: generics) })
        case .compatible:
            try FieldLayouts.readCompatible(names: names, of: classKey, from: reader) {
                try fields[$0].read(into: object, from: reader, generics: generics)
            }
        }
        return object
    }

    /// A key that names no field, in a format with keys (a document written by hand, a keyed
    /// archive): Java's `FieldSerializer` and `RecordSerializer` have no place for it, so it would
    /// be lost on the way to Java (a misspelt `"titel"`); nor has `VersionFieldSerializer`, which
    /// reads no newer data. The tagged and compatible layouts skip
    /// what they do not know, as Java does, so that documents of another version still read.
    private func refuseUnknownKeys(in reader: any ValueReader) throws {
        guard let keys = reader.storedKeys else { return }
        for key in keys where !knownNames.contains(key) {
            let known = fields.map(\.name)
            let list =
                known.count <= 12 ? known.joined(separator: ", ") : known.prefix(12).joined(separator: ", ") + ", …"
            var failure = reader.error(
                .invalidValue, expected: "a field of \(javaName) (\(known.isEmpty ? "it has none" : list))",
                found: "the key \"\(key)\"")
            failure.path.append(key)
            throw failure
        }
    }
}

extension DynamicBeanSerializer: FieldTypesDescribing {
    var fieldNames: Set<String> { knownNames }

    func declaredType(ofField name: String) -> DeclaredType? {
        guard let field = fields.first(where: { $0.name == name }) else { return nil }
        switch field.kind {
        case .object(let declared): return declared
        case .string: return DeclaredType(String.self)
        case .primitive, .variable: return nil
        }
    }
}

/// Serializes a ``DynamicEnum`` as Java's `EnumSerializer` does (`ordinal + 1`, `0` for null);
/// formats with keys store the ordinal and the constant's name, and read the name first.
struct DynamicEnumSerializer: Serializer {
    let javaName: String
    let constants: [String]

    var isFinal: Bool { true }
    var handlesNil: Bool { true }

    func write(_ value: DynamicEnum, to writer: any ValueWriter) throws {
        guard value.javaClass == javaName, constants.indices.contains(value.ordinal) else {
            throw SerializationError(
                .typeMismatch, expected: "a constant of \(javaName) (ordinal below \(constants.count))",
                found: "\(value.javaClass) ordinal \(value.ordinal)")
        }
        if writer.isPositional {
            try writer.writeInt32(Int32(value.ordinal + 1), forKey: "ordinal", encoding: .positive)
        } else {
            try writer.writeString(constants[value.ordinal], forKey: "name")
            try writer.writeInt32(Int32(value.ordinal), forKey: "ordinal", encoding: .positive)
        }
    }

    func read(from reader: any ValueReader) throws -> DynamicEnum {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a constant of \(javaName)", found: "nil")
        }
        return value
    }

    func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "ordinal", encoding: .positive)
    }

    func readNilable(from reader: any ValueReader) throws -> DynamicEnum? {
        if !reader.isPositional { try reader.refuseUnknownKeys(["name", "ordinal"], in: "a \(javaName) constant") }
        if !reader.isPositional, reader.containsValue(forKey: "name"), let name = try reader.readString(forKey: "name")
        {
            guard let ordinal = constants.firstIndex(of: name) else {
                throw reader.error(
                    .invalidValue, expected: "a constant of \(javaName) (\(constants.joined(separator: ", ")))",
                    found: "\"\(name)\"")
            }
            return DynamicEnum(javaClass: javaName, ordinal: ordinal, name: name)
        }
        if !reader.isPositional {
            // A document names the constant; a constant without name or ordinal is no constant.
            guard reader.containsValue(forKey: "ordinal") else {
                throw reader.error(
                    .invalidValue, expected: "a constant of \(javaName): its name or its ordinal", found: "neither")
            }
            let ordinal = Int(try reader.readInt32(forKey: "ordinal", encoding: .positive))
            guard constants.indices.contains(ordinal) else {
                throw reader.error(
                    .invalidValue, expected: "an ordinal below \(constants.count) for \(javaName)",
                    found: "ordinal \(ordinal)")
            }
            return DynamicEnum(javaClass: javaName, ordinal: ordinal, name: constants[ordinal])
        }
        let stored = Int(try reader.readInt32(forKey: "ordinal", encoding: .positive))
        if stored == 0 { return nil }
        guard stored > 0, stored <= constants.count else {
            throw reader.error(
                .invalidValue, expected: "an ordinal below \(constants.count) for \(javaName)",
                found: "ordinal \(stored - 1)")
        }
        return DynamicEnum(javaClass: javaName, ordinal: stored - 1, name: constants[stored - 1])
    }
}
