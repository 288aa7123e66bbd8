import Foundation
import OrderedCollections
import SwiftKryo

/// One value exchanged with the Java peer; mirrors a case of Tests/JavaPeer/KryoPeer.java.
struct PeerCase: Sendable {
    let name: String
    let config: PeerConfig
    let references: Bool
    let framing: KryoFraming
    /// The declared type for `writeObject`/`writeObjectOrNull` framings.
    let declaredType: any Any.Type
    /// Builds the value (afresh each time: values may be class instances).
    let value: @Sendable () -> Any?
    /// Whether Swift's bytes must equal Java's (false where Java's hash order decides the bytes).
    let sameBytes: Bool
    /// Checks a value Swift decoded from Java's bytes; returns a failure message or nil.
    let check: @Sendable (Any?) -> String?
    /// The classes the bytes are read with: another version of them in evolution cases.
    var readConfig: PeerConfig? = nil
    /// Whether Swift's reader must reject Java 2.20's bytes (evolution cases, 2.20's reader bugs).
    /// Against Kryo 4 and 5 the tests follow what Java's own reader makes of its bytes.
    var readFails = false
    /// Checks that replace ``check`` for a Kryo release (4, 5) whose Java reads the value
    /// differently from Kryo 2.20.
    var checkForRelease: [Int: @Sendable (Any?) -> String?] = [:]

    /// Checks a value Swift decoded from the bytes Java's Kryo `version` wrote.
    func check(_ value: Any?, kryo version: Int) -> String? {
        (checkForRelease[version] ?? check)(value)
    }

    /// The case with another expected value against the Kryo releases `versions`.
    func expecting(_ expected: @escaping @Sendable () -> Any?, kryo versions: [Int]) -> PeerCase {
        var copy = self
        for version in versions { copy.checkForRelease[version] = PeerCases.equalTo(expected) }
        return copy
    }

    func codec(_ config: PeerConfig? = nil) throws -> KryoCodec {
        KryoCodec(
            registry: try (config ?? self.config).registry(), framing: framing,
            options: SerializationOptions(references: references))
    }

    func encode() throws -> [UInt8] {
        let output = KryoOutput()
        try codec().encode(value(), declaredType: framing == .classAndObject ? nil : declaredType, to: output)
        return output.buffer
    }

    func decode(_ bytes: [UInt8]) throws -> Any? {
        let codec = try codec(readConfig)
        func typed<T>(_: T.Type) throws -> Any? { try codec.decode(Optional<T>.self, from: bytes) }
        return framing == .classAndObject ? try codec.decode(Any?.self, from: bytes) : try typed(declaredType)
    }
}

enum PeerCases {
    static func equalTo(_ expected: @escaping @Sendable () -> Any?) -> @Sendable (Any?) -> String? {
        { actual in
            let wanted = expected()
            return deepEqual(wanted, actual)
                ? nil : "expected \(String(describing: wanted)), got \(String(describing: actual))"
        }
    }

    static func cao(
        _ name: String, _ config: PeerConfig, refs: Bool = true, sameBytes: Bool = true,
        _ value: @escaping @Sendable () -> Any?
    ) -> PeerCase {
        PeerCase(
            name: name, config: config, references: refs, framing: .classAndObject, declaredType: Any.self,
            value: value, sameBytes: sameBytes, check: equalTo(value))
    }

    static func checked(
        _ name: String, _ value: @escaping @Sendable () -> Any?, check: @escaping @Sendable (Any?) -> String?
    )
        -> PeerCase
    {
        PeerCase(
            name: name, config: .reg, references: true, framing: .classAndObject, declaredType: Any.self,
            value: value, sameBytes: true, check: check)
    }

    static func typed(
        _ name: String, _ config: PeerConfig, refs: Bool, _ framing: KryoFraming, _ type: any Any.Type,
        _ value: @escaping @Sendable () -> Any?
    ) -> PeerCase {
        PeerCase(
            name: name, config: config, references: refs, framing: framing, declaredType: type, value: value,
            sameBytes: true, check: equalTo(value))
    }

    /// The KryoCocoa README's tagged bean, as generated from Schemas/kryococoa.yaml (Java 2.20
    /// drops the deprecated field, so it is 0 on both sides).
    static func taggedBean(_ name: String, refs: Bool, value: Int32, name text: String?) -> PeerCase {
        PeerCase(
            name: name, config: .cocoa, references: refs, framing: .classAndObject, declaredType: Any.self,
            value: { GeneratedCocoa.TaggedBean(value: value, name: text, deprecatedField: 0) }, sameBytes: true,
            check: { decoded in
                guard let bean = decoded as? GeneratedCocoa.TaggedBean, bean.value == value, bean.name == text,
                    bean.deprecatedField == 0
                else {
                    return
                        "expected TaggedBean(\(value), \(String(describing: text)), 0), got \(String(describing: decoded))"
                }
                return nil
            })
    }

    static let repeatedMixed = String(repeating: "aé日😀", count: 2000)

    static func nested() -> Outer { Outer(first: Inner(1, "one"), second: Inner(2, "two"), more: [Inner(3, "three")]) }

