import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Synchronization
import Testing

extension AllKryoNetTests {
    /// A Swift client and a Swift server, over loopback.
    @Suite struct SwiftPeersTests {
        @Test(arguments: [KryoDialect.v2, .v5])
        func tcpAndUDPObjectsBothWays(dialect: KryoDialect) async throws {
            let serialization = try ChatNetwork.serialization(dialect: dialect)
            let server = KryoNetServer(serialization: serialization)
            let serverEvents = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0, udpPort: 0)
            let tcpPort = try #require(server.tcpPort)
            let udpPort = try #require(server.udpPort)

            let client = KryoNetClient(serialization: serialization)
            let clientEvents = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: tcpPort, udpPort: udpPort)
            #expect(client.id == 1)
            let connected = try await serverEvents.first("connected") { $0.connectedConnection }
            #expect(connected.id == 1)
            #expect(connected.remoteAddressUDP != nil)
            _ = try await clientEvents.first("client connected") { $0.connectedConnection }

            try client.sendTCP(RegisterName(name: "Ada"))
            let (name, receivedName) = try await serverEvents.received(RegisterName.self)
            #expect(name.name == "Ada")
            #expect(receivedName.transport == .tcp)

            try client.sendUDP(ChatMessage(text: "over UDP"))
            let (udpMessage, receivedUDP) = try await serverEvents.received(ChatMessage.self)
            #expect(udpMessage.text == "over UDP")
            #expect(receivedUDP.transport == .udp)

            try server.sendToAllTCP(UpdateNames(names: ["Ada", "Grace"]))
            let (names, _) = try await clientEvents.received(UpdateNames.self)
            #expect(names.names?.elements == ["Ada", "Grace"])

            try server.sendToUDP(1, ChatMessage(text: "back over UDP"))
            let (back, receivedBack) = try await clientEvents.received(ChatMessage.self)
            #expect(back.text == "back over UDP")
            #expect(receivedBack.transport == .udp)

            let roundTrip = try await client.ping()
            #expect(roundTrip > .zero && roundTrip < .seconds(5))
            #expect(client.connection?.returnTripTime == roundTrip)
            let serverRoundTrip = try await connected.ping()
            #expect(serverRoundTrip > .zero)

            await client.close()
            let (gone, reason) = try await serverEvents.first("disconnected") { $0.disconnection }
            #expect(gone.id == 1)
            guard case .closedByPeer = reason else {
                Issue.record("expected closedByPeer, got \(reason)")
                return
            }
            #expect(server.connections.isEmpty)
            await server.close()
        }

        /// A request loop in a task that prefers the connection's executor runs on the thread the
        /// connection reads on, and its pings, sends and awaited replies all work from there.
        @Test func requestLoopOnTheConnectionsExecutor() async throws {
            let serialization = try ChatNetwork.serialization(dialect: .v5)
            let server = KryoNetServer(serialization: serialization)
            server.addListener(ChatEcho())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let client = KryoNetClient(serialization: serialization)
            let readThread = ReadThread()
            client.addListener(readThread)
            let events = client.events()
            try await client.connect(host: "127.0.0.1", tcpPort: try #require(server.tcpPort))
            let connection = try #require(client.connection)
            let (replies, threads) = try await within(20, "the request loop") {
                try await withTaskExecutorPreference(connection.executor) {
                    var replies: [String] = []
                    var threads: Set<UInt> = []
                    var iterator = events.makeAsyncIterator()
                    for index in 0..<20 {
                        let roundTrip = try await connection.ping()
                        #expect(roundTrip > .zero)
                        threads.insert(UInt(pthread_self()))
                        try connection.sendTCP(ChatMessage(text: "request \(index)"))
                        while let event = await iterator.next() {
                            threads.insert(UInt(pthread_self()))
                            if case .received(let received) = event, let reply = received.object as? ChatMessage {
                                replies.append(reply.text ?? "")
                                break
                            }
                        }
                    }
                    return (replies, threads)
                }
            }
            #expect(replies == (0..<20).map { "echo: request \($0)" })
            // One thread: the one the client's listener heard the replies on.
            #expect(threads.count == 1)
            #expect(threads == readThread.threads)
            await client.close()
            await server.close()
        }

        /// A burst of objects into an events() sequence that holds only a few, taken slowly: the
        /// connection stops and resumes reading (backpressure), and every object arrives, in
        /// order, once, whether the task waited for it or found it queued.
        @Test func slowEventsConsumerGetsEveryObjectInOrder() async throws {
            let serialization = try ChatNetwork.serialization(dialect: .v2)
            var configuration = KryoNetConfiguration.server
            configuration.eventBufferSize = 8
            let server = KryoNetServer(serialization: serialization, configuration: configuration)
            let events = server.events()
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let client = KryoNetClient(serialization: serialization)
            try await client.connect(host: "127.0.0.1", tcpPort: try #require(server.tcpPort))
            let count = 600
            let sender = Task {
                for index in 0..<count {
                    try client.sendTCP(ChatMessage(text: "\(index)"))
                    // Stay under the client's write buffer: the server reads slowly on purpose.
                    if index % 20 == 19 { try await Task.sleep(for: .milliseconds(2)) }
                }
            }
            let texts = try await within(30, "\(count) objects") {
                var texts: [String] = []
                for await event in events {
                    guard case .received(let received) = event, let message = received.object as? ChatMessage else {
                        continue
                    }
                    texts.append(message.text ?? "")
                    if texts.count % 50 == 0 { try await Task.sleep(for: .milliseconds(20)) }
                    if texts.count == count { break }
                }
                return texts
            }
            try await sender.value
            #expect(texts == (0..<count).map { "\($0)" })
            await client.close()
            await server.close()
        }
    }
}

/// Answers each chat message with "echo: " and its text, from the event loop.
private final class ChatEcho: KryoNetListener {
    func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
        guard let message = object as? ChatMessage else { return }
        _ = try? connection.sendTCP(ChatMessage(text: "echo: \(message.text ?? "")"))
    }
}

/// The threads a client's listener was called on for chat messages.
private final class ReadThread: KryoNetListener {
    private let seen = Mutex<Set<UInt>>([])
    var threads: Set<UInt> { seen.withLock { $0 } }

    func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {
        guard object is ChatMessage else { return }
        seen.withLock { _ = $0.insert(UInt(pthread_self())) }
    }
}
