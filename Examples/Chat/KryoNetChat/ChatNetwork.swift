import KryoNet
import SwiftKryo

/// The classes of KryoNet's chat example (`com.esotericsoftware.kryonet.examples.chat.Network`),
/// registered in its order, so that the Swift chat server and client talk to the Java ones.
public enum ChatNetwork {
    /// The example's port.
    public static let port = 54555

    /// The Java example's `Network.register(endPoint)`: `RegisterName`, `String[]`,
    /// `UpdateNames`, `ChatMessage`, after the framework messages.
    ///
    /// - Parameter dialect: `.v2` for KryoNet 2.21, `.v5` for crykn/kryonet.
    public static func serialization(dialect: KryoDialect = .v2) throws -> KryoNetSerialization {
        try KryoNetSerialization(dialect: dialect) {
            Register(RegisterName.self)
            Register(JavaArray<String>.self)
            Register(UpdateNames.self)
            Register(ChatMessage.self)
        }
    }
}

/// A client's name, sent once after connecting (`Network.RegisterName`).
public final class RegisterName: Schematized, @unchecked Sendable {
    public var name: String?
    public init() {}
    public init(name: String?) { self.name = name }
    public static let schema = Schema<RegisterName>(
        java: "com.esotericsoftware.kryonet.examples.chat.Network$RegisterName"
    ) {
        Field("name", \.name, java: .init(isPublicField: true))
    }
}

/// The names of everyone connected, sent to everyone when it changes (`Network.UpdateNames`).
public final class UpdateNames: Schematized, @unchecked Sendable {
    public var names: JavaArray<String>?
    public init() {}
    public init(names: JavaArray<String>?) { self.names = names }
    public static let schema = Schema<UpdateNames>(
        java: "com.esotericsoftware.kryonet.examples.chat.Network$UpdateNames"
    ) {
        Field("names", \.names, java: .init(isPublicField: true))
    }
}

/// A line of chat (`Network.ChatMessage`).
public final class ChatMessage: Schematized, @unchecked Sendable {
    public var text: String?
    public init() {}
    public init(text: String?) { self.text = text }
    public static let schema = Schema<ChatMessage>(
        java: "com.esotericsoftware.kryonet.examples.chat.Network$ChatMessage"
    ) {
        Field("text", \.text, java: .init(isPublicField: true))
    }
}
