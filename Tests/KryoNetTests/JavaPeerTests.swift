import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// The Swift client and server against the Java KryoNet endpoint (Tests/KryoNetPeer), on the
    /// real Kryo 2.20 and 5.6.2 jars: handshake, TCP and UDP objects both ways, pings both ways,
    /// keep-alives, timeouts, discovery and disconnects. One JVM per case.
    @Suite(.serialized) struct JavaPeerTests {
        static let versions = [2, 5]

        static func dialect(_ version: Int) -> KryoDialect { version == 2 ? .v2 : .v5 }

        @Test(arguments: versions)
        func swiftClientWithJavaServer(kryo version: Int) async throws {
            let java = try JavaKryoNetPeer(
                kryo: version, ["--role", "server", "--tcp", "0", "--udp", "0", "--echo", "--keepalive", "200"])
            defer { Task { await java.quit() } }
            let ready = try await java.expect("READY")
            let tcp = try #require(field("tcp", in: ready).flatMap(Int.init))
            let udp = try #require(field("udp", in: ready).flatMap(Int.init))

            var configuration = KryoNetConfiguration.client
            configuration.timeout = .seconds(5)
            configuration.keepAliveTCP = .milliseconds(200)
            let client = KryoNetClient(
                serialization: try SampleClasses.serialization(dialect: Self.dialect(version)),
                configuration: configuration
            )
            let events = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: tcp, udpPort: udp)
            #expect(client.id == 1)
            try await java.expect("CONNECTED 1")

            // TCP: the Java server prints what it read, and echoes it back.
            try client.sendTCP(SampleBean(key: 7, name: "héllo"))
            try await java.expect("RECEIVED 1 TCP SampleBean key=7 name=héllo")
            let (echo, received) = try await events.received(SampleBean.self)
            #expect(echo == SampleBean(key: 7, name: "héllo"))
            #expect(received.transport == .tcp)

            // UDP, both ways.
            try client.sendUDP(SampleBean(key: -3, name: nil))
            try await java.expect("RECEIVED 1 UDP SampleBean key=-3 name=null")
            let (udpEcho, udpReceived) = try await events.received(SampleBean.self)
            #expect(udpEcho == SampleBean(key: -3, name: nil))
            #expect(udpReceived.transport == .udp)

            // Collections, maps and enums inside an object, from Java.
            java.send("SEND 1 TCP other")
            let (other, _) = try await events.received(OtherBean.self)
            #expect(other == SampleClasses.other)
            try client.sendTCP(SampleClasses.other)
            try await java.expect(
                "RECEIVED 1 TCP OtherBean map={1:one,2:two} beans=[SampleBean key=1 name=a;SampleBean key=2 name=b] kind=SECOND"
            )
            java.send("SEND 1 UDP enum THIRD")
            let (third, _) = try await events.received(SampleEnum.self)
            #expect(third == .third)

            // Pings both ways: Java answers ours, we answer Java's.
            let roundTrip = try await client.ping()
            #expect(roundTrip < .seconds(5))
            try await java.expect("RECEIVED 1 TCP Ping id=0 isReply=true")
            java.send("SEND 1 TCP ping")
            try await java.expect("PINGRTT 1")

            // Keep-alives: both sides send them every 200 ms, so a 5 s timeout never fires.
            try await Task.sleep(for: .milliseconds(700))
            try await java.expect("RECEIVED 1 TCP KeepAlive")
            #expect(client.isConnected)

            // The Java server closes the connection: a clean disconnect.
            java.send("CLOSE 1")
            let (_, reason) = try await events.first("disconnected") { $0.disconnection }
            guard case .closedByPeer = reason else {
                Issue.record("expected closedByPeer, got \(reason)")
                return
            }
            await client.close()
        }

        @Test(arguments: versions)
        func javaClientWithSwiftServer(kryo version: Int) async throws {
            var configuration = KryoNetConfiguration.server
            configuration.keepAliveTCP = .milliseconds(200)
            let server = KryoNetServer(
                serialization: try SampleClasses.serialization(dialect: Self.dialect(version)),
                configuration: configuration
            )
            let events = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0, udpPort: 0)
            let java = try JavaKryoNetPeer(
                kryo: version,
                [
                    "--role", "client", "--host", "127.0.0.1", "--tcp", "\(try #require(server.tcpPort))", "--udp",
                    "\(try #require(server.udpPort))", "--keepalive", "200", "--timeout", "5000",
                ])
            defer { Task { await java.quit() } }
            try await java.expect("CONNECTED id=1")
            let connection = try await events.first("connected") { $0.connectedConnection }
            #expect(connection.id == 1)
            #expect(connection.remoteAddressUDP != nil)

            java.send("SEND - TCP bean 42 from Java")
            let (bean, tcpReceived) = try await events.received(SampleBean.self)
            #expect(bean == SampleBean(key: 42, name: "from Java"))
            #expect(tcpReceived.transport == .tcp)
            java.send("SEND - UDP other")
            let (other, udpReceived) = try await events.received(OtherBean.self)
            #expect(other == SampleClasses.other)
            #expect(udpReceived.transport == .udp)

            try server.sendToAllTCP(SampleBean(key: 1, name: "to all"))
            try await java.expect("RECEIVED TCP SampleBean key=1 name=to all")
            try server.sendToUDP(1, SampleEnum.first)
            try await java.expect("RECEIVED UDP SampleEnum FIRST")
            try connection.sendTCP([Any?]([SampleBean(key: 5, name: "in a list"), "text"]))
            try await java.expect("RECEIVED TCP ArrayList [SampleBean key=5 name=in a list;String text]")

            _ = try await connection.ping()
            try await java.expect("RECEIVED TCP Ping id=0 isReply=true")
            java.send("SEND - TCP ping")
            try await java.expect("PINGRTT")

            // The Java client's keep-alives (every 200 ms) keep it under our 12 s timeout, ours under its 5 s.
            try await Task.sleep(for: .milliseconds(2500))
            try await java.expect("RECEIVED TCP KeepAlive")
            #expect(connection.isConnected)

            // The Java client leaves.
            java.send("CLOSE -")
            let (gone, reason) = try await events.first("disconnected") { $0.disconnection }
            #expect(gone.id == 1)
            guard case .closedByPeer = reason else {
                Issue.record("expected closedByPeer, got \(reason)")
                return
            }
            await server.close()
        }

        @Test(arguments: versions)
        func silentJavaPeerTimesOut(kryo version: Int) async throws {
            let java = try JavaKryoNetPeer(kryo: version, ["--role", "server", "--tcp", "0"])
            defer { Task { await java.quit() } }
            let tcp = try #require(field("tcp", in: try await java.expect("READY")).flatMap(Int.init))
            var configuration = KryoNetConfiguration.client
            configuration.timeout = .milliseconds(500)
            let client = KryoNetClient(
                serialization: try SampleClasses.serialization(dialect: Self.dialect(version)),
                configuration: configuration
            )
            let events = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: tcp)
            java.send("SLEEP 3000")  // the Java server stops reading and sending (its keep-alive is 8 s)
            let (_, reason) = try await events.first("the timeout") { $0.disconnection }
            guard case .error(.timedOut(let after)) = reason else {
                Issue.record("expected timedOut, got \(reason)")
                return
            }
            #expect(after == .milliseconds(500))
            await client.close()
        }

        /// A Java client sends an object larger than its write buffer. crykn closes the connection;
        /// KryoNet 2.21 throws to the caller and leaves the write buffer stuck, so it sends nothing
        /// more and its next keep-alive ends its update thread (measured with the real 2.21): the
        /// Swift server sees a silent peer and times it out.
        @Test(arguments: versions)
        func overlargeSendFromJava(kryo version: Int) async throws {
            var configuration = KryoNetConfiguration.server
            configuration.timeout = .seconds(2)
            let server = KryoNetServer(
                serialization: try SampleClasses.serialization(dialect: Self.dialect(version)),
                configuration: configuration
            )
            let events = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let java = try JavaKryoNetPeer(
                kryo: version,
                [
                    "--role", "client", "--host", "127.0.0.1", "--tcp", "\(try #require(server.tcpPort))",
                    "--write-buffer", "64", "--keepalive", "200", "--timeout", "60000",
                ])
            defer { Task { await java.quit() } }
            try await java.expect("CONNECTED id=1")
            _ = try await events.first("connected") { $0.connectedConnection }

            java.send("SEND - TCP string " + String(repeating: "x", count: 100))
            try await java.expect("ERROR Write buffer overflow")
            let (_, reason) = try await events.first(within: 10, "the Java client's end") { $0.disconnection }
            if version == 2 {
                try await java.expect("ERROR update thread ended")
                guard case .error(.timedOut(let after)) = reason else {
                    Issue.record("expected timedOut, got \(reason)")
                    return
                }
                #expect(after == .seconds(2))
            } else {
                try await java.expect("DISCONNECTED")
                guard case .closedByPeer = reason else {
                    Issue.record("expected closedByPeer, got \(reason)")
                    return
                }
            }
            await server.close()
        }

        @Test(arguments: versions)
        func discoveryBothWays(kryo version: Int) async throws {
            let serialization = try SampleClasses.serialization(dialect: Self.dialect(version))
            // Swift finds the Java server.
            let java = try JavaKryoNetPeer(kryo: version, ["--role", "server", "--tcp", "0", "--udp", "0"])
            defer { Task { await java.quit() } }
            let udp = try #require(field("udp", in: try await java.expect("READY")).flatMap(Int.init))
            let hosts = try await KryoNetClient.discoverHosts(
                udpPort: udp, timeout: .milliseconds(500), serialization: serialization)
            #expect(hosts.contains { $0.ipAddress == "127.0.0.1" })

            // Java finds the Swift server.
            let server = KryoNetServer(serialization: serialization)
            try await server.bind(tcpPort: 0, udpPort: 0)
            let javaClient = try JavaKryoNetPeer(kryo: version, ["--role", "client"])
            defer { Task { await javaClient.quit() } }
            javaClient.send("DISCOVER \(try #require(server.udpPort)) 500")
            let found = try await javaClient.expect("DISCOVERED 127.0.0.1")
            #expect(found == "DISCOVERED 127.0.0.1")
            await server.close()
        }

        @Test(arguments: versions)
        func badFramesFromJavaCloseTheConnection(kryo version: Int) async throws {
            let server = KryoNetServer(serialization: try SampleClasses.serialization(dialect: Self.dialect(version)))
            let events = EventReader(server.events())
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let java = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--host", "127.0.0.1", "--tcp", "\(try #require(server.tcpPort))"])
            defer { Task { await java.quit() } }
            try await java.expect("CONNECTED")
            _ = try await events.first("connected") { $0.connectedConnection }
            java.send("RAW - TCP 00000801")  // a frame of 2048 + 1 bytes claimed: over the object buffer
            let (_, reason) = try await events.first("disconnected") { $0.disconnection }
            guard case .error(.frameTooLarge(let length, let limit)) = reason else {
                Issue.record("expected frameTooLarge, got \(reason)")
                return
            }
            #expect(length == 2049)
            #expect(limit == 2048)
            try await java.expect("DISCONNECTED")
            await server.close()
        }
    }
}
