/// Something that happened on a connection of a ``KryoNetClient`` or ``KryoNetServer``.
public enum KryoNetEvent: Sendable {
    /// The connection is registered (TCP, and UDP when used) and can send.
    case connected(KryoNetConnection)
    /// An application object arrived. Framework messages (keep-alives, pings, registrations) are
    /// answered by the library and never appear here.
    case received(KryoNetReceived)
    /// The connection's unsent bytes fell under ``KryoNetConfiguration/idleThreshold`` after a
    /// send: a good time to send more of a long stream.
    case idle(KryoNetConnection)
    /// The connection ended, with the reason.
    case disconnected(KryoNetConnection, KryoNetDisconnectReason)
}

/// An object a connection received.
///
/// The object is a graph the decoder has just made and hands over whole: nothing else holds it,
/// which is why it may cross to the task that takes it.
public struct KryoNetReceived: @unchecked Sendable {
    /// The decoded object: a value of a registered Swift type (or a ``/KryoCore/DynamicObject`` for a
    /// class known only by its schema).
    public let object: Any
    /// The connection it came on.
    public let connection: KryoNetConnection
    /// TCP or UDP.
    public let transport: KryoNetTransport
}

/// The callback form of ``KryoNetEvents``, in the shape of KryoNet's `Listener`.
///
/// Each method is called on the connection's event loop, one event at a time per connection: a
/// method that returns late holds up that connection's reading (which is the backpressure). Do
/// not block in them; hand long work to a task. Every method has an empty default.
public protocol KryoNetListener: AnyObject, Sendable {
    /// The connection is registered and can send.
    func connected(_ connection: KryoNetConnection)
    /// An application object arrived.
    func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport)
    /// The connection's unsent bytes fell under the idle threshold.
    func idle(_ connection: KryoNetConnection)
    /// The connection ended.
    func disconnected(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason)
}

extension KryoNetListener {
    public func connected(_ connection: KryoNetConnection) {}
    public func received(_ object: Any, from connection: KryoNetConnection, via transport: KryoNetTransport) {}
    public func idle(_ connection: KryoNetConnection) {}
    public func disconnected(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason) {}
}
