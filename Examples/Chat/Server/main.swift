// KryoNet's chat example server, in Swift: wire-compatible with the Java ChatServer and
// ChatClient (com.esotericsoftware.kryonet.examples.chat).
//
//   swift run kryonet-chat-server [--port 54555] [--kryo 2|5]
//
// --kryo 2 (the default) speaks KryoNet 2.21's Kryo 2.20; --kryo 5 the crykn/kryonet fork's Kryo 5.
import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo

let options = ChatOptions(CommandLine.arguments.dropFirst())
do {
    let server = KryoNetServer(serialization: try ChatNetwork.serialization(dialect: options.dialect))
    let events = server.events()
    try await server.bind(tcpPort: options.port)
    say("Chat server listening on port \(server.tcpPort ?? options.port) (\(options.dialect)).")
    let room = ChatRoom(log: { say($0) })
    await room.run(on: server, events: events)
} catch {
    FileHandle.standardError.write(Data("kryonet-chat-server: \(error)\n".utf8))
    exit(1)
}
