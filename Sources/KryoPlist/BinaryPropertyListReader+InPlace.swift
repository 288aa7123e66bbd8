import KryoCore

/// A dictionary of a binary property list, located but not built: its entries are read one at a
/// time, where they lie (``BinaryPropertyListReader/value(_:of:)``).
package struct BinaryPropertyListDictionary: Sendable {
    /// The dictionary's object index.
    package let index: Int
    /// How many entries it has.
    package let count: Int
    /// Where its key references start.
    let keys: Int
    /// Where its value references start (right after the keys').
    let values: Int
}

/// An array of a binary property list, located but not built.
package struct BinaryPropertyListArray: Sendable {
    /// The array's object index.
    package let index: Int
    /// How many elements it has.
    package let count: Int
    /// Where its element references start.
    let elements: Int
}

/// Locating the objects of a binary property list without building them, for a reader that
/// needs only some of its objects, or needs them one at a time (a keyed archive's reader, which
/// looks up each object's keys as a serializer asks for them): dictionaries and arrays are
/// located rather than built, and a key is compared with the bytes of an ASCII string in the file
/// without making a `String`. Every offset, reference and count is checked as
/// ``BinaryPropertyListReader`` checks it, with the same errors.
extension BinaryPropertyListLayout {
    /// Object `index` located as a dictionary, or `nil` when it is another kind of object.
    package func dictionary(_ index: Int) throws(SerializationError) -> BinaryPropertyListDictionary? {
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        guard marker >> 4 == 0xD else { return nil }
        let (count, start) = try readCount(marker: marker, at: offset)
        guard count <= (offsetTableOffset - start) / referenceSize / 2 else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(count * 2) object references of \(referenceSize) bytes",
                found: "\(offsetTableOffset - start) bytes before the offset table", offset: start)
        }
        return BinaryPropertyListDictionary(
            index: index, count: count, keys: start, values: start + count * referenceSize)
    }

    /// Object `index` located as an array, or `nil` when it is another kind of object.
    package func array(_ index: Int) throws(SerializationError) -> BinaryPropertyListArray? {
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        guard marker >> 4 == 0xA else { return nil }
        let (count, start) = try readCount(marker: marker, at: offset)
        guard count <= (offsetTableOffset - start) / referenceSize else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(count) object references of \(referenceSize) bytes",
                found: "\(offsetTableOffset - start) bytes before the offset table", offset: start)
        }
        return BinaryPropertyListArray(index: index, count: count, elements: start)
    }

    /// The object index of element `position` (below `array.count`) of `array`, and where its
    /// reference lies.
    package func element(_ position: Int, of array: BinaryPropertyListArray) throws(SerializationError)
        -> (index: Int, referencedAt: Int)
    {
        let offset = array.elements + position * referenceSize
        return (try reference(at: offset), offset)
    }

    /// The object index of value `position` (below `dictionary.count`) of `dictionary`.
    package func valueIndex(_ position: Int, of dictionary: BinaryPropertyListDictionary)
        throws(SerializationError) -> Int
    {
        try reference(at: dictionary.values + position * referenceSize)
    }

    /// The bytes of object `index` when it is an ASCII string, where they lie; `nil` for any
    /// other object. The bytes are not checked to be ASCII (reading the string checks them).
    package func asciiBytes(_ index: Int) throws(SerializationError) -> UnsafeRawBufferPointer? {
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        guard marker >> 4 == 0x5 else { return nil }
        let (count, start) = try readCount(marker: marker, at: offset)
        try require(count, at: start, for: "an ASCII string")
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
    }

    /// The bits of the small string of object `index` when it is an ASCII string of at most 14
    /// bytes (its count in its marker), read where it lies without making the string; `nil` for
    /// any other object, and for bytes that are not ASCII (reading the string reports them).
    /// Call only when ``SmallString/isAvailable``.
    func shortASCIIBits(_ index: Int) throws(SerializationError) -> SmallString.ASCIIBits? {
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        guard marker >> 4 == 0x5, marker & 0x0F != 0x0F else { return nil }
        let count = Int(marker & 0x0F)
        let start = offset + 1
        try require(count, at: start, for: "an ASCII string")
        guard let base = bytes.baseAddress else { return nil }
        var seen: UInt8 = 0
        for position in start..<start + count { seen |= bytes[position] }
        guard seen < 0x80 else { return nil }
        let string = SmallString.makeUTF8((base + start).assumingMemoryBound(to: UInt8.self), count: count)
        return SmallString.asciiBits(ofCheckedLayout: string)
    }

    /// Object `index` when it is a UID of at most 8 bytes, an integer of at most 8 bytes or a
    /// boolean, read where it lies, with the checks and values of
    /// ``BinaryPropertyListReader/readObject(_:referencedAt:)``; `nil` for any other object.
    func smallScalar(_ index: Int) throws(SerializationError) -> PropertyListValue? {
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        switch marker {
        case 0x80...0x87:
            let size = Int(marker & 0x0F) + 1
            try require(size, at: offset + 1, for: "a UID")
            return .uid(readUnsigned(at: offset + 1, size: size))
        case 0x10...0x13:
            let size = 1 << Int(marker & 0x0F)
            try require(size, at: offset + 1, for: "an integer")
            return .integer(Int64(bitPattern: readUnsigned(at: offset + 1, size: size)))
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        default: return nil
        }
    }

    /// Whether key `position` (below `dictionary.count`) of `dictionary` is the ASCII string whose
    /// bytes are `ascii`, compared where it lies; `nil` when the key is not stored as an ASCII
    /// string (``BinaryPropertyListReader/key(_:of:equals:)`` then reads it).
    func key(
        _ position: Int, of dictionary: BinaryPropertyListDictionary, equalsASCII ascii: UnsafeBufferPointer<UInt8>
    )
        throws(SerializationError) -> Bool?
    {
        let index = try reference(at: dictionary.keys + position * referenceSize)
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        guard marker >> 4 == 0x5 else { return nil }
        let count = Int(marker & 0x0F)
        let start: Int
        if count != 0x0F {
            start = offset + 1
            try require(count, at: start, for: "an ASCII string")
            guard count == ascii.count else { return false }
        } else {
            let (longCount, longStart) = try readCount(marker: marker, at: offset)
            try require(longCount, at: longStart, for: "an ASCII string")
            guard longCount == ascii.count else { return false }
            start = longStart
        }
        guard let left = bytes.baseAddress, let right = ascii.baseAddress else { return true }
        return ASCIIStringNumbers.equal(left + start, UnsafeRawPointer(right), count: ascii.count)
    }
}

