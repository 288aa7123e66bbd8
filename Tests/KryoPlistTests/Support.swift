import Foundation
import KryoCore
import KryoPlist

/// The real keyed archives in Tests/Fixtures/keyed (see its README for where each comes from).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/keyed")

    /// Every fixture, as a path under Tests/Fixtures/keyed.
    static let names: [String] = [
        "ios/notability-sample-Session.plist", "ios/notability-sample-metadata.plist",
        "ios/vectornator-textstorage-sizes-9runs.bplist", "ios/vectornator-textstorage-stroke.bplist",
        "ios/vectornator-textstorage-styles-7runs.bplist", "mac/dracula-BackgroundColor.bplist",
        "mac/dracula-Font.bplist", "mac/latexit-linkback-HistoryItem.bplist", "mac/nv-MainMenu.keyedobjects.nib",
        "mac/scf-NSAttributedString.archive", "mac/scf-NSKeyedUnarchiver-ComplexTest.plist",
        "mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist", "mac/scf-NSKeyedUnarchiver-URLTest.plist",
        "mac/scf-NSMutableAttributedString.archive", "mac/scf-NSOrderedSet-Numbers.archive",
        "mac/scf-NSSet-Numbers.archive", "other/bpylist2-circular_archive.plist",
        "other/bpylist2-complex_archive.plist", "other/bpylist2-date_archive.plist",
        "other/bpylist2-nsmutabledata_archive.plist", "other/bpylist2-null_archive.plist",
    ]

    /// The fixtures in XML form.
    static let xmlNames: Set<String> = [
        "mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist", "mac/scf-NSKeyedUnarchiver-URLTest.plist",
    ]

    /// The bytes of `name` (a path under Tests/Fixtures/keyed).
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// Whether two values are the same, bit for bit: unlike `==`, reals and dates compare by bit
/// pattern (so `-0.0` differs from `0.0`) except that any NaN equals any NaN, strings compare by
/// their UTF-8 bytes, and dictionary keys must come in the same order.
func identical(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
    identical(a, b, widening: false)
}

/// ``identical(_:_:)``, where `widening` lets a 4-byte real of `b` match its value as an 8-byte
/// real in `a` (an XML plist has one kind of real: a 4-byte real comes back from one 8 bytes wide).
func identical(_ a: PropertyListValue, _ b: PropertyListValue, widening: Bool) -> Bool {
    func sameDouble(_ x: Double, _ y: Double) -> Bool {
        x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
    }
    switch (a, b) {
    case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
    case (.integer(let x), .integer(let y)): return x == y
    case (.unsignedInteger(let x), .unsignedInteger(let y)): return x == y
    case (.real(let x), .real(let y)): return sameDouble(x, y)
    case (.float(let x), .float(let y)): return x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
    case (.real(let x), .float(let y)) where widening: return sameDouble(x, Double(y))
    case (.date(let x), .date(let y)): return sameDouble(x, y)
    case (.bool(let x), .bool(let y)): return x == y
    case (.data(let x), .data(let y)): return x == y
    case (.uid(let x), .uid(let y)): return x == y
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1, widening: widening) }
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count
            && zip(x, y).allSatisfy {
                Array($0.key.utf8) == Array($1.key.utf8) && identical($0.value, $1.value, widening: widening)
            }
    default: return false
    }
}

/// A value with its dictionaries sorted by key and its UIDs replaced by a marker string, to
/// compare with what Foundation reads (Foundation's dictionaries have no order, and its UIDs are
/// opaque objects).
func normalized(_ value: PropertyListValue) -> PropertyListValue {
    switch value {
    case .uid: return .string(uidMarker)
    case .array(let elements): return .array(elements.map(normalized))
    case .dictionary(let dictionary):
        var sorted = PropertyListDictionary()
        for key in dictionary.keys.sorted() { sorted[key] = dictionary[key].map(normalized) }
        return .dictionary(sorted)
    default: return value
    }
}

let uidMarker = "\u{0}UID"

/// A value as Foundation's `PropertyListSerialization` takes it (UIDs are not supported).
func foundationObject(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let integer): return Int(integer)
    case .unsignedInteger(let integer): return integer
    case .real(let real): return real
    case .float(let real): return real
    case .bool(let bool): return bool
    case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case .data(let bytes): return Data(bytes)
    case .array(let elements): return elements.map(foundationObject)
    case .dictionary(let dictionary):
        var result: [String: Any] = [:]
        for (key, element) in dictionary { result[key] = foundationObject(element) }
        return result
    case .uid: return uidMarker
    }
}