    static func typedBean() -> Typed {
        let value = Typed()
        value.strings = ["a", "b"]
        value.byId = [1: "one"]
        value.ids = [5]
        value.inners = [Inner(1, "x")]
        return value
    }

    static func other() -> OtherBean {
        OtherBean(
            map: [1: "one"], beans: [SampleBean(key: 1, name: "a"), SampleBean(key: 2, name: "b")], kind: .second)
    }

    static func pub() -> PubBean {
        let value = PubBean()
        value.map = ["k": 1]
        value.names = ["x", "y"]
        return value
    }

    static func derived() -> Derived {
        let value = Derived()
        value.x = 1
        value.extra = "more"
        return value
    }

    static let all: [PeerCase] =
        scalars + strings + cocoa + beans + collections + arrays + others + jdkTypes + evolution + deflate
        + jdkCollections + codable

    static let scalars: [PeerCase] = [
        cao("int_0", .none) { Int32(0) }, cao("int_1", .none) { Int32(1) }, cao("int_m1", .none) { Int32(-1) },
        cao("int_min", .none) { Int32.min }, cao("int_max", .none) { Int32.max },
        cao("long_0", .none) { Int64(0) }, cao("long_1", .none) { Int64(1) }, cao("long_m1", .none) { Int64(-1) },
        cao("long_min", .none) { Int64.min }, cao("long_max", .none) { Int64.max },
        cao("short_0", .none) { Int16(0) }, cao("short_1", .none) { Int16(1) }, cao("short_m1", .none) { Int16(-1) },
        cao("short_min", .none) { Int16.min }, cao("short_max", .none) { Int16.max },
        cao("byte_0", .none) { Int8(0) }, cao("byte_1", .none) { Int8(1) }, cao("byte_m1", .none) { Int8(-1) },
        cao("byte_min", .none) { Int8.min }, cao("byte_max", .none) { Int8.max },
        cao("char_0", .none) { UInt16(0) }, cao("char_A", .none) { UInt16(0x41) },
        cao("char_eacute", .none) { UInt16(0xE9) }, cao("char_max", .none) { UInt16.max },
        cao("float_0", .none) { Float(0) }, cao("float_m0", .none) { Float(-0.0) }, cao("float_1", .none) { Float(1) },
        cao("float_m1", .none) { Float(-1) }, cao("float_nan", .none) { Float.nan },
        cao("float_min", .none) { Float.leastNonzeroMagnitude },
        cao("float_max", .none) { Float.greatestFiniteMagnitude },
        cao("float_inf", .none) { Float.infinity }, cao("float_ninf", .none) { -Float.infinity },
        cao("double_0", .none) { 0.0 }, cao("double_m0", .none) { -0.0 }, cao("double_1", .none) { 1.0 },
        cao("double_m1", .none) { -1.0 }, cao("double_nan", .none) { Double.nan },
        cao("double_min", .none) { Double.leastNonzeroMagnitude },
        cao("double_max", .none) { Double.greatestFiniteMagnitude },
        cao("double_inf", .none) { Double.infinity }, cao("double_ninf", .none) { -Double.infinity },
        cao("bool_true", .none) { true }, cao("bool_false", .none) { false },
        cao("null_top", .none) { nil },
    ]

    static let strings: [PeerCase] = [
        cao("str_empty", .none) { "" }, cao("str_a", .none) { "a" }, cao("str_ab", .none) { "ab" },
        cao("str_63", .none) { String(repeating: "a", count: 63) },
        cao("str_64", .none) { String(repeating: "a", count: 64) },
        cao("str_nonascii", .none) { "héllo wörld" }, cao("str_cjk", .none) { "日本語" },
        cao("str_emoji", .none) { "😀 smile 🎉" }, cao("str_nul", .none) { "a\u{0}b" },
        cao("str_nul1", .none) { "\u{0}" },
        cao("str_10000", .none) { String(repeating: "abcdefghij", count: 1000) },
        cao("str_10000_mixed", .none) { repeatedMixed },
        typed("str_null_refs", .none, refs: true, .objectOrNull, String.self) { nil },
        typed("str_null_norefs", .none, refs: false, .objectOrNull, String.self) { nil },
        cao("str_ab_norefs", .none, refs: false) { "ab" },
        typed("str_hi_oon_norefs", .none, refs: false, .objectOrNull, String.self) { "hi" },
    ]

    static let cocoa: [PeerCase] = [
        cao("sample", .cocoa) { SampleBean(key: 42, name: "answer") },
        cao("sample_null_name", .cocoa) { SampleBean(key: -7, name: nil) },
        cao("sample_norefs", .cocoa, refs: false) { SampleBean(key: 42, name: "answer") },
        typed("sample_writeobject", .cocoa, refs: true, .object, SampleBean.self) { SampleBean(key: 3, name: "three") },
        cao("sample_unregistered", .none) { SampleBean(key: 1, name: "one") },
        cao("sample_enum", .cocoa) { SampleEnum.third },
        taggedBean("tagged_bean", refs: true, value: 5, name: "hi"),
        taggedBean("tagged_bean_norefs", refs: false, value: -1, name: nil),
        cao("other", .cocoa) { other() },
        cao("other_norefs", .cocoa, refs: false) { other() },
        cao("other_big", .cocoa, sameBytes: false) {
            OtherBean(map: [1: "one", 2: "two", 3: "three"], beans: [], kind: nil)
        },
    ]

