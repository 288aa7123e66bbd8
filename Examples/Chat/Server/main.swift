// KryoNet's chat example server, in Swift: wire-compatible with the Java ChatServer and
// ChatClient (com.esotericsoftware.kryonet.examples.chat), or with --rmi with the Java
// ChatRmiServer and ChatRmiClient (…examples.chatrmi), whose chat goes by remote method calls.
//
//   swift run kryonet-chat-server [--port 54555] [--kryo 2|5] [--rmi]
//
// --kryo 2 (the default) speaks KryoNet 2.21's Kryo 2.20; --kryo 5 the crykn/kryonet fork's Kryo 5.
// --rmi listens on the chat RMI example's port, 54777, unless --port says otherwise.
import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo

let options = ChatOptions(CommandLine.arguments.dropFirst(), program: .server)
do {
    let serialization =
        options.rmi
        ? try ChatRMINetwork.serialization(dialect: options.dialect)
        : try ChatNetwork.serialization(dialect: options.dialect)
    let server = KryoNetServer(serialization: serialization)
    let events = server.events()
    try await server.bind(tcpPort: options.port)
    say(
        "Chat\(options.rmi ? " RMI" : "") server listening on port \(server.tcpPort ?? options.port) (\(options.dialect))."
    )
    if options.rmi {
        ChatRMIRoom(log: { say($0) }).serve(server)
        for await _ in events {}
    } else {
        await ChatRoom(log: { say($0) }).run(on: server, events: events)
    }
} catch {
    FileHandle.standardError.write(Data("kryonet-chat-server: \(error)\n".utf8))
    exit(1)
}
