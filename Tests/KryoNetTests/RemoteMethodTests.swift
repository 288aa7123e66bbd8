import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Synchronization
import Testing

/// The tests' ICalc (Tests/KryoNetPeer); the chat RMI example's interfaces are KryoNetChat's.
enum ICalc: RemoteInterface {
    static let javaClassName = "test.ICalc"
    static let stringArray = RemoteType(JavaArray<String>.self, javaName: "[Ljava.lang.String;")
    static let addInts = RemoteMethod("add", [.int, .int], returns: .int)
    static let addLongs = RemoteMethod("add", [.long, .long], returns: .long)
    static let concat = RemoteMethod("concat", [.string, .string], returns: .string)
    static let describe = RemoteMethod("describe", [.object], returns: .string)
    static let half = RemoteMethod("half", [.int], returns: .double)
    static let flag = RemoteMethod("flag", returns: .boolean)
    static let names = RemoteMethod("names", [stringArray], returns: stringArray)
    static let boxed = RemoteMethod(
        "boxed", [RemoteType(Int32.self, javaName: "java.lang.Integer")],
        returns: RemoteType(Int32.self, javaName: "java.lang.Integer"))
    static let greet = RemoteMethod("greet", [.string], returns: .string)
    // Declared in another order than Java's: the index comes from the sort.
    static let methods = [names, greet, flag, half, describe, concat, boxed, addLongs, addInts]
    static var extends: [any RemoteInterface.Type] { [IGreeter.self] }
}

/// The interface ICalc extends (registered after it): its method goes as its own.
enum IGreeter: RemoteInterface {
    static let javaClassName = "test.IGreeter"
    static let hello = RemoteMethod("hello", [.string], returns: .string)
    static let methods = [hello]
}

extension AllKryoNetTests {
    /// KryoNet's RMI (`ObjectSpace`) against the Java endpoint's own `ObjectSpace` wire
    /// (Tests/KryoNetPeer, --classes rmi) on the real Kryo 2.20 and 5.6.2 jars, both ways: Swift
    /// calls Java's objects, Java calls Swift's.
    @Suite(.serialized) struct RemoteMethodTests {
        static func serialization(_ version: Int) throws -> KryoNetSerialization {
            try KryoNetSerialization(dialect: version == 2 ? .v2 : .v5) {
                KryoNetRMI.registrations
                Register(remoteInterface: IPlayer.self)
                Register(remoteInterface: IChatFrame.self)
                Register(JavaArray<String>.self)
                Register(remoteInterface: ICalc.self)
                Register(remoteInterface: IGreeter.self)
            }
        }

        /// What Java prints as a result's response id: KryoNet 2.21 repeats the call's whole byte,
        /// the later ObjectSpace its number.
        static func responseID(_ data: Int8, _ version: Int) -> Int8 { version == 2 ? data : data & 0x3F }

