import KryoCore

/// Reads Kryo's primitives (fixed width numbers in the byte order of its dialect) from bytes in memory or from a stream, with every read checked
/// against the bytes available: bad input throws a ``/KryoCore/SerializationError`` with the byte offset.
///
/// The bytes are reached through a pointer, so that reading a byte costs a bounds check, a load
/// and an increment.
public final class KryoInput {
    private struct State {
        var bytes: UnsafePointer<UInt8>
        /// Bytes available at `bytes`.
        var count: Int
        var position: Int
        /// Bytes dropped from the front of the buffer (stream mode).
        var discarded: Int
        /// Fixed width numbers are little-endian (Kryo 5).
        var littleEndian = false

        init(bytes: UnsafePointer<UInt8>, count: Int, position: Int, discarded: Int) {
            self.bytes = bytes
            self.count = count
            self.position = position
            self.discarded = discarded
        }

        /// The first `count` bytes of `memory`, which holds at least one byte.
        init(over memory: UnsafeMutableBufferPointer<UInt8>, count: Int, discarded: Int = 0) {
            // At least one byte, so the base address is not nil.
            let base = UnsafePointer(memory.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
            self.init(bytes: base, count: count, position: 0, discarded: discarded)
        }
    }

    private let state: UnsafeMutablePointer<State>
    /// Memory this input owns: a copy of the caller's bytes, or the stream buffer.
    private var owned: UnsafeMutableBufferPointer<UInt8>?
    private let source: (() throws -> [UInt8]?)?
    private var sourceExhausted: Bool
    /// Whether fixed width numbers are little-endian (Kryo 5); a reader sets its dialect's.
    /// Strings need no setting: every release's reader accepts every string form.
    package var littleEndian: Bool {
        get { state.pointee.littleEndian }
        set { state.pointee.littleEndian = newValue }
    }
    /// ``SmallString/isAvailable``, read once per input rather than once per string.
    private let makesSmallStrings = SmallString.isAvailable

    /// Creates an input over a copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        owned = copy
        state = KryoInput.makeState(copy, count: bytes.count)
        source = nil
        sourceExhausted = true
    }

