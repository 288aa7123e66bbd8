import NIOCore

/// KryoNet's two wire shapes: a TCP frame (``KryoNetFrameHeader``, then the object) and a UDP
/// datagram (the object alone).
enum Framing {
    /// One object as a TCP frame, encoded straight into the frame's buffer; `limit` bounds the
    /// frame's size (header included).
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when the object cannot be written;
    ///   ``KryoNetError/objectTooLarge(size:limit:)`` when the frame would pass `limit`.
    static func frame(
        _ object: Any, serialization: KryoNetSerialization, limit: Int, allocator: ByteBufferAllocator
    ) throws -> ByteBuffer {
        try serialization.withEncoded(object) { bytes in
            let size = try frameSize(of: bytes, limit: limit)
            var buffer = allocator.buffer(capacity: size)
            append(bytes, to: &buffer)
            return buffer
        }
    }

    /// A ``/KryoNetProtocol/FrameworkMessage/Ping``'s TCP frame, written as `wire` says the
    /// codec writes it, without the codec; `nil` when the frame would pass `limit` (``frame(_:serialization:limit:allocator:)``
    /// then throws what it throws).
    static func pingFrame(
        id: Int32, isReply: Bool, wire: PingWire, limit: Int, allocator: ByteBufferAllocator
    ) -> ByteBuffer? {
        var buffer = allocator.buffer(capacity: KryoNetFrameHeader.size + wire.maximumSize)
        // The header as `frame` writes it, its length set once the payload is there.
        buffer.writeInteger(Int32(0), endianness: .big)
        wire.write(id: id, isReply: isReply) { buffer.writeInteger($0) }
        let length = buffer.readableBytes - KryoNetFrameHeader.size
        buffer.setInteger(Int32(truncatingIfNeeded: length), at: buffer.readerIndex, endianness: .big)
        return buffer.readableBytes <= limit ? buffer : nil
    }

    /// The size of the TCP frame of an object encoded as `bytes`, header included.
    ///
    /// - Throws: ``KryoNetError/objectTooLarge(size:limit:)`` when it passes `limit`.
    static func frameSize(of bytes: UnsafeRawBufferPointer, limit: Int) throws -> Int {
        let size = KryoNetFrameHeader.size + bytes.count
        guard size <= limit else { throw KryoNetError.objectTooLarge(size: size, limit: limit) }
        return size
    }

    /// Appends an encoded object's TCP frame to `buffer`.
    static func append(_ bytes: UnsafeRawBufferPointer, to buffer: inout ByteBuffer) {
        buffer.writeInteger(Int32(truncatingIfNeeded: bytes.count), endianness: .big)
        buffer.writeBytes(bytes)
    }

    /// One object as a UDP datagram.
    static func datagram(_ object: Any, serialization: KryoNetSerialization, allocator: ByteBufferAllocator) throws
        -> ByteBuffer
    {
        try serialization.withEncoded(object) { bytes in
            var buffer = allocator.buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            return buffer
        }
    }
}

