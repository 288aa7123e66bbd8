// KryoNet's chat example client, in Swift, for a terminal: wire-compatible with the Java
// ChatServer (and with kryonet-chat-server), or with --rmi with the Java ChatRmiServer (and
// kryonet-chat-server --rmi), where the client calls its player's methods and the server calls
// the client's chat frame.
//
//   swift run kryonet-chat-client [--host localhost] [--port 54555] [--name NAME] [--kryo 2|5] [--rmi]
//
// Each line typed is sent as a ChatMessage (with --rmi: player.sendMessage); the room's lines and
// names are printed as they come. End the input (Ctrl-D) to leave.
import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo

/// Prints the room's names.
func printNames(_ names: JavaArray<String>?) {
    say("Online: \((names?.elements ?? []).map { $0 ?? "?" }.joined(separator: ", "))")
}

let options = ChatOptions(CommandLine.arguments.dropFirst(), program: .client)
let name = options.name ?? ProcessInfo.processInfo.environment["USER"] ?? "Swift"
do {
    let serialization =
        options.rmi
        ? try ChatRMINetwork.serialization(dialect: options.dialect)
        : try ChatNetwork.serialization(dialect: options.dialect)
    let client = KryoNetClient(serialization: serialization)
    let events = client.events()
    try await client.connect(host: options.host, tcpPort: options.port)
    guard let connection = client.connection else { throw KryoNetError.notConnected }
    let player = connection.remoteObject(IPlayer.self, id: ChatRMINetwork.player)
    /// Calls the player's method; a call that fails (no answer in time) is told, and the chat goes
    /// on, as the Java client's does.
    @Sendable func callPlayer(_ method: RemoteMethod, _ text: String) async {
        do {
            try await player.call(method, text)
        } catch {
            FileHandle.standardError.write(Data("kryonet-chat-client: \(method.name): \(error)\n".utf8))
        }
    }
    if options.rmi {
        // The chat frame the server calls (Java: new ObjectSpace(client).register(CHAT_FRAME, chatFrame)).
        let space = KryoNetObjectSpace()
        space.register(ChatRMINetwork.chatFrame) { call in
            if call.isCall(of: IChatFrame.addMessage, in: IChatFrame.self) {
                say(try call.argument(0, as: String?.self) ?? "")
            } else {
                printNames(try call.argument(0, as: JavaArray<String>?.self))
            }
            return nil
        }
        space.addConnection(connection)
        say("Connected to \(options.host):\(options.port) as \(name).")
        await callPlayer(IPlayer.registerName, name)
    } else {
        // The Java client sends its name as soon as it is connected.
        try client.sendTCP(RegisterName(name: name))
        say("Connected to \(options.host):\(options.port) as \(name).")
    }

    let printer = Task.detached {
        for await event in events {
            switch event {
            case .received(let received):
                if let message = received.object as? ChatMessage {
                    say(message.text ?? "")
                } else if let update = received.object as? UpdateNames {
                    printNames(update.names)
                }
            case .disconnected(_, let reason):
                say("Disconnected: \(reason).")
                exit(0)
            default:
                break
            }
        }
    }
    while let line = readLine() {
        if options.rmi {
            await callPlayer(IPlayer.sendMessage, line)
        } else {
            try client.sendTCP(ChatMessage(text: line))
        }
    }
    await client.close()
    _ = await printer.result
} catch {
    FileHandle.standardError.write(Data("kryonet-chat-client: \(error)\n".utf8))
    exit(1)
}