    static let beans: [PeerCase] = [
        cao("allkinds", .reg) { AllKinds.sample() },
        cao("allkinds_norefs", .reg, refs: false) { AllKinds.sample() },
        cao("allkinds_unreg", .none) { AllKinds.sample() },
        cao("nested", .reg) { nested() },
        cao("nested_norefs", .reg, refs: false) { nested() },
        checked(
            "shared",
            {
                let shared = Inner(7, "shared")
                return Pair(left: shared, right: shared)
            },
            check: { value in
                guard let pair = value as? Pair, let left = pair.left as? Inner, let right = pair.right as? Inner else {
                    return "expected a Pair of Inner, got \(String(describing: value))"
                }
                return left === right && left == Inner(7, "shared") ? nil : "left and right are not one shared Inner"
            }),
        checked(
            "cycle",
            {
                let a = Node("a")
                let b = Node("b")
                a.next = b
                b.next = a
                return a
            },
            check: { value in
                guard let a = value as? Node, a.name == "a", let b = a.next, b.name == "b", b.next === a else {
                    return "expected a → b → a, got \(String(describing: value))"
                }
                return nil
            }),
        checked(
            "selfloop",
            {
                let node = Node("s")
                node.next = node
                return node
            },
            check: { value in
                guard let node = value as? Node, node.name == "s", node.next === node else {
                    return "expected a node pointing at itself"
                }
                return nil
            }),
        cao("tree_norefs", .reg, refs: false) { Tree(1, Tree(2, Tree(4)), Tree(3)) },
        cao("holder", .reg) { Holder(derived()) },
        cao("holder_base", .reg) {
            let base = Base()
            base.x = 2
            return Holder(base)
        },
        cao("holder_null", .reg) { Holder(nil) },
        cao("pub", .reg) { pub() },
        cao("pub_norefs", .reg, refs: false) { pub() },
        cao("typed", .reg) { typedBean() },
        cao("typed_norefs", .reg, refs: false) { typedBean() },
    ]

    static let collections: [PeerCase] = [
        // Java shares one interned "city" in four places; typed Swift writes it in full each time.
        PeerCase(
            name: "shared_strings", config: .reg, references: true, framing: .classAndObject, declaredType: Any.self,
            value: {
                [Inner(1, "city"), Inner(2, "city"), "city", ["city": Int32(3)] as [AnyHashable: Any?], "town"]
                    as [Any?]
            },
            sameBytes: false,
            check: { value in
                // The map may come back keyed by `String` (a readable document's plain dictionary).
                guard let list = value as? [Any?], list.count == 5, list[0] as? Inner == Inner(1, "city"),
                    list[1] as? Inner == Inner(2, "city"), list[2] as? String == "city",
                    (list[3] as? [AnyHashable: Any?])?["city"] as? Int32 == 3
                        || (list[3] as? [String: Any?])?["city"] as? Int32 == 3,
                    list[4] as? String == "town"
                else { return "expected the shared-strings list, got \(String(describing: value))" }
                return nil
            }),
        cao("list_mixed", .reg) { [Int32(1), "a", nil, 2.5, true, Inner(1, "i")] as [Any?] },
        cao("list_mixed_unreg", .none) { [Int32(1), "a", nil] as [Any?] },
        cao("linkedlist", .reg) { JavaLinkedList<Any?>([Int32(1), Int32(2), Int32(3)]) },
        cao("hashmap_one", .reg) { ["a": Int32(1)] as [AnyHashable: Any?] },
        cao("hashmap_big", .reg, sameBytes: false) {
            ["a": Int32(1), "b": "two", Int32(3): nil, "d": Inner(4, "four")] as [AnyHashable: Any?]
        },
        cao("hashset_one", .reg) { ["only"] as Set<AnyHashable> },
        cao("hashset_big", .reg, sameBytes: false) { [Int32(1), Int32(2), Int32(3), "x"] as Set<AnyHashable> },
        cao("enum_blue", .reg) { PeerColor.blue },
        cao("enum_list", .reg) { [PeerColor.green, PeerColor.green, PeerColor.blue] as [Any?] },
        cao("enum_list_norefs", .reg, refs: false) { [PeerColor.green, PeerColor.green, PeerColor.blue] as [Any?] },
    ]

