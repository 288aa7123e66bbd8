/// How Kryo 5's evolvable serializers (`TaggedFieldSerializer`, `CompatibleFieldSerializer`)
/// write each field: the options of their `Config` that change the bytes. Kryo 2.20 and 4 have
/// no such options (their compatible fields are always chunked, their tagged fields never).
public struct KryoEvolutionOptions: Sendable, Hashable {
    /// Each field's value carries its class (`readUnknownFieldData` / `readUnknownTagData`), so
    /// that a reader can read a field it does not know, and nil is the nil class alone.
    public var readUnknownData: Bool
    /// Each field in chunks a reader can skip (`chunkedEncoding`).
    public var chunkedEncoding: Bool

    /// Creates options.
    public init(readUnknownData: Bool, chunkedEncoding: Bool) {
        self.readUnknownData = readUnknownData
        self.chunkedEncoding = chunkedEncoding
    }
}

/// The options of Kryo 5's `CompatibleFieldSerializer` in a call; Java's defaults:
/// `readUnknownFieldData` on, `chunkedEncoding` off.
///
/// ```swift
/// var options = KryoDialect.v5.defaultOptions
/// options.settings[CompatibleFieldSetting.self] = KryoEvolutionOptions(readUnknownData: false, chunkedEncoding: true)
/// ```
public enum CompatibleFieldSetting: SerializationSetting {
    public static let defaultValue = KryoEvolutionOptions(readUnknownData: true, chunkedEncoding: false)
}

/// The options of Kryo 5's `TaggedFieldSerializer` in a call; Java's defaults:
/// `readUnknownTagData` and `chunkedEncoding` off.
public enum TaggedFieldSetting: SerializationSetting {
    public static let defaultValue = KryoEvolutionOptions(readUnknownData: false, chunkedEncoding: false)
}
