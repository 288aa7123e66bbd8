// KryoNet's chat example client, in Swift, for a terminal: wire-compatible with the Java
// ChatServer (and with kryonet-chat-server).
//
//   swift run kryonet-chat-client [--host localhost] [--port 54555] [--name NAME] [--kryo 2|5]
//
// Each line typed is sent as a ChatMessage; the room's lines and names are printed as they come.
// End the input (Ctrl-D) to leave.
import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo

let options = ChatOptions(CommandLine.arguments.dropFirst())
let name = options.name ?? ProcessInfo.processInfo.environment["USER"] ?? "Swift"
do {
    let client = KryoNetClient(serialization: try ChatNetwork.serialization(dialect: options.dialect))
    let events = client.events()
    try await client.connect(host: options.host, tcpPort: options.port)
    // The Java client sends its name as soon as it is connected.
    try client.sendTCP(RegisterName(name: name))
    say("Connected to \(options.host):\(options.port) as \(name).")

    let printer = Task.detached {
        for await event in events {
            switch event {
            case .received(let received):
                if let message = received.object as? ChatMessage {
                    say(message.text ?? "")
                } else if let update = received.object as? UpdateNames {
                    say("Online: \((update.names?.elements ?? []).map { $0 ?? "?" }.joined(separator: ", "))")
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
        try client.sendTCP(ChatMessage(text: line))
    }
    await client.close()
    _ = await printer.result
} catch {
    FileHandle.standardError.write(Data("kryonet-chat-client: \(error)\n".utf8))
    exit(1)
}
