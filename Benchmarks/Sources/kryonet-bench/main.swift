// The Swift side of the KryoNet benchmark (Benchmarks/kryonet.sh): a KryoNetServer or a
// KryoNetClient that speaks the benchmark's protocol with Benchmarks/JavaKryoNet/KryoNetBench.java,
// so that any server runs with any client:
//
//   classes, after the five framework messages: ArrayList, MediaContent, Media.Player, Media,
//   Image.Size, Image (ids 14-19), the order of Benchmarks/Java/MediaBench.java;
//   client -> server  String "start N", then N MediaContent objects (the standard one);
//   server -> client  String "done N ok C" once the N-th has arrived ("mismatch" when the first one
//                     did not equal the standard MediaContent), C the CPU time the server process
//                     used since "start" (every thread), in ns;
//   client -> server  KryoNet's Ping, one at a time, answered by the server's library.
//
//   kryonet-bench server [--kryo 2|5] [--port 0] [--events]
//       prints `READY tcp=P`; ends on QUIT or at the end of its standard input. The objects are
//       counted in a KryoNetListener (on the event loop, as Java KryoNet calls its listeners), or
//       with --events in a task that iterates server.events().
//   kryonet-bench client [--kryo 2|5] --port P [--objects N] [--pings M] [--warmup W] [--reps R]
//                        [--pings-off-loop]
//       runs W + R rounds, each N objects one way then M sequential pings (`connection.ping()`
//       from a task that prefers `connection.executor`, the connection's own thread; with
//       --pings-off-loop from a task on the global executor), and prints for each of the last R rounds (tab-separated):
//         oneway  N  <ns from the first object sent to "done" received>  ok|mismatch
//                 <server CPU ns>  <client CPU ns, the same span>
//         ping    M  <ns for all M>  <p50 ns>  <p99 ns>
//
// The client sends from a task in windows of frames that fit in half its write buffer (KryoNet's
// 8192 bytes), waiting for the connection's idle event between windows: a sender that outran the
// socket by more than the write buffer would be disconnected, as KryoNet's is.
import Foundation
import KryoNet
import SwiftKryo
import Synchronization
import Workloads

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("kryonet-bench: \(message)\n".utf8))
    exit(2)
}

/// Prints a line and flushes it at once.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let role = arguments.first, role == "server" || role == "client" else {
    fail(
        "usage: kryonet-bench server|client [--kryo 2|5] [--port P] [--events] [--objects N] [--pings M] [--warmup W] [--reps R]"
    )
}

func value(_ flag: String, default fallback: Int, minimum: Int = 0) -> Int {
    guard let index = arguments.firstIndex(of: flag) else { return fallback }
    guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number >= minimum else {
        fail("\(flag) needs an integer of at least \(minimum)")
    }
    return number
}

let kryo = value("--kryo", default: 2)
guard kryo == 2 || kryo == 5 else { fail("--kryo must be 2 or 5") }
let port = value("--port", default: role == "server" ? 0 : -1)
let objectCount = value("--objects", default: 20000, minimum: 1)
let pingCount = value("--pings", default: 2000, minimum: 1)
let warmupRounds = value("--warmup", default: 3)
let measuredRounds = value("--reps", default: 5, minimum: 1)
/// Pings from a task on the global executor (two thread hops per round trip) instead of one that
/// prefers the connection's executor.
let pingsOffLoop = arguments.contains("--pings-off-loop")

/// KryoNet's serialization with the benchmark's classes, in MediaBench's order.
func benchSerialization() throws -> KryoNetSerialization {
    try KryoNetSerialization(dialect: kryo == 5 ? .v5 : .v2) {
        Register([Any?].self)
        Register(MediaContent.self)
        Register(Player.self)
        Register(Media.self)
        Register(ImageSize.self)
        Register(Image.self)
    }
}

