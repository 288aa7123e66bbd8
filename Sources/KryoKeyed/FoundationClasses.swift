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

    /// The mutable collection class `name` (`NSMutableArray`, `NSMutableDictionary`,
    /// `NSMutableSet`, `NSMutableOrderedSet`); `nil` for any other name.
    static func mutableFoundationClass(named name: String) -> ArchiveClass? {
        switch name {
        case "NSMutableArray": .nsMutableArray
        case "NSMutableDictionary": .nsMutableDictionary
        case "NSMutableSet": .nsMutableSet
        case "NSMutableOrderedSet": .nsMutableOrderedSet
        default: nil
        }
    }
}
