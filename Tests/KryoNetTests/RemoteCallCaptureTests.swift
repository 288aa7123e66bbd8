import Foundation
import KryoNet
import SwiftKryo
import Testing

extension AllKryoNetTests {
    /// KryoNet's RMI known from a schema file (`methods:`, Tests/Fixtures/schemas/kryonet-rmi.yaml)
    /// rather than Swift types: `kryo inspect --kryonet` and `kryo convert --kryonet` on the calls
    /// the Java endpoint's `ObjectSpace` (Tests/KryoNetPeer, --classes rmi, on the real Kryo 2.20
    /// and 5.6.2 jars) sent a raw socket, and calls written by hand as JSON Lines, converted to
    /// frames and sent to Java, which runs them and answers.
    @Suite(.serialized) struct RemoteCallCaptureTests {
        static let schemaPath = "Tests/Fixtures/schemas/kryonet-rmi.yaml"
        static let chat = "com.esotericsoftware.kryonet.examples.chatrmi"

        static func format(_ version: Int) -> String { version == 2 ? "kryo2" : "kryo5" }

        /// Runs `kryo` and returns its standard output, failing the test on a non-zero status.
        static func tool(_ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
            let result = try KryoTool.run(arguments, input: input)
            #expect(result.status == 0, "kryo \(arguments.joined(separator: " ")): \(result.stderr)")
            return result.stdout
        }

        @Test(arguments: [2, 5])
        func javaCallsReadFromASchemaAndSentBack(kryo version: Int) async throws {
            let java = try JavaKryoNetPeer(
                kryo: version,
                ["--role", "server", "--tcp", "0", "--keepalive", "0", "--timeout", "0", "--classes", "rmi"])
            defer { Task { await java.quit() } }
            let ready = try await java.expect("READY")
            let socket = try RawSocket(port: try #require(field("tcp", in: ready).flatMap(Int.init)))
            try await java.expect("CONNECTED 1")
            let commands = [
                "CALL 1 2 IChatFrame addMessage -63 s:Ada connected.",
                "CALL 1 2 IChatFrame setNames -62 a:Ada,Grace",
                "CALL 1 3 ICalc add 0 i:2 | i:-3",
                "CALL 1 3 ICalc concat -61 s:é | null",
                "CALL 1 3 ICalc describe 64 s:x",
                "CALL 1 3 ICalc names 0 a:x,y",
                "CALL 1 3 ICalc boxed 0 null",
                "CALL 1 3 IGreeter hello -60 s:Ada",
            ]
            for command in commands { java.send(command) }
            var capture: [UInt8] = []
            for _ in 0...commands.count {
                let header = try socket.receive(4)
                capture += header + (try socket.receive(header.reduce(0) { $0 << 8 | Int($1) }))
            }

            // The inspector names each call: interface, method (its index resolved), arguments.
            let classes = try SchemaFiles.load(KryoTool.root.appendingPathComponent(Self.schemaPath))
            let dump = KryoNetCaptureInspector(classes: classes, dialect: version == 2 ? .v2 : .v5).inspect(capture)
            #expect(dump.isClean, "\(dump.render())")
            let calc = "InvokeMethod objectID=3 test.ICalc."
            #expect(
                dump.frames.map(\.summary) == [
                    "RegisterTCP connectionID=1",
                    "InvokeMethod objectID=2 \(Self.chat).IChatFrame.addMessage(String) "
                        + "arguments=[\"Ada connected.\"] responseData=-63",
                    "InvokeMethod objectID=2 \(Self.chat).IChatFrame.setNames(String[]) "
                        + "arguments=[[\"Ada\", \"Grace\"]] responseData=-62",
                    calc + "add(int, int) arguments=[2, -3] responseData=0",
                    calc + "concat(String, String) arguments=[\"é\", null] responseData=-61",
                    calc + "describe(Object) arguments=[\"x\"] responseData=64",
                    calc + "names(String[]) arguments=[[\"x\", \"y\"]] responseData=0",
                    calc + "boxed(Integer) arguments=[null] responseData=0",
                    "InvokeMethod objectID=3 test.IGreeter.hello(String) arguments=[\"Ada\"] responseData=-60",
                ], "\(dump.render())")

            // To JSON Lines and back: the same frames, byte for byte.
            let format = Self.format(version)
            let schema = ["--schema", Self.schemaPath]
            let lines = try Self.tool(
                ["convert", "-", "--from", format, "--kryonet", "--to", "jsonl"] + schema, input: capture)
            let text = String(decoding: lines, as: UTF8.self)
            #expect(text.contains("\"method\":\"add(int, int)\""), "\(text)")
            #expect(text.contains("\"interface\":\"test.IGreeter\""), "\(text)")
            let back = try Self.tool(
                ["convert", "-", "--from", "jsonl", "--to", format, "--kryonet"] + schema, input: lines)
            #expect(back == capture)

            // Calls written by hand, as frames for Java: it runs each and answers.
            let calls = [
                #"{"$class":"com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod","objectID":3,"interface":"test.ICalc","method":"add(int, int)","arguments":[2,3],"responseData":-63}"#,
                #"{"$class":"com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod","objectID":3,"interface":"test.ICalc","method":"add(long,long)","arguments":[1099511627776,1],"responseData":-62}"#,
                #"{"$class":"com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod","objectID":3,"interface":"test.IGreeter","method":"hello(String)","arguments":["Ada"],"responseData":-61}"#,
                #"{"$class":"com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod","objectID":3,"interface":"test.ICalc","method":"names([Ljava.lang.String;)","arguments":[{"$class":"[Ljava.lang.String;","$value":["a",null,"c"]}],"responseData":-60}"#,
            ]
            let frames = try Self.tool(
                ["convert", "-", "--from", "jsonl", "--to", format, "--kryonet"] + schema,
                input: Array((calls.joined(separator: "\n") + "\n").utf8))
            try socket.send(frames)
            try await java.expect("INVOKED 3 ICalc.add [Integer 2;Integer 3] data=-63")
            try await java.expect("INVOKED 3 ICalc.add [Long 1099511627776;Long 1] data=-62")
            try await java.expect("INVOKED 3 IGreeter.hello [String Ada] data=-61")
            try await java.expect("INVOKED 3 ICalc.names [String[] [a,null,c]] data=-60")
            var answers: [UInt8] = []
            for _ in calls {
                let header = try socket.receive(4)
                answers += header + (try socket.receive(header.reduce(0) { $0 << 8 | Int($1) }))
            }
            let results = KryoNetCaptureInspector(classes: classes, dialect: version == 2 ? .v2 : .v5).inspect(answers)
            #expect(results.isClean, "\(results.render())")
            // KryoNet 2.21 repeats the call's whole response byte, the later ObjectSpace its number.
            func id(_ data: Int) -> Int { version == 2 ? data : data & 0x3F }
            #expect(
                results.frames.map(\.summary) == [
                    "InvokeMethodResult objectID=3 responseID=\(id(-63)) result=5",
                    "InvokeMethodResult objectID=3 responseID=\(id(-62)) result=1099511627777",
                    "InvokeMethodResult objectID=3 responseID=\(id(-61)) result=\"hi Ada\"",
                    "InvokeMethodResult objectID=3 responseID=\(id(-60)) result=[\"c\", null, \"a\"]",
                ], "\(results.render())")
        }

