import FoundationEssentials
import Testing

@testable import KryoCore

/// The stable order of unordered collections (``StableOrder``), as Docs/Guide.md documents it.
@Suite struct StableOrderTests {
    @Test("Strings sort by Unicode scalar value, not by UTF-16 code unit as Java does")
    func strings() {
        let keys: Set<String> = ["b", "a", "B", "é", "Z", "aa", "😀", "\u{FFFF}", ""]
        #expect(StableOrder.sorted(keys) == ["", "B", "Z", "a", "aa", "b", "é", "\u{FFFF}", "😀"])
    }

    @Test("Integers and floating-point numbers sort by value, NaN last")
    func numbers() {
        #expect(StableOrder.sorted(Set<Int32>([10, -5, 9, 0, .min])) == [.min, -5, 0, 9, 10])
        #expect(StableOrder.sorted(Set<UInt64>([.max, 1, 0])) == [0, 1, .max])
        let doubles = StableOrder.sorted([Double.nan, 1.5, -0.5, .infinity, -.infinity])
        #expect(doubles.dropLast() == [-.infinity, -0.5, 1.5, .infinity])
        #expect(doubles.last?.isNaN == true)
    }

    @Test("A dictionary's entries sort by key; its positions say where each entry goes")
    func entries() {
        let dictionary: [String: Int] = ["c": 3, "a": 1, "b": 2]
        #expect(StableOrder.sortedEntries(dictionary).map(\.key) == ["a", "b", "c"])
        let keys = Array(dictionary.keys)
        #expect(StableOrder.positions(dictionary.keys).map { keys[$0] } == ["a", "b", "c"])
    }

    @Test("Mixed keys: nil, booleans, numbers by value across types, strings, then others by type name")
    func mixed() throws {
        let early = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        let late = try #require(UUID(uuidString: "F0000000-0000-0000-0000-000000000000"))
        let keys: [Any?] = [
            late, "x", Int64(-3), true, SharedString("m"), UInt8(7), nil, 1.5, "A", false, Int32(2),
            JavaLocalDate(year: 2020, month: 1, day: 2), early, Float(2.5),
        ]
        let sorted = StableOrder.sorted(keys).map(Self.describe)
        #expect(
            sorted == [
                "nil", "Bool false", "Bool true", "Int64 -3", "Double 1.5", "Int32 2", "Float 2.5", "UInt8 7",
                "String A", "SharedString m", "String x",
                // Others by type name (FoundationEssentials.UUID before KryoCore.JavaLocalDate), then by value.
                "UUID \(early)", "UUID \(late)", "JavaLocalDate JavaLocalDate(year: 2020, month: 1, day: 2)",
            ])
    }

    @Test("Equal numbers of different types sort by type name; large integers against doubles exactly")
    func numbersAcrossTypes() {
        let keys: [Any?] = [Int64(1), Int32(1), 1.0, UInt64.max, 18_446_744_073_709_551_616.0, Int64.max]
        #expect(
            StableOrder.sorted(keys).map(Self.describe) == [
                "Double 1.0", "Int32 1", "Int64 1", "Int64 \(Int64.max)", "UInt64 \(UInt64.max)",
                "Double 1.8446744073709552e+19",
            ])
        // 2^53 + 1 is not a Double: the integer sorts after the Double 2^53.
        let near: [Any?] = [Int64(9_007_199_254_740_993), 9_007_199_254_740_992.0]
        #expect(
            StableOrder.sorted(near).map(Self.describe) == ["Double 9007199254740992.0", "Int64 9007199254740993"])
    }

    @Test("AnyHashable keys of one type sort as that type's keys do")
    func anyHashable() {
        let keys: Set<AnyHashable> = [Int32(10), Int32(9), Int32(-1)]
        #expect(StableOrder.sorted(keys) == [AnyHashable(Int32(-1)), AnyHashable(Int32(9)), AnyHashable(Int32(10))])
    }

    enum Shade: JavaEnum {
        case light, dark, abyss
        static var javaClassName: String { "test.Shade" }
    }

    @Test("Java enum keys sort by ordinal")
    func javaEnums() {
        #expect(StableOrder.sorted(Set<Shade>([.abyss, .light, .dark])) == [.light, .dark, .abyss])
    }

    /// Comparable by `rank` alone: distinct values can tie.
    struct Ranked: Comparable, Hashable, CustomStringConvertible {
        let rank: Int
        let name: String
        static func < (lhs: Ranked, rhs: Ranked) -> Bool { lhs.rank < rhs.rank }
        var description: String { "\(rank)\(name)" }
    }

    @Test("Distinct values that a type's < leaves unordered sort by description")
    func ties() {
        let values: Set<Ranked> = [
            Ranked(rank: 2, name: "b"), Ranked(rank: 1, name: "z"), Ranked(rank: 2, name: "a"),
            Ranked(rank: 1, name: "y"), Ranked(rank: 0, name: "q"),
        ]
        #expect(StableOrder.sorted(values).map(\.description) == ["0q", "1y", "1z", "2a", "2b"])
    }

    private static func describe(_ value: Any?) -> String {
        guard let value = ValueConversion.flatten(value) else { return "nil" }
        let type = String(describing: Swift.type(of: value))
        if let shared = value as? SharedString { return "\(type) \(shared.value)" }
        return "\(type) \(value)"
    }
}
