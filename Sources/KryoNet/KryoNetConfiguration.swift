/// The sizes and times of a KryoNet endpoint; the defaults are Java KryoNet's.
///
/// ```swift
/// var configuration = KryoNetConfiguration.client
/// configuration.timeout = .seconds(30)
/// let client = KryoNetClient(serialization: serialization, configuration: configuration)
/// ```
public struct KryoNetConfiguration: Sendable, Equatable {
    /// The bytes a connection may hold that the socket has not taken yet (Java's
    /// `writeBufferSize`: 8192 for a client, 16384 for a server). A send that would go past it
    /// closes the connection with ``KryoNetError/writeBufferFull(pending:limit:)``, as KryoNet's
    /// full buffer does, so that a peer that never reads cannot make memory grow. One object's
    /// frame larger than this is refused: ``KryoNetError/objectTooLarge(size:limit:)``.
    public var writeBufferSize: Int
    /// The largest frame or datagram read (Java's `objectBufferSize`, 2048). A frame that claims
    /// more closes the connection with ``KryoNetError/frameTooLarge(length:limit:)``. Java peers
    /// read no more than their own `objectBufferSize` either: send them nothing larger.
    public var objectBufferSize: Int
    /// How long a connection may send nothing over TCP before a ``/KryoNetProtocol/FrameworkMessage/KeepAlive``
    /// goes out (Java's `setKeepAliveTCP`, 8 seconds); `nil` sends none.
    public var keepAliveTCP: Duration?
    /// How long a client may neither send nor receive over UDP before a keep-alive datagram goes
    /// out, to keep NAT mappings open (Java's `setKeepAliveUDP`, 19 seconds); `nil` sends none.
    public var keepAliveUDP: Duration?
    /// How long a connection may receive nothing before it is closed with
    /// ``KryoNetError/timedOut(after:)`` (Java's `setTimeout`, 12 seconds); `nil` never times
    /// out. Time while the application is not taking events (backpressure) does not count.
    public var timeout: Duration?
    /// The share of ``writeBufferSize`` under which a connection is idle again after sending
    /// (Java's `setIdleThreshold`, 0.1): a ``KryoNetEvent/idle(_:)`` then says more can be sent.
    public var idleThreshold: Double
    /// How many events an ``KryoNetEvents`` sequence holds before the connections whose
    /// objects fill it stop reading from their sockets (TCP backpressure) and their UDP objects
    /// are dropped; reading resumes when the application has taken half of them.
    public var eventBufferSize: Int

    /// Creates a configuration; the defaults are a Java KryoNet client's.
    public init(
        writeBufferSize: Int = 8192, objectBufferSize: Int = 2048, keepAliveTCP: Duration? = .seconds(8),
        keepAliveUDP: Duration? = .seconds(19), timeout: Duration? = .seconds(12), idleThreshold: Double = 0.1,
        eventBufferSize: Int = 256
    ) {
        self.writeBufferSize = writeBufferSize
        self.objectBufferSize = objectBufferSize
        self.keepAliveTCP = keepAliveTCP
        self.keepAliveUDP = keepAliveUDP
        self.timeout = timeout
        self.idleThreshold = idleThreshold
        self.eventBufferSize = eventBufferSize
    }

    /// A Java KryoNet client's: `new Client()`, write buffer 8192 bytes, object buffer 2048.
    public static var client: KryoNetConfiguration { KryoNetConfiguration() }

    /// A Java KryoNet server's: `new Server()`, write buffer 16384 bytes, object buffer 2048.
    public static var server: KryoNetConfiguration { KryoNetConfiguration(writeBufferSize: 16384) }
}
