import ArgumentParser
import Foundation
import KryoNetProtocol
import SwiftKryo

/// Which records of a stream `--records` picks: numbered from 1, both ends included.
struct RecordSelection: ExpressibleByArgument, Equatable {
    /// The first record picked.
    var first: Int
    /// The last record picked; `nil` to the end of the stream.
    var last: Int?

    static let all = RecordSelection(first: 1, last: nil)

    init(first: Int, last: Int?) {
        self.first = first
        self.last = last
    }

    /// `all`, `N`, `N..M`, `N..` or `..M`.
    init?(argument: String) {
        if argument == "all" {
            self = .all
            return
        }
        let parts = argument.components(separatedBy: "..")
        func number(_ text: String) -> Int? { Int(text).flatMap { $0 >= 1 ? $0 : nil } }
        switch parts.count {
        case 1:
            guard let only = number(parts[0]) else { return nil }
            self.init(first: only, last: only)
        case 2:
            let first = parts[0].isEmpty ? 1 : number(parts[0])
            let last = parts[1].isEmpty ? nil : number(parts[1])
            guard let first, parts[1].isEmpty || last != nil else { return nil }
            if let last, last < first { return nil }
            self.init(first: first, last: last)
        default:
            return nil
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["all"]) }

    /// Whether record `number` is picked.
    func contains(_ number: Int) -> Bool { number >= first && number <= (last ?? Int.max) }

    /// Whether no record after `number` is picked.
    func isDone(after number: Int) -> Bool { last.map { number >= $0 } ?? false }
}

/// Converts a stream of records, one at a time, in memory bounded by the largest record: a Kryo
/// stream (consecutive top-level values, as a Java service appends them), JSON Lines (one
/// document per line) or a JSON array.
struct RecordConversion {
    let from: DataFormat
    let to: DataFormat
    let context: ConversionContext
    let javaClass: String?
    let selection: RecordSelection
    /// With `--kryonet`: the Kryo side is KryoNet frames no longer than this.
    var kryoNetFrameLimit: Int? = nil

    /// The formats that hold a stream of records.
    static let formats: [DataFormat] = [.kryo2, .kryo4, .kryo5, .json, .jsonLines]

    func run(input: String, output: String?) throws {
        for format in [from, to] where !Self.formats.contains(format) {
            throw ToolError(
                "\(format.rawValue) holds one value, not a stream of records "
                    + "(records convert between \(Self.formats.map(\.rawValue).joined(separator: ", ")))")
        }
        let source = try ByteSource(path: input)
        let progress = Progress(totalBytes: source.size)
        let records = try RecordReader(
            format: from, source: source, context: context, javaClass: javaClass, kryoNetFrameLimit: kryoNetFrameLimit)
        try AtomicOutput.write(to: output) { sink in
            let writer = try RecordWriter(
                format: to, context: context, javaClass: javaClass, kryoNetFrameLimit: kryoNetFrameLimit, sink: sink)
            var number = 0
            while !selection.isDone(after: number) {
                let next: RecordReader.Record?
                do {
                    next = try records.next()
                } catch {
                    throw ToolError("record \(number + 1): \(error)")
                }
                guard let record = next else { break }
                number += 1
                if selection.contains(number) {
                    do {
                        try writer.write(record.value)
                    } catch {
                        throw ToolError("record \(number): \(error)")
                    }
                }
                progress.update(bytes: source.bytesRead, records: number)
            }
            try writer.finish()
            progress.finish(bytes: source.bytesRead, records: number)
            let earlier = records.referencesToEarlierRecords
            guard earlier > 0, to.dialect == nil else { return }
            if to == .jsonLines, RecordReader.sharesObjects(context) {
                // JSON Lines writes aliases to the earlier records it holds: all of them, unless
                // the first records are left out.
                guard selection.first > 1 else { return }
                FileHandle.standardError.write(
                    Data(
                        ("kryo: note: the records picked may refer to objects of the \(selection.first - 1) "
                            + "record\(selection.first == 2 ? "" : "s") left out before them (Java's setAutoReset(false) with references on); those objects are "
                            + "written in full where the records picked first meet them\n").utf8))
                return
            }
            FileHandle.standardError.write(
                Data(
                    ("kryo: note: the records refer \(earlier) time\(earlier == 1 ? "" : "s") to objects of earlier "
                        + "records (Java's setAutoReset(false) with references on); \(to.rawValue) holds each record "
                        + "on its own, so those objects are written again in full\n").utf8))
        }
    }
}

/// The bytes of a file or of standard input, read in chunks.
final class ByteSource {
    private let handle: FileHandle
    /// The size of the file, when it is one.
    let size: Int?
    /// How many bytes were handed out so far.
    private(set) var bytesRead = 0
    private static let chunkSize = 256 * 1024

