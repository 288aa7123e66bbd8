// Times every workload the way the Java harness does (warm-up, then passes of ≥ 0.2 s), then counts
// its allocations in an untimed pass, and prints
// `name<TAB>median_ns<TAB>min_ns<TAB>max_ns<TAB>bytes<TAB>allocs_per_op<TAB>cpu_share` (allocations
// blank where the allocation counter is not built in: not Linux; cpu_share is the thread's CPU time
// over the wall-clock time of the median pass, below 1 when the thread waited for a CPU). `--write DIR` also saves the MediaContent
// encodings (every dialect) for the byte comparison with Java and the keyed archives; `--graph-memory N`
// reports the peak resident memory of encoding and decoding an N-node graph in a fresh process;
// `--stream-megabytes N` writes N MB of MediaContent records to a file through one stream, reads
// them back, and reports time and memory; both in the dialect `--dialect` names (v2 by default).
// `--write-records N FILE` writes N MediaContent records to FILE through one stream, for the `kryo`
// tool's conversion of a stream of records (run.sh).
import AllocationCounter
import Foundation
import SwiftKryo
import Workloads

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")

if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: kryo-compare [--quick] [--small] [--filter TEXT] [--count N] [--write DIR]
               kryo-compare --graph-memory NODES | --stream-megabytes MB | --write-records N FILE

          --quick              shorter warm-up and 3 passes instead of 5
          --small              leave out the 10 M arrays, the 10 k list and the graphs
          --filter TEXT        only the workloads whose name contains TEXT (e.g. media.keyed)
          --count N            run each selected workload N times, untimed (for callgrind, perf stat),
                               and print its allocations in those runs on standard error
          --write DIR          also save the MediaContent encodings, keyed archives and JSON in DIR
          --graph-memory N     time and peak memory of an N-node graph, encoded and decoded
          --stream-megabytes N write N MB of records through a stream file and read them back
          --write-records N FILE  write N MediaContent records (references off) to FILE and stop
          --dialect v2|v4|v5   the Kryo release of --graph-memory, --stream-megabytes and
                               --write-records (v2)
          --check-against DIR  compare the MediaContent encodings of every dialect with the files
                               of the same names in DIR (the Java harness's bytes) and stop: exit
                               status 1 if one differs or is missing; nothing is timed

        The Kryo rows run in Kryo 2.20's dialect (media.field.refs-off/encode), Kryo 4's
        (media.field.refs-off.v4/encode) and Kryo 5's (media.field.refs-off.v5/encode).

        Output: name, median, min and max ns/op over the passes, bytes, and allocations per
        operation (calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and the like by
        the measuring thread, counted in an untimed pass of at least 10 runs and 0.05 s after the
        timed passes; Linux with glibc only, blank elsewhere), then the share of the median pass's
        wall-clock time that the measuring thread spent on a CPU (below 1 when other processes
        took the CPU: the row's time then measures the machine's load as much as the code).
        """)
    exit(0)
}

func argument(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// Prints a line and flushes it at once, so a partial run still shows its results.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The CPU time the calling thread has used, in nanoseconds.
func threadCPUTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Allocations per operation as the TSV shows them: whole numbers as they are, others to one
/// decimal (two significant digits below 0.1), and nothing where the counter is not built in.
func allocationsCell(_ count: Int64, runs: Int) -> String {
    guard count >= 0, runs > 0 else { return "" }
    if count % Int64(runs) == 0 { return String(count / Int64(runs)) }
    let perRun = Double(count) / Double(runs)
    return String(format: perRun < 0.1 ? "%.2g" : "%.1f", perRun)
}

/// The calls to the C allocator the calling thread makes while `body` runs, or -1 where the
/// counter is not built in.
func allocations(_ body: () throws -> Void) rethrows -> Int64 {
    let before = allocation_count()
    try body()
    return before < 0 ? -1 : allocation_count() - before
}

func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

let dialectArgument = argument(after: "--dialect") ?? "v2"
guard
    let chosenDialect = benchmarkDialects.first(where: {
        ($0.suffix.isEmpty ? "v2" : String($0.suffix.dropFirst())) == dialectArgument
    })
else {
    FileHandle.standardError.write(Data("error: --dialect takes v2, v4 or v5\n".utf8))
    exit(2)
}
let (dialect, dialectSuffix) = chosenDialect

do {
    if let countText = argument(after: "--graph-memory"), let count = Int(countText) {
        let before = peakResidentBytes()
        let codec = KryoCodec(
            registry: try benchmarkRegistry(), dialect: dialect, options: benchmarkOptions(references: true))
        let start = now()
        let bytes = try codec.encode(GraphNode.graph(count) as [Any?])
        let back = try codec.decode([Any?].self, from: bytes)
        let elapsed = now() - start
        print(
            "graph-memory\(dialectSuffix)\t\(count)\t\(back.count)\t\(peakResidentBytes() - before)\t\(elapsed)\t\(bytes.count)"
        )
        exit(0)
    }
    if let megabytesText = argument(after: "--stream-megabytes"), let megabytes = Int(megabytesText) {
        try streamRecords(megabytes: megabytes)
        exit(0)
    }
    if let countText = argument(after: "--write-records"), let count = Int(countText),
        let index = arguments.firstIndex(of: "--write-records"), index + 2 < arguments.count
    {
        try writeRecords(count, to: arguments[index + 2])
        exit(0)
    }
    if let directory = argument(after: "--check-against") {
        // Before anything is timed: the same bytes as Java's, in every dialect.
        var differ: [String] = []
        for (name, bytes) in try mediaEncodings() {
            let url = URL(fileURLWithPath: directory).appendingPathComponent("\(name).bin")
            guard let java = FileManager.default.contents(atPath: url.path) else {
                differ.append("\(name) (no Java bytes)")
                continue
            }
            if [UInt8](java) == bytes {
                FileHandle.standardError.write(Data("  \(name): \(bytes.count) bytes, identical to Java's\n".utf8))
            } else {
                differ.append("\(name) (Swift \(bytes.count) bytes, Java \(java.count))")
            }
        }
        guard differ.isEmpty else {
            FileHandle.standardError.write(
                Data("error: bytes differ from Java's: \(differ.joined(separator: ", "))\n".utf8))
            exit(1)
        }
        exit(0)
    }
    let filter = argument(after: "--filter")
    let workloads = try makeWorkloads(includeLarge: !arguments.contains("--small")) { group in
        filter.map { $0.hasPrefix(group) || group.hasPrefix($0) || $0.contains(group) } ?? true
    }
    if let directory = argument(after: "--write") {
        let registry = try benchmarkRegistry()
        let standard = MediaContent.standard()
        for (name, bytes) in try mediaEncodings() {
            try Data(bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).bin"))
        }
        // The keyed archives of the same graph, ours and Foundation's, for inspection (`plutil -p`).
        let archives: [(String, Data)] = [
            (
                "media.keyed.binary",
                Data(try KeyedArchiveCodec(registry: registry, format: .binary).encode(standard))
            ),
            ("media.keyed.xml", Data(try KeyedArchiveCodec(registry: registry, format: .xml).encode(standard))),
            (
                "media.nskeyedarchiver",
                try NSKeyedArchiver.archivedData(
                    withRootObject: ArchivedMediaContent.standard(), requiringSecureCoding: true)
            ),
        ]
        for (name, data) in archives {
            try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).plist"))
        }
        // The readable JSON of the graph (references on, as its rows) and Foundation's JSON of its
        // Codable twin, the documents the JSON rows decode.
        let documents: [(String, Data)] = [
            (
                "media.readable",
                Data(
                    try ReadableCodec(registry: registry, format: .json, options: benchmarkOptions(references: true))
                        .encode(standard))
            ),
            ("media.foundation", try JSONEncoder().encode(CodableMediaContent.standard())),
        ]
        for (name, data) in documents {
            try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).json"))
        }
    }
    if let countText = argument(after: "--count"), let count = Int(countText) {
        // A fixed number of runs and no timing, for counting instructions with `perf stat`.
        for workload in workloads where filter.map({ workload.name.contains($0) }) ?? true {
            let made = try allocations {
                for _ in 0..<count { try workload.run() }
            }
            if made >= 0 {
                FileHandle.standardError.write(
                    Data("\(workload.name): \(made) allocations in \(count) runs\n".utf8))
            }
        }
        exit(0)
    }
    for workload in workloads where filter.map({ workload.name.contains($0) }) ?? true {
        // Warm up.
        let warmupEnd = now() + (quick ? 100_000_000 : 1_000_000_000)
        var warmups = 0
        repeat {
            try workload.run()
            warmups += 1
        } while now() < warmupEnd || warmups < 3
        // Each pass: wall-clock ns/op, and the share of that time the thread was on a CPU.
        var timed: [(wall: Double, cpuShare: Double)] = []
        for _ in 0..<(quick ? 3 : 5) {
            var count = 0
            let start = now()
            let cpuStart = threadCPUTime()
            var elapsed: UInt64 = 0
            repeat {
                try workload.run()
                count += 1
                elapsed = now() - start
            } while elapsed < 200_000_000
            let cpu = threadCPUTime() - cpuStart
            timed.append((Double(elapsed) / Double(count), Double(cpu) / Double(max(elapsed, 1))))
        }
        timed.sort { $0.wall < $1.wall }
        let passes = timed.map(\.wall)
        let median = passes[passes.count / 2]
        let cpuShare = timed[timed.count / 2].cpuShare
        // Allocations per operation, counted apart from the timed passes: at least 10 runs and
        // about 0.05 s.
        let runs = max(10, Int((50_000_000 / max(median, 1)).rounded(.up)))
        let made = try allocations {
            for _ in 0..<runs { try workload.run() }
        }
        emit(
            "\(workload.name)\t\(String(format: "%.1f", median))\t\(String(format: "%.1f", passes[0]))\t"
                + "\(String(format: "%.1f", passes[passes.count - 1]))\t\(workload.bytes)\t"
                + allocationsCell(made, runs: runs) + "\t\(String(format: "%.2f", cpuShare))")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

/// Writes MediaContent records to a temporary file through one `KryoStreamWriter` until it holds
/// `megabytes` MB, reads them back one by one with a `KryoStreamReader`, checks each, and prints
/// `stream<TAB>bytes<TAB>records<TAB>write_ns<TAB>read_ns<TAB>peak_rss_added<TAB>rss_after_first_10MB`.
/// Flat memory shows as a peak no larger than after the first 10 MB.
func streamRecords(megabytes: Int) throws {
    let codec = KryoCodec(
        registry: try benchmarkRegistry(), dialect: dialect, options: benchmarkOptions(references: false))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-stream-\(getpid()).bin")
    defer { try? FileManager.default.removeItem(at: url) }
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let before = peakResidentBytes()
    let target = megabytes * 1_000_000
    let record = MediaContent.standard()
    let recordBytes = try codec.encode(record).count
    let records = (target + recordBytes - 1) / recordBytes
    var afterTenMegabytes = 0

    let writeStart = now()
    let output = try FileHandle(forWritingTo: url)
    let writer = KryoStreamWriter(codec: codec, fileHandle: output)
    for index in 0..<records {
        record.media.duration = Int64(index)
        try writer.write(record)
        if index * recordBytes >= 10_000_000, afterTenMegabytes == 0 {
            afterTenMegabytes = peakResidentBytes() - before
        }
    }
    try writer.flush()
    try output.close()
    let writeTime = now() - writeStart

    let readStart = now()
    let input = try FileHandle(forReadingFrom: url)
    defer { try? input.close() }
    let reader = KryoStreamReader(codec: codec, fileHandle: input)
    for index in 0..<records {
        guard let back = try reader.next(MediaContent.self), back.media.duration == Int64(index) else {
            throw SerializationError(.invalidValue, expected: "record \(index)", found: "another value or the end")
        }
    }
    guard try reader.input.isAtEnd() else {
        throw SerializationError(.invalidValue, expected: "the end of the stream", found: "more bytes")
    }
    let readTime = now() - readStart
    let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    print(
        "stream\(dialectSuffix)\t\(size)\t\(records)\t\(writeTime)\t\(readTime)\t\(peakResidentBytes() - before)\t\(afterTenMegabytes)"
    )
}

/// Writes `count` MediaContent records, each a little different (its duration and title), to
/// `path` through one `KryoStreamWriter` with references off.
func writeRecords(_ count: Int, to path: String) throws {
    let codec = KryoCodec(
        registry: try benchmarkRegistry(), dialect: dialect, options: benchmarkOptions(references: false))
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    let writer = KryoStreamWriter(codec: codec, fileHandle: output)
    let record = MediaContent.standard()
    let title = record.media.title ?? ""
    for index in 0..<count {
        record.media.duration = Int64(index)
        record.media.title = "\(title) #\(index)"
        try writer.write(record)
    }
    try writer.flush()
    try output.close()
}
