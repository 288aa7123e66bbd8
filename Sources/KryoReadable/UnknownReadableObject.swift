import KryoCore
import OrderedCollections

/// An object whose `$class` the registry does not know, read from a readable document: its class
/// name and every field, decoded, so that the document can be written back without losing
/// anything.
///
/// Nested values are decoded as usual (a registered class inside an unknown one comes out as its
/// Swift type); aliases to and from unknown objects keep their identity. In registration-required
/// mode an unknown `$class` is an error instead.
public final class UnknownReadableObject {
    /// The `$class` the document named.
    public var className: String
    /// The fields, by key as stored (escaped), in the document's order; `nil` for a `null`.
    public var fields: OrderedDictionary<String, Any?>

    /// Creates an object.
    public init(className: String, fields: OrderedDictionary<String, Any?> = [:]) {
        self.className = className
        self.fields = fields
    }

    /// The value of the field `key` (unescaped, as a serializer names it), or `nil`.
    public func field(_ key: String) -> Any? {
        fields[ReadableKeys.escape(key)] ?? nil
    }
}

/// Unknown objects are told apart by identity, as the document's objects are, so that they can be
/// elements of a set.
extension UnknownReadableObject: Hashable {
    public static func == (lhs: UnknownReadableObject, rhs: UnknownReadableObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
