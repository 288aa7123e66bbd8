/// The scalars a binary property list writer has numbered, found again by value, so that each
/// equal scalar is written once as Apple's writer does: open addressing with a multiplicative
/// hash, which costs a few instructions where Swift's seeded `Hasher` costs about a hundred.
///
/// A key is a kind (integer, UID, real, date…) and 64 bits: the number itself, or a real's bit
/// pattern (so that `0.0` and `-0.0` stay apart).
struct ScalarNumbers {
    private struct Slot {
        var bits: UInt64
        var kind: UInt8
        /// The object number plus one; 0 for an empty slot.
        var numberPlusOne: Int
    }

    private var slots = [Slot](repeating: Slot(bits: 0, kind: 0, numberPlusOne: 0), count: 64)
    private var count = 0
    private var shift = 64 - 6

    /// The number of the scalar of `kind` and `bits` when it has one; otherwise gives it
    /// `number` and returns `nil`.
    mutating func number(of bits: UInt64, kind: UInt8, elseInsert number: Int) -> Int? {
        var index = Int(truncatingIfNeeded: ((bits ^ UInt64(kind) << 59) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        let mask = slots.count - 1
        while true {
            let slot = slots[index]
            if slot.numberPlusOne == 0 { break }
            if slot.bits == bits && slot.kind == kind { return slot.numberPlusOne - 1 }
            index = (index + 1) & mask
        }
        slots[index] = Slot(bits: bits, kind: kind, numberPlusOne: number + 1)
        count += 1
        if count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(bits: 0, kind: 0, numberPlusOne: 0), count: old.count * 2)
        shift -= 1
        count = 0
        for slot in old where slot.numberPlusOne != 0 {
            _ = number(of: slot.bits, kind: slot.kind, elseInsert: slot.numberPlusOne - 1)
        }
    }
}

/// The ASCII strings a binary property list writer has numbered, found again by their bytes,
/// with a cheap hash (see ``ScalarNumbers``).
///
/// For ASCII text, byte equality is Swift's string equality (canonical equivalence), which the
/// writer's general table of strings uses; the writer keeps to this table until it meets a
/// string that is not ASCII but may equal an ASCII one, then moves what it holds to the general
/// table.
struct ASCIIStringNumbers {
    private struct Slot {
        var hash: UInt64
        /// The index in `strings` plus one; 0 for an empty slot.
        var entryPlusOne: Int
    }

    private var slots = [Slot](repeating: Slot(hash: 0, entryPlusOne: 0), count: 64)
    /// The strings, with their object numbers, in the order they were added.
    private(set) var entries: [(string: String, number: Int)] = []
    private var shift = 64 - 6

    /// Whether two byte runs are the same bytes, compared eight at a time (a generic loop over
    /// two sequences cost about 270 instructions per string).
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        let left = UnsafeRawPointer(first)
        let right = UnsafeRawPointer(second)
        var offset = 0
        while offset + 8 <= a.count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < a.count {
            guard first[offset] == second[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The number of the ASCII string `utf8` when it has one; otherwise gives `string` (whose
    /// bytes `utf8` are) `number` and returns `nil`.
    mutating func number(of utf8: UnsafeBufferPointer<UInt8>, _ string: String, elseInsert number: Int) -> Int? {
        let hash = ASCIIStringNumbers.hash(utf8)
        var index = Int(truncatingIfNeeded: hash >> UInt64(shift))
        let mask = slots.count - 1
        while true {
            let slot = slots[index]
            if slot.entryPlusOne == 0 { break }
            if slot.hash == hash {
                var stored = entries[slot.entryPlusOne - 1].string
                if stored.withUTF8({ Self.equal($0, utf8) }) { return entries[slot.entryPlusOne - 1].number }
            }
            index = (index + 1) & mask
        }
        entries.append((string, number))
        slots[index] = Slot(hash: hash, entryPlusOne: entries.count)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        slots = [Slot](repeating: Slot(hash: 0, entryPlusOne: 0), count: slots.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for entry in entries.indices {
            var string = entries[entry].string
            let hash = string.withUTF8 { ASCIIStringNumbers.hash($0) }
            var index = Int(truncatingIfNeeded: hash >> UInt64(shift))
            while slots[index].entryPlusOne != 0 { index = (index + 1) & mask }
            slots[index] = Slot(hash: hash, entryPlusOne: entry + 1)
        }
    }

    /// A multiplicative hash of `bytes`, eight at a time.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
            hash = (hash ^ tail) &* multiplier
            hash ^= hash >> 29
        }
        return hash &* multiplier
    }
}
