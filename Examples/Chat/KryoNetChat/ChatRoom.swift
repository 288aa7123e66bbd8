import KryoNet
import SwiftKryo
import Synchronization

/// The Java chat example's server logic: a name per connection, every line of chat to everyone
/// with its sender's name, and the list of names to everyone when it changes.
public final class ChatRoom: Sendable {
    private let names = Mutex<[Int: String]>([:])
    private let log: @Sendable (String) -> Void

    /// Creates a room; `log` is told what happens.
    public init(log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.log = log
    }

    /// Serves `server`'s events until the server closes.
    public func run(on server: KryoNetServer, events: KryoNetEvents) async {
        for await event in events {
            handle(event, on: server)
        }
    }

    /// What the Java `ChatServer`'s listener does with one event.
    public func handle(_ event: KryoNetEvent, on server: KryoNetServer) {
        switch event {
        case .connected(let connection):
            log("\(connection) connected from \(connection.remoteAddressTCP.map { "\($0)" } ?? "?")")
        case .received(let received):
            let connection = received.connection
            if let register = received.object as? RegisterName {
                // A name is given once, and must not be blank.
                guard names.withLock({ $0[connection.id] }) == nil,
                    let name = register.name?.trimmingWhitespace(), !name.isEmpty
                else { return }
                names.withLock { $0[connection.id] = name }
                log("\(connection) is \(name)")
                try? server.sendToAllExceptTCP(connection.id, ChatMessage(text: "\(name) connected."))
                updateNames(on: server)
            } else if let message = received.object as? ChatMessage {
                guard let name = names.withLock({ $0[connection.id] }),
                    let text = message.text?.trimmingWhitespace(), !text.isEmpty
                else { return }
                log("\(name): \(text)")
                try? server.sendToAllTCP(ChatMessage(text: "\(name): \(text)"))
            }
        case .idle:
            break
        case .disconnected(let connection, let reason):
            log("\(connection) disconnected: \(reason)")
            if let name = names.withLock({ $0.removeValue(forKey: connection.id) }) {
                try? server.sendToAllTCP(ChatMessage(text: "\(name) disconnected."))
                updateNames(on: server)
            }
        }
    }

    /// Sends everyone the names of the connections, the oldest first, as the Java server does
    /// (a connection that has not given a name yet is a null).
    private func updateNames(on server: KryoNetServer) {
        let connections = server.connections.reversed()
        let names = names.withLock { names in connections.map { names[$0.id] } }
        try? server.sendToAllTCP(UpdateNames(names: JavaArray(names)))
    }
}

extension String {
    /// The string without leading and trailing spaces (Java's `trim()`: code points ≤ U+0020).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(scalars[first...last])
    }
}
