import KryoBinary

/// One frame of a captured KryoNet TCP stream, as ``KryoNetCaptureInspector`` explains it.
public struct KryoNetCapturedFrame: Sendable {
    /// The frame's number in the capture, from 1.
    public var number: Int
    /// The offset of the frame's header in the capture.
    public var offset: Int
    /// The length the header gives (the object's bytes); `nil` when the capture cuts the header.
    public var length: Int?
    /// How many of the object's bytes the capture holds: ``length`` for a whole frame, fewer for
    /// a frame the capture cuts off, none for a frame with a bad length.
    public var capturedLength: Int
    /// The registration id the object's class tag names; `nil` for a null object or when the tag
    /// cannot be read.
    public var classID: Int?
    /// The framework message the frame holds, as its Swift type (``FrameworkMessage/Ping``…);
    /// `nil` for the application's objects.
    public var frameworkMessage: (any Sendable)?
    /// One line: a framework message's simple name and fields (`Ping id=1 isReply=false`), else
    /// the object's class as the dump names it (`test.SampleBean (id 14)`), `null`, or what is
    /// wrong with the header.
    public var summary: String
    /// The frame's bytes explained, with offsets in the capture: the header (a `length` entry),
    /// then the object as ``/KryoBinary/KryoCodec/inspect(_:javaClass:)`` explains one value.
    public var dump: KryoDump
    /// What is wrong with the frame, if anything.
    public var problems: [KryoNetCaptureProblem]

    /// Creates a frame.
    public init(
        number: Int, offset: Int, length: Int?, capturedLength: Int, classID: Int?, frameworkMessage: (any Sendable)?,
        summary: String, dump: KryoDump, problems: [KryoNetCaptureProblem]
    ) {
        self.number = number
        self.offset = offset
        self.length = length
        self.capturedLength = capturedLength
        self.classID = classID
        self.frameworkMessage = frameworkMessage
        self.summary = summary
        self.dump = dump
        self.problems = problems
    }

    /// Whether the capture holds the whole frame.
    public var isComplete: Bool { length == capturedLength }
}
