import KryoCore

/// The typed slots of top-level calls (`writeClassAndObject`, `writeObject`, `writeObjectOrNull`
/// and their reading twins), one per Swift type and framing, kept by a writer or reader from call
/// to call: a top-level value of a registered type then goes through ``ObjectSlot``'s typed path
/// (no boxing into `Any`, no cast back) like any nested object.
///
/// The slot of the last type is found without hashing; a few others are kept in a table that is
/// emptied when it grows past 64 types.
struct RootSlots {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let framing: KryoFraming
    }

    private var last: (key: Key, slot: AnyObject)?
    private var others: [Key: AnyObject] = [:]

    /// The slot of top-level values of type `T` written or read with `framing`: declared `T`,
    /// final for `writeObject` (no class tag) and nullable except for `writeObject`.
    mutating func slot<T>(_: T.Type, framing: KryoFraming) -> ObjectSlot<T> {
        let key = Key(type: ObjectIdentifier(T.self), framing: framing)
        if let last, last.key == key { return unsafeDowncast(last.slot, to: ObjectSlot<T>.self) }
        let slot: ObjectSlot<T>
        if let kept = others[key] {
            slot = unsafeDowncast(kept, to: ObjectSlot<T>.self)
        } else {
            // Java's top-level calls know no generic arguments: a list's elements carry their classes.
            var declared = DeclaredType.of(T.self).withoutGenerics
            declared.finality = framing == .classAndObject ? .nonFinal : .final
            declared.canBeNull = framing != .object
            slot = ObjectSlot<T>(declared)
            if others.count >= 64 { others.removeAll() }
            others[key] = slot
        }
        last = (key, slot)
        return slot
    }
}
