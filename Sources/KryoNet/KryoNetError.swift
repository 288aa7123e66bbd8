import KryoCore

/// What went wrong on a KryoNet connection; given to the application with
/// ``KryoNetDisconnectReason/error(_:)`` or thrown by a call.
public enum KryoNetError: Error, Sendable, CustomStringConvertible {
    /// A TCP frame's length prefix is zero or negative.
    case invalidFrameLength(Int)
    /// A TCP frame claims more bytes than ``KryoNetConfiguration/objectBufferSize``.
    case frameTooLarge(length: Int, limit: Int)
    /// A frame or datagram that is not one whole object of the registry, with the decoder's error
    /// (its offset is within the object, after the length prefix).
    case undecodable(SerializationError, KryoNetTransport)
    /// The peer stopped in the middle of a frame: the bytes of the frame that came.
    case truncatedFrame(received: Int, expected: Int)
    /// Sending would hold more than ``KryoNetConfiguration/writeBufferSize`` bytes the socket has
    /// not taken: the peer does not read fast enough, or not at all.
    case writeBufferFull(pending: Int, limit: Int)
    /// One object's frame or datagram is larger than the buffer it must fit.
    case objectTooLarge(size: Int, limit: Int)
    /// Nothing was received for the configured ``KryoNetConfiguration/timeout``.
    case timedOut(after: Duration)
    /// A client sent over TCP before registering its UDP address with a server that has UDP.
    case sentBeforeUDPRegistration
    /// The server did not register the connection in time: its `RegisterTCP` or, with UDP,
    /// its `RegisterUDP` answer never came.
    case registrationTimedOut(KryoNetTransport)
    /// The TCP or UDP socket could not be opened or connected.
    case connectFailed(String)
    /// A server could not listen on its TCP or UDP port (taken by another program, say).
    case bindFailed(String)
    /// The connection is closed, or not yet registered.
    case notConnected
    /// The connection has no UDP address: the client did not connect with a UDP port, or the
    /// server has no UDP port.
    case notConnectedViaUDP
    /// A remote method's result did not come within the remote object's
    /// ``KryoNetRemoteObject/responseTimeout`` (Java's `TimeoutException`): the method, and the
    /// time waited.
    case remoteCallTimedOut(method: String, after: Duration)
    /// 63 calls to one remote object await their results, as many as KryoNet's response ids number.
    case tooManyRemoteCalls(objectID: Int32)

    public var description: String {
        switch self {
        case .invalidFrameLength(let length): "invalid frame length \(length): expected a length of 1 or more"
        case .frameTooLarge(let length, let limit):
            "a frame of \(length) bytes is larger than the object buffer (\(limit) bytes)"
        case .undecodable(let error, let transport): "undecodable \(transport) object: \(error)"
        case .truncatedFrame(let received, let expected):
            "the connection ended inside a frame: \(received) of its \(expected) bytes came"
        case .writeBufferFull(let pending, let limit):
            "the write buffer is full: \(pending) bytes not yet taken by the socket, the limit is \(limit)"
        case .objectTooLarge(let size, let limit):
            "an object of \(size) bytes is larger than the buffer (\(limit) bytes)"
        case .timedOut(let after): "nothing received for \(after)"
        case .sentBeforeUDPRegistration: "the client sent over TCP before registering its UDP address"
        case .registrationTimedOut(let transport): "the server did not register the \(transport) connection in time"
        case .connectFailed(let reason): "could not connect: \(reason)"
        case .bindFailed(let reason): "could not listen: \(reason)"
        case .notConnected: "the connection is not connected"
        case .notConnectedViaUDP: "the connection is not connected via UDP"
        case .remoteCallTimedOut(let method, let after): "no result from the remote method \(method) within \(after)"
        case .tooManyRemoteCalls(let objectID):
            "63 calls to the remote object \(objectID) await their results, as many as KryoNet numbers"
        }
    }
}

/// TCP or UDP: how an object travelled.
public enum KryoNetTransport: String, Sendable, Hashable, CustomStringConvertible {
    /// The TCP connection: ordered and reliable, how the framework messages and most objects go.
    case tcp = "TCP"
    /// UDP datagrams: unordered and unreliable, one object each, for a client that registered UDP.
    case udp = "UDP"
    /// `TCP` or `UDP`.
    public var description: String { rawValue }
}

/// Why a connection ended.
public enum KryoNetDisconnectReason: Sendable, CustomStringConvertible {
    /// The peer closed the connection.
    case closedByPeer
    /// This end closed it (``KryoNetConnection/close()``, or the client or server closed).
    case closedLocally
    /// A protocol error, bad input, a timeout or a full buffer.
    case error(KryoNetError)
    /// The socket failed (a reset, say).
    case socketError(String)

    public var description: String {
        switch self {
        case .closedByPeer: "closed by the peer"
        case .closedLocally: "closed locally"
        case .error(let error): "\(error)"
        case .socketError(let message): "socket error: \(message)"
        }
    }

    /// The error, when the connection ended with one.
    public var error: KryoNetError? {
        if case .error(let error) = self { return error }
        return nil
    }
}
