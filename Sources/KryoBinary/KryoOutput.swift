import KryoCore

/// A growable byte buffer that writes Kryo's primitives: fixed width numbers in the byte order
/// of its dialect (big-endian for Kryo 2 and 4, little-endian for Kryo 5), variable-length
/// integers and strings. Optionally drains into a sink (a file or a pipe) so that
/// a long stream uses bounded memory.
///
/// The bytes live in memory the output allocates itself and reaches through a pointer, so that
/// writing a byte costs a store and an increment: no copy-on-write or exclusivity checks.
public final class KryoOutput {
    private struct State {
        var bytes: UnsafeMutablePointer<UInt8>
        var count: Int
        var capacity: Int
        /// What ``reserve(_:)`` compares with: ``capacity``, or 0 while a chunk run is open, so
        /// that every write takes the slow path, which notes where it starts (``WriteStart``).
        var limit: Int
        /// Bytes already handed to the sink (here rather than in a stored property of the class,
        /// whose changes Swift checks for exclusive access at run time).
        var flushedCount = 0
        /// The byte order and string forms of the Java release written for.
        var wire = KryoWire.v2
    }

    private let state: UnsafeMutablePointer<State>
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    private let flushThreshold: Int
    /// Bytes already handed to the sink.
    public var flushedCount: Int { state.pointee.flushedCount }
    /// The primitive forms of the Java release written for; a writer sets its dialect's.
    package var wire: KryoWire {
        get { state.pointee.wire }
        set { state.pointee.wire = newValue }
    }

    /// Creates an in-memory output.
    public init(capacity: Int = 256) {
        state = Self.allocateState(capacity: capacity)
        sink = nil
        flushThreshold = .max
    }

    /// Creates an output that hands its bytes to `sink` whenever `bufferSize` bytes have gathered,
    /// and on ``flush()``.
    public init(bufferSize: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        state = Self.allocateState(capacity: bufferSize + 64)
        self.sink = sink
        flushThreshold = bufferSize
    }

    private static func allocateState(capacity: Int) -> UnsafeMutablePointer<State> {
        let capacity = max(capacity, 16)
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(
            to: State(bytes: .allocate(capacity: capacity), count: 0, capacity: capacity, limit: capacity))
        return state
    }

