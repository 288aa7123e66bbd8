import KryoBinary
import KryoCore

/// Explains a capture of one direction of a KryoNet TCP connection — the bytes a socket
/// received, or what Wireshark's "Follow TCP Stream" saves as raw — frame by frame: each frame's
/// offset and length, the framework messages by name with their fields, and each object byte by
/// byte as ``/KryoBinary/KryoCodec/inspect(_:javaClass:)`` explains one value: KryoNet's own reader,
/// traced. The engine behind `kryo inspect --kryonet`.
///
/// ```swift
/// let classes = try SchemaFiles.load(URL(fileURLWithPath: "app.yaml"))   // in the Java side's order
/// let dump = KryoNetCaptureInspector(classes: classes, dialect: .v5).inspect(capture)
/// print(dump.render())
/// for frame in dump.frames { print(frame.offset, frame.summary) }        // 0 RegisterTCP connectionID=1
/// if !dump.isClean { print(dump.problems) }
/// ```
///
/// The classes are registered as KryoNet registers them: the framework messages first, then the
/// application's classes in order (``KryoNetSerialization/schemas(_:dialect:)``). It never
/// throws: a bad length, a frame longer than ``maximumFrameLength``, a last frame the capture
/// cuts off, bytes left after an object and an object that does not read are
/// ``KryoNetCaptureProblem``s of the dump. A frame whose class the schema lacks is explained as
/// far as the bytes can be understood, and the frames after it are explained as usual.
public struct KryoNetCaptureInspector: Sendable {
    /// The application's classes, in the order the Java side registers them.
    public var classes: SchemaSet
    /// The Kryo release of the endpoints: `.v2` for KryoNet 2.21, `.v5` for crykn/kryonet.
    public var dialect: KryoDialect
    /// Whether the endpoints' Kryo tracks references (KryoNet turns them off).
    public var references: Bool
    /// The longest object a frame may hold: the receiving endpoint's object buffer.
    public var maximumFrameLength: Int
    /// How deeply values may nest before the inspector stops explaining a frame.
    public var maximumDepth: Int

    /// Creates an inspector.
    ///
    /// - Parameters:
    ///   - classes: The application's classes (none: the framework messages and library classes
    ///     only). A class without an id takes the next free one after the framework messages.
    ///   - dialect: The Kryo release of the endpoints (default KryoNet 2.21's, Kryo 2.20).
    ///   - references: Whether the endpoints track references (default KryoNet's: off).
    ///   - maximumFrameLength: The receiver's object buffer (default KryoNet's, 2048 bytes).
    ///   - maximumDepth: How deeply values may nest (default 100).
    public init(
        classes: SchemaSet = SchemaSet(), dialect: KryoDialect = .v2, references: Bool = false,
        maximumFrameLength: Int = KryoNetFrameHeader.defaultMaximumLength, maximumDepth: Int = 100
    ) {
        self.classes = classes
        self.dialect = dialect
        self.references = references
        self.maximumFrameLength = maximumFrameLength
        self.maximumDepth = maximumDepth
    }

    /// Explains `capture`.
    public func inspect(_ capture: [UInt8]) -> KryoNetCaptureDump {
        var walk = CaptureWalk(inspector: self, capture: capture)
        return walk.run()
    }
}

/// One walk over one capture.
private struct CaptureWalk {
    let capture: [UInt8]
    /// The objects' codec (``KryoNetSerialization/schemas(_:dialect:)`` read dynamically), which
    /// explains each object as it reads it; `nil` when those classes make no registry.
    let objects: KryoCodec?
    let dialect: KryoDialect
    let maximumFrameLength: Int
    let frameworkIDs: Range<Int>
    /// The framework messages' codec, for their Swift values.
    let framework: KryoNetSerialization?
    var frames: [KryoNetCapturedFrame] = []

    init(inspector: KryoNetCaptureInspector, capture: [UInt8]) {
        self.capture = capture
        var options = KryoNetSerialization.options(for: inspector.dialect)
        options.references = inspector.references
        var objectOptions = options
        objectOptions.limits.maxDepth = inspector.maximumDepth
        dialect = inspector.dialect
        objects =
            (try? KryoNetSerialization.dynamicRegistry(
                KryoNetSerialization.schemas(inspector.classes, dialect: inspector.dialect)))
            .map { KryoCodec(registry: $0, dialect: inspector.dialect, options: objectOptions) }
        maximumFrameLength = inspector.maximumFrameLength
        frameworkIDs = KryoNetSerialization.frameworkIDs(in: inspector.dialect)
        framework = try? KryoNetSerialization(dialect: inspector.dialect, options: options, classes: [])
    }

