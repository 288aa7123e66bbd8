import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// KryoNet's chat example across languages: the Swift chat room with Java clients, and the Swift
    /// chat client's classes with a Java server, with the example's classes in its order.
    @Suite(.serialized) struct ChatExampleTests {
        @Test(arguments: [2, 5])
        func javaClientsChatOnTheSwiftRoom(kryo version: Int) async throws {
            let server = KryoNetServer(serialization: try ChatNetwork.serialization(dialect: version == 2 ? .v2 : .v5))
            let events = server.events()
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let room = ChatRoom()
            let serving = Task { await room.run(on: server, events: events) }
            let port = "\(try #require(server.tcpPort))"
            let ada = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--classes", "chat", "--host", "127.0.0.1", "--tcp", port])
            try await ada.expect("CONNECTED id=1")
            let grace = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--classes", "chat", "--host", "127.0.0.1", "--tcp", port])
            try await grace.expect("CONNECTED id=2")

            ada.send("SEND - TCP name Ada")
            try await ada.expect("RECEIVED TCP UpdateNames names=[Ada,null]")
            grace.send("SEND - TCP name  Grace ")
            try await ada.expect("RECEIVED TCP ChatMessage text=Grace connected.")
            try await ada.expect("RECEIVED TCP UpdateNames names=[Ada,Grace]")
            try await grace.expect("RECEIVED TCP UpdateNames names=[Ada,Grace]")

            grace.send("SEND - TCP chat hi Ada")
            try await ada.expect("RECEIVED TCP ChatMessage text=Grace: hi Ada")
            try await grace.expect("RECEIVED TCP ChatMessage text=Grace: hi Ada")

            await grace.quit()
            try await ada.expect("RECEIVED TCP ChatMessage text=Grace disconnected.")
            try await ada.expect("RECEIVED TCP UpdateNames names=[Ada]")
            await ada.quit()
            await server.close()
            _ = await serving.result
        }

        /// The chat RMI example: Java clients call their player on the Swift room (object 1), which
        /// calls their chat frames back (object 2).
        @Test(arguments: [2, 5])
        func javaRMIClientsChatOnTheSwiftRoom(kryo version: Int) async throws {
            let server = KryoNetServer(
                serialization: try ChatRMINetwork.serialization(dialect: version == 2 ? .v2 : .v5))
            ChatRMIRoom().serve(server)
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            let port = "\(try #require(server.tcpPort))"
            let ada = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--classes", "rmi", "--host", "127.0.0.1", "--tcp", port])
            try await ada.expect("CONNECTED id=1")
            let grace = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--classes", "rmi", "--host", "127.0.0.1", "--tcp", port])
            try await grace.expect("CONNECTED id=2")
            let answer = version == 2 ? "-63" : "1"

            ada.send("CALL - 1 IPlayer registerName -63 s:Ada")
            try await ada.expect("INVOKED 2 IChatFrame.setNames [String[] [Ada]] data=0")
            try await ada.expect("RESULT objectID=1 responseID=\(answer) null")
            try await grace.expect("INVOKED 2 IChatFrame.addMessage [String Ada connected.] data=0")
            try await grace.expect("INVOKED 2 IChatFrame.setNames [String[] [Ada]] data=0")
            grace.send("CALL - 1 IPlayer registerName -63 s: Grace ")
            try await ada.expect("INVOKED 2 IChatFrame.addMessage [String Grace connected.] data=0")
            try await ada.expect("INVOKED 2 IChatFrame.setNames [String[] [Ada,Grace]] data=0")
            try await grace.expect("INVOKED 2 IChatFrame.setNames [String[] [Ada,Grace]] data=0")
            // A second name is ignored, as the Java server ignores it.
            grace.send("CALL - 1 IPlayer registerName 0 s:Other")
            grace.send("CALL - 1 IPlayer sendMessage -62 s:hi Ada")
            try await ada.expect("INVOKED 2 IChatFrame.addMessage [String Grace: hi Ada] data=0")
            try await grace.expect("INVOKED 2 IChatFrame.addMessage [String Grace: hi Ada] data=0")
            #expect(!ada.transcript.contains { $0.contains("Other") })

            await grace.quit()
            try await ada.expect("INVOKED 2 IChatFrame.addMessage [String Grace disconnected.] data=0")
            try await ada.expect("INVOKED 2 IChatFrame.setNames [String[] [Ada]] data=0")
            await ada.quit()
            await server.close()
        }

        @Test(arguments: [2, 5])
        func swiftClientWithAJavaServer(kryo version: Int) async throws {
            let java = try JavaKryoNetPeer(kryo: version, ["--role", "server", "--classes", "chat", "--tcp", "0"])
            let tcp = try #require(field("tcp", in: try await java.expect("READY")).flatMap(Int.init))
            let client = KryoNetClient(serialization: try ChatNetwork.serialization(dialect: version == 2 ? .v2 : .v5))
            let events = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: tcp)
            try client.sendTCP(RegisterName(name: "Ada"))
            try await java.expect("RECEIVED 1 TCP RegisterName name=Ada")
            try client.sendTCP(ChatMessage(text: "héllo 🙂"))
            try await java.expect("RECEIVED 1 TCP ChatMessage text=héllo 🙂")

            java.send("SEND 1 TCP names Ada,Grace")
            let (names, _) = try await events.received(UpdateNames.self)
            #expect(names.names?.elements == ["Ada", "Grace"])
            java.send("SEND 1 TCP chat Grace: hi Ada")
            let (message, _) = try await events.received(ChatMessage.self)
            #expect(message.text == "Grace: hi Ada")
            await client.close()
            await java.quit()
        }
    }
}
