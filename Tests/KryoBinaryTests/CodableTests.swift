import Foundation
import SwiftKryo
import Testing

/// The Codable bridge: any `Codable` type registers without a hand-written serializer.
@Suite struct CodableTests {
    struct Scalars: Codable, Equatable {
        var bool = true
        var int = -42
        var int8: Int8 = -8
        var int16: Int16 = -1600
        var int32: Int32 = .min
        var int64: Int64 = .max
        var uint: UInt = 7
        var uint8: UInt8 = 200
        var uint16: UInt16 = 65_000
        var uint32: UInt32 = .max
        var uint64: UInt64 = .max
        var int128: Int128 = Int128(Int64.min) * 4
        var uint128: UInt128 = 12
        var float: Float = -0.5
        var double: Double = .pi
        var string = "héllo 😀"
        var data = Data([0, 1, 0xFF])
        var bytes: [UInt8] = [9, 8]
        var url = URL(string: "https://example.com/a?b=c")!
        var date = Date(timeIntervalSince1970: 1_234_567_890.123)
        var decimal = Decimal(string: "-12.75")!
    }

    enum Tint: String, Codable { case red, green }
    enum Level: Int, Codable {
        case low = 1
        case high = 10
    }
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rect(Double, Double)
        case empty
    }

    final class Person: Codable, Equatable {
        var name: String
        var age: Int
        init(name: String, age: Int) {
            self.name = name
            self.age = age
        }
        static func == (lhs: Person, rhs: Person) -> Bool { lhs.name == rhs.name && lhs.age == rhs.age }
    }

    struct Everything: Codable, Equatable {
        var scalars = Scalars()
        var some: Int32? = 5
        var none: String? = nil
        var explicitNil: Int?
        var list = ["a", "b"]
        var grid: [[Int]] = [[1, 2], [], [3]]
        var byName: [String: Double] = ["one": 1, "two": 2]
        var byNumber: [Int: String] = [1: "one", 20: "twenty"]
        var shapes: [Shape] = [.circle(radius: 2), .rect(1, 2), .empty]
        var tint = Tint.green
        var level = Level.high
        var owner = Person(name: "Ada", age: 36)
        var waypoint = Waypoint(name: "w", lat: -1.5, visits: 3)
        var inner = Inner(3, "three")
        var color = PeerColor.blue

        enum CodingKeys: String, CodingKey {
            case scalars, some, none, explicitNil, list, grid, byName, byNumber, shapes, tint, level, owner
            case waypoint, inner, color
        }

        init() {}

        // `explicitNil` is written as an explicit null rather than left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scalars, forKey: .scalars)
            try container.encodeIfPresent(some, forKey: .some)
            try container.encodeIfPresent(none, forKey: .none)
            try container.encodeNil(forKey: .explicitNil)
            try container.encode(list, forKey: .list)
            try container.encode(grid, forKey: .grid)
            try container.encode(byName, forKey: .byName)
            try container.encode(byNumber, forKey: .byNumber)
            try container.encode(shapes, forKey: .shapes)
            try container.encode(tint, forKey: .tint)
            try container.encode(level, forKey: .level)
            try container.encode(owner, forKey: .owner)
            try container.encode(waypoint, forKey: .waypoint)
            try container.encode(inner, forKey: .inner)
            try container.encode(color, forKey: .color)
        }
    }

    static func registry() throws -> Registry {
        try Registry {
            Register(Inner.self, id: 10)
            Register(PeerColor.self, id: 16)
            Register(Everything.self, id: 30)
            Register(Scalars.self, id: 31)
        }
    }

    static func codec(references: Bool = true, _ registry: Registry? = nil) throws -> KryoCodec {
        KryoCodec(
            registry: try registry ?? CodableTests.registry(), options: SerializationOptions(references: references))
    }

    @Test(arguments: [true, false])
    func everythingRoundTrips(references: Bool) throws {
        let codec = try Self.codec(references: references)
        let value = Everything()
        let back = try codec.decode(Everything.self, from: try codec.encode(value))
        #expect(back == value)
        #expect(back.scalars.uint64 == .max)
        #expect(back.explicitNil == nil)
        #expect(try codec.decode(Any?.self, from: codec.encode(value)) is Everything)
    }

    @Test func aStructRoundTripsTypedAndInAList() throws {
        let codec = try Self.codec()
        let points = [Waypoint(name: "a", lat: 1, visits: 1), Waypoint(name: "b", lat: 2, visits: 2)]
        let registry = try Registry { Register(Waypoint.self, id: 40) }
        let waypointCodec = KryoCodec(registry: registry)
        let bytes = try waypointCodec.encode(points as [Any?])
        #expect(try waypointCodec.decode([Waypoint].self, from: bytes) == points)
        #expect(try codec.decode(Scalars.self, from: codec.encode(Scalars())) == Scalars())
    }

    @Test func whatJavaSeesOfEachScalar() throws {
        let bytes = try KryoCodec(registry: try Registry { Register(Scalars.self, id: 31) }).encode(Scalars())
        // Read back as Java would: id 31 a plain HashMap.
        let untyped = KryoCodec(registry: try Registry { Register([AnyHashable: Any?].self, id: 31) })
        let map = try #require(try untyped.decode(Any?.self, from: bytes) as? [AnyHashable: Any?])
        func value(_ key: String) -> Any? { map[key] ?? nil }
        #expect(value("bool") as? Bool == true)
        #expect(value("int") as? Int64 == -42)
        #expect(value("int8") as? Int8 == -8)
        #expect(value("int16") as? Int16 == -1600)
        #expect(value("int32") as? Int32 == .min)
        #expect(value("int64") as? Int64 == .max)
        #expect(value("uint") as? Int64 == 7)
        #expect(value("uint8") as? Int16 == 200)
        #expect(value("uint16") as? Int32 == 65_000)
        #expect(value("uint32") as? Int64 == Int64(UInt32.max))
        #expect((value("uint64") as? JavaBigInteger)?.description == "18446744073709551615")
        #expect(value("int128") as? JavaBigInteger == JavaBigInteger(Int128(Int64.min) * 4))
        #expect(value("uint128") as? Int64 == 12)
        #expect(value("float") as? Float == -0.5)
        #expect(value("double") as? Double == .pi)
        #expect(value("string") as? String == "héllo 😀")
        #expect(value("data") as? Data == Data([0, 1, 0xFF]))
        #expect(value("bytes") as? Data == Data([9, 8]))
        #expect(value("url") as? String == "https://example.com/a?b=c")
        #expect(value("date") as? Date == Date(timeIntervalSince1970: 1_234_567_890.123))
        #expect(value("decimal") as? JavaBigDecimal == JavaBigDecimal("-12.75"))  // Java sees a BigDecimal
        #expect(map.count == 21)
    }

    @Test func theSerializerCanBePassedExplicitly() throws {
        let registry = try Registry {
            Register(Waypoint.self, id: 30, javaName: "demo.Waypoint", serializer: CodableSerializer<Waypoint>())
        }
        let codec = KryoCodec(registry: registry)
        let value = Waypoint(name: "x", lat: 0.25, visits: -1)
        #expect(try codec.decode(Waypoint.self, from: codec.encode(value)) == value)
        let byName = KryoCodec(registry: try Registry { Register(codable: Waypoint.self) })
        #expect(try byName.decode(Waypoint.self, from: byName.encode(value)) == value)
        #expect(try byName.encode(value).count > String(reflecting: Waypoint.self).utf8.count)
    }

    @Test func theBytesAreAJavaHashMapBody() throws {
        struct Point: Codable { var x: Int32, y: Int32 }
        let registry = try Registry { Register(Point.self, id: 30) }
        // id 30 → tag 0x20; size 2; "x" (String, tag 03) → Integer 1 (tag 02); "y" → Integer 2.
        let noRefs = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        #expect(hex(try noRefs.encode(Point(x: 1, y: 2))) == "20 02 03 82 78 02 02 03 82 79 02 04")
        // References on: a "new object" marker after the Point's tag and each String's.
        let refs = KryoCodec(registry: registry)
        #expect(hex(try refs.encode(Point(x: 1, y: 2))) == "20 01 02 03 01 82 78 02 02 03 01 82 79 02 04")
    }

    @Test func nestedContainersAreJavaCollections() throws {
        struct Box: Codable {
            var list: [Int8]
            var map: [String: Bool]
        }
        let registry = try Registry { Register(Box.self, id: 30) }
        let codec = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        let bytes = try codec.encode(Box(list: [1], map: ["k": true]))
        // Unregistered ArrayList and HashMap are written by name, as Java writes them.
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8.dropLast()) + [text.utf8.last! | 0x80] }
        let expected: [UInt8] =
            [0x20, 0x02] + [0x03] + ascii("list")  // Box: 2 entries; "list" (String, tag 03)
            + [0x01, 0x00] + ascii("java.util.ArrayList") + [0x01, 0x06, 0x01]  // ArrayList: 1 Byte (tag 06) 1
            + [0x03] + ascii("map")
            + [0x01, 0x01] + ascii("java.util.HashMap") + [0x01, 0x03, 0x82, 0x6B, 0x05, 0x01]  // "k" → Boolean true
        #expect(hex(bytes) == hex(expected))
    }

    @Test func singleValueAndUnkeyedTypesWriteTheBodyOfTheirJavaType() throws {
        struct Polyline: Codable, Equatable {
            var points: [Int32]
            init(_ points: [Int32]) { self.points = points }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                points = []
                while !container.isAtEnd { points.append(try container.decode(Int32.self)) }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for point in points { try container.encode(point) }
            }
        }
        let registry = try Registry {
            Register(Tint.self, id: 30)
            Register(Level.self, id: 31)
            Register(Polyline.self, id: 32)
        }
        let codec = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        // A String body: "green" in Kryo's ASCII form.
        #expect(hex(try codec.encode(Tint.green)) == "20 67 72 65 65 ee")
        // A Long body (Swift Int): zigzag 10.
        #expect(hex(try codec.encode(Level.high)) == "21 14")
        // An ArrayList body of Integers.
        #expect(hex(try codec.encode(Polyline([1, -1]))) == "22 02 02 02 02 01")
        #expect(try codec.decode(Tint.self, from: codec.encode(Tint.green)) == .green)
        #expect(try codec.decode(Level.self, from: codec.encode(Level.high)) == .high)
        #expect(try codec.decode(Polyline.self, from: codec.encode(Polyline([1, -1]))) == Polyline([1, -1]))
        #expect(try codec.decode([Any?].self, from: codec.encode([Tint.red, Level.low] as [Any?])).count == 2)
    }

    @Test func aCodableStructInsideASchemaClassAndASchemaClassInsideIt() throws {
        let codec = KryoCodec(registry: try PeerConfig.codableRegistry())
        let holder = CodableHolder("h", Trip.sample())
        let back = try codec.decode(CodableHolder.self, from: codec.encode(holder))
        #expect(back == holder)
        #expect(back.payload?.guide == Inner(7, "guide"))
        let noRefs = KryoCodec(
            registry: try PeerConfig.codableRegistry(), options: SerializationOptions(references: false))
        #expect(try noRefs.decode(CodableHolder.self, from: noRefs.encode(holder)) == holder)
    }

    @Test func registeredClassesKeepTheirIdentity() throws {
        final class Node: Codable {
            var name: String
            var peer: Node?
            init(_ name: String, _ peer: Node? = nil) {
                self.name = name
                self.peer = peer
            }
        }
        struct Pair: Codable {
            var left: Node
            var right: Node
        }
        let registry = try Registry {
            Register(Node.self, id: 30)
            Register(Pair.self, id: 31)
        }
        let codec = KryoCodec(registry: registry)
        let shared = Node("s")
        let pair = try codec.decode(Pair.self, from: codec.encode(Pair(left: shared, right: shared)))
        #expect(pair.left === pair.right)
        #expect(pair.left.name == "s")
        // Without references, two copies.
        let noRefs = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        let copies = try noRefs.decode(Pair.self, from: noRefs.encode(Pair(left: shared, right: shared)))
        #expect(copies.left !== copies.right)
        // A cycle encodes (the second visit is a back-reference) but cannot decode: init(from:)
        // creates the instance only after its contents.
        let a = Node("a")
        a.peer = Node("b", a)
        let error = #expect(throws: SerializationError.self) { try codec.decode(Node.self, from: codec.encode(a)) }
        #expect(error?.kind == .invalidReference)
        a.peer = nil
    }

    // MARK: Versions

    struct VersionOne: Codable, Equatable {
        var id: Int32
        var name: String
        var legacy: String?
    }

    struct VersionTwo: Codable, Equatable {
        var name: String
        var id: Int64
        var added: [String]?
    }

    @Test func addedAndRemovedPropertiesAreTolerated() throws {
        let one = KryoCodec(registry: try Registry { Register(VersionOne.self, id: 30) })
        let two = KryoCodec(registry: try Registry { Register(VersionTwo.self, id: 30) })
        let old = try one.encode(VersionOne(id: 1, name: "n", legacy: "gone"))
        #expect(try two.decode(VersionTwo.self, from: old) == VersionTwo(name: "n", id: 1, added: nil))
        let new = try two.encode(VersionTwo(name: "m", id: 2, added: ["x"]))
        #expect(try one.decode(VersionOne.self, from: new) == VersionOne(id: 2, name: "m", legacy: nil))
    }

    // MARK: Errors

    struct Loose: Codable {
        var value: String
        var small: Int32
    }
    struct Strict: Codable {
        var value: Int
        var small: Int8
    }
    struct Route: Codable { var points: [LoosePoint] }
    struct LoosePoint: Codable { var x: Double }
    struct StrictRoute: Codable { var points: [StrictPoint] }
    struct StrictPoint: Codable { var x: Int32 }

    private func decodeFailure<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ registry: Registry)
        -> SerializationError?
    {
        do {
            _ = try KryoCodec(registry: registry).decode(type, from: bytes)
            return nil
        } catch let error as SerializationError {
            return error
        } catch {
            Issue.record("not a SerializationError: \(error)")
            return nil
        }
    }

    @Test func aStringWhereAnIntIsExpectedIsATypeMismatch() throws {
        let bytes = try KryoCodec(registry: try Registry { Register(Loose.self, id: 30) })
            .encode(Loose(value: "x", small: 1))
        let error = try #require(decodeFailure(Strict.self, bytes, try Registry { Register(Strict.self, id: 30) }))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "an Int")
        #expect(error.found == "a String")
        #expect(error.path == ["value"])
        #expect(error.offset == bytes.count)
    }

    @Test func aNumberTooLargeForItsTypeIsAnErrorNotATrap() throws {
        let bytes = try KryoCodec(registry: try Registry { Register(Loose.self, id: 30) })
            .encode(Loose(value: "1", small: 300))
        struct Small: Codable {
            var value: String
            var small: Int8
        }
        let error = try #require(decodeFailure(Small.self, bytes, try Registry { Register(Small.self, id: 30) }))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a number that fits Int8")
        #expect(error.found == "300")
        #expect(error.path == ["small"])
    }

    @Test func theCodingPathNamesTheElement() throws {
        let route = Route(points: [LoosePoint(x: 1), LoosePoint(x: 2), LoosePoint(x: 2.5)])
        let bytes = try KryoCodec(registry: try Registry { Register(Route.self, id: 30) }).encode(route)
        let error = try #require(
            decodeFailure(StrictRoute.self, bytes, try Registry { Register(StrictRoute.self, id: 30) }))
        #expect(error.path == ["points[2]", "x"])
        #expect(error.found == "2.5")
        #expect(error.description.contains("(path: points[2].x)"))
    }

    @Test func aMissingKeyIsNamed() throws {
        struct Wants: Codable {
            var id: Int32
            var name: String
        }
        let bytes = try KryoCodec(registry: try Registry { Register(Waypoint.self, id: 30) })
            .encode(Waypoint(name: "w", lat: 1, visits: 1))
        let error = try #require(decodeFailure(Wants.self, bytes, try Registry { Register(Wants.self, id: 30) }))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a value for key \"id\"")
        #expect(error.found == "only the keys \"lat\", \"name\", \"visits\"")
    }

    @Test func nullWhereAValueIsRequired() throws {
        struct Maybe: Codable { var value: Int32? }
        struct Must: Codable { var value: Int32 }
        struct Explicit: Codable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodableStringKey.self)
                try container.encodeNil(forKey: CodableStringKey(stringValue: "value"))
            }
        }
        let bytes = try KryoCodec(registry: try Registry { Register(codable: Explicit.self, id: 30) })
            .encode(Explicit())
        #expect(
            try KryoCodec(registry: try Registry { Register(Maybe.self, id: 30) }).decode(Maybe.self, from: bytes)
                .value == nil)
        let error = try #require(decodeFailure(Must.self, bytes, try Registry { Register(Must.self, id: 30) }))
        #expect(error.kind == .typeMismatch)
        #expect(error.found == "null")
    }

    @Test func encodingErrorsAreSerializationErrors() throws {
        struct Wrapper: Codable {
            var value: UInt64
            init(value: UInt64) { self.value = value }
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt64.self) }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        struct Nothing: Codable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
        }
        struct Confused: Codable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                var keyed = encoder.container(keyedBy: CodableStringKey.self)
                try keyed.encode(2, forKey: CodableStringKey(stringValue: "k"))
            }
        }
        let codec = KryoCodec(
            registry: try Registry {
                Register(Wrapper.self, id: 30)
                Register(Nothing.self, id: 31)
                Register(Confused.self, id: 32)
            })
        // A top-level UInt64 has the body of a Long: beyond Int64.max it has no Java type.
        #expect(try codec.decode(Wrapper.self, from: codec.encode(Wrapper(value: 5))).value == 5)
        let big = #expect(throws: SerializationError.self) { try codec.encode(Wrapper(value: .max)) }
        #expect(big?.kind == .unsupported)
        let null = #expect(throws: SerializationError.self) { try codec.encode(Nothing()) }
        #expect(null?.kind == .unsupported)
        let misuse = #expect(throws: SerializationError.self) { try codec.encode(Confused()) }
        #expect(misuse?.kind == .unsupported)
    }

    @Test func aSchemaClassRegisteredByNameAndOutsideSwiftKryo() throws {
        struct Holds: Codable, Equatable { var inner: Inner }
        let codec = KryoCodec(
            registry: try Registry {
                Register(Holds.self, id: 30)
                Register(Inner.self)
            })
        let bytes = try codec.encode(Holds(inner: Inner(1, "x")))
        #expect(bytes.count > Array("peer.Inner".utf8).count)
        #expect(try codec.decode(Holds.self, from: bytes).inner == Inner(1, "x"))
        // Outside SwiftKryo a RegistryCodable type has no Codable form: an error, not a trap.
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Holds(inner: Inner(1, "x"))) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Holds.self, from: Data(#"{"inner":{}}"#.utf8))
        }
    }

    @Test func deepNestingIsLimited() throws {
        indirect enum Chain: Codable {
            case end
            case link(Chain)
        }
        var chain = Chain.end
        for _ in 0..<50 { chain = .link(chain) }
        let registry = try Registry { Register(Chain.self, id: 30) }
        let limited = KryoCodec(
            registry: registry, options: SerializationOptions(limits: Limits(maxDepth: 20)))
        let error = #expect(throws: SerializationError.self) { try limited.encode(chain) }
        #expect(error?.kind == .unsupported || error?.kind == .depthLimitExceeded)
        let bytes = try KryoCodec(registry: registry).encode(chain)
        #expect(throws: SerializationError.self) { try limited.decode(Chain.self, from: bytes) }
    }

    @Test func truncatedAndHostileBodiesThrow() throws {
        let registry = try Self.registry()
        let bytes = try KryoCodec(registry: registry).encode(Everything())
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: SerializationError.self) {
                try KryoCodec(registry: registry).decode(Everything.self, from: Array(bytes[..<length]))
            }
        }
        // A map body claiming two billion entries.
        let error = #expect(throws: SerializationError.self) {
            try KryoCodec(registry: registry).decode(Everything.self, from: [0x20, 0x01, 0xFE, 0xFF, 0xFF, 0xFF, 0x07])
        }
        #expect(error?.kind == .lengthExceedsInput)
    }

    @Test func javaMapsConvertToCodableTypes() throws {
        // What Java writes for a Waypoint-shaped HashMap, read untyped then converted.
        let map: [AnyHashable: Any?] = ["name": "j", "lat": 2.5, "visits": Int32(4), "extra": Int64(1)]
        #expect(ValueConversion.convert(map, to: Waypoint.self) == Waypoint(name: "j", lat: 2.5, visits: 4))
        #expect(ValueConversion.convert(map, to: Trip.self) == nil)
        let list: [Any?] = [map, map]
        #expect(ValueConversion.convert(list, to: [Waypoint].self)?.count == 2)
    }
}

/// A coding key of any name, for hand-written Codable conformances in tests.
struct CodableStringKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
