import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// Keep-alives, timeouts, closing, reconnecting and discovery between Swift peers.
    @Suite struct ConnectionLifeTests {
        /// A port another server holds: `bind` throws `bindFailed`, naming the port.
        @Test func bindingATakenPortFails() async throws {
            let first = KryoNetServer(serialization: try ChatNetwork.serialization())
            try await first.bind(host: "127.0.0.1", tcpPort: 0)
            let port = try #require(first.tcpPort)
            let second = KryoNetServer(serialization: try ChatNetwork.serialization())
            do {
                try await second.bind(host: "127.0.0.1", tcpPort: port)
                Issue.record("a second server bound port \(port)")
            } catch KryoNetError.bindFailed(let reason) {
                #expect(reason.hasPrefix("127.0.0.1 port \(port): "), "\(reason)")
            }
            await second.close()
            await first.close()
        }

        @Test func keepAlivesKeepAQuietConnectionOpen() async throws {
            let serialization = try ChatNetwork.serialization()
            var serverConfiguration = KryoNetConfiguration.server
            serverConfiguration.timeout = .seconds(2)
            serverConfiguration.keepAliveTCP = .milliseconds(200)
            let server = KryoNetServer(serialization: serialization, configuration: serverConfiguration)
            let serverEvents = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            var clientConfiguration = KryoNetConfiguration.client
            clientConfiguration.timeout = .seconds(2)
            clientConfiguration.keepAliveTCP = .milliseconds(200)
            let client = KryoNetClient(serialization: serialization, configuration: clientConfiguration)
            try await client.connect(host: "127.0.0.1", tcpPort: try #require(server.tcpPort))
            _ = try await serverEvents.first("connected") { $0.connectedConnection }
            try await Task.sleep(for: .seconds(5))
            #expect(client.isConnected)
            #expect(server.connections.count == 1)
            await client.close()
            await server.close()
        }

        /// A send that leaves more than the idle threshold unsent (a tenth of the server's 16 384-byte
        /// write buffer) makes the connection busy; once the socket has taken it, the application
        /// hears `idle`, before anything the peer sends after reading it. A small send does not.
        @Test func aLargeSendIsFollowedByIdleAndASmallOneIsNot() async throws {
            let serialization = try ChatNetwork.serialization()
            let server = KryoNetServer(serialization: serialization)
            let serverEvents = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let client = KryoNetClient(serialization: serialization)
            let clientEvents = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: try #require(server.tcpPort))
            let connection = try await serverEvents.first("connected") { $0.connectedConnection }

            func exchange(_ text: String) async throws -> [String] {
                try connection.sendTCP(ChatMessage(text: text))
                let (message, _) = try await clientEvents.received(ChatMessage.self)
                #expect(message.text == text)
                try client.sendTCP(ChatMessage(text: "read \(text.count)"))
                var seen: [String] = []
                while true {
                    switch try await serverEvents.next() {
                    case .idle(let idle): seen.append(idle === connection ? "idle" : "idle elsewhere")
                    case .received(let received): return seen + ["\((received.object as? ChatMessage)?.text ?? "?")"]
                    default: seen.append("other")
                    }
                }
            }
            #expect(try await exchange("small") == ["read 5"])
            #expect(try await exchange(String(repeating: "x", count: 2000)) == ["idle", "read 2000"])
            #expect(try await exchange("small again") == ["read 11"])
            await client.close()
            await server.close()
        }

        @Test func silentPeerTimesOut() async throws {
            let serialization = try ChatNetwork.serialization()
            var configuration = KryoNetConfiguration.server
            configuration.timeout = .milliseconds(300)
            let server = KryoNetServer(serialization: serialization, configuration: configuration)
            let events = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let socket = try RawSocket(port: try #require(server.tcpPort))
            _ = try socket.receiveFrame()
            let started = ContinuousClock.now
            let (_, reason) = try await events.first("the timeout") { $0.disconnection }
            guard case .error(.timedOut(let after)) = reason else {
                Issue.record("expected timedOut, got \(reason)")
                return
            }
            #expect(after == .milliseconds(300))
            #expect(ContinuousClock.now - started >= .milliseconds(250))
            // Keep-alives every 8 s by default, so the raw peer got nothing but its registration.
            #expect(socket.readsEndOfStream())
            await server.close()
        }

        @Test func serverClosingEndsTheClientsConnection() async throws {
            let serialization = try ChatNetwork.serialization()
            let server = KryoNetServer(serialization: serialization)
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let port = try #require(server.tcpPort)
            let client = KryoNetClient(serialization: serialization)
            let events = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: port)
            _ = try await events.first("connected") { $0.connectedConnection }
            await server.close()
            let (_, reason) = try await events.first("disconnected") { $0.disconnection }
            guard case .closedByPeer = reason else {
                Issue.record("expected closedByPeer, got \(reason)")
                return
            }
            #expect(!client.isConnected)
            #expect(throws: KryoNetError.self) { try client.sendTCP(ChatMessage(text: "nobody")) }

            // The same server again, and the client reconnects.
            try await server.bind(host: "127.0.0.1", tcpPort: port)
            try await client.reconnect()
            #expect(client.isConnected)
            #expect(client.id == 1)
            await client.close()
            await server.close()
        }

        @Test func eventsAfterCloseSeeTheNextConnection() async throws {
            let serialization = try ChatNetwork.serialization()
            let server = KryoNetServer(serialization: serialization)
            let firstServerEvents = server.events()
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let port = try #require(server.tcpPort)
            let client = KryoNetClient(serialization: serialization)
            let firstEvents = client.events()
            try await client.connect(host: "127.0.0.1", tcpPort: port)
            await client.close()
            await server.close()
            // The sequences made before the close end, after the disconnection.
            let ended = try await within(5, "the first sequences to end") {
                var clientEvents: [KryoNetEvent] = []
                for await event in firstEvents { clientEvents.append(event) }
                var serverCount = 0
                for await _ in firstServerEvents { serverCount += 1 }
                return (clientEvents.count, serverCount)
            }
            #expect(ended.0 == 2)  // connected, disconnected
            #expect(ended.1 == 2)

            // Made after the close: the events of the server bound again and of the reconnection.
            let serverEvents = EventReader(server.events())
            let events = EventReader(client.events())
            try await server.bind(host: "127.0.0.1", tcpPort: port)
            try await client.reconnect()
            let connection = try await events.first("connected again") { $0.connectedConnection }
            #expect(connection.id == client.id)
            _ = try await serverEvents.first("the server's connection") { $0.connectedConnection }
            try client.sendTCP(ChatMessage(text: "again"))
            let (message, _) = try await serverEvents.received(ChatMessage.self)
            #expect(message.text == "again")
            await client.close()
            await server.close()
        }

        @Test func abruptDisconnectIsReported() async throws {
            let serialization = try ChatNetwork.serialization()
            let server = KryoNetServer(serialization: serialization)
            let events = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            var socket: RawSocket? = try RawSocket(port: try #require(server.tcpPort))
            _ = try socket?.receiveFrame()
            _ = try await events.first("connected") { $0.connectedConnection }
            socket = nil
            let (_, reason) = try await events.first("disconnected") { $0.disconnection }
            guard case .closedByPeer = reason else {
                Issue.record("expected closedByPeer, got \(reason)")
                return
            }
            await server.close()
        }

        @Test func connectingToNothingFails() async throws {
            let client = KryoNetClient(serialization: try ChatNetwork.serialization())
            let server = KryoNetServer(serialization: try ChatNetwork.serialization())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let port = try #require(server.tcpPort)
            await server.close()
            await #expect(throws: KryoNetError.self) {
                try await client.connect(host: "127.0.0.1", tcpPort: port, timeout: .seconds(2))
            }
        }

        @Test func registrationTimesOutWithoutAServerThatRegisters() async throws {
            // A TCP listener that accepts and says nothing: not a KryoNet server.
            let serialization = try ChatNetwork.serialization()
            let listener = KryoNetServer(serialization: serialization)
            try await listener.bind(host: "127.0.0.1", tcpPort: 0, udpPort: 0)
            let client = KryoNetClient(serialization: serialization)
            // The listener has UDP; the client asks for a UDP port nobody listens on.
            let error = await #expect(throws: KryoNetError.self) {
                try await client.connect(
                    host: "127.0.0.1", tcpPort: try #require(listener.tcpPort), udpPort: 9, timeout: .milliseconds(500))
            }
            guard case .registrationTimedOut(.udp) = error else {
                Issue.record("expected registrationTimedOut(.udp), got \(String(describing: error))")
                return
            }
            await listener.close()
        }

        @Test func discoveryFindsTheServerOnLoopback() async throws {
            let serialization = try ChatNetwork.serialization()
            let server = KryoNetServer(serialization: serialization)
            try await server.bind(tcpPort: 0, udpPort: 0)
            let udpPort = try #require(server.udpPort)
            let hosts = try await KryoNetClient.discoverHosts(
                udpPort: udpPort, timeout: .milliseconds(500), serialization: serialization)
            #expect(hosts.contains { $0.ipAddress == "127.0.0.1" })
            let host = try await KryoNetClient.discoverHost(
                udpPort: udpPort, timeout: .seconds(2), serialization: serialization)
            #expect(host != nil)
            let nobody = try await KryoNetClient.discoverHosts(
                udpPort: 9, timeout: .milliseconds(200), serialization: serialization)
            #expect(nobody.isEmpty)
            await server.close()
        }
    }
}
