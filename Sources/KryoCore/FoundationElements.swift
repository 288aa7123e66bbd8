import Foundation

/// The elements of Foundation collections for a writer: each bridged alone, as Foundation hands it
/// out (an `NSString` as a `String`, a boxed Swift value as itself), except the collections among
/// them, which stay the objects they are so that the writer enters them with their identity and
/// depth (see ``StoredElements``).
package enum FoundationElements {
    /// The elements of an `NSArray`.
    package static func list(_ array: NSArray) -> [Any?] { list(array, count: array.count) }

    /// The elements of an `NSSet`, in its order.
    package static func list(_ set: NSSet) -> [Any?] { list(set, count: set.count) }

    /// The elements of an `NSOrderedSet`.
    package static func list(_ set: NSOrderedSet) -> [Any?] { list(set, count: set.count) }

    private static func list<C: Sequence & AnyObject>(_ collection: C, count: Int) -> [Any?] where C.Element == Any {
        StoredElements.elements(of: collection, count: count, bridging: bridged) ?? collection.map { $0 }
    }

    /// The entries of an `NSDictionary`.
    package static func entries(_ dictionary: NSDictionary) -> [(key: Any, value: Any?)] {
        StoredElements.entries(of: dictionary, count: dictionary.count, bridging: bridged)
            ?? dictionary.map { (key: $0.key, value: $0.value as Any?) }
    }

    /// `object` as Foundation's collections hand it out, or itself when it is a collection.
    private static func bridged(_ object: AnyObject) -> Any {
        if object is NSArray || object is NSDictionary || object is NSSet || object is NSOrderedSet { return object }
        return NSArray(object: object).object(at: 0)
    }
}