        @Test(arguments: [2, 5])
        func swiftCallsJava(kryo version: Int) async throws {
            let java = try JavaKryoNetPeer(kryo: version, ["--role", "server", "--tcp", "0", "--classes", "rmi"])
            defer { Task { await java.quit() } }
            let tcp = try #require(field("tcp", in: try await java.expect("READY")).flatMap(Int.init))
            let client = KryoNetClient(serialization: try Self.serialization(version))
            let events = EventReader(client.events())
            try await client.connect(host: "127.0.0.1", tcpPort: tcp)
            let connection = try #require(client.connection)
            try await java.expect("CONNECTED 1")

            // The chat RMI example's first call: void, the result awaited (Java's defaults).
            let player = connection.remoteObject(IPlayer.self, id: 1)
            #expect(try await player.call(IPlayer.registerName, "Ada") == nil)
            try await java.expect("INVOKED 1 IPlayer.registerName [String Ada] data=-63")

            let calc = connection.remoteObject(ICalc.self, id: 3)
            #expect(try await calc.call(ICalc.addInts, Int32(2), Int32(3)) as? Int32 == 5)
            try await java.expect("INVOKED 3 ICalc.add [Integer 2;Integer 3] data=-63")
            #expect(try await calc.call(ICalc.addLongs, Int64(1) << 40, Int64(1)) as? Int64 == (1 << 40) + 1)
            try await java.expect("INVOKED 3 ICalc.add [Long 1099511627776;Long 1] data=-62")
            #expect(try await calc.call(ICalc.concat, "ab", nil) as? String == "abnull")
            #expect(try await calc.call(ICalc.describe, Int32(5)) as? String == "Integer:5")
            #expect(try await calc.call(ICalc.describe, "x") as? String == "String:x")
            #expect(try await calc.call(ICalc.describe, nil) as? String == "null")
            #expect(try await calc.call(ICalc.half, Int32(5)) as? Double == 2.5)
            #expect(try await calc.call(ICalc.flag) as? Bool == true)
            let reversed = try await calc.call(ICalc.names, JavaArray<String>(["a", nil, "c"]))
            #expect(reversed as? JavaArray<String> == JavaArray(["c", nil, "a"]))
            #expect(try await calc.call(ICalc.boxed, Int32(41)) as? Int32 == 42)
            #expect(try await calc.call(ICalc.boxed, nil) == nil)
            #expect(try await calc.call(ICalc.greet, "Ada") as? String == "hello Ada")
            try await java.expect("INVOKED 3 ICalc.greet [String Ada]")
            // A method of the interface ICalc extends, through ICalc: sent as IGreeter's.
            #expect(try await calc.call(IGreeter.hello, "Ada") as? String == "hi Ada")
            try await java.expect("INVOKED 3 IGreeter.hello [String Ada]")

            // Without the return value: a primitive result still comes, another comes as nil.
            calc.transmitsReturnValue = false
            #expect(try await calc.call(ICalc.concat, "a", "b") == nil)
            #expect(try await calc.call(ICalc.addInts, Int32(1), Int32(1)) as? Int32 == 2)
            // Asking for nothing: the call returns at once and Java answers nothing.
            calc.transmitsExceptions = false
            calc.isNonBlocking = true
            #expect(try await calc.call(ICalc.flag) == nil)
            try await java.expect("INVOKED 3 ICalc.flag [] data=0")

            // Java calls the Swift client's chat frame (object 2), which answers.
            let space = KryoNetObjectSpace()
            let seen = Mutex<[String]>([])
            space.register(2) { call in
                let text: String
                if call.isCall(of: IChatFrame.addMessage, in: IChatFrame.self) {
                    text = try call.argument(0, as: String.self)
                } else {
                    let names = try call.argument(0, as: JavaArray<String>.self)
                    text = names.elements.map { $0 ?? "nil" }.joined(separator: ",")
                }
                seen.withLock { $0.append("\(call.method.name) \(text)") }
                return nil
            }
            space.addConnection(connection)
            java.send("CALL 1 2 IChatFrame addMessage -63 s:Ada connected.")
            try await java.expect("RESULT objectID=2 responseID=\(Self.responseID(-63, version)) null")
            java.send("CALL 1 2 IChatFrame setNames -62 a:Ada,Grace")
            try await java.expect("RESULT objectID=2 responseID=\(Self.responseID(-62, version)) null")
            #expect(seen.withLock { $0 } == ["addMessage Ada connected.", "setNames Ada,Grace"])
            // An object nobody registered: ignored, as Java ignores it; the connection stays.
            java.send("CALL 1 9 IChatFrame addMessage -61 s:lost")
            #expect(try await calc.call(ICalc.flag) == nil)
            try await java.expect("INVOKED 3 ICalc.flag [] data=0")
            #expect(client.isConnected)

            // No answer from the other end: the call times out, and the connection stays.
            let missing = connection.remoteObject(ICalc.self, id: 99)
            missing.responseTimeout = .milliseconds(300)
            await #expect(throws: KryoNetError.self) { try await missing.call(ICalc.flag) }
            #expect(client.isConnected)
            // A method the interface does not declare is refused before anything is sent.
            await #expect(throws: SerializationError.self) {
                try await player.call(RemoteMethod("kick", [.string]), "Ada")
            }
            await client.close()
            _ = try await events.first("disconnected") { $0.disconnection }
        }

