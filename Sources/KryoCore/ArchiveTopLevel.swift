import OrderedCollections

/// The whole top level of a keyed archive that holds more than one value under `root`: every
/// `$top` value by key, in order, and the archiver's name.
///
/// A nib keeps its objects under `IB.objectdata`, a color list under `NSColors` and `NSKeys`, a
/// subclass archiver (`GLKeyedArchiver`) under `$0`. Reading only the root value would lose the
/// other keys and the names; `KeyedArchiveCodec.decodeArchive(from:)` gives this value for such
/// archives instead, the keyed writer writes it back as the same `$top`, and a readable document
/// holds it as `{"$top": {…}, "$archiver": "…"}` (`$archiver` only when it is not
/// `NSKeyedArchiver`), so that `kryo convert` keeps the archive whole through every format.
public struct ArchiveTopLevel {
    /// The `$archiver` name Apple's archiver writes.
    public static let keyedArchiver = "NSKeyedArchiver"

    /// The values by `$top` key, in the archive's order.
    public var values: OrderedDictionary<String, Any?>
    /// The `$archiver` name.
    public var archiver: String
    /// The keys whose value `$top` holds in line rather than as a reference: what a coder's
    /// `encodeInteger:forKey:` or `encodeBool:forKey:` writes at the top level (a nib's
    /// `IB.systemFontUpdateVersion`), where `encodeObject:forKey:` writes a reference. A key
    /// whose value has no in-line form (nil, an object) is a reference all the same.
    public var inlineKeys: Set<String>

    /// Creates a top level.
    public init(
        values: OrderedDictionary<String, Any?>, archiver: String = ArchiveTopLevel.keyedArchiver,
        inlineKeys: Set<String> = []
    ) {
        self.values = values
        self.archiver = archiver
        self.inlineKeys = inlineKeys
    }
}
