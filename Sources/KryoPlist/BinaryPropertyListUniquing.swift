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
///
/// The bytes of the strings are kept one after the other in one buffer, so that finding a string
/// again compares bytes without touching the `String` it came from (whose bytes a small string
/// would first copy out).
struct ASCIIStringNumbers {
    private struct Slot {
        var hash: UInt64
        /// Where the string's bytes start in `bytes`.
        var start: Int
        var count: Int
        /// The object number plus one; 0 for an empty slot.
        var numberPlusOne: Int
    }

    private var slots = [Slot](repeating: Slot(hash: 0, start: 0, count: 0, numberPlusOne: 0), count: 64)
    /// The bytes of every string numbered, in the order they were added.
    private var bytes: [UInt8] = []
    /// The strings, with their object numbers, in the order they were added.
    private(set) var entries: [(string: String, number: Int)] = []
    private var shift = 64 - 6

    init() {
        bytes.reserveCapacity(1024)
    }

    /// Whether two byte runs of the same length are the same bytes, compared eight at a time (a
    /// generic loop over two sequences cost about 270 instructions per string).
    @inline(__always)
    private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard
                left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }

    /// Whether `utf8` is the run of `stored` that starts at `start` and has its length.
    @inline(__always)
    private static func equal(_ stored: UnsafeRawBufferPointer, from start: Int, _ utf8: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard let left = stored.baseAddress, let right = utf8.baseAddress else { return utf8.isEmpty }
        return equal(left + start, UnsafeRawPointer(right), count: utf8.count)
    }

    /// The number of the ASCII string `utf8` when it has one; otherwise gives `string` (whose
    /// bytes `utf8` are) `number` and returns `nil`.
    mutating func number(of utf8: UnsafeBufferPointer<UInt8>, _ string: String, elseInsert number: Int) -> Int? {
        let hash = ASCIIStringNumbers.hash(utf8)
        var index = Int(truncatingIfNeeded: hash >> UInt64(shift))
        let mask = slots.count - 1
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBytes { stored in
                while true {
                    let slot = slots[index]
                    if slot.numberPlusOne == 0 { return nil }
                    if slot.hash == hash, slot.count == utf8.count,
                        ASCIIStringNumbers.equal(stored, from: slot.start, utf8)
                    {
                        return slot.numberPlusOne - 1
                    }
                    index = (index + 1) & mask
                }
            }
        }
        if let found { return found }
        slots[index] = Slot(
            hash: hash, start: bytes.count, count: utf8.count, numberPlusOne: number + 1)
        bytes.append(contentsOf: utf8)
        entries.append((string, number))
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, start: 0, count: 0, numberPlusOne: 0), count: old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for slot in old where slot.numberPlusOne != 0 {
            var index = Int(truncatingIfNeeded: slot.hash >> UInt64(shift))
            while slots[index].numberPlusOne != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// A multiplicative hash of `bytes`, eight at a time.
    @inline(__always)
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
