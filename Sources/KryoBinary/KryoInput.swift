import KryoCore

/// Reads Kryo 2.20's primitives from bytes in memory or from a stream, with every read checked
/// against the bytes available: bad input throws a ``SerializationError`` with the byte offset.
public final class KryoInput {
    private var buffer: [UInt8]
    private var position: Int
    /// Bytes dropped from the front of the buffer (stream mode).
    private var discarded = 0
    private let source: (() throws -> [UInt8]?)?
    private var sourceExhausted: Bool

    /// Creates an input over bytes in memory.
    public init(_ bytes: [UInt8]) {
        buffer = bytes
        position = 0
        source = nil
        sourceExhausted = true
    }

    /// Creates an input that pulls chunks from `source` as it needs them; `source` returns `nil`
    /// at the end of the stream.
    public init(source: @escaping () throws -> [UInt8]?) {
        buffer = []
        position = 0
        self.source = source
        sourceExhausted = false
    }

    /// The offset of the next byte from the start of the input.
    public var offset: Int { discarded + position }

    /// Whether every byte has been read (pulls from the stream to find out).
    public func isAtEnd() throws -> Bool {
        if position < buffer.count { return false }
        return !(try fill(1))
    }

    /// Makes sure `count` bytes are available, pulling from the stream if needed. Memory grows
    /// only with bytes the input really holds.
    @inline(__always) public func require(_ count: Int) throws {
        if buffer.count - position >= count { return }
        guard try fill(count) else {
            throw SerializationError(
                .truncatedInput, expected: "\(count) more byte\(count == 1 ? "" : "s")",
                found: "\(buffer.count - position) before the end of the input", offset: offset)
        }
    }

    /// Whether `count` more bytes can be had.
    public func hasAvailable(_ count: Int) throws -> Bool {
        if buffer.count - position >= count { return true }
        return try fill(count)
    }

    private func fill(_ count: Int) throws -> Bool {
        guard let source, !sourceExhausted else { return buffer.count - position >= count }
        if position > 0 {
            buffer.removeFirst(position)
            discarded += position
            position = 0
        }
        while buffer.count < count {
            let chunk: [UInt8]?
            do {
                chunk = try source()
            } catch {
                throw SerializationError(.io, expected: "bytes from the stream", found: "\(error)", offset: offset)
            }
            guard let chunk else {
                sourceExhausted = true
                return false
            }
            buffer.append(contentsOf: chunk)
        }
        return true
    }

    /// Reads one byte.
    @inline(__always) public func readByte() throws -> UInt8 {
        if position >= buffer.count { try require(1) }
        let byte = buffer[position]
        position += 1
        return byte
    }

