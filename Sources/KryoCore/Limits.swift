/// Bounds that protect a decoder from hostile or corrupt input.
///
/// Length prefixes are always checked against the bytes left in the input; these limits add
/// ceilings that do not depend on the input size.
public struct Limits: Sendable, Equatable {
    /// The deepest nesting of objects inside objects that a call accepts (encoding and decoding).
    public var maxDepth: Int
    /// The largest number of elements a single collection, map, array or string may declare.
    public var maxElementCount: Int
    /// The most bytes that the compressed values of one call (`DeflateSerializer`) may inflate to,
    /// all together: a few bytes of deflate data can claim gigabytes (a "zip bomb").
    public var maxInflatedBytes: Int

    /// Creates limits.
    public init(maxDepth: Int = 400, maxElementCount: Int = 1 << 31 - 1, maxInflatedBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxElementCount = maxElementCount
        self.maxInflatedBytes = maxInflatedBytes
    }

    /// The default limits: 400 levels of nesting, counts up to `Int32.max`, 64 MiB inflated.
    public static let `default` = Limits()
}

/// Settings that apply to one encode or decode call.
///
/// The defaults match a freshly constructed Java Kryo 2.20 instance: references on,
/// registration not required.
public struct SerializationOptions: Sendable, Equatable {
    /// Whether objects are tracked so that shared objects are written once and cycles work.
    public var references: Bool
    /// Whether a type, class id or class name without a registration is refused.
    public var registrationRequired: Bool
    /// Limits on depth and sizes.
    public var limits: Limits
    /// Settings that serializers read (see ``SerializationSetting``).
    public var settings: SerializationSettings
    /// Whether Swift dictionaries and sets (and Foundation's `NSDictionary` and `NSSet`) are
    /// written in a stable order, so that the same value gives the same bytes in every process;
    /// `nil` (the default) leaves it to the format.
    ///
    /// Swift seeds its hashing per process, so a `Dictionary` iterates in a different order in
    /// every run. With this on, every backend writes the entries of a dictionary sorted by key and
    /// the elements of a set sorted, Codable values' dictionaries included, in the order
    /// documented in Docs/Guide.md (*Stable order*): by `<` for keys of one `Comparable` type;
    /// `nil`, booleans, numbers by value, strings, then other values by type name for mixed keys.
    ///
    /// By default (`nil`) keyed archives and readable documents write a stable order, which costs
    /// them little, and the Kryo binary writes iteration order, which is faster. Collections with
    /// an order of their own (`Array`, `OrderedDictionary`, `JavaTreeMap`…) keep it either way.
    /// Reading is not affected.
    public var stableOrder: Bool?

    /// Creates options.
    public init(
        references: Bool = true, registrationRequired: Bool = false, limits: Limits = .default,
        settings: SerializationSettings = SerializationSettings(), stableOrder: Bool? = nil
    ) {
        self.references = references
        self.registrationRequired = registrationRequired
        self.limits = limits
        self.settings = settings
        self.stableOrder = stableOrder
    }

    /// Java Kryo 2.20's defaults.
    public static let `default` = SerializationOptions()
}