    init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardInput
            size = nil
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw ToolError(ToolIO.directoryMessage(path)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ToolError("cannot read \(path)") }
        self.handle = handle
        size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// The next chunk, or `nil` at the end.
    func next() throws -> [UInt8]? {
        guard let bytes = try handle.readRetryingInterruptions(upToCount: Self.chunkSize) else { return nil }
        bytesRead += bytes.count
        return bytes
    }
}

/// Reads records one at a time.
final class RecordReader {
    /// The class names (and with references on, the objects) a stream of the schema's
    /// `autoReset: false` numbers once for all its records; `nil` for a stream whose records each
    /// number their own, as Java's default does.
    static func streamMemory(_ context: ConversionContext) -> KryoStreamMemory? {
        context.schemas.settings.autoReset ? nil : KryoStreamMemory()
    }

    /// The stream's memory, when its records number their classes and objects together.
    private var memory: KryoStreamMemory?

    /// How many times the records read so far referred to objects of earlier records (a stream
    /// of `autoReset: false` with references on): sharing that a format holding each record on
    /// its own cannot keep.
    var referencesToEarlierRecords: Int { memory?.referencesToEarlierValues ?? 0 }

    /// A record; `value` may be nil (Java's `null` written at the top level).
    struct Record {
        let value: Any?
    }

    private let read: () throws -> Record?

    init(
        format: DataFormat, source: ByteSource, context: ConversionContext, javaClass: String?,
        kryoNetFrameLimit: Int? = nil
    ) throws {
        if let kryoNetFrameLimit, format.dialect != nil {
            read = try Self.frames(format: format, source: source, context: context, limit: kryoNetFrameLimit)
            return
        }
        switch format {
        case .kryo2, .kryo4, .kryo5:
            let codec = try format.kryoCodec(context, javaClass: javaClass)
            let recorder = ChunkRecorder(source: source)
            let stream = KryoStreamReader(codec: codec, source: recorder.next)
            let streamMemory = Self.streamMemory(context)
            memory = streamMemory
            read = {
                do {
                    if try stream.input.isAtEnd() { return nil }
                    // Read once to find where the record ends, then its bytes as a whole, as
                    // `convert` reads one value: the strings Java shared stay shared. (A stream
                    // of one numbering of class names reads them again from where it was.)
                    let start = stream.input.offset
                    let before = streamMemory?.readState
                    _ = try codec.decode(Any?.self, javaClass: javaClass, from: stream.input, memory: streamMemory)
                    let bytes = recorder.take(start..<stream.input.offset)
                    if let streamMemory, let before { streamMemory.restore(before) }
                    return Record(value: try codec.decode(javaClass: javaClass, from: bytes, memory: streamMemory))
                } catch let error as SerializationError {
                    var message = "\(error) (read as \(format.rawValue), \(codec.dialect))"
                    // A setting that reads the stream (its first megabytes) is named: from its
                    // start, since a record read the wrong way may end elsewhere than Java's.
                    if let (head, isWhole) = try? recorder.streamHead(),
                        let said = KryoReadRetry.suggestion(
                            forRecords: head, isWhole: isWhole, as: format, with: context, javaClass: javaClass)
                    {
                        message += "; " + said
                    }
                    throw ToolError(message)
                }
            }
        case .jsonLines where Self.sharesObjects(context):
            read = try Self.sharingLines(source: source, context: context, javaClass: javaClass)
        case .jsonLines:
            let codec = ReadableCodec(registry: context.registry, options: context.options)
            let lines = LineReader(source: source)
            read = {
                while let (number, line) = try lines.next() {
                    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                    do {
                        // A line of a `writeObject` stream is an object of the class named.
                        if let javaClass { return Record(value: try codec.decode(javaClass: javaClass, from: line)) }
                        return Record(value: try codec.decode(Any?.self, from: line))
                    } catch {
                        // The error's own positions count from the start of the line.
                        throw ToolError("line \(number) (positions within the line): \(error)")
                    }
                }
                return nil
            }
        case .json:
            // A JSON array of records, read whole; each record is a document of its own (its
            // aliases name key paths from the record, as the writer writes them).
            var bytes: [UInt8] = []
            while let chunk = try source.next() { bytes += chunk }
            let codec = ReadableCodec(registry: context.registry, options: context.options)
            guard let records = try codec.records(inJSONArray: bytes) else {
                throw ToolError("expected a JSON array of records, found another JSON value")
            }
            var next = 0
            read = {
                // The caller names the record of an error.
                guard next < records.count else { return nil }
                defer { next += 1 }
                return Record(value: try records.decode(next))
            }
        default:
            throw ToolError("\(format.rawValue) holds one value, not a stream of records")
        }
    }