/// Reading the values of a binary property list one at a time, where they lie (see
/// ``BinaryPropertyListLayout``). A value handed out whole (``value(_:of:)``,
/// ``object(_:referencedAt:)``, ``materialize(_:)``) counts towards
/// ``PropertyListLimits/maxExpandedCount`` with every value it holds, so that shared containers
/// handed out many times are bounded as a tree's are.
extension BinaryPropertyListReader {
    /// Whether key `position` (below `dictionary.count`) of `dictionary` is `key`.
    ///
    /// A short ASCII key (most coder keys) is compared by its bits with the key in the file, made
    /// once per key object and kept (writers store each key once and refer to it from every
    /// dictionary); a longer ASCII key is compared with the bytes where they lie; any other key
    /// is read.
    ///
    /// - Throws: When the key is not a string, or is malformed.
    package mutating func key(
        _ position: Int, of dictionary: BinaryPropertyListDictionary, equals key: String
    ) throws(SerializationError) -> Bool {
        guard makesSmallStrings, let wanted = SmallString.asciiBits(ofCheckedLayout: key) else {
            return try self.key(position, of: dictionary, equalsLong: key)
        }
        let referenceOffset = dictionary.keys + position * referenceSize
        let index = try reference(at: referenceOffset)
        if smallKeys.isEmpty { smallKeys = Array(repeating: .unknown, count: layout.objectCount) }
        switch smallKeys[index] {
        case .bits(let bits): return bits.matches(wanted)
        case .other: return false
        case .unknown:
            // Most keys are short ASCII strings, known by their bits without making them.
            if let bits = try layout.shortASCIIBits(index) {
                smallKeys[index] = .bits(bits)
                return bits.matches(wanted)
            }
            guard case .string(let stored) = try readObject(index, referencedAt: referenceOffset) else {
                throw SerializationError(
                    .typeMismatch, expected: "a string dictionary key", found: "object \(index) of another type",
                    offset: referenceOffset)
            }
            // A key of at most 15 ASCII bytes, as its small string (one stored as UTF-16 is read
            // into a string the standard library does not make small); any other key cannot
            // equal `key`.
            guard let bits = SmallString.asciiBits(ofAnyForm: stored) else {
                smallKeys[index] = .other
                return stored == key
            }
            smallKeys[index] = .bits(bits)
            return bits.matches(wanted)
        }
    }

