import KryoCore
import NIOCore
import NIOPosix
import Synchronization

/// A KryoNet server: accepts Java (and Swift) KryoNet clients over TCP, and UDP when bound with a
/// UDP port, and talks to each through its ``KryoNetConnection``.
///
/// ```swift
/// let server = KryoNetServer(serialization: serialization)
/// let events = server.events()
/// try await server.bind(tcpPort: 54555, udpPort: 54777)
/// for await event in events {
///     if case .received(let received) = event, let message = received.object as? ChatMessage {
///         server.sendToAllTCP(message)
///     }
/// }
/// ```
///
/// As Java's `Server` does, it gives each connection an id from 1 on and sends it in a
/// `RegisterTCP`; with UDP a connection is connected once the client has registered its UDP
/// address, and a client that sends over TCP before that is closed.
public final class KryoNetServer: Sendable {
    /// How objects become bytes.
    public let serialization: KryoNetSerialization
    /// Buffer sizes, keep-alive and timeout.
    public let configuration: KryoNetConfiguration
    private let group: any EventLoopGroup
    private let hub: EventHub
    private let table: ServerTable
    private let channels = Mutex<(tcp: (any Channel)?, udp: (any Channel)?)>((nil, nil))

    /// Creates a server; it listens once ``bind(host:tcpPort:udpPort:)`` is called.
    ///
    /// - Parameters:
    ///   - serialization: The classes, in the Java side's registration order, and the dialect.
    ///   - configuration: Buffer sizes and times; Java's `new Server()` by default.
    ///   - group: The event loops; SwiftNIO's shared ones by default.
    public init(
        serialization: KryoNetSerialization, configuration: KryoNetConfiguration = .server,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.serialization = serialization
        self.configuration = configuration
        self.group = group
        hub = EventHub(capacity: configuration.eventBufferSize)
        table = ServerTable()
    }

    /// The events of every connection from now on. Make it before ``bind(host:tcpPort:udpPort:)``.
    public func events() -> KryoNetEvents { hub.subscribe() }

    /// Adds a listener, called on the connections' event loops.
    public func addListener(_ listener: any KryoNetListener) { hub.addListener(listener) }

    /// Removes a listener.
    public func removeListener(_ listener: any KryoNetListener) { hub.removeListener(listener) }

