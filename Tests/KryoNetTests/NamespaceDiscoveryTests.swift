import Foundation
import KryoNet
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// Discovery between two hosts on a real link: a network namespace and a virtual Ethernet
    /// pair, where loopback's shortcuts do not apply (the broadcast must go out on the link's
    /// broadcast address and the answer come back from the other host's address).
    @Suite(.serialized, .enabled(if: NetworkNamespace.isAvailable, "needs root and `ip netns`"))
    struct NamespaceDiscoveryTests {
        @Test(arguments: JavaPeerTests.versions)
        func swiftFindsAJavaServerInAnotherNamespace(kryo version: Int) async throws {
            let namespace = try NetworkNamespace.make()
            defer { namespace.remove() }
            let java = try JavaKryoNetPeer(
                kryo: version, ["--role", "server", "--tcp", "0", "--udp", "0", "--echo"], namespace: namespace)
            let ready = try await java.expect("READY")
            let tcp = try #require(field("tcp", in: ready).flatMap(Int.init))
            let udp = try #require(field("udp", in: ready).flatMap(Int.init))
            let serialization = try SampleClasses.serialization(dialect: JavaPeerTests.dialect(version))

            let hosts = try await KryoNetClient.discoverHosts(
                udpPort: udp, timeout: .milliseconds(800), serialization: serialization)
            #expect(hosts.map(\.ipAddress) == [namespace.namespaceAddress])

            // The host found is the server: connect to it over TCP and UDP.
            let client = KryoNetClient(serialization: serialization)
            let events = EventReader(client.events())
            try await client.connect(host: namespace.namespaceAddress, tcpPort: tcp, udpPort: udp)
            try client.sendUDP(SampleBean(key: 3, name: "across"))
            let (echo, _) = try await events.received(SampleBean.self)
            #expect(echo.key == 3 && echo.name == "across")
            await client.close()
            await java.quit()
        }

        @Test(arguments: JavaPeerTests.versions)
        func javaFindsASwiftServerFromAnotherNamespace(kryo version: Int) async throws {
            let namespace = try NetworkNamespace.make()
            defer { namespace.remove() }
            let server = KryoNetServer(
                serialization: try SampleClasses.serialization(dialect: JavaPeerTests.dialect(version)))
            try await server.bind(tcpPort: 0, udpPort: 0)
            let java = try JavaKryoNetPeer(kryo: version, ["--role", "client"], namespace: namespace)
            java.send("DISCOVER \(try #require(server.udpPort)) 800")
            let done = try await java.expect("DISCOVERY_DONE")
            let found = java.transcript.filter { $0.hasPrefix("DISCOVERED ") }
            #expect(found == ["DISCOVERED \(namespace.hostAddress)"])
            #expect(done == "DISCOVERY_DONE 1")
            await java.quit()
            await server.close()
        }
    }
}
