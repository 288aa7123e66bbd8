import KryoCore

/// The messages KryoNet itself sends: registered first, in this order, on both ends of every
/// connection, before the application's classes.
///
/// Their Java classes are the static nested classes of `com.esotericsoftware.kryonet.FrameworkMessage`.
/// `KryoNetClient` and `KryoNetServer` send and answer them; the application never sees them
/// among its received objects.
public enum FrameworkMessage {
    /// The Java names of the framework messages, in the order KryoNet registers them.
    public static let javaNames = [
        RegisterTCP.javaClassName, RegisterUDP.javaClassName, KeepAlive.javaClassName,
        DiscoverHost.javaClassName, Ping.javaClassName,
    ]

    /// The server's first message on a new connection: the id it gave the connection.
    public struct RegisterTCP: Schematized, Sendable, Equatable {
        /// The id the server gave the connection (Java's `connectionID`).
        public var connectionID: Int32 = 0
        public init() {}
        /// A message carrying `connectionID`.
        public init(connectionID: Int32) { self.connectionID = connectionID }
        public static let schema = Schema<RegisterTCP>(
            java: "com.esotericsoftware.kryonet.FrameworkMessage$RegisterTCP"
        ) {
            Field("connectionID", \.connectionID)
        }
    }

    /// Sent by the client over UDP with its connection id, so that the server learns the client's
    /// UDP address; the server confirms with an empty one over TCP.
    public struct RegisterUDP: Schematized, Sendable, Equatable {
        /// The id the server gave the connection (Java's `connectionID`).
        public var connectionID: Int32 = 0
        public init() {}
        /// A message carrying `connectionID`.
        public init(connectionID: Int32) { self.connectionID = connectionID }
        public static let schema = Schema<RegisterUDP>(
            java: "com.esotericsoftware.kryonet.FrameworkMessage$RegisterUDP"
        ) {
            Field("connectionID", \.connectionID)
        }
    }

    /// Sent when nothing else was sent for a while, so that the other end does not time out.
    public struct KeepAlive: Schematized, Sendable, Equatable {
        public init() {}
        public static let schema = Schema<KeepAlive>(java: "com.esotericsoftware.kryonet.FrameworkMessage$KeepAlive") {}
    }

    /// A client's UDP broadcast looking for servers; a server answers with an empty datagram.
    public struct DiscoverHost: Schematized, Sendable, Equatable {
        public init() {}
        public static let schema = Schema<DiscoverHost>(
            java: "com.esotericsoftware.kryonet.FrameworkMessage$DiscoverHost"
        ) {}
    }

    /// A round-trip measurement: the other end sends it back with `isReply` set.
    public struct Ping: Schematized, Sendable, Equatable {
        /// The number of the measurement, which the reply repeats.
        public var id: Int32 = 0
        /// Whether this is the other end's answer rather than the question.
        public var isReply = false
        public init() {}
        /// A ping numbered `id`, the question or (`isReply`) the answer.
        public init(id: Int32, isReply: Bool) {
            self.id = id
            self.isReply = isReply
        }
        public static let schema = Schema<Ping>(java: "com.esotericsoftware.kryonet.FrameworkMessage$Ping") {
            Field("id", \.id)
            Field("isReply", \.isReply)
        }
    }
}

extension FrameworkMessage {
    /// What a received object is to the library: a ``Ping``, a remote call or its result
    /// (``KryoNetRMI``), another framework message, or (`nil`) an application object.
    package enum Kind { case ping, invokeMethod, invokeMethodResult, other }

    private static let ping = ObjectIdentifier(Ping.self)
    private static let invokeMethod = ObjectIdentifier(KryoNetRMI.InvokeMethod.self)
    private static let invokeMethodResult = ObjectIdentifier(KryoNetRMI.InvokeMethodResult.self)
    private static let others: [ObjectIdentifier] = [
        ObjectIdentifier(KeepAlive.self), ObjectIdentifier(RegisterTCP.self), ObjectIdentifier(RegisterUDP.self),
        ObjectIdentifier(DiscoverHost.self),
    ]

    /// The kind of `object`, from its dynamic type: a comparison of type identities, without the
    /// dynamic casts that look for a conformance or a bridge for any type that is not the one asked.
    package static func kind(of object: Any) -> Kind? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if type == ping { return .ping }
        if type == invokeMethod { return .invokeMethod }
        if type == invokeMethodResult { return .invokeMethodResult }
        return others.contains(type) ? .other : nil
    }
}
