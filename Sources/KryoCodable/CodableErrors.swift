import KryoCore

/// What a Codable decoding error saw, attached to the `DecodingError` the bridge throws (as its
/// underlying error) so that the ``SerializationError`` it becomes names both sides.
struct CodableMismatch: Error {
    let expected: String
    let found: String
}

/// Turns Swift's Codable errors into ``SerializationError``s, with the coding path as the path.
enum CodableErrors {
    /// A coding path as path components: `["points[2]", "x"]` for `points`, index 2, `x`.
    static func components(_ codingPath: [any CodingKey]) -> [String] {
        var result: [String] = []
        for key in codingPath {
            if key.stringValue.isEmpty || key is CodableIndexKey, let index = key.intValue {
                if result.isEmpty { result.append("[\(index)]") } else { result[result.count - 1] += "[\(index)]" }
            } else {
                result.append(key.stringValue)
            }
        }
        return result
    }

    /// A type's name with its indefinite article: `a String`, `an Int8`.
    static func named(_ type: any Any.Type) -> String {
        let name = "\(type)"
        return ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// A coding path as text: `points[2].x`, or `the top level`.
    static func text(_ codingPath: [any CodingKey]) -> String {
        let parts = components(codingPath)
        return parts.isEmpty ? "the top level" : parts.joined(separator: ".")
    }

    /// The ``SerializationError`` for an error a Codable type's `init(from:)` threw.
    static func serializationError(_ error: DecodingError, path prefix: [String] = [], offset: Int? = nil)
        -> SerializationError
    {
        let kind: SerializationError.Kind
        var expected: String
        var found: String
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(let type, let errorContext):
            context = errorContext
            (kind, expected, found) = (.typeMismatch, named(type), errorContext.debugDescription)
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            (kind, expected, found) = (.typeMismatch, named(type), "null")
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            (kind, expected, found) = (.invalidValue, "a value for key \"\(key.stringValue)\"", "no such key")
        case .dataCorrupted(let errorContext):
            context = errorContext
            (kind, expected, found) = (.invalidValue, "valid data", errorContext.debugDescription)
        @unknown default:
            return SerializationError(.invalidValue, expected: "a decodable value", found: "\(error)", offset: offset)
        }
        if let mismatch = context.underlyingError as? CodableMismatch {
            expected = mismatch.expected
            found = mismatch.found
        }
        return SerializationError(
            kind, expected: expected, found: found, offset: offset, path: prefix + components(context.codingPath))
    }

    /// The ``SerializationError`` for an error a Codable type's `encode(to:)` threw.
    static func serializationError(_ error: EncodingError) -> SerializationError {
        switch error {
        case .invalidValue(let value, let context):
            var expected = "an encodable value"
            var found = "\(value): \(context.debugDescription)"
            if let mismatch = context.underlyingError as? CodableMismatch {
                expected = mismatch.expected
                found = mismatch.found
            }
            return SerializationError(
                .unsupported, expected: expected, found: found, path: components(context.codingPath))
        @unknown default:
            return SerializationError(.unsupported, expected: "an encodable value", found: "\(error)")
        }
    }

    /// A `DecodingError.typeMismatch` naming what was expected and what was found.
    static func typeMismatch(_ type: any Any.Type, found value: Any?, at codingPath: [any CodingKey])
        -> DecodingError
    {
        let found = CodableNumbers.describe(value)
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead.",
                underlyingError: CodableMismatch(expected: named(type), found: found)))
    }

    /// A `DecodingError.dataCorrupted` for a number that `type` cannot hold.
    static func outOfRange(_ type: any Any.Type, _ text: String, at codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "The number \(text) does not fit in \(type).",
                underlyingError: CodableMismatch(expected: "a number that fits \(type)", found: text)))
    }
}

/// The coding key of an element of an unkeyed container.
struct CodableIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A coding key made of a string: the key `super` of `superEncoder()`.
struct CodableStringKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