        /// A call's `method` names the method as schema files write it, as Java names its
        /// classes, or in the source form with or without packages; overloads stay apart.
        @Test func methodsAreNamedInEverySpelling() {
            let setNames = JavaMethodSchema(name: "setNames", parameters: [.array(.string)])
            for text in [
                "setNames(String[])", "setNames([Ljava.lang.String;)", "setNames(java.lang.String[])",
                "setNames( String[] )", " setNames(String [])",
            ] {
                #expect(setNames.isNamed(by: text), "\(text)")
            }
            for text in ["setNames(String)", "setNames()", "setName(String[])", "setNames(String[], int)", "setNames"] {
                #expect(!setNames.isNamed(by: text), "\(text)")
            }
            let addInts = JavaMethodSchema(name: "add", parameters: [.primitive(.int), .primitive(.int)])
            let addPoints = JavaMethodSchema(name: "add", parameters: [.named("geo.Point"), .named("geo.Point")])
            #expect(addInts.isNamed(by: "add(int,int)") && !addPoints.isNamed(by: "add(int,int)"))
            #expect(addPoints.isNamed(by: "add(Point, Point)") && addPoints.isNamed(by: "add(geo.Point, geo.Point)"))
            #expect(addPoints.signature == "add(geo.Point, geo.Point)" && setNames.signature == "setNames(String[])")
            let none = JavaMethodSchema(name: "closed")
            #expect(none.isNamed(by: "closed()") && !none.isNamed(by: "closed(int)"))
        }

        /// Schema files that misdeclare an interface say where and what.
        @Test func badInterfacesInSchemaFiles() throws {
            func problem(_ yaml: String) -> String {
                do {
                    _ = try SchemaFiles.parse(yaml, fileName: "rmi.yaml")
                    return "no error"
                } catch {
                    return "\(error)"
                }
            }
            let twice = problem("classes:\n  - class: a.I\n    methods: [go(int), \"go( int )\"]\n")
            #expect(twice.contains("declares go(int) twice"), "\(twice)")
            #expect(twice.contains("rmi.yaml:3"), "\(twice)")
            let withFields = problem("classes:\n  - class: a.I\n    methods: [go()]\n    fields: {x: int}\n")
            #expect(withFields.contains("takes no fields"), "\(withFields)")
            let unclosed = problem("classes:\n  - class: a.I\n    methods: [\"go(int\"]\n")
            #expect(unclosed.contains("no closing parenthesis"), "\(unclosed)")
            let unknown = problem("classes:\n  - class: a.I\n    methods: [\"go(Nope)\"]\n")
            #expect(unknown.contains("Nope"), "\(unknown)")
            let badResult = problem("classes:\n  - class: a.I\n    methods: [\"go() int\"]\n")
            #expect(badResult.contains("bad method signature"), "\(badResult)")
            let notAList = problem("classes:\n  - class: a.I\n    methods: go()\n")
            #expect(notAList.contains("expected a list of method signatures"), "\(notAList)")
        }
    }
}
