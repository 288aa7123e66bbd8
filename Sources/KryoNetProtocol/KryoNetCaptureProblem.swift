import KryoBinary

/// Something wrong in a captured KryoNet TCP stream: what makes ``KryoNetCaptureDump/isClean``
/// false. Offsets count from the start of the capture.
public enum KryoNetCaptureProblem: Sendable, Hashable, CustomStringConvertible {
    /// The stream cannot be cut into frames from this frame on: a bad length, a frame longer
    /// than the object buffer, or a last frame the capture cuts off.
    case framing(KryoNetFramingError)
    /// `count` bytes of frame `frame` (header at `offset`) follow its object, from offset
    /// `from`. crykn/kryonet closes the connection ("Incorrect number of bytes (N remaining)
    /// used to deserialize object"); KryoNet 2.21 drops them silently when its 512-byte input
    /// buffer had read them ahead.
    case bytesLeft(count: Int, from: Int, frame: Int, offset: Int)
    /// The object of frame `frame` (header at `offset`) does not read: it runs past the frame's
    /// end or contradicts the wire format, where the inspector's `stop` says. KryoNet closes the
    /// connection ("Error during deserialization").
    case undecodable(KryoDumpStop, frame: Int, offset: Int)

    /// The number of the frame, from 1.
    public var frame: Int {
        switch self {
        case .framing(let error): error.frame
        case .bytesLeft(_, _, let frame, _), .undecodable(_, let frame, _): frame
        }
    }

    /// The offset of the frame's header.
    public var offset: Int {
        switch self {
        case .framing(let error): error.offset
        case .bytesLeft(_, _, _, let offset), .undecodable(_, _, let offset): offset
        }
    }

    /// What is wrong, without the frame's number and offset.
    public var reason: String {
        switch self {
        case .framing(let error): error.reason
        case .bytesLeft(let count, let from, _, _):
            "\(count) byte\(count == 1 ? "" : "s") left after the object, from \(HexOffset.text(from))"
        case .undecodable(let stop, _, _):
            stop.kind == .truncated ? "the object runs past the frame's end: " + stop.reason : stop.description
        }
    }

    /// `frame 3 at 0x0012: 1 byte left after the object, from 0x0017`.
    public var description: String { "frame \(frame) at \(HexOffset.text(offset)): \(reason)" }
}
