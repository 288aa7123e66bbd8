import Foundation
import KryoCore
import KryoPlist
import Testing

/// The real Apple keyed archives in Tests/Fixtures/keyed.
@Suite struct FixtureTests {
    /// The `$objects` of a keyed archive.
    private func objects(_ archive: PropertyListValue) -> [PropertyListValue] {
        guard case .dictionary(let top) = archive, case .array(let objects)? = top["$objects"] else { return [] }
        return objects
    }

    private func containsUID(_ value: PropertyListValue) -> Bool {
        switch value {
        case .uid: return true
        case .array(let elements): return elements.contains(where: containsUID)
        case .dictionary(let dictionary): return dictionary.values.contains(where: containsUID)
        default: return false
        }
    }

    @Test(arguments: Fixtures.names)
    func everyFixtureDecodesAndReencodesInBothFormats(name: String) throws {
        let (value, format) = try PropertyList.decode(try Fixtures.bytes(name))
        #expect(format == (Fixtures.xmlNames.contains(name) ? .xml : .binary))
        guard case .dictionary(let top) = value else {
            Issue.record("the top object is not a dictionary")
            return
        }
        #expect(top["$version"] == .integer(100_000))
        #expect(objects(value).first == .string("$null"))
        #expect(containsUID(value))
        for format in [PropertyListFormat.binary, .xml] {
            let reencoded = try PropertyList.encode(value, format: format)
            let (decoded, detected) = try PropertyList.decode(reencoded)
            #expect(detected == format)
            // An XML plist has one kind of real: a 4-byte real comes back 8 bytes wide.
            #expect(identical(decoded, value, widening: format == .xml), "\(format)")
        }
    }

    /// The fixtures in which Apple's writer stored no scalar twice (the others repeat UIDs and
    /// some strings, which our writer stores once).
    static let uniquedFixtures = [
        "mac/dracula-BackgroundColor.bplist", "mac/dracula-Font.bplist",
        "mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist", "mac/scf-NSKeyedUnarchiver-URLTest.plist",
        "mac/scf-NSSet-Numbers.archive", "other/bpylist2-complex_archive.plist", "other/bpylist2-null_archive.plist",
    ]

    @Test(arguments: uniquedFixtures)
    func reencodingGivesApplesBytes(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let (value, format) = try PropertyList.decode(bytes)
        #expect(try PropertyList.encode(value, format: format) == bytes)
    }

    @Test(arguments: Set(Fixtures.names).subtracting(uniquedFixtures).sorted())
    func reencodingTheOthersIsSmaller(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let (value, format) = try PropertyList.decode(bytes)
        #expect(format == .binary)
        #expect(try PropertyList.encode(value, format: .binary).count < bytes.count)
    }

    @Test(arguments: Fixtures.names)
    func everyFixtureDecodesAsFoundationDoes(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let ours = try PropertyList.decode(bytes).value
        let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        #expect(normalized(ours) == value(fromFoundation: foundation))
    }

    @Test func xmlFixturesHoldUIDsWhereTheyHadCFUIDDictionaries() throws {
        let url = try PropertyList.decode(try Fixtures.bytes("mac/scf-NSKeyedUnarchiver-URLTest.plist")).value
        guard case .dictionary(let top) = url else {
            Issue.record("not a dictionary")
            return
        }
        #expect(top["$top"] == .dictionary(["root": .uid(1)]))
        let urlObjects = objects(url)
        #expect(urlObjects.count == 6)
        #expect(urlObjects[1] == .dictionary(["$class": .uid(4), "NS.base": .uid(2), "NS.relative": .uid(5)]))
        #expect(urlObjects[3] == .string("https://www.example.com"))

        let concrete = try PropertyList.decode(try Fixtures.bytes("mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist"))
        let concreteObjects = objects(concrete.value)
        #expect(concreteObjects.count == 6)
        #expect(concreteObjects[2] == .string("[3i]"))
        #expect(
            concreteObjects[3]
                == .dictionary([
                    "$0": .integer(1), "$1": .integer(2), "$2": .integer(3), "$class": .uid(4), "NS.count": .integer(3),
                    "NS.size": .integer(4), "NS.type": .integer(105),
                ]))
    }

    @Test func binaryFixturesHoldTheirKnownFacts() throws {
        let font = objects(try PropertyList.decode(try Fixtures.bytes("mac/dracula-Font.bplist")).value)
        #expect(font.count == 4)
        #expect(
            font[1]
                == .dictionary(["NSSize": .real(12), "NSfFlags": .integer(16), "NSName": .uid(2), "$class": .uid(3)]))
        #expect(font[2] == .string("SFMono-Regular"))

        let session = try PropertyList.decode(try Fixtures.bytes("ios/notability-sample-Session.plist")).value
        guard case .dictionary(let top) = session else {
            Issue.record("not a dictionary")
            return
        }
        #expect(top["$archiver"] == .string("GLKeyedArchiver"))
        #expect(top["$top"] == .dictionary(["$0": .uid(1)]))
        #expect(objects(session).count == 161)
        #expect(objects(session).contains(.string("Image with caption")))

        let latexit = objects(
            try PropertyList.decode(try Fixtures.bytes("mac/latexit-linkback-HistoryItem.bplist")).value)
        #expect(latexit.count == 26)
        #expect(
            latexit.contains {
                guard case .string(let text) = $0 else { return false }
                return text.contains("caractères accentués")
            })
    }
}
