/// A format a ``Registry`` encodes to or decodes from, chosen per call: a value that a backend
/// module declares, not a case of a core enum.
///
/// Each backend declares its formats as static members, so that call sites read the same
/// whichever module declared them:
///
/// ```swift
/// let bytes = try registry.encode(bean, as: .kryo(.v2))          // KryoBinary
/// let plist = try registry.encode(bean, as: .keyedArchive(.binary)) // KryoKeyed
/// let json = try registry.encode(bean, as: .readable(.prettyJSON)) // KryoReadable
/// ```
///
/// A format holds its backend's entry points (a ``FormatCodec``) and its ``family``, which its
/// writers and readers report as ``ValueWriter/formatFamily``. A new backend declares one with
/// ``init(name:family:codec:)``; nothing in the core changes.
public struct SerializationFormat: Sendable, CustomStringConvertible {
    /// A short name for the format, as a command line spells it (`kryo2`, `keyed-binary`, `json`).
    public let name: String
    /// The family of the format's writers and readers.
    public let family: FormatFamily
    /// The backend's entry points, configured for this format.
    public let codec: any FormatCodec

    /// A format named `name`, of `family`, that `codec` encodes and decodes.
    public init(name: String, family: FormatFamily, codec: any FormatCodec) {
        self.name = name
        self.family = family
        self.codec = codec
    }

    public var description: String { name }

    /// Encodes `value` with `registry` in this format.
    public func encode(_ value: Any?, with registry: Registry, options: SerializationOptions? = nil) throws
        -> [UInt8]
    {
        try codec.encode(value, with: registry, options: options)
    }

    /// Decodes a value of type `type` from `bytes` with `registry` in this format.
    public func decode<T>(
        _ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions? = nil
    ) throws -> T {
        try codec.decode(T.self, from: bytes, with: registry, options: options)
    }
}

/// The entry points of a backend, configured for one ``SerializationFormat`` (a Kryo dialect and
/// framing, a property-list layout…): what a backend implements so that the registry's
/// conveniences, the `kryo` tool and the conformance tests reach it.
public protocol FormatCodec: Sendable {
    /// Encodes `value` (of any registered type, or nil) with `registry`. `options` `nil` means the
    /// format's defaults.
    func encode(_ value: Any?, with registry: Registry, options: SerializationOptions?) throws -> [UInt8]
    /// Decodes a value of type `type` from `bytes` with `registry`: a whole input, one value.
    func decode<T>(_ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions?)
        throws -> T
}
