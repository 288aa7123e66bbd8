import KryoCore

/// The serializer of any `Codable` type: no hand-written serializer needed.
///
/// The value is encoded through its own `encode(to:)` into plain Java collections, so that every
/// backend can write it and Java Kryo 2.20 reads it without custom code:
///
/// - a keyed container is a `java.util.HashMap<String, Object>`, an unkeyed one a
///   `java.util.ArrayList<Object>`;
/// - numbers, booleans and strings are Java's wrappers and `String` (see `CodableNumbers` for
///   the integer widths), `Data` and `[UInt8]` a `byte[]`;
/// - a value whose type the registry knows (a ``/KryoCore/Schematized`` class, a ``/KryoCore/JavaEnum``, `Date`,
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

extension CodableSerializer {
    /// A Codable value type as Swift copies it (Codable has no object identity); a Codable class
    /// does not copy.
    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value {
        if !(Value.self is AnyClass) { return value }
        throw SerializationError(
            .unsupported, expected: "a serializer that copies \(Value.self)",
            found: "CodableSerializer, which copies Codable value types only")
    }
}

/// Decodes Codable types from values the registry's serializers have already decoded (a Java
/// `HashMap` read without a static type), for ``ValueConversion``, which finds this conformance
/// at run time (the core does not depend on this module).
extension DecodableTarget: DecodableConversion where Target: Decodable {
    package static func converted(_ value: Any) -> Any? {
        try? CodableValueDecoding.decode(Target.self, from: value)
    }

    package static func failure(_ value: Any) -> SerializationError? {
        do {
            _ = try CodableValueDecoding.decode(Target.self, from: value)
            return nil
        } catch let error as DecodingError {
            return CodableErrors.serializationError(error)
        } catch let error as SerializationError {
            return error
        } catch {
            return SerializationError(.invalidValue, expected: "a \(Target.self)", found: "\(error)")
        }
    }
}

/// Decodes Codable types from values the registry's serializers have already decoded.
enum CodableValueDecoding {
    /// `type` decoded from `value`.
    static func decode<T: Decodable>(_ type: T.Type, from value: Any?) throws -> T {
        let context = CodableDecodingContext(maxDepth: Limits.default.maxDepth, reader: nil)
        let decoder = CodableTreeDecoder(context: context, codingPath: [], source: .value(value))
        return try decoder.unbox(type, from: value, at: [])
    }
}
