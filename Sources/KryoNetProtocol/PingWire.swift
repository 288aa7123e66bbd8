import KryoBinary

/// A ``FrameworkMessage/Ping``'s payload read and written without the codec: the bytes the codec
/// writes for it, learned from the codec itself, so that a connection answers and measures
/// pings without a codec call (which costs more than the rest of a round trip's work on a side).
///
/// The bytes are the class's id as the codec writes it, then the two fields in one of the
/// layouts Kryo's field serializers use: `id` as a zigzag or a positive varint or 4 big-endian
/// bytes, `isReply` as one byte, in either order. ``init(codec:)`` finds the layout that gives
/// the codec's own bytes for pings whose ids take every varint length and sign, and there is
/// none (`nil`: every ping goes through the codec) when no layout does. ``decode(_:)`` takes
/// only the bytes that its layout writes for the ping it reads; anything else is the codec's to
/// read (or refuse), so that both paths read every payload alike.
package struct PingWire: Sendable {
    private enum IDEncoding: CaseIterable { case zigzagVarint, positiveVarint, bigEndian }

    /// The class's id, as the codec writes it before the fields.
    private let prefix: [UInt8]
    private let idEncoding: IDEncoding
    private let idFirst: Bool

    /// The largest payload: the prefix, a 5-byte varint and the flag.
    package var maximumSize: Int { prefix.count + 6 }

    /// The ping ids the layout is checked with: 1 to 5 varint bytes, both signs, the extremes.
    private static let probes: [Int32] = [
        0, 1, -1, 2, 63, -64, 64, -65, 127, 128, 300, -300, 8191, 8192, 1 << 20, -(1 << 20), 1 << 27, 123_456_789,
        -123_456_789, .max, .min,
    ]

    /// The layout of `codec`'s pings; `nil` when none of the known layouts gives its bytes.
    package init?(codec: KryoCodec) {
        guard let zero = try? codec.encode(FrameworkMessage.Ping(id: 0, isReply: false)) else { return nil }
        for idEncoding in IDEncoding.allCases {
            for idFirst in [true, false] {
                let bodySize = Self.body(id: 0, isReply: false, idEncoding: idEncoding, idFirst: idFirst).count
                guard zero.count > bodySize else { continue }
                let candidate = PingWire(
                    prefix: Array(zero.dropLast(bodySize)), idEncoding: idEncoding, idFirst: idFirst)
                if candidate.matches(codec) {
                    self = candidate
                    return
                }
            }
        }
        return nil
    }

    private init(prefix: [UInt8], idEncoding: IDEncoding, idFirst: Bool) {
        self.prefix = prefix
        self.idEncoding = idEncoding
        self.idFirst = idFirst
    }

    /// Whether the layout gives the codec's bytes for every probe, question and answer.
    private func matches(_ codec: KryoCodec) -> Bool {
        for id in Self.probes {
            for isReply in [false, true] {
                guard let bytes = try? codec.encode(FrameworkMessage.Ping(id: id, isReply: isReply)),
                    bytes == payload(id: id, isReply: isReply)
                else { return false }
            }
        }
        return true
    }

    /// The payload of a ping, as the codec writes it.
    package func payload(id: Int32, isReply: Bool) -> [UInt8] {
        prefix + Self.body(id: id, isReply: isReply, idEncoding: idEncoding, idFirst: idFirst)
    }

    /// Writes a ping's payload with `write`, a byte at a time, without an array.
    package func write(id: Int32, isReply: Bool, _ write: (UInt8) -> Void) {
        for byte in prefix { write(byte) }
        if idFirst {
            Self.writeID(id, idEncoding, write)
            write(isReply ? 1 : 0)
        } else {
            write(isReply ? 1 : 0)
            Self.writeID(id, idEncoding, write)
        }
    }

    /// The ping in `bytes` when they are exactly what ``write(id:isReply:_:)`` writes for it;
    /// `nil` for anything else (another class, a ping written otherwise, or bytes the codec
    /// refuses), which the codec reads.
    package func decode(_ bytes: UnsafeRawBufferPointer) -> FrameworkMessage.Ping? {
        guard bytes.count > prefix.count, bytes.count <= maximumSize else { return nil }
        for index in prefix.indices where bytes[index] != prefix[index] { return nil }
        var position = prefix.count
        let id: Int32
        let isReply: Bool
        if idFirst {
            guard let read = readID(bytes, &position), let flag = Self.readFlag(bytes, &position) else { return nil }
            (id, isReply) = (read, flag)
        } else {
            guard let flag = Self.readFlag(bytes, &position), let read = readID(bytes, &position) else { return nil }
            (id, isReply) = (read, flag)
        }
        // Only the bytes this layout writes for that ping: a longer varint than needed, say, is
        // the codec's to judge.
        guard position == bytes.count else { return nil }
        var index = 0
        var same = true
        write(id: id, isReply: isReply) { byte in
            same = same && index < bytes.count && bytes[index] == byte
            index += 1
        }
        guard same, index == bytes.count else { return nil }
        return FrameworkMessage.Ping(id: id, isReply: isReply)
    }

    private static func body(id: Int32, isReply: Bool, idEncoding: IDEncoding, idFirst: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        if !idFirst { bytes.append(isReply ? 1 : 0) }
        writeID(id, idEncoding) { bytes.append($0) }
        if idFirst { bytes.append(isReply ? 1 : 0) }
        return bytes
    }

    private static func varintValue(_ id: Int32, _ encoding: IDEncoding) -> UInt32 {
        encoding == .zigzagVarint ? UInt32(bitPattern: (id << 1) ^ (id >> 31)) : UInt32(bitPattern: id)
    }

    private static func writeID(_ id: Int32, _ encoding: IDEncoding, _ write: (UInt8) -> Void) {
        guard encoding != .bigEndian else {
            let value = UInt32(bitPattern: id)
            for shift in stride(from: 24, through: 0, by: -8) {
                write(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
            return
        }
        var value = varintValue(id, encoding)
        while value >= 0x80 {
            write(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        write(UInt8(value))
    }

    private func readID(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Int32? {
        if idEncoding == .bigEndian {
            guard bytes.count - position >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value << 8 | UInt32(bytes[position])
                position += 1
            }
            return Int32(bitPattern: value)
        }
        var value: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 35, by: 7) {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            value |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                guard idEncoding == .zigzagVarint else { return Int32(bitPattern: value) }
                return Int32(bitPattern: value >> 1) ^ -Int32(bitPattern: value & 1)
            }
        }
        return nil
    }

    private static func readFlag(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Bool? {
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        position += 1
        switch byte {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
}
