import KryoCore
import KryoPlist
import Testing

/// A key twice in one dictionary of an XML plist, which a file edited by hand may hold: an error,
/// as in JSON documents, where the last value silently won. (A binary plist, which no person
/// writes, keeps the key's first place and last value, as CoreFoundation reads it.)
@Suite struct DuplicateKeyTests {
    @Test func anXMLDictionaryHoldsAKeyOnce() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>amount</key><string>1</string><key>amount</key><string>2</string></dict></plist>
            """
        let error = try #require(throws: SerializationError.self) { try PropertyList.decode(Array(text.utf8)) }
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "keys that differ within one <dict>")
        #expect(error.found == "the key 'amount' again at line 2, column 63")
        let once = text.replacingOccurrences(of: "<key>amount</key><string>2</string>", with: "")
        #expect(try PropertyList.decode(Array(once.utf8)).value == .dictionary(["amount": .string("1")]))
    }
}