    static let arrays: [PeerCase] = [
        cao("arr_int", .reg) { [0, 1, -1, Int32.min, Int32.max] as [Int32] },
        cao("arr_long", .reg) { [0, -1, Int64.min, Int64.max] as [Int64] },
        cao("arr_short", .reg) { [0, -1, Int16.min, Int16.max] as [Int16] },
        cao("arr_byte", .reg) { Data([0, 1, 0xFF, 0x80, 0x7F]) },
        cao("arr_char", .reg) { [0x61, 0xE9, 0xFFFF] as [UInt16] },
        cao("arr_float", .reg) { [0, -0.0, 1.5, Float.nan] as [Float] },
        cao("arr_double", .reg) { [0, -0.0, 1.5, Double.nan, Double.infinity] as [Double] },
        cao("arr_bool", .reg) { [true, false, true] },
        cao("arr_string", .reg) { ["a", nil, "é"] as JavaArray<String> },
        cao("arr_object", .reg) { [Int32(1), "a", nil, Inner(2, "b")] as JavaArray<Any> },
        cao("arr_int2d", .reg) { [[1], [2, 3], nil] as JavaArray<[Int32]> },
        cao("arr_int_empty", .reg) { [] as [Int32] },
        cao("arr_int_unreg", .none) { [0, 1, -1, Int32.min, Int32.max] as [Int32] },
        cao("arr_string_unreg", .none) { ["a", nil, "é"] as JavaArray<String> },
        cao("arr_object_unreg", .none) { [Int32(1), "a", nil, Inner(2, "b")] as JavaArray<Any> },
        cao("arr_int2d_unreg", .none) { [[1], [2, 3], nil] as JavaArray<[Int32]> },
    ]

    static let others: [PeerCase] = [
        cao("date", .reg) { Date(timeIntervalSince1970: 1_234_567_890.123) },
        cao("date_neg_unreg", .none) { Date(timeIntervalSince1970: -0.001) },
        cao("bytes", .reg) { Data([1, 2, 3]) },
        cao("nested_generics", .reg) { NestedGenerics.sample() },
        cao("nested_generics_norefs", .reg, refs: false) { NestedGenerics.sample() },
    ]
}

// MARK: Schema evolution (tagged and compatible serializers)

extension PeerCases {
    /// A case written with the `write` version of the classes and read with the `read` one.
    static func evo(
        _ name: String, _ write: PeerConfig, _ read: PeerConfig, refs: Bool = true, readFails: Bool = false,
        _ value: @escaping @Sendable () -> Any?, expect expected: @escaping @Sendable () -> Any? = { nil }
    ) -> PeerCase {
        var peerCase = PeerCase(
            name: name, config: write, references: refs, framing: .classAndObject, declaredType: Any.self,
            value: value, sameBytes: true, check: equalTo(expected))
        peerCase.readConfig = read
        peerCase.readFails = readFails
        return peerCase
    }

    static func compatNested() -> CompatNested {
        let first = Compat(1, "a")
        return CompatNested(
            first: first, items: [Int32(1), "two", Compat(3, "c")], text: String(repeating: "é日x😀", count: 700),
            again: first)
    }

    /// Numbers of every width in a chunked field (Java never splits one between two chunks).
    static func compatNumbers() -> CompatNested {
        let items: [Any?] = (0..<300).map { index -> Any? in
            switch index % 3 {
            case 0: Int32(100_000 + index)
            case 1: Int64(1 << 60) + Int64(index)
            default: Double(index) + 0.5
            }
        }
        return CompatNested(first: Compat(1, "a"), items: items, text: "x", again: nil)
    }

    /// Names of the cases written with one version of the classes and read with the other.
    static var evolutionNames: [String] { evolution.filter { $0.readConfig != $0.config }.map(\.name) }

    static let evolution: [PeerCase] = [
        // One version on both sides: the layout itself (reference/kryo-wire.md §11, §12).
        evo(
            "tagged_ref", .evo1, .evo1, { TaggedRef(aaa: 1, name: "hi", old: 9, untagged: 7, value: 5) },
            expect: {
                TaggedRef(aaa: 1, name: "hi", old: 0, untagged: 0, value: 5)
            }),
        evo(
            "tagged_ref_norefs", .evo1, .evo1, refs: false,
            { TaggedRef(aaa: 1, name: "hi", old: 9, untagged: 7, value: 5) },
            expect: { TaggedRef(aaa: 1, name: "hi", old: 0, untagged: 0, value: 5) }),
        evo("compat_ref", .evo1, .evo1, { Compat(5, "hi") }, expect: { Compat(5, "hi") }),
        evo("compat_ref_norefs", .evo1, .evo1, refs: false, { Compat(5, "hi") }, expect: { Compat(5, "hi") }),
        evo(
            "compat_list", .evo1, .evo1, { [Compat(1, "a"), Compat(2, "b")] as [Any?] },
            expect: {
                [Compat(1, "a"), Compat(2, "b")] as [Any?]
            }),
        evo(
            "compat_long_norefs", .evo1, .evo1, refs: false, { Compat(1, String(repeating: "x", count: 2000)) },
            expect: {
                Compat(1, String(repeating: "x", count: 2000))
            }),
        evo("compat_nested", .evo1, .evo1, { compatNested() }, expect: { compatNested() }),
        evo("compat_numbers", .evo1, .evo1, refs: false, { compatNumbers() }, expect: { compatNumbers() }),
        // Tagged: a field added, removed, deprecated; each direction.
        evo("tagadd_1to2", .evo1, .evo2, { TagAddV1(1, "a") }, expect: { TagAddV2(1, "a", 0) }),
        evo("tagadd_2to1", .evo2, .evo1, readFails: true, { TagAddV2(1, "a", 99) }),
        evo("tagrem_1to2", .evo1, .evo2, readFails: true, { TagRemV1(1, "g", "a") }),
        evo("tagrem_2to1", .evo2, .evo1, { TagRemV2(1, "a") }, expect: { TagRemV1(1, nil, "a") }),
        // Java 2.20 drops deprecated fields and so rejects older data that has them; Swift reads
        // them (see `FieldSerializerKind.tagged`).
        evo("tagdep_1to2", .evo1, .evo2, { TagDepV1(1, "a", 9) }, expect: { TagDepV2(1, "a", 9) }),
        evo("tagdep_2to1", .evo2, .evo1, { TagDepV2(1, "a", 9) }, expect: { TagDepV1(1, "a", 0) }),
        // Compatible: every change reads in both directions.
        evo("compadd_1to2", .evo1, .evo2, { CompAddV1(5, "a") }, expect: { CompAddV2(0, 5, "a") }),
        evo("compadd_2to1", .evo2, .evo1, { CompAddV2(99, 5, "a") }, expect: { CompAddV1(5, "a") }),
        evo("compadd_2to1_norefs", .evo2, .evo1, refs: false, { CompAddV2(99, 5, "a") }, expect: { CompAddV1(5, "a") }),
        evo("comprem_1to2", .evo1, .evo2, { CompRemV1(5, Compat(1, "g"), "a") }, expect: { CompRemV2(5, "a") }),
        evo("comprem_2to1", .evo2, .evo1, { CompRemV2(5, "a") }, expect: { CompRemV1(5, nil, "a") }),
        evo("compdep_1to2", .evo1, .evo2, { CompDepV1(5, 9) }, expect: { CompDepV2(5, 9) }),
        evo("compdep_2to1", .evo2, .evo1, { CompDepV2(5, 9) }, expect: { CompDepV1(5, 9) }),
    ]
}

