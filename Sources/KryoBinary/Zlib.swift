import CZlib
import KryoCore

/// The system zlib's compressor and decompressor, as Java's `java.util.zip` drives them.
enum Zlib {
    /// Compresses `input` in one go, as Java's `Deflater(level, nowrap)` with `DeflaterOutputStream`
    /// does: memory level 8, the default strategy, no flush before the end. zlib's output does not
    /// depend on how the input was split, so the bytes are Java's for levels 1–9.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, format: DeflateFormat) throws -> [UInt8] {
        try withDeflater(input, level: level, format: format) { stream in
            let bound = Int(deflateBound(stream, uLong(input.count)))
            var output = [UInt8](repeating: 0, count: max(bound, 16))
            let produced = try output.withUnsafeMutableBytes { target -> Int in
                // zlib takes a mutable pointer but does not write through `next_in`.
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = target.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(target.count)
                let status = CZlib.deflate(stream, Z_FINISH)
                guard status == Z_STREAM_END else {
                    throw SerializationError(
                        .invalidValue, expected: "zlib to compress \(input.count) bytes",
                        found: Zlib.describe(status, stream))
                }
                return target.count - Int(stream.pointee.avail_out)
            }
            output.removeLast(output.count - produced)
            return output
        }
    }

    /// Runs `body` with a zlib deflater set up as Java's `Deflater(level, nowrap)` for `input`,
    /// ended afterwards. Java's arrays end at 2^31 - 1; so do zlib's 32-bit counts.
    private static func withDeflater<R>(
        _ input: UnsafeRawBufferPointer, level: Int32, format: DeflateFormat,
        _ body: (UnsafeMutablePointer<z_stream>) throws -> R
    ) throws -> R {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard input.count < Int(Int32.max) else {
            throw SerializationError(
                .sizeLimitExceeded, expected: "fewer than 2^31 - 1 bytes to compress in one value",
                found: "\(input.count)")
        }
        let status = czlib_deflate_init(stream, level, format.windowBits)
        guard status == Z_OK else {
            throw SerializationError(
                .invalidValue, expected: "zlib to start compressing at level \(level)",
                found: Zlib.describe(status, stream))
        }
        return try body(stream)
    }

    /// Compresses `input` as Kryo 4 and 5's `DeflateSerializer` does, and frames the deflate data
    /// in Kryo's chunks (`OutputChunked` of 256 bytes, then a 0 length).
    ///
    /// Java's chunks end where its streams flush: Kryo's inner `Output` (256 bytes) hands the value's
    /// bytes to the `DeflaterOutputStream` 256 at a time and flushes it each time, which ends the
    /// chunk being filled; the deflater's output goes out 512 bytes a call. The same calls here
    /// give Java's bytes whenever Java's inner output fills its buffer evenly (byte arrays, ASCII
    /// text, small values); Java reads the chunks whatever their sizes.
    static func deflateInKryoChunks(
        _ input: UnsafeRawBufferPointer, level: Int32, format: DeflateFormat
    ) throws -> [UInt8] {
        try withDeflater(input, level: level, format: format) { stream in
            var chunks = KryoChunks()
            var scratch = [UInt8](repeating: 0, count: javaDeflaterBuffer)
            // One call of Java's `DeflaterOutputStream.deflate()`: at most 512 bytes out.
            func deflateOnce(_ flush: Int32) throws -> Int32 {
                let (status, produced) = scratch.withUnsafeMutableBytes { target -> (Int32, Int) in
                    stream.pointee.next_out = target.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_out = uInt(target.count)
                    let status = CZlib.deflate(stream, flush)
                    return (status, target.count - Int(stream.pointee.avail_out))
                }
                // With room for output and input or a finish to work on, zlib always makes progress:
                // Z_BUF_ERROR (none possible) would loop forever, so it is an error too.
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw SerializationError(
                        .invalidValue, expected: "zlib to compress \(input.count) bytes",
                        found: Zlib.describe(status, stream))
                }
                scratch.withUnsafeBytes { chunks.write(UnsafeRawBufferPointer(rebasing: $0.prefix(produced))) }
                return status
            }
            var position = 0
            while position < input.count {
                let end = min(position + javaOutputBuffer, input.count)
                // zlib takes a mutable pointer but does not write through `next_in`.
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: input.baseAddress.map { ($0 + position).assumingMemoryBound(to: Bytef.self) })
                stream.pointee.avail_in = uInt(end - position)
                // `DeflaterOutputStream.write`: deflate until the deflater needs input.
                repeat { _ = try deflateOnce(Z_NO_FLUSH) } while stream.pointee.avail_in > 0
                // The inner output's flush flushes the chunked output: the chunk ends here.
                chunks.endChunk()
                position = end
            }
            // `DeflaterOutputStream.finish`: deflate until the deflater has finished.
            while try deflateOnce(Z_FINISH) != Z_STREAM_END {}
            chunks.endChunk()
            return chunks.finish()
        }
    }

    /// The buffer of Kryo's `Output` that a `DeflateSerializer` writes the value into.
    static let javaOutputBuffer = 256
    /// The buffer of Java's `DeflaterOutputStream` (its default).
    static let javaDeflaterBuffer = 512

    /// A zlib return code and message, for an error.
    static func describe(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
        let name: String
        switch status {
        case Z_DATA_ERROR: name = "invalid deflate data"
        case Z_BUF_ERROR: name = "the end of the input in the middle of the deflate data"
        case Z_MEM_ERROR: name = "out of memory"
        case Z_STREAM_ERROR: name = "an invalid zlib parameter"
        case Z_NEED_DICT: name = "data that needs a preset dictionary"
        default: name = "zlib status \(status)"
        }
        guard let message = stream.pointee.msg else { return name }
        return "\(name) (zlib: \(String(cString: message)))"
    }
}

