import Foundation
import KryoNet
import SwiftKryo
import Synchronization
import Testing

extension AllKryoNetTests {
    /// Many clients at once on loopback: every object answered, none lost, duplicated or reordered
    /// per connection, the server's memory flat, and hostile clients among them closed alone.
    @Suite struct LoadTests {
        // Issue 27's load: 200 clients × 1000 objects, with KryoNet's own keep-alive and timeout.
        // KRYONET_LOAD_CLIENTS and KRYONET_LOAD_OBJECTS change it for an experiment.
        static let clientCount = Int(ProcessInfo.processInfo.environment["KRYONET_LOAD_CLIENTS"] ?? "") ?? 200
        static let objectsPerClient = Int(ProcessInfo.processInfo.environment["KRYONET_LOAD_OBJECTS"] ?? "") ?? 1000
        /// How many objects a client has sent and not yet seen answered, at most.
        static let window: Int32 = 100

        /// Echoes every object back to its sender, from the event loop, and notes why connections end.
        final class Echo: KryoNetListener {
            let ends = Mutex<[String]>([])
            let failures = Mutex<[String]>([])

            func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
                do { try connection.sendTCP(object) } catch { failures.withLock { $0.append("\(error)") } }
            }

            func disconnected(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason) {
                ends.withLock { $0.append("\(reason)") }
            }
        }

        /// Counts one client's replies and checks their order.
        final class Replies: KryoNetListener {
            struct State {
                var next: Int32 = 0
                var problems: [String] = []
            }
            let state = Mutex(State())
            let done: AsyncStream<Void>.Continuation
            let total: Int32

            init(total: Int32, done: AsyncStream<Void>.Continuation) {
                self.total = total
                self.done = done
            }

            func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
                guard let bean = object as? SampleBean else { return }
                let finished = state.withLock { state in
                    if bean.key != state.next { state.problems.append("expected \(state.next), got \(bean.key)") }
                    state.next = bean.key + 1
                    return state.next == total
                }
                if finished { done.yield() }
            }

            func disconnected(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason) {
                state.withLock { $0.problems.append("disconnected: \(reason)") }
            }
        }

        @Test func manyClientsEchoedInOrder() async throws {
            let serialization = try SampleClasses.serialization(dialect: .v2)
            // KryoNet's keep-alive (8 s) and timeout (12 s) on both sides.
            var configuration = KryoNetConfiguration.server
            // Replies to one client may pile up while the event loop serves the others.
            configuration.writeBufferSize = 1 << 20
            let server = KryoNetServer(serialization: serialization, configuration: configuration)
            let echo = Echo()
            server.addListener(echo)
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let port = try #require(server.tcpPort)

            // Hostile clients: garbage, an over-long frame, and one that stops inside a frame.
            let garbage = try RawSocket(port: port)
            let overLong = try RawSocket(port: port)
            let stalled = try RawSocket(port: port)
            for socket in [garbage, overLong, stalled] { _ = try socket.receiveFrame() }
            try stalled.send([0, 0, 0, 10, 1, 2])

            let residentBefore = residentBytes()
            let (doneStream, done) = AsyncStream<Void>.makeStream()
            var clients: [(KryoNetClient, Replies)] = []
            let clientConfiguration = KryoNetConfiguration.client
            for _ in 0..<Self.clientCount {
                let client = KryoNetClient(serialization: serialization, configuration: clientConfiguration)
                let replies = Replies(total: Int32(Self.objectsPerClient), done: done)
                client.addListener(replies)
                try await client.connect(host: "127.0.0.1", tcpPort: port)
                clients.append((client, replies))
            }
            try garbage.send(frame([0x7f, 0x7f, 0x7f]))
            try overLong.send([0x7f, 0xff, 0xff, 0xff])

            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, (client, replies)) in clients.enumerated() {
                    group.addTask {
                        for key in 0..<Int32(Self.objectsPerClient) {
                            do {
                                try client.sendTCP(SampleBean(key: key, name: "client \(index)"))
                            } catch {
                                throw Timeout(
                                    what:
                                        "client \(index) key \(key): \(error); \(replies.state.withLock { $0.problems }); server: \(echo.ends.withLock { $0 })"
                                )
                            }
                            // At most `window` objects unanswered, as a client pipelining
                            // requests keeps them: the server's queues stay bounded.
                            while key + 1 - replies.state.withLock({ $0.next }) >= Self.window {
                                try await Task.sleep(for: .milliseconds(2))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            let finished = try? await within(300, "every reply") {
                var finished = 0
                for await _ in doneStream {
                    finished += 1
                    if finished == Self.clientCount { break }
                }
                return finished
            }
            #expect(finished == Self.clientCount)
            #expect(echo.failures.withLock { $0 }.isEmpty)
            let elapsed = ContinuousClock.now - started
            let residentAfter = residentBytes()

            for (index, (client, replies)) in clients.enumerated() {
                let state = replies.state.withLock { $0 }
                #expect(state.problems.isEmpty, "client \(index): \(state.problems.prefix(3))")
                #expect(state.next == Int32(Self.objectsPerClient))
                #expect(client.isConnected)
            }
            // The hostile connections closed, each with its own error.
            var reasons = echo.ends.withLock { $0 }
            // The stalled client's timeout may end after the load: up to 12 s more.
            for _ in 0..<200 where reasons.count < 3 {
                try await Task.sleep(for: .milliseconds(100))
                reasons = echo.ends.withLock { $0 }
            }
            #expect(reasons.count == 3, "\(reasons)")
            #expect(reasons.contains { $0.hasPrefix("undecodable TCP object") })
            #expect(reasons.contains { $0.hasPrefix("a frame of 2147483647 bytes") })
            #expect(reasons.contains { $0.hasPrefix("nothing received") })
            #expect(server.connections.count == Self.clientCount)
            // Flat: well under what 400,000 objects would take if anything kept them.
            #expect(
                residentAfter - residentBefore < 96 << 20,
                "resident memory grew by \(residentAfter - residentBefore) bytes"
            )
            print(
                "load: \(Self.clientCount) clients × \(Self.objectsPerClient) objects echoed in \(elapsed); resident \(residentBefore >> 20) → \(residentAfter >> 20) MiB"
            )

            for (client, _) in clients { await client.close() }
            await server.close()
        }

        /// The process's resident memory, from /proc/self/statm.
        func residentBytes() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }
}
