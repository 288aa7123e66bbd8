import FoundationEssentials
import KryoCore

/// What a Codable value encodes to before any byte is written: a small tree that keyed
/// containers, filled in any order and revisited through nested containers, can be completed
/// in. The tree is then written through a ``ValueWriter`` in one pass.
enum EncodedValue {
    /// `encodeNil()`: Java `null`.
    case null
    /// A Swift number, string or byte buffer already converted to its Java form (`Integer`,
    /// `Long`, `BigInteger`, `String`, `byte[]`…; see ``CodableNumbers``).
    case scalar(Any)
    /// A value whose type the registry knows (a schema class, a Java enum, `Date`, another
    /// registered Codable type…): written through its registration, never through `encode(to:)`.
    case object(Any)
    /// A keyed container: a `java.util.HashMap<String, Object>`.
    case keyed(EncodedKeyed)
    /// An unkeyed container: a `java.util.ArrayList<Object>`.
    case unkeyed(EncodedUnkeyed)
    /// What a nested encoder (`superEncoder()`) encodes, known once it has.
    case deferred(CodableTreeEncoder)
}

extension CodableTreeEncoder {
    /// What the encoder encoded; an encoder that encoded nothing gives an empty keyed container,
    /// as `JSONEncoder` gives `{}`.
    var valueOrEmpty: EncodedValue { value ?? .keyed(EncodedKeyed()) }
}

/// The entries of a keyed container in the order they were first encoded; encoding a key again
/// replaces its value in place.
final class EncodedKeyed {
    private(set) var keys: [String] = []
    private(set) var values: [EncodedValue] = []
    private var positions: [String: Int] = [:]

