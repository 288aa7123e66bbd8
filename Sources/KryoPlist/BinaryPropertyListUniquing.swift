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

    // 128 slots: a keyed archive of a few objects numbers more than 32 scalars, and growing the
    // table (a second allocation and a rehash) cost more than the larger first fill.
    private var slots = [Slot](repeating: Slot(bits: 0, kind: 0, numberPlusOne: 0), count: 128)
    private var count = 0
    private var shift = 64 - 7

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

/// Strings numbered by their bytes, so that each is written once: a binary property list's
/// strings, a keyed archive's inline strings.
///
/// Swift's `==` on strings is canonical equivalence (`"\u{E9}" == "e\u{301}"`); Foundation's
/// `NSString` comparison and Apple's writers keep such strings apart, and so does this table, so
/// that every string reads back with the bytes it was written with. ASCII strings, the usual
/// case, are found in a table of their bytes (``ASCIIStringNumbers``); the others in a dictionary,
/// with a check of the bytes. The two stay apart until a string that is not ASCII could be
/// canonically equivalent to an ASCII one (only a string holding U+037E, U+1FEF or U+212A can),
/// when the ASCII strings move to the dictionary.
package struct StringNumbers {
    private var ascii = ASCIIStringNumbers()
    /// Whether ASCII strings are kept in ``ascii``, and only the others in ``others``.
    private var separatesASCII = true
    private var others: [String: Int] = [:]

    package init() {}

    /// The number of the string with the bytes of `string` when it has one; otherwise gives
    /// `string` `number` and returns `nil` (the caller writes the string as object `number`).
    package mutating func number(of string: String, elseInsert number: Int) -> Int? {
        var bytes = string
        if separatesASCII {
            // nil: not ASCII; .some(found): the ASCII table's answer.
            let found: Int?? = bytes.withUTF8 { utf8 in
                guard StringNumbers.isASCII(utf8) else { return nil }
                return .some(ascii.number(of: utf8, string, elseInsert: number))
            }
            if let found { return found }
            if StringNumbers.mayEqualASCII(string) {
                separatesASCII = false
                for entry in ascii.entries { others[entry.string] = entry.number }
            }
        }
        if let existing = others.index(forKey: string) {
            if StringNumbers.sameUTF8(others[existing].key, &bytes) { return others[existing].value }
            // Equal to Swift, other bytes: a string of its own (the table keeps the first).
            return nil
        }
        others[string] = number
        return nil
    }

    /// Whether every byte of `utf8` is below 0x80.
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen: UInt8 = 0
        for byte in utf8 { seen |= byte }
        return seen < 0x80
    }

    /// Whether `string` has one of the scalars whose canonical decomposition is ASCII (U+037E
    /// `;`, U+1FEF `` ` ``, U+212A `K`): only such a string can be canonically equivalent to an
    /// ASCII string.
    private static func mayEqualASCII(_ string: String) -> Bool {
        string.unicodeScalars.contains { $0.value == 0x037E || $0.value == 0x1FEF || $0.value == 0x212A }
    }

    private static func sameUTF8(_ stored: String, _ string: inout String) -> Bool {
        var stored = stored
        return stored.withUTF8 { a in string.withUTF8 { b in a.elementsEqual(b) } }
    }
}

/// The ASCII strings a binary property list writer has numbered, found again by their bytes,
/// with a cheap hash (see ``ScalarNumbers``).
///
/// For ASCII text, byte equality is Swift's string equality (see ``StringNumbers``).
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

    // 128 slots, as ``ScalarNumbers``: most archives hold more than 32 strings.
    private var slots = [Slot](repeating: Slot(hash: 0, start: 0, count: 0, numberPlusOne: 0), count: 128)
    /// The bytes of every string numbered, in the order they were added.
    private var bytes: [UInt8] = []
    /// The strings, with their object numbers, in the order they were added.
    private(set) var entries: [(string: String, number: Int)] = []
    private var shift = 64 - 7

    init() {
        bytes.reserveCapacity(1024)
        entries.reserveCapacity(64)
    }

    /// Whether two byte runs of the same length are the same bytes, compared eight at a time (a
    /// generic loop over two sequences cost about 270 instructions per string).
    @inline(__always)
    static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
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