    func next() throws -> Record? { try read() }

    /// Whether the records of the schema's streams share objects: one numbering for all of them
    /// (`autoReset: false`) with references on, as JSON Lines writes with aliases to earlier
    /// records (`{"$alias": "$record2.owner"}`).
    static func sharesObjects(_ context: ConversionContext) -> Bool {
        !context.schemas.settings.autoReset && context.options.references
    }

    /// The records of JSON Lines whose aliases may name objects of earlier records: the whole
    /// input is read first, so that the objects that later lines name are kept as their records
    /// are read.
    private static func sharingLines(source: ByteSource, context: ConversionContext, javaClass: String?) throws
        -> () throws -> Record?
    {
        let codec = ReadableCodec(registry: context.registry, options: context.options)
        let lines = LineReader(source: source)
        var records: [(line: Int, bytes: [UInt8])] = []
        while let (number, line) = try lines.next() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            records.append((number, line))
        }
        let memory = ReadableStreamMemory()
        for (index, record) in records.enumerated() { memory.noteAliases(in: record.bytes, record: index + 1) }
        var next = 0
        return {
            guard next < records.count else { return nil }
            defer { next += 1 }
            let (number, line) = records[next]
            do {
                return Record(value: try codec.decode(line, record: next + 1, memory: memory, javaClass: javaClass))
            } catch {
                throw ToolError("line \(number) (positions within the line): \(error)")
            }
        }
    }

    /// The objects of a KryoNet stream, a frame each.
    private static func frames(format: DataFormat, source: ByteSource, context: ConversionContext, limit: Int) throws
        -> () throws -> Record?
    {
        let codec = try format.kryoCodec(context, javaClass: nil)
        var frames = KryoNetFrameReader(maximumLength: limit)
        return {
            while true {
                let next: KryoNetFrameReader.Frame?
                do {
                    next = try frames.next()
                } catch {
                    throw ToolError("\(error)")
                }
                if let frame = next {
                    do {
                        return Record(value: try codec.decode(Any?.self, from: frame.payload))
                    } catch {
                        let offset = String(frame.offset, radix: 16)
                        throw ToolError(
                            "frame \(frame.number) at 0x\(String(repeating: "0", count: max(0, 4 - offset.count)))"
                                + "\(offset): \(error) (read as \(format.rawValue), \(codec.dialect); the offset "
                                + "counts from the frame's object, after its 4-byte header)")
                    }
                }
                guard let chunk = try source.next() else {
                    do {
                        try frames.finish()
                    } catch {
                        throw ToolError("\(error)")
                    }
                    return nil
                }
                frames.append(chunk)
            }
        }
    }
}

/// Keeps the chunks of a byte source until the records in them are taken.
final class ChunkRecorder {
    private let source: ByteSource
    /// The bytes from offset `keptStart` of the source on.
    private var kept: [UInt8] = []
    private var keptStart = 0

    init(source: ByteSource) { self.source = source }

    func next() throws -> [UInt8]? {
        guard let chunk = try source.next() else { return nil }
        kept += chunk
        if head.count < Self.headLimit { head += chunk.prefix(Self.headLimit - head.count) }
        return chunk
    }

    /// The first bytes of the source, kept for a second reading after a failure (at most
    /// ``headLimit``).
    private var head: [UInt8] = []
    static let headLimit = 1 << 22

    /// The first bytes of the source, reading more of it up to ``headLimit``, and whether they
    /// are all of it; for a second reading of the stream after a failure.
    func streamHead() throws -> (bytes: [UInt8], isWhole: Bool) {
        while head.count < Self.headLimit {
            guard try next() != nil else { return (head, true) }
        }
        return (head, false)
    }

    /// The bytes of `range` (offsets in the source), forgetting everything before its end.
    func take(_ range: Range<Int>) -> [UInt8] {
        let lower = max(range.lowerBound - keptStart, 0)
        let upper = min(max(range.upperBound - keptStart, lower), kept.count)
        let bytes = Array(kept[lower..<upper])
        kept.removeFirst(upper)
        keptStart += upper
        return bytes
    }
}

/// The lines of a byte source, without their line feeds, numbered from 1.
final class LineReader {
    private let source: ByteSource
    private var buffer: [UInt8] = []
    private var start = 0
    private var number = 0
    private var exhausted = false

    init(source: ByteSource) { self.source = source }

    func next() throws -> (Int, [UInt8])? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                number += 1
                return (number, line)
            }
            if exhausted {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                number += 1
                return (number, line)
            }
            // Keep only the unread part, then read on.
            buffer.removeFirst(start)
            start = 0
            if let chunk = try source.next() { buffer += chunk } else { exhausted = true }
        }
    }
}

