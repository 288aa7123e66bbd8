/// The coder keys of Foundation's classes, as Apple's `encodeWithCoder:` writes them: what the
/// keyed archive and the readable document both store their Foundation values under.
package enum FoundationCoderKeys {
    package static let string = "NS.string"
    package static let bytes = "NS.bytes"
    package static let data = "NS.data"
    package static let time = "NS.time"
    package static let objects = "NS.objects"
    package static let keys = "NS.keys"
    package static let base = "NS.base"
    package static let relative = "NS.relative"
    package static let uuidBytes = "NS.uuidbytes"
    /// Not Apple's: the readable document writes a UUID as its text.
    package static let uuidString = "NS.uuidstring"

    /// The key of element `index` where a collection lists its elements one key each
    /// (`NSOrderedSet`, and any collection a subclass archiver writes).
    package static func object(_ index: Int) -> String { "NS.object.\(index)" }
    /// The key of the key of entry `index` of a dictionary written one key each.
    package static func key(_ index: Int) -> String { "NS.key.\(index)" }
}
