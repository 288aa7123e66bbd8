/// A `java.util.EnumSet` of the constants of a Java enum known only from a schema: the dynamic
/// path's counterpart of ``JavaEnumSet``.
///
/// Java's runtime class is `java.util.RegularEnumSet` (`JumboEnumSet` for enums of more than 64
/// constants); a registry built from schema files reads both, and gives it the id a schema file
/// lists for `java.util.EnumSet` (Java's `kryo.register(EnumSet.class)`, which Kryo resolves for
/// both runtime classes) or for `java.util.RegularEnumSet`.
public struct DynamicEnumSet: Hashable, Sendable, CustomStringConvertible {
    /// The Java binary class name of the enum (the set's element class, written even when the
    /// set is empty).
    public let enumClass: String
    /// The constants in the set, in ordinal order without repeats.
    public let elements: [DynamicEnum]

    /// Creates a set of constants of `enumClass`; the elements are kept in ordinal order, once each.
    public init<S: Sequence>(enumClass: String, elements: S) where S.Element == DynamicEnum {
        self.enumClass = enumClass
        var seen: Set<Int> = []
        self.elements = elements.sorted { $0.ordinal < $1.ordinal }.filter { seen.insert($0.ordinal).inserted }
    }

    /// The number of constants in the set.
    public var count: Int { elements.count }
    /// Whether the set is empty.
    public var isEmpty: Bool { elements.isEmpty }

    public var description: String {
        "EnumSet<\(enumClass)>[" + elements.map(\.name).joined(separator: ", ") + "]"
    }
}

/// Java's `EnumSetSerializer` for ``DynamicEnumSet``: the element enum's class tag, the size, then
/// `ordinal + 1` of each constant. Formats with keys store the enum's class name and the
/// constants' names (`elementClass`, `elements`).
struct DynamicEnumSetSerializer: Serializer {
    /// The constants of every enum of the schema, by Java class name.
    let enums: [String: [String]]

    func write(_ value: DynamicEnumSet, to writer: any ValueWriter) throws {
        guard let constants = enums[value.enumClass] else {
            throw SerializationError(
                .unsupported, expected: "an EnumSet of an enum of the schema", found: "an EnumSet of \(value.enumClass)"
            )
        }
        for element in value.elements
        where element.javaClass != value.enumClass || !constants.indices.contains(element.ordinal) {
            throw SerializationError(
                .typeMismatch, expected: "a constant of \(value.enumClass) (ordinal below \(constants.count))",
                found: "\(element.javaClass) ordinal \(element.ordinal)")
        }
        guard writer.isPositional else {
            try writer.writeString(value.enumClass, forKey: "elementClass")
            try writer.writeObject(
                value.elements.map { constants[$0.ordinal] } as [Any?], as: DeclaredType([Any?].self),
                forKey: "elements")
            return
        }
        guard !value.isEmpty || (writer.kryoWireVersion ?? .kryo5) >= .kryo4 else {
            throw SerializationError(
                .unsupported, expected: "a non-empty EnumSet of \(value.enumClass)",
                found: "an empty one (Kryo 2.20 cannot write an empty EnumSet)")
        }
        // Java writes the class of the first constant (of the set, else of its complement): a
        // constant with a body has a class of its own.
        let first =
            value.elements.first
            ?? constants.first.map { DynamicEnum(javaClass: value.enumClass, ordinal: 0, name: $0) }
        guard let first, let registration = writer.registry.registration(forValue: first) else {
            throw SerializationError(.unsupported, expected: "a registration for \(value.enumClass)", found: "none")
        }
        try writer.writeClass(JavaClassTag(registration), forKey: "elementClass")
        try writer.writeInt32(
            Int32(value.elements.count), forKey: "size", encoding: .positiveVarIntFromKryo5(writer.kryoWireVersion))
        for element in value.elements {
            try writer.writeInt32(Int32(element.ordinal + 1), forKey: "element", encoding: .positive)
        }
    }

    func read(from reader: any ValueReader) throws -> DynamicEnumSet {
        guard reader.isPositional else { return try readKeyed(from: reader) }
        guard let tag = try reader.readClass(forKey: "elementClass") else {
            throw reader.error(.invalidValue, expected: "the element class of an EnumSet", found: "null")
        }
        let enumClass = enumName(of: tag.javaName)
        let constants = try self.constants(of: enumClass, reader)
        let count = try readSize(
            from: reader, minimumBytesPerElement: 1, encoding: .positiveVarIntFromKryo5(reader.kryoWireVersion))
        var elements: [DynamicEnum] = []
        for _ in 0..<count {
            let stored = try reader.readInt32(forKey: "element", encoding: .positive)
            guard stored > 0, stored <= constants.count else {
                throw reader.error(
                    .invalidValue, expected: "an ordinal below \(constants.count) for \(enumClass)",
                    found: stored == 0 ? "null" : "ordinal \(Int64(stored) - 1)")
            }
            let ordinal = Int(stored) - 1
            elements.append(DynamicEnum(javaClass: enumClass, ordinal: ordinal, name: constants[ordinal]))
        }
        return DynamicEnumSet(enumClass: enumClass, elements: elements)
    }

    /// The enum that `className` names: itself, or the enum of a constant's own class
    /// (`Phase$2`, a constant with a body).
    private func enumName(of className: String) -> String {
        guard enums[className] == nil, let dollar = className.lastIndex(of: "$"),
            className[className.index(after: dollar)...].allSatisfy(\.isNumber),
            enums[String(className[..<dollar])] != nil
        else { return className }
        return String(className[..<dollar])
    }

    /// The readable form: the enum's class name and the constants' names.
    private func readKeyed(from reader: any ValueReader) throws -> DynamicEnumSet {
        guard let enumClass = try reader.readString(forKey: "elementClass") else {
            throw reader.error(.invalidValue, expected: "the element class of an EnumSet", found: "null")
        }
        let constants = try self.constants(of: enumClass, reader)
        let stored = ValueConversion.flatten(try reader.readObject(as: DeclaredType([Any?].self), forKey: "elements"))
        guard let names = stored as? [Any?] else {
            throw reader.error(
                .typeMismatch, expected: "a list of constant names of \(enumClass)",
                found: ValueConversion.describeType(of: stored))
        }
        let elements = try names.map { name -> DynamicEnum in
            guard let name = ValueConversion.flatten(name) as? String, let ordinal = constants.firstIndex(of: name)
            else {
                throw reader.error(
                    .invalidValue, expected: "a constant of \(enumClass) (\(constants.joined(separator: ", ")))",
                    found: ValueConversion.describeType(of: name))
            }
            return DynamicEnum(javaClass: enumClass, ordinal: ordinal, name: name)
        }
        return DynamicEnumSet(enumClass: enumClass, elements: elements)
    }

    private func constants(of enumClass: String, _ reader: any ValueReader) throws -> [String] {
        guard let constants = enums[enumClass] else {
            throw reader.error(
                .unknownClassName, expected: "an enum of the schema as the element class of an EnumSet",
                found: "\"\(enumClass)\"")
        }
        return constants
    }
}