/// The CPU time of the whole process, every thread, in ns.
func processCPU() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// A one-shot wake-up that remembers a fire nobody waited for.
final class Signal: Sendable {
    private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func fire() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.fired = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    func reset() { state.withLock { $0.fired = false } }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.fired {
                    state.fired = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

// MARK: - Server

/// Counts the MediaContent objects of a round and answers "done" after the last.
final class RoundCounter: @unchecked Sendable {  // the standard value is only read
    private struct State {
        var expected = -1
        var count = 0
        var mismatch = false
        var cpuAtStart: Int64 = 0
    }

    private let state = Mutex(State())
    private let standard = MediaContent.standard()

    func received(_ object: Any, from connection: KryoNetConnection) {
        if let media = object as? MediaContent {
            let reply: String? = state.withLock { state in
                if state.count == 0, media != standard { state.mismatch = true }
                state.count += 1
                guard state.count == state.expected else { return nil }
                state.expected = -1
                return "done \(state.count) \(state.mismatch ? "mismatch" : "ok") \(processCPU() - state.cpuAtStart)"
            }
            if let reply { _ = try? connection.sendTCP(reply) }
        } else if let text = object as? String, text.hasPrefix("start "), let expected = Int(text.dropFirst(6)) {
            state.withLock { $0 = State(expected: expected, count: 0, mismatch: false, cpuAtStart: processCPU()) }
        }
    }
}

final class CountingListener: KryoNetListener {
    let counter: RoundCounter
    init(counter: RoundCounter) { self.counter = counter }

    func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
        counter.received(object, from: connection)
    }
}

func runServer() async throws {
    let server = KryoNetServer(serialization: try benchSerialization())
    let counter = RoundCounter()
    let counting: Task<Void, Never>?
    if arguments.contains("--events") {
        let events = server.events()
        counting = Task {
            for await event in events {
                if case .received(let received) = event { counter.received(received.object, from: received.connection) }
            }
        }
    } else {
        server.addListener(CountingListener(counter: counter))
        counting = nil
    }
    try await server.bind(host: "127.0.0.1", tcpPort: port)
    emit("READY tcp=\(server.tcpPort ?? -1)")
    // Until QUIT or the end of the standard input.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            while let line = readLine(), line.trimmingCharacters(in: .whitespaces) != "QUIT" {}
            continuation.resume()
        }
    }
    await server.close()
    await counting?.value
}

// MARK: - Client

/// The client's listener: the server's "done" and the connection's idle events.
final class ClientListener: KryoNetListener {
    let idle = Signal()
    let done = Signal()
    private let reply = Mutex<String?>(nil)

    func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
        guard let text = object as? String, text.hasPrefix("done ") else { return }
        reply.withLock { $0 = text }
        done.fire()
    }

    func idle(_ connection: KryoNetConnection) { idle.fire() }

    func takeReply() -> String? { reply.withLock { $0.take() } }
}

/// The nearest-rank percentile of sorted values.
func rank(_ sorted: [Int64], _ percent: Int) -> Int64 {
    let index = Int((Double(percent) / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[max(0, min(sorted.count - 1, index))]
}

func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
}

func runClient() async throws {
    guard port > 0 else { fail("the client needs --port") }
    let serialization = try benchSerialization()
    var configuration = KryoNetConfiguration.client
    // Every frame counts as busy, so that each batch the event loop writes ends with an idle event
    // once the socket has taken it: the sender below never waits for one that does not come.
    configuration.idleThreshold = 0.01
    let client = KryoNetClient(serialization: serialization, configuration: configuration)
    let listener = ClientListener()
    client.addListener(listener)
    try await client.connect(host: "127.0.0.1", tcpPort: port)
    guard let connection = client.connection else { fail("not connected") }
    let standard = MediaContent.standard()
    let frameSize = 4 + (try serialization.encode(standard)).count
    // Two windows in flight at most (an idle event can be one window late): under the write buffer.
    let window = max(1, configuration.writeBufferSize * 45 / 100 / frameSize)
    let clock = ContinuousClock()
    for round in 0..<(warmupRounds + measuredRounds) {
        listener.done.reset()
        try connection.sendTCP("start \(objectCount)")
        let cpuAtStart = processCPU()
        let start = clock.now
        var sent = 0
        while sent < objectCount {
            let burst = min(window, objectCount - sent)
            listener.idle.reset()
            for _ in 0..<burst { try connection.sendTCP(standard) }
            sent += burst
            if sent < objectCount { await listener.idle.wait() }
        }
        await listener.done.wait()
        let elapsed = nanoseconds(clock.now - start)
        let cpu = processCPU() - cpuAtStart
        let done = listener.takeReply()?.split(separator: " ").map(String.init) ?? []
        let (status, serverCPU) = done.count == 4 ? (done[2], done[3]) : ("?", "0")

        var latencies: [Int64] = []
        latencies.reserveCapacity(pingCount)
        let pingsStart = clock.now
        if pingsOffLoop {
            for _ in 0..<pingCount {
                let sentAt = clock.now
                _ = try await connection.ping()
                latencies.append(nanoseconds(clock.now - sentAt))
            }
        } else {
            // On the connection's own thread: no hop between threads per round trip.
            try await withTaskExecutorPreference(connection.executor) {
                for _ in 0..<pingCount {
                    let sentAt = clock.now
                    _ = try await connection.ping()
                    latencies.append(nanoseconds(clock.now - sentAt))
                }
            }
        }
        let pingsElapsed = nanoseconds(clock.now - pingsStart)
        if round >= warmupRounds {
            latencies.sort()
            emit("oneway\t\(objectCount)\t\(elapsed)\t\(status)\t\(serverCPU)\t\(cpu)")
            emit("ping\t\(pingCount)\t\(pingsElapsed)\t\(rank(latencies, 50))\t\(rank(latencies, 99))")
        }
    }
    await client.close()
}

do {
    if role == "server" { try await runServer() } else { try await runClient() }
} catch {
    FileHandle.standardError.write(Data("kryonet-bench: \(error)\n".utf8))
    exit(1)
}