// MARK: The other JDK types Kryo 2.20 ships serializers for

extension PeerCases {
    static func calendar(_ zone: String, _ millis: Int64, firstWeekday: Int, minimumDays: Int) -> JavaCalendar {
        JavaCalendar(
            date: Date(timeIntervalSince1970: Double(millis) / 1000), timeZone: TimeZone(identifier: zone)!,
            firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDays)
    }

    static let jdkTypes: [PeerCase] = [
        cao("sb_hi", .none) { JavaStringBuilder("hi") },
        cao("sb_empty", .none) { JavaStringBuilder("") },
        cao("sbuf_mixed", .none) { JavaStringBuffer("héllo 😀") },
        cao("currency_eur", .none) { Locale.Currency("EUR") },
        cao("tz_utc", .none) { TimeZone(identifier: "UTC")! },
        cao("tz_paris", .none) { TimeZone(identifier: "Europe/Paris")! },
        cao("cal_utc_epoch", .none) { calendar("UTC", 0, firstWeekday: 1, minimumDays: 1) },
        cao("cal_paris", .none) { calendar("Europe/Paris", 1_234_567_890_123, firstWeekday: 2, minimumDays: 4) },
        cao("bigint_0", .none) { JavaBigInteger(0) },
        cao("bigint_255", .none) { JavaBigInteger(255) },
        cao("bigint_m1", .none) { JavaBigInteger(-1) },
        cao("bigint_m128", .none) { JavaBigInteger(-128) },
        cao("bigint_huge", .none) { JavaBigInteger("-123456789012345678901234567890123456789012345678901234567890")! },
        cao("bigint_pow", .none) { JavaBigInteger("1606938044258990275541962092341162602522202993782792835301376")! },
        // JavaBigDecimal keeps Java's scale: the same bytes as Java's, and Java's value back.
        cao("bigdec_150", .none) { JavaBigDecimal("1.50")! },
        cao("bigdec_neg", .none) { JavaBigDecimal("-12.3E+5")! },
        cao("bigdec_0", .none) { JavaBigDecimal("0")! },
        cao("bigdec_38", .none) { JavaBigDecimal("-12345678901234567890123456789.012345678")! },
        cao("bigdec_tiny", .none) { JavaBigDecimal("1E-100")! },
        cao("bigdec_huge", .none) { JavaBigDecimal("7E+120")! },
        cao("self_written", .none) { SelfWritten(-7, "own bytes", SelfWritten(1, nil, nil)) },
        cao("self_written_norefs", .none, refs: false) { SelfWritten(3, "x", Int64(5)) },
    ]
}

// MARK: DeflateSerializer (config `deflate`: KryoPeer.java's `registerDeflate`)

extension PeerConfig {
    static func deflateRegistry() throws -> Registry {
        try Registry {
            Register(Inner.self, id: 50, serializer: DeflateSerializer(wrappingDefaultOf: Inner.self))
            Register(Data.self, id: 51, serializer: DeflateSerializer(wrapping: DataSerializer()))
            Register(
                Pair.self, id: 52, serializer: DeflateSerializer(wrappingDefaultOf: Pair.self, level: 9, format: .zlib))
            Register([Any?].self, id: 53)
        }
    }
}

extension PeerCases {
    /// Bytes deflate cannot shrink: the top byte of a 32-bit linear congruential generator
    /// (KryoPeer.java's `noise`).
    static func noise(_ count: Int) -> Data {
        var state: UInt32 = 1
        return Data(
            (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(state >> 24)
            })
    }

    static let longText = String(repeating: "abcdefghij", count: 10_000)

