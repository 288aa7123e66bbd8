/// A `java.lang.Class` value: a Java class, named by its binary name (`java.lang.String`,
/// `peer.Color`, `[I`, `int`).
///
/// Kryo 2.20 writes a class as its class tag alone: the registered id, else its name. The nine
/// classes Kryo registers by default share an id with their primitive (`int` and
/// `java.lang.Integer` are both id 0), so Java 2.20 reads either back as the primitive (`int`);
/// Swift reads what Java reads. A name the registry does not know still reads, as that name.
public struct JavaClass: Hashable, Sendable, CustomStringConvertible {
    /// The Java binary class name.
    public var name: String

    /// A class by its Java binary name.
    public init(name: String) { self.name = name }

    /// The class Java registers for a Swift type: `JavaClass(of: String.self)` is
    /// `java.lang.String`; `nil` for a type without a Java class name.
    public init?(of type: any Any.Type) {
        guard let representable = type as? any JavaRepresentable.Type else { return nil }
        name = representable.javaClassName
    }

    public var description: String { name }
}

extension JavaClass: JavaRepresentable {
    public static var javaClassName: String { "java.lang.Class" }
    public static var defaultSerializer: AnySerializer { AnySerializer(ClassSerializer()) }
}

/// Java's `ClassSerializer`: the class tag of the value, `00` for nil (it writes its own nil).
/// Kryo 4 adds a byte after every class (1 for a primitive class, else 0); Kryo 5 adds a boolean
/// after a primitive or wrapper class only (whether it is the primitive), so that `int` and
/// `java.lang.Integer`, which share an id, read back apart.
public struct ClassSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }

    /// The primitive each of Kryo's default ids 0 and 2–8 stands for, by the wrapper registered
    /// under it.
    static let primitiveOfWrapper: [String: String] = [
        "java.lang.Integer": "int", "java.lang.Float": "float", "java.lang.Boolean": "boolean",
        "java.lang.Byte": "byte", "java.lang.Character": "char", "java.lang.Short": "short",
        "java.lang.Long": "long", "java.lang.Double": "double",
    ]

    /// The wrapper whose default id a primitive class is written with.
    static let wrapperOfPrimitive: [String: String] = Dictionary(
        uniqueKeysWithValues: primitiveOfWrapper.map { ($0.value, $0.key) })

    public func write(_ value: JavaClass, to writer: any ValueWriter) throws {
        let lookup = ClassSerializer.wrapperOfPrimitive[value.name] ?? value.name
        guard !value.name.isEmpty else {
            throw SerializationError(.invalidValue, expected: "a Java class name", found: "an empty name")
        }
        try writer.writeClass(
            JavaClassTag(javaName: value.name, registration: writer.registry.registration(forJavaName: lookup)),
            forKey: "class")
        let isPrimitive = ClassSerializer.wrapperOfPrimitive[value.name] != nil
        switch writer.kryoWireVersion {
        case .kryo4?:
            try writer.writeInt8(isPrimitive ? 1 : 0, forKey: "isPrimitive")
        case .some(let version) where version >= .kryo5:
            if isPrimitive || ClassSerializer.primitiveOfWrapper[value.name] != nil {
                try writer.writeBool(isPrimitive, forKey: "isPrimitive")
            }
        default:
            break
        }
    }

    public func read(from reader: any ValueReader) throws -> JavaClass {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a java.lang.Class", found: "nil")
        }
        return value
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeClass(nil, forKey: "class")
        if writer.kryoWireVersion == .kryo4 { try writer.writeInt8(0, forKey: "isPrimitive") }
    }

    public func readNilable(from reader: any ValueReader) throws -> JavaClass? {
        let tag = try reader.readClass(forKey: "class")
        let version = reader.kryoWireVersion
        let primitiveFlag = version == .kryo4 ? try reader.readInt8(forKey: "isPrimitive") == 1 : nil
        guard let tag else { return nil }
        // Formats with names (documents, keyed archives) name the class itself.
        guard let version else { return JavaClass(name: tag.javaName) }
        guard let registration = tag.registration, let id = registration.id, id <= 8,
            let primitive = ClassSerializer.primitiveOfWrapper[registration.javaName]
        else { return JavaClass(name: tag.javaName) }
        // The id of a primitive and its wrapper: Kryo 2.20 reads the primitive; Kryo 4 and 5
        // say which it was.
        let isPrimitive: Bool
        if let primitiveFlag {
            isPrimitive = primitiveFlag
        } else if version >= .kryo5 {
            isPrimitive = try reader.readBool(forKey: "isPrimitive")
        } else {
            isPrimitive = true
        }
        return JavaClass(name: isPrimitive ? primitive : registration.javaName)
    }
}
