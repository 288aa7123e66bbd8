import Synchronization

/// Where the ``ObjectSlot``s of one registry find their bindings: what a writer or reader hands
/// the slots it writes and reads (``ValueWriter/slotBindings``), so that a nested object costs a
/// table look-up and no retain of the registry.
///
/// A backend reads it from ``Registry/slotBindings`` once, when it binds to a registry, and
/// returns it unchanged; it stays valid for as long as the registry lives.
public struct SlotBindings: @unchecked Sendable {
    /// The bindings made when the registry was built, by slot index: retained `BoundSlot`s of
    /// every slot the registrations reach, `nil` at the other indices.
    @usableFromInline package let prefilled: UnsafePointer<UnsafeRawPointer?>
    /// How many indices ``prefilled`` covers.
    @usableFromInline package let prefilledCount: Int
    /// The bindings made on first use, for slots the registry did not reach when it was built
    /// (a slot made later, a `static let`): ``SlotTable/chunkCount`` chunk addresses (0 while a
    /// chunk is not needed), each chunk ``SlotTable/chunkSize`` pairs of a slot's serial and its
    /// retained binding.
    @usableFromInline package let late: UnsafePointer<Atomic<Int>>

    /// The binding of the slot at `index` with serial `serial` made on first use, unretained, when
    /// there is one.
    @inlinable
    @inline(__always)
    package func late(at index: Int, serial: UInt64) -> UnsafeRawPointer? {
        let chunk = UInt(bitPattern: index) &>> SlotTable.chunkShift
        guard chunk < UInt(SlotTable.chunkCount),
            let entries = UnsafePointer<Atomic<Int>>(bitPattern: late[Int(chunk)].load(ordering: .acquiring))
        else { return nil }
        let entry = (index & SlotTable.chunkMask) &* 2
        // The serial first: a binding is published with its serial (releasing) after its address.
        guard entries[entry].load(ordering: .acquiring) == Int(truncatingIfNeeded: serial) else { return nil }
        return UnsafeRawPointer(bitPattern: entries[entry &+ 1].load(ordering: .relaxed))
    }
}

