import KryoCore
import KryoPlist

extension FormatFamily {
    /// A readable document in HRCoder's style (JSON or a property list).
    public static let readable = FormatFamily("readable")
}

extension SerializationFormat {
    /// A readable document in HRCoder's style (`$class`, `$alias` key paths): JSON, or an XML or
    /// binary property list. Decoding reads any of the three, whichever one is named.
    public static func readable(_ format: ReadableFormat) -> SerializationFormat {
        let name =
            switch format {
            case .json: "json"
            case .prettyJSON: "pretty-json"
            case .propertyList(.xml): "plist-xml"
            case .propertyList(.binary): "plist-binary"
            }
        return SerializationFormat(name: name, family: .readable, codec: ReadableFormatCodec(format: format))
    }

    /// The readable formats as the `kryo` tool lists them: pretty-printed JSON, and XML and binary
    /// property lists.
    public static let readableFormats: [SerializationFormat] = [
        SerializationFormat(name: "json", family: .readable, codec: ReadableFormatCodec(format: .prettyJSON)),
        .readable(.propertyList(.xml)), .readable(.propertyList(.binary)),
    ]
}

/// The entry points of readable documents for one layout: the codec of
/// ``/KryoReadable/KryoCore/SerializationFormat/readable(_:)``.
public struct ReadableFormatCodec: FormatCodec {
    /// The layout written.
    public let format: ReadableFormat

    /// The entry points for `format`.
    public init(format: ReadableFormat) { self.format = format }

    public func encode(_ value: Any?, with registry: Registry, options: SerializationOptions?) throws -> [UInt8] {
        try ReadableCodec(registry: registry, format: format, options: options ?? .default).encode(value)
    }

    public func decode<T>(_ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions?)
        throws -> T
    {
        try ReadableCodec(registry: registry, format: format, options: options ?? .default).decode(T.self, from: bytes)
    }
}