    deinit {
        state.pointee.bytes.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Bytes not yet handed to the sink (all bytes when there is no sink), as a new array.
    public var buffer: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: state.pointee.bytes, count: state.pointee.count))
    }

    /// Calls `body` with the bytes not yet handed to the sink, without copying them.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: state.pointee.bytes, count: state.pointee.count))
    }

    /// The number of bytes buffered.
    public var count: Int { state.pointee.count }

    /// The total number of bytes written so far.
    public var totalCount: Int { flushedCount + state.pointee.count }

    /// Forgets the buffered bytes, keeping the memory for the next value.
    public func reset() {
        state.pointee.count = 0
        state.pointee.flushedCount = 0
    }

    /// Forgets the bytes buffered after the first `count` and any run left open: what a value
    /// that failed to write had written, so that the stream holds whole values only. `count` is
    /// the ``count`` taken before the value (nothing is handed to the sink inside a value).
    @usableFromInline
    package func discardBytes(after count: Int) {
        state.pointee.count = min(max(count, 0), state.pointee.count)
        openRuns = 0
        chunkRunFlushes.removeAll()
        writeStarts.removeAll()
        state.pointee.limit = state.pointee.capacity
    }

    /// Forgets the buffered bytes and any open run, and gives back the memory of a buffer that
    /// grew past `limit` bytes (an output kept from call to call).
    func reset(keepingAtMost limit: Int) {
        reset()
        openRuns = 0
        chunkRunFlushes.removeAll()
        writeStarts.removeAll()
        state.pointee.limit = state.pointee.capacity
        guard state.pointee.capacity > limit else { return }
        state.pointee.bytes.deallocate()
        state.pointee.capacity = 256
        state.pointee.limit = 256
        state.pointee.bytes = .allocate(capacity: 256)
    }

    /// Hands buffered bytes to the sink, if there is one.
    public func flush() throws {
        guard let sink, state.pointee.count > 0 else { return }
        let pending = state.pointee.count
        do {
            try sink(UnsafeRawBufferPointer(start: state.pointee.bytes, count: pending))
        } catch {
            throw SerializationError(.io, expected: "the sink to accept \(pending) bytes", found: "\(error)")
        }
        state.pointee.flushedCount += pending
        state.pointee.count = 0
    }

    @inline(__always) package func flushIfNeeded() throws {
        if state.pointee.count >= flushThreshold, openRuns == 0 { try flush() }
    }

    // MARK: Chunked runs (Kryo's OutputChunked)

    /// Runs started by ``beginChunks()`` or ``beginReplacedRun()`` and not yet ended; while any is
    /// open, nothing is handed to the sink, so that the run's bytes can still be changed.
    private var openRuns = 0

    /// Starts a run of bytes that ``endChunks(from:)`` will cut into chunks; returns where it
    /// starts.
    package func beginChunks() -> Int {
        openRuns += 1
        chunkRunFlushes.append([])
        state.pointee.limit = 0
        return state.pointee.count
    }

    /// Where a write began inside an open chunk run, and whether Java's `OutputChunked` may end a
    /// chunk inside it. Java ends a chunk before a write that does not fit in what is left of its
    /// 1024-byte buffer (`require(n)`): a varint, a fixed-width number or the last two bytes of a
    /// 3-byte character never straddle two chunks (atomic); raw bytes, ASCII text and the bytes
    /// of other characters fill a chunk to its last byte.
    private struct WriteStart {
        let position: Int
        let isAtomic: Bool
    }

    /// The writes of the open chunk runs, in order (empty when none is open).
    private var writeStarts: [WriteStart] = []

    /// Whether a chunk run is open, so that writes note where they start.
    private var recordsWrites: Bool { !chunkRunFlushes.isEmpty }

    /// For each open chunk run, innermost last: where an inner run ended with a flush (Kryo 4
    /// and 5), so that the run's chunks end there too.
    private var chunkRunFlushes: [[Int]] = []

    /// Cuts the bytes written since `start` into chunks as Kryo 2.20's `OutputChunked` does —
    /// each at most 1024 bytes, preceded by its length as a positive varint — and ends them with
    /// an empty chunk (`00`).
    ///
    /// With `flushingEnclosingRuns` (Kryo 4 and 5, whose `OutputChunked.flush()` flushes the
    /// stream beneath it), the chunk runs this one is nested in end a chunk where this one's
    /// chunks end, as Java's do: their chunks are cut at those places first, then every 1024 bytes.
    package func endChunks(from start: Int, flushingEnclosingRuns: Bool = false) {
        openRuns = max(openRuns - 1, 0)
        let flushes = chunkRunFlushes.popLast() ?? []
        // A start that ``beginChunks()`` did not return (past the end): an empty run.
        let start = min(max(start, 0), state.pointee.count)
        let end = state.pointee.count
        let cuts = chunkEnds(from: start, to: end, flushes: flushes)
        let bytes = [UInt8](UnsafeBufferPointer(start: state.pointee.bytes + start, count: end - start))
        state.pointee.count = start
        var chunkStart = start
        // Each chunk's start before the lengths were put in, and the bytes of its length.
        var lengths: [(start: Int, size: Int)] = []
        for chunkEnd in cuts + [end] where chunkEnd > chunkStart {
            let before = state.pointee.count
            writeVarInt32(Int32(chunkEnd - chunkStart), optimizePositive: true)
            lengths.append((chunkStart, state.pointee.count - before))
            bytes[(chunkStart - start)..<(chunkEnd - start)].withUnsafeBytes { writeBytes($0) }
            chunkStart = chunkEnd
        }
        writeByte(0)
        // The places where inner runs flushed the runs around this one moved with the lengths
        // put in before them: a flush ends the enclosing chunk after this run's chunk that holds
        // the flushed bytes.
        if !lengths.isEmpty {
            for index in chunkRunFlushes.indices {
                Self.shift(&chunkRunFlushes[index], after: start, by: lengths)
            }
        }
        if flushingEnclosingRuns {
            // Before this run's closing 0, as Java flushes before writing it.
            let flushPoint = state.pointee.count - 1
            for index in chunkRunFlushes.indices { chunkRunFlushes[index].append(flushPoint) }
        }
        // For the runs around: the chunks are bytes (Java writes them to the stream beneath
        // byte by byte and array by array).
        forgetWrites(from: start, thenSplittableAt: start)
    }

    /// Moves the places in `places` (in increasing order) after `start` by the bytes of the
    /// chunk lengths put in before them: `lengths` in increasing order of their chunks' starts.
    /// Linear in the places after `start` and the chunks, so that a run of many chunks with
    /// many flushes inside stays cheap.
    private static func shift(_ places: inout [Int], after start: Int, by lengths: [(start: Int, size: Int)]) {
        var index = places.endIndex
        while index > places.startIndex, places[index - 1] > start { index -= 1 }
        var chunk = 0
        var added = 0
        while index < places.endIndex {
            let place = places[index]
            while chunk < lengths.count, lengths[chunk].start < place {
                added += lengths[chunk].size
                chunk += 1
            }
            places[index] = place + added
            index += 1
        }
    }

    /// Where Java's `OutputChunked` ends the chunks of the bytes from `start` to `end` (each end
    /// but the last): before each write that does not fit in what is left of a 1024-byte chunk,
    /// within a write that may be split where the chunk is full, and at each of `flushes` (where
    /// an inner run flushed this one, Kryo 4 and 5).
    private func chunkEnds(from start: Int, to end: Int, flushes: [Int]) -> [Int] {
        let chunkSize = 1024
        let forced = flushes.filter { $0 > start && $0 < end }.sorted()
        var nextForced = 0
        var cuts: [Int] = []
        var chunkStart = start
        func cut(at position: Int) {
            cuts.append(position)
            chunkStart = position
        }
        /// Ends the chunk at each forced place up to `position`.
        func forcedCuts(upTo position: Int) {
            while nextForced < forced.count, forced[nextForced] <= position {
                if forced[nextForced] > chunkStart { cut(at: forced[nextForced]) }
                nextForced += 1
            }
        }
        let first = writeStarts.firstIndex { $0.position >= start } ?? writeStarts.count
        var writes = Array(writeStarts[first...])
        if writes.first?.position != start { writes.insert(WriteStart(position: start, isAtomic: false), at: 0) }
        for (index, write) in writes.enumerated() {
            let writeEnd = index + 1 < writes.count ? writes[index + 1].position : end
            guard writeEnd > write.position else { continue }
            if write.isAtomic {
                forcedCuts(upTo: write.position)
                if writeEnd - chunkStart > chunkSize, write.position > chunkStart { cut(at: write.position) }
                continue
            }
            var position = write.position
            while true {
                forcedCuts(upTo: position)
                let limit = min(chunkStart + chunkSize, nextForced < forced.count ? forced[nextForced] : .max)
                guard limit < writeEnd else { break }
                position = limit
                if limit > chunkStart { cut(at: limit) }
            }
        }
        return cuts
    }

    /// Drops the write starts from `position` on and, while a chunk run stays open, notes the
    /// bytes from `splittable` on as one write that may be split anywhere.
    private func forgetWrites(from position: Int, thenSplittableAt splittable: Int) {
        guard recordsWrites else {
            writeStarts.removeAll(keepingCapacity: true)
            state.pointee.limit = state.pointee.capacity
            return
        }
        while let last = writeStarts.last, last.position >= position { writeStarts.removeLast() }
        writeStarts.append(WriteStart(position: splittable, isAtomic: false))
    }

    /// Notes the characters of the CESU-8 text from `start` to the end: the last two bytes of
    /// each 3-byte character are one atomic write, everything else may be split anywhere.
    private func noteCharacters(from start: Int) {
        guard recordsWrites else { return }
        forgetWrites(from: start, thenSplittableAt: start)
        var index = start
        let end = state.pointee.count
        while index < end {
            if state.pointee.bytes[index] & 0xF0 == 0xE0, index + 3 <= end {
                writeStarts.append(WriteStart(position: index + 1, isAtomic: true))
                if index + 3 < end { writeStarts.append(WriteStart(position: index + 3, isAtomic: false)) }
                index += 3
            } else {
                index += 1
            }
        }
    }

    // MARK: Replaced runs (Kryo's DeflateSerializer)

    /// Starts a run of bytes that ``endReplacedRun(from:with:)`` will replace (by their compressed
    /// form); returns where it starts.
    package func beginReplacedRun() -> Int {
        openRuns += 1
        return state.pointee.count
    }

    /// Replaces the bytes written since `start` by what `transform` makes of them.
    package func endReplacedRun(from start: Int, with transform: (UnsafeRawBufferPointer) throws -> [UInt8]) throws {
        openRuns = max(openRuns - 1, 0)
        let start = min(max(start, 0), state.pointee.count)
        let replacement = try transform(
            UnsafeRawBufferPointer(start: state.pointee.bytes + start, count: state.pointee.count - start))
        state.pointee.count = start
        if recordsWrites { forgetWrites(from: start, thenSplittableAt: start) }
        replacement.withUnsafeBytes { writeBytes($0) }
    }

    /// Ends a run started by ``beginReplacedRun()`` whose value failed to write, leaving its bytes.
    package func cancelReplacedRun() {
        openRuns = max(openRuns - 1, 0)
    }

    private func varIntSize(_ value: Int) -> Int {
        var size = 1
        var rest = value >> 7
        while rest > 0 {
            size += 1
            rest >>= 7
        }
        return size
    }

    /// Makes room for `extra` more bytes, for a write that Java never splits between chunks.
    @inline(__always) private func reserve(_ extra: Int) {
        if state.pointee.limit - state.pointee.count < extra { reserveSlowly(extra, atomic: true) }
    }

    /// Makes room for `extra` more bytes, for a write that Java may split between chunks.
    @inline(__always) private func reserveSplittable(_ extra: Int) {
        if state.pointee.limit - state.pointee.count < extra { reserveSlowly(extra, atomic: false) }
    }

    private func reserveSlowly(_ extra: Int, atomic: Bool) {
        if recordsWrites { writeStarts.append(WriteStart(position: state.pointee.count, isAtomic: atomic)) }
        if state.pointee.capacity - state.pointee.count < extra { grow(extra) }
    }

    private func grow(_ extra: Int) {
        let needed = state.pointee.count + extra
        var capacity = state.pointee.capacity * 2
        while capacity < needed { capacity *= 2 }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bytes.update(from: state.pointee.bytes, count: state.pointee.count)
        state.pointee.bytes.deallocate()
        state.pointee.bytes = bytes
        state.pointee.capacity = capacity
        state.pointee.limit = recordsWrites ? 0 : capacity
    }

    @inline(__always) private func append(_ byte: UInt8) {
        state.pointee.bytes[state.pointee.count] = byte
        state.pointee.count += 1
    }

    /// Writes one byte.
    @inline(__always) public func writeByte(_ value: UInt8) {
        reserve(1)
        append(value)
    }

    /// Writes raw bytes.
    public func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserveSplittable(bytes.count)
        (state.pointee.bytes + state.pointee.count).update(
            from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        state.pointee.count += bytes.count
    }

    /// Writes a 16-bit value in the wire's byte order.
    public func writeUInt16(_ value: UInt16) { writeFixed(value) }

    /// Writes a 32-bit value in the wire's byte order.
    public func writeUInt32(_ value: UInt32) { writeFixed(value) }

    /// Writes a 64-bit value in the wire's byte order.
    public func writeUInt64(_ value: UInt64) { writeFixed(value) }

    @inline(__always) private func writeFixed<T: FixedWidthInteger>(_ value: T) {
        let width = MemoryLayout<T>.size
        reserve(width)
        UnsafeMutableRawPointer(state.pointee.bytes + state.pointee.count).storeBytes(
            of: state.pointee.wire.littleEndian ? value.littleEndian : value.bigEndian, as: T.self)
        state.pointee.count += width
    }

    /// Writes an `int` as 1–5 bytes: 7 bits a byte, low group first, `0x80` meaning more follows.
    /// Without `optimizePositive` the value is zigzag-encoded first.
    @inline(__always)
    public func writeVarInt32(_ value: Int32, optimizePositive: Bool) {
        var bits = UInt32(bitPattern: optimizePositive ? value : (value << 1) ^ (value >> 31))
        reserve(5)
        while bits >= 0x80 {
            append(UInt8(truncatingIfNeeded: bits) | 0x80)
            bits >>= 7
        }
        append(UInt8(bits))
    }

    /// Writes a `long` as 1–9 bytes; the ninth byte carries 8 full bits (not protobuf's form).
    public func writeVarInt64(_ value: Int64, optimizePositive: Bool) {
        var bits = UInt64(bitPattern: optimizePositive ? value : (value << 1) ^ (value >> 63))
        reserve(9)
        for _ in 0..<8 {
            if bits < 0x80 {
                append(UInt8(bits))
                return
            }
            append(UInt8(truncatingIfNeeded: bits) | 0x80)
            bits >>= 7
        }
        append(UInt8(truncatingIfNeeded: bits))
    }

    // MARK: Bulk primitive arrays

    /// Writes each element as a variable-length `int`.
    package func writeVarInt32s(_ values: UnsafeBufferPointer<Int32>, optimizePositive: Bool) {
        if recordsWrites {
            for value in values { writeVarInt32(value, optimizePositive: optimizePositive) }
            return
        }
        reserve(values.count * 5)
        var bytes = state.pointee.bytes + state.pointee.count
        for value in values {
            var bits = UInt32(bitPattern: optimizePositive ? value : (value << 1) ^ (value >> 31))
            while bits >= 0x80 {
                bytes.pointee = UInt8(truncatingIfNeeded: bits) | 0x80
                bytes += 1
                bits >>= 7
            }
            bytes.pointee = UInt8(bits)
            bytes += 1
        }
        state.pointee.count = bytes - state.pointee.bytes
    }

    /// Writes Java booleans (one byte each, `1` or `0`) as Kryo's `writeBooleans` does: like raw
    /// bytes, except that Kryo 5 never splits an array that fits in one chunk.
    package func writeBooleans(_ bytes: UnsafeRawBufferPointer) {
        guard recordsWrites, state.pointee.wire.bulkArrays, bytes.count <= 1024, let base = bytes.baseAddress,
            !bytes.isEmpty
        else { return writeBytes(bytes) }
        reserve(bytes.count)
        (state.pointee.bytes + state.pointee.count).update(
            from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        state.pointee.count += bytes.count
    }

    /// Writes each element as a variable-length `long`.
    package func writeVarInt64s(_ values: UnsafeBufferPointer<Int64>, optimizePositive: Bool) {
        reserve(values.count * 9)
        for value in values { writeVarInt64(value, optimizePositive: optimizePositive) }
    }

    /// Writes each element in the wire's byte order, `width` bytes (2, 4 or 8) from the
    /// element's bits.
    package func writeFixedWidth<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>) {
        let width = MemoryLayout<T>.size
        if recordsWrites, !(state.pointee.wire.bulkArrays && values.count * width <= 1024) {
            // Java writes each element with its own `require` (Kryo 5: when the array does not
            // fit in one chunk; Kryo 2.20 and 4: always).
            for value in values { writeFixed(value) }
            return
        }
        reserve(values.count * width)
        let target = UnsafeMutableRawPointer(state.pointee.bytes + state.pointee.count)
        if state.pointee.wire.littleEndian {
            for (index, value) in values.enumerated() {
                target.storeBytes(of: value.littleEndian, toByteOffset: index * width, as: T.self)
            }
        } else {
            for (index, value) in values.enumerated() {
                target.storeBytes(of: value.bigEndian, toByteOffset: index * width, as: T.self)
            }
        }
        state.pointee.count += values.count * width
    }

    /// Writes a string as Kryo's `Output.writeString(String)` does: `0x80` for nil, `0x81` for
    /// empty, 2–63 ASCII characters (2–32 in Kryo 5) raw with the last byte's high bit set,
    /// anything else as the UTF-16 length + 1 followed by CESU-8 bytes.
    public func writeString(_ value: String?) {
        if let value { writeString(nonNil: value) } else { writeByte(0x80) }
    }

    /// Not inlined into ``writeString(_:)``: there the string would be unwrapped into a copy and
    /// retained for the use of its bytes; passed on as a parameter, it is only borrowed.
    @inline(never)
    private func writeString(nonNil value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) == nil {
            var contiguous = value
            contiguous.makeContiguousUTF8()
            contiguous.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0) }
        }
    }

    private func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        let byteCount = utf8.count
        if byteCount > 1, byteCount <= state.pointee.wire.maxASCIIStringLength, let source = utf8.baseAddress {
            // Copy and check for ASCII in one pass, eight bytes at a time; the bytes count only
            // when they all are ASCII.
            reserveSplittable(byteCount)
            let target = state.pointee.bytes + state.pointee.count
            if ASCIIScan.copyIfASCII(from: source, to: target, count: byteCount) {
                target[byteCount - 1] |= 0x80
                state.pointee.count += byteCount
                return
            }
        }
        writeUTF8Form(utf8: utf8)
    }

    /// Writes an ASCII string as Kryo 5's `Output.writeAscii` does (how it writes class names):
    /// any length raw with the last byte's high bit set; one character as the UTF-8 form.
    /// A string that is not ASCII is written as ``writeString(_:)`` writes it.
    package func writeASCII(_ value: String) {
        let utf8 = Array(value.utf8)
        guard utf8.count > 1, utf8.allSatisfy({ $0 < 0x80 }) else {
            if utf8.count == 1, utf8[0] < 0x80 {
                writeByte(0x82)
                writeByte(utf8[0])
            } else {
                writeUTF8Form(value)
            }
            return
        }
        reserveSplittable(utf8.count)
        for byte in utf8.dropLast() { append(byte) }
        append(utf8[utf8.count - 1] | 0x80)
    }

    /// Writes a string in the UTF-8 form only (Kryo's `writeString(CharSequence)`).
    package func writeUTF8Form(_ value: String) {
        var value = value
        value.makeContiguousUTF8()
        value.utf8.withContiguousStorageIfAvailable { writeUTF8Form(utf8: $0) }
    }

    /// The UTF-8 form from UTF-8 bytes: the length counts UTF-16 units, and each supplementary
    /// character (4 bytes in UTF-8) becomes two 3-byte surrogates (CESU-8). Everything else is
    /// the same in UTF-8 and CESU-8, so it is copied as is.
    private func writeUTF8Form(utf8: UnsafeBufferPointer<UInt8>) {
        if let base = utf8.baseAddress, ASCIIScan.prefixBelow0x80(base, count: utf8.count) == utf8.count {
            // ASCII (Kryo 5 writes ASCII strings of more than 32 characters so): one unit a byte.
            writeUTF8Length(utf8.count + 1)
            writeBytes(UnsafeRawBufferPointer(utf8))
            return
        }
        var units = 0
        var supplementary = 0
        for byte in utf8 {
            if byte & 0xC0 != 0x80 { units += 1 }
            if byte >= 0xF0 { supplementary += 1 }
        }
        units += supplementary
        writeUTF8Length(units + 1)
        let textStart = state.pointee.count
        defer { noteCharacters(from: textStart) }
        if supplementary == 0 {
            writeBytes(UnsafeRawBufferPointer(utf8))
            return
        }
        reserve(utf8.count + 2 * supplementary)
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            guard lead >= 0xF0, index + 3 < utf8.count else {
                append(lead)
                index += 1
                continue
            }
            let scalar =
                (UInt32(lead & 0x07) << 18) | (UInt32(utf8[index + 1] & 0x3F) << 12)
                | (UInt32(utf8[index + 2] & 0x3F) << 6) | UInt32(utf8[index + 3] & 0x3F)
            let offset = scalar - 0x10000
            appendThreeByteUnit(UInt16(0xD800 + (offset >> 10)))
            appendThreeByteUnit(UInt16(0xDC00 + (offset & 0x3FF)))
            index += 4
        }
    }

    @inline(__always) private func appendThreeByteUnit(_ unit: UInt16) {
        append(UInt8(0xE0 | (unit >> 12)))
        append(UInt8(0x80 | ((unit >> 6) & 0x3F)))
        append(UInt8(0x80 | (unit & 0x3F)))
    }

    /// The UTF-8-form length prefix: a ``writeVarIntFlag(_:_:)`` whose flag marks the form.
    private func writeUTF8Length(_ length: Int) {
        writeVarIntFlag(true, UInt32(truncatingIfNeeded: length))
    }

    /// Writes a positive varint with a flag in the first byte (Kryo 5's `writeVarIntFlag`): the
    /// flag as `0x80`, 6 bits of the value, `0x40` meaning more follows, then 7 bits a byte.
    public func writeVarIntFlag(_ flag: Bool, _ value: UInt32) {
        var value = value
        let flagBit: UInt8 = flag ? 0x80 : 0
        reserve(5)
        if value >> 6 == 0 {
            append(UInt8(value) | flagBit)
            return
        }
        append(UInt8(value & 0x3F) | 0x40 | flagBit)
        value >>= 6
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }
}