    /// Listens on a TCP port, and a UDP port when one is given (Java's `bind(tcpPort, udpPort)`).
    ///
    /// - Parameters:
    ///   - host: The address to listen on; every IPv4 address by default.
    ///   - tcpPort: The TCP port; 0 picks a free one (see ``tcpPort``).
    ///   - udpPort: The UDP port, for UDP objects and LAN discovery; 0 picks a free one.
    /// - Throws: ``KryoNetError/bindFailed(_:)`` when a port cannot be bound.
    public func bind(host: String = "0.0.0.0", tcpPort: Int, udpPort: Int? = nil) async throws {
        await close()
        let serialization = serialization
        let configuration = configuration
        let hub = hub
        let table = table
        table.reopen()
        var udpChannel: (any Channel)?
        do {
            if let udpPort {
                // No SO_REUSEADDR: on Linux it lets two UDP sockets share a port, and datagrams
                // would reach the wrong server.
                let channel = try await DatagramBootstrap(group: group)
                    .channelOption(
                        ChannelOptions.recvAllocator,
                        value: FixedSizeRecvByteBufferAllocator(capacity: configuration.objectBufferSize)
                    )
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                DatagramHandler(
                                    serialization: serialization,
                                    deliver: { object, from, channel in
                                        table.receivedDatagram(object, from: from, on: channel)
                                    },
                                    refuse: { _, _ in
                                        // As Java's server: a datagram that does not decode is dropped; UDP
                                        // sources can be forged, so it closes nothing.
                                    }))
                        }
                    }
                    .bind(host: host, port: udpPort).get()
                udpChannel = channel
                table.setUDPChannel(channel)
            }
            let tcpChannel = try await ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.backlog, value: 256)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .childChannelOption(
                    ChannelOptions.writeBufferWaterMark, value: KryoNetConnection.writeWaterMark(for: configuration)
                )
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let connection = KryoNetConnection(
                            channel: channel, serialization: serialization, configuration: configuration, hub: hub,
                            role: table)
                        try channel.pipeline.syncOperations.addHandlers([
                            FrameReader(limit: configuration.objectBufferSize, connection: connection),
                            ConnectionHandler(connection: connection),
                        ])
                    }
                }
                .bind(host: host, port: tcpPort).get()
            channels.withLock { $0 = (tcpChannel, udpChannel) }
        } catch {
            try? await udpChannel?.close()
            table.setUDPChannel(nil)
            throw KryoNetError.bindFailed(
                "\(host) port \(tcpPort)\(udpPort.map { ", UDP port \($0)" } ?? ""): \(error)")
        }
    }

    /// The TCP port the server listens on, once bound.
    public var tcpPort: Int? { channels.withLock { $0.tcp?.localAddress?.port } }

    /// The UDP port the server listens on, once bound with one.
    public var udpPort: Int? { channels.withLock { $0.udp?.localAddress?.port } }

    /// The connected connections, the newest first (as Java's `getConnections()`).
    public var connections: [KryoNetConnection] { table.connected }

    /// The connected connection with an id.
    public func connection(id: Int) -> KryoNetConnection? {
        table.connected.first { $0.id == id }
    }

    /// Sends an object over TCP to one connection (Java's `sendToTCP`); nothing when no connected
    /// connection has the id.
    ///
    /// - Throws: What ``KryoNetConnection/sendTCP(_:)`` throws.
    public func sendToTCP(_ id: Int, _ object: Any) throws {
        try connection(id: id)?.sendTCP(object)
    }

    /// Sends an object over TCP to every connection (Java's `sendToAllTCP`), writing it once.
    ///
    /// - Throws: What ``KryoNetConnection/sendTCP(_:)`` throws for the object itself; a
    ///   connection that is closing is skipped.
    public func sendToAllTCP(_ object: Any) throws {
        try sendToAllExceptTCP(nil, object)
    }

    /// Sends an object over TCP to every connection but one (Java's `sendToAllExceptTCP`).
    ///
    /// - Throws: What ``KryoNetConnection/sendTCP(_:)`` throws for the object itself.
    public func sendToAllExceptTCP(_ id: Int?, _ object: Any) throws {
        let targets = table.connected.filter { $0.id != id }
        guard !targets.isEmpty else { return }
        let frame = try Framing.frame(
            object, serialization: serialization, limit: configuration.writeBufferSize, allocator: ByteBufferAllocator()
        )
        for connection in targets {
            connection.enqueue(frame)
        }
    }

    /// Sends an object over UDP to one connection (Java's `sendToUDP`).
    ///
    /// - Throws: What ``KryoNetConnection/sendUDP(_:)`` throws.
    public func sendToUDP(_ id: Int, _ object: Any) throws {
        try connection(id: id)?.sendUDP(object)
    }

    /// Sends an object over UDP to every connection (Java's `sendToAllUDP`).
    ///
    /// - Throws: What ``KryoNetConnection/sendUDP(_:)`` throws for the object itself.
    public func sendToAllUDP(_ object: Any) throws {
        try sendToAllExceptUDP(nil, object)
    }

    /// Sends an object over UDP to every connection but one (Java's `sendToAllExceptUDP`).
    ///
    /// - Throws: What ``KryoNetConnection/sendUDP(_:)`` throws for the object itself.
    public func sendToAllExceptUDP(_ id: Int?, _ object: Any) throws {
        let targets = table.connected.filter { $0.id != id }
        guard !targets.isEmpty else { return }
        let payload = try Framing.datagram(object, serialization: serialization, allocator: ByteBufferAllocator())
        guard payload.readableBytes <= configuration.objectBufferSize else {
            throw KryoNetError.objectTooLarge(size: payload.readableBytes, limit: configuration.objectBufferSize)
        }
        for connection in targets {
            connection.udpLink?.send(payload)
        }
    }

    /// Closes every connection and stops listening; the ``events()`` sequences made so far end
    /// once the connections' ``KryoNetEvent/disconnected(_:_:)`` events are in them. Listeners
    /// stay, and the server can be bound again.
    public func close() async {
        let (tcp, udp) = channels.withLock { channels in
            defer { channels = (nil, nil) }
            return channels
        }
        guard tcp != nil || udp != nil else { return }
        try? await tcp?.close()
        for connection in table.all {
            connection.close()
            try? await connection.channel.closeFuture.get()
            try? await connection.channel.eventLoop.submit {}.get()
        }
        try? await udp?.close()
        table.setUDPChannel(nil)
        hub.finish()
    }
}