        @Test(arguments: [2, 5])
        func javaCallsSwift(kryo version: Int) async throws {
            let server = KryoNetServer(serialization: try Self.serialization(version))
            let events = EventReader(server.events())
            let space = KryoNetObjectSpace()
            let players = Mutex<[String]>([])
            space.register(1) { call in
                let name = try call.argument(0, as: String?.self) ?? "nil"
                players.withLock { $0.append("\(call.method.name) \(name)") }
                return nil
            }
            space.register(3) { call in
                switch call.method {
                case ICalc.addInts: return try call.argument(0, as: Int32.self) + call.argument(1, as: Int32.self)
                case ICalc.concat:
                    return (try call.argument(0, as: String?.self) ?? "null")
                        + (try call.argument(1, as: String?.self) ?? "null")
                case ICalc.half: return Double(try call.argument(0, as: Int32.self)) / 2
                case ICalc.names:
                    return JavaArray(try call.argument(0, as: JavaArray<String>.self).elements.reversed())
                case ICalc.boxed: return try call.argument(0, as: Int32?.self).map { $0 + 1 }
                default: return nil
                }
            }
            try await server.bind(host: "127.0.0.1", tcpPort: 0)
            defer { Task { await server.close() } }
            let java = try JavaKryoNetPeer(
                kryo: version, ["--role", "client", "--tcp", "\(try #require(server.tcpPort))", "--classes", "rmi"])
            defer { Task { await java.quit() } }
            let connection = try await events.first("connected") { $0.connectedConnection }
            space.addConnection(connection)
            try await java.expect("CONNECTED")

            java.send("CALL - 3 ICalc add -63 i:2 | i:3")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(-63, version)) Integer 5")
            java.send("CALL - 3 ICalc concat -62 s:ab | null")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(-62, version)) String abnull")
            java.send("CALL - 3 ICalc half -61 i:5")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(-61, version)) Double 2.5")
            java.send("CALL - 3 ICalc names -60 a:x,y,z")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(-60, version)) String[] [z,y,x]")
            java.send("CALL - 3 ICalc boxed -59 null")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(-59, version)) null")
            // Without the return value (only the exception flag and the number): a primitive
            // result comes, another as null. Asking for nothing: no answer at all.
            java.send("CALL - 3 ICalc concat 70 s:a | s:b")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(70, version)) null")
            java.send("CALL - 3 ICalc add 71 i:1 | i:1")
            try await java.expect("RESULT objectID=3 responseID=\(Self.responseID(71, version)) Integer 2")
            java.send("CALL - 1 IPlayer registerName 0 s:Grace")
            java.send("CALL - 1 IPlayer sendMessage -63 s:hi")
            try await java.expect("RESULT objectID=1 responseID=\(Self.responseID(-63, version)) null")
            #expect(players.withLock { $0 } == ["registerName Grace", "sendMessage hi"])
            #expect(!java.transcript.contains { $0.contains("responseID=0") })

            // A method index past the interface's methods (ICalc has 9): the connection closes
            // with an error naming it, as Java's does ("Invalid method index").
            // Frame: InvokeMethod's class (id 15 + 2), object 3, ICalc's id 21, index 99, data.
            let invokeID = try #require(
                server.serialization.registry.registration(for: KryoNetRMI.InvokeMethod.self)?.id)
            let calcRegistration = try #require(
                server.serialization.registry.registration(forJavaName: "test.ICalc")?.id)
            let body: [UInt8] = [UInt8(invokeID + 2), 3, UInt8(calcRegistration), 99, 0xC1]
            java.send(
                "RAW - TCP 000000" + String(format: "%02x", body.count)
                    + body.map { String(format: "%02x", $0) }.joined())
            let (_, reason) = try await events.first("disconnected") { $0.disconnection }
            let description = "\(reason)"
            #expect(description.contains("a method index below 9"), "\(description)")
            #expect(description.contains("99"), "\(description)")
        }
    }
}

/// A Swift-only interface for the Swift ↔ Swift cases.
enum IDivider: RemoteInterface {
    static let javaClassName = "test.IDivider"
    static let divide = RemoteMethod("divide", [.int, .int], returns: .int)
    static let reference = RemoteMethod("reference", [.int], returns: .object)
    static let note = RemoteMethod("note", [.string])
    static let methods = [divide, reference, note]
}

/// An interface that declares one signature twice: refused, since every later index would be off.
enum ITwice: RemoteInterface {
    static let javaClassName = "test.ITwice"
    static let methods = [RemoteMethod("go", [.int]), RemoteMethod("go", [.int])]
}

/// An exception class both ends register: what a handler throws goes back as the result.
struct DivisionFailure: Error, Schematized, Equatable {
    var message: String?
    static let schema = Schema<DivisionFailure>(java: "test.DivisionFailure") { Field("message", \.message) }
}

/// An error no end registered: it cannot go back.
struct LocalFailure: Error {}

extension AllKryoNetTests.RemoteMethodTests {
    static func swiftSerialization() throws -> KryoNetSerialization {
        try KryoNetSerialization(dialect: .v5) {
            KryoNetRMI.registrations
            Register(remoteInterface: IDivider.self)
            Register(remoteInterface: ITwice.self)
            Register(DivisionFailure.self)
        }
    }

