import Foundation
import SwiftKryo
import Testing

/// The Kryo 4/5 JDK types in every format: Kryo 5 bytes read on the dynamic path (the registry of
/// `kryo convert`), written as readable JSON and as a keyed archive, read back and written as
/// Kryo 5 again give the same bytes; typed values survive each format.
struct JdkTypesFormatsTests {
    static let names = JdkTypeCases.all.filter { $0.versions.contains(5) }.map(\.name)
    /// Readable documents write a queue or skip-list map as a plain list or dictionary: a
    /// comparator other than natural order does not survive them (as for `TreeSet`).
    static let jsonNames = names.filter { !["pq_reverse", "cslm_reverse"].contains($0) }

    /// Keyed archives write collections in their Foundation form (`NSArray`, `NSDictionary`) and
    /// numbers as `NSNumber`, which read back as `ArrayList`, `HashMap` and `Long` where nothing
    /// declares the class: the queue, skip-list map, `Arrays.asList` and `Optional<Integer>` cases,
    /// and the other JDK collections and maps (`JavaNamedCollectionTests` keeps their classes
    /// with `keepsJavaClasses`).
    static let keyedNames = jsonNames.filter {
        !["opt_integer", "pq", "cslm", "aslist"].contains($0) && !namedCollections.contains($0)
            // The JDK's enums are dynamic values: the dynamic path's JSON round trip above has them.
            && !["jdk_enums", "enumset"].contains($0)
            // An `Integer` and an `int[]` in a list come back a `Long` and a `Long[]`.
            && $0 != "boxed_numbers"
    }

    /// The cases of `JavaCollection` and `JavaMap`.
    static let namedCollections: Set<String> = [
        "vector", "stack", "arraydeque", "cow_list", "clq", "lbq", "cs_set", "chm", "chm_refs", "hashtable",
        "identity_map", "weak_map", "properties",
    ]

    /// The registry of keyed archives: the types registered, so that their archive class names read.
    static func keyedRegistry() throws -> Registry {
        try Registry {
            Register(JavaInstant.self)
            Register(Duration.self)
            Register(JavaLocalDate.self)
            Register(JavaLocalTime.self)
            Register(JavaLocalDateTime.self)
            Register(JavaOffsetTime.self)
            Register(JavaOffsetDateTime.self)
            Register(JavaZonedDateTime.self)
            Register(JavaZoneOffset.self)
            Register(JavaZoneRegion.self)
            Register(JavaYear.self)
            Register(JavaYearMonth.self)
            Register(JavaMonthDay.self)
            Register(JavaPeriod.self)
            Register(JavaOptional<Any>.self)
            Register(JavaOptionalInt.self)
            Register(JavaOptionalLong.self)
            Register(JavaOptionalDouble.self)
            Register(Locale.self)
            Register(JavaURI.self)
            Register(JavaBitSet.self)
            Register(JavaPriorityQueue<Any?>.self)
            Register(JavaConcurrentSkipListMap<AnyHashable, Any?>.self)
            Register(JavaArraysAsList<Any?>.self)
        }
    }

    private func peerCase(_ name: String) throws -> JdkTypeCase {
        try #require(JdkTypeCases.all.first { $0.name == name })
    }

    @Test("Kryo 5 → JSON → Kryo 5 on the dynamic path gives the same bytes", arguments: jsonNames)
    func dynamicJSONRoundTrip(_ name: String) throws {
        let peerCase = try peerCase(name)
        let options = SerializationOptions(references: peerCase.references, registrationRequired: false)
        let bytes = try peerCase.codec(kryo: 5).encode(peerCase.value())
        let registry = try Registry(schemas: SchemaSet(settings: StreamSettings(dialect: .kryo5)))
        let value = try registry.decode(Any?.self, from: Data(bytes), as: .kryo(.v5), options: options)
        #expect(peerCase.check(value), "\(name) read as \(String(describing: value))")
        let json = try registry.encode(value, as: .readable(.json), options: options)
        let back = try registry.decode(Any?.self, from: json, as: .readable(.json), options: options)
        let again = [UInt8](try registry.encode(back, as: .kryo(.v5), options: options))
        #expect(hex(again) == hex(bytes), "\(name) through \(String(decoding: json, as: UTF8.self))")
    }

    @Test("Keyed archives keep the values", arguments: keyedNames)
    func keyedRoundTrip(_ name: String) throws {
        let peerCase = try peerCase(name)
        let registry = try JdkTypesFormatsTests.keyedRegistry()
        let bytes = try peerCase.codec(kryo: 5).encode(peerCase.value())
        let value = try peerCase.codec(kryo: 5).decode(Any?.self, from: bytes)
        let archive = try registry.encode(value, as: .keyedArchive(.binary))
        let back = try registry.decode(Any?.self, from: archive, as: .keyedArchive(.binary))
        let again = try peerCase.codec(kryo: 5).encode(back)
        #expect(hex(again) == hex(bytes), "\(name) read back from a keyed archive as \(String(describing: back))")
    }

    @Test func timeConversions() throws {
        let instant = JavaInstant(Date(timeIntervalSince1970: -1.25))
        #expect(instant == JavaInstant(seconds: -2, nanos: 750_000_000))
        #expect(instant.date.timeIntervalSince1970 == -1.25)
        #expect(JavaLocalDate(epochDay: 18_263) == JavaLocalDate(year: 2020, month: 1, day: 2))
        #expect(JavaLocalDate(year: 2020, month: 1, day: 2).epochDay == 18_263)
        let offset = JavaOffsetDateTime(dateTime: JdkTypeCases.dateTime, offset: JavaZoneOffset(totalSeconds: 3600))
        #expect(abs(offset.date.timeIntervalSince1970 - (1_577_934_245 - 3600)) < 1e-6)
        #expect(JavaZoneOffset(totalSeconds: -3601).id == "-01:00:01")
        #expect(JavaZoneOffset.utc.id == "Z")
        let zoned = JavaZonedDateTime(dateTime: JdkTypeCases.dateTime, zoneID: "+02:00")
        #expect(zoned.date == JdkTypeCases.dateTime.date(offsetSeconds: 7200))
        #expect(JavaBitSet([1, 9, 70]).bits == [1, 9, 70])
        #expect(JavaPriorityQueue<Int32>([5, 1, 4, 2]).heapOrder == [1, 2, 4, 5])
    }

    @Test func badInputThrowsNamedErrors() throws {
        let codec = KryoCodec(registry: try Registry(), dialect: .v5, options: SerializationOptions(references: false))
        // java.time.LocalDate with month 13.
        let bytes = hexBytes("01 00 6a 61 76 61 2e 74 69 6d 65 2e 4c 6f 63 61 6c 44 61 74 e5 e4 0f 0d 02")
        let error = try #require(throws: SerializationError.self) { try codec.decode(Any?.self, from: bytes) }
        #expect("\(error)".contains("a month in 1...12"))
        #expect(throws: SerializationError.self) { try codec.encode(Locale(identifier: "zh_Hans_CN")) }
        // A Locale whose language Foundation would read as keywords: refused when read, with what
        // it found, rather than read into a Locale that cannot be written back.
        let keywords = try codec.encode(Locale(identifier: "en_US"))
        let at = try #require(keywords.firstIndex(of: UInt8(ascii: "e")))
        var mutated = keywords
        mutated[at] = UInt8(ascii: "@")
        let localeError = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: mutated)
        }
        #expect(localeError.kind == .unsupported)
        #expect(localeError.found == #"language "@n", country "US", variant """#)
        #expect((try codec.decode(Any?.self, from: keywords) as? Locale)?.identifier == "en_US")
    }
}