    static func deflated(
        _ name: String, refs: Bool = false, sameBytes: Bool = true, readFails: Bool = false,
        _ value: @escaping @Sendable () -> Any?
    ) -> PeerCase {
        var peerCase = cao(name, .deflate, refs: refs, sameBytes: sameBytes, value)
        peerCase.readFails = readFails
        return peerCase
    }

    static let deflate: [PeerCase] = [
        deflated("deflate_inner_norefs") { Inner(5, "five") },
        deflated("deflate_inner_null_norefs") { Inner(0, nil) },
        deflated("deflate_bytes_norefs") { Data([1, 2, 3]) },
        deflated("deflate_bytes_empty_norefs") { Data() },
        deflated("deflate_bytes_noise_norefs") { noise(20_000) },
        deflated("deflate_text_100k_norefs") { Inner(7, longText) },
        PeerCase(
            name: "deflate_pair_zlib9_norefs", config: .deflate, references: false, framing: .classAndObject,
            declaredType: Any.self, value: { Pair(left: longText, right: Int32(5)) }, sameBytes: true,
            check: { value in
                guard let pair = value as? Pair, pair.left as? String == longText, pair.right as? Int32 == 5 else {
                    return "expected Pair(left: 100 000 letters, right: 5), got \(String(describing: value))"
                }
                return nil
            }),
        // Java 2.20 cannot read this back: its inflater reads past the first value's deflate data,
        // so the second is lost (KryoPeer.java expects its reader to fail). Swift stops where the
        // deflate data ends.
        deflated("deflate_list_norefs") { [Inner(1, "a"), Inner(2, "b")] as [Any?] },
        // References on: Java writes a reference to the value itself where the value should be,
        // which no reader can use (Java reads null); Swift writes a "new object" marker there,
        // which Java reads back.
        deflated("deflate_inner_refs", refs: true, sameBytes: false, readFails: true) { Inner(5, "five") },
        deflated("deflate_bytes_refs", refs: true, sameBytes: false, readFails: true) { Data([1, 2, 3]) },
    ]
}

// MARK: JDK collections: Class, EnumSet, TreeMap, TreeSet, LinkedHashMap/Set, empty and singleton

extension PeerCases {
    /// Swift writes `value`; Swift reads Java's bytes as `expected` (the plain Swift value Java's
    /// class reads as, where Swift writes it through a wrapper).
    static func reads(
        _ name: String, refs: Bool = true, sameBytes: Bool = true, _ value: @escaping @Sendable () -> Any?,
        as expected: @escaping @Sendable () -> Any?
    ) -> PeerCase {
        PeerCase(
            name: name, config: .none, references: refs, framing: .classAndObject, declaredType: Any.self,
            value: value, sameBytes: sameBytes, check: equalTo(expected))
    }

    /// Like ``reads(_:refs:sameBytes:_:as:)`` with a check of its own.
    static func readsChecked(
        _ name: String, refs: Bool = true, sameBytes: Bool = true, _ value: @escaping @Sendable () -> Any?,
        check: @escaping @Sendable (Any?) -> String?
    ) -> PeerCase {
        PeerCase(
            name: name, config: .none, references: refs, framing: .classAndObject, declaredType: Any.self,
            value: value, sameBytes: sameBytes, check: check)
    }

    /// An untyped read of a sorted or linked map: the keys in `keys`' order, the comparator, the entries.
    static func orderedMap<M>(
        _ type: M.Type, keys wanted: @autoclosure @escaping @Sendable () -> [AnyHashable],
        comparator: JavaComparator? = nil, _ wantedEntries: @autoclosure @escaping @Sendable () -> [AnyHashable: Any?]
    ) -> @Sendable (Any?) -> String? {
        { actual in
            let keys = wanted()
            let expected = wantedEntries()
            let entries: [(key: Any, value: Any?)]
            if let map = actual as? JavaTreeMap<AnyHashable, Any?>, M.self == JavaTreeMap<AnyHashable, Any?>.self {
                if let comparator, map.comparator != comparator {
                    return "expected the comparator \(comparator), got \(map.comparator)"
                }
                entries = map.anyEntries
            } else if let map = actual as? OrderedDictionary<AnyHashable, Any?>,
                M.self == OrderedDictionary<AnyHashable, Any?>.self
            {
                entries = map.anyEntries
            } else {
                return "expected a \(M.self), got \(ValueConversion.describeType(of: actual))"
            }
            let order = entries.map { $0.key as? AnyHashable }
            guard order == keys.map({ Optional($0) }) else { return "expected the keys \(keys), got \(order)" }
            let want: [AnyHashable: Any?] = expected
            guard deepEqual(want, Dictionary(uniqueKeysWithValues: entries.map { ($0.key as! AnyHashable, $0.value) }))
            else { return "expected \(expected), got \(entries)" }
            return nil
        }
    }

