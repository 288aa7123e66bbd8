import Foundation
import SwiftKryo
import Testing

/// One value of a JDK type Kryo 4 and 5 serialize (Tests/JdkTypesPeer/JdkTypesPeer.java has the
/// same case names): what Swift writes, and what Java's bytes must read as.
struct JdkTypeCase: Sendable {
    let name: String
    /// The Kryo releases the case runs against (Java's case list says the same).
    let versions: [Int]
    let references: Bool
    let value: @Sendable () -> Any
    let check: @Sendable (Any?) -> Bool

    init<T: Equatable & Sendable>(
        _ name: String, _ versions: [Int] = [4, 5], refs: Bool = false, _ value: @escaping @Sendable () -> T
    ) {
        self.name = name
        self.versions = versions
        references = refs
        self.value = value
        check = { ($0 as? T) == value() }
    }

    init(
        _ name: String, _ versions: [Int] = [4, 5], refs: Bool = false, _ value: @escaping @Sendable () -> Any,
        reads check: @escaping @Sendable (Any?) -> Bool
    ) {
        self.name = name
        self.versions = versions
        references = refs
        self.value = value
        self.check = check
    }

    /// What the registry registers besides the library's defaults.
    var registrations: [Register] = []

    /// The case with `registrations` in its registry.
    func registering(_ registrations: [Register]) -> JdkTypeCase {
        var copy = self
        copy.registrations = registrations
        return copy
    }

    /// Whether the case runs on the dynamic path (`Registry(schemas:)` with no schema).
    var dynamic = false

    /// The case on the dynamic path.
    func onTheDynamicPath() -> JdkTypeCase {
        var copy = self
        copy.dynamic = true
        return copy
    }

    /// The codec of the case for Kryo `version`, through Java's `Output` and `Input` with their
    /// varints on, or off (Kryo 5's `setVariableLengthEncoding(false)`: ``KryoStreamClasses/fast``).
    func codec(kryo version: Int, varintsOff: Bool = false) throws -> KryoCodec {
        let registry =
            dynamic
            ? try Registry(schemas: SchemaSet(settings: StreamSettings(dialect: version == 4 ? .kryo4 : .kryo5)))
            : try Registry(registrations)
        let dialect = try JavaPeerRun.dialect(for: version)
        return KryoCodec(
            registry: registry, dialect: varintsOff ? dialect.using(.fast) : dialect,
            options: SerializationOptions(references: references, registrationRequired: false))
    }
}

enum JdkTypeCases {
    static let dateTime = JavaLocalDateTime(
        date: JavaLocalDate(year: 2020, month: 1, day: 2),
        time: JavaLocalTime(hour: 3, minute: 4, second: 5, nanosecond: 6))

