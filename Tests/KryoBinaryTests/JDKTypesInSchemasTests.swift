import Foundation
import SwiftKryo
import Testing

/// A schema may give the JDK's enums ids and declare fields with them, and declare fields with
/// abstract JDK types (`ZoneId`, `ConcurrentMap`), as Java programs do. The bytes are what
/// Kryo 4.0.3 and 5.6.2 wrote for `Zoned{zone = Europe/Paris, m = {k: 1}, day = FRIDAY}`
/// with `Zoned` = 40, `DayOfWeek` = 41, `ConcurrentHashMap` = 42 and `ZoneRegion` = 43,
/// references off.
@Suite struct JDKTypesInSchemasTests {
    static let schema = """
        package: mini
        settings: {references: false, registrationRequired: true}
        classes:
          - class: Mini$Zoned
            id: 40
            fields:
              zone: java.time.ZoneId
              m: "java.util.concurrent.ConcurrentMap<String, Integer>"
              day: java.time.DayOfWeek
          - {class: java.time.DayOfWeek, id: 41}
          - {class: java.util.concurrent.ConcurrentHashMap, id: 42}
          - {class: java.time.ZoneRegion, id: 43}
        """

    @Test(arguments: [
        (KryoDialect.v4, "2a 05 2c 01 03 82 6b 02 02 2d 45 75 72 6f 70 65 2f 50 61 72 69 f3"),
        (.v5, "2a 05 2c 02 82 6b 01 02 2d 45 75 72 6f 70 65 2f 50 61 72 69 f3"),
    ])
    func jdkEnumsAndAbstractTypes(dialect: KryoDialect, hex: String) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let zoned = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let day = try #require(zoned["day"] as? DynamicEnum)
        #expect(day.javaClass == "java.time.DayOfWeek" && day.name == "FRIDAY")
        #expect(try codec.encode(zoned) == bytes)
        // Written by hand: the day by its name.
        let document = """
            {"$class": "mini.Mini$Zoned", "day": "FRIDAY", "zone": {"$class": "java.time.ZoneRegion", "zone": "Europe/Paris"},
             "m": {"$class": "java.util.concurrent.ConcurrentHashMap", "$value": {"k": 1}}}
            """
        let readable = ReadableCodec(registry: codec.registry)
        #expect(try codec.encode(try readable.decode(Any?.self, from: Array(document.utf8))) == bytes)
    }
}
