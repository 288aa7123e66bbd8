import KryoCore

/// A reader's table of the registrations of small class ids (below 64) in the registry it is
/// bound to, filled as the ids are met, and held unretained: the registry keeps every
/// registration that has an id alive, so reading a class tag retains nothing. In memory of its
/// own; its owner empties it when it binds another registry and calls ``free()``.
struct RegistrationsByID {
    private static let capacity = 64
    private let entries: UnsafeMutablePointer<Unmanaged<Registration>?>

    init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: nil, count: Self.capacity)
    }

    /// The registration of `id`, when it was stored (`nil` for any other id, a negative one too:
    /// one unsigned comparison checks both ends).
    @inline(__always)
    func registration(_ id: Int) -> Unmanaged<Registration>? {
        UInt(bitPattern: id) < UInt(Self.capacity) ? entries[id] : nil
    }

    /// Remembers the registration of `id` (a small id only), which the bound registry keeps alive.
    @inline(__always)
    func store(_ registration: Registration, _ id: Int) {
        if id >= 0, id < Self.capacity { entries[id] = Unmanaged.passUnretained(registration) }
    }

    /// Forgets every registration (the reader is bound to another registry).
    func removeAll() {
        entries.update(repeating: nil, count: Self.capacity)
    }

    func free() {
        entries.deallocate()
    }
}
