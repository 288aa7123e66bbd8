import KryoNet
import SwiftKryo
import Synchronization

/// The server's object of KryoNet's chat RMI example
/// (`com.esotericsoftware.kryonet.examples.chatrmi.IPlayer`), registered as 1 on each connection.
public enum IPlayer: RemoteInterface {
    public static let javaClassName = "com.esotericsoftware.kryonet.examples.chatrmi.IPlayer"
    /// `void registerName(String name)`.
    public static let registerName = RemoteMethod("registerName", [.string])
    /// `void sendMessage(String message)`.
    public static let sendMessage = RemoteMethod("sendMessage", [.string])
    public static let methods = [registerName, sendMessage]
}

/// The client's object of the chat RMI example (`…chatrmi.IChatFrame`), registered as 2.
public enum IChatFrame: RemoteInterface {
    public static let javaClassName = "com.esotericsoftware.kryonet.examples.chatrmi.IChatFrame"
    /// `void addMessage(String message)`.
    public static let addMessage = RemoteMethod("addMessage", [.string])
    /// `void setNames(String[] names)`.
    public static let setNames = RemoteMethod(
        "setNames", [RemoteType(JavaArray<String>.self, javaName: "[Ljava.lang.String;")])
    public static let methods = [addMessage, setNames]
}

/// The classes of KryoNet's chat RMI example (`…examples.chatrmi.Network`), in its order.
public enum ChatRMINetwork {
    /// The example's port.
    public static let port = 54777
    /// The id of each connection's player, in the server's object space.
    public static let player: Int32 = 1
    /// The id of the chat frame, in the client's object space.
    public static let chatFrame: Int32 = 2

    /// The Java example's `Network.register(endPoint)`: `ObjectSpace.registerClasses`, `IPlayer`,
    /// `IChatFrame`, `String[]`, after the framework messages.
    ///
    /// - Parameter dialect: `.v2` for KryoNet 2.21, `.v5` for crykn/kryonet.
    public static func serialization(dialect: KryoDialect = .v2) throws -> KryoNetSerialization {
        try KryoNetSerialization(dialect: dialect) {
            KryoNetRMI.registrations
            Register(remoteInterface: IPlayer.self)
            Register(remoteInterface: IChatFrame.self)
            Register(JavaArray<String>.self)
        }
    }
}

/// The Java `ChatRmiServer`'s logic: each connection is a player (object 1 of the space) with a
/// name, given once; its chat lines go to every player's frame with its name, and every frame gets
/// the list of names when it changes.
public final class ChatRMIRoom: Sendable {
    private struct Player {
        let frame: KryoNetRemoteObject<IChatFrame>
        var name: String?
    }

    /// The players in the order they connected.
    private let players = Mutex<[(id: Int, player: Player)]>([])
    private let space = KryoNetObjectSpace()
    private let log: @Sendable (String) -> Void

    /// Creates a room; `log` is told what happens.
    public init(log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.log = log
        space.register(ChatRMINetwork.player) { [self] call in
            let text = try call.argument(0, as: String?.self)
            if call.isCall(of: IPlayer.registerName, in: IPlayer.self) {
                registerName(text, for: call.connection)
            } else {
                sendMessage(text, from: call.connection)
            }
            return nil
        }
        space.onError { call, error in log("\(call.connection): \(call.method) failed: \(error)") }
    }

    /// Serves `server`'s connections: each is a player from the moment it is connected (on its
    /// event loop, before it reads a call: a Java client calls `registerName` as soon as it is
    /// connected), and a player that leaves is announced.
    public func serve(_ server: KryoNetServer) {
        server.addListener(Joiner(room: self))
    }

    /// Listens to the server for the room.
    private final class Joiner: KryoNetListener {
        let room: ChatRMIRoom
        init(room: ChatRMIRoom) { self.room = room }
        func connected(_ connection: KryoNetConnection) { room.join(connection) }
        func disconnected(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason) {
            room.leave(connection, reason: reason)
        }
    }

    private func join(_ connection: KryoNetConnection) {
        let frame = connection.remoteObject(IChatFrame.self, id: ChatRMINetwork.chatFrame)
        players.withLock { $0.append((connection.id, Player(frame: frame))) }
        space.addConnection(connection)
        log("\(connection) connected from \(connection.remoteAddressTCP.map { "\($0)" } ?? "?")")
    }

    private func leave(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason) {
        log("\(connection) disconnected: \(reason)")
        let gone = players.withLock { players -> Player? in
            guard let index = players.firstIndex(where: { $0.id == connection.id }) else { return nil }
            return players.remove(at: index).player
        }
        if let name = gone?.name {
            tellEveryone(IChatFrame.addMessage, "\(name) disconnected.")
            updateNames()
        }
    }

    private func registerName(_ name: String?, for connection: KryoNetConnection) {
        // A name is given once, and must not be blank.
        guard let name = name?.trimmingWhitespace(), !name.isEmpty else { return }
        let isNew = players.withLock { players -> Bool in
            guard let index = players.firstIndex(where: { $0.id == connection.id }),
                players[index].player.name == nil
            else { return false }
            players[index].player.name = name
            return true
        }
        guard isNew else { return }
        log("\(connection) is \(name)")
        tellEveryone(IChatFrame.addMessage, "\(name) connected.", except: connection.id)
        updateNames()
    }

    private func sendMessage(_ message: String?, from connection: KryoNetConnection) {
        guard let name = players.withLock({ $0.first { $0.id == connection.id }?.player.name }),
            let text = message?.trimmingWhitespace(), !text.isEmpty
        else { return }
        log("\(name): \(text)")
        tellEveryone(IChatFrame.addMessage, "\(name): \(text)")
    }

    /// Sets everyone's list of names: the named players, the oldest first.
    private func updateNames() {
        let names = players.withLock { $0.compactMap(\.player.name) }
        tellEveryone(IChatFrame.setNames, JavaArray<String>(names))
    }

    /// Calls `method` on every player's frame (but `skipped`'s), without waiting for answers.
    private func tellEveryone(_ method: RemoteMethod, _ argument: Any, except skipped: Int? = nil) {
        for (id, player) in players.withLock({ $0 }) where id != skipped {
            do {
                try player.frame.invoke(method, argument)
            } catch {
                log("Connection \(id): \(method) failed: \(error)")
            }
        }
    }
}