/// One zlib inflate stream (Java's `Inflater`), fed piece by piece.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// Bytes of compressed input consumed so far.
    var consumed: Int { Int(stream.pointee.total_in) }

    init(format: DeflateFormat) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = czlib_inflate_init(stream, format.windowBits)
        guard status == Z_OK else {
            let found = Zlib.describe(status, stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw SerializationError(.invalidValue, expected: "zlib to start decompressing", found: found)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// What one call to ``inflate(_:into:)`` did.
    struct Step {
        /// Input bytes consumed.
        var consumed: Int
        /// Output bytes produced.
        var produced: Int
        /// Whether the deflate data ended (the bytes after it are not consumed).
        var finished: Bool
    }

    /// Inflates as much of `input` as fits in `output`. Throws on corrupt data, with zlib's
    /// explanation as `found`; the caller adds where.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Step {
        // zlib counts in 32 bits: hand it at most that much at a time.
        let input = UnsafeRawBufferPointer(rebasing: input.prefix(Int(uInt.max)))
        let output = UnsafeMutableRawBufferPointer(rebasing: output.prefix(Int(uInt.max)))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in),
            produced: output.count - Int(stream.pointee.avail_out),
            finished: status == Z_STREAM_END)
        // Z_BUF_ERROR: no progress was possible (more input is needed); the caller decides.
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw SerializationError(
                .invalidValue, expected: "valid deflate data", found: Zlib.describe(status, stream))
        }
        return step
    }
}

/// Kryo's `OutputChunked` with a 256-byte buffer: bytes go out in chunks of at most 256, each
/// after its length as a positive varint; a flush ends the chunk being filled, and a 0 length
/// ends the run.
private struct KryoChunks {
    private(set) var bytes: [UInt8] = []
    private var pending: [UInt8] = []
    private let capacity = Zlib.javaOutputBuffer

    /// `Output.writeBytes`: fills the buffer; a full buffer goes out when more bytes come.
    mutating func write(_ data: UnsafeRawBufferPointer) {
        var rest = data[...]
        while true {
            let taken = rest.prefix(capacity - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            if rest.isEmpty { return }
            endChunk()
        }
    }

    /// `OutputChunked.flush`: the buffered bytes, if any, as one chunk.
    mutating func endChunk() {
        guard !pending.isEmpty else { return }
        var length = pending.count
        while length >= 0x80 {
            bytes.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes.append(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// `endChunks()`: the last chunk, then the 0 length.
    mutating func finish() -> [UInt8] {
        endChunk()
        bytes.append(0)
        return bytes
    }
}
