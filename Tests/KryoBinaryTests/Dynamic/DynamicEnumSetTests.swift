import Foundation
import SwiftKryo
import Testing

/// `EnumSet`s of schema enums on the dynamic path (``DynamicEnumSet``), and the JDK's abstract
/// types a schema field may declare.
@Suite struct DynamicEnumSetTests {
    static let schemaText = """
        package: test
        classes:
          - class: java.util.EnumSet
            id: 9
          - class: Color
            id: 21
            enum: [RED, GREEN, BLUE]
          - class: Holder
            id: 20
            fields:
              set: EnumSet<Color>
              any: Object
        """

    static func registry(_ text: String = schemaText) throws -> Registry {
        try Registry(schemas: try SchemaFiles.parse(text, fileName: "enumset.yaml"))
    }

    static func color(_ ordinal: Int) -> DynamicEnum {
        DynamicEnum(javaClass: "test.Color", ordinal: ordinal, name: ["RED", "GREEN", "BLUE"][ordinal])
    }

    /// Kryo's `writeObject`/`readObject` at the root for `javaClass:` calls; references off,
    /// registration not required (names for unregistered classes).
    static func codec(_ registry: Registry, _ dialect: KryoDialect = .v5, framing: KryoFraming = .object) -> KryoCodec {
        KryoCodec(
            registry: registry, dialect: dialect, framing: framing,
            options: SerializationOptions(references: false, registrationRequired: false))
    }

    static func holder(_ set: DynamicEnumSet?, any: Any? = nil) -> DynamicObject {
        DynamicObject(javaClass: "test.Holder", fields: ["set": set, "any": any])
    }