    mutating func run() -> KryoNetCaptureDump {
        var reader = KryoNetFrameReader(maximumLength: maximumFrameLength)
        reader.append(capture)
        var unread: Range<Int>?
        do throws(KryoNetFramingError) {
            while let frame = try reader.next() {
                frames.append(explain(frame))
            }
            try reader.finish()
        } catch {
            frames.append(broken(error))
            if case .truncatedFrame = error {
            } else {
                let start = min(error.offset + KryoNetFrameHeader.size, capture.count)
                if start < capture.count { unread = start..<capture.count }
            }
        }
        return KryoNetCaptureDump(
            byteCount: capture.count, dialect: dialect, frames: frames, unreadRange: unread)
    }

    /// A whole frame.
    func explain(_ frame: KryoNetFrameReader.Frame) -> KryoNetCapturedFrame {
        let range = frame.payloadRange
        let object = inspectObject(in: range)
        let classID = Self.classID(of: frame.payload)
        var problems: [KryoNetCaptureProblem] = []
        if let stop = object.stop, stop.kind == .truncated || stop.kind == .malformed {
            problems.append(.undecodable(stop, frame: frame.number, offset: frame.offset))
        } else if object.trailingByteCount > 0 {
            let from = range.upperBound - object.trailingByteCount
            problems.append(
                .bytesLeft(count: object.trailingByteCount, from: from, frame: frame.number, offset: frame.offset))
        }
        let message = classID.flatMap { frameworkIDs.contains($0) ? frameworkMessage(frame.payload) : nil }
        return KryoNetCapturedFrame(
            number: frame.number, offset: frame.offset, length: frame.payload.count,
            capturedLength: frame.payload.count, classID: classID, frameworkMessage: message,
            summary: message.map { "\($0)" } ?? remoteCallSummary(object, payload: frame.payload)
                ?? Self.summary(of: object, payload: frame.payload),
            dump: withHeader(object, at: frame.offset, length: frame.payload.count), problems: problems)
    }

    /// The frame at which framing stopped.
    func broken(_ error: KryoNetFramingError) -> KryoNetCapturedFrame {
        let offset = error.offset
        switch error {
        case .invalidLength(let length, _, _), .frameTooLarge(let length, _, _, _):
            let empty = KryoDump(byteCount: 0, entries: [], stop: nil)
            let summary = length <= 0 ? "invalid length \(length)" : "length \(length), above the limit"
            return KryoNetCapturedFrame(
                number: error.frame, offset: offset, length: length, capturedLength: 0, classID: nil,
                frameworkMessage: nil, summary: summary, dump: withHeader(empty, at: offset, length: length),
                problems: [.framing(error)])
        case .truncatedFrame(let received, let expected, _, _):
            guard received >= KryoNetFrameHeader.size else {
                let bytes = Array(capture[offset...])
                let entry = KryoDumpEntry(
                    offset: offset, length: bytes.count, depth: 0, role: .raw,
                    text: "part of a frame header", bytes: bytes)
                return KryoNetCapturedFrame(
                    number: error.frame, offset: offset, length: nil, capturedLength: 0, classID: nil,
                    frameworkMessage: nil, summary: "a cut header",
                    dump: KryoDump(byteCount: bytes.count, entries: [entry], stop: nil), problems: [.framing(error)])
            }
            let length = expected - KryoNetFrameHeader.size
            let range = (offset + KryoNetFrameHeader.size)..<capture.count
            let object = inspectObject(in: range)
            return KryoNetCapturedFrame(
                number: error.frame, offset: offset, length: length, capturedLength: range.count,
                classID: Self.classID(of: capture[range]), frameworkMessage: nil,
                summary: Self.className(in: object) ?? "cut before its class tag",
                dump: withHeader(object, at: offset, length: length), problems: [.framing(error)])
        }
    }

