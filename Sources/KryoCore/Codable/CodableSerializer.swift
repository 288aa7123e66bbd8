/// The serializer of any `Codable` type: no hand-written serializer needed.
///
/// The value is encoded through its own `encode(to:)` into plain Java collections, so that every
/// backend can write it and Java Kryo 2.20 reads it without custom code:
///
/// - a keyed container is a `java.util.HashMap<String, Object>`, an unkeyed one a
///   `java.util.ArrayList<Object>`;
/// - numbers, booleans and strings are Java's wrappers and `String` (see ``CodableNumbers`` for
///   the integer widths), `Data` and `[UInt8]` a `byte[]`;
/// - a value whose type the registry knows (a ``Schematized`` class, a ``JavaEnum``, `Date`,
///   `Decimal`, another registered Codable type) goes through its registration, never through
///   its own `encode(to:)`.
///
/// The registered type's own body is its top-level container: a HashMap body for a struct or
/// class, an ArrayList body for a type that encodes an unkeyed container, the body of a `String`,
/// `Integer`… for a type that encodes a single value (an enum with a raw value). A Java program
/// reads it by registering the matching class under the same id:
/// `kryo.register(HashMap.class, 30)`.
///
/// Decoding reads that body and runs `init(from:)` over it: keys may come in any order, a key
/// that is missing or null decodes as `nil` with `decodeIfPresent` (so properties can be added
/// and removed between versions of an app), and numbers convert to any Swift type that holds them
/// exactly. Errors name the coding path (`points[2].x`).
///
/// ```swift
/// struct Point: Codable { var x: Int32, y: Int32 }
/// let registry = try Registry {
///     Register(Point.self, id: 30)                      // picks CodableSerializer<Point>
/// }
/// ```
public struct CodableSerializer<Value: Codable>: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ value: Value, to writer: any ValueWriter) throws {
        let context = CodableEncodingContext(
            registry: writer.registry, maxDepth: writer.options.limits.maxDepth, stableOrder: writer.writesStableOrder)
        let encoder = CodableTreeEncoder(context: context, codingPath: [])
        do {
            try value.encode(to: encoder)
            context.putInStableOrder(encoder.value, of: value)
        } catch let error as EncodingError {
            throw CodableErrors.serializationError(error)
        }
        if let misuse = context.misuse { throw CodableErrors.serializationError(misuse) }
        try CodableTreeWriter.writeBody(encoder.value, of: Value.self, to: writer)
    }

    public func read(from reader: any ValueReader) throws -> Value {
        let context = CodableDecodingContext(maxDepth: reader.options.limits.maxDepth, reader: reader)
        let decoder = CodableTreeDecoder(context: context, codingPath: [], source: .body(reader))
        do {
            return try Value(from: decoder)
        } catch let error as DecodingError {
            let here = reader.error(.invalidValue, expected: "", found: "")
            throw CodableErrors.serializationError(error, path: here.path, offset: here.offset)
        }
    }
}

/// Decodes Codable types from values the registry's serializers have already decoded (a Java
/// `HashMap` read without a static type), for ``ValueConversion``.
enum CodableValueDecoding {
    /// `type` decoded from `value`.
    static func decode<T: Decodable>(_ type: T.Type, from value: Any?) throws -> T {
        let context = CodableDecodingContext(maxDepth: Limits.default.maxDepth, reader: nil)
        let decoder = CodableTreeDecoder(context: context, codingPath: [], source: .value(value))
        return try decoder.unbox(type, from: value, at: [])
    }

    /// `value` as `T` when `T` is `Decodable` and `value` a decoded map or list; `nil` otherwise
    /// or when it does not decode.
    static func convert<T>(_ value: Any, to type: T.Type) -> T? {
        guard let decodable = T.self as? any Decodable.Type, isContainer(value) else { return nil }
        return (try? decode(decodable, from: value)) as? T
    }

    /// Why `value` does not decode as `T`, when `T` is `Decodable` and `value` a decoded map or list.
    static func failure<T>(_ value: Any?, to type: T.Type) -> SerializationError? {
        guard let decodable = T.self as? any Decodable.Type, let value = ValueConversion.flatten(value),
            isContainer(value)
        else { return nil }
        do {
            _ = try decode(decodable, from: value)
            return nil
        } catch let error as DecodingError {
            return CodableErrors.serializationError(error)
        } catch let error as SerializationError {
            return error
        } catch {
            return SerializationError(.invalidValue, expected: "a \(T.self)", found: "\(error)")
        }
    }

    private static func isContainer(_ value: Any) -> Bool {
        value is any AnyEntriesExposing || value is any AnyElementsExposing
    }
}
