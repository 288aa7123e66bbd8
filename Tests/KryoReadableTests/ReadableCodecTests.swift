import Foundation
import SwiftKryo
import Testing

/// Every layout of the readable format, for tests that run on each.
let readableLayouts: [ReadableFormat] = [.json, .prettyJSON, .propertyList(.xml), .propertyList(.binary)]

@Suite struct ReadableCodecTests {
    let registry: Registry
    init() throws { registry = try readableRegistry() }

    func codec(_ format: ReadableFormat = .json, references: Bool = true) -> ReadableCodec {
        ReadableCodec(registry: registry, format: format, options: SerializationOptions(references: references))
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func smallGraphHasTheExpectedJSON() throws {
        let list = TodoList()
        list.name = "Home"
        let item = TodoItem("Milk", priority: 1)
        item.list = list
        list.items = [item]
        let json = text(try codec().encode(list))
        #expect(
            json
                == #"{"$class":"TodoList","items":[{"$class":"TodoItem","assignee":null,"done":false,"due":null,"#
                + #""estimate":0.0,"label":"Milk","list":{"$alias":"$root"},"priority":1}],"labels":{},"#
                + #""name":"Home","owner":null}"#)
    }

    @Test(arguments: readableLayouts) func graphWithSharingAndCyclesRoundTrips(format: ReadableFormat) throws {
        let bytes = try codec(format).encode(sampleList())
        let list = try codec(format).decode(TodoList.self, from: bytes)
        #expect(list.name == "Home")
        #expect(list.labels == ["color": "blue", "icon": "house"])
        #expect(list.items.map(\.label) == ["Milk", "Paint the fence"])
        #expect(list.items.map(\.priority) == [1, 3])
        #expect(list.items.map(\.estimate) == [0.25, 0.75])
        #expect(list.items.map(\.done) == [false, true])
        #expect(list.items[0].due == nil)
        #expect(list.items[1].due == Date(timeIntervalSinceReferenceDate: 800_000_000))
        // Cycles: every item points back at the list; sharing: one Bob, whose best friend is Ann.
        #expect(list.items.allSatisfy { $0.list === list })
        let ann = try #require(list.owner)
        let bob = try #require(list.items[0].assignee)
        #expect(list.items[1].assignee === bob)
        #expect(ann.friends.first === bob)
        #expect(bob.best === ann)
        #expect(bob.name == "Bob" && ann.name == "Ann")
    }

    @Test func aliasesNameTheFirstKeyPathOfEachObject() throws {
        let json = text(try codec().encode(sampleList()))
        #expect(json.contains(#""list":{"$alias":"$root"}"#))
        // Bob is first written as Ann's friend (fields are written in Java's order: items before owner,
        // so Bob first appears as the first item's assignee).
        #expect(json.contains(#""assignee":{"$alias":"items.0.assignee"}"#))
        #expect(json.contains(#""best":{"$alias":"items.0.assignee.best"}"#) == false)
    }

    @Test func withoutReferencesSharedObjectsAreCopied() throws {
        let ann = Person("Ann")
        let list = TodoList()
        list.items = [TodoItem("a"), TodoItem("b")]
        for item in list.items { item.assignee = ann }
        let bytes = try codec(references: false).encode(list)
        #expect(!text(bytes).contains("$alias"))
        let back = try codec(references: false).decode(TodoList.self, from: bytes)
        #expect(back.items[0].assignee !== back.items[1].assignee)
        #expect(back.items.map { $0.assignee?.name } == ["Ann", "Ann"])
    }

    @Test func outputIsDeterministic() throws {
        let first = try codec().encode(sampleList())
        for _ in 0..<5 { #expect(try codec().encode(sampleList()) == first) }
        // A Swift dictionary is written in key order, whatever its hash order.
        let settings = Settings()
        settings.values = Dictionary(uniqueKeysWithValues: (0..<50).map { ("key\($0)", "\($0)") })
        let json = text(try codec().encode(settings))
        let keys = (0..<50).map { "key\($0)" }.sorted()
        let positions = keys.compactMap { json.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions.count == 50 && positions == positions.sorted())
    }

    @Test func prettyJSONIsIndented() throws {
        let person = Person("Ann")
        let json = text(try codec(.prettyJSON).encode(person))
        #expect(
            json == """
                {
                  "$class": "Person",
                  "best": null,
                  "friends": [],
                  "name": "Ann"
                }

                """)
    }

    @Test(arguments: readableLayouts) func layoutIsDetectedWhenReading(format: ReadableFormat) throws {
        let bytes = try codec(format).encode(Person("Ann"))
        // Decoded by a codec that names another layout.
        let person = try codec(.propertyList(.binary)).decode(Person.self, from: bytes)
        #expect(person.name == "Ann")
        #expect(try ReadableCodec.document(from: bytes).format == (format == .prettyJSON ? .json : format))
    }

    @Test(arguments: readableLayouts) func userDictionariesWithReservedKeysRoundTrip(format: ReadableFormat) throws {
        let settings = Settings()
        settings.values = [
            "$class": "not a class", "$alias": "not an alias", "$data": "not data", "$$two": "dollars",
            "a.b": "dotted", "back\\slash": "slash", "": "empty",
        ]
        let ann = Person("Ann")
        settings.shared = ["first.name": ann, "$alias": ann, "x": Person("Xavier")]
        let bytes = try codec(format).encode(settings)
        let back = try codec(format).decode(Settings.self, from: bytes)
        #expect(back.values == settings.values)
        #expect(Set(back.shared.keys) == ["first.name", "$alias", "x"])
        #expect(back.shared["first.name"]?.name == "Ann")
        #expect(back.shared["first.name"] === back.shared["$alias"])
        #expect(back.shared["x"]?.name == "Xavier")
    }

    @Test func reservedKeysAreEscapedWithOneMoreDollar() throws {
        let settings = Settings()
        settings.values = ["$class": "x"]
        let ann = Person("Ann")
        settings.shared = ["a.b": ann, "c": ann]
        let json = text(try codec().encode(settings))
        #expect(json.contains(#""values":{"$$class":"x"}"#))
        #expect(json.contains(#""c":{"$alias":"shared.a\\.b"}"#))
    }

    @Test(arguments: readableLayouts) func numbersRoundTripExactly(format: ReadableFormat) throws {
        let value = Extremes()
        value.small = .min
        value.large = .max
        value.byte = -128
        value.char = 0xFFFF
        value.single = .leastNonzeroMagnitude
        value.double = 0.1
        value.doubles = [
            .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 1e16, 123456.789, .nan, .infinity, -.infinity,
        ]
        value.floats = [.nan, -.infinity, 3.4028235e38]
        value.anything = [Int64.min, UInt64.max, 2.5, true, "text", nil]
        let bytes = try codec(format).encode(value)
        let back = try codec(format).decode(Extremes.self, from: bytes)
        #expect(back.small == .min && back.large == .max && back.byte == -128 && back.char == 0xFFFF)
        #expect(back.single == .leastNonzeroMagnitude && back.double == 0.1)
        #expect(back.doubles.map(\.bitPattern) == value.doubles.map(\.bitPattern))
        #expect(back.floats.map(\.bitPattern) == value.floats.map(\.bitPattern))
        #expect(back.anything.count == 6)
        #expect(back.anything[0] as? Int == Int(Int64.min))
        #expect(back.anything[1] as? UInt64 == .max)
        #expect(back.anything[2] as? Double == 2.5)
        #expect(back.anything[3] as? Bool == true)
        #expect(back.anything[4] as? String == "text")
        #expect(back.anything[5] == nil)
    }

    @Test(arguments: [(UInt16(0xE9), #""char":"é""#), (0x41, #""char":"A""#), (0xD800, #""char":55296"#)])
    func aCharIsAOneCharacterStringAndAnUnpairedSurrogateANumber(char: UInt16, written: String) throws {
        let value = Extremes()
        value.char = char
        let json = text(try codec().encode(value))
        #expect(json.contains(written))
        #expect(try codec().decode(Extremes.self, from: Array(json.utf8)).char == char)
    }

    @Test func aCharOfTwoCodeUnitsIsAnError() throws {
        let json = #"{"$class":"test.Extremes","char":"😀"}"#
        #expect {
            try codec().decode(Extremes.self, from: Array(json.utf8))
        } throws: { error in
            "\(error)"
                == #"invalidValue: expected one character of one UTF-16 code unit, or its number, found the string "😀" (path: char)"#
        }
    }

    @Test func nonFiniteNumbersAreStringsInJSON() throws {
        let value = Extremes()
        value.double = .nan
        value.doubles = [.infinity, -.infinity]
        let json = text(try codec().encode(value))
        #expect(json.contains(#""double":"NaN""#))
        #expect(json.contains(#""doubles":["Infinity","-Infinity"]"#))
    }

    @Test(arguments: readableLayouts) func codableAndEnumValuesRoundTrip(format: ReadableFormat) throws {
        let values: [Any?] = [Point(x: 1.5, y: -2, label: "origin"), Priority.high, Point(x: 0, y: 0, label: nil)]
        let bytes = try codec(format).encode(values)
        let back = try codec(format).decode([Any?].self, from: bytes)
        #expect(back.count == 3)
        #expect(back[0] as? Point == Point(x: 1.5, y: -2, label: "origin"))
        #expect(back[1] as? Priority == .high)
        #expect(back[2] as? Point == Point(x: 0, y: 0, label: nil))
    }

    @Test func dataAndDatesTakeHRCodersJSONForms() throws {
        let values: [Any?] = [Data([0, 1, 2, 250]), Date(timeIntervalSinceReferenceDate: 12.5), NSNull()]
        let json = text(try codec().encode(values))
        #expect(
            json == #"[{"$class":"NSData","$data":"AAEC+g=="},{"$class":"NSDate","NS.time":12.5},null]"#)
        let back = try codec().decode([Any?].self, from: Array(json.utf8))
        #expect(back[0] as? Data == Data([0, 1, 2, 250]))
        #expect(back[1] as? Date == Date(timeIntervalSinceReferenceDate: 12.5))
        #expect(back[2] == nil)
    }

    @Test func nullIsAnNSNullDictionaryInPlists() throws {
        let xml = text(try codec(.propertyList(.xml)).encode([nil, "x"] as [String?]))
        #expect(xml.contains("<key>$class</key>\n\t\t<string>NSNull</string>"))
        let back = try codec().decode([String?].self, from: Array(xml.utf8))
        #expect(back == [nil, "x"])
    }

    @Test(arguments: readableLayouts) func foundationValuesRoundTrip(format: ReadableFormat) throws {
        let url = try #require(URL(string: "docs/a.txt", relativeTo: URL(string: "https://example.org/base/")))
        let uuid = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
        let values: [Any?] = [
            url, uuid, Set(["b", "a"]), OrderedSet([3, 1, 2]), [1: "one", 2: "two"] as [Int: String],
            NSMutableString(string: "mutable"), NSMutableData(bytes: [9, 8] as [UInt8], length: 2),
        ]
        let bytes = try codec(format).encode(values)
        let back = try codec(format).decode([Any?].self, from: bytes)
        #expect((back[0] as? URL)?.absoluteString == "https://example.org/base/docs/a.txt")
        #expect((back[0] as? URL)?.relativeString == "docs/a.txt")
        #expect(back[1] as? UUID == uuid)
        #expect(back[2] as? Set<AnyHashable> == ["a", "b"])
        #expect((back[3] as? OrderedSet<AnyHashable>).map(Array.init) == [3, 1, 2])
        #expect(back[4] as? [AnyHashable: Any?] != nil)
        let map = try codec(format).decode([Int: String].self, from: codec(format).encode(values[4]))
        #expect(map == [1: "one", 2: "two"])
        #expect((back[5] as? NSMutableString).map { $0 as String } == "mutable")
        #expect((back[6] as? NSMutableData).map { [UInt8]($0 as Data) } == [9, 8])
    }

    @Test func sharedMutableStringIsOneObject() throws {
        let shared = NSMutableString(string: "shared")
        let bytes = try codec().encode([shared, shared] as [Any])
        #expect(text(bytes).contains(#"{"$alias":"0"}"#))
        let back = try codec().decode([Any?].self, from: bytes)
        let first = try #require(back[0] as? NSMutableString)
        #expect(back[1] as? NSMutableString === first)
    }

    @Test func encodingToAFileIsAtomic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("list.json")
        try registry.encode(sampleList(), as: .readable(.prettyJSON), to: file)
        let before = try Data(contentsOf: file)
        // An unregistered type fails the encode: the file keeps what it had.
        final class Unregistered {}
        #expect(throws: SerializationError.self) {
            try registry.encode([Unregistered()], as: .readable(.json), to: file)
        }
        #expect(try Data(contentsOf: file) == before)
        let list = try registry.decode(TodoList.self, fromFileAt: file, as: .readable(.json))
        #expect(list.items.count == 2)
    }
}