/// What Foundation's `PropertyListSerialization` read, as a (normalized) value; anything it
/// returns that is not a plain plist type (its UIDs) becomes the UID marker.
func value(fromFoundation object: Any) -> PropertyListValue {
    if type(of: object) == Bool.self, let bool = object as? Bool { return .bool(bool) }
    if let string = object as? String { return .string(string) }
    if let data = object as? Data { return .data([UInt8](data)) }
    if let date = object as? Date { return .date(date.timeIntervalSinceReferenceDate) }
    if let number = object as? NSNumber {
        switch String(cString: number.objCType) {
        case "d": return .real(number.doubleValue)
        case "f": return .float(number.floatValue)
        case "Q" where number.uint64Value > UInt64(Int64.max): return .unsignedInteger(number.uint64Value)
        case "c" where type(of: object) == Bool.self: return .bool(number.boolValue)
        default: return .integer(number.int64Value)
        }
    }
    if let array = object as? [Any] { return .array(array.map { value(fromFoundation: $0) }) }
    if let dictionary = object as? [String: Any] {
        var result = PropertyListDictionary()
        for key in dictionary.keys.sorted() { result[key] = dictionary[key].map { value(fromFoundation: $0) } }
        return .dictionary(result)
    }
    return .string(uidMarker)
}

/// The largest subnormal `Double`.
let largestSubnormal = Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)

/// A value holding every kind of scalar and container, with edge cases (no UIDs: see
/// ``sampleWithUIDs``).
let sample: PropertyListValue = .dictionary([
    "string": .string("hello"),
    "empty string": .string(""),
    "long ascii": .string(String(repeating: "abcdefghij", count: 30)),
    "latin": .string("héllo wörld ñ"),
    "emoji": .string("😀 family 👨‍👩‍👧‍👦 flag 🇫🇷"),
    "cjk": .string("日本語のテキスト"),
    "xml specials": .string("<a & b> \"quoted\" 'single' ]]> &amp;"),
    "controls": .string("tab\there\r\nline\nend\u{1}"),
    "decomposed": .array([.string("caf\u{E9}"), .string("cafe\u{301}")]),
    "integers": .array(
        [0, 1, -1, 14, 15, 255, 256, 65535, 65536, -65536, 4_294_967_295, 4_294_967_296, .max, .min].map {
            PropertyListValue.integer($0)
        }),
    "unsigned": .array([.unsignedInteger(.max), .unsignedInteger(UInt64(Int64.max) + 1)]),
    "reals": .array(
        [
            0.0, -0.0, 1.0, -1.5, 0.1, .pi, 1e300, -1e-300, 1e15, 123_456_789_012_345.0, 1e16, 2.5e-5,
            .leastNonzeroMagnitude, .leastNormalMagnitude, largestSubnormal, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, Double(Float.pi),
        ].map { PropertyListValue.real($0) }),
    "bools": .array([.bool(true), .bool(false), .bool(true)]),
    "dates": .array(
        [0, -1, 1, 86_400, 1_000_000_000, -978_307_200, -63_114_076_800, 2_000_000_000, 951_782_400].map {
            PropertyListValue.date($0)
        }),
    "data": .array([
        .data([]), .data([0]), .data([0, 1]), .data([0, 1, 2]), .data(Array(0...255)),
        .data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }),
    ]),
    "empty array": .array([]),
    "empty dict": .dictionary([:]),
    "nested": .array([
        .array([.array([.dictionary(["deep": .array([.string("bottom")])])])]),
        .dictionary(["z": .integer(1), "a": .integer(2), "m": .dictionary(["": .string("empty key")])]),
    ]),
    "many": .array((0..<300).map { .string("item \($0 % 20)") }),
    "keys ünïcode 🔑": .bool(true),
])

/// ``sample`` with UIDs of every size, as keyed archives use them.
let sampleWithUIDs: PropertyListValue = .dictionary([
    "sample": sample,
    "uids": .array([.uid(0), .uid(1), .uid(255), .uid(256), .uid(65_536), .uid(4_294_967_296), .uid(.max), .uid(1)]),
    "$top": .dictionary(["root": .uid(1)]),
])

/// Decodes, expecting a `SerializationError`; returns it (or nil if decoding succeeded or threw
/// something else).
func decodeError(_ bytes: [UInt8], limits: PropertyListLimits = .default) -> SerializationError? {
    do {
        _ = try PropertyList.decode(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