/// Cuts the TCP stream into frames, refusing a length that is not positive or larger than the
/// object buffer before reading its bytes, as Java's `TcpConnection.readObject` does. Each frame
/// goes straight to its connection, in place in the bytes read: no pipeline hop, no copy. Only a
/// frame that a read leaves unfinished is copied, into a buffer of its own size (at most the
/// object buffer and the header), and completed from the next reads. Notes every read too: what
/// keeps a connection from timing out while a large frame arrives.
///
/// A handler of its own rather than SwiftNIO's `ByteToMessageHandler`, whose general machinery
/// (a cumulation buffer for every read, re-entrancy states, a decoder called once more per read
/// to learn that it needs more bytes) took about a tenth of a server's time per small object.
final class FrameReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let limit: Int
    private let connection: KryoNetConnection
    /// The start of a frame that the last read left unfinished.
    private var unfinished: ByteBuffer?
    /// Set once the stream is refused: nothing after a bad frame is read.
    private var refused = false

    init(limit: Int, connection: KryoNetConnection) {
        self.limit = limit
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.heardFrom()
        guard !refused else { return }
        var bytes = unwrapInboundIn(data)
        do {
            if unfinished != nil {
                guard try finishKeptFrame(from: &bytes) else { return }
            }
            while let frame = try nextFrame(&bytes) { connection.receivedFrame(frame) }
            if bytes.readableBytes > 0 { try keep(&bytes, allocator: context.channel.allocator) }
        } catch {
            refused = true
            unfinished = nil
            context.fireErrorCaught(error)
        }
    }

    /// The next whole frame's object bytes, `nil` when `bytes` holds no whole frame.
    private func nextFrame(_ bytes: inout ByteBuffer) throws -> ByteBuffer? {
        guard let frameSize = try frameSize(in: bytes), bytes.readableBytes >= frameSize else { return nil }
        bytes.moveReaderIndex(forwardBy: KryoNetFrameHeader.size)
        return bytes.readSlice(length: frameSize - KryoNetFrameHeader.size)
    }

    /// The size of the frame at the start of `bytes`, header included, once its header is there.
    private func frameSize(in bytes: ByteBuffer) throws -> Int? {
        guard let length = bytes.getInteger(at: bytes.readerIndex, endianness: .big, as: Int32.self) else {
            return nil
        }
        guard length > 0 else { throw KryoNetError.invalidFrameLength(Int(length)) }
        guard Int(length) <= limit else { throw KryoNetError.frameTooLarge(length: Int(length), limit: limit) }
        return KryoNetFrameHeader.size + Int(length)
    }

    /// Keeps the start of a frame that `bytes` (the rest of a read) holds, in a buffer of the
    /// frame's size: the read's own buffer is let go.
    private func keep(_ bytes: inout ByteBuffer, allocator: ByteBufferAllocator) throws {
        let size = try frameSize(in: bytes) ?? KryoNetFrameHeader.size
        var kept = allocator.buffer(capacity: size)
        kept.writeBuffer(&bytes)
        unfinished = kept
    }

    /// Completes the kept frame with the bytes it lacks from `bytes` and hands it over; `false`
    /// when `bytes` ran out first (the frame stays kept).
    private func finishKeptFrame(from bytes: inout ByteBuffer) throws -> Bool {
        guard var kept = unfinished else { return true }
        unfinished = nil
        while true {
            if let frame = try nextFrame(&kept) {
                connection.receivedFrame(frame)
                return true
            }
            let lacking = (try frameSize(in: kept) ?? KryoNetFrameHeader.size) - kept.readableBytes
            guard bytes.readableBytes > 0, var part = bytes.readSlice(length: min(lacking, bytes.readableBytes)) else {
                unfinished = kept
                return false
            }
            kept.writeBuffer(&part)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event as? ChannelEvent == .inputClosed { refuseUnfinishedFrame(context: context) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        connection.writabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        refuseUnfinishedFrame(context: context)
        context.fireChannelInactive()
    }

    /// The stream ended: a frame begun and not finished is an error.
    private func refuseUnfinishedFrame(context: ChannelHandlerContext) {
        guard !refused, let kept = unfinished, kept.readableBytes > 0 else { return }
        unfinished = nil
        refused = true
        let expected =
            kept.getInteger(at: kept.readerIndex, endianness: .big, as: Int32.self).map {
                KryoNetFrameHeader.size + Int($0)
            } ?? KryoNetFrameHeader.size
        context.fireErrorCaught(KryoNetError.truncatedFrame(received: kept.readableBytes, expected: expected))
    }
}

/// Tells a TCP connection's ``KryoNetConnection`` that it is up, that a read's frames are all
/// delivered (``FrameReader`` delivers them), and that it ended.
final class ConnectionHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    let connection: KryoNetConnection

    init(connection: KryoNetConnection) {
        self.connection = connection
    }

    func channelActive(context: ChannelHandlerContext) {
        connection.role.connectionBecameActive(connection)
        context.fireChannelActive()
    }

    /// The objects of one socket read are all delivered: the application's tasks may wake.
    func channelReadComplete(context: ChannelHandlerContext) {
        connection.readComplete()
        connection.hub.wakeDeferred()
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        connection.writabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.ended()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let error as KryoNetError: connection.close(.error(error))
        case let error as IOError: connection.close(.socketError("\(error)"))
        default: connection.close(.socketError("\(error)"))
        }
    }
}
