import KryoCore
import NIOCore

/// A connection's way to its peer over UDP: the datagram channel (the server's one, shared by all
/// its connections, or the client's own) and the peer's address.
struct UDPLink: Sendable {
    let channel: any Channel
    let remote: SocketAddress

    func send(_ payload: ByteBuffer) {
        channel.writeAndFlush(AddressedEnvelope(remoteAddress: remote, data: payload), promise: nil)
    }
}

/// Hands each datagram, decoded, to `deliver` with the address it came from; a datagram that does
/// not decode goes to `refuse`.
final class DatagramHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    let serialization: KryoNetSerialization
    let deliver: @Sendable (_ object: Any, _ from: SocketAddress, _ channel: any Channel) -> Void
    let refuse: @Sendable (_ error: SerializationError, _ from: SocketAddress) -> Void

    init(
        serialization: KryoNetSerialization, deliver: @escaping @Sendable (Any, SocketAddress, any Channel) -> Void,
        refuse: @escaping @Sendable (SerializationError, SocketAddress) -> Void
    ) {
        self.serialization = serialization
        self.deliver = deliver
        self.refuse = refuse
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        do {
            if let object = try envelope.data.withUnsafeReadableBytes({ try serialization.decode($0) }) {
                deliver(object, envelope.remoteAddress, context.channel)
            }
        } catch let error as SerializationError {
            refuse(error, envelope.remoteAddress)
        } catch {
            refuse(SerializationError(.invalidValue, expected: "an object", found: "\(error)"), envelope.remoteAddress)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A datagram error (an ICMP port unreachable, say) concerns one datagram, not the channel.
    }
}

extension SocketAddress {
    /// The address and port, for comparing the sources of datagrams (a resolved address carries
    /// the host name it came from, a received one does not).
    var endpointKey: String { "\(ipAddress ?? "?")|\(port ?? 0)" }
}

/// A decoded object on its way from the event loop that read it to the one of its connection.
/// The decoder has just made it and nothing else holds it.
struct Handoff: @unchecked Sendable {
    let object: Any
    init(_ object: Any) { self.object = object }
}
