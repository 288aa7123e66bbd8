/// An error thrown while encoding or decoding, saying what was expected, what was found and where.
///
/// Decoders never trap on bad input: every failure surfaces as a `SerializationError` whose
/// ``offset`` is the byte offset in the input (binary formats) and whose ``path`` is the chain of
/// field names from the root object to the value being read.
public struct SerializationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a failure.
    public enum Kind: String, Sendable, Equatable {
        /// The input ended before the value was complete.
        case truncatedInput
        /// A length or count prefix claims more data than the input holds.
        case lengthExceedsInput
        /// A value that is not valid for its position (a bad marker, an out-of-range ordinal…).
        case invalidValue
        /// A numeric class id that no registration has.
        case unknownClassID
        /// A class name that the registry cannot resolve.
        case unknownClassName
        /// A type that must be registered (registration-required mode) but is not.
        case unregisteredType
        /// A decoded value whose type does not match what the caller or the schema asked for.
        case typeMismatch
        /// A back-reference to an object that does not exist or is still being decoded.
        case invalidReference
        /// The nesting depth limit was exceeded.
        case depthLimitExceeded
        /// A configured size limit was exceeded.
        case sizeLimitExceeded
        /// The value cannot be represented in the chosen format.
        case unsupported
        /// Reading from or writing to a file or stream failed.
        case io
    }

    /// The category of the failure.
    public var kind: Kind
    /// What the decoder or encoder expected.
    public var expected: String
    /// What it found instead.
    public var found: String
    /// Byte offset in the input where the failure was detected, when the format is binary.
    public var offset: Int?
    /// Field names from the root object down to the failing value.
    public var path: [String]

    /// Creates an error.
    public init(
        _ kind: Kind, expected: String, found: String, offset: Int? = nil, path: [String] = []
    ) {
        self.kind = kind
        self.expected = expected
        self.found = found
        self.offset = offset
        self.path = path
    }

    /// A one-line human-readable explanation. A path deeper than 24 keys (a cycle written
    /// without references) shows its first and last 8, and how many are left out; ``path``
    /// keeps them all.
    public var description: String {
        var text = "\(kind.rawValue): expected \(expected), found \(found)"
        if let offset { text += " at byte offset \(offset)" }
        if !path.isEmpty { text += " (path: \(Self.shortened(path)))" }
        return text
    }

    private static func shortened(_ path: [String]) -> String {
        guard path.count > 24 else { return path.joined(separator: ".") }
        return (path.prefix(8) + ["…\(path.count - 16) more…"] + path.suffix(8)).joined(separator: ".")
    }
}

extension SerializationError {
    /// The error for a value of `valueType` that no registration or default serializer writes.
    /// A `UInt64` (a whole number above Java's `long`: a document's 2^63 or more, an unsigned
    /// `NSNumber`) gets its own: no Java class but `BigInteger` holds it, which only the document
    /// can choose.
    @usableFromInline package static func noSerializer(for valueType: any Any.Type, value: Any?, offset: Int? = nil)
        -> SerializationError
    {
        if let number = value as? UInt64 {
            return SerializationError(
                .unsupported,
                expected: "a number a Java long holds (at most 9223372036854775807), or a java.math.BigInteger "
                    + "({\"$class\": \"java.math.BigInteger\", \"$value\": \"\(number)\"})",
                found: "\(number)", offset: offset)
        }
        return SerializationError(
            .unsupported, expected: "a registration or default serializer for \(valueType)", found: "none",
            offset: offset)
    }
}

extension SerializationError {
    /// Names the element at `index` in an error's path where the collection wrote it under the
    /// key `element` (`players.2` rather than `players.element`), as documents name it. Any
    /// other error is returned as it is.
    @usableFromInline package static func naming(element index: Int, in error: any Error) -> any Error {
        guard var failure = error as? SerializationError, failure.path.first == "element" else { return error }
        failure.path[0] = "\(index)"
        return failure
    }
}
