/// Why a KryoNet TCP stream cannot be cut into frames from some point on: what
/// ``KryoNetFrameReader`` throws. Offsets count from the start of the stream.
public enum KryoNetFramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Frame `frame`'s header, at `offset`, holds a length of 0 or less. Java KryoNet closes the
    /// connection ("Invalid object length").
    case invalidLength(Int, frame: Int, offset: Int)
    /// Frame `frame`'s header, at `offset`, holds a length above `limit`, the receiver's object
    /// buffer. Java KryoNet closes the connection ("Unable to read object larger than read
    /// buffer").
    case frameTooLarge(length: Int, limit: Int, frame: Int, offset: Int)
    /// The stream ends inside frame `frame`, at `offset`: `received` of its `expected` bytes
    /// came, both counting the header (`expected` is the header's 4 bytes alone when the header
    /// itself is cut).
    case truncatedFrame(received: Int, expected: Int, frame: Int, offset: Int)

    /// The number of the frame, from 1.
    public var frame: Int {
        switch self {
        case .invalidLength(_, let frame, _), .frameTooLarge(_, _, let frame, _), .truncatedFrame(_, _, let frame, _):
            frame
        }
    }

    /// The offset of the frame's header.
    public var offset: Int {
        switch self {
        case .invalidLength(_, _, let offset), .frameTooLarge(_, _, _, let offset),
            .truncatedFrame(_, _, _, let offset):
            offset
        }
    }

    /// What is wrong, without the frame's number and offset: `invalid length -5: expected 1 or
    /// more`.
    public var reason: String {
        switch self {
        case .invalidLength(let length, _, _):
            "invalid length \(length): expected 1 or more (KryoNet closes the connection)"
        case .frameTooLarge(let length, let limit, _, _):
            "length \(length) is larger than the object buffer (\(limit) bytes; KryoNet closes the connection)"
        case .truncatedFrame(let received, let expected, _, _):
            expected == KryoNetFrameHeader.size
                ? "truncated: the stream ends after \(received) of the header's 4 bytes"
                : "truncated: the stream ends after \(received) of the frame's \(expected) bytes (4 + \(expected - 4))"
        }
    }

    /// `frame 3 at 0x0012: invalid length -5: expected 1 or more (KryoNet closes the connection)`.
    public var description: String { "frame \(frame) at \(HexOffset.text(offset)): \(reason)" }
}
