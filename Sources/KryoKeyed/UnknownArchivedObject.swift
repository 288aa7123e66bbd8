import KryoCore
import KryoPlist
import OrderedCollections

/// An object of a class that neither the registry nor Foundation's forms know, read from a keyed
/// archive: its class and every key it had, so that the archive can be written back without
/// losing anything.
///
/// Nested objects are decoded as usual (a registered class inside an unknown one comes out as
/// its Swift type); shared and cyclic references to unknown objects keep their identity.
public final class UnknownArchivedObject {
    /// The object's class: `$classname`, `$classes` and `$classhints` as the archive had them.
    public var archiveClass: ArchiveClass
    /// The object's coder keys, as stored (escaped), in the archive's order.
    public var values: OrderedDictionary<String, ArchivedValue>

    /// Creates an object.
    public init(archiveClass: ArchiveClass, values: OrderedDictionary<String, ArchivedValue> = [:]) {
        self.archiveClass = archiveClass
        self.values = values
    }

    /// The value of an object stored under `key`, decoded; `nil` when the key is missing, holds
    /// nil, or holds a plain value.
    public func object(forKey key: String) -> Any? {
        guard case .object(let object)? = values[KeyedArchiveKeys.escape(key)] else { return nil }
        return object
    }

    /// The plain value (number, data, inline array…) stored under `key`.
    public func plainValue(forKey key: String) -> PropertyListValue? {
        guard case .plain(let value)? = values[KeyedArchiveKeys.escape(key)] else { return nil }
        return value
    }
}

/// One value of an ``UnknownArchivedObject``.
public enum ArchivedValue {
    /// A value stored in the object's dictionary itself: a number, a boolean, data…
    case plain(PropertyListValue)
    /// A reference to an entry of `$objects`, decoded (`nil` for `$null`).
    case object(Any?)
    /// A list stored in the object's dictionary whose elements include references.
    case array([ArchivedValue])
}

/// Unknown objects are told apart by identity, as the archive's objects are, so that they can be
/// elements of a set (an `NSSet` of objects of an unknown class).
extension UnknownArchivedObject: Hashable {
    public static func == (lhs: UnknownArchivedObject, rhs: UnknownArchivedObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