    /// The small-string bits of key `position` (below `dictionary.count`) of `dictionary` when it
    /// is stored as an ASCII string of at most 14 bytes, read where it lies (and not kept); `nil`
    /// for any other key, which ``key(_:of:)`` then reads, with its errors.
    package func shortASCIIKey(_ position: Int, of dictionary: BinaryPropertyListDictionary)
        throws(SerializationError) -> SmallString.ASCIIBits?
    {
        guard makesSmallStrings else { return nil }
        return try layout.shortASCIIBits(try reference(at: dictionary.keys + position * referenceSize))
    }

    /// ``key(_:of:equals:)`` for a key that is not a small ASCII string.
    private mutating func key(_ position: Int, of dictionary: BinaryPropertyListDictionary, equalsLong key: String)
        throws(SerializationError) -> Bool
    {
        var key = key
        // Bytes equal to an ASCII key are well formed; any others are checked as a string's.
        let layout = layout
        let compared = key.withUTF8 { utf8 in
            Result { () throws(SerializationError) in
                StringNumbers.isASCII(utf8) ? try layout.key(position, of: dictionary, equalsASCII: utf8) : nil
            }
        }
        if let equal = try compared.get() { return equal }
        return try self.key(position, of: dictionary) == key
    }

    /// Key `position` (below `dictionary.count`) of `dictionary`.
    ///
    /// - Throws: When the key is not a string, or is malformed.
    package mutating func key(_ position: Int, of dictionary: BinaryPropertyListDictionary)
        throws(SerializationError) -> String
    {
        let referenceOffset = dictionary.keys + position * referenceSize
        let index = try reference(at: referenceOffset)
        guard case .string(let key) = try readObject(index, referencedAt: referenceOffset) else {
            throw SerializationError(
                .typeMismatch, expected: "a string dictionary key", found: "object \(index) of another type",
                offset: referenceOffset)
        }
        return key
    }

    /// Value `position` (below `dictionary.count`) of `dictionary`, read whole.
    package mutating func value(_ position: Int, of dictionary: BinaryPropertyListDictionary)
        throws(SerializationError) -> PropertyListValue
    {
        let referenceOffset = dictionary.values + position * referenceSize
        let index = try reference(at: referenceOffset)
        // UIDs and numbers, most values of a keyed archive's objects, are read again where they
        // lie rather than kept: reading one costs less than keeping it.
        if let scalar = try layout.smallScalar(index) {
            try handOut(index, at: referenceOffset)
            return scalar
        }
        return try object(index, referencedAt: referenceOffset)
    }

    /// Object `index`, read whole; `referenceOffset` is where the reference to it lies, for errors.
    package mutating func object(_ index: Int, referencedAt referenceOffset: Int) throws(SerializationError)
        -> PropertyListValue
    {
        let value = try readObject(index, referencedAt: referenceOffset)
        try handOut(index, at: referenceOffset)
        return value
    }

    /// `dictionary`, built whole.
    package mutating func materialize(_ dictionary: BinaryPropertyListDictionary) throws(SerializationError)
        -> PropertyListDictionary
    {
        let offset = try objectOffset(dictionary.index)
        guard case .dictionary(let entries) = try object(dictionary.index, referencedAt: offset) else {
            // `dictionary` was located as one.
            return [:]
        }
        return entries
    }

    /// Counts the values of object `index` as handed out.
    @inline(__always)
    private mutating func handOut(_ index: Int, at offset: Int) throws(SerializationError) {
        var total = handedOut
        try expand(&total, by: index, at: offset, isReference: true)
        handedOut = total
    }
}