    static let jdkCollections: [PeerCase] = [
        // Collections.empty* and singleton*: plain Swift values when read, wrappers when written.
        reads("jdkc_empty_list", { JavaEmptyList() }, as: { [] as [Any?] }),
        reads("jdkc_empty_set", { JavaEmptySet() }, as: { [] as Set<AnyHashable> }),
        reads("jdkc_empty_map", { JavaEmptyMap() }, as: { [:] as [AnyHashable: Any?] }),
        reads("jdkc_empty_list_norefs", refs: false, { JavaEmptyList() }, as: { [] as [Any?] }),
        reads("jdkc_single_list", { JavaSingletonList("x") }, as: { ["x"] as [Any?] }),
        reads("jdkc_single_set", { JavaSingletonSet(Int32(5)) }, as: { [Int32(5)] as Set<AnyHashable> }),
        reads(
            "jdkc_single_map", { JavaSingletonMap(key: "k", value: Int32(1)) },
            as: { ["k": Int32(1)] as [AnyHashable: Any?] }),
        reads(
            "jdkc_single_map_null", { JavaSingletonMap<String, Int32?>(key: "k", value: nil) },
            as: {
                ["k": nil] as [AnyHashable: Any?]
            }),
        reads(
            "jdkc_single_in_list", { [JavaSingletonList("a"), "b", JavaEmptyList()] as [Any?] },
            as: {
                [["a"] as [Any?], "b", [] as [Any?]] as [Any?]
            }),
        reads(
            "jdkc_single_in_list_norefs", refs: false, { [JavaSingletonList("a"), "b", JavaEmptyList()] as [Any?] },
            as: {
                [["a"] as [Any?], "b", [] as [Any?]] as [Any?]
            }),
        // Java 2.20's reader mis-numbers the singleton and its element (reference/kryo-wire.md §6);
        // Swift's reserves the id at the marker and resolves Java's back-reference to "x". Swift
        // strings are values, written again rather than referenced: the bytes differ.
        reads(
            "jdkc_single_backref", sameBytes: false, { [JavaSingletonList("x"), "x"] as [Any?] },
            as: {
                [["x"] as [Any?], "x"] as [Any?]
            }),
        // LinkedHashMap and LinkedHashSet keep insertion order, on the wire and in Swift.
        readsChecked(
            "jdkc_lhm", { ["z": Int32(1), "a": "two", "m": nil] as OrderedDictionary<AnyHashable, Any?> },
            check: orderedMap(
                OrderedDictionary<AnyHashable, Any?>.self, keys: ["z", "a", "m"], ["z": Int32(1), "a": "two", "m": nil])
        ),
        readsChecked(
            "jdkc_lhm_norefs", refs: false,
            { ["z": Int32(1), "a": "two", "m": nil] as OrderedDictionary<AnyHashable, Any?> },
            check: orderedMap(
                OrderedDictionary<AnyHashable, Any?>.self, keys: ["z", "a", "m"], ["z": Int32(1), "a": "two", "m": nil])
        ),
        readsChecked(
            "jdkc_lhm_empty", { [:] as OrderedDictionary<String, Int32> },
            check: orderedMap(OrderedDictionary<AnyHashable, Any?>.self, keys: [], [:])),
        reads(
            "jdkc_lhs", { ["z", "a", "m"] as OrderedSet<String> }, as: { ["z", "a", "m"] as OrderedSet<AnyHashable> }),
        // TreeMap: natural and reverse order (the comparator is written); TreeSet: not written.
        readsChecked(
            "jdkc_treemap", { ["b": Int32(2), "a": Int32(1), "c": nil] as JavaTreeMap<String, Int32?> },
            check: orderedMap(
                JavaTreeMap<AnyHashable, Any?>.self, keys: ["a", "b", "c"], comparator: .natural,
                ["a": Int32(1), "b": Int32(2), "c": nil])),
        readsChecked(
            "jdkc_treemap_norefs", refs: false, { ["b": Int32(2), "a": Int32(1)] as JavaTreeMap<String, Int32> },
            check: orderedMap(
                JavaTreeMap<AnyHashable, Any?>.self, keys: ["a", "b"], comparator: .natural,
                ["a": Int32(1), "b": Int32(2)])),
        readsChecked(
            "jdkc_treemap_empty", { JavaTreeMap<String, Int32>() },
            check: orderedMap(JavaTreeMap<AnyHashable, Any?>.self, keys: [], comparator: .natural, [:])),
        readsChecked(
            "jdkc_treemap_int", { [Int32(3): "c", Int32(-1): "a", Int32(2): "b"] as JavaTreeMap<Int32, String> },
            check: orderedMap(
                JavaTreeMap<AnyHashable, Any?>.self, keys: [Int32(-1), Int32(2), Int32(3)], comparator: .natural,
                [Int32(-1): "a", Int32(2): "b", Int32(3): "c"])),
        readsChecked(
            "jdkc_treemap_rev",
            {
                JavaTreeMap(
                    [("a", Int32(1)), ("b", Int32(2)), ("c", Int32(3))].map { (key: $0.0, value: $0.1) },
                    comparator: .reverse)
            },
            check: orderedMap(
                JavaTreeMap<AnyHashable, Any?>.self, keys: ["c", "b", "a"], comparator: .reverse,
                ["a": Int32(1), "b": Int32(2), "c": Int32(3)])),
        readsChecked(
            "jdkc_treemap_rev_norefs", refs: false,
            { JavaTreeMap([(key: "b", value: Int32(2)), (key: "a", value: Int32(1))], comparator: .reverse) },
            check: orderedMap(
                JavaTreeMap<AnyHashable, Any?>.self, keys: ["b", "a"], comparator: .reverse,
                ["a": Int32(1), "b": Int32(2)])),
        readsChecked(
            "jdkc_treemap_rev_empty", { JavaTreeMap<String, Int32>(comparator: .reverse) },
            check: orderedMap(JavaTreeMap<AnyHashable, Any?>.self, keys: [], comparator: .reverse, [:])),
        reads(
            "jdkc_treeset", { ["b", "a", "c"] as JavaTreeSet<String> },
            as: { ["a", "b", "c"] as JavaTreeSet<AnyHashable> }),
        // Kryo 4 and 5 write a TreeSet's comparator (TreeSetSerializer), 2.20 does not.
        reads(
            "jdkc_treeset_rev", { JavaTreeSet(["a", "b", "c"], comparator: .reverse) },
            as: {
                ["a", "b", "c"] as JavaTreeSet<AnyHashable>
            }
        ).expecting({ JavaTreeSet<AnyHashable>(["a", "b", "c"], comparator: .reverse) }, kryo: [4, 5]),
        // EnumSet: the element class, then ordinals.
        cao("jdkc_enumset", .none) { [.red, .blue] as JavaEnumSet<PeerColor> },
        cao("jdkc_enumset_one", .none) { [.green] as JavaEnumSet<PeerColor> },
        cao("jdkc_enumset_all", .none) { JavaEnumSet<PeerColor>.all },
        cao("jdkc_enumset_all_norefs", .none, refs: false) { JavaEnumSet<PeerColor>.all },
        cao("jdkc_enumset_in_list", .none) {
            [[.blue] as JavaEnumSet<PeerColor>, PeerColor.blue, [.blue] as JavaEnumSet<PeerColor>] as [Any?]
        },
        // Class: the class tag alone; Java 2.20 reads Integer.class (id 0, shared with int) as int.
        // Kryo 4 and 5 add whether the class is primitive, and so read Integer.class back.
        cao("jdkc_class_string", .none) { JavaClass(name: "java.lang.String") },
        cao("jdkc_class_string_norefs", .none, refs: false) { JavaClass(name: "java.lang.String") },
        cao("jdkc_class_int", .none) { JavaClass(name: "int") },
        reads("jdkc_class_integer", { JavaClass(name: "java.lang.Integer") }, as: { JavaClass(name: "int") })
            .expecting({ JavaClass(name: "java.lang.Integer") }, kryo: [4, 5]),
        cao("jdkc_class_enum", .none) { JavaClass(name: "peer.Color") },
        cao("jdkc_class_unknown", .none) { JavaClass(name: "java.lang.Object") },
        // Java writes the second String.class as a back-reference; Swift's JavaClass is a value and
        // is written again (Java reads both).
        cao("jdkc_class_list", .none, sameBytes: false) {
            [
                JavaClass(name: "java.lang.String"), JavaClass(name: "java.lang.String"), JavaClass(name: "peer.Color"),
                JavaClass(name: "[J"), nil,
            ] as [Any?]
        },
    ]
}

