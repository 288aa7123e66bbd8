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

/// The elements of a Foundation collection as it stores them, not bridged.
///
/// swift-corelibs-foundation (Linux, Windows) bridges every element it hands out — `for element
/// in array`, `object(at:)`, `map` — and bridges an element that is itself a collection (an
/// `NSArray` to `[Any]`) with all of its elements at once, recursively. A collection that holds
/// itself is then bridged without end inside Foundation (a stack overflow), and a deep one as deep
/// as it goes, before a writer can count the depth or see the identity. The collections' mirrors
/// list the stored objects instead; the writers bridge each one alone, keeping the collections
/// among them as they are (`bridging`), so that a nested collection is entered like any other.
package enum StoredElements {
    /// The `count` elements that `collection` (an `NSArray`, `NSSet` or `NSOrderedSet`) stores,
    /// in its order, each passed through `bridging`; `nil` when its mirror does not list `count`
    /// objects (Apple's Foundation, whose elements are not bridged eagerly, or a subclass that
    /// stores its elements its own way), for which the caller lists the elements as usual.
    package static func elements(of collection: AnyObject, count: Int, bridging: (AnyObject) -> Any) -> [Any?]? {
        let children = Mirror(reflecting: collection).children
        guard children.count == count else { return nil }
        var elements: [Any?] = []
        elements.reserveCapacity(count)
        for child in children {
            guard let object = unboxedObject(child.value) else { return nil }
            elements.append(bridging(object))
        }
        return elements
    }

    /// The `count` entries that `dictionary` (an `NSDictionary`) stores, keys and values passed
    /// through `bridging`; `nil` when its mirror does not list `count` pairs of objects.
    package static func entries(of dictionary: AnyObject, count: Int, bridging: (AnyObject) -> Any)
        -> [(key: Any, value: Any?)]?
    {
        let children = Mirror(reflecting: dictionary).children
        guard children.count == count else { return nil }
        var entries: [(key: Any, value: Any?)] = []
        entries.reserveCapacity(count)
        for child in children {
            let parts = Mirror(reflecting: child.value).children.map(\.value)
            guard parts.count == 2, let key = unboxedObject(parts[0]), let value = unboxedObject(parts[1]) else {
                return nil
            }
            entries.append((key: bridging(key), value: bridging(value)))
        }
        return entries
    }

    /// The class instance `value` holds, without a bridging cast.
    private static func unboxedObject(_ value: Any) -> AnyObject? {
        guard type(of: value) is AnyClass else { return nil }
        return value as AnyObject
    }
}
