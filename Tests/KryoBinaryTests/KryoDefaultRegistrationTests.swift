import Foundation
import SwiftKryo
import Testing

/// `kryo.register(Integer.class, 21)` returns the registration `new Kryo()` gave `Integer`: the
/// class keeps its id (Kryo 2.20, 4.0.3 and 5.6.2 alike write `02` for an `Integer`), so a schema
/// entry copied from such a call must not change it.
@Suite struct KryoDefaultRegistrationTests {
    static func bytes(_ extra: String, dialect: KryoDialect) throws -> [UInt8] {
        let schema = """
            package: hc
            settings: {references: false, registrationRequired: true}
            classes:
              - class: Anything
                id: 20
                fields: {any: Object, list: List<Object>}
              - {class: java.util.ArrayList, id: 30}
            \(extra)
            """
        let registry = try Registry(schemas: try SchemaFiles.parse(schema, fileName: "ids.yaml"))
        let readable = ReadableCodec(registry: registry)
        let document =
            #"{"$class": "hc.Anything", "any": {"$class": "java.lang.Integer", "$value": 10}, "#
            + #""list": ["s", {"$class": "java.lang.Long", "$value": 7}]}"#
        let value = try readable.decode(Any?.self, from: Array(document.utf8))
        return try KryoCodec(registry: registry, dialect: dialect, options: SerializationOptions(references: false))
            .encode(value)
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func theClassesKryoRegistersKeepTheirIDs(_ dialect: KryoDialect) throws {
        let plain = try Self.bytes("", dialect: dialect)
        let listed = try Self.bytes(
            "  - {class: Integer, id: 21}\n  - {class: java.lang.String, id: 22}\n  - {class: Long, id: 23}",
            dialect: dialect)
        #expect(hex(listed) == hex(plain))
        // Kryo's own id of Integer (0, written as 2) follows the field's reference-free class tag.
        #expect(plain.count > 3)
        #expect(!plain.contains(21 + 2))
    }
}

/// A program that registers an abstract class and its runtime class (`EnumSet` and
/// `RegularEnumSet`, `TimeZone` and `sun.util.calendar.ZoneInfo`): Java writes the runtime
/// class's id and reads either.
@Suite struct AbstractAndRuntimeClassRegistrationTests {
    static func codec(_ ids: String) throws -> (KryoCodec, ReadableCodec) {
        let schema = """
            package: hc
            settings: {dialect: kryo5, references: false, registrationRequired: true}
            classes:
              - class: Kind
                id: 20
                enum: [A, B, C]
              - class: Holder
                id: 21
                fields: {kinds: EnumSet<Kind>, zone: TimeZone}
            \(ids)
            """
        let registry = try Registry(schemas: try SchemaFiles.parse(schema, fileName: "ids.yaml"))
        return (KryoCodec(registry: registry, dialect: .v5), ReadableCodec(registry: registry))
    }

    static let document = #"""
        {"$class": "hc.Holder", "kinds": ["A", "C"],
         "zone": {"$class": "sun.util.calendar.ZoneInfo", "id": "Europe/Zurich"}}
        """#

    static func bytes(_ ids: String) throws -> [UInt8] {
        let (kryo, readable) = try codec(ids)
        return try kryo.encode(try readable.decode(Any?.self, from: Array(document.utf8)))
    }

    @Test func bothAreAcceptedAndTheRuntimeClassesIDsAreWritten() throws {
        let both = """
              - {class: java.util.EnumSet, id: 30}
              - {class: java.util.RegularEnumSet, id: 31}
              - {class: java.util.TimeZone, id: 32}
              - {class: sun.util.calendar.ZoneInfo, id: 33}
            """
        let runtimeOnly = """
              - {class: java.util.RegularEnumSet, id: 31}
              - {class: sun.util.calendar.ZoneInfo, id: 33}
            """
        let written = try Self.bytes(both)
        #expect(hex(written) == hex(try Self.bytes(runtimeOnly)))
        // The abstract classes' ids read too (a stream that wrote them).
        let (kryo, _) = try Self.codec(both)
        let holder = try #require(try kryo.decode(Any?.self, from: written) as? DynamicObject)
        #expect(hex(try kryo.encode(holder)) == hex(written))
        var renumbered = written
        // The EnumSet's class id (31 + 2) and the zone's (33 + 2) as the abstract classes' ids.
        let enumSetAt = try #require(renumbered.firstIndex(of: 31 + 2))
        renumbered[enumSetAt] = 30 + 2
        let zoneAt = try #require(renumbered.firstIndex(of: 33 + 2))
        renumbered[zoneAt] = 32 + 2
        let again = try #require(try kryo.decode(Any?.self, from: renumbered) as? DynamicObject)
        #expect(hex(try kryo.encode(again)) == hex(written))
    }
}
