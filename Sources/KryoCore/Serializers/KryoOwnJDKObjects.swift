/// Kryo 5's own serializers of JDK classes that are not among its defaults, which a Java program
/// registers itself (`kryo.register(AtomicLong.class, new AtomicLongSerializer())`; on Java 17
/// and later the field serializer cannot reach these classes' fields): `PatternSerializer`,
/// `AtomicBooleanSerializer`, `AtomicIntegerSerializer`, `AtomicLongSerializer` and
/// `AtomicReferenceSerializer` (`DefaultSerializers`). A schema file names them with
/// `serializer: kryo` on the class.
///
/// The values are ``DynamicObject``s of the class with its Java fields: `pattern` and `flags`
/// of a `Pattern`, `value` of the others; documents and keyed archives key them so.
struct KryoOwnObjectSerializer: Serializer {
    /// How Kryo writes one of the classes.
    enum Form: Sendable {
        /// The pattern's text, then its flags as a positive varint.
        case pattern
        /// One byte, 0 or 1.
        case atomicBoolean
        /// A fixed-width `int`, in the dialect's byte order.
        case atomicInteger
        /// A fixed-width `long`, in the dialect's byte order.
        case atomicLong
        /// The referent with its class (`writeClassAndObject`).
        case atomicReference
    }

    /// The classes, by Java name.
    static let forms: [String: Form] = [
        "java.util.regex.Pattern": .pattern,
        "java.util.concurrent.atomic.AtomicBoolean": .atomicBoolean,
        "java.util.concurrent.atomic.AtomicInteger": .atomicInteger,
        "java.util.concurrent.atomic.AtomicLong": .atomicLong,
        "java.util.concurrent.atomic.AtomicReference": .atomicReference,
    ]

    let javaName: String
    let form: Form

    /// `Pattern` is a final class; the atomics are not.
    var isFinal: Bool { form == .pattern }

    func write(_ value: DynamicObject, to writer: any ValueWriter) throws {
        guard value.javaClass == javaName else {
            throw SerializationError(.typeMismatch, expected: "an object of \(javaName)", found: value.javaClass)
        }
        switch form {
        case .pattern:
            try writer.writeString(try field("pattern", of: value, as: String.self), forKey: "pattern")
            try writer.writeInt32(try field("flags", of: value, as: Int32.self), forKey: "flags", encoding: .positive)
        case .atomicBoolean:
            try writer.writeBool(try field("value", of: value, as: Bool.self), forKey: "value")
        case .atomicInteger:
            try writer.writeInt32(try field("value", of: value, as: Int32.self), forKey: "value", encoding: .fixed)
        case .atomicLong:
            try writer.writeInt64(try field("value", of: value, as: Int64.self), forKey: "value", encoding: .fixed)
        case .atomicReference:
            try writer.writeObject(ValueConversion.flatten(value.fields["value"] ?? nil), forKey: "value")
        }
    }

    func read(from reader: any ValueReader) throws -> DynamicObject {
        let object = DynamicObject(javaClass: javaName)
        reader.reference(object)
        switch form {
        case .pattern:
            guard let pattern = try reader.readString(forKey: "pattern") else {
                throw reader.error(.invalidValue, expected: "the text of a \(javaName)", found: "null")
            }
            object.fields["pattern"] = pattern
            object.fields["flags"] = try reader.readInt32(forKey: "flags", encoding: .positive)
        case .atomicBoolean:
            object.fields["value"] = try reader.readBool(forKey: "value")
        case .atomicInteger:
            object.fields["value"] = try reader.readInt32(forKey: "value", encoding: .fixed)
        case .atomicLong:
            object.fields["value"] = try reader.readInt64(forKey: "value", encoding: .fixed)
        case .atomicReference:
            object.fields["value"] = .some(ValueConversion.flatten(try reader.readObject(forKey: "value")))
        }
        return object
    }

    /// The field `name` of `object` as a `T`, which the class's form needs.
    private func field<T>(_ name: String, of object: DynamicObject, as type: T.Type) throws -> T {
        let stored = ValueConversion.flatten(object.fields[name] ?? nil)
        guard let stored, let value = ValueConversion.convert(stored, to: T.self) else {
            throw SerializationError(
                .typeMismatch, expected: "\(JavaType(swiftType: T.self).shortName) \(name) of a \(javaName)",
                found: stored.map(ValueConversion.describeType(of:)) ?? "nothing", path: [name])
        }
        return value
    }
}
