import KryoCore

extension FormatFamily {
    /// Kryo's compact binary: values are told apart by position, keys are ignored.
    public static let kryoBinary = FormatFamily("kryoBinary")
}

extension SerializationFormat {
    /// Kryo's compact binary, byte-compatible with the Java release `dialect`; `framing` says
    /// which top-level Java call wrote the bytes.
    public static func kryo(_ dialect: KryoDialect, framing: KryoFraming = .classAndObject) -> SerializationFormat {
        let major =
            switch dialect.version {
            case .kryo2: 2
            case .kryo4: 4
            case .kryo5: 5
            }
        return SerializationFormat(
            name: "kryo\(major)", family: .kryoBinary, codec: KryoFormatCodec(dialect: dialect, framing: framing))
    }

    /// The Kryo release of a ``kryo(_:framing:)`` format; `nil` for the other formats.
    public var kryoDialect: KryoDialect? { (codec as? KryoFormatCodec)?.dialect }

    /// The Kryo formats, one for each release: what the `kryo` tool lists.
    public static let kryoFormats: [SerializationFormat] = KryoDialect.all.map { .kryo($0) }
}

/// The entry points of the Kryo binary for one dialect and framing: the codec of
/// ``/KryoBinary/KryoCore/SerializationFormat/kryo(_:framing:)``.
public struct KryoFormatCodec: FormatCodec {
    /// The Java release whose bytes are written and read.
    public let dialect: KryoDialect
    /// Which top-level Java call wrote the bytes.
    public let framing: KryoFraming

    /// The entry points for `dialect` and `framing`.
    public init(dialect: KryoDialect, framing: KryoFraming = .classAndObject) {
        self.dialect = dialect
        self.framing = framing
    }

    /// The codec of a call: `options` `nil` means the dialect's defaults.
    public func codec(_ registry: Registry, options: SerializationOptions?) -> KryoCodec {
        KryoCodec(registry: registry, dialect: dialect, framing: framing, options: options)
    }

    public func encode(_ value: Any?, with registry: Registry, options: SerializationOptions?) throws -> [UInt8] {
        try codec(registry, options: options).encode(value)
    }

    public func decode<T>(_ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions?)
        throws -> T
    {
        try codec(registry, options: options).decode(T.self, from: bytes)
    }
}
