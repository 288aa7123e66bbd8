import KryoCore
import OrderedCollections

/// Reads Apple's binary property list, `bplist00`.
///
/// Layout: the 8-byte magic, the objects, an offset table (one big-endian offset per object),
/// and a 32-byte trailer: 5 unused bytes, a sort version, the offset size, the object-reference
/// size, the object count, the index of the top object and the offset of the offset table (the
/// last three as big-endian 64-bit integers). Each object starts with a marker byte whose high
/// nibble is its type and low nibble its size or count (`0xF`: the count follows as an integer
/// object).
///
/// Every offset, reference, count and length is checked before it is used. Decoded objects are
/// kept by index, so an object referenced many times is decoded once (copy-on-write values make
/// the sharing cheap), and a container that contains itself is an error.
package struct BinaryPropertyListReader {
    /// Where the objects lie.
    package let layout: BinaryPropertyListLayout
    let limits: PropertyListLimits
    /// The objects decoded so far, in the order they were.
    private var decoded: [PropertyListValue] = []
    /// Where each object is in ``decoded``, by index; -1 until it is decoded, and
    /// ``decodingMark`` while it is a container being decoded (on the current path from the top
    /// object): one array, one allocation, for both. (An array of optional values costs about 60
    /// instructions an object to fill and to destroy, decoded or not; integers are filled by
    /// `memset`.)
    private var decodedPosition: [Int]
    /// What ``decodedPosition`` holds for a container being decoded.
    private static let decodingMark = -2
    /// The most values ``decoded`` has room for before the first is decoded.
    private static let initialDecodedCapacity = 32
    private var depth = 0
    /// ``SmallString/isAvailable``, read once per property list rather than once per string.
    let makesSmallStrings = SmallString.isAvailable
    /// The values each decoded container holds, itself included, counting a container it
    /// shares with others at every place (``PropertyListLimits/maxExpandedCount``), by index;
    /// empty when the count is unlimited. Scalars count 1.
    private(set) var expandedCounts: [Int]
    /// The values handed out by the in-place reads (``value(_:in:)``, ``materialize(_:)``),
    /// counted as ``expandedCounts`` counts them, within ``PropertyListLimits/maxExpandedCount``.
    var handedOut = 0
    /// What is known of each key object compared with a short ASCII key, by index
    /// (``key(_:of:equals:)``); empty until the first such comparison.
    var smallKeys: [SmallKey] = []

    /// A key object, as ``key(_:of:equals:)`` knows it.
    enum SmallKey {
        case unknown
        /// A small ASCII string, with its bits.
        case bits(SmallString.ASCIIBits)
        /// Another string.
        case other
    }

    /// Checks the magic and the trailer.
    package init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) throws(SerializationError) {
        layout = try BinaryPropertyListLayout(bytes, limits: limits)
        self.limits = limits
        decodedPosition = Array(repeating: -1, count: layout.objectCount)
        // Room for the first values decoded (a keyed archive's header and strings), bounded: one
        // allocation rather than one each time the array doubles.
        decoded.reserveCapacity(min(layout.objectCount, Self.initialDecodedCapacity))
        expandedCounts = limits.maxExpandedCount == .max ? [] : Array(repeating: 1, count: layout.objectCount)
    }

    var bytes: UnsafeRawBufferPointer { layout.bytes }
    var referenceSize: Int { layout.referenceSize }
    var offsetTableOffset: Int { layout.offsetTableOffset }
    /// The index of the top object.
    package var topObject: Int { layout.topObject }

    /// Decodes the top object (and everything it references).
    mutating func readTopObject() throws(SerializationError) -> PropertyListValue {
        try readObject(topObject, referencedAt: bytes.count - BinaryPropertyListLayout.trailerSize + 16)
    }

    @inline(__always)
    func objectOffset(_ index: Int) throws(SerializationError) -> Int { try layout.objectOffset(index) }

    @inline(__always)
    func require(_ count: Int, at offset: Int, for what: @autoclosure () -> String) throws(SerializationError) {
        try layout.require(count, at: offset, for: what())
    }

    @inline(__always)
    func readCount(marker: UInt8, at offset: Int) throws(SerializationError) -> (count: Int, start: Int) {
        try layout.readCount(marker: marker, at: offset)
    }

    @inline(__always)
    func reference(at offset: Int) throws(SerializationError) -> Int { try layout.reference(at: offset) }

    @inline(__always)
    func readUnsigned(at offset: Int, size: Int) -> UInt64 { layout.readUnsigned(at: offset, size: size) }

    // MARK: - Objects

    mutating func readObject(_ index: Int, referencedAt referenceOffset: Int) throws(SerializationError)
        -> PropertyListValue
    {
        if case let position = decodedPosition[index], position >= 0 { return decoded[position] }
        if decodedPosition[index] == Self.decodingMark {
            throw SerializationError(
                .invalidReference, expected: "a reference to an object outside its own contents",
                found: "a cycle back to object \(index)", offset: referenceOffset)
        }
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        let value: PropertyListValue
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .bool(false)
            case 0x09: value = .bool(true)
            default:
                throw SerializationError(
                    .unsupported,
                    expected: "a property-list object (null and fill bytes have no property-list value)",
                    found: "marker \(hex(marker))", offset: offset)
            }
        case 0x1:
            value = try readInteger(marker: marker, at: offset)
        case 0x2:
            switch marker & 0x0F {
            case 2:
                try require(4, at: offset + 1, for: "a 4-byte real")
                let bits = UInt32(readUnsigned(at: offset + 1, size: 4))
                value = .float(Float(bitPattern: bits))
            case 3:
                try require(8, at: offset + 1, for: "an 8-byte real")
                value = .real(Double(bitPattern: readUnsigned(at: offset + 1, size: 8)))
            default:
                throw SerializationError(
                    .invalidValue, expected: "a 4- or 8-byte real (0x22 or 0x23)", found: hex(marker),
                    offset: offset)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw SerializationError(
                    .invalidValue, expected: "an 8-byte date (0x33)", found: hex(marker), offset: offset)
            }
            try require(8, at: offset + 1, for: "a date")
            value = .date(Double(bitPattern: readUnsigned(at: offset + 1, size: 8)))
        case 0x4:
            let (count, start) = try readCount(marker: marker, at: offset)
            try require(count, at: start, for: "data")
            value = .data(Array(UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])))
        case 0x5:
            let (count, start) = try readCount(marker: marker, at: offset)
            try require(count, at: start, for: "an ASCII string")
            value = .string(try readASCII(start, count))
        case 0x6:
            let (count, start) = try readCount(marker: marker, at: offset)
            guard count <= (offsetTableOffset - start) / 2 else {
                throw SerializationError(
                    .lengthExceedsInput, expected: "a UTF-16 string of \(count) code units",
                    found: "\(offsetTableOffset - start) bytes before the offset table", offset: start)
            }
            value = .string(readUTF16(start, count))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            try require(size, at: offset + 1, for: "a UID")
            // Sizes above 8 bytes are accepted when the extra high bytes are zero.
            for extra in offset + 1..<offset + 1 + max(0, size - 8) where bytes[extra] != 0 {
                throw SerializationError(
                    .unsupported, expected: "a UID that fits in 64 bits", found: "a \(size)-byte UID",
                    offset: extra)
            }
            value = .uid(readUnsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8)))
        case 0xA, 0xC:
            value = .array(try readArray(index, marker: marker, at: offset))
        case 0xD:
            value = .dictionary(try readDictionary(index, marker: marker, at: offset))
        default:
            throw SerializationError(
                .invalidValue, expected: "an object marker", found: hex(marker), offset: offset)
        }
        decodedPosition[index] = decoded.count
        decoded.append(value)
        return value
    }

    private func readInteger(marker: UInt8, at offset: Int) throws(SerializationError) -> PropertyListValue {
        let sizeExponent = marker & 0x0F
        guard sizeExponent <= 4 else {
            throw SerializationError(
                .invalidValue, expected: "an integer of 1, 2, 4, 8 or 16 bytes (0x10 to 0x14)",
                found: hex(marker), offset: offset)
        }
        let size = 1 << Int(sizeExponent)
        try require(size, at: offset + 1, for: "an integer")
        switch size {
        case 1, 2, 4:
            return .integer(Int64(readUnsigned(at: offset + 1, size: size)))
        case 8:
            return .integer(Int64(bitPattern: readUnsigned(at: offset + 1, size: 8)))
        default:
            // 16 bytes: the high half is 0 for values up to UInt64.max, all ones for negatives.
            let high = readUnsigned(at: offset + 1, size: 8)
            let low = readUnsigned(at: offset + 9, size: 8)
            if high == 0 {
                return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
            }
            if high == UInt64.max && low > UInt64(Int64.max) {
                return .integer(Int64(bitPattern: low))
            }
            throw SerializationError(
                .unsupported, expected: "a 128-bit integer within Int64.min...UInt64.max",
                found: "high bits \(hex(high))", offset: offset)
        }
    }

    private func readASCII(_ start: Int, _ count: Int) throws(SerializationError) -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
        // Eight bytes at a time; the byte at fault is looked for only when there is one.
        var seen: UInt64 = 0
        var position = 0
        while position + 8 <= count {
            seen |= slice.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            position += 8
        }
        while position < count {
            seen |= UInt64(slice[position])
            position += 1
        }
        if seen & 0x8080_8080_8080_8080 != 0 {
            for position in 0..<count where slice[position] >= 0x80 {
                throw SerializationError(
                    .invalidValue, expected: "an ASCII byte in an ASCII string (0x5_)",
                    found: hex(slice[position]), offset: start + position)
            }
        }
        // Short strings (most keys and class names) are made from their checked bytes directly.
        if count <= SmallString.capacity, makesSmallStrings, let base = slice.baseAddress {
            return SmallString.makeUTF8(base.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A UTF-16 string. A surrogate without its other half (half of an emoji cut by an app, which
    /// `NSString` holds) cannot be in a Swift string: it reads as U+FFFD, as Foundation's bridge
    /// to `String` repairs it (``PropertyList/holdsUnpairedSurrogates(_:)`` tells the bytes hold one).
    private func readUTF16(_ start: Int, _ count: Int) -> String {
        // Each UTF-16 code unit becomes at most 3 UTF-8 bytes (a surrogate pair, 2 units, 4 bytes).
        String(unsafeUninitializedCapacity: count * 3) { buffer in
            var written = 0
            var unitIndex = 0
            while unitIndex < count {
                let unit = UInt32(readUnsigned(at: start + unitIndex * 2, size: 2))
                var scalar = unit
                if unit >= 0xD800 && unit <= 0xDFFF {
                    let low =
                        unitIndex + 1 < count ? UInt32(readUnsigned(at: start + unitIndex * 2 + 2, size: 2)) : 0
                    if unit <= 0xDBFF, low >= 0xDC00, low <= 0xDFFF {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        unitIndex += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                unitIndex += 1
                if scalar < 0x80 {
                    buffer[written] = UInt8(scalar)
                    written += 1
                } else if scalar < 0x800 {
                    buffer[written] = UInt8(0xC0 | scalar >> 6)
                    buffer[written + 1] = UInt8(0x80 | scalar & 0x3F)
                    written += 2
                } else if scalar < 0x10000 {
                    buffer[written] = UInt8(0xE0 | scalar >> 12)
                    buffer[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[written + 2] = UInt8(0x80 | scalar & 0x3F)
                    written += 3
                } else {
                    buffer[written] = UInt8(0xF0 | scalar >> 18)
                    buffer[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    buffer[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[written + 3] = UInt8(0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            return written
        }
    }

    /// Enters container `index`: checks the depth and marks it as being decoded.
    /// Pair it with ``leave(_:)`` on every way out, a failure too: a reader that goes on after
    /// a failed read (a keyed archive's, counting references) must not find the container still
    /// marked, as if a later reference to it were a cycle.
    private mutating func enter(_ index: Int, at offset: Int) throws(SerializationError) {
        guard depth < limits.maxDepth else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(limits.maxDepth) nested containers",
                found: "deeper nesting", offset: offset)
        }
        depth += 1
        decodedPosition[index] = Self.decodingMark
    }

    private mutating func leave(_ index: Int) {
        depth -= 1
        decodedPosition[index] = -1
    }

    /// Records how many values container `index` holds, counted at every place (once read whole).
    private mutating func record(_ index: Int, expanded: Int) {
        if !expandedCounts.isEmpty { expandedCounts[index] = expanded }
    }

    /// Adds the values of decoded object `element` to `expanded`, the count so far of the
    /// container at `offset` (or, with `isReference`, of the values handed out in place, the
    /// last through the reference at `offset`), within ``PropertyListLimits/maxExpandedCount``.
    @inline(__always)
    func expand(_ expanded: inout Int, by element: Int, at offset: Int, isReference: Bool = false)
        throws(SerializationError)
    {
        guard !expandedCounts.isEmpty else { return }
        let (sum, overflow) = expanded.addingReportingOverflow(expandedCounts[element])
        guard !overflow, sum <= limits.maxExpandedCount else {
            throw SerializationError(
                .sizeLimitExceeded,
                expected:
                    "at most \(limits.maxExpandedCount) values counting an array or dictionary at every place "
                    + "that refers to it",
                found:
                    "more \(isReference ? "at the reference" : "in the container") at offset \(offset) "
                    + "(containers that share their contents)",
                offset: offset)
        }
        expanded = sum
    }

    private mutating func readArray(_ index: Int, marker: UInt8, at offset: Int) throws(SerializationError)
        -> [PropertyListValue]
    {
        let (count, start) = try readCount(marker: marker, at: offset)
        guard count <= (offsetTableOffset - start) / referenceSize else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(count) object references of \(referenceSize) bytes",
                found: "\(offsetTableOffset - start) bytes before the offset table", offset: start)
        }
        try enter(index, at: offset)
        defer { leave(index) }
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(count)
        var expanded = 1
        for position in 0..<count {
            let referenceOffset = start + position * referenceSize
            let element = try reference(at: referenceOffset)
            elements.append(try readObject(element, referencedAt: referenceOffset))
            try expand(&expanded, by: element, at: offset)
        }
        record(index, expanded: expanded)
        return elements
    }

    private mutating func readDictionary(_ index: Int, marker: UInt8, at offset: Int) throws(SerializationError)
        -> PropertyListDictionary
    {
        let (count, start) = try readCount(marker: marker, at: offset)
        guard count <= (offsetTableOffset - start) / referenceSize / 2 else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(count * 2) object references of \(referenceSize) bytes",
                found: "\(offsetTableOffset - start) bytes before the offset table", offset: start)
        }
        try enter(index, at: offset)
        defer { leave(index) }
        var dictionary = PropertyListDictionary(minimumCapacity: count)
        let valuesStart = start + count * referenceSize
        var expanded = 1
        for position in 0..<count {
            let keyOffset = start + position * referenceSize
            let keyIndex = try reference(at: keyOffset)
            guard case .string(let key) = try readObject(keyIndex, referencedAt: keyOffset) else {
                throw SerializationError(
                    .typeMismatch, expected: "a string dictionary key",
                    found: "object \(keyIndex) of another type", offset: keyOffset)
            }
            let valueOffset = valuesStart + position * referenceSize
            let valueIndex = try reference(at: valueOffset)
            dictionary[key] = try readObject(valueIndex, referencedAt: valueOffset)
            try expand(&expanded, by: keyIndex, at: offset)
            try expand(&expanded, by: valueIndex, at: offset)
        }
        record(index, expanded: expanded)
        return dictionary
    }
}

/// `0x` and two hex digits.
func hex(_ byte: UInt8) -> String {
    hex(UInt64(byte), digits: 2)
}

/// `0x` and the hex digits of `value`, at least `digits` of them.
func hex(_ value: UInt64, digits: Int = 1) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
}
