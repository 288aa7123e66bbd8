/// One field of a dynamic bean: how its value is written and read without a Swift type.
struct DynamicField: Sendable {
    /// What a field holds.
    enum Kind: Sendable {
        /// A Java primitive, written without a class or nil marker.
        case primitive(JavaPrimitiveType)
        /// A `String` in a final slot: written without boxing.
        case string(canBeNull: Bool)
        /// Any other object, in a slot of this declared type.
        case object(DeclaredType)
    }

    let name: String
    let kind: Kind
    let tag: Int?
    let isDeprecated: Bool

    /// The value a new object holds before the field is read (Java's field default).
    var defaultValue: Any? {
        guard case .primitive(let primitive) = kind else { return nil }
        switch primitive {
        case .boolean: return false
        case .byte: return Int8(0)
        case .char: return UInt16(0)
        case .short: return Int16(0)
        case .int: return Int32(0)
        case .long: return Int64(0)
        case .float: return Float(0)
        case .double: return Double(0)
        }
    }

    func write(_ object: DynamicObject, to writer: any ValueWriter) throws {
        let value = ValueConversion.flatten(object.fields[name] ?? nil)
        switch kind {
        case .primitive(let primitive):
            switch primitive {
            case .boolean: try Bool.writePrimitive(convert(value, Bool.self, primitive), to: writer, forKey: name)
            case .byte: try Int8.writePrimitive(convert(value, Int8.self, primitive), to: writer, forKey: name)
            case .char: try UInt16.writePrimitive(convert(value, UInt16.self, primitive), to: writer, forKey: name)
            case .short: try Int16.writePrimitive(convert(value, Int16.self, primitive), to: writer, forKey: name)
            case .int: try Int32.writePrimitive(convert(value, Int32.self, primitive), to: writer, forKey: name)
            case .long: try Int64.writePrimitive(convert(value, Int64.self, primitive), to: writer, forKey: name)
            case .float: try Float.writePrimitive(convert(value, Float.self, primitive), to: writer, forKey: name)
            case .double: try Double.writePrimitive(convert(value, Double.self, primitive), to: writer, forKey: name)
            }
        case .string(let canBeNull):
            guard value == nil || value is String else {
                throw mismatch(expected: "a String", found: value, in: object)
            }
            try writer.writeStringObject(value as? String, canBeNull: canBeNull, forKey: name)
        case .object(let declared):
            try writer.writeObject(value, as: declared, forKey: name)
        }
    }

    func read(into object: DynamicObject, from reader: any ValueReader) throws {
        let value: Any?
        switch kind {
        case .primitive(let primitive):
            switch primitive {
            case .boolean: value = try Bool.readPrimitive(from: reader, forKey: name)
            case .byte: value = try Int8.readPrimitive(from: reader, forKey: name)
            case .char: value = try UInt16.readPrimitive(from: reader, forKey: name)
            case .short: value = try Int16.readPrimitive(from: reader, forKey: name)
            case .int: value = try Int32.readPrimitive(from: reader, forKey: name)
            case .long: value = try Int64.readPrimitive(from: reader, forKey: name)
            case .float: value = try Float.readPrimitive(from: reader, forKey: name)
            case .double: value = try Double.readPrimitive(from: reader, forKey: name)
            }
        case .string(let canBeNull):
            value = try reader.readStringObject(canBeNull: canBeNull, forKey: name)
        case .object(let declared):
            value = try Self.converted(try reader.readObject(as: declared, forKey: name), to: declared, reader, name)
        }
        object.fields[name] = .some(value)
    }

    /// `value` as the Swift type of the declared type (formats with plain forms read a list
    /// where the field declares an `int[]`), so that writing it again keeps the Java class. A
    /// value in a slot that is not final that carries a class of its own (a `List.of` in a
    /// `List` field) keeps it, as does every value of such a slot in the binary format, where it
    /// came with its class (a `LinkedList` in a `Queue` field, a `TreeMap` in a `NavigableMap` one).
    private static func converted(_ value: Any?, to declared: DeclaredType, _ reader: any ValueReader, _ name: String)
        throws -> Any?
    {
        guard let value = ValueConversion.flatten(value), declared.swiftType != Any.self,
            Swift.type(of: value) != declared.swiftType,
            declared.finality != .nonFinal || !(reader.isPositional || Self.carriesItsClass(value, reader.registry))
        else { return value }
        func convert<T>(_: T.Type) -> Any? { ValueConversion.convert(value, to: T.self) }
        guard let result = convert(declared.swiftType) else {
            throw reader.error(
                .typeMismatch, expected: "\(declared.javaName ?? "\(declared.swiftType)") in field \(name)",
                found: ValueConversion.describeType(of: value))
        }
        return result
    }

    /// Whether `value` is of a Java class of its own that a plain list, map or set would lose
    /// (Java's `List.of`, `Set.of`, `Map.of`).
    private static func carriesItsClass(_ value: Any, _ registry: Registry) -> Bool {
        value is any JavaClassChosenByValue
    }

    /// `value` as the Swift type of a primitive: an absent value is Java's default, a number of
    /// another type is converted when it fits exactly.
    private func convert<P: JavaPrimitive>(_ value: Any?, _ type: P.Type, _ primitive: JavaPrimitiveType) throws -> P {
        guard let value else {
            guard let zero = defaultValue as? P else {
                throw SerializationError(.typeMismatch, expected: "a \(primitive.rawValue)", found: "nil", path: [name])
            }
            return zero
        }
        if let exact = value as? P, Swift.type(of: value) == P.self { return exact }
        if let converted = ValueConversion.convert(value, to: P.self) { return converted }
        throw SerializationError(
            .typeMismatch, expected: "a \(primitive.rawValue)", found: ValueConversion.describeType(of: value),
            path: [name])
    }

    private func mismatch(expected: String, found value: Any?, in object: DynamicObject) -> SerializationError {
        SerializationError(
            .typeMismatch, expected: "\(expected) in \(object.javaClass).\(name)",
            found: ValueConversion.describeType(of: value), path: [name])
    }
}
