import KryoCore
import KryoPlist
import KryoReadable
import Testing

@Suite struct ReadableValueTests {
    @Test func nullIsAnNSNullDictionaryInAPlist() {
        #expect(ReadableValue.null.propertyListValue(layout: .binary) == .dictionary(["$class": .string("NSNull")]))
    }

    @Test func xmlKeepsFractionalDatesAsNSDateDictionaries() {
        let whole = ReadableValue.date(800_000_000)
        let fractional = ReadableValue.date(800_000_000.25)
        #expect(whole.propertyListValue(layout: .xml) == .date(800_000_000))
        #expect(fractional.propertyListValue(layout: .binary) == .date(800_000_000.25))
        #expect(
            fractional.propertyListValue(layout: .xml)
                == .dictionary(["$class": .string("NSDate"), "NS.time": .real(800_000_000.25)]))
    }

    @Test func aPlistValueConvertsAndAUIDIsRefusedWithItsPath() throws {
        let plist = PropertyListValue.dictionary(["a": .array([.integer(1), .data([2]), .bool(true)])])
        #expect(
            try ReadableValue(propertyList: plist)
                == .dictionary(["a": .array([.integer(1), .data([2]), .bool(true)])]))
        let archive = PropertyListValue.dictionary(["objects": .array([.string("x"), .uid(3)])])
        let error = try #require(throws: SerializationError.self) { try ReadableValue(propertyList: archive) }
        #expect(error.path == ["objects", "1"])
    }

    @Test func keyPathsEscapeDotsAndBackslashes() {
        let components = ["shared", "a.b", "c\\d", "0"]
        let path = ReadableKeys.path(components)
        #expect(path == #"shared.a\.b.c\\d.0"#)
        #expect(ReadableKeys.components(of: path) == components)
        #expect(ReadableKeys.components(of: "$root") == [])
        #expect(ReadableKeys.components(of: "$root.items.0") == ["items", "0"])
        #expect(ReadableKeys.components(of: #"bad\"#) == nil)
        #expect(ReadableKeys.escape("$class") == "$$class")
        #expect(ReadableKeys.unescape("$$class") == "$class")
        #expect(ReadableKeys.unescape("$class") == nil)
    }
}
