/// Cuts one direction of a KryoNet TCP connection into frames, as Java's
/// `TcpConnection.readObject` does: a length is checked before any byte of its frame is waited
/// for, so memory stays bounded by the limit whatever the stream claims.
///
/// Feed it the stream in pieces of any size and take the frames as they complete; at the end of
/// the stream, ``finish()`` says whether a frame was cut off:
///
/// ```swift
/// var reader = KryoNetFrameReader()
/// reader.append(capture)
/// while let frame = try reader.next() {
///     print(frame.number, frame.offset, frame.payload.count)
/// }
/// try reader.finish()
/// ```
///
/// A length of 0 or less, or above ``maximumLength``, ends the stream's framing: the reader throws
/// that ``KryoNetFramingError`` from then on, since where the next frame starts cannot be known.
public struct KryoNetFrameReader: Sendable {
    /// One frame: its object's bytes, and where it was in the stream.
    public struct Frame: Sendable, Hashable {
        /// The frame's number in the stream, from 1.
        public var number: Int
        /// The offset of the frame's header in the stream.
        public var offset: Int
        /// The object's bytes, as `writeClassAndObject` wrote them (the header's length of them).
        public var payload: [UInt8]

        /// Creates a frame.
        public init(number: Int, offset: Int, payload: [UInt8]) {
            self.number = number
            self.offset = offset
            self.payload = payload
        }

        /// The offsets of the object's bytes in the stream.
        public var payloadRange: Range<Int> {
            (offset + KryoNetFrameHeader.size)..<(offset + KryoNetFrameHeader.size + payload.count)
        }
    }

    /// The longest object a frame may hold: the receiver's object buffer.
    public let maximumLength: Int
    /// How many frames were taken.
    public private(set) var frameCount = 0
    /// The offset in the stream where the next frame starts.
    public private(set) var offset = 0

    private var buffer: [UInt8] = []
    /// Where the unread bytes start in `buffer`.
    private var start = 0
    private var failure: KryoNetFramingError?

    /// Creates a reader.
    ///
    /// - Parameter maximumLength: The longest object a frame may hold (default KryoNet's object
    ///   buffer, ``KryoNetFrameHeader/defaultMaximumLength``).
    public init(maximumLength: Int = KryoNetFrameHeader.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// The bytes appended but not yet taken as frames.
    public var pendingCount: Int { buffer.count - start }

    /// Appends the next bytes of the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        // Forget what was read once it is most of the buffer, so that appending stays linear.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or `nil` when the bytes appended so far hold none.
    ///
    /// - Throws: ``KryoNetFramingError/invalidLength(_:frame:offset:)`` or
    ///   ``KryoNetFramingError/frameTooLarge(length:limit:frame:offset:)`` for the header of the
    ///   next frame, and the same error on every later call.
    public mutating func next() throws(KryoNetFramingError) -> Frame? {
        if let failure { throw failure }
        guard let length = KryoNetFrameHeader.length(in: buffer[start...]) else { return nil }
        let number = frameCount + 1
        guard length > 0 else {
            let error = KryoNetFramingError.invalidLength(Int(length), frame: number, offset: offset)
            failure = error
            throw error
        }
        guard Int(length) <= maximumLength else {
            let error = KryoNetFramingError.frameTooLarge(
                length: Int(length), limit: maximumLength, frame: number, offset: offset)
            failure = error
            throw error
        }
        let end = start + KryoNetFrameHeader.size + Int(length)
        guard end <= buffer.count else { return nil }
        let frame = Frame(
            number: number, offset: offset, payload: Array(buffer[(start + KryoNetFrameHeader.size)..<end]))
        offset += end - start
        start = end
        frameCount = number
        return frame
    }

    /// Says whether the stream, now ended, ended between frames.
    ///
    /// - Throws: The error ``next()`` threw, if it did; else
    ///   ``KryoNetFramingError/truncatedFrame(received:expected:frame:offset:)`` when bytes of a
    ///   frame are left that ``next()`` could not make whole.
    public func finish() throws(KryoNetFramingError) {
        if let failure { throw failure }
        let pending = pendingCount
        guard pending > 0 else { return }
        let expected = KryoNetFrameHeader.length(in: buffer[start...]).map { KryoNetFrameHeader.size + Int($0) }
        throw .truncatedFrame(
            received: pending, expected: expected ?? KryoNetFrameHeader.size, frame: frameCount + 1, offset: offset)
    }
}