    static let all: [JdkTypeCase] = [
        JdkTypeCase("time_instant") { JavaInstant(seconds: 1, nanos: 2) },
        JdkTypeCase("time_instant_neg") { JavaInstant(seconds: -5, nanos: 999_999_999) },
        // Swift's Date as an Instant (`Register.date(as: .instant)`): to the nanosecond, both ways.
        JdkTypeCase("date_as_instant") {
            Date(timeIntervalSinceReferenceDate: 700_000_000.123456789)
        } reads: {
            // A Date where the registry maps it so; a JavaInstant on the dynamic path, which does not.
            $0 as? Date == Date(timeIntervalSinceReferenceDate: 700_000_000.123456789)
                || $0 as? JavaInstant == JavaInstant(seconds: 1_678_307_200, nanos: 123_456_836)
        }.registering([Register.date(as: .instant)]),
        JdkTypeCase("time_duration") { Duration(secondsComponent: 3, attosecondsComponent: 4_000_000_000) },
        JdkTypeCase("time_duration_neg") { Duration.milliseconds(-1500) },
        JdkTypeCase("time_localdate") { JavaLocalDate(year: 2020, month: 1, day: 2) },
        JdkTypeCase("time_localdate_bc") { JavaLocalDate(year: -44, month: 3, day: 15) },
        JdkTypeCase("time_localtime_h") { JavaLocalTime(hour: 7) },
        JdkTypeCase("time_localtime_m") { JavaLocalTime(hour: 7, minute: 30) },
        JdkTypeCase("time_localtime_s") { JavaLocalTime(hour: 7, minute: 30, second: 15) },
        JdkTypeCase("time_localtime_n") { JavaLocalTime(hour: 7, minute: 30, second: 15, nanosecond: 123_456_789) },
        JdkTypeCase("time_localtime_midnight") { JavaLocalTime(hour: 0) },
        JdkTypeCase("time_localdatetime") { dateTime },
        JdkTypeCase("time_offsettime") {
            JavaOffsetTime(time: JavaLocalTime(hour: 10), offset: JavaZoneOffset(totalSeconds: 7200))
        },
        JdkTypeCase("time_offsetdatetime") {
            JavaOffsetDateTime(dateTime: dateTime, offset: JavaZoneOffset(totalSeconds: 5 * 3600 + 30 * 60 + 15))
        },
        JdkTypeCase("time_zoned_utc") { JavaZonedDateTime(dateTime: dateTime, zoneID: "UTC") },
        JdkTypeCase("time_zoned_paris") { JavaZonedDateTime(dateTime: dateTime, zoneID: "Europe/Paris") },
        JdkTypeCase("time_zoned_offset") { JavaZonedDateTime(dateTime: dateTime, zoneID: "-05:00") },
        JdkTypeCase("time_zoneoffset") { JavaZoneOffset(totalSeconds: 7200) },
        JdkTypeCase("time_zoneoffset_odd") { JavaZoneOffset(totalSeconds: -3601) },
        JdkTypeCase("time_zoneregion") { JavaZoneRegion(id: "Europe/Paris") },
        JdkTypeCase("time_year") { JavaYear(2024) },
        JdkTypeCase("time_yearmonth") { JavaYearMonth(year: 2024, month: 2) },
        JdkTypeCase("time_monthday") { JavaMonthDay(month: 2, day: 29) },
        JdkTypeCase("time_period") { JavaPeriod(years: 1, months: -2, days: 3) },
        JdkTypeCase("time_list_refs", refs: true) {
            [JavaLocalDate(year: 2020, month: 1, day: 2), JavaInstant(seconds: 7)] as [Any?]
        } reads: {
            guard let list = $0 as? [Any?], list.count == 2 else { return false }
            return list[0] as? JavaLocalDate == JavaLocalDate(year: 2020, month: 1, day: 2)
                && list[1] as? JavaInstant == JavaInstant(seconds: 7)
        },

        JdkTypeCase("opt_string") {
            JavaOptional("x")
        } reads: {
            ($0 as? JavaOptional<Any>)?.value as? String == "x"
        },
        JdkTypeCase("opt_empty") {
            JavaOptional<String>.empty
        } reads: {
            guard let optional = $0 as? JavaOptional<Any> else { return false }
            return optional.value == nil
        },
        JdkTypeCase("opt_integer") {
            JavaOptional(Int32(5))
        } reads: {
            ($0 as? JavaOptional<Any>)?.value as? Int32 == 5
        },
        JdkTypeCase("opt_string_refs", refs: true) {
            JavaOptional("x")
        } reads: {
            ($0 as? JavaOptional<Any>)?.value as? String == "x"
        },
        JdkTypeCase("opt_int") { JavaOptionalInt(5) },
        JdkTypeCase("opt_int_empty") { JavaOptionalInt(nil) },
        JdkTypeCase("opt_long") { JavaOptionalLong(-1) },
        JdkTypeCase("opt_double") { JavaOptionalDouble(1.5) },

        locale("locale_en_us", "en_US"),
        locale("locale_fr", "fr"),
        locale("locale_variant", "en_US_POSIX"),
        locale("locale_root", ""),
        locale("locale_refs", "en_US", refs: true),
        url("url", "http://a.b/c?d=e#f"),
        url("url_refs", "https://example.org/", refs: true),

        JdkTypeCase("uuid") { uuid(most: 1, least: 2) },
        JdkTypeCase("uuid_text") { UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000") ?? UUID() },
        JdkTypeCase("uuid_refs", refs: true) { uuid(most: -1, least: Int64.min) },
        JdkTypeCase("uri") { JavaURI("http://a/b") },
        JdkTypeCase("uri_refs", refs: true) { JavaURI("mailto:x@y.z") },

        JdkTypeCase("bitset", [5]) { JavaBitSet([1, 9, 70]) },
        JdkTypeCase("bitset_empty", [5]) { JavaBitSet() },
        JdkTypeCase("bitset_fields", [4]) { JavaBitSet([1, 9, 70]) },
        JdkTypeCase("pq") {
            JavaPriorityQueue<Int32>([5, 1, 4, 2])
        } reads: {
            guard let queue = $0 as? JavaPriorityQueue<Any?> else { return false }
            return queue.comparator == .natural && queue.heapOrder.map { $0 as? Int32 } == [1, 2, 4, 5]
        },
        JdkTypeCase("pq_reverse", [5]) {
            JavaPriorityQueue<Int32>([1, 5, 4, 2], comparator: .reverse)
        } reads: {
            guard let queue = $0 as? JavaPriorityQueue<Any?> else { return false }
            return queue.comparator == .reverse && queue.heapOrder.map { $0 as? Int32 } == [5, 2, 4, 1]
        },
        JdkTypeCase("cslm") {
            ["a": Int32(1), "b": 2] as JavaConcurrentSkipListMap<String, Int32>
        } reads: {
            skipList($0, .natural)
        },
        JdkTypeCase("cslm_reverse", [5]) {
            JavaConcurrentSkipListMap<String, Int32>(
                [(key: "a", value: 1), (key: "b", value: 2)], comparator: .reverse)
        } reads: {
            skipList($0, .reverse)
        },
        named("vector", "java.util.Vector", ["a", "b"] as [String]),
        named("stack", "java.util.Stack", ["x"] as [String]),
        named("arraydeque", "java.util.ArrayDeque", [1, 2] as [Int32]),
        named("cow_list", "java.util.concurrent.CopyOnWriteArrayList", ["x", "y"] as [String]),
        named("clq", "java.util.concurrent.ConcurrentLinkedQueue", [3] as [Int32]),
        named("lbq", "java.util.concurrent.LinkedBlockingQueue", [4] as [Int32]),
        named("cs_set", "java.util.concurrent.ConcurrentSkipListSet", [5, 6] as [Int32]),
        named("chm", "java.util.concurrent.ConcurrentHashMap", ["k": Int32(1)]),
        named("chm_refs", "java.util.concurrent.ConcurrentHashMap", ["k": "v"], refs: true),
        named("hashtable", "java.util.Hashtable", ["k": Int32(2)]),
        named("identity_map", "java.util.IdentityHashMap", ["k": Int32(3)]),
        named("weak_map", "java.util.WeakHashMap", ["w": Int32(4)]),
        named("properties", "java.util.Properties", ["a": "b"]),
        JdkTypeCase("sql_timestamp") {
            JavaDateSubclass(javaClass: "java.sql.Timestamp", millisecondsSince1970: 1_700_000_000_123)
        },
        JdkTypeCase("sql_date") { JavaDateSubclass(javaClass: "java.sql.Date", millisecondsSince1970: 86_400_000) },
        JdkTypeCase("sql_time") { JavaDateSubclass(javaClass: "java.sql.Time", millisecondsSince1970: -1_000) },
        JdkTypeCase("sql_timestamp_refs", refs: true) {
            JavaDateSubclass(javaClass: "java.sql.Timestamp", millisecondsSince1970: 5)
        },
        jdkEnums,
        JdkTypeCase("aslist", [5]) {
            ["x", "y"] as JavaArraysAsList<String>
        } reads: {
            ($0 as? JavaArraysAsList<Any?>)?.elements.map { $0 as? String } == ["x", "y"]
        },
        JdkTypeCase("aslist_v4", [4]) {
            ["x", "y"] as JavaArraysAsList<String>
        } reads: {
            ($0 as? JavaArraysAsList<Any?>)?.elements.map { $0 as? String } == ["x", "y"]
        },
        boxedNumbers,
        JdkTypeCase("enumset") {
            DynamicEnumSet(
                enumClass: "java.time.DayOfWeek",
                elements: [
                    DynamicEnum(javaClass: "java.time.DayOfWeek", ordinal: 0, name: "MONDAY"),
                    DynamicEnum(javaClass: "java.time.DayOfWeek", ordinal: 4, name: "FRIDAY"),
                ])
        }.onTheDynamicPath(),
    ]

    /// Boxed numbers, `int[]`, `long[]`, a `Date` and a `BigDecimal` in a list: the calls an
    /// `Output` with varints off writes fixed width in one release and not in the other.
    static let boxedNumbers = JdkTypeCase("boxed_numbers") {
        [
            Int32(-65), Int64(300_000_000_000), [1, -2, 300] as [Int32], [-1, 1 << 40] as [Int64],
            Date(timeIntervalSince1970: 1_700_000_000.123),
            JavaBigDecimal(unscaledValue: JavaBigInteger(-12345), scale: 3),
        ] as [Any?]
    } reads: {
        guard let list = $0 as? [Any?], list.count == 6, let date = list[4] as? Date else { return false }
        return list[0] as? Int32 == -65 && list[1] as? Int64 == 300_000_000_000
            && list[2] as? [Int32] == [1, -2, 300] && list[3] as? [Int64] == [-1, 1 << 40]
            && (date.timeIntervalSince1970 * 1000).rounded() == 1_700_000_000_123
            && list[5] as? JavaBigDecimal == JavaBigDecimal(unscaledValue: JavaBigInteger(-12345), scale: 3)
    }

    /// A ``JavaCollection`` of the Java class `javaClass`, read back as that class with those elements.
    static func named<E: Equatable & Sendable>(_ name: String, _ javaClass: String, _ elements: [E]) -> JdkTypeCase {
        JdkTypeCase(name) {
            JavaCollection(javaClass: javaClass, elements)
        } reads: {
            guard let read = $0 as? JavaCollection<Any?>, read.javaClass == javaClass else { return false }
            return read.elements.map { $0 as? E } == elements
        }
    }

    /// A ``JavaMap`` of the Java class `javaClass` with one entry, read back as that class with it.
    static func named<V: Equatable & Sendable>(
        _ name: String, _ javaClass: String, _ entry: OrderedDictionary<String, V>, refs: Bool = false
    ) -> JdkTypeCase {
        JdkTypeCase(name, refs: refs) {
            JavaMap(javaClass: javaClass, entry)
        } reads: {
            guard let read = $0 as? JavaMap<AnyHashable, Any?>, read.javaClass == javaClass else { return false }
            return read.entries.count == entry.count
                && entry.allSatisfy { key, value in read.entries[AnyHashable(key)].flatMap { $0 as? V } == value }
        }
    }

    /// The JDK's enums a dynamic registry reads without a schema: one constant of each, in a list.
    static let jdkEnums = JdkTypeCase("jdk_enums") {
        [
            DynamicEnum(javaClass: "java.time.DayOfWeek", ordinal: 4, name: "FRIDAY"),
            DynamicEnum(javaClass: "java.time.Month", ordinal: 11, name: "DECEMBER"),
            DynamicEnum(javaClass: "java.time.temporal.ChronoUnit", ordinal: 15, name: "FOREVER"),
            DynamicEnum(javaClass: "java.util.concurrent.TimeUnit", ordinal: 6, name: "DAYS"),
            DynamicEnum(javaClass: "java.math.RoundingMode", ordinal: 7, name: "UNNECESSARY"),
            DynamicEnum(javaClass: "java.time.format.TextStyle", ordinal: 5, name: "NARROW_STANDALONE"),
            DynamicEnum(javaClass: "java.lang.Thread$State", ordinal: 5, name: "TERMINATED"),
        ] as [Any?]
    } reads: {
        guard let list = $0 as? [Any?] else { return false }
        return list.compactMap { ($0 as? DynamicEnum).map { "\($0.javaClass).\($0.name)" } } == [
            "java.time.DayOfWeek.FRIDAY", "java.time.Month.DECEMBER", "java.time.temporal.ChronoUnit.FOREVER",
            "java.util.concurrent.TimeUnit.DAYS", "java.math.RoundingMode.UNNECESSARY",
            "java.time.format.TextStyle.NARROW_STANDALONE", "java.lang.Thread$State.TERMINATED",
        ]
    }.onTheDynamicPath()

    static func locale(_ name: String, _ identifier: String, refs: Bool = false) -> JdkTypeCase {
        JdkTypeCase(name, refs: refs) {
            Locale(identifier: identifier)
        } reads: {
            ($0 as? Locale)?.identifier == identifier
        }
    }

    static func url(_ name: String, _ text: String, refs: Bool = false) -> JdkTypeCase {
        JdkTypeCase(name, refs: refs) {
            URL(string: text) as Any
        } reads: {
            ($0 as? URL)?.absoluteString == text
        }
    }

    static func skipList(_ value: Any?, _ comparator: JavaComparator) -> Bool {
        guard let map = value as? JavaConcurrentSkipListMap<AnyHashable, Any?> else { return false }
        let expected: [(String, Int32)] = comparator == .reverse ? [("b", 2), ("a", 1)] : [("a", 1), ("b", 2)]
        return map.comparator == comparator && map.count == 2
            && zip(map, expected).allSatisfy { $0.key == AnyHashable($1.0) && $0.value as? Int32 == $1.1 }
    }

    static func uuid(most: Int64, least: Int64) -> UUID {
        let digits = [most, least].map { String(UInt64(bitPattern: $0), radix: 16) }
            .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
        var text = ""
        for (index, character) in digits.enumerated() {
            if [8, 12, 16, 20].contains(index) { text += "-" }
            text.append(character)
        }
        return UUID(uuidString: text) ?? UUID()
    }
}

/// The Java side of ``JdkTypeCases`` for one release, run once per test process.
struct JdkTypesPeerRun: Sendable {
    let javaBytes: [String: [UInt8]]
    let verdicts: [String: String]
    let swiftBytes: [String: [UInt8]]

