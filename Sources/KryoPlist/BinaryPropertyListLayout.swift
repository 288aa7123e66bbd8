import KryoCore

/// Where the objects of a binary property list lie: its bytes and its checked trailer, and the
/// checked reads of offsets, references and counts that every reader of the format shares
/// (``BinaryPropertyListReader``, which builds values, and the in-place reads of
/// `BinaryPropertyListReader+InPlace.swift`).
///
/// It holds no reference-counted storage, so that a copy costs nothing.
package struct BinaryPropertyListLayout {
    let bytes: UnsafeRawBufferPointer
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    /// The index of the top object.
    package let topObject: Int
    let offsetTableOffset: Int

    static let trailerSize = 32
    /// The size of the magic, `bplist00` (``PropertyList/binaryMagic``).
    static var magicSize: Int { 8 }

    /// Checks the magic and the trailer.
    init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) throws(SerializationError) {
        self.bytes = bytes
        let magic = PropertyList.binaryMagic
        guard bytes.count >= magic.count else {
            throw SerializationError(
                .truncatedInput, expected: "the 8-byte magic 'bplist00'",
                found: "a truncated file of \(bytes.count) byte\(bytes.count == 1 ? "" : "s")",
                offset: bytes.count)
        }
        guard bytes.prefix(magic.count).elementsEqual(magic) else {
            throw SerializationError(
                .unsupported, expected: "the magic 'bplist00'",
                found: "'\(String(decoding: bytes.prefix(8), as: UTF8.self))'", offset: 0)
        }
        // The smallest binary plist: magic, a one-byte object, a one-byte offset table, trailer.
        guard bytes.count >= magic.count + 2 + Self.trailerSize else {
            throw SerializationError(
                .truncatedInput, expected: "objects, an offset table and the 32-byte trailer after the magic",
                found: "a truncated file of \(bytes.count) bytes", offset: bytes.count)
        }
        let trailer = bytes.count - Self.trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = Self.readUInt64(bytes, at: trailer + 8)
        let topObject = Self.readUInt64(bytes, at: trailer + 16)
        let tableOffset = Self.readUInt64(bytes, at: trailer + 24)
        // A trailer starts with five unused bytes and the sort version, all zero. When they are
        // not and the trailer's values do not fit the file either, the last 32 bytes are the
        // middle of the objects or offset table of a file that was cut short.
        if !bytes[trailer..<trailer + 6].allSatisfy({ $0 == 0 }),
            !Self.isSound(
                offsetSize: offsetSize, referenceSize: referenceSize, objectCount: objectCount, topObject: topObject,
                tableOffset: tableOffset, trailer: trailer)
        {
            throw SerializationError(
                .truncatedInput, expected: "the 32-byte trailer at the end of the binary property list",
                found: "a truncated file (its last 32 bytes are not a trailer)", offset: bytes.count)
        }
        guard (1...8).contains(offsetSize) else {
            throw SerializationError(
                .invalidValue, expected: "an offset size of 1 to 8 bytes", found: "\(offsetSize)",
                offset: trailer + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw SerializationError(
                .invalidValue, expected: "an object reference size of 1 to 8 bytes",
                found: "\(referenceSize)", offset: trailer + 7)
        }
        // Each object takes at least one byte and one offset-table entry.
        guard objectCount >= 1, objectCount <= UInt64(trailer - magic.count) / UInt64(offsetSize + 1) else {
            throw SerializationError(
                .lengthExceedsInput, expected: "an object count that fits in the file",
                found: "\(objectCount)", offset: trailer + 8)
        }
        guard objectCount <= UInt64(limits.maxObjectCount) else {
            throw SerializationError(
                .sizeLimitExceeded, expected: "at most \(limits.maxObjectCount) objects",
                found: "\(objectCount)", offset: trailer + 8)
        }
        guard topObject < objectCount else {
            throw SerializationError(
                .invalidReference, expected: "a top object below the object count \(objectCount)",
                found: "\(topObject)", offset: trailer + 16)
        }
        let tableSize = Int(objectCount) * offsetSize
        guard tableOffset > UInt64(magic.count), tableOffset <= UInt64(trailer - tableSize) else {
            throw SerializationError(
                .lengthExceedsInput,
                expected: "an offset table between the objects and the trailer (\(tableSize) bytes)",
                found: "offset \(tableOffset)", offset: trailer + 24)
        }
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(objectCount)
        self.topObject = Int(topObject)
        self.offsetTableOffset = Int(tableOffset)
    }

    /// Whether a trailer's values describe a file whose trailer starts at `trailer`: the checks
    /// of `init`, which name the first one that fails.
    private static func isSound(
        offsetSize: Int, referenceSize: Int, objectCount: UInt64, topObject: UInt64, tableOffset: UInt64,
        trailer: Int
    ) -> Bool {
        let magic = PropertyList.binaryMagic.count
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1,
            objectCount <= UInt64(trailer - magic) / UInt64(offsetSize + 1), topObject < objectCount
        else { return false }
        let tableSize = Int(objectCount) * offsetSize
        return tableOffset > UInt64(magic) && tableOffset <= UInt64(trailer - tableSize)
    }

    static func readUInt64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// A big-endian unsigned integer of 1 to 8 bytes at `offset`.
    @inline(__always)
    func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        switch size {
        case 1: return UInt64(bytes[offset])
        case 2: return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return Self.readUInt64(bytes, at: offset)
        default:
            var value: UInt64 = 0
            for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
    }

    /// The offset of object `index`, checked to lie among the objects. Inlined (it is read for
    /// nearly every object a reader touches); the error is made apart.
    @inline(__always)
    func objectOffset(_ index: Int) throws(SerializationError) -> Int {
        let offset = readUnsigned(at: offsetTableOffset + index * offsetSize, size: offsetSize)
        // The magic's size as a constant: reading the global array costs a call on every object.
        guard offset >= UInt64(Self.magicSize), offset < UInt64(offsetTableOffset) else {
            throw badObjectOffset(offset, of: index)
        }
        return Int(offset)
    }

    /// The error of ``objectOffset(_:)`` for an offset outside the objects.
    @inline(never)
    private func badObjectOffset(_ offset: UInt64, of index: Int) -> SerializationError {
        SerializationError(
            .invalidValue,
            expected: "an object offset between 8 and the offset table (\(offsetTableOffset))",
            found: "\(offset) for object \(index)", offset: offsetTableOffset + index * offsetSize)
    }

    /// Throws unless `count` bytes from `offset` lie before the offset table.
    @inline(__always)
    func require(_ count: Int, at offset: Int, for what: @autoclosure () -> String)
        throws(SerializationError)
    {
        guard count <= offsetTableOffset - offset else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(what()) of \(count) bytes",
                found: "\(offsetTableOffset - offset) bytes before the offset table", offset: offset)
        }
    }

    /// The element count of the object whose marker is at `offset`, and where its content starts.
    func readCount(marker: UInt8, at offset: Int) throws(SerializationError) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, offset + 1) }
        let intOffset = offset + 1
        try require(1, at: intOffset, for: "the marker of a count")
        let intMarker = bytes[intOffset]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw SerializationError(
                .invalidValue, expected: "an integer marker (0x10 to 0x13) for a count",
                found: hex(intMarker), offset: intOffset)
        }
        let size = 1 << Int(intMarker & 0x0F)
        try require(size, at: intOffset + 1, for: "a count")
        let count = readUnsigned(at: intOffset + 1, size: size)
        // Every count is of something that takes at least one byte.
        guard count <= UInt64(offsetTableOffset) else {
            throw SerializationError(
                .lengthExceedsInput, expected: "a count that fits in the file", found: "\(count)",
                offset: intOffset)
        }
        return (Int(count), intOffset + 1 + size)
    }

    /// Reads `count` object references from `start` (the caller checked they are in bounds).
    @inline(__always)
    func reference(at offset: Int) throws(SerializationError) -> Int {
        let reference = readUnsigned(at: offset, size: referenceSize)
        guard reference < UInt64(objectCount) else {
            throw SerializationError(
                .invalidReference, expected: "an object reference below the object count \(objectCount)",
                found: "\(reference)", offset: offset)
        }
        return Int(reference)
    }
}

extension BinaryPropertyListLayout {
    /// Whether a UTF-16 string object holds a surrogate without its other half.
    func holdsUnpairedSurrogates() -> Bool {
        for index in 0..<objectCount {
            guard let offset = try? objectOffset(index), bytes[offset] >> 4 == 0x6,
                let (count, start) = try? readCount(marker: bytes[offset], at: offset),
                count <= (offsetTableOffset - start) / 2
            else { continue }
            var position = 0
            while position < count {
                let unit = readUnsigned(at: start + position * 2, size: 2)
                position += 1
                guard unit >= 0xD800, unit <= 0xDFFF else { continue }
                let low = position < count ? readUnsigned(at: start + position * 2, size: 2) : 0
                guard unit <= 0xDBFF, low >= 0xDC00, low <= 0xDFFF else { return true }
                position += 1
            }
        }
        return false
    }
}
