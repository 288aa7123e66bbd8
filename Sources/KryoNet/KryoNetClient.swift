import KryoCore
import NIOCore
import NIOPosix
import Synchronization

/// A KryoNet client: connects to a Java (or Swift) KryoNet server over TCP, and UDP when a UDP
/// port is given.
///
/// ```swift
/// let client = KryoNetClient(serialization: serialization)
/// let events = client.events()
/// try await client.connect(host: "127.0.0.1", tcpPort: 54555)
/// try client.sendTCP(RegisterName(name: "Ada"))
/// for await event in events {
///     if case .received(let received) = event { print(received.object) }
/// }
/// ```
///
/// As Java's `Client` does, ``connect(host:tcpPort:udpPort:timeout:)`` returns once the server has
/// registered the connection: its `RegisterTCP` came, and with UDP its answer to the client's
/// `RegisterUDP` datagrams (sent every 100 ms until it comes).
public final class KryoNetClient: Sendable {
    /// How objects become bytes.
    public let serialization: KryoNetSerialization
    /// Buffer sizes, keep-alive and timeout.
    public let configuration: KryoNetConfiguration
    private let group: any EventLoopGroup
    private let hub: EventHub
    private let current = Mutex<Current>(Current())

    private struct Current {
        var session: ClientSession?
        var target: (host: String, tcpPort: Int, udpPort: Int?, timeout: Duration)?
    }

    /// Creates a client; it connects with ``connect(host:tcpPort:udpPort:timeout:)``.
    ///
    /// - Parameters:
    ///   - serialization: The classes, in the Java side's registration order, and the dialect.
    ///   - configuration: Buffer sizes and times; Java's `new Client()` by default.
    ///   - group: The event loops; SwiftNIO's shared ones by default.
    public init(
        serialization: KryoNetSerialization, configuration: KryoNetConfiguration = .client,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.serialization = serialization
        self.configuration = configuration
        self.group = group
        hub = EventHub(capacity: configuration.eventBufferSize)
    }

    /// The client's events from now on. Make it before connecting to see the connection's
    /// ``KryoNetEvent/connected(_:)``; it lives across reconnections and ends with ``close()``.
    /// A sequence made after ``close()`` gets the events of the next ``connect(host:tcpPort:udpPort:timeout:)``
    /// or ``reconnect()``, as Java's listeners do.
    public func events() -> KryoNetEvents { hub.subscribe() }

    /// Adds a listener, called on the connection's event loop.
    public func addListener(_ listener: any KryoNetListener) { hub.addListener(listener) }

    /// Removes a listener.
    public func removeListener(_ listener: any KryoNetListener) { hub.removeListener(listener) }

    /// The current connection, connected or last closed.
    public var connection: KryoNetConnection? { current.withLock { $0.session?.connection } }

    /// The id the server gave this client; -1 when not connected.
    public var id: Int { connection?.id ?? -1 }

    /// Whether the client is connected and registered.
    public var isConnected: Bool { connection?.isConnected ?? false }

    /// Connects and waits for the server to register the connection, closing any connection the
    /// client had (Java's `connect(timeout, host, tcpPort, udpPort)`).
    ///
    /// - Parameters:
    ///   - host: The server's host name or address.
    ///   - tcpPort: The server's TCP port.
    ///   - udpPort: The server's UDP port, to send and receive UDP objects; `nil` for TCP only.
    ///   - timeout: How long connecting and registering may take.
    /// - Throws: ``KryoNetError/connectFailed(_:)`` when the socket does not connect,
    ///   ``KryoNetError/registrationTimedOut(_:)`` when the server does not register the
    ///   connection in time.
    public func connect(host: String, tcpPort: Int, udpPort: Int? = nil, timeout: Duration = .seconds(5)) async throws {
        await closeSession()
        current.withLock { $0.target = (host, tcpPort, udpPort, timeout) }
        let session = ClientSession(serialization: serialization, configuration: configuration, hub: hub)
        current.withLock { $0.session = session }
        try await session.connect(group: group, host: host, tcpPort: tcpPort, udpPort: udpPort, timeout: timeout)
    }

    /// Connects again to the last server (Java's `reconnect()`).
    ///
    /// - Throws: ``KryoNetError/notConnected`` when the client never connected; otherwise what
    ///   ``connect(host:tcpPort:udpPort:timeout:)`` throws.
    public func reconnect() async throws {
        guard let target = current.withLock({ $0.target }) else { throw KryoNetError.notConnected }
        try await connect(host: target.host, tcpPort: target.tcpPort, udpPort: target.udpPort, timeout: target.timeout)
    }

