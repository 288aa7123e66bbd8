import NIOCore

/// KryoNet's two wire shapes: a TCP frame (``KryoNetFrameHeader``, then the object) and a UDP
/// datagram (the object alone).
enum Framing {
    /// One object as a TCP frame.
    static func frame(_ object: Any, serialization: KryoNetSerialization, allocator: ByteBufferAllocator) throws
        -> ByteBuffer
    {
        frame(try serialization.encode(object), allocator: allocator)
    }

    /// An encoded object as a TCP frame.
    static func frame(_ bytes: [UInt8], allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: KryoNetFrameHeader.size + bytes.count)
        append(bytes, to: &buffer)
        return buffer
    }

    /// Appends an encoded object's TCP frame to `buffer`.
    static func append(_ bytes: [UInt8], to buffer: inout ByteBuffer) {
        buffer.writeBytes(KryoNetFrameHeader.bytes(length: Int32(truncatingIfNeeded: bytes.count)))
        buffer.writeBytes(bytes)
    }

    /// One object as a UDP datagram.
    static func datagram(_ object: Any, serialization: KryoNetSerialization, allocator: ByteBufferAllocator) throws
        -> ByteBuffer
    {
        let bytes = try serialization.encode(object)
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }
}

/// Cuts the TCP stream into frames, refusing a length that is not positive or larger than the
/// object buffer before reading its bytes, as Java's `TcpConnection.readObject` does. Each frame
/// goes straight to its connection, in place in the bytes read: no pipeline hop, no copy.
struct FrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    let limit: Int
    let connection: KryoNetConnection

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: Int32.self) else {
            return .needMoreData
        }
        guard length > 0 else { throw KryoNetError.invalidFrameLength(Int(length)) }
        guard Int(length) <= limit else { throw KryoNetError.frameTooLarge(length: Int(length), limit: limit) }
        guard buffer.readableBytes >= KryoNetFrameHeader.size + Int(length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: KryoNetFrameHeader.size)
        guard let frame = buffer.readSlice(length: Int(length)) else { return .needMoreData }
        connection.receivedFrame(frame)
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if seenEOF, buffer.readableBytes > 0 {
            let expected =
                buffer.getInteger(at: buffer.readerIndex, endianness: .big, as: Int32.self).map {
                    KryoNetFrameHeader.size + Int($0)
                } ?? KryoNetFrameHeader.size
            let received = buffer.readableBytes
            buffer.moveReaderIndex(to: buffer.writerIndex)
            throw KryoNetError.truncatedFrame(received: received, expected: expected)
        }
        return .needMoreData
    }

    mutating func decoderAdded(context: ChannelHandlerContext) {}
}

/// Notes every read, then hands the bytes on: what keeps a connection from timing out while a
/// large frame arrives.
final class ReadActivity: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let connection: KryoNetConnection

    init(connection: KryoNetConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.heardFrom()
        context.fireChannelRead(data)
    }
}

/// Tells a TCP connection's ``KryoNetConnection`` that it is up, that a read's frames are all
/// delivered (``FrameDecoder`` delivers them), and that it ended.
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
