import KryoCore

/// A registered type (a ``/KryoCore/Schematized`` class, a ``/KryoCore/JavaEnum``, a type with a custom serializer)
/// that Codable values may hold: the Codable bridge writes it through its registration, so the
/// conformance only has to exist for Swift to synthesize the Codable conformance of the types
/// that hold it.
///
/// ```swift
/// final class Inner: Schematized, RegistryCodable { … }     // a schema class
/// struct Route: Codable { var stops: [Inner]; var name: String }
/// ```
///
/// Outside SwiftKryo (with `JSONEncoder`, say), ``encode(to:)`` and ``init(from:)`` throw: the
/// type has no Codable form of its own. A non-final class declares
/// `required init(from decoder: any Decoder) throws { try self.init(registryDecoding: decoder) }`,
/// since a protocol extension cannot supply a required initializer.
public protocol RegistryCodable: Codable {}

extension RegistryCodable {
    /// Throws: a registered type is written by its registration, never by its own `encode(to:)`.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            self,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "\(Self.self) is written by its SwiftKryo registration; register it in the Registry",
                underlyingError: CodableMismatch(
                    expected: "a registration for \(Self.self)", found: "none (register it in the Registry)")))
    }

    /// Throws: a registered type is read by its registration, never by its own `init(from:)`.
    public init(from decoder: any Decoder) throws {
        try self.init(registryDecoding: decoder)
    }

    /// Throws the error that says the value was not where a registered `Self` was expected.
    public init(registryDecoding decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            Self.self,
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected a \(Self.self) written by its SwiftKryo registration.",
                underlyingError: CodableMismatch(
                    expected: "a \(Self.self) written by its registration", found: "another value")))
    }
}
