import NIOCore
import NIOPosix
import Synchronization

extension KryoNetClient {
    /// Finds KryoNet servers on the local networks (Java's `discoverHosts`): broadcasts one
    /// ``/KryoNetProtocol/FrameworkMessage/DiscoverHost`` datagram to `udpPort` and collects the addresses that
    /// answer within `timeout`.
    ///
    /// As Java's client does, the datagram goes to `a.b.c.255` and `a.b.255.255` of every IPv4
    /// address of this machine (so `127.0.0.255` finds servers on loopback), and to each
    /// interface's broadcast address. A KryoNet server answers with an empty datagram.
    ///
    /// - Parameters:
    ///   - udpPort: The servers' UDP port.
    ///   - timeout: How long to wait for answers.
    ///   - serialization: Any serialization of the dialect the servers speak (the datagram is
    ///     the framework message's id alone).
    ///   - group: The event loops the search runs on; SwiftNIO's shared group by default.
    /// - Returns: The servers' addresses (port 0: the reply's port is the servers' UDP port,
    ///   not their TCP port), each once, in the order they answered.
    public static func discoverHosts(
        udpPort: Int, timeout: Duration, serialization: KryoNetSerialization,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> [SocketAddress] {
        let search = try await HostSearch.start(udpPort: udpPort, serialization: serialization, group: group)
        try? await Task.sleep(for: timeout)
        return await search.finish()
    }

    /// Finds one KryoNet server (Java's `discoverHost`): the first that answers within `timeout`,
    /// or `nil`.
    public static func discoverHost(
        udpPort: Int, timeout: Duration, serialization: KryoNetSerialization,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> SocketAddress? {
        let search = try await HostSearch.start(udpPort: udpPort, serialization: serialization, group: group)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, search.found.isEmpty {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await search.finish().first
    }
}

/// One broadcast and the answers to it.
final class HostSearch: Sendable {
    private let channel: any Channel
    private let collector: AnswerCollector

    private init(channel: any Channel, collector: AnswerCollector) {
        self.channel = channel
        self.collector = collector
    }

    var found: [SocketAddress] { collector.answers.withLock { $0 } }

    static func start(udpPort: Int, serialization: KryoNetSerialization, group: any EventLoopGroup) async throws
        -> HostSearch
    {
        let collector = AnswerCollector()
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: group)
                .channelOption(ChannelOptions.socketOption(.so_broadcast), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
                }
                .bind(host: "0.0.0.0", port: 0).get()
        } catch {
            throw KryoNetError.connectFailed("discovery: \(error)")
        }
        let payload = try Framing.datagram(
            FrameworkMessage.DiscoverHost(), serialization: serialization, allocator: channel.allocator)
        for target in broadcastTargets(port: udpPort) {
            channel.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: payload), promise: nil)
        }
        return HostSearch(channel: channel, collector: collector)
    }

    /// Stops listening; the answers, each address once.
    func finish() async -> [SocketAddress] {
        try? await channel.close()
        var seen: Set<String> = []
        return found.compactMap { address in
            var host = address
            host.port = 0
            return seen.insert(host.endpointKey).inserted ? host : nil
        }
    }

    /// Where Java's `Client.broadcast` sends: `a.b.c.255` and `a.b.255.255` of every IPv4
    /// address, and each interface's broadcast address.
    static func broadcastTargets(port: Int) -> [SocketAddress] {
        var targets: [String] = []
        let devices = (try? System.enumerateDevices()) ?? []
        for device in devices {
            if let ip = device.address?.ipAddress, device.address?.protocol == .inet {
                let parts = ip.split(separator: ".")
                if parts.count == 4 {
                    targets.append("\(parts[0]).\(parts[1]).\(parts[2]).255")
                    targets.append("\(parts[0]).\(parts[1]).255.255")
                }
            }
            if let broadcast = device.broadcastAddress?.ipAddress, device.broadcastAddress?.protocol == .inet {
                targets.append(broadcast)
            }
        }
        if targets.isEmpty { targets = ["127.0.0.255", "255.255.255.255"] }
        var seen: Set<String> = []
        return targets.filter { seen.insert($0).inserted }.compactMap { try? SocketAddress(ipAddress: $0, port: port) }
    }
}

/// Notes the address of every datagram that arrives.
final class AnswerCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    let answers = Mutex<[SocketAddress]>([])

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        answers.withLock { $0.append(envelope.remoteAddress) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An unreachable broadcast address concerns that address only.
    }
}
