import KryoCore

/// A growable byte buffer that writes Kryo 2.20's primitives: big-endian fixed width numbers,
/// variable-length integers and strings. Optionally drains into a sink (a file or a pipe) so that
/// a long stream uses bounded memory.
public final class KryoOutput {
    /// Bytes not yet handed to the sink (all bytes when there is no sink).
    public private(set) var buffer: [UInt8]
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    private let flushThreshold: Int
    /// Bytes already handed to the sink.
    public private(set) var flushedCount = 0

    /// Creates an in-memory output.
    public init(capacity: Int = 256) {
        buffer = []
        buffer.reserveCapacity(capacity)
        sink = nil
        flushThreshold = .max
    }

    /// Creates an output that hands its bytes to `sink` whenever `bufferSize` bytes have gathered,
    /// and on ``flush()``.
    public init(bufferSize: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        buffer = []
        buffer.reserveCapacity(bufferSize)
        self.sink = sink
        flushThreshold = bufferSize
    }

    /// The total number of bytes written so far.
    public var totalCount: Int { flushedCount + buffer.count }

    /// Hands buffered bytes to the sink, if there is one.
    public func flush() throws {
        guard let sink, !buffer.isEmpty else { return }
        do {
            try buffer.withUnsafeBytes { try sink($0) }
        } catch {
            throw SerializationError(.io, expected: "the sink to accept \(buffer.count) bytes", found: "\(error)")
        }
        flushedCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always) func flushIfNeeded() throws {
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Writes one byte.
    @inline(__always) public func writeByte(_ value: UInt8) { buffer.append(value) }

    /// Writes raw bytes.
    public func writeBytes(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }

    /// Writes a 16-bit value, big-endian.
    public func writeUInt16(_ value: UInt16) {
        buffer.append(UInt8(truncatingIfNeeded: value >> 8))
        buffer.append(UInt8(truncatingIfNeeded: value))
    }

    /// Writes a 32-bit value, big-endian.
    public func writeUInt32(_ value: UInt32) {
        buffer.append(UInt8(truncatingIfNeeded: value >> 24))
        buffer.append(UInt8(truncatingIfNeeded: value >> 16))
        buffer.append(UInt8(truncatingIfNeeded: value >> 8))
        buffer.append(UInt8(truncatingIfNeeded: value))
    }

    /// Writes a 64-bit value, big-endian.
    public func writeUInt64(_ value: UInt64) {
        writeUInt32(UInt32(truncatingIfNeeded: value >> 32))
        writeUInt32(UInt32(truncatingIfNeeded: value))
    }

    /// Writes an `int` as 1–5 bytes: 7 bits a byte, low group first, `0x80` meaning more follows.
    /// Without `optimizePositive` the value is zigzag-encoded first.
    public func writeVarInt32(_ value: Int32, optimizePositive: Bool) {
        var bits = UInt32(bitPattern: optimizePositive ? value : (value << 1) ^ (value >> 31))
        while bits >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: bits) | 0x80)
            bits >>= 7
        }
        buffer.append(UInt8(bits))
    }

    /// Writes a `long` as 1–9 bytes; the ninth byte carries 8 full bits (not protobuf's form).
    public func writeVarInt64(_ value: Int64, optimizePositive: Bool) {
        var bits = UInt64(bitPattern: optimizePositive ? value : (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if bits < 0x80 {
                buffer.append(UInt8(bits))
                return
            }
            buffer.append(UInt8(truncatingIfNeeded: bits) | 0x80)
            bits >>= 7
        }
        buffer.append(UInt8(truncatingIfNeeded: bits))
    }

    /// Writes a string as Kryo 2.20's `Output.writeString(String)` does: `0x80` for nil, `0x81`
    /// for empty, 2–63 ASCII characters raw with the last byte's high bit set, anything else as
    /// the UTF-16 length + 1 followed by CESU-8 bytes.
    public func writeString(_ value: String?) {
        guard let value else {
            buffer.append(0x80)
            return
        }
        let utf8 = value.utf8
        let byteCount = utf8.count
        if byteCount > 1, byteCount < 64 {
            let isASCII =
                utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
                ?? utf8.allSatisfy { $0 < 0x80 }
            if isASCII {
                if utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
                    buffer.append(contentsOf: utf8)
                }
                buffer[buffer.count - 1] |= 0x80
                return
            }
        }
        writeUTF8Form(value)
    }

    /// Writes a string in the UTF-8 form only (Kryo's `writeString(CharSequence)`).
    public func writeUTF8Form(_ value: String) {
        let units = value.utf16
        writeUTF8Length(units.count + 1)
        for unit in units {
            if unit < 0x80 {
                buffer.append(UInt8(unit))
            } else if unit < 0x800 {
                buffer.append(UInt8(0xC0 | (unit >> 6)))
                buffer.append(UInt8(0x80 | (unit & 0x3F)))
            } else {
                buffer.append(UInt8(0xE0 | (unit >> 12)))
                buffer.append(UInt8(0x80 | ((unit >> 6) & 0x3F)))
                buffer.append(UInt8(0x80 | (unit & 0x3F)))
            }
        }
    }

    /// The UTF-8-form length prefix: 6 bits in the first byte (with `0x80` as the form flag and
    /// `0x40` meaning more follows), then 7 bits a byte.
    private func writeUTF8Length(_ length: Int) {
        var value = UInt32(truncatingIfNeeded: length)
        if value >> 6 == 0 {
            buffer.append(UInt8(value | 0x80))
            return
        }
        buffer.append(UInt8((value & 0x3F) | 0xC0))
        value >>= 6
        while value >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        buffer.append(UInt8(value))
    }
}
