import KryoCore

/// The scalars a binary property list writer has numbered, found again by value, so that each
/// equal scalar is written once as Apple's writer does: open addressing with a multiplicative
/// hash, which costs a few instructions where Swift's seeded `Hasher` costs about a hundred.
///
/// A key is a kind (integer, UID, real, date…) and 64 bits: the number itself, or a real's bit
/// pattern (so that `0.0` and `-0.0` stay apart).
struct ScalarNumbers {
    private struct Entry {
        var bits: UInt64
        var kind: UInt8
        var number: Int
    }

    /// The scalars, in the order they were numbered.
    private var entries: [Entry] = []
    /// Where each key is in ``entries``, found by its hash (``OpenSlots``).
    private var slots = OpenSlots()

    init() {
        entries.reserveCapacity(OpenSlots.initialCount / 2)
    }

    /// The number of the scalar of `kind` and `bits` when it has one; otherwise gives it
    /// `number` and returns `nil`.
    mutating func number(of bits: UInt64, kind: UInt8, elseInsert number: Int) -> Int? {
        let hash = (bits ^ UInt64(kind) << 59) &* OpenSlots.multiplier
        let found = entries.withUnsafeBufferPointer { entries in
            slots.find(hash) { entries[$0].bits == bits && entries[$0].kind == kind }
        }
        if case .found(let position) = found { return entries[position].number }
        entries.append(Entry(bits: bits, kind: kind, number: number))
        if slots.insert(entries.count - 1, at: found) {
            let entries = entries
            slots.grow { (entries[$0].bits ^ UInt64(entries[$0].kind) << 59) &* OpenSlots.multiplier }
        }
        return nil
    }
}

/// The open-addressing slots of a uniquing table (``ScalarNumbers``, ``ShortASCIIStringNumbers``,
/// ``ASCIIStringNumbers``): each slot holds the position of an entry in the table's own list of
/// entries, plus one (0 for an empty slot), and is found from the top bits of the entry's hash.
///
/// A slot is one word, so that a new table (one per property list written) clears 1 KB rather
/// than a whole table of entries; the entries themselves are appended in order.
struct OpenSlots {
    /// A table starts with this many slots: a keyed archive of a few objects numbers more than
    /// 32 scalars and strings, and growing (a second allocation and a rehash) cost more than the
    /// larger first fill.
    static let initialCount = 128
    /// The multiplier of the tables' hashes (2^64 divided by the golden ratio).
    static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    private var slots = [Int](repeating: 0, count: OpenSlots.initialCount)
    private var count = 0
    private var shift = UInt64(64 - OpenSlots.initialCount.trailingZeroBitCount)

    /// What ``find(_:_:)`` found: an entry's position, or the empty slot where it goes.
    enum Search {
        case found(Int)
        case empty(slot: Int)
    }

    /// The entry of `hash` that `matches`, among those whose slots follow the slot of `hash`;
    /// else the first empty slot there.
    @inline(__always)
    func find(_ hash: UInt64, matches: (Int) -> Bool) -> Search {
        var index = Int(truncatingIfNeeded: hash >> shift)
        let mask = slots.count - 1
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let stored = slots[index]
                if stored == 0 { return .empty(slot: index) }
                if matches(stored - 1) { return .found(stored - 1) }
                index = (index + 1) & mask
            }
        }
    }

    /// Puts `position` in the empty slot `find` returned; `true` when the slots are then more
    /// than half full, and the caller must ``grow(_:)`` them.
    @inline(__always)
    mutating func insert(_ position: Int, at search: Search) -> Bool {
        guard case .empty(let slot) = search else { return false }
        slots[slot] = position + 1
        count += 1
        return count * 2 > slots.count
    }

    /// Doubles the slots, placing each entry again by its hash (`hash` of its position).
    mutating func grow(_ hash: (Int) -> UInt64) {
        let old = slots
        slots = [Int](repeating: 0, count: old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for stored in old where stored != 0 {
            var index = Int(truncatingIfNeeded: hash(stored - 1) >> shift)
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = stored
        }
    }
}