// MARK: The Codable bridge

extension PeerCases {
    /// Java writes a HashMap (its own id 53); Swift reads it untyped and converts it to a Trip.
    static func decodesAsTrip(_ value: Any?) -> String? {
        guard let trip = ValueConversion.convert(value, to: Trip.self) else {
            return "expected a HashMap that decodes as a Trip, got \(String(describing: value))"
        }
        return trip == Trip.sample() ? nil : "expected \(Trip.sample()), got \(trip)"
    }

    /// `writeObject`/`readObject` of a Codable type: its body alone, a HashMap body to Java.
    static func codableBody(_ name: String, refs: Bool, sameBytes: Bool, _ value: @escaping @Sendable () -> Any?)
        -> PeerCase
    {
        PeerCase(
            name: name, config: .codable, references: refs, framing: .object, declaredType: type(of: value()!),
            value: value, sameBytes: sameBytes, check: equalTo(value))
    }

    static let codable: [PeerCase] = [
        PeerCase(
            name: "codable_trip", config: .codable, references: true, framing: .classAndObject,
            declaredType: Any.self, value: { Trip.sample() }, sameBytes: false, check: decodesAsTrip),
        PeerCase(
            name: "codable_trip_norefs", config: .codable, references: false, framing: .classAndObject,
            declaredType: Any.self, value: { Trip.sample() }, sameBytes: false, check: decodesAsTrip),
        // Java's HashMap order is not Swift's: the same entries, other bytes.
        codableBody("codable_trip_body", refs: true, sameBytes: false) { Trip.sample() },
        // One entry: the very bytes Java writes.
        codableBody("codable_labels_body", refs: true, sameBytes: true) { Labels(tags: ["a", "b"]) },
        codableBody("codable_labels_body_norefs", refs: false, sameBytes: true) { Labels(tags: ["a", "b"]) },
        cao("codable_holder", .codable, sameBytes: false) { CodableHolder("h", Trip.sample()) },
        cao("codable_holder_null", .codable) { CodableHolder("n", nil) },
    ]
}