    /// Sends an object over TCP (see ``KryoNetConnection/sendTCP(_:)``).
    @discardableResult
    public func sendTCP(_ object: Any) throws -> Int {
        guard let connection else { throw KryoNetError.notConnected }
        return try connection.sendTCP(object)
    }

    /// Sends an object over UDP (see ``KryoNetConnection/sendUDP(_:)``).
    @discardableResult
    public func sendUDP(_ object: Any) throws -> Int {
        guard let connection else { throw KryoNetError.notConnected }
        return try connection.sendUDP(object)
    }

    /// Measures the round trip to the server (see ``KryoNetConnection/ping()``).
    public func ping() async throws -> Duration {
        guard let connection else { throw KryoNetError.notConnected }
        return try await connection.ping()
    }

    /// Closes the connection and ends the ``events()`` sequences made so far, after its
    /// ``KryoNetEvent/disconnected(_:_:)``. Listeners stay; the client can connect again.
    public func close() async {
        await closeSession()
        hub.finish()
    }

    private func closeSession() async {
        guard let session = current.withLock({ $0.session }) else { return }
        await session.close()
    }
}

/// One connection attempt of a client, and the connection it makes: its registration.
final class ClientSession: ConnectionRole {
    private enum Step { case awaitingTCP, awaitingUDP, connected, ended }

    private struct State {
        var step = Step.awaitingTCP
        var connection: KryoNetConnection?
        var udpChannel: (any Channel)?
        var udpPort: Int?
        var serverUDP: SocketAddress?
        var registration: EventLoopPromise<Void>?
        var isRegistrationFinished = false
        var repeater: RepeatedTask?
        var deadline: Scheduled<Void>?
    }

    private let serialization: KryoNetSerialization
    private let configuration: KryoNetConfiguration
    private let hub: EventHub
    private let state = Mutex(State())

    init(serialization: KryoNetSerialization, configuration: KryoNetConfiguration, hub: EventHub) {
        self.serialization = serialization
        self.configuration = configuration
        self.hub = hub
    }

    var sendsUDPKeepAlive: Bool { true }

    var connection: KryoNetConnection? { state.withLock { $0.connection } }