/// Strings numbered by their bytes, so that each is written once: a binary property list's
/// strings, a keyed archive's inline strings.
///
/// Swift's `==` on strings is canonical equivalence (`"\u{E9}" == "e\u{301}"`); Foundation's
/// `NSString` comparison and Apple's writers keep such strings apart, and so does this table, so
/// that every string reads back with the bytes it was written with. ASCII strings, the usual
/// case, are found by their bytes: those of at most 15 bytes (most keys and many values) by the
/// bits of the small string that holds them (``ShortASCIIStringNumbers``), longer ones in a table
/// of their bytes (``ASCIIStringNumbers``). The others are in a dictionary, with a check of the
/// bytes. The two stay apart until a string that is not ASCII could be canonically equivalent to
/// an ASCII one (only a string holding U+037E, U+1FEF or U+212A can), when the ASCII strings move
/// to the dictionary.
package struct StringNumbers {
    private var short = ShortASCIIStringNumbers()
    private var ascii = ASCIIStringNumbers()
    /// Whether ASCII strings are kept in ``short`` and ``ascii``, and only the others in ``others``.
    private var separatesASCII = true
    private var others: [String: Int] = [:]
    /// ``SmallString/isAvailable``, read once per table rather than once per string.
    private let usesSmallStrings = SmallString.isAvailable

    package init() {}

    /// The number of the string with the bytes of `string` when it has one; otherwise gives
    /// `string` `number` and returns `nil` (the caller writes the string as object `number`).
    @inline(__always)
    package mutating func number(of string: String, elseInsert number: Int) -> Int? {
        if separatesASCII, usesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: string) {
            return short.number(of: bits, elseInsert: number)
        }
        return self.number(ofBytes: string, elseInsert: number)
    }

    /// ``number(of:elseInsert:)`` for a string that is not a small ASCII string (or for every
    /// string once the ASCII strings are in the dictionary).
    private mutating func number(ofBytes string: String, elseInsert number: Int) -> Int? {
        var bytes = string
        if separatesASCII {
            // nil: not ASCII; .some(found): the ASCII tables' answer.
            let found: Int?? = bytes.withUTF8 { utf8 in
                guard StringNumbers.isASCII(utf8) else { return nil }
                // A short string kept in a buffer of its own: found by the bits of the small
                // string of its bytes, as a small string of the same bytes is.
                if usesSmallStrings, utf8.count <= SmallString.capacity, let base = utf8.baseAddress,
                    let bits = SmallString.asciiBits(ofCheckedLayout: SmallString.makeUTF8(base, count: utf8.count))
                {
                    return .some(short.number(of: bits, elseInsert: number))
                }
                return .some(ascii.number(of: utf8, string, elseInsert: number))
            }
            if let found { return found }
            if StringNumbers.mayEqualASCII(string) {
                separatesASCII = false
                for entry in short.entries { others[entry.string] = entry.number }
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

/// The ASCII strings of at most 15 bytes a binary property list writer has numbered, found again
/// by the bits of the small string that holds their bytes (``SmallString/ASCIIBits``), which are
/// equal exactly when the bytes are: no bytes are copied or compared one by one.
struct ShortASCIIStringNumbers {
    private struct Entry {
        /// The two words of the small string.
        var words: (low: UInt64, high: UInt64)
        var number: Int
    }

    /// The strings, in the order they were numbered.
    private var list: [Entry] = []
    /// Where each string is in ``list``, found by its hash (``OpenSlots``).
    private var slots = OpenSlots()

    init() {
        list.reserveCapacity(OpenSlots.initialCount / 2)
    }

    /// The strings, with their numbers, in the order they were numbered.
    var entries: [(string: String, number: Int)] {
        // A small string's bits are its whole value (``SmallString``).
        list.map { (unsafeBitCast($0.words, to: String.self), $0.number) }
    }

    /// The number of the string whose small-string bits are `bits` when it has one; otherwise
    /// gives it `number` and returns `nil`.
    @inline(__always)
    mutating func number(of bits: SmallString.ASCIIBits, elseInsert number: Int) -> Int? {
        let words = withUnsafeBytes(of: bits) { $0.loadUnaligned(as: (low: UInt64, high: UInt64).self) }
        let hash = ShortASCIIStringNumbers.hash(words)
        let found = list.withUnsafeBufferPointer { list in
            slots.find(hash) { list[$0].words == words }
        }
        if case .found(let position) = found { return list[position].number }
        list.append(Entry(words: words, number: number))
        if slots.insert(list.count - 1, at: found) {
            let list = list
            slots.grow { ShortASCIIStringNumbers.hash(list[$0].words) }
        }
        return nil
    }

    @inline(__always)
    private static func hash(_ words: (low: UInt64, high: UInt64)) -> UInt64 {
        (words.low ^ words.high &* OpenSlots.multiplier) &* OpenSlots.multiplier
    }
}

/// The ASCII strings a binary property list writer has numbered, found again by their bytes,
/// with a cheap hash (see ``ScalarNumbers``): those of more than 15 bytes, and any where small
/// strings are not available (see ``StringNumbers``).
///
/// For ASCII text, byte equality is Swift's string equality (see ``StringNumbers``).
///
/// The bytes of the strings are kept one after the other in one buffer, so that finding a string
/// again compares bytes without touching the `String` it came from.
struct ASCIIStringNumbers {
    private struct Entry {
        var hash: UInt64
        /// Where the string's bytes start in `bytes`.
        var start: Int
        var count: Int
        var number: Int
    }

    /// Where each string is in ``list``, found by its hash (``OpenSlots``).
    private var slots = OpenSlots()
    private var list: [Entry] = []
    /// The bytes of every string numbered, in the order they were added.
    private var bytes: [UInt8] = []
    /// The strings, with their object numbers, in the order they were added.
    private(set) var entries: [(string: String, number: Int)] = []

    init() {
        bytes.reserveCapacity(1024)
        list.reserveCapacity(32)
        entries.reserveCapacity(32)
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
        let found = list.withUnsafeBufferPointer { list in
            bytes.withUnsafeBytes { stored in
                slots.find(hash) { position in
                    list[position].hash == hash && list[position].count == utf8.count
                        && ASCIIStringNumbers.equal(stored, from: list[position].start, utf8)
                }
            }
        }
        if case .found(let position) = found { return list[position].number }
        list.append(Entry(hash: hash, start: bytes.count, count: utf8.count, number: number))
        bytes.append(contentsOf: utf8)
        entries.append((string, number))
        if slots.insert(list.count - 1, at: found) {
            let list = list
            slots.grow { list[$0].hash }
        }
        return nil
    }

    /// A multiplicative hash of `bytes`, eight at a time.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        WordwiseBytes.hash(UnsafeRawBufferPointer(bytes))
    }
}
