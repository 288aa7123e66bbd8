import KryoBinary

/// A captured KryoNet TCP stream explained frame by frame: what ``KryoNetCaptureInspector``
/// understood of it, and what is wrong with it.
public struct KryoNetCaptureDump: Sendable {
    /// The number of bytes of the capture.
    public var byteCount: Int
    /// The Kryo release the objects were read as.
    public var dialect: KryoDialect
    /// The frames, in order, the last one possibly broken (a bad length, cut off).
    public var frames: [KryoNetCapturedFrame]
    /// The bytes after a frame with a bad length or a length above the limit, which cannot be
    /// cut into frames.
    public var unreadRange: Range<Int>?

    /// Creates a dump.
    public init(byteCount: Int, dialect: KryoDialect, frames: [KryoNetCapturedFrame], unreadRange: Range<Int>?) {
        self.byteCount = byteCount
        self.dialect = dialect
        self.frames = frames
        self.unreadRange = unreadRange
    }

    /// Everything wrong with the capture, in the order of the frames.
    public var problems: [KryoNetCaptureProblem] { frames.flatMap(\.problems) }

    /// Whether every byte belongs to a whole frame holding exactly one object that reads. An
    /// object whose class the schema lacks does not make a capture unclean.
    public var isClean: Bool { frames.allSatisfy(\.problems.isEmpty) }

    /// The dump as text: for each frame a heading (number, offset, length and what it holds),
    /// its bytes as ``/KryoBinary/KryoDump/render(maxBytesPerLine:)`` shows them, header first, and what
    /// stopped the inspector or is wrong with the frame; then a summary.
    ///
    /// ```
    /// frame 1 at 0x0000, 2 bytes: RegisterTCP connectionID=1
    /// 0000  00 00 00 02    length     frame length 2
    /// 0004  0b             class      com.esotericsoftware.kryonet.FrameworkMessage$RegisterTCP (id 9)
    /// 0005  02             int          connectionID: 1
    ///
    /// 1 frame in 6 bytes, read as Kryo 2.20: 1 framework message, 0 objects; clean
    /// ```
    ///
    /// - Parameter maxBytesPerLine: How many raw bytes to show before `…` (at least 1).
    public func render(maxBytesPerLine: Int = 4) -> String {
        let digits = HexOffset.width(for: byteCount)
        var lines: [String] = []
        for frame in frames {
            var heading = "frame \(frame.number) at \(HexOffset.text(frame.offset))"
            if let length = frame.length, !frame.problems.contains(where: Self.isBadLength) {
                heading += ", \(length) byte\(length == 1 ? "" : "s")"
                if !frame.isComplete { heading += " (\(frame.capturedLength) captured)" }
            }
            lines.append(heading + ": " + frame.summary)
            lines += frame.dump.entryLines(maxBytesPerLine: maxBytesPerLine, offsetDigits: digits)
            // An object that does not read: its stop is the error.
            let undecodable = frame.problems.contains {
                if case .undecodable = $0 { return true }
                return false
            }
            if let stop = frame.dump.stop, !undecodable { lines.append(stop.description) }
            for problem in frame.problems { lines.append("error: " + problem.reason) }
            lines.append("")
        }
        if let unreadRange {
            lines.append(
                "not read: \(unreadRange.count) byte\(unreadRange.count == 1 ? "" : "s") from "
                    + "\(HexOffset.text(unreadRange.lowerBound)) to the end (where the next frame starts is unknown)")
            lines.append("")
        }
        lines.append(summary)
        for problem in problems { lines.append("  " + problem.description) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `7 frames in 58 bytes, read as Kryo 2.20: 4 framework messages, 3 objects; clean`, or
    /// with `; 2 problems:` at the end.
    public var summary: String {
        let whole = frames.filter { $0.isComplete && $0.problems.allSatisfy(Self.isInside) }
        let messages = whole.filter { $0.frameworkMessage != nil }.count
        var text =
            "\(frames.count) frame\(frames.count == 1 ? "" : "s") in \(byteCount) byte\(byteCount == 1 ? "" : "s"), "
            + "read as \(dialect): \(messages) framework message\(messages == 1 ? "" : "s"), "
            + "\(whole.count - messages) object\(whole.count - messages == 1 ? "" : "s")"
        let partly = frames.filter { $0.problems.isEmpty && $0.dump.stop != nil }.count
        if partly > 0 { text += "; \(partly) not fully understood" }
        let problems = self.problems
        text += problems.isEmpty ? "; clean" : "; \(problems.count) problem\(problems.count == 1 ? "" : "s"):"
        return text
    }

    /// Whether a problem is a length KryoNet refuses.
    private static func isBadLength(_ problem: KryoNetCaptureProblem) -> Bool {
        switch problem {
        case .framing(.invalidLength), .framing(.frameTooLarge): true
        default: false
        }
    }

    /// Whether a problem leaves the frame itself whole (its object may still be wrong).
    private static func isInside(_ problem: KryoNetCaptureProblem) -> Bool {
        if case .framing = problem { return false }
        return true
    }
}