/// The storage behind a registry's ``SlotBindings``: a flat table filled once in the registry's
/// initializer, and a table of bindings made on first use for slots it did not reach then.
///
/// The first table holds the bindings of slots the registry keeps alive (through their
/// serializers, and ``prefilledSlots``), so that a slot's index there is never handed to another
/// slot while the registry lives. The second is checked by the slot's serial: a slot's index
/// passes to a new slot when it is freed, and its binding there is replaced when the new slot
/// first asks, never while a slot that owns it can still read it.
@usableFromInline package final class SlotTable: @unchecked Sendable {
    /// Bits of a slot index that pick the entry within a chunk of the late table.
    @usableFromInline static let chunkShift = 8
    /// Entries in a chunk of the late table.
    @usableFromInline static let chunkSize = 1 << chunkShift
    @usableFromInline static let chunkMask = chunkSize - 1
    /// Chunks in the late table: slots at higher indices (more than 262,144 slots alive at once)
    /// are resolved on each use.
    @usableFromInline static let chunkCount = 1024

    private var prefilled: UnsafeMutablePointer<UnsafeRawPointer?>
    private var prefilledCount = 0
    /// The slots of ``prefilled``, kept alive for as long as their bindings are.
    private var prefilledSlots: [AnyObject] = []
    private let late: UnsafeMutablePointer<Atomic<Int>>
    /// Taken to add a binding to the late table (once per slot not reached when the registry was built).
    private let installing = Mutex<Void>(())

    init() {
        prefilled = .allocate(capacity: 1)
        prefilled.initialize(to: nil)
        late = .allocate(capacity: SlotTable.chunkCount)
        for chunk in 0..<SlotTable.chunkCount { (late + chunk).initialize(to: Atomic(0)) }
    }

    deinit {
        for index in 0..<max(prefilledCount, 1) {
            if let binding = prefilled[index] { Unmanaged<AnyObject>.fromOpaque(binding).release() }
        }
        prefilled.deinitialize(count: max(prefilledCount, 1))
        prefilled.deallocate()
        for chunk in 0..<SlotTable.chunkCount {
            guard let entries = UnsafeMutablePointer<Atomic<Int>>(bitPattern: late[chunk].load(ordering: .acquiring))
            else { continue }
            for entry in 0..<SlotTable.chunkSize {
                if let binding = UnsafeRawPointer(bitPattern: entries[2 * entry + 1].load(ordering: .relaxed)) {
                    Unmanaged<AnyObject>.fromOpaque(binding).release()
                }
            }
            entries.deinitialize(count: 2 * SlotTable.chunkSize)
            entries.deallocate()
        }
        late.deinitialize(count: SlotTable.chunkCount)
        late.deallocate()
    }

    /// The bindings, as writers and readers hand them to slots.
    var bindings: SlotBindings {
        SlotBindings(prefilled: prefilled, prefilledCount: prefilledCount, late: late)
    }

    /// Fills the first table, once, in the registry's initializer (before anyone can read it).
    ///
    /// - Parameters:
    ///   - bindings: Each slot's index and its binding.
    ///   - slots: The slots, kept alive with the table.
    func fill(_ bindings: [(index: Int, binding: AnyObject)], slots: [AnyObject]) {
        let count = (bindings.map(\.index).max() ?? -1) + 1
        guard count > 0 else { return }
        prefilled.deinitialize(count: 1)
        prefilled.deallocate()
        prefilled = .allocate(capacity: count)
        prefilled.initialize(repeating: nil, count: count)
        for (index, binding) in bindings {
            prefilled[index] = UnsafeRawPointer(Unmanaged.passRetained(binding).toOpaque())
        }
        prefilledCount = count
        prefilledSlots = slots
    }

    /// Adds `made`, the binding of the slot at `index` with serial `serial`, to the late table,
    /// unless another thread added one first; returns the binding in the table (`made` when the
    /// index is beyond the table).
    package func install(_ made: any AnyObject & Sendable, index: Int, serial: UInt64) -> any AnyObject & Sendable {
        let chunk = index >> SlotTable.chunkShift
        guard index >= 0, chunk < SlotTable.chunkCount else { return made }
        return installing.withLock { _ -> any AnyObject & Sendable in
            var bits = late[chunk].load(ordering: .acquiring)
            if bits == 0 {
                let entries = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 2 * SlotTable.chunkSize)
                for entry in 0..<2 * SlotTable.chunkSize { (entries + entry).initialize(to: Atomic(0)) }
                bits = Int(bitPattern: entries)
                late[chunk].store(bits, ordering: .releasing)
            }
            guard let entries = UnsafeMutablePointer<Atomic<Int>>(bitPattern: bits) else { return made }
            let entry = (index & SlotTable.chunkMask) * 2
            let serialBits = Int(truncatingIfNeeded: serial)
            let old = entries[entry + 1].load(ordering: .relaxed)
            if entries[entry].load(ordering: .acquiring) == serialBits, let existing = UnsafeRawPointer(bitPattern: old)
            {
                return unsafeBitCast(
                    Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue(), to: (any AnyObject & Sendable).self
                )
            }
            // The entry is empty or belongs to a slot that no longer exists (whose index the
            // slot took over): no one reads its binding any more.
            entries[entry + 1].store(Int(bitPattern: Unmanaged.passRetained(made).toOpaque()), ordering: .relaxed)
            entries[entry].store(serialBits, ordering: .releasing)
            if let stale = UnsafeRawPointer(bitPattern: old) { Unmanaged<AnyObject>.fromOpaque(stale).release() }
            return made
        }
    }
}

/// Hands out slot indices: dense, each owned by one living slot at a time, taken back when the
/// slot is freed (so that the tables indexed by them stay as small as the slots alive).
package enum SlotIndices {
    private static let state = Mutex<(next: Int, free: [Int])>((0, []))
    /// Every slot's serial, never reused: what the late table checks an entry's owner by.
    private static let serials = Atomic<UInt64>(0)

    /// A free index.
    package static func take() -> Int {
        state.withLock { state in
            if let index = state.free.popLast() { return index }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Frees `index`.
    package static func give(_ index: Int) {
        state.withLock { $0.free.append(index) }
    }

    /// A new serial.
    package static func nextSerial() -> UInt64 {
        serials.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
