import CZlib
import KryoCore

/// The system zlib's compressor and decompressor, as Java's `java.util.zip` drives them.
enum Zlib {
    /// Compresses `input` in one go, as Java's `Deflater(level, nowrap)` with `DeflaterOutputStream`
    /// does: memory level 8, the default strategy, no flush before the end. zlib's output does not
    /// depend on how the input was split, so the bytes are Java's for levels 1–9.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, format: DeflateFormat) throws -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        // Java's arrays end at 2^31 - 1; so do zlib's 32-bit counts, with room for the bound.
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
