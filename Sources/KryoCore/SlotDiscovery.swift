extension Registry {
    /// Binds, once, every ``ObjectSlot`` that `registrations` reach: the slots their serializers
    /// hold, the fields of every schema, and, through each slot's registration, the slots of the
    /// serializers nested in them, as Java's `FieldSerializer` builds its `CachedField`s when a
    /// class is registered. Called at the end of the initializer, before the registry is shared.
    func bindReachableSlots(of registrations: [Registration]) {
        var bindings: [(index: Int, binding: AnyObject)] = []
        var slots: [AnyObject] = []
        var seenSerializers: Set<ObjectIdentifier> = []
        var seenSlots: Set<ObjectIdentifier> = []
        var pendingSerializers: [AnyObject] = []
        var pendingSlots: [any BindableSlot] = []
        func reach(_ serializer: AnyObject) {
            if seenSerializers.insert(ObjectIdentifier(serializer)).inserted { pendingSerializers.append(serializer) }
        }
        for registration in registrations { reach(registration.serializer) }
        while true {
            if let slot = pendingSlots.popLast() {
                let made = slot.makeBinding(in: self)
                bindings.append((slot.assignedIndex(), made.binding))
                slots.append(slot)
                made.serializers.forEach(reach)
            } else if let serializer = pendingSerializers.popLast() {
                let held = HeldSlots.of(serializer)
                for slot in held.slots where seenSlots.insert(ObjectIdentifier(slot)).inserted {
                    pendingSlots.append(slot)
                }
                held.serializers.forEach(reach)
            } else {
                break
            }
        }
        slotTable.fill(bindings, slots: slots)
    }
}

/// The slots a serializer holds in its stored properties (and in those of the structures, tuples,
/// optionals and collections it holds, such as a schema's ``Field``s), and the serializers it
/// holds, found by reflection: a hand-written serializer needs to declare nothing.
struct HeldSlots: Sendable {
    private(set) var slots: [any BindableSlot] = []
    private(set) var serializers: [any AnyObject & Sendable] = []
    /// How many more values to look at: reflection stops there (a serializer holding a large table).
    private var budget = 10_000

    /// What `serializer` holds.
    static func of(_ serializer: AnyObject) -> HeldSlots {
        var held = HeldSlots()
        held.collect(serializer, depth: 0)
        return held
    }

    /// Collects what `value` holds.
    mutating func collect(_ value: Any, depth: Int) {
        guard budget > 0 else { return }
        budget -= 1
        // What is looked for is a class instance; a cast of a value of another kind to one of
        // these protocols costs thousands of instructions (a conformance lookup), so values are
        // sorted by kind first.
        if type(of: value) is AnyClass {
            let object = value as AnyObject
            if let erased = object as? AnySerializer {
                serializers.append(erased.typedSerializer)
            } else if let slot = object as? any BindableSlot {
                slots.append(slot)
            } else if let holder = object as? any SlotHolding {
                slots += holder.heldSlots
            } else if let wrapping = object as? any SerializerWrapping {
                collect(wrapping.wrappedSerializer, depth: depth + 1)
            }
            // Other class instances are not looked into: they are not the serializer's own.
            return
        }
        guard depth < 8 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .tuple, .optional, .enum, .collection, .dictionary, .set:
            for child in mirror.children { collect(child.value, depth: depth + 1) }
        default:
            return
        }
    }
}

/// A serializer wrapper that can hand out what it wraps (``TypedSerializer``).
protocol SerializerWrapping: AnyObject {
    /// The wrapped serializer.
    var wrappedSerializer: any Sendable { get }
}

/// A class that a serializer holds and that holds slots out of reflection's sight (in closures).
protocol SlotHolding: AnyObject {
    /// The slots.
    var heldSlots: [any BindableSlot] { get }
}
