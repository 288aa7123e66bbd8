import KryoCore
import KryoPlist

extension FormatFamily {
    /// A keyed archive in the format of Apple's `NSKeyedArchiver`.
    public static let keyedArchive = FormatFamily("keyedArchive")
}

extension SerializationFormat {
    /// A keyed archive in the format of Apple's `NSKeyedArchiver`, as a binary or XML property
    /// list. Decoding reads either layout, whichever `format` names.
    public static func keyedArchive(_ format: PropertyListFormat) -> SerializationFormat {
        SerializationFormat(
            name: format == .binary ? "keyed-binary" : "keyed-xml", family: .keyedArchive,
            codec: KeyedArchiveFormatCodec(format: format))
    }

    /// The keyed-archive formats, binary and XML: what the `kryo` tool lists.
    public static let keyedArchiveFormats: [SerializationFormat] = [.keyedArchive(.binary), .keyedArchive(.xml)]
}

/// The entry points of keyed archives for one property-list layout: the codec of
/// ``/KryoKeyed/KryoCore/SerializationFormat/keyedArchive(_:)``.
public struct KeyedArchiveFormatCodec: FormatCodec {
    /// The property-list layout written.
    public let format: PropertyListFormat

    /// The entry points for `format`.
    public init(format: PropertyListFormat) { self.format = format }

    public func encode(_ value: Any?, with registry: Registry, options: SerializationOptions?) throws -> [UInt8] {
        try KeyedArchiveCodec(registry: registry, format: format, options: options ?? .default).encode(value)
    }

    public func decode<T>(_ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions?)
        throws -> T
    {
        try KeyedArchiveCodec(registry: registry, format: format, options: options ?? .default).decode(
            T.self, from: bytes)
    }
}