    func connect(group: any EventLoopGroup, host: String, tcpPort: Int, udpPort: Int?, timeout: Duration) async throws {
        let serialization = serialization
        let configuration = configuration
        let hub = hub
        // The UDP socket first, as Java's client makes its UdpConnection before connecting: the
        // server's RegisterTCP may come as soon as TCP connects.
        if let udpPort {
            do {
                let udpChannel = try await DatagramBootstrap(group: group)
                    .channelOption(
                        ChannelOptions.recvAllocator,
                        value: FixedSizeRecvByteBufferAllocator(capacity: configuration.objectBufferSize)
                    )
                    .channelInitializer { [self] udp in
                        udp.eventLoop.makeCompletedFuture {
                            try udp.pipeline.syncOperations.addHandler(
                                DatagramHandler(
                                    serialization: serialization,
                                    deliver: { object, from, _ in self.receivedDatagram(.success(object), from: from) },
                                    refuse: { error, from in self.receivedDatagram(.failure(error), from: from) }))
                        }
                    }
                    .bind(host: "0.0.0.0", port: 0).get()
                state.withLock {
                    $0.udpChannel = udpChannel
                    $0.udpPort = udpPort
                }
            } catch {
                throw KryoNetError.connectFailed("UDP: \(error)")
            }
        }
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.nanoseconds(max(1, timeout.nanoseconds)))
                .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .channelOption(
                    ChannelOptions.writeBufferWaterMark, value: KryoNetConnection.writeWaterMark(for: configuration)
                )
                .channelInitializer { [self] channel in
                    channel.eventLoop.makeCompletedFuture {
                        let connection = KryoNetConnection(
                            channel: channel, serialization: serialization, configuration: configuration, hub: hub,
                            role: self)
                        state.withLock {
                            $0.connection = connection
                            $0.registration = channel.eventLoop.makePromise(of: Void.self)
                        }
                        try channel.pipeline.syncOperations.addHandlers([
                            FrameReader(limit: configuration.objectBufferSize, connection: connection),
                            ConnectionHandler(connection: connection),
                        ])
                    }
                }
                .connect(host: host, port: tcpPort).get()
        } catch {
            await close()
            throw KryoNetError.connectFailed("\(host):\(tcpPort): \(error)")
        }
        guard let registration = state.withLock({ $0.registration }) else {
            await close()
            throw KryoNetError.connectFailed("\(host):\(tcpPort): no connection")
        }
        let deadline = channel.eventLoop.scheduleTask(in: .nanoseconds(max(1, timeout.nanoseconds))) { [self] in
            timedOut()
        }
        state.withLock { $0.deadline = deadline }
        do {
            try await registration.futureResult.get()
        } catch {
            await close()
            throw error
        }
    }

    /// A datagram on the client's UDP socket: only the server's count.
    private func receivedDatagram(_ result: Result<Any, SerializationError>, from address: SocketAddress) {
        guard
            let (connection, server) = state.withLock({ state in
                state.connection.flatMap { c in state.serverUDP.map { (c, $0) } }
            }),
            address.endpointKey == server.endpointKey
        else { return }
        switch result {
        case .success(let object):
            let handoff = Handoff(object)
            connection.onLoop { $0.received(handoff.object, via: .udp) }
        case .failure(let error):
            // As Java's client: a datagram from the server that does not decode closes the connection.
            connection.onLoop { $0.close(.error(.undecodable(error, .udp))) }
        }
    }

    /// The registration did not finish in time.
    private func timedOut() {
        let (step, connection) = state.withLock { ($0.step, $0.connection) }
        guard step == .awaitingTCP || step == .awaitingUDP else { return }
        let error = KryoNetError.registrationTimedOut(step == .awaitingTCP ? .tcp : .udp)
        finishRegistration(.failure(error))
        connection?.close(.error(error))
    }

    private func finishRegistration(_ result: Result<Void, any Error>) {
        let (registration, repeater, deadline) = state.withLock { state in
            defer {
                state.isRegistrationFinished = true
                state.repeater = nil
                state.deadline = nil
            }
            return (state.isRegistrationFinished ? nil : state.registration, state.repeater, state.deadline)
        }
        repeater?.cancel()
        deadline?.cancel()
        registration?.completeWith(result)
    }

    func connectionBecameActive(_ connection: KryoNetConnection) {}

    func connection(
        _ connection: KryoNetConnection, receivedWhileRegistering object: Any, via transport: KryoNetTransport
    ) {
        guard transport == .tcp else { return }
        let step = state.withLock { $0.step }
        switch (step, object) {
        case (.awaitingTCP, let register as FrameworkMessage.RegisterTCP):
            connection.setID(Int(register.connectionID))
            let udp: UDPLink? = state.withLock { state in
                guard let channel = state.udpChannel, let port = state.udpPort,
                    var server = connection.channel.remoteAddress
                else { return nil }
                server.port = port
                state.serverUDP = server
                return UDPLink(channel: channel, remote: server)
            }
            guard let udp else {
                state.withLock { $0.step = .connected }
                connection.becomeConnected()
                finishRegistration(.success(()))
                return
            }
            connection.setUDP(udp)
            let repeater = connection.channel.eventLoop.scheduleRepeatedTask(
                initialDelay: .zero, delay: .milliseconds(100)
            ) {
                [serialization] _ in
                if let payload = try? Framing.datagram(
                    FrameworkMessage.RegisterUDP(connectionID: register.connectionID), serialization: serialization,
                    allocator: connection.channel.allocator)
                {
                    udp.send(payload)
                }
            }
            state.withLock {
                $0.step = .awaitingUDP
                $0.repeater = repeater
            }
        case (.awaitingUDP, is FrameworkMessage.RegisterUDP):
            state.withLock { $0.step = .connected }
            // Connected before connect() returns, so that its caller can send at once.
            connection.becomeConnected()
            finishRegistration(.success(()))
        default:
            // Java's client ignores everything else until it is registered.
            break
        }
    }

    func connectionDidClose(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason, wasConnected: Bool) {
        let udpChannel = state.withLock { state in
            state.step = .ended
            defer { state.udpChannel = nil }
            return state.udpChannel
        }
        finishRegistration(
            .failure(
                reason.error
                    ?? KryoNetError.connectFailed("the server closed the connection during registration: \(reason)")))
        udpChannel?.close(promise: nil)
    }

    /// Closes the connection and waits for its end to be reported.
    func close() async {
        let (connection, udpChannel) = state.withLock { ($0.connection, $0.udpChannel) }
        if let connection {
            connection.close()
            try? await connection.channel.closeFuture.get()
            try? await connection.channel.eventLoop.submit {}.get()
        }
        try? await udpChannel?.close()
    }
}