    @Test("A set keeps its constants in ordinal order, once each")
    func ordinalOrder() {
        let set = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(2), Self.color(0), Self.color(2)])
        #expect(set.elements.map(\.name) == ["RED", "BLUE"])
        #expect(set.count == 2)
        #expect(set.description == "EnumSet<test.Color>[RED, BLUE]")
    }

    @Test("Kryo 5: the EnumSet id, the enum's class, the size, ordinal + 1 each; and back")
    func kryoFiveBytes() throws {
        let codec = Self.codec(try Self.registry())
        let set = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(2), Self.color(0)])
        let bytes = try codec.encode(Self.holder(set, any: set), javaClass: "test.Holder")
        // `set` (declared EnumSet, abstract): id 9 → 0b, Color 21 → 17, size 2, RED 1, BLUE 3;
        // `any` (Object): the same again. Fields in name order: any, set.
        #expect(bytes == [0x0B, 0x17, 0x02, 0x01, 0x03, 0x0B, 0x17, 0x02, 0x01, 0x03])
        let back = try #require(try codec.decode(javaClass: "test.Holder", from: bytes) as? DynamicObject)
        #expect(back["set"] as? DynamicEnumSet == set)
        #expect(back["any"] as? DynamicEnumSet == set)
    }

    @Test("An empty set is the enum's class and size 0 in Kryo 4 and 5; Kryo 2.20 cannot write it")
    func emptySet() throws {
        let empty = DynamicEnumSet(enumClass: "test.Color", elements: [])
        for dialect in [KryoDialect.v4, .v5] {
            let codec = Self.codec(try Self.registry(), dialect, framing: .classAndObject)
            let bytes = try codec.encode(empty)
            let back = try codec.decode(Any?.self, from: bytes)
            #expect(back as? DynamicEnumSet == empty)
        }
        let five = Self.codec(try Self.registry(), framing: .classAndObject)
        #expect(try five.encode(empty) == [0x0B, 0x17, 0x00])
        let two = Self.codec(try Self.registry(), .v2, framing: .classAndObject)
        #expect(throws: SerializationError.self) { try two.encode(empty) }
    }

    @Test("Without an id the set travels as java.util.RegularEnumSet; JumboEnumSet reads too")
    func byName() throws {
        let registry = try Self.registry(
            Self.schemaText.replacingOccurrences(of: "  - class: java.util.EnumSet\n    id: 9\n", with: ""))
        let codec = Self.codec(registry, framing: .classAndObject)
        let set = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(1)])
        let bytes = try codec.encode(set)
        #expect(bytes.starts(with: [0x01, 0x00] + Array("java.util.RegularEnumSe".utf8)))
        #expect(try codec.decode(Any?.self, from: bytes) as? DynamicEnumSet == set)
        // The same body under Java's name for sets of enums of more than 64 constants.
        var jumbo: [UInt8] = [0x01, 0x00] + Array("java.util.JumboEnumSe".utf8) + [0xF4]  // "t" | 0x80 ends the name
        jumbo += bytes.drop { $0 != 0x17 }
        #expect(try codec.decode(Any?.self, from: jumbo) as? DynamicEnumSet == set)
    }

    @Test("The dump tells an EnumSet's size as written (not plus one): an empty set is size 0, not null")
    func dumpedSize() throws {
        let codec = Self.codec(try Self.registry())
        let empty = DynamicEnumSet(enumClass: "test.Color", elements: [])
        let two = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(0), Self.color(2)])
        let bytes = try codec.encode(Self.holder(empty, any: two), javaClass: "test.Holder")
        let rendered = codec.inspect(bytes, javaClass: "test.Holder").render()
        #expect(rendered.contains("set: size 0"), "\(rendered)")
        #expect(rendered.contains("any: size 2"), "\(rendered)")
        #expect(!rendered.contains("null"), "\(rendered)")
    }

    @Test("Readable documents hold the enum's class and the constants' names, and read back")
    func readable() throws {
        let registry = try Self.registry()
        let set = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(0), Self.color(1)])
        let readable = ReadableCodec(registry: registry, format: .json)
        let document = String(decoding: try readable.encode(Self.holder(set)), as: UTF8.self)
        #expect(document.contains("\"elementClass\""))
        #expect(document.contains("\"test.Color\""))
        #expect(document.contains("\"RED\"") && document.contains("\"GREEN\""))
        let back = try #require(try readable.decode(Any?.self, from: Array(document.utf8)) as? DynamicObject)
        #expect(back["set"] as? DynamicEnumSet == set)
    }

    @Test("Bad sets are refused: an unknown enum, a constant of another enum, an ordinal out of range")
    func refused() throws {
        let codec = Self.codec(try Self.registry(), framing: .classAndObject)
        #expect(throws: SerializationError.self) {
            try codec.encode(DynamicEnumSet(enumClass: "test.Other", elements: []))
        }
        let foreign = DynamicEnum(javaClass: "test.Other", ordinal: 0, name: "X")
        #expect(throws: SerializationError.self) {
            try codec.encode(DynamicEnumSet(enumClass: "test.Color", elements: [foreign]))
        }
        // Ordinal 5 (stored 6) of a three-constant enum.
        #expect(throws: SerializationError.self) { try codec.decode(Any?.self, from: [0x0B, 0x17, 0x01, 0x06]) }
        // A size larger than the input.
        #expect(throws: SerializationError.self) { try codec.decode(Any?.self, from: [0x0B, 0x17, 0x7F, 0x01]) }
    }

    @Test("java.util.EnumSet and java.util.RegularEnumSet may both have an id: Java writes the runtime class's")
    func twoIDs() throws {
        // `kryo.register(EnumSet.class, 9); kryo.register(RegularEnumSet.class, 30)`: Java finds
        // the runtime class's registration (id 30, written 0x20), and reads either id.
        let text = Self.schemaText + "\n  - class: java.util.RegularEnumSet\n    id: 30\n"
        let codec = Self.codec(try Self.registry(text))
        let set = DynamicEnumSet(enumClass: "test.Color", elements: [Self.color(1)])
        let bytes = try codec.encode(Self.holder(set), javaClass: "test.Holder")
        #expect(bytes == [0x00, 0x20, 0x17, 0x01, 0x02])
        for id: UInt8 in [0x0B, 0x20] {
            let back = try #require(
                try codec.decode(javaClass: "test.Holder", from: [0x00, id, 0x17, 0x01, 0x02]) as? DynamicObject)
            #expect(back["set"] as? DynamicEnumSet == set)
        }
    }

    @Test(
        "Fields declared with the JDK's abstract types carry the value's class",
        arguments: [
            ("java.util.Calendar", "java.util.GregorianCalendar"), ("java.util.Queue", "java.util.LinkedList"),
            ("java.util.Deque", "java.util.LinkedList"), ("java.util.NavigableSet", "java.util.TreeSet"),
            ("java.util.NavigableMap", "java.util.TreeMap"), ("java.lang.Cloneable", "java.util.ArrayList"),
            ("java.util.AbstractCollection", "java.util.ArrayList"), ("Enum", "test.Color"),
        ])
    func abstractDeclaredTypes(_ declared: String, _ runtime: String) throws {
        let text = """
            package: test
            classes:
              - class: Color
                id: 21
                enum: [RED, GREEN, BLUE]
              - class: Box
                id: 20
                fields:
                  value: \(declared)
            """
        let registry = try Self.registry(text)
        let codec = Self.codec(registry)
        let value: Any
        switch runtime {
        case "java.util.GregorianCalendar":
            value = JavaCalendar(
                date: Date(timeIntervalSince1970: 1_000), timeZone: try #require(TimeZone(identifier: "UTC")))
        case "java.util.TreeSet": value = JavaTreeSet<AnyHashable>(["a", "b"])
        case "java.util.TreeMap":
            value = JavaTreeMap<AnyHashable, Any?>([(key: "a" as AnyHashable, value: "b" as Any?)])
        case "test.Color": value = Self.color(1)
        case "java.util.LinkedList": value = JavaLinkedList<Any?>(["a"])
        default: value = ["a"] as [Any?]
        }
        let bytes = try codec.encode(
            DynamicObject(javaClass: "test.Box", fields: ["value": value]), javaClass: "test.Box")
        // A class tag first: the runtime class's id + 2, or 1 and the name.
        let expectedID = registry.registration(forJavaName: runtime)?.id
        if let expectedID {
            #expect(bytes.first == UInt8(expectedID + 2))
        } else {
            #expect(Array(bytes.prefix(2)) == [0x01, 0x00])
            #expect(
                String(decoding: bytes.dropFirst(2).prefix(runtime.utf8.count - 1), as: UTF8.self)
                    == String(runtime.dropLast()))
        }
        let back = try #require(try codec.decode(javaClass: "test.Box", from: bytes) as? DynamicObject)
        #expect(try codec.encode(back, javaClass: "test.Box") == bytes)
    }
}