    static let kryo4 = Result { try run(4) }
    static let kryo5 = Result { try run(5) }
    /// Kryo 5 through an `Output` and `Input` after `setVariableLengthEncoding(false)`.
    static let kryo5VarintsOff = Result { try run(5, varintsOff: true) }

    static func shared(_ version: Int) throws -> JdkTypesPeerRun {
        try (version == 4 ? kryo4 : kryo5).get()
    }

    private static func run(_ version: Int, varintsOff: Bool = false) throws -> JdkTypesPeerRun {
        let fileManager = FileManager.default
        let jars = try JavaPeerRun.jars(for: version)
        let work = fileManager.temporaryDirectory.appendingPathComponent("swiftkryo-jdk\(version)-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: work) }
        let swiftDir = work.appendingPathComponent("swift")
        let classes = work.appendingPathComponent("classes")
        try fileManager.createDirectory(at: swiftDir, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: classes, withIntermediateDirectories: true)
        var swiftBytes: [String: [UInt8]] = [:]
        for peerCase in JdkTypeCases.all where peerCase.versions.contains(version) {
            let bytes = try peerCase.codec(kryo: version, varintsOff: varintsOff).encode(peerCase.value())
            swiftBytes[peerCase.name] = bytes
            try Data(bytes).write(to: swiftDir.appendingPathComponent("\(peerCase.name).bin"))
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("JdkTypesPeer/JdkTypesPeer.java")
        let classpath = jars.joined(separator: ":")
        try JavaPeerRun.execute("javac", ["-nowarn", "-cp", classpath, "-d", classes.path, source.path])
        let opens = ["java.util", "java.net", "java.time", "java.lang"].flatMap {
            ["--add-opens", "java.base/\($0)=ALL-UNNAMED"]
        }
        let output = try JavaPeerRun.execute(
            "java",
            opens + ["-cp", classes.path + ":" + classpath, "JdkTypesPeer", work.path, "--kryo", "\(version)"]
                + (varintsOff ? ["--varints", "off"] : []))
        let verdicts = JavaPeerRun.verdicts(in: output)
        var javaBytes: [String: [UInt8]] = [:]
        for peerCase in JdkTypeCases.all {
            if let data = try? Data(contentsOf: work.appendingPathComponent("java/\(peerCase.name).bin")) {
                javaBytes[peerCase.name] = [UInt8](data)
            }
        }
        return JdkTypesPeerRun(javaBytes: javaBytes, verdicts: verdicts, swiftBytes: swiftBytes)
    }
}

/// Kryo 4.0.3 and 5.6.2's JDK type serializers against the real jars, both directions, byte for
/// byte. For the releases of `PeerVersions` (4 and 5 unless `SWIFTKRYO_PEER_VERSIONS` says otherwise).
@Suite(.enabled(if: !PeerVersions.enabled.isEmpty, "SWIFTKRYO_PEER_VERSIONS names no Kryo release"))
struct JdkTypesPeerTests {
    static let cases: [(Int, String)] = PeerVersions.arguments.flatMap { version in
        JdkTypeCases.all.filter { $0.versions.contains(version) }.map { (version, $0.name) }
    }

    private func peerCase(_ name: String) throws -> JdkTypeCase {
        try #require(JdkTypeCases.all.first { $0.name == name })
    }

    @Test("Swift writes Java's bytes, Java reads them, Swift reads Java's", arguments: cases)
    func bothWays(_ version: Int, _ name: String) throws {
        let run = try JdkTypesPeerRun.shared(version)
        let peerCase = try peerCase(name)
        let java = try #require(run.javaBytes[name], "Kryo \(version): Java wrote nothing for \(name)")
        let swift = try #require(run.swiftBytes[name])
        #expect(hex(swift) == hex(java), "Kryo \(version)")
        #expect(run.verdicts[name] == "PASS", "Kryo \(version): \(run.verdicts[name] ?? "no verdict")")
        let value = try peerCase.codec(kryo: version).decode(Any?.self, from: java)
        #expect(peerCase.check(value), "Kryo \(version): \(name) read as \(String(describing: value))")
    }

    static let kryo5Cases =
        PeerVersions.arguments.contains(5) ? JdkTypeCases.all.filter { $0.versions.contains(5) }.map(\.name) : []

    /// Kryo 5's `Output.setVariableLengthEncoding(false)` writes what Java's serializers pass to
    /// `writeInt(value, optimizePositive)` and `writeInts` fixed width (boxed `Integer`s, `int[]`
    /// and `long[]`, a `BigDecimal`'s scale, the nanoseconds of a time), but not what they pass to
    /// `writeVarInt` and `writeVarLong` (boxed `Long`s, `Date`s, sizes, a `Year`).
    @Test(
        "Kryo 5 with varints off: Swift writes Java's bytes, Java reads them, Swift reads Java's", arguments: kryo5Cases
    )
    func varintsOffBothWays(_ name: String) throws {
        let run = try JdkTypesPeerRun.kryo5VarintsOff.get()
        let peerCase = try peerCase(name)
        let java = try #require(run.javaBytes[name], "Java wrote nothing for \(name)")
        let swift = try #require(run.swiftBytes[name])
        #expect(hex(swift) == hex(java))
        #expect(run.verdicts[name] == "PASS", "\(run.verdicts[name] ?? "no verdict")")
        let value = try peerCase.codec(kryo: 5, varintsOff: true).decode(Any?.self, from: java)
        #expect(peerCase.check(value), "\(name) read as \(String(describing: value))")
    }
}