    subscript(key: String) -> EncodedValue? {
        get { positions[key].map { values[$0] } }
        set {
            guard let newValue else { return }
            if let position = positions[key] {
                values[position] = newValue
            } else {
                positions[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    var count: Int { keys.count }

    /// Puts the entries in the order of `positions` (entry `positions[0]` first); nothing when
    /// they are not as many as the entries.
    func reorder(_ positions: [Int]) {
        guard positions.count == keys.count else { return }
        keys = positions.map { keys[$0] }
        values = positions.map { values[$0] }
        for (position, key) in keys.enumerated() { self.positions[key] = position }
    }
}

/// The elements of an unkeyed container.
final class EncodedUnkeyed {
    var values: [EncodedValue] = []

    /// Puts the elements, in runs of `width` (a key and its value), in the order of `positions`
    /// (run `positions[0]` first); nothing when they are not as many runs as positions.
    func reorder(_ positions: [Int], width: Int) {
        guard positions.count * width == values.count else { return }
        values = positions.flatMap { values[$0 * width..<($0 + 1) * width] }
    }
}

/// A keyed container on its way to the writer, as the `java.util.HashMap` Java reads it: the
/// registry gives it HashMap's registration (its id when `java.util.HashMap` is registered).
struct CodableJavaMap: JavaRepresentable {
    let entries: EncodedKeyed
    static var javaClassName: String { "java.util.HashMap" }
    static var defaultSerializer: AnySerializer { AnySerializer(CodableJavaMapSerializer()) }
    static var isJavaFinal: Bool { false }
}

/// An unkeyed container on its way to the writer, as a `java.util.ArrayList`.
struct CodableJavaList: JavaRepresentable {
    let elements: EncodedUnkeyed
    static var javaClassName: String { "java.util.ArrayList" }
    static var defaultSerializer: AnySerializer { AnySerializer(CodableJavaListSerializer()) }
    static var isJavaFinal: Bool { false }
}

// Formats that store containers in a form of their own (a keyed archive's NSDictionary and
// NSArray) list the containers' entries and elements.
extension CodableJavaMap: AnyEntriesExposing {
    var anyEntries: [(key: Any, value: Any?)] {
        zip(entries.keys, entries.values).map { (key: $0 as Any, value: $1.anyValue) }
    }
}

extension CodableJavaList: AnyElementsExposing {
    var anyElements: [Any?] { elements.values.map(\.anyValue) }
}

extension EncodedValue {
    /// The value as the object a writer is handed (``CodableTreeWriter/writeObject(_:to:forKey:)``):
    /// containers as ``CodableJavaMap`` and ``CodableJavaList``.
    var anyValue: Any? {
        switch self {
        case .null: return nil
        case .scalar(let scalar): return scalar
        case .object(let object): return object
        case .keyed(let entries): return CodableJavaMap(entries: entries)
        case .unkeyed(let elements): return CodableJavaList(elements: elements)
        case .deferred(let encoder): return encoder.valueOrEmpty.anyValue
        }
    }
}

/// Writes a keyed container as the body of Java's `MapSerializer` without generic arguments:
/// the entry count, then each key (a `String`) and value, each with its class.
struct CodableJavaMapSerializer: Serializer {
    func write(_ value: CodableJavaMap, to writer: any ValueWriter) throws {
        try CodableTreeWriter.writeMapBody(value.entries, to: writer)
    }
    func read(from reader: any ValueReader) throws -> CodableJavaMap {
        throw reader.error(
            .unsupported, expected: "a java.util.HashMap read as a dictionary", found: "an encoding-only type")
    }
}

/// Writes an unkeyed container as the body of Java's `CollectionSerializer`: the element
/// count, then each element with its class.
struct CodableJavaListSerializer: Serializer {
    func write(_ value: CodableJavaList, to writer: any ValueWriter) throws {
        try CodableTreeWriter.writeListBody(value.elements, to: writer)
    }
    func read(from reader: any ValueReader) throws -> CodableJavaList {
        throw reader.error(
            .unsupported, expected: "a java.util.ArrayList read as an array", found: "an encoding-only type")
    }
}

/// Writes an ``EncodedValue`` tree through a ``ValueWriter``.
enum CodableTreeWriter {
    /// Writes a value in a slot declared as Java's `Object`: its class, then its body.
    static func writeObject(_ value: EncodedValue, to writer: any ValueWriter, forKey key: String) throws {
        switch value {
        case .null: try writer.writeObject(nil, as: .object, forKey: key)
        case .scalar(let scalar): try writer.writeObject(scalar, as: .object, forKey: key)
        case .object(let object): try writer.writeObject(object, as: .object, forKey: key)
        case .keyed(let entries): try writer.writeObject(CodableJavaMap(entries: entries), as: .object, forKey: key)
        case .unkeyed(let elements):
            try writer.writeObject(CodableJavaList(elements: elements), as: .object, forKey: key)
        case .deferred(let encoder): try writeObject(encoder.valueOrEmpty, to: writer, forKey: key)
        }
    }

    static func writeMapBody(_ entries: EncodedKeyed, to writer: any ValueWriter) throws {
        if !writer.isPositional {
            // A format with keys stores each entry under its own key, as an object's field.
            for (key, value) in zip(entries.keys, entries.values) { try writeObject(value, to: writer, forKey: key) }
            return
        }
        // Kryo 5 writes the size + 1 (0 is a nil map).
        let isKryo5 = (writer.kryoWireVersion ?? .kryo2) >= .kryo5
        try writer.writeInt32(try count(entries.count) + (isKryo5 ? 1 : 0), forKey: "size", encoding: .positive)
        for (key, value) in zip(entries.keys, entries.values) {
            try writer.writeObject(key, as: .object, forKey: "key")
            try writeObject(value, to: writer, forKey: key)
        }
    }

    static func writeListBody(_ elements: EncodedUnkeyed, to writer: any ValueWriter) throws {
        if let version = writer.kryoWireVersion, version >= .kryo5 {
            // Kryo 5: the size + 1 and the elements' shared class once, when they share one.
            _ = try count(elements.values.count)
            return try UntypedContainers.writeKryoFiveList(elements.values.map(\.anyValue), to: writer)
        }
        try writer.writeInt32(try count(elements.values.count), forKey: "size", encoding: .positive)
        for element in elements.values { try writeObject(element, to: writer, forKey: "element") }
    }

    private static func count(_ count: Int) throws -> Int32 {
        guard let count = Int32(exactly: count), count < Int32.max else {
            throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31 entries", found: "\(count)")
        }
        return count
    }

    /// Writes the top-level value of a Codable type as the body of its registration: a keyed
    /// container as a HashMap body, an unkeyed one as an ArrayList body, a single number or
    /// string as the body of its Java wrapper (`String`, `Integer`…), a registered value with its
    /// class. Nothing is written for a value that encoded nothing.
    static func writeBody(_ value: EncodedValue?, of type: any Any.Type, to writer: any ValueWriter) throws {
        guard let value else { return }
        switch value {
        case .keyed(let entries): try writeMapBody(entries, to: writer)
        case .unkeyed(let elements): try writeListBody(elements, to: writer)
        case .object(let object): try writer.writeObject(object, as: .object, forKey: "value")
        case .scalar(let scalar):
            if scalar is JavaBigInteger {
                throw SerializationError(
                    .unsupported, expected: "a top-level \(type) value that fits a Java long",
                    found: "\(scalar) (wrap it in a keyed container, or encode it as a field)")
            }
            guard let registration = writer.registry.registration(for: Swift.type(of: scalar)) else {
                throw SerializationError(
                    .unsupported, expected: "a Java type for \(Swift.type(of: scalar))", found: "none")
            }
            try registration.serializer.write(scalar, to: writer)
        case .null:
            throw SerializationError(
                .unsupported, expected: "a \(type) that encodes a value",
                found: "nil at the top level (the binary format writes nil only in a slot that may hold it)")
        case .deferred(let encoder): try writeBody(encoder.valueOrEmpty, of: type, to: writer)
        }
    }
}

extension EncodedValue {
    // What Java sees of the Swift integers it has no type for: `Int` is a `long`; unsigned
    // types widen to the next signed Java type; 64- and 128-bit values beyond a `long` are a
    // `BigInteger`.
    static func java(_ value: Int) -> EncodedValue { .scalar(Int64(value)) }
    static func java(_ value: UInt8) -> EncodedValue { .scalar(Int16(value)) }
    static func java(_ value: UInt16) -> EncodedValue { .scalar(Int32(value)) }
    static func java(_ value: UInt32) -> EncodedValue { .scalar(Int64(value)) }
    static func java(_ value: UInt) -> EncodedValue { .scalar(CodableNumbers.wide(value)) }
    static func java(_ value: UInt64) -> EncodedValue { .scalar(CodableNumbers.wide(value)) }
    static func java(_ value: Int128) -> EncodedValue { .scalar(CodableNumbers.wide(value)) }
    static func java(_ value: UInt128) -> EncodedValue { .scalar(CodableNumbers.wide(value)) }
}