/// Writes records one at a time to a sink.
final class RecordWriter {
    private let writeRecord: (Any?) throws -> Void
    private let finishing: () throws -> Void

    init(
        format: DataFormat, context: ConversionContext, javaClass: String?, kryoNetFrameLimit: Int? = nil,
        sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        if let limit = kryoNetFrameLimit, format.dialect != nil {
            let codec = try format.kryoCodec(context, javaClass: nil)
            writeRecord = { value in
                let object = try codec.encode(value)
                guard object.count <= limit, let length = Int32(exactly: object.count) else {
                    throw ToolError(
                        "an object of \(object.count) bytes is longer than the frames KryoNet's receiver takes "
                            + "(\(limit) bytes; give its object buffer with --max-frame-length)")
                }
                try (KryoNetFrameHeader.bytes(length: length) + object).withUnsafeBytes(sink)
            }
            finishing = {}
            return
        }
        switch format {
        case .kryo2, .kryo4, .kryo5:
            let codec = try format.kryoCodec(context, javaClass: javaClass)
            let output = KryoOutput(bufferSize: 256 * 1024, sink: sink)
            let memory = RecordReader.streamMemory(context)
            writeRecord = { value in
                try codec.encode(value, declaredType: nil, javaClass: javaClass, to: output, memory: memory)
                try output.flushIfNeeded()
            }
            finishing = { try output.flush() }
        case .jsonLines, .json:
            let codec = ReadableCodec(registry: context.registry, format: .json, options: context.options)
            let isArray = format == .json
            // Records that share objects: an alias to the earlier record that holds one.
            let memory = !isArray && RecordReader.sharesObjects(context) ? ReadableStreamMemory() : nil
            var count = 0
            writeRecord = { value in
                var line = isArray ? Array((count == 0 ? "[\n" : ",\n").utf8) : []
                if let memory {
                    line += try codec.encode(value, record: count + 1, memory: memory)
                } else {
                    line += try codec.encode(value)
                }
                if !isArray { line.append(0x0A) }
                count += 1
                try line.withUnsafeBytes(sink)
            }
            finishing = {
                guard isArray else { return }
                try Array((count == 0 ? "[]\n" : "\n]\n").utf8).withUnsafeBytes(sink)
            }
        default:
            throw ToolError("\(format.rawValue) holds one value, not a stream of records")
        }
    }

    func write(_ value: Any?) throws { try writeRecord(value) }
    func finish() throws { try finishing() }
}

/// Output written as it comes: to standard output, or to a temporary file beside the target
/// that replaces it only once everything is written (the old file stays whole if anything fails).
enum AtomicOutput {
    static func write(to path: String?, _ body: (@escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void)
        throws
    {
        guard let path, path != "-" else {
            try body { bytes in FileHandle.standardOutput.write(Data(bytes)) }
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolError(ToolIO.directoryMessage(path))
        }
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw ToolError("cannot write \(path)") }
        do {
            try body { bytes in try handle.write(contentsOf: Data(bytes)) }
            try handle.close()
            // One rename, which replaces the old file at once (same directory, same volume).
            guard rename(temporary.path, target.path) == 0 else {
                throw ToolError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

/// A progress line on standard error — bytes, records, rate — when it is a terminal and the input
/// is larger than a few megabytes.
final class Progress {
    private let totalBytes: Int?
    private let enabled: Bool
    private let start = Date()
    private var lastShown = Date.distantPast

    static let threshold = 4 << 20

    init(totalBytes: Int?) {
        self.totalBytes = totalBytes
        let forced = ProcessInfo.processInfo.environment["KRYO_PROGRESS"] == "1"
        enabled = forced || (isatty(2) == 1 && (totalBytes ?? Int.max) > Self.threshold)
    }

    func update(bytes: Int, records: Int) {
        guard enabled, Date().timeIntervalSince(lastShown) >= 0.25 else { return }
        lastShown = Date()
        show(bytes: bytes, records: records)
    }

    func finish(bytes: Int, records: Int) {
        guard enabled else { return }
        show(bytes: bytes, records: records)
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func show(bytes: Int, records: Int) {
        let seconds = max(Date().timeIntervalSince(start), 0.001)
        let megabytes = Double(bytes) / 1_048_576
        var line = "\r" + String(format: "%.1f", megabytes)
        if let totalBytes { line += String(format: " of %.1f", Double(totalBytes) / 1_048_576) }
        line += " MB, \(records) records, " + String(format: "%.1f MB/s", megabytes / seconds)
        FileHandle.standardError.write(Data(line.utf8))
    }
}