    /// The object in `range`, as the reader reads it.
    func inspectObject(in range: Range<Int>) -> KryoDump {
        if let objects { return objects.inspect(capture, in: range) }
        let bytes = Array(capture[range])
        let entries =
            bytes.isEmpty
            ? []
            : [
                KryoDumpEntry(
                    offset: range.lowerBound, length: bytes.count, depth: 0, role: .raw, text: "", bytes: bytes)
            ]
        return KryoDump(
            byteCount: bytes.count, entries: entries,
            stop: KryoDumpStop(
                kind: .unknownLayout, offset: range.lowerBound, reason: "the classes make no registry"))
    }

    /// `object` with the frame's header before it.
    func withHeader(_ object: KryoDump, at offset: Int, length: Int) -> KryoDump {
        let header = Array(capture[offset..<(offset + KryoNetFrameHeader.size)])
        let entry = KryoDumpEntry(
            offset: offset, length: header.count, depth: 0, role: .length, text: "frame length \(length)",
            bytes: header)
        return KryoDump(
            byteCount: header.count + object.byteCount, entries: [entry] + object.entries, stop: object.stop)
    }

    /// A framework message's Swift value; `nil` when its bytes do not read as one.
    func frameworkMessage(_ payload: [UInt8]) -> (any Sendable)? {
        guard let framework else { return nil }
        // From an input, so that bytes left after the message (a problem of their own) do not hide it.
        let value = try? framework.codec.decode(Any?.self, from: KryoInput(payload))
        switch value {
        case let message as FrameworkMessage.RegisterTCP: return message
        case let message as FrameworkMessage.RegisterUDP: return message
        case let message as FrameworkMessage.KeepAlive: return message
        case let message as FrameworkMessage.DiscoverHost: return message
        case let message as FrameworkMessage.Ping: return message
        default: return nil
        }
    }

    /// A remote call or its result in a few words (`InvokeMethod objectID=1
    /// chat.IPlayer.registerName(java.lang.String) arguments=["bob"] responseData=0`); `nil` for
    /// other objects and for one that does not read whole.
    func remoteCallSummary(_ dump: KryoDump, payload: [UInt8]) -> String? {
        guard dump.stop == nil, let objects,
            let name = Self.className(in: dump),
            name.hasPrefix(KryoNetRMI.InvokeMethod.javaClassName)
        else { return nil }
        func describe(_ value: Any?) -> String {
            switch ValueConversion.flatten(value) {
            case nil: "null"
            case let string as String: "\"\(string)\""
            case let object as DynamicObject: object.description
            case let elements as any Sequence: "[" + elements.map { describe($0) }.joined(separator: ", ") + "]"
            case let value?: "\(value)"
            }
        }
        switch try? objects.decode(Any?.self, from: KryoInput(payload)) {
        case let call as DynamicObject where call.javaClass == KryoNetRMI.InvokeMethod.javaClassName:
            let interface = call["interface"].map { "\($0)" } ?? "?"
            let method = call["method"].map { "\($0)" } ?? "?"
            return "InvokeMethod objectID=\(describe(call["objectID"])) \(interface).\(method) "
                + "arguments=\(describe(call["arguments"])) responseData=\(describe(call["responseData"]))"
        case let result as KryoNetRMI.InvokeMethodResult:
            return "InvokeMethodResult objectID=\(result.objectID) responseID=\(result.responseID) "
                + "result=\(describe(result.result))"
        default:
            return nil
        }
    }

    /// The registration id of the object's class tag (`id + 2`); `nil` for null (`0`), a class
    /// written by name (`1`) or a tag that does not read.
    static func classID(of payload: some Collection<UInt8>) -> Int? {
        guard let tag = try? KryoInput(Array(payload.prefix(5))).readVarInt32(optimizePositive: true),
            tag >= 2 || tag < 0
        else {
            return nil
        }
        // Java's `classID - 2` in `int`s (ids near 2^31 wrap).
        return Int(tag &- 2)
    }

    /// What an application object's frame holds, in a few words.
    static func summary(of dump: KryoDump, payload: [UInt8]) -> String {
        // Java's readClassAndObject gives null, which KryoNet takes for "no object yet".
        if payload.first == 0 { return "null (KryoNet's receiver drops it)" }
        return className(in: dump) ?? "an unreadable class tag"
    }

    /// The object's class as the dump names it: its first class tag's text.
    static func className(in dump: KryoDump) -> String? {
        dump.entries.first.flatMap { $0.role == .classTag && $0.depth == 0 ? $0.text : nil }
    }
}
