import KryoCore

/// The Foundation classes a keyed archive names, with the superclass chains Apple writes.
extension ArchiveClass {
    static let nsString = ArchiveClass("NSString")
    static let nsMutableString = ArchiveClass("NSMutableString", superclasses: ["NSString", "NSObject"])
    static let nsData = ArchiveClass("NSData")
    static let nsMutableData = ArchiveClass("NSMutableData", superclasses: ["NSData", "NSObject"])
    static let nsDate = ArchiveClass("NSDate")
    static let nsArray = ArchiveClass("NSArray")
    static let nsMutableArray = ArchiveClass("NSMutableArray", superclasses: ["NSArray", "NSObject"])
    static let nsSet = ArchiveClass("NSSet")
    static let nsMutableSet = ArchiveClass("NSMutableSet", superclasses: ["NSSet", "NSObject"])
    static let nsOrderedSet = ArchiveClass("NSOrderedSet")
    static let nsMutableOrderedSet = ArchiveClass(
        "NSMutableOrderedSet", superclasses: ["NSOrderedSet", "NSObject"])
    static let nsDictionary = ArchiveClass("NSDictionary")
    static let nsMutableDictionary = ArchiveClass(
        "NSMutableDictionary", superclasses: ["NSDictionary", "NSObject"])
    static let nsURL = ArchiveClass("NSURL")
    static let nsUUID = ArchiveClass("NSUUID")
    static let nsNull = ArchiveClass("NSNull")
}

/// The coder keys of the Foundation classes, as Apple's archiver writes them.
enum FoundationKeys {
    static let string = "NS.string"
    static let bytes = "NS.bytes"
    static let data = "NS.data"
    static let time = "NS.time"
    static let objects = "NS.objects"
    static let keys = "NS.keys"
    static let base = "NS.base"
    static let relative = "NS.relative"
    static let uuidBytes = "NS.uuidbytes"

    /// The key of element `index` where a collection lists its elements one key each
    /// (`NSOrderedSet`, and any collection a subclass archiver writes).
    static func object(_ index: Int) -> String { "NS.object.\(index)" }
    /// The key of the key of entry `index` of a dictionary written one key each.
    static func key(_ index: Int) -> String { "NS.key.\(index)" }
}
