import Foundation
import KryoNet
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// `kryo inspect --kryonet` and ``KryoNetCaptureInspector`` on what the Java KryoNet endpoint
    /// (Tests/KryoNetPeer, on the real Kryo 2.20 and 5.6.2 jars) sent a raw socket: the frames,
    /// framework messages by name with their fields, the objects traced; then the same capture
    /// cut, with a bad length, too long a frame, bytes after an object and an object that does
    /// not fit its frame, each reported with its offsets.
    @Suite(.serialized) struct CaptureInspectionTests {
        static let versions = [2, 5]
        static let schemaPath = "Tests/Fixtures/schemas/kryonet-sample.yaml"

        static func dialect(_ version: Int) -> KryoDialect { version == 2 ? .v2 : .v5 }

        /// The sample classes as the Java endpoint registers them (no ids in the file).
        static func classes() throws -> SchemaSet {
            try SchemaFiles.load(KryoTool.root.appendingPathComponent(schemaPath))
        }

        /// What the Java server sent one raw client: its RegisterTCP, the answer to our ping, then
        /// the objects the test asked for, a keep-alive and its own ping, each frame as it came.
        static func javaCapture(kryo version: Int) async throws -> [UInt8] {
            let java = try JavaKryoNetPeer(
                kryo: version, ["--role", "server", "--tcp", "0", "--keepalive", "0", "--timeout", "0"])
            defer { Task { await java.quit() } }
            let ready = try await java.expect("READY")
            let socket = try RawSocket(port: try #require(field("tcp", in: ready).flatMap(Int.init)))
            try await java.expect("CONNECTED 1")
            // Our ping, which Java answers with the same id and isReply set, before its listeners see it.
            try socket.send(frame([0x0f, 0x0a, 0x00]))
            try await java.expect("RECEIVED 1 TCP Ping id=5 isReply=true")
            for command in [
                "bean 7 hi", "other", "enum THIRD", "keepalive", "ping", "string héllo", "bean -2 null",
            ] {
                java.send("SEND 1 TCP \(command)")
            }
            var capture: [UInt8] = []
            for _ in 0..<9 {
                let header = try socket.receive(4)
                capture += header + (try socket.receive(header.reduce(0) { $0 << 8 | Int($1) }))
            }
            return capture
        }

        static let summaries = [
            "RegisterTCP connectionID=1", "Ping id=5 isReply=true", "test.SampleBean (id 14)", "test.OtherBean (id 15)",
            "test.SampleEnum (id 16)", "KeepAlive", "Ping id=0 isReply=false", "java.lang.String (id 1)",
            "test.SampleBean (id 14)",
        ]

        /// One capture per Kryo release for the whole suite.
        static let captures = CaptureCache()

        actor CaptureCache {
            private var captures: [Int: [UInt8]] = [:]

            func capture(kryo version: Int) async throws -> [UInt8] {
                if let capture = captures[version] { return capture }
                let capture = try await CaptureInspectionTests.javaCapture(kryo: version)
                captures[version] = capture
                return capture
            }
        }

        @Test(arguments: versions)
        func javaServersFrames(kryo version: Int) async throws {
            let capture = try await Self.captures.capture(kryo: version)
            let dump = KryoNetCaptureInspector(classes: try Self.classes(), dialect: Self.dialect(version))
                .inspect(capture)
            #expect(dump.isClean)
            #expect(dump.problems.isEmpty)
            #expect(dump.unreadRange == nil)
            #expect(dump.frames.map(\.summary) == Self.summaries)
            #expect(dump.frames.map(\.number) == Array(1...9))
            #expect(dump.frames.map(\.classID) == [9, 13, 14, 15, 16, 11, 13, 1, 14])
            #expect(dump.frames.allSatisfy { $0.isComplete && $0.dump.stop == nil })
            // Each frame starts where the one before ended; the dumps cover every byte once.
            var next = 0
            for frame in dump.frames {
                #expect(frame.offset == next)
                let length = try #require(frame.length)
                #expect(frame.dump.entries.first?.range == frame.offset..<(frame.offset + 4))
                #expect(frame.dump.entries.first?.text == "frame length \(length)")
                var covered = frame.offset
                for entry in frame.dump.entries {
                    #expect(entry.offset == covered)
                    #expect(Array(capture[entry.range]) == entry.bytes)
                    covered += entry.length
                }
                next = frame.offset + 4 + length
                #expect(covered == next)
            }
            #expect(next == capture.count)

            // Framework messages as their Swift values.
            #expect(
                dump.frames[0].frameworkMessage as? FrameworkMessage.RegisterTCP
                    == FrameworkMessage.RegisterTCP(connectionID: 1))
            #expect(dump.frames[1].frameworkMessage as? FrameworkMessage.Ping == .init(id: 5, isReply: true))
            #expect(dump.frames[5].frameworkMessage as? FrameworkMessage.KeepAlive == FrameworkMessage.KeepAlive())
            #expect(dump.frames[6].frameworkMessage as? FrameworkMessage.Ping == .init(id: 0, isReply: false))
            #expect(dump.frames.filter { $0.frameworkMessage != nil }.count == 4)

            // The objects, field by field, and the framework messages' fields.
            func texts(_ index: Int) -> [String] { dump.frames[index].dump.entries.dropFirst().map(\.text) }
            #expect(
                texts(0) == ["com.esotericsoftware.kryonet.FrameworkMessage$RegisterTCP (id 9)", "connectionID: 1"])
            #expect(
                texts(1) == ["com.esotericsoftware.kryonet.FrameworkMessage$Ping (id 13)", "id: 5", "isReply: true"])
            #expect(texts(2) == ["test.SampleBean (id 14)", "key: 7", "name: \"hi\""])
            #expect(texts(4) == ["test.SampleEnum (id 16)", "THIRD (ordinal 2)"])
            #expect(texts(5) == ["com.esotericsoftware.kryonet.FrameworkMessage$KeepAlive (id 11)"])
            #expect(
                texts(6) == ["com.esotericsoftware.kryonet.FrameworkMessage$Ping (id 13)", "id: 0", "isReply: false"])
            #expect(texts(7) == ["java.lang.String (id 1)", "\"héllo\""])
            #expect(texts(8) == ["test.SampleBean (id 14)", "key: -2", "name: null"])
            let other = texts(3)
            #expect(other.first == "test.OtherBean (id 15)")
            for expected in [
                "key: 1", "name: \"a\"", "key: 2", "name: \"b\"", "\"one\"", "\"two\"", "kind: SECOND (ordinal 1)",
            ] {
                #expect(other.contains { $0.hasSuffix(expected) }, "\(expected) in \(other)")
            }
            #expect(
                dump.summary == "9 frames in \(capture.count) bytes, read as \(Self.dialect(version)): "
                    + "4 framework messages, 5 objects; clean")

            // The tool prints the same dump and exits 0.
            let file = try KryoTool.file(capture)
            defer { try? FileManager.default.removeItem(at: file) }
            let tool = try KryoTool.run([
                "inspect", file.path, "--format", "kryo\(version)", "--kryonet", "--schema", Self.schemaPath,
            ])
            #expect(tool.status == 0, "\(tool.stderr)")
            #expect(tool.text == dump.render())

            // A record per frame: JSON Lines, then the same frames again.
            let lines = try KryoTool.run([
                "convert", file.path, "--from", "kryo\(version)", "--kryonet", "--to", "jsonl", "--schema",
                Self.schemaPath,
            ])
            #expect(lines.status == 0, "\(lines.stderr)")
            #expect(
                lines.text.split(separator: "\n").map(String.init) == [
                    #"{"$class":"com.esotericsoftware.kryonet.FrameworkMessage$RegisterTCP","connectionID":1}"#,
                    #"{"$class":"com.esotericsoftware.kryonet.FrameworkMessage$Ping","id":5,"isReply":true}"#,
                    #"{"$class":"test.SampleBean","key":7,"name":"hi"}"#,
                    #"{"$class":"test.OtherBean","beans":[{"$class":"test.SampleBean","key":1,"name":"a"},{"$class":"test.SampleBean","key":2,"name":"b"}],"kind":{"$class":"test.SampleEnum","name":"SECOND","ordinal":1},"map":{"1":"one","2":"two"}}"#,
                    #"{"$class":"test.SampleEnum","name":"THIRD","ordinal":2}"#,
                    #"{"$class":"com.esotericsoftware.kryonet.FrameworkMessage$KeepAlive"}"#,
                    #"{"$class":"com.esotericsoftware.kryonet.FrameworkMessage$Ping","id":0,"isReply":false}"#,
                    #""héllo""#,
                    #"{"$class":"test.SampleBean","key":-2,"name":null}"#,
                ])
            let back = try KryoTool.run(
                [
                    "convert", "-", "--from", "jsonl", "--to", "kryo\(version)", "--kryonet", "--schema",
                    Self.schemaPath,
                ], input: lines.stdout)
            #expect(back.status == 0, "\(back.stderr)")
            #expect(back.stdout == capture)

            // The frames read with the schema's classes alone, as an endpoint would.
            let serialization = try KryoNetSerialization(schemas: try Self.classes(), dialect: Self.dialect(version))
            var reader = KryoNetFrameReader()
            reader.append(capture)
            var objects: [Any?] = []
            while let frame = try reader.next() { objects.append(try serialization.decode(frame.payload)) }
            try reader.finish()
            #expect(objects.count == 9)
            #expect(objects[0] as? FrameworkMessage.RegisterTCP == FrameworkMessage.RegisterTCP(connectionID: 1))
            #expect(objects[1] as? FrameworkMessage.Ping == .init(id: 5, isReply: true))
            let bean = try #require(objects[2] as? DynamicObject)
            #expect(bean.javaClass == "test.SampleBean")
            #expect(bean["key"] as? Int32 == 7)
            #expect(bean["name"] as? String == "hi")
            #expect((objects[4] as? DynamicEnum)?.name == "THIRD")
        }

        /// The Java capture with frame 3's header (at 0x000d, after RegisterTCP and the ping's
        /// answer) replaced by `header`, and `payload` for its object when given.
        static func splice(_ capture: [UInt8], header: [UInt8], payload: [UInt8]? = nil) -> [UInt8] {
            let bean: [UInt8] = [0x10, 0x0e, 0x68, 0xe9]  // SampleBean{7, "hi"}, frame 3's object
            #expect(Array(capture[13..<21]) == [0, 0, 0, 4] + bean)
            return Array(capture[..<13]) + header + (payload ?? []) + Array(capture[(payload == nil ? 17 : 21)...])
        }

        @Test(arguments: versions)
        func malformedCaptures(kryo version: Int) async throws {
            let capture = try await Self.captures.capture(kryo: version)
            let inspector = KryoNetCaptureInspector(classes: try Self.classes(), dialect: Self.dialect(version))

            // The capture ends 2 bytes early, inside the last frame (SampleBean{-2, null}: 10 03 80).
            let end = capture.count - 7
            #expect(Array(capture[end...]) == [0, 0, 0, 3, 0x10, 0x03, 0x80])
            let cut = inspector.inspect(Array(capture.dropLast(2)))
            #expect(!cut.isClean)
            #expect(cut.problems == [.framing(.truncatedFrame(received: 5, expected: 7, frame: 9, offset: end))])
            #expect(
                cut.problems.map(\.description) == [
                    "frame 9 at 0x\(String(end, radix: 16).leftPadded(4)): truncated: the stream ends after 5 of the "
                        + "frame's 7 bytes (4 + 3)"
                ])
            let last = try #require(cut.frames.last)
            #expect(last.summary == "test.SampleBean (id 14)")
            #expect(last.length == 3)
            #expect(last.capturedLength == 1)
            #expect(!last.isComplete)
            #expect(last.dump.stop?.kind == .truncated)
            #expect(cut.frames.count == 9)
            #expect(cut.frames.dropLast().allSatisfy { $0.problems.isEmpty })

            // Cut inside frame 3's header.
            let header = inspector.inspect(Array(capture[..<15]))
            #expect(header.problems == [.framing(.truncatedFrame(received: 2, expected: 4, frame: 3, offset: 13))])
            #expect(
                header.problems.first?.description
                    == "frame 3 at 0x000d: truncated: the stream ends after 2 of the header's 4 bytes")
            #expect(header.frames.last?.length == nil)

            // A negative length: nothing after it can be framed.
            let negative = inspector.inspect(Self.splice(capture, header: [0xff, 0xff, 0xff, 0xfb]))
            #expect(negative.problems == [.framing(.invalidLength(-5, frame: 3, offset: 13))])
            #expect(
                negative.problems.first?.description
                    == "frame 3 at 0x000d: invalid length -5: expected 1 or more (KryoNet closes the connection)")
            #expect(negative.frames.count == 3)
            #expect(negative.unreadRange == 17..<capture.count)
            #expect(
                inspector.inspect(Self.splice(capture, header: [0, 0, 0, 0])).problems == [
                    .framing(.invalidLength(0, frame: 3, offset: 13))
                ])

            // A frame longer than the object buffer (2048 bytes), and the same with a larger limit:
            // then the frame runs to the end of the capture and is cut.
            let long = Self.splice(capture, header: [0, 0, 0x08, 0x01])
            #expect(
                inspector.inspect(long).problems == [
                    .framing(.frameTooLarge(length: 2049, limit: 2048, frame: 3, offset: 13))
                ])
            var larger = inspector
            larger.maximumFrameLength = 4096
            #expect(
                larger.inspect(long).problems == [
                    .framing(.truncatedFrame(received: capture.count - 13, expected: 2053, frame: 3, offset: 13))
                ])

            // Two bytes after the bean in its frame: the frames after it read as before.
            let left = inspector.inspect(
                Self.splice(capture, header: [0, 0, 0, 6], payload: [0x10, 0x0e, 0x68, 0xe9, 0xca, 0xfe]))
            #expect(left.problems == [.bytesLeft(count: 2, from: 0x15, frame: 3, offset: 13)])
            #expect(
                left.problems.first?.description == "frame 3 at 0x000d: 2 bytes left after the object, from 0x0015")
            #expect(left.frames.map(\.summary) == Self.summaries)
            #expect(left.frames[2].dump.entries.last?.role == .trailing)

            // A bean cut short inside its frame: its String runs past the frame's end.
            let short = inspector.inspect(Self.splice(capture, header: [0, 0, 0, 2], payload: [0x10, 0x0e]))
            let stop = KryoDumpStop(
                kind: .truncated, offset: 0x13, reason: "expected a string at 0x0013, found the end")
            #expect(short.problems == [.undecodable(stop, frame: 3, offset: 13)])
            #expect(
                short.problems.first?.description
                    == "frame 3 at 0x000d: the object runs past the frame's end: expected a string at 0x0013, found "
                    + "the end")
            #expect(short.frames.count == 9)

            // The tool: the dump, then one line on stderr and a non-zero exit.
            for (bytes, problem, hint) in [
                (
                    Self.splice(capture, header: [0xff, 0xff, 0xff, 0xfb]),
                    "frame 3 at 0x000d: invalid length -5: expected 1 or more (KryoNet closes the connection)", ""
                ),
                (
                    Self.splice(capture, header: [0, 0, 0, 6], payload: [0x10, 0x0e, 0x68, 0xe9, 0xca, 0xfe]),
                    "frame 3 at 0x000d: 2 bytes left after the object, from 0x0015", ""
                ),
                (
                    long,
                    "frame 3 at 0x000d: length 2049 is larger than the object buffer (2048 bytes; KryoNet closes the "
                        + "connection)",
                    "; give the receiver's object buffer with --max-frame-length if it is larger"
                ),
            ] {
                let tool = try KryoTool.run(
                    ["inspect", "-", "--format", "kryo\(version)", "--kryonet", "--schema", Self.schemaPath],
                    input: bytes)
                #expect(tool.status == 1)
                #expect(tool.stderr == "kryo: the capture is not clean: \(problem)\(hint)\n")
                #expect(tool.text.hasSuffix("; 1 problem:\n  \(problem)\n"))
            }
            let larger4096 = try KryoTool.run(
                [
                    "inspect", "-", "--format", "kryo\(version)", "--kryonet", "--max-frame-length", "4096",
                    "--schema", Self.schemaPath,
                ], input: long)
            #expect(larger4096.status == 1)
            #expect(larger4096.stderr.hasPrefix("kryo: the capture is not clean: frame 3 at 0x000d: truncated: "))
            let cutTool = try KryoTool.run(
                ["inspect", "-", "--format", "kryo\(version)", "--kryonet", "--schema", Self.schemaPath],
                input: Array(capture.dropLast(2)))
            #expect(cutTool.status == 1)
            #expect(cutTool.text.contains("error: truncated: the stream ends after 5 of the frame's 7 bytes (4 + 3)\n"))
            let convert = try KryoTool.run(
                [
                    "convert", "-", "--from", "kryo\(version)", "--kryonet", "--to", "jsonl", "--schema",
                    Self.schemaPath,
                ],
                input: Self.splice(capture, header: [0xff, 0xff, 0xff, 0xfb]))
            #expect(convert.status == 1)
            #expect(
                convert.stderr
                    == "kryo: record 3: frame 3 at 0x000d: invalid length -5: expected 1 or more (KryoNet closes the "
                    + "connection)\n")
        }

        @Test func theToolRefusesWhatKryoNetNeverHolds() throws {
            let frame: [UInt8] = [0, 0, 0, 2, 0x0b, 0x02]
            for (arguments, message) in [
                (
                    ["inspect", "-", "--format", "json", "--kryonet"],
                    "kryo: --kryonet reads a Kryo format: give --format kryo2, kryo4 or kryo5"
                ),
                (
                    ["inspect", "-", "--format", "kryo2", "--kryonet", "--type", "test.SampleBean"],
                    "kryo: KryoNet writes every object with its class (writeClassAndObject): --type and writeObject "
                        + "profiles do not apply to --kryonet"
                ),
                (
                    ["inspect", "-", "--format", "kryo2", "--max-frame-length", "100"],
                    "kryo: --max-frame-length applies to --kryonet"
                ),
                (
                    ["inspect", "-", "--format", "kryo2", "--kryonet", "--max-frame-length", "0"],
                    "kryo: --max-frame-length must be 1 or more"
                ),
                (
                    ["convert", "-", "--from", "json", "--to", "jsonl", "--kryonet"],
                    "kryo: --kryonet needs a Kryo format on one side: kryo2, kryo4 or kryo5"
                ),
                (
                    ["convert", "-", "--from", "kryo2", "--to", "kryo4", "--kryonet"],
                    "kryo: KryoNet gives its classes other ids in Kryo 4 than in Kryo 2.20 and 5: convert the frames "
                        + "to jsonl, then the lines to the other release"
                ),
            ] {
                let tool = try KryoTool.run(arguments, input: frame)
                #expect(tool.status != 0, "\(arguments)")
                #expect(tool.stderr == message + "\n", "\(arguments)")
            }
            // Without a schema: the framework messages and library classes only; an empty capture is clean.
            let bare = try KryoTool.run(
                ["inspect", "-", "--format", "kryo4", "--kryonet"], input: [0, 0, 0, 2, 0x0c, 0x02])
            #expect(bare.status == 0, "\(bare.stderr)")
            #expect(bare.text.hasPrefix("frame 1 at 0x0000, 2 bytes: RegisterTCP connectionID=1\n"))
            let empty = try KryoTool.run(["inspect", "-", "--format", "kryo5", "--kryonet"])
            #expect(empty.status == 0)
            #expect(empty.text == "0 frames in 0 bytes, read as Kryo 5: 0 framework messages, 0 objects; clean\n")
        }

        /// Frames the Swift side wrote in each release, Kryo 4 among them (the Java endpoint has no
        /// Kryo 4): the schema's classes take the same ids as the Swift registrations, 15 on in Kryo 4.
        @Test(arguments: [KryoDialect.v2, .v4, .v5])
        func swiftFramesInEveryRelease(_ dialect: KryoDialect) throws {
            let serialization = try SampleClasses.serialization(dialect: dialect)
            var capture: [UInt8] = []
            for object: Any in [
                FrameworkMessage.RegisterTCP(connectionID: 300), SampleBean(key: 7, name: "hi"), SampleEnum.second,
                FrameworkMessage.Ping(id: 2, isReply: true), FrameworkMessage.RegisterUDP(connectionID: 0),
                FrameworkMessage.DiscoverHost(),
            ] {
                let bytes = try serialization.encode(object)
                capture += KryoNetFrameHeader.bytes(length: Int32(bytes.count)) + bytes
            }
            let dump = KryoNetCaptureInspector(classes: try Self.classes(), dialect: dialect).inspect(capture)
            let first = dialect.version == .kryo4 ? 15 : 14
            #expect(dump.isClean)
            #expect(
                dump.frames.map(\.summary) == [
                    "RegisterTCP connectionID=300", "test.SampleBean (id \(first))",
                    "test.SampleEnum (id \(first + 2))",
                    "Ping id=2 isReply=true", "RegisterUDP connectionID=0", "DiscoverHost",
                ])
            let framework = KryoNetSerialization.frameworkIDs(in: dialect)
            #expect(
                dump.frames.map(\.classID) == [
                    framework.lowerBound, first, first + 2, framework.upperBound - 1, framework.lowerBound + 1,
                    framework.lowerBound + 3,
                ])
            #expect(Array(capture[0..<7]) == [0, 0, 0, 3, UInt8(framework.lowerBound + 2), 0xd8, 0x04])

            // The frame reader gives the same frames fed a byte at a time.
            var reader = KryoNetFrameReader()
            var frames: [KryoNetFrameReader.Frame] = []
            for byte in capture {
                reader.append([byte])
                while let frame = try reader.next() { frames.append(frame) }
            }
            try reader.finish()
            #expect(frames.map(\.offset) == dump.frames.map(\.offset))
            #expect(
                frames.map(\.payload)
                    == dump.frames.map { Array(capture[($0.offset + 4)..<($0.offset + 4 + ($0.length ?? 0))]) })
            #expect(reader.pendingCount == 0)
            #expect(reader.offset == capture.count)
        }
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