/// A server's connections, by id and by UDP address, and how they register.
final class ServerTable: ConnectionRole {
    private struct State {
        var nextID: Int32 = 1
        /// Connected, the newest first.
        var connected: [KryoNetConnection] = []
        /// Open but not yet registered over UDP.
        var pending: [Int: KryoNetConnection] = [:]
        var byUDPAddress: [String: KryoNetConnection] = [:]
        var udpChannel: (any Channel)?
        /// Every open connection, registered or not.
        var open: [ObjectIdentifier: KryoNetConnection] = [:]
    }

    private let state = Mutex(State())

    var sendsUDPKeepAlive: Bool { false }

    var connected: [KryoNetConnection] { state.withLock { $0.connected } }
    var all: [KryoNetConnection] { state.withLock { Array($0.open.values) } }

    func reopen() {
        state.withLock { $0.nextID = 1 }
    }

    func setUDPChannel(_ channel: (any Channel)?) {
        state.withLock { $0.udpChannel = channel }
    }

    func connectionBecameActive(_ connection: KryoNetConnection) {
        let (id, hasUDP): (Int32, Bool) = state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            if state.nextID == -1 { state.nextID = 1 }
            state.open[ObjectIdentifier(connection)] = connection
            if state.udpChannel != nil {
                state.pending[Int(id)] = connection
            } else {
                state.connected.insert(connection, at: 0)
            }
            return (id, state.udpChannel != nil)
        }
        connection.setID(Int(id))
        connection.writeObject(FrameworkMessage.RegisterTCP(connectionID: id))
        if !hasUDP { connection.becomeConnected() }
    }

    func connection(
        _ connection: KryoNetConnection, receivedWhileRegistering object: Any, via transport: KryoNetTransport
    ) {
        // Java's server closes a connection that speaks TCP before its UDP registration.
        if transport == .tcp { connection.close(.error(.sentBeforeUDPRegistration)) }
    }

    func connectionDidClose(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason, wasConnected: Bool) {
        state.withLock { state in
            state.open[ObjectIdentifier(connection)] = nil
            state.connected.removeAll { $0 === connection }
            state.pending = state.pending.filter { $0.value !== connection }
            state.byUDPAddress = state.byUDPAddress.filter { $0.value !== connection }
        }
    }

    /// A datagram on the server's UDP port (on the UDP channel's event loop).
    func receivedDatagram(_ object: Any, from address: SocketAddress, on channel: any Channel) {
        switch object {
        case let register as FrameworkMessage.RegisterUDP:
            let connection: KryoNetConnection? = state.withLock { state in
                guard let connection = state.pending.removeValue(forKey: Int(register.connectionID)) else { return nil }
                state.byUDPAddress[address.endpointKey] = connection
                state.connected.insert(connection, at: 0)
                return connection
            }
            connection?.onLoop { connection in
                guard connection.state.phase == .registering else { return }
                connection.setUDP(UDPLink(channel: channel, remote: address))
                connection.writeObject(FrameworkMessage.RegisterUDP())
                connection.becomeConnected()
            }
        case is FrameworkMessage.DiscoverHost:
            channel.writeAndFlush(AddressedEnvelope(remoteAddress: address, data: ByteBuffer()), promise: nil)
        default:
            let connection = state.withLock { $0.byUDPAddress[address.endpointKey] }
            let handoff = Handoff(object)
            connection?.onLoop { $0.received(handoff.object, via: .udp) }
        }
    }
}
