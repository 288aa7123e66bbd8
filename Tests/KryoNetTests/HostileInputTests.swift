import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// A Swift server facing clients that send what no KryoNet client sends: each such connection
    /// closes alone, with the exact error, while a well-behaved client goes on.
    @Suite struct HostileInputTests {
        /// A server, a well-behaved client connected to it, and the server's events.
        struct Setup {
            let server: KryoNetServer
            let events: EventReader
            let client: KryoNetClient
            let port: Int

            init(
                configuration: KryoNetConfiguration = .server, clientConfiguration: KryoNetConfiguration = .client,
                udp: Bool = false
            ) async throws {
                let serialization = try ChatNetwork.serialization()
                server = KryoNetServer(serialization: serialization, configuration: configuration)
                events = EventReader(server.events())
                try await server.bind(host: "127.0.0.1", tcpPort: 0, udpPort: udp ? 0 : nil)
                port = try #require(server.tcpPort)
                client = KryoNetClient(serialization: serialization, configuration: clientConfiguration)
                try await client.connect(host: "127.0.0.1", tcpPort: port, udpPort: udp ? server.udpPort : nil)
                _ = try await events.first("the good client") { $0.connectedConnection }
            }

            /// The hostile connection's end: its reason, after checking that the good client is
            /// still served.
            func hostileEnd(within seconds: Double = 10) async throws -> KryoNetDisconnectReason {
                let (connection, reason) = try await events.first(within: seconds, "the hostile connection's end") {
                    $0.disconnection
                }
                #expect(connection.id != client.id)
                #expect(client.isConnected)
                try client.sendTCP(ChatMessage(text: "still here"))
                let (message, _) = try await events.received(ChatMessage.self)
                #expect(message.text == "still here")
                _ = try await client.ping()
                return reason
            }

            func close() async {
                await client.close()
                await server.close()
            }
        }

        /// Opens a raw connection and waits until the server has registered it.
        static func hostile(_ setup: Setup) async throws -> RawSocket {
            let socket = try RawSocket(port: setup.port)
            let registration = try socket.receiveFrame()
            let connection = try await setup.events.first("the hostile connection") { $0.connectedConnection }
            // RegisterTCP's id, then the connection id 2 as a zigzag varint.
            #expect(registration.count == 2)
            #expect(connection.id == 2)
            return socket
        }

        @Test func bytesThatDoNotDecode() async throws {
            let setup = try await Setup()
            let socket = try await Self.hostile(setup)
            try socket.send(frame([0x7f, 0x01, 0x02]))
            let reason = try await setup.hostileEnd()
            guard case .error(.undecodable(let error, .tcp)) = reason else {
                Issue.record("expected undecodable, got \(reason)")
                return
            }
            #expect(error.offset == 0)
            #expect(socket.readsEndOfStream())
            await setup.close()
        }

        @Test func trailingBytesAfterTheObject() async throws {
            let setup = try await Setup()
            let socket = try await Self.hostile(setup)
            // KeepAlive's class id (11 + 2), then a byte too many.
            try socket.send(frame([0x0d, 0x00]))
            let reason = try await setup.hostileEnd()
            guard case .error(.undecodable(let error, .tcp)) = reason else {
                Issue.record("expected undecodable, got \(reason)")
                return
            }
            #expect(error.offset == 1)
            await setup.close()
        }

        @Test func frameLargerThanTheObjectBuffer() async throws {
            let setup = try await Setup()
            let socket = try await Self.hostile(setup)
            try socket.send([0x00, 0x0f, 0x42, 0x40])  // 1,000,000 bytes claimed, none sent
            let reason = try await setup.hostileEnd()
            guard case .error(.frameTooLarge(let length, let limit)) = reason else {
                Issue.record("expected frameTooLarge, got \(reason)")
                return
            }
            #expect(length == 1_000_000)
            #expect(limit == 2048)
            await setup.close()
        }

        @Test(arguments: [0, -5])
        func frameLengthNotPositive(length: Int32) async throws {
            let setup = try await Setup()
            let socket = try await Self.hostile(setup)
            let bits = UInt32(bitPattern: length)
            try socket.send([UInt8(bits >> 24), UInt8(bits >> 16 & 0xff), UInt8(bits >> 8 & 0xff), UInt8(bits & 0xff)])
            let reason = try await setup.hostileEnd()
            guard case .error(.invalidFrameLength(let claimed)) = reason else {
                Issue.record("expected invalidFrameLength, got \(reason)")
                return
            }
            #expect(claimed == Int(length))
            await setup.close()
        }

        @Test func peerThatStopsInsideAFrame() async throws {
            let setup = try await Setup()
            let socket = try await Self.hostile(setup)
            try socket.send([0, 0, 0, 10, 1, 2, 3])
            socket.shutdownWriting()
            let reason = try await setup.hostileEnd()
            guard case .error(.truncatedFrame(let received, let expected)) = reason else {
                Issue.record("expected truncatedFrame, got \(reason)")
                return
            }
            #expect(received == 7)
            #expect(expected == 14)
            await setup.close()
        }

        @Test func peerThatStallsInsideAFrame() async throws {
            var configuration = KryoNetConfiguration.server
            configuration.timeout = .seconds(1)
            configuration.keepAliveTCP = .milliseconds(100)
            var clientConfiguration = KryoNetConfiguration.client
            clientConfiguration.keepAliveTCP = .milliseconds(100)
            let setup = try await Setup(configuration: configuration, clientConfiguration: clientConfiguration)
            let socket = try await Self.hostile(setup)
            try socket.send([0, 0, 0, 10, 1, 2])
            let reason = try await setup.hostileEnd(within: 5)
            guard case .error(.timedOut(let after)) = reason else {
                Issue.record("expected timedOut, got \(reason)")
                return
            }
            #expect(after == .seconds(1))
            await setup.close()
        }

        @Test func peerThatSendsOverTCPBeforeRegisteringUDP() async throws {
            let setup = try await Setup(udp: true)
            let socket = try RawSocket(port: setup.port)
            _ = try socket.receiveFrame()
            try socket.send(frame([0x0d]))  // a KeepAlive, over TCP, before any RegisterUDP
            #expect(socket.readsEndOfStream())
            // The connection was never connected, so no event: the good client is still served.
            try setup.client.sendTCP(ChatMessage(text: "still here"))
            let (message, _) = try await setup.events.received(ChatMessage.self)
            #expect(message.text == "still here")
            #expect(setup.server.connections.count == 1)
            await setup.close()
        }

        @Test func peerThatNeverReads() async throws {
            let setup = try await Setup()
            let socket = try RawSocket(port: setup.port, receiveBuffer: 4096)
            _ = try socket.receiveFrame()
            let connection = try await setup.events.first("the hostile connection") { $0.connectedConnection }
            let text = String(repeating: "x", count: 1000)
            var error: (any Error)?
            for _ in 0..<20_000 where error == nil && connection.isConnected {
                do { try connection.sendTCP(ChatMessage(text: text)) } catch let thrown { error = thrown }
                await Task.yield()
            }
            let reason = try await setup.hostileEnd()
            guard case .error(.writeBufferFull(let pending, let limit)) = reason else {
                Issue.record("expected writeBufferFull, got \(reason)")
                return
            }
            #expect(limit == 16384)
            #expect(pending > limit)
            await setup.close()
        }
    }
}