    private static func makeState(_ memory: UnsafeMutableBufferPointer<UInt8>, count: Int)
        -> UnsafeMutablePointer<State>
    {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(over: memory, count: count))
        return state
    }

    /// Creates an input over bytes it does not copy: they must stay valid and unchanged for as
    /// long as the input is used (for example inside `Array.withUnsafeBytes`).
    public init(unsafeBytes bytes: UnsafeRawBufferPointer) {
        source = nil
        sourceExhausted = true
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            let placeholder = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1)
            owned = placeholder
            state = KryoInput.makeState(placeholder, count: 0)
            return
        }
        owned = nil
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(
                bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, position: 0, discarded: 0))
    }

    /// Creates an input that pulls chunks from `source` as it needs them; `source` returns `nil`
    /// at the end of the stream.
    public init(source: @escaping () throws -> [UInt8]?) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
        owned = buffer
        state = KryoInput.makeState(buffer, count: 0)
        self.source = source
        sourceExhausted = false
    }

    /// Points an input made by ``init(unsafeBytes:)`` at other bytes (the same rules apply),
    /// from their start, leaving any run it was in.
    func repoint(to bytes: UnsafeRawBufferPointer) {
        if !chunkFrames.isEmpty {
            for frame in chunkFrames { frame.copy?.deallocate() }
            chunkFrames.removeAll()
        }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            state.pointee = State(
                bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, position: 0, discarded: 0)
        } else if let placeholder = owned {
            state.pointee = State(over: placeholder, count: 0)
        } else {
            // An input over caller's bytes has no memory of its own: make a byte to point at.
            let placeholder = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1)
            owned = placeholder
            state.pointee = State(over: placeholder, count: 0)
        }
    }

    deinit {
        for frame in chunkFrames { frame.copy?.deallocate() }
        frames.deinitialize(count: 1)
        frames.deallocate()
        owned?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The offset of the next byte from the start of the input.
    public var offset: Int { state.pointee.discarded + state.pointee.position }

    /// Bytes buffered and not yet read.
    @inline(__always) private var buffered: Int { state.pointee.count - state.pointee.position }

    /// Whether every byte has been read (pulls from the stream to find out).
    public func isAtEnd() throws -> Bool {
        if buffered > 0 { return false }
        return !(try fill(1))
    }

    /// Throws unless every byte has been read: what a call that decodes one value from `count`
    /// bytes checks after the value.
    @usableFromInline
    package func expectEnd(ofValueIn count: Int) throws {
        guard try isAtEnd() else {
            throw SerializationError(
                .invalidValue, expected: "the end of the input after one value", found: "\(count - offset) more bytes",
                offset: offset)
        }
    }

    /// Makes sure `count` bytes are available, pulling from the stream if needed. Memory grows
    /// only with bytes the input really holds.
    @inline(__always) public func require(_ count: Int) throws {
        if buffered >= count { return }
        guard try fill(count) else {
            throw SerializationError(
                .truncatedInput, expected: "\(count) more byte\(count == 1 ? "" : "s")",
                found: "\(buffered) before the end of the input", offset: offset)
        }
    }

    /// Whether `count` more bytes can be had.
    package func hasAvailable(_ count: Int) throws -> Bool {
        if buffered >= count { return true }
        return try fill(count)
    }

    /// Pulls from the stream until `count` bytes are buffered past the position, or the stream ends.
    private func fill(_ count: Int) throws -> Bool {
        guard let source, !sourceExhausted, chunkFrames.isEmpty, let storage = owned, let base = storage.baseAddress
        else {
            return buffered >= count
        }
        var buffer = storage
        var pending = buffered
        // Drop what was read; keep the rest at the front.
        if state.pointee.position > 0 {
            (base).update(from: base + state.pointee.position, count: pending)
            state.pointee.discarded += state.pointee.position
            state.pointee.position = 0
            state.pointee.count = pending
        }
        while pending < count {
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
            if pending + chunk.count > buffer.count {
                var capacity = buffer.count * 2
                while capacity < pending + chunk.count { capacity *= 2 }
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
                if let from = buffer.baseAddress, let to = larger.baseAddress { to.update(from: from, count: pending) }
                buffer.deallocate()
                buffer = larger
                owned = larger
            }
            if let to = buffer.baseAddress {
                chunk.withUnsafeBufferPointer { piece in
                    if let from = piece.baseAddress { (to + pending).update(from: from, count: piece.count) }
                }
            }
            pending += chunk.count
            state.pointee.count = pending
            if let address = buffer.baseAddress { state.pointee.bytes = UnsafePointer(address) }
        }
        return true
    }

    // MARK: Chunked runs (Kryo's InputChunked)

    /// A run of chunks being read: the state to return to, and the run's bytes gathered into one
    /// piece when it had several chunks.
    private struct ChunkFrame {
        var saved: State
        var copy: UnsafeMutableBufferPointer<UInt8>?
    }

    /// Runs entered by ``beginChunks()``, innermost last. While one is open the input reads only
    /// the run's bytes and pulls nothing from the stream (the whole run is buffered on entry).
    /// Kept behind a pointer (``frames``): a class's stored array would be checked for exclusive
    /// access at run time, on every call as well (``repoint(to:)`` looks at it).
    private var chunkFrames: [ChunkFrame] {
        _read { yield frames.pointee }
        _modify { yield &frames.pointee }
    }
    private let frames: UnsafeMutablePointer<[ChunkFrame]> = {
        let frames = UnsafeMutablePointer<[ChunkFrame]>.allocate(capacity: 1)
        frames.initialize(to: [])
        return frames
    }()

    /// Enters a run of chunks written by `KryoOutput.endChunks(from:)` or Kryo's `OutputChunked`:
    /// reads see the chunks' bytes joined, and end where the run ends, until ``endChunks()``.
    /// A one-chunk run is read in place; a longer one is gathered (its lengths are checked
    /// against the input first).
    package func beginChunks() throws {
        let start = offset
        let first = try readChunkLength()
        if first == 0 {
            chunkFrames.append(ChunkFrame(saved: state.pointee, copy: nil))
            state.pointee.count = state.pointee.position
            return
        }
        try require(first + 1)
        if byte(at: first) == 0 {
            var saved = state.pointee
            saved.position += first + 1
            chunkFrames.append(ChunkFrame(saved: saved, copy: nil))
            state.pointee.count = state.pointee.position + first
            return
        }
        var joined: [UInt8] = []
        var length = first
        while length > 0 {
            try require(length)
            joined.append(
                contentsOf: UnsafeBufferPointer(start: state.pointee.bytes + state.pointee.position, count: length))
            advance(length)
            length = try readChunkLength()
        }
        enterCopiedRun(joined, startingAt: start)
    }

    /// Reads `bytes` next, from a copy, until ``endChunks()`` returns to where the input is now.
    private func enterCopiedRun(_ bytes: [UInt8], startingAt start: Int) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        chunkFrames.append(ChunkFrame(saved: state.pointee, copy: copy))
        let littleEndian = state.pointee.littleEndian
        state.pointee = State(over: copy, count: bytes.count, discarded: start)
        state.pointee.littleEndian = littleEndian
    }

    /// Leaves the run entered by ``beginChunks()``, past its end whatever was left unread.
    package func endChunks() {
        guard let frame = chunkFrames.popLast() else { return }
        state.pointee = frame.saved
        frame.copy?.deallocate()
    }

    /// Skips a run of chunks.
    package func skipChunks() throws {
        while true {
            let length = try readChunkLength()
            if length == 0 { return }
            try require(length)
            advance(length)
        }
    }

    // MARK: Inflated runs (Kryo's DeflateSerializer)

    /// Inflates the deflate data that starts at the position and enters it: reads see the
    /// inflated bytes, and end where they end, until ``endInflatedRun()``, which continues right
    /// after the deflate data. Returns how many bytes the data inflated to.
    ///
    /// - Parameter maxBytes: The most bytes the data may inflate to; more throws
    ///   ``SerializationError/Kind/sizeLimitExceeded`` before the rest is inflated.
    package func beginInflatedRun(format: DeflateFormat, maxBytes: Int) throws -> Int {
        let start = offset
        let inflater: Inflater
        do {
            inflater = try Inflater(format: format)
        } catch var failure as SerializationError {
            failure.offset = start
            throw failure
        }
        var inflated: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let step: Inflater.Step
            do {
                step = try scratch.withUnsafeMutableBytes { output in
                    try inflater.inflate(
                        UnsafeRawBufferPointer(start: state.pointee.bytes + state.pointee.position, count: buffered),
                        into: output)
                }
            } catch var failure as SerializationError {
                failure.offset = start + inflater.consumed
                failure.found += " in the deflate data that starts at byte \(start)"
                throw failure
            }
            advance(step.consumed)
            if step.produced > 0 {
                guard step.produced <= maxBytes - inflated.count else {
                    throw SerializationError(
                        .sizeLimitExceeded, expected: "deflate data that inflates to at most \(maxBytes) bytes",
                        found: "more than that from the deflate data that starts at byte \(start)", offset: offset)
                }
                inflated.append(contentsOf: scratch[..<step.produced])
            }
            if step.finished { break }
            // With room left for output, zlib stops only when it has used up its input.
            if step.produced < scratch.count, !(try fill(buffered + 1)) {
                throw truncatedDeflateData(start: start)
            }
        }
        enterCopiedRun(inflated, startingAt: start)
        return inflated.count
    }

    /// Leaves the run entered by ``beginInflatedRun(format:maxBytes:)``: the position moves right
    /// after its deflate data.
    package func endInflatedRun() {
        endChunks()
    }

    /// Whether the input reads a copy (gathered chunks, inflated or replaced bytes), whose
    /// offsets count from where the copy's bytes start in the input, not from its start.
    package var isInCopiedRun: Bool { chunkFrames.contains { $0.copy != nil } }

    /// Bytes left to read in the run entered last (when none is open: the bytes buffered).
    package var bytesLeftInRun: Int { buffered }

    // MARK: Replaced rests (Kryo's BlowfishSerializer)

    /// Takes every byte left — to the end of the run being read, or else to the end of the input,
    /// pulling the rest of a stream — and enters what `transform` makes of them: reads see those
    /// bytes, and end where they end, until ``endReplacedRest()``, which continues after the bytes
    /// taken. Returns how many bytes `transform` made. An error `transform` throws leaves the
    /// position where it was.
    package func beginReplacedRest(with transform: (UnsafeRawBufferPointer) throws -> [UInt8]) throws -> Int {
        let start = offset
        while try fill(buffered + 1) {}
        let replacement = try transform(
            UnsafeRawBufferPointer(start: state.pointee.bytes + state.pointee.position, count: buffered))
        advance(buffered)
        enterCopiedRun(replacement, startingAt: start)
        return replacement.count
    }

    /// Leaves the run entered by ``beginReplacedRest(with:)``.
    package func endReplacedRest() {
        endChunks()
    }

    private func truncatedDeflateData(start: Int) -> SerializationError {
        SerializationError(
            .truncatedInput, expected: "the rest of the deflate data that starts at byte \(start)",
            found: "the end of the input", offset: offset)
    }

    /// The error for a variable-length int whose fifth byte has more than the int's top four
    /// bits: Java's `writeVarInt` never writes one (a `long` read as an `int`, say).
    @inline(never)
    private func wideVarInt(_ byte: UInt8, start: Int) -> SerializationError {
        SerializationError(
            .invalidValue, expected: "a variable-length int (its fifth byte below 0x10)",
            found: "a fifth byte 0x\(String(byte, radix: 16)), a value wider than an int (a long read as an int?)",
            offset: start)
    }

    private func readChunkLength() throws -> Int {
        let length = Int(try readVarInt32(optimizePositive: true))
        guard length >= 0 else {
            throw SerializationError(
                .invalidValue, expected: "a chunk length ≥ 0", found: "\(length)", offset: offset)
        }
        return length
    }

    @inline(__always) private func byte(at relative: Int) -> UInt8 {
        state.pointee.bytes[state.pointee.position + relative]
    }

    @inline(__always) private func advance(_ count: Int) { state.pointee.position += count }

    /// Reads one byte.
    @inline(__always) public func readByte() throws -> UInt8 {
        if buffered < 1 { try require(1) }
        let value = byte(at: 0)
        advance(1)
        return value
    }

    /// Reads `count` raw bytes.
    public func readBytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0 else {
            throw SerializationError(.invalidValue, expected: "a byte count ≥ 0", found: "\(count)", offset: offset)
        }
        try require(count)
        let bytes = [UInt8](UnsafeBufferPointer(start: state.pointee.bytes + state.pointee.position, count: count))
        advance(count)
        return bytes
    }

    /// Reads a 16-bit value in the wire's byte order.
    public func readUInt16() throws -> UInt16 { try readFixed() }

    /// Reads a 32-bit value in the wire's byte order.
    public func readUInt32() throws -> UInt32 { try readFixed() }

    /// Reads a 64-bit value in the wire's byte order.
    public func readUInt64() throws -> UInt64 { try readFixed() }

    @inline(__always) private func readFixed<T: FixedWidthInteger>() throws -> T {
        let width = MemoryLayout<T>.size
        try require(width)
        let value = UnsafeRawPointer(state.pointee.bytes + state.pointee.position).loadUnaligned(as: T.self)
        advance(width)
        return state.pointee.littleEndian ? T(littleEndian: value) : T(bigEndian: value)
    }

    /// The positive variable-length `int` that begins `skipped` bytes from here (bytes the buffer
    /// holds) and its length in bytes, without reading it (``skipBuffered(_:)`` does): `nil` when
    /// the buffer may not hold all of it.
    @inline(__always)
    package func peekVarInt32(after skipped: Int = 0) -> (value: Int32, length: Int)? {
        let position = state.pointee.position &+ skipped
        let available = state.pointee.count &- position
        guard available > 0 else { return nil }
        let bytes = state.pointee.bytes + position
        if bytes[0] < 0x80 { return (Int32(bytes[0]), 1) }
        guard available >= 5 else { return nil }
        var result: UInt32 = 0
        for index in 0..<5 {
            let byte = UInt32(bytes[index])
            result |= (byte & 0x7F) << (7 * UInt32(index))
            if byte & 0x80 == 0 || index == 4 { return (Int32(bitPattern: result), index + 1) }
        }
        return nil
    }

    /// Moves past `count` bytes that the buffer holds (a length ``peekVarInt32()`` gave).
    @inline(__always)
    package func skipBuffered(_ count: Int) {
        advance(min(count, buffered))
    }

    /// Reads a variable-length `int` (1–5 bytes).
    @inline(__always)
    public func readVarInt32(optimizePositive: Bool) throws -> Int32 {
        // With five bytes buffered (the longest form), no check per byte.
        let position = state.pointee.position
        if state.pointee.count &- position >= 5 {
            let bytes = state.pointee.bytes + position
            var byte = UInt32(bytes[0])
            var result = byte & 0x7F
            var length = 1
            if byte & 0x80 != 0 {
                byte = UInt32(bytes[1])
                result |= (byte & 0x7F) << 7
                length = 2
                if byte & 0x80 != 0 {
                    byte = UInt32(bytes[2])
                    result |= (byte & 0x7F) << 14
                    length = 3
                    if byte & 0x80 != 0 {
                        byte = UInt32(bytes[3])
                        result |= (byte & 0x7F) << 21
                        length = 4
                        if byte & 0x80 != 0 {
                            // Java's fifth byte holds the int's top four bits: more is no int.
                            guard bytes[4] & 0xF0 == 0 else { throw wideVarInt(bytes[4], start: offset) }
                            result |= UInt32(bytes[4]) << 28
                            length = 5
                        }
                    }
                }
            }
            state.pointee.position = position &+ length
            let value = Int32(bitPattern: result)
            return optimizePositive ? value : Int32(bitPattern: (result >> 1)) ^ -(value & 1)
        }
        return try readVarInt32ByteByByte(optimizePositive: optimizePositive)
    }

    private func readVarInt32ByteByByte(optimizePositive: Bool) throws -> Int32 {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while true {
            let byte = try readByte()
            if shift == 28, byte & 0xF0 != 0 { throw wideVarInt(byte, start: offset - 5) }
            result |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 || shift == 28 { break }
            shift += 7
        }
        let value = Int32(bitPattern: result)
        return optimizePositive ? value : Int32(bitPattern: (result >> 1)) ^ -(value & 1)
    }

    /// Reads a variable-length `long` (1–9 bytes; the ninth carries 8 full bits).
    public func readVarInt64(optimizePositive: Bool) throws -> Int64 {
        // With nine bytes buffered (the longest form), no check per byte.
        let position = state.pointee.position
        if state.pointee.count &- position >= 9 {
            let bytes = state.pointee.bytes + position
            var result: UInt64 = 0
            var shift: UInt64 = 0
            var length = 0
            while true {
                let byte = UInt64(bytes[length])
                length &+= 1
                if shift == 56 {
                    result |= byte << 56
                    break
                }
                result |= (byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift &+= 7
            }
            state.pointee.position = position &+ length
            let value = Int64(bitPattern: result)
            return optimizePositive ? value : Int64(bitPattern: (result >> 1)) ^ -(value & 1)
        }
        return try readVarInt64ByteByByte(optimizePositive: optimizePositive)
    }

    private func readVarInt64ByteByByte(optimizePositive: Bool) throws -> Int64 {
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

    // MARK: Bulk primitive arrays

    /// Reads `count` variable-length `int`s.
    package func readVarInt32s(count: Int, optimizePositive: Bool) throws -> [Int32] {
        try [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                if buffered >= 5 {
                    // Fast path: a whole varint is buffered.
                    var pointer = state.pointee.bytes + state.pointee.position
                    let start = pointer
                    var result: UInt32 = 0
                    var shift: UInt32 = 0
                    while true {
                        let byte = pointer.pointee
                        pointer += 1
                        result |= UInt32(byte & 0x7F) << shift
                        if byte & 0x80 == 0 || shift == 28 { break }
                        shift += 7
                    }
                    state.pointee.position += pointer - start
                    let value = Int32(bitPattern: result)
                    buffer[index] = optimizePositive ? value : Int32(bitPattern: result >> 1) ^ -(value & 1)
                } else {
                    buffer[index] = try readVarInt32(optimizePositive: optimizePositive)
                }
                initialized = index + 1
            }
        }
    }

    /// Reads `count` variable-length `long`s.
    package func readVarInt64s(count: Int, optimizePositive: Bool) throws -> [Int64] {
        try [Int64](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = try readVarInt64(optimizePositive: optimizePositive)
                initialized = index + 1
            }
        }
    }

    /// Reads `count` fixed-width integers in the wire's byte order, converting each with `convert`.
    @inline(__always)
    package func readFixedWidth<Bits: FixedWidthInteger, Element>(
        count: Int, _ convert: (Bits) -> Element
    ) throws -> [Element] {
        let width = MemoryLayout<Bits>.size
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow else {
            throw SerializationError(
                .lengthExceedsInput, expected: "\(count) elements to fit in the input", found: "an overflowing size",
                offset: offset)
        }
        try require(byteCount)
        let source = UnsafeRawPointer(state.pointee.bytes + state.pointee.position)
        let littleEndian = state.pointee.littleEndian
        let result = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                let bits = source.loadUnaligned(fromByteOffset: index * width, as: Bits.self)
                buffer[index] = convert(littleEndian ? Bits(littleEndian: bits) : Bits(bigEndian: bits))
            }
            initialized = count
        }
        advance(byteCount)
        return result
    }

    /// Reads a positive varint with a flag in its first byte (Kryo 5's `readVarIntFlag`), written
    /// by ``KryoOutput/writeVarIntFlag(_:_:)``.
    public func readVarIntFlag() throws -> (flag: Bool, value: Int) {
        let first = try readByte()
        return (first & 0x80 != 0, try readVarIntFlagRest(first: first))
    }

    /// The value of a flagged varint whose first byte is `first`.
    private func readVarIntFlagRest(first: UInt8) throws -> Int {
        var value = Int(first & 0x3F)
        if first & 0x40 != 0 {
            var shift = 6
            while true {
                let byte = try readByte()
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 || shift == 27 { break }
                shift += 7
            }
        }
        return value & 0xFFFF_FFFF
    }

    /// Reads a string written by Kryo's `writeString`, `writeAscii` or `writeString(CharSequence)`.
    /// Accepts standard 4-byte UTF-8 sequences too, which Java 2.20 never writes.
    public func readString() throws -> String? {
        let start = offset
        let first = try readByte()
        if first & 0x80 == 0 { return try readASCII(first: first) }
        let length = try readVarIntFlagRest(first: first)
        switch length {
        case 0: return nil
        case 1: return ""
        default: break
        }
        let unitCount = length - 1
        guard try hasAvailable(unitCount) else {
            throw SerializationError(
                .lengthExceedsInput, expected: "a string of \(unitCount) UTF-16 units",
                found: "\(buffered) bytes left", offset: start)
        }
        return try readUTF8Form(unitCount: unitCount, start: start)
    }

    /// The ASCII form: bytes up to and including the first with its high bit set.
    private func readASCII(first: UInt8) throws -> String {
        // Find the last byte (high bit set), pulling from the stream while the buffer runs out.
        var length = 0
        while true {
            let available = buffered
            let bytes = state.pointee.bytes + state.pointee.position
            length += ASCIIScan.prefixBelow0x80(bytes + length, count: available - length)
            if length < available { break }
            guard try fill(available + 1) else {
                throw SerializationError(
                    .truncatedInput, expected: "the end of an ASCII string (a byte with its high bit set)",
                    found: "the end of the input", offset: offset + available)
            }
        }
        // The first character was already consumed; the string is it plus `length + 1` bytes.
        let bytes = state.pointee.bytes + state.pointee.position
        if length + 2 <= SmallString.capacity, makesSmallStrings {
            let result = SmallString.makeASCII(first: first, rest: bytes, count: length + 2)
            advance(length + 1)
            return result
        }
        let result = String(unsafeUninitializedCapacity: length + 2) { target in
            guard let base = target.baseAddress else { return 0 }
            base.initialize(to: first)
            (base + 1).update(from: bytes, count: length + 1)
            base[length + 1] &= 0x7F
            return length + 2
        }
        advance(length + 1)
        return result
    }

    /// The UTF-8 form: `unitCount` UTF-16 units in CESU-8. Without surrogates CESU-8 is UTF-8, and
    /// the bytes become a `String` directly; surrogate pairs go through UTF-16.
    private func readUTF8Form(unitCount: Int, start: Int) throws -> String {
        if let string = readBufferedUTF8Form(unitCount: unitCount) { return string }
        var length = 0
        var units = 0
        var hasSurrogates = false
        while units < unitCount {
            try ensure(length + 1)
            let lead = byte(at: length)
            let size: Int
            switch lead {
            case 0..<0x80: size = 1
            case 0xC0..<0xE0: size = 2
            case 0xE0..<0xF0: size = 3
            case 0xF0..<0xF8: size = 4
            default:
                throw SerializationError(
                    .invalidValue, expected: "a UTF-8 lead byte in a string that started at byte \(start)",
                    found: "0x\(String(lead, radix: 16))", offset: offset + length)
            }
            try ensure(length + size)
            for index in 1..<max(size, 1) where byte(at: length + index) & 0xC0 != 0x80 {
                throw SerializationError(
                    .invalidValue, expected: "a UTF-8 continuation byte",
                    found: "0x\(String(byte(at: length + index), radix: 16))", offset: offset + length + index)
            }
            if size == 3, lead == 0xED, byte(at: length + 1) >= 0xA0 { hasSurrogates = true }
            units += size == 4 ? 2 : 1
            length += size
        }
        let bytes = UnsafeBufferPointer(start: state.pointee.bytes + state.pointee.position, count: length)
        let result = hasSurrogates ? Self.decodeCESU8(bytes) : String(decoding: bytes, as: UTF8.self)
        advance(length)
        return result
    }

    /// The UTF-8 form when the buffer holds all of it and it is well formed: one pass, ASCII runs
    /// eight bytes at a time. `nil` sends the string to the careful path, which pulls more input
    /// when there is some and reports what is wrong.
    private func readBufferedUTF8Form(unitCount: Int) -> String? {
        // At least a byte a unit; the end of what is buffered is checked before each read.
        let available = buffered
        guard available >= unitCount else { return nil }
        let base = state.pointee.bytes + state.pointee.position
        if ASCIIScan.isASCII(base, count: unitCount) {
            // A byte a unit, well formed (Kryo 5 writes strings longer than 32 characters so).
            let result =
                unitCount <= SmallString.capacity && makesSmallStrings
                ? SmallString.makeUTF8(base, count: unitCount)
                : String(decoding: UnsafeBufferPointer(start: base, count: unitCount), as: UTF8.self)
            advance(unitCount)
            return result
        }
        let raw = UnsafeRawPointer(base)
        var length = 0
        var units = 0
        var hasSurrogates = false
        // Overlong forms, which the standard library replaces (a small string made here must
        // hold well-formed UTF-8).
        var hasOverlong = false
        while units < unitCount {
            if unitCount - units >= 8, available - length >= 8,
                raw.loadUnaligned(fromByteOffset: length, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                length += 8
                units += 8
                continue
            }
            guard length < available else { return nil }
            let lead = base[length]
            switch lead {
            case 0..<0x80:
                length += 1
                units += 1
            case 0xC0..<0xE0:
                guard available - length >= 2, base[length + 1] & 0xC0 == 0x80 else { return nil }
                if lead < 0xC2 { hasOverlong = true }
                length += 2
                units += 1
            case 0xE0..<0xF0:
                guard available - length >= 3 else { return nil }
                let second = base[length + 1]
                guard second & 0xC0 == 0x80, base[length + 2] & 0xC0 == 0x80 else { return nil }
                if lead == 0xED, second >= 0xA0 { hasSurrogates = true }
                if lead == 0xE0, second < 0xA0 { hasOverlong = true }
                length += 3
                units += 1
            default:
                // Four-byte sequences (two units) and malformed bytes: the careful path.
                return nil
            }
        }
        if length <= SmallString.capacity, !hasSurrogates, !hasOverlong, makesSmallStrings {
            let result = SmallString.makeUTF8(base, count: length)
            advance(length)
            return result
        }
        let bytes = UnsafeBufferPointer(start: base, count: length)
        let result = hasSurrogates ? Self.decodeCESU8(bytes) : String(decoding: bytes, as: UTF8.self)
        advance(length)
        return result
    }

    @inline(__always) private func ensure(_ count: Int) throws {
        if buffered < count {
            guard try fill(count) else {
                throw SerializationError(
                    .truncatedInput,
                    expected: "\(count - buffered) more byte\(count - buffered == 1 ? "" : "s") of a string",
                    found: "the end of the input", offset: offset + buffered)
            }
        }
    }

    /// Decodes validated CESU-8 through UTF-16, so that surrogate pairs join.
    private static func decodeCESU8(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            switch lead {
            case 0..<0x80:
                units.append(UInt16(lead))
                index += 1
            case 0xC0..<0xE0:
                units.append(UInt16(lead & 0x1F) << 6 | UInt16(bytes[index + 1] & 0x3F))
                index += 2
            case 0xE0..<0xF0:
                units.append(
                    UInt16(lead & 0x0F) << 12 | UInt16(bytes[index + 1] & 0x3F) << 6 | UInt16(bytes[index + 2] & 0x3F))
                index += 3
            default:
                let scalar =
                    UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                let value = scalar &- 0x10000
                units.append(UInt16(truncatingIfNeeded: 0xD800 &+ (value >> 10)))
                units.append(UInt16(truncatingIfNeeded: 0xDC00 &+ (value & 0x3FF)))
                index += 4
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
