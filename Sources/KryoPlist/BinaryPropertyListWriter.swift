import KryoCore

/// Writes Apple's binary property list, `bplist00`, the way Apple's writer lays it out.
///
/// Objects are numbered in pre-order (a container, then all keys of a dictionary, then its
/// values, each with its own contents) and written in that order. Equal strings, integers,
/// reals, dates, data, booleans and UIDs are written once and referenced from every place they
/// occur; arrays and dictionaries are not compared. Integers, object references and offsets use
/// the fewest bytes that hold them (1, 2, 4 or 8).
///
/// The writer works in two passes: the first numbers the objects, encodes every scalar into one
/// scratch buffer and collects the object references of every container; the second, once the
/// object count (and so the reference size) is known, copies everything into an output buffer
/// of the exact final size.
///
/// A writer that knows its objects one at a time (a keyed archive's, as each is finished) adds
/// them with ``add(_:)``, ``addString(_:)``, ``addDictionary(keys:values:)`` and
/// ``addArray(_:)``, each child before its container, and ends with ``bytes(top:)``: the objects
/// are then laid out in the order they were added, the top object wherever it came.
package struct BinaryPropertyListWriter {
    private let maxDepth: Int
    private var depth = 0

    /// One object of the output, in object-number order.
    private struct Entry {
        enum Kind: UInt8 { case scalar, array, dictionary }
        var kind: Kind
        /// Scalars: the start of the encoded object in `scratch`; containers: the start of their
        /// references in `references`.
        var start: Int
        /// Scalars: the encoded size; arrays: the element count; dictionaries: the entry count.
        var count: Int
    }

    private var entries: [Entry] = []
    private var scratch: [UInt8] = []
    private var references: [Int] = []

    /// The strings numbered, by their bytes.
    private var strings = StringNumbers()
    /// Integers, reals (by bit pattern, so 0.0 and -0.0 stay apart), dates and UIDs.
    private var scalars = ScalarNumbers()
    private var datas: [[UInt8]: Int] = [:]
    private var booleans: (false: Int?, true: Int?) = (nil, nil)

    /// A writer of containers nested at most `maxDepth` deep, with room for about `objectCount`
    /// objects before its buffers grow (a writer that knows its objects one at a time, and
    /// roughly how many there will be, saves the copies of growing).
    package init(maxDepth: Int, reservingFor objectCount: Int = 0) {
        self.maxDepth = maxDepth
        if objectCount > 0 {
            entries.reserveCapacity(objectCount)
            // About 8 bytes a scalar and 2 references an object: a keyed archive's measure.
            scratch.reserveCapacity(objectCount * 8)
            references.reserveCapacity(objectCount * 2)
        }
    }

    /// The bytes of a binary property list whose top object is `value`.
    mutating func write(_ value: PropertyListValue) throws(SerializationError) -> [UInt8] {
        _ = try flatten(value)
        return assemble(top: 0)
    }

    // MARK: - Objects added one at a time

    /// Adds `value` (and its contents), or finds an equal scalar or string added before, and
    /// returns its object number.
    package mutating func add(_ value: PropertyListValue) throws(SerializationError) -> Int {
        try flatten(value)
    }

    /// Adds the scalar or string `value`, or finds an equal one added before, and returns its
    /// object number; `nil` for an array or a dictionary (``add(_:)`` adds those).
    package mutating func addScalar(_ value: PropertyListValue) -> Int? {
        flattenScalar(value)
    }

    /// Adds a string, or finds an equal one added before, and returns its object number.
    package mutating func addString(_ string: String) -> Int {
        flattenString(string)
    }

    /// Adds a dictionary of the objects numbered `keys` (strings) and `values`, pairwise, and
    /// returns its number.
    package mutating func addDictionary(keys: [Int], values: [Int]) -> Int {
        entries.append(Entry(kind: .dictionary, start: references.count, count: keys.count))
        references.append(contentsOf: keys)
        references.append(contentsOf: values)
        return entries.count - 1
    }

    /// Adds an array of the objects numbered `elements` and returns its number.
    package mutating func addArray(_ elements: [Int]) -> Int {
        entries.append(Entry(kind: .array, start: references.count, count: elements.count))
        references.append(contentsOf: elements)
        return entries.count - 1
    }

    /// The bytes of the property list of the objects added, whose top object is number `top`.
    package func bytes(top: Int) -> [UInt8] {
        assemble(top: top)
    }

    // MARK: - Pass 1: numbering and scalar encoding

    /// Starts a new scalar object in `scratch` and returns its number.
    private mutating func beginScalar() -> Int {
        entries.append(Entry(kind: .scalar, start: scratch.count, count: 0))
        return entries.count - 1
    }

    private mutating func endScalar(_ number: Int) {
        entries[number].count = scratch.count - entries[number].start
    }

    /// Appends a marker whose low nibble is `count`, or `0xF` followed by an integer object.
    private mutating func appendMarker(_ type: UInt8, count: Int) {
        if count < 15 {
            scratch.append(type << 4 | UInt8(count))
        } else {
            scratch.append(type << 4 | 0x0F)
            appendUnsignedInteger(UInt64(count))
        }
    }

    /// Appends an integer object (`0x1_`) of the smallest size for a non-negative value.
    private mutating func appendUnsignedInteger(_ value: UInt64) {
        switch value {
        case 0...0xFF:
            scratch.append(0x10)
            scratch.append(UInt8(value))
        case 0...0xFFFF:
            scratch.append(0x11)
            appendBigEndian(value, size: 2)
        case 0...0xFFFF_FFFF:
            scratch.append(0x12)
            appendBigEndian(value, size: 4)
        case 0...UInt64(Int64.max):
            scratch.append(0x13)
            appendBigEndian(value, size: 8)
        default:
            // Above Int64.max: 16 bytes whose high half is zero.
            scratch.append(0x14)
            appendBigEndian(0, size: 8)
            appendBigEndian(value, size: 8)
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            scratch.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Numbers `value` (and its contents), returning its object number.
    private mutating func flatten(_ value: PropertyListValue) throws(SerializationError) -> Int {
        switch value {
        case .array(let elements):
            let number = try beginContainer(.array, referenceCount: elements.count)
            let start = entries[number].start
            for (position, element) in elements.enumerated() {
                references[start + position] = try flatten(element)
            }
            depth -= 1
            return number
        case .dictionary(let dictionary):
            let count = dictionary.count
            let number = try beginContainer(.dictionary, referenceCount: count * 2)
            let start = entries[number].start
            for (position, key) in dictionary.keys.enumerated() {
                references[start + position] = flattenString(key)
            }
            for (position, element) in dictionary.values.enumerated() {
                references[start + count + position] = try flatten(element)
            }
            depth -= 1
            return number
        default:
            // Every other value is a scalar.
            return flattenScalar(value) ?? 0
        }
    }

    /// Numbers the scalar or string `value`, returning its object number; `nil` for an array or a
    /// dictionary.
    private mutating func flattenScalar(_ value: PropertyListValue) -> Int? {
        switch value {
        case .string(let string):
            return flattenString(string)
        case .integer(let integer):
            if let number = scalars.number(of: UInt64(bitPattern: integer), kind: 1, elseInsert: entries.count) {
                return number
            }
            let number = beginScalar()
            if integer >= 0 {
                appendUnsignedInteger(UInt64(integer))
            } else {
                scratch.append(0x13)
                appendBigEndian(UInt64(bitPattern: integer), size: 8)
            }
            endScalar(number)
            return number
        case .unsignedInteger(let integer):
            if integer <= UInt64(Int64.max) { return flattenScalar(.integer(Int64(integer))) }
            if let number = scalars.number(of: integer, kind: 2, elseInsert: entries.count) { return number }
            let number = beginScalar()
            appendUnsignedInteger(integer)
            endScalar(number)
            return number
        case .real(let real):
            if let number = scalars.number(of: real.bitPattern, kind: 3, elseInsert: entries.count) { return number }
            let number = beginScalar()
            scratch.append(0x23)
            appendBigEndian(real.bitPattern, size: 8)
            endScalar(number)
            return number
        case .float(let real):
            if let number = scalars.number(of: UInt64(real.bitPattern), kind: 6, elseInsert: entries.count) {
                return number
            }
            let number = beginScalar()
            scratch.append(0x22)
            appendBigEndian(UInt64(real.bitPattern), size: 4)
            endScalar(number)
            return number
        case .bool(let bool):
            if let number = bool ? booleans.true : booleans.false { return number }
            let number = beginScalar()
            scratch.append(bool ? 0x09 : 0x08)
            endScalar(number)
            if bool { booleans.true = number } else { booleans.false = number }
            return number
        case .date(let date):
            if let number = scalars.number(of: date.bitPattern, kind: 4, elseInsert: entries.count) { return number }
            let number = beginScalar()
            scratch.append(0x33)
            appendBigEndian(date.bitPattern, size: 8)
            endScalar(number)
            return number
        case .data(let data):
            if let number = datas[data] { return number }
            let number = beginScalar()
            appendMarker(0x4, count: data.count)
            scratch.append(contentsOf: data)
            endScalar(number)
            datas[data] = number
            return number
        case .uid(let uid):
            if let number = scalars.number(of: uid, kind: 5, elseInsert: entries.count) { return number }
            let number = beginScalar()
            let size = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : uid <= 0xFFFF_FFFF ? 4 : 8
            scratch.append(0x80 | UInt8(size - 1))
            appendBigEndian(uid, size: size)
            endScalar(number)
            return number
        case .array, .dictionary:
            return nil
        }
    }

    private mutating func beginContainer(_ kind: Entry.Kind, referenceCount: Int) throws(SerializationError) -> Int {
        depth += 1
        guard depth <= maxDepth else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(maxDepth) nested containers",
                found: "deeper nesting")
        }
        let start = references.count
        references.append(contentsOf: repeatElement(0, count: referenceCount))
        entries.append(
            Entry(kind: kind, start: start, count: kind == .dictionary ? referenceCount / 2 : referenceCount))
        return entries.count - 1
    }

    private mutating func flattenString(_ string: String) -> Int {
        if let number = strings.number(of: string, elseInsert: entries.count) { return number }
        var string = string
        return appendString(&string)
    }

    /// Appends a string object: ASCII (`0x5_`) when every byte is below 0x80, else UTF-16BE (`0x6_`).
    private mutating func appendString(_ string: inout String) -> Int {
        let number = beginScalar()
        let isASCII = string.withUTF8 { utf8 in
            guard StringNumbers.isASCII(utf8) else { return false }
            appendMarker(0x5, count: utf8.count)
            scratch.append(contentsOf: utf8)
            return true
        }
        if isASCII {
            endScalar(number)
            return number
        }
        let units = string.utf16.count
        appendMarker(0x6, count: units)
        scratch.reserveCapacity(scratch.count + units * 2)
        for unit in string.utf16 {
            scratch.append(UInt8(truncatingIfNeeded: unit >> 8))
            scratch.append(UInt8(truncatingIfNeeded: unit))
        }
        endScalar(number)
        return number
    }

    // MARK: - Pass 2: layout

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    private static func byteCount(_ value: Int) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    /// The size of a marker with `count` (1, or 1 + an integer object).
    private static func markerSize(_ count: Int) -> Int {
        count < 15 ? 1 : 2 + byteCount(count)
    }

    private func assemble(top: Int) -> [UInt8] {
        let objectCount = entries.count
        let referenceSize = Self.byteCount(objectCount)
        var tableOffset = 8
        for entry in entries {
            switch entry.kind {
            case .scalar:
                tableOffset += entry.count
            case .array:
                tableOffset += Self.markerSize(entry.count) + entry.count * referenceSize
            case .dictionary:
                tableOffset += Self.markerSize(entry.count) + entry.count * 2 * referenceSize
            }
        }
        let offsetSize = Self.byteCount(tableOffset)
        let totalSize = tableOffset + objectCount * offsetSize + 32

        return [UInt8](unsafeUninitializedCapacity: totalSize) { output, initialized in
            // Every write below lies within `totalSize`, which was summed from the same entries.
            guard let base = output.baseAddress else { return }
            var objects = OutputCursor(UnsafeMutableRawPointer(base))
            for byte in PropertyList.binaryMagic { objects.put(byte) }
            // The offset table is filled in as the objects are placed.
            var offsets = OutputCursor(UnsafeMutableRawPointer(base), at: tableOffset)
            scratch.withUnsafeBytes { scratch in
                references.withUnsafeBufferPointer { references in
                    for entry in entries {
                        offsets.put(UInt64(objects.position), size: offsetSize)
                        switch entry.kind {
                        case .scalar:
                            if let source = scratch.baseAddress {
                                objects.copy(source + entry.start, count: entry.count)
                            }
                        case .array, .dictionary:
                            let count = entry.kind == .array ? entry.count : entry.count * 2
                            objects.putMarker(entry.kind == .array ? 0xA : 0xD, count: entry.count)
                            let run = references[entry.start..<entry.start + count]
                            if referenceSize == 1 {
                                // Fewer than 256 objects, the usual case: one byte a reference.
                                for reference in run { objects.put(UInt8(truncatingIfNeeded: reference)) }
                            } else {
                                for reference in run { objects.put(UInt64(reference), size: referenceSize) }
                            }
                        }
                    }
                }
            }
            var trailer = offsets
            for _ in 0..<6 { trailer.put(0) }
            trailer.put(UInt8(offsetSize))
            trailer.put(UInt8(referenceSize))
            trailer.put(UInt64(objectCount), size: 8)
            trailer.put(UInt64(top), size: 8)
            trailer.put(UInt64(tableOffset), size: 8)
            initialized = trailer.position
        }
    }

    /// Where ``assemble(top:)`` writes next in its output, whose size it summed beforehand.
    private struct OutputCursor {
        let base: UnsafeMutableRawPointer
        var position: Int

        init(_ base: UnsafeMutableRawPointer, at position: Int = 0) {
            self.base = base
            self.position = position
        }

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            base.storeBytes(of: byte, toByteOffset: position, as: UInt8.self)
            position += 1
        }

        /// The low `size` bytes (1, 2, 4 or 8) of `value`, most significant first.
        @inline(__always)
        mutating func put(_ value: UInt64, size: Int) {
            let target = base + position
            switch size {
            case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            case 2: target.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
            case 4: target.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
            default: target.storeBytes(of: value.bigEndian, as: UInt64.self)
            }
            position += size
        }

        mutating func putMarker(_ type: UInt8, count: Int) {
            if count < 15 {
                put(type << 4 | UInt8(count))
            } else {
                put(type << 4 | 0x0F)
                let size = BinaryPropertyListWriter.byteCount(count)
                put(0x10 | UInt8(size.trailingZeroBitCount))
                put(UInt64(count), size: size)
            }
        }

        mutating func copy(_ source: UnsafeRawPointer, count: Int) {
            (base + position).copyMemory(from: source, byteCount: count)
            position += count
        }
    }
}