    /// Reads `count` raw bytes.
    public func readBytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0 else {
            throw SerializationError(.invalidValue, expected: "a byte count ≥ 0", found: "\(count)", offset: offset)
        }
        try require(count)
        let bytes = Array(buffer[position..<position + count])
        position += count
        return bytes
    }

    /// Reads a big-endian 16-bit value.
    public func readUInt16() throws -> UInt16 {
        try require(2)
        let value = UInt16(buffer[position]) << 8 | UInt16(buffer[position + 1])
        position += 2
        return value
    }

    /// Reads a big-endian 32-bit value.
    public func readUInt32() throws -> UInt32 {
        try require(4)
        var value: UInt32 = 0
        for index in position..<position + 4 { value = value << 8 | UInt32(buffer[index]) }
        position += 4
        return value
    }

    /// Reads a big-endian 64-bit value.
    public func readUInt64() throws -> UInt64 {
        try require(8)
        var value: UInt64 = 0
        for index in position..<position + 8 { value = value << 8 | UInt64(buffer[index]) }
        position += 8
        return value
    }

    /// Reads a variable-length `int` (1–5 bytes).
    public func readVarInt32(optimizePositive: Bool) throws -> Int32 {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let byte = try readByte()
            result |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 || shift == 28 { break }
            shift += 7
        }
        let value = Int32(bitPattern: result)
        return optimizePositive ? value : Int32(bitPattern: (result >> 1)) ^ -(value & 1)
    }

    /// Reads a variable-length `long` (1–9 bytes; the ninth carries 8 full bits).
    public func readVarInt64(optimizePositive: Bool) throws -> Int64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            if shift == 56 {
                result |= UInt64(byte) << 56
                break
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        let value = Int64(bitPattern: result)
        return optimizePositive ? value : Int64(bitPattern: (result >> 1)) ^ -(value & 1)
    }

    /// Reads a string written by Kryo's `writeString`, `writeAscii` or `writeString(CharSequence)`.
    /// Accepts standard 4-byte UTF-8 sequences too, which Java 2.20 never writes.
    public func readString() throws -> String? {
        let start = offset
        let first = try readByte()
        if first & 0x80 == 0 { return try readASCII(first: first, start: start) }
        var length = Int(first & 0x3F)
        if first & 0x40 != 0 {
            var shift = 6
            while true {
                let byte = try readByte()
                length |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 || shift == 27 { break }
                shift += 7
            }
        }
        switch length {
        case 0: return nil
        case 1: return ""
        default: break
        }
        let unitCount = length - 1
        guard try hasAvailable(unitCount) else {
            throw SerializationError(
                .lengthExceedsInput, expected: "a string of \(unitCount) UTF-16 units",
                found: "\(buffer.count - position) bytes left", offset: start)
        }
        return try readUTF8Form(unitCount: unitCount, start: start)
    }

    private func readASCII(first: UInt8, start: Int) throws -> String {
        var end = position
        while end < buffer.count, buffer[end] & 0x80 == 0 { end += 1 }
        var bytes: [UInt8]
        if end < buffer.count {
            bytes = [first]
            bytes.append(contentsOf: buffer[position...end])
            position = end + 1
        } else {
            // The terminator is not buffered yet: go byte by byte (stream input, or truncated).
            bytes = [first]
            while true {
                let byte = try readByte()
                bytes.append(byte)
                if byte & 0x80 != 0 { break }
            }
        }
        bytes[bytes.count - 1] &= 0x7F
        return String(decoding: bytes, as: UTF8.self)
    }

    private func readUTF8Form(unitCount: Int, start: Int) throws -> String {
        var units: [UInt16] = []
        units.reserveCapacity(unitCount)
        var isASCII = true
        while units.count < unitCount {
            let lead = try readByte()
            switch lead >> 4 {
            case 0...7:
                units.append(UInt16(lead))
            case 12, 13:
                let second = try continuation()
                units.append(UInt16(lead & 0x1F) << 6 | UInt16(second))
                isASCII = false
            case 14:
                let second = try continuation()
                let third = try continuation()
                units.append(UInt16(lead & 0x0F) << 12 | UInt16(second) << 6 | UInt16(third))
                isASCII = false
            case 15 where lead < 0xF8:
                let scalar =
                    UInt32(lead & 0x07) << 18 | UInt32(try continuation()) << 12 | UInt32(try continuation()) << 6
                    | UInt32(try continuation())
                guard scalar >= 0x10000, scalar <= 0x10FFFF else {
                    throw SerializationError(
                        .invalidValue, expected: "a supplementary code point", found: "U+\(String(scalar, radix: 16))",
                        offset: offset - 4)
                }
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
                isASCII = false
            default:
                throw SerializationError(
                    .invalidValue, expected: "a UTF-8 lead byte in a string that started at byte \(start)",
                    found: "0x\(String(lead, radix: 16))", offset: offset - 1)
            }
        }
        if isASCII { return String(decoding: units.lazy.map { UInt8($0) }, as: UTF8.self) }
        return String(decoding: units, as: UTF16.self)
    }

    private func continuation() throws -> UInt8 {
        let byte = try readByte()
        guard byte & 0xC0 == 0x80 else {
            throw SerializationError(
                .invalidValue, expected: "a UTF-8 continuation byte", found: "0x\(String(byte, radix: 16))",
                offset: offset - 1)
        }
        return byte & 0x3F
    }
}