    /// Bytes that claim to be a call or a result but are not: an error each, never a crash
    /// (method class ids of other classes, indexes out of range, arguments cut short).
    @Test(arguments: [2, 5])
    func hostileCallsAreErrors(kryo version: Int) throws {
        let serialization = try Self.serialization(version)
        let registry = serialization.registry
        let invoke = try #require(registry.registration(for: KryoNetRMI.InvokeMethod.self)?.id)
        let result = try #require(registry.registration(for: KryoNetRMI.InvokeMethodResult.self)?.id)
        var generator = SystemRandomNumberGenerator()
        var errors = 0
        for round in 0..<3000 {
            let head = UInt8(round % 2 == 0 ? invoke + 2 : result + 2)
            let tail = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                // Small bytes often: ids, indexes and markers the format holds.
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0...30, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try serialization.decode([head] + tail)
            } catch is SerializationError {
                errors += 1
            }
        }
        #expect(errors > 1000)
        // A call naming a class that is no interface (String, id 1), and an index past ICalc's methods.
        let calc = try #require(registry.registration(forJavaName: "test.ICalc")?.id)
        let notInterface = try #require(throws: SerializationError.self) {
            try serialization.decode([UInt8(invoke + 2), 3, 1, 0, 0x01])
        }
        #expect(notInterface.expected.contains("remote interface"), "\(notInterface)")
        let pastEnd = try #require(throws: SerializationError.self) {
            try serialization.decode([UInt8(invoke + 2), 3, UInt8(calc), 0x80, 0x01])
        }
        #expect(pastEnd.found == "-128", "\(pastEnd)")
    }

    /// Swift ↔ Swift: errors sent back, remote object references, calls over UDP, an interface
    /// declared wrong, a handler whose error cannot go back.
    @Test func swiftCallsSwift() async throws {
        let server = KryoNetServer(serialization: try Self.swiftSerialization())
        let events = EventReader(server.events())
        let space = KryoNetObjectSpace()
        let notes = Mutex<[String]>([])
        let unsent = Mutex<[String]>([])
        space.register(4) { call in
            switch call.method {
            case IDivider.divide:
                let (a, b) = (try call.argument(0, as: Int32.self), try call.argument(1, as: Int32.self))
                if b == 0 { throw a == 0 ? LocalFailure() as any Error : DivisionFailure(message: "\(a) / 0") }
                return a / b
            case IDivider.reference: return KryoNetRMI.RemoteObjectReference(objectID: try call.argument(0))
            default:
                let text = try call.argument(0, as: String.self)
                notes.withLock { $0.append(text) }
                return nil
            }
        }
        space.onError { call, error in unsent.withLock { $0.append("\(call.method.name): \(type(of: error))") } }
        try await server.bind(host: "127.0.0.1", tcpPort: 0, udpPort: 0)
        defer { Task { await server.close() } }
        let client = KryoNetClient(serialization: try Self.swiftSerialization())
        let (tcpPort, udpPort): (Int, Int) = (try #require(server.tcpPort), try #require(server.udpPort))
        try await client.connect(host: "127.0.0.1", tcpPort: tcpPort, udpPort: udpPort)
        defer { Task { await client.close() } }
        space.addConnection(try await events.first("connected") { $0.connectedConnection })
        let divider = try #require(client.connection).remoteObject(IDivider.self, id: 4)

        #expect(try await divider.call(IDivider.divide, Int32(7), Int32(2)) as? Int32 == 3)
        await #expect(throws: DivisionFailure(message: "7 / 0")) {
            try await divider.call(IDivider.divide, Int32(7), Int32(0))
        }
        let reference = try await divider.call(IDivider.reference, Int32(12))
        #expect(reference as? KryoNetRMI.RemoteObjectReference == KryoNetRMI.RemoteObjectReference(objectID: 12))

        // An error of a type no end registered: no answer, the handler's error told to onError.
        divider.responseTimeout = .milliseconds(300)
        await #expect(throws: KryoNetError.self) { try await divider.call(IDivider.divide, Int32(0), Int32(0)) }
        #expect(unsent.withLock { $0 } == ["divide: LocalFailure"])

        // Over UDP: unanswered, in order with nothing else, so wait for it to arrive.
        divider.usesUDP = true
        #expect(try await divider.call(IDivider.note, "by datagram") == nil)
        for _ in 0..<200 where notes.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(notes.withLock { $0 } == ["by datagram"])

        // An object whose handler awaits: answered from its task, errors sent back the same way.
        space.register(5) { (call: KryoNetRemoteCall) async throws -> Any? in
            try await Task.sleep(for: .milliseconds(20))
            let (a, b) = (try call.argument(0, as: Int32.self), try call.argument(1, as: Int32.self))
            if b == 0 { throw DivisionFailure(message: "async \(a) / 0") }
            return a / b
        }
        let slow = try #require(client.connection).remoteObject(IDivider.self, id: 5)
        #expect(try await slow.call(IDivider.divide, Int32(9), Int32(3)) as? Int32 == 3)
        await #expect(throws: DivisionFailure(message: "async 9 / 0")) {
            try await slow.call(IDivider.divide, Int32(9), Int32(0))
        }

        // An interface with one signature twice cannot be called: its indexes would be wrong.
        let twice = try #require(client.connection).remoteObject(ITwice.self, id: 4)
        let error = await #expect(throws: SerializationError.self) { try await twice.call(ITwice.methods[0], Int32(1)) }
        #expect(error?.found == "go(int) twice")
        #expect(client.isConnected)
    }
}
