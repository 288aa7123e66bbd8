import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// The object table the keyed backend builds, checked entry by entry against Apple's layout.
@Suite struct KeyedArchiveObjectTableTests {
    @Test func scalarsAreStoredInTheObjectAndStringsByReference() throws {
        let codec = KeyedArchiveCodec(registry: try keyedRegistry())
        let archive = try codec.archive(sampleNotes())
        #expect(archive.archiver == "NSKeyedArchiver")
        #expect(archive.version == 100_000)
        #expect(archive.objects.first == .string("$null"))
        guard case .uid(let rootUID)? = archive.top["root"], case .dictionary(let root) = archive.objects[Int(rootUID)]
        else {
            Issue.record("no root object: \(archive.top)")
            return
        }
        #expect(root["pages"] == .integer(3))
        #expect(root["rating"] == .real(4.5))
        #expect(root["pinned"] == .bool(true))
        guard case .uid(let titleUID)? = root["title"] else {
            Issue.record("title is not a reference")
            return
        }
        #expect(archive.objects[Int(titleUID)] == .string("Groceries"))
        guard case .uid(let classUID)? = root["$class"],
            case .dictionary(let description) = archive.objects[Int(classUID)]
        else {
            Issue.record("no class")
            return
        }
        #expect(description["$classname"] == .string("KryoTests.Note"))
        #expect(description["$classes"] == .array([.string("KryoTests.Note"), .string("NSObject")]))
        // A nil field is a reference to $null.
        #expect(root["comment"] == .uid(0))
    }

    /// Swift's `==` finds "\u{E9}" and "e\u{301}" equal; an archive keeps each with its bytes,
    /// as Apple's archiver (which compares `NSString`s code unit by code unit) does.
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func canonicallyEquivalentStringsKeepTheirBytes(format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry { Register([Any?].self, id: 10) }, format: format)
        let strings = ["\u{E9}", "e\u{301}", "\u{E9}", "K", "\u{212A}"]
        let archive = try codec.archive(strings.map { $0 as Any? })
        let inline = archive.objects.compactMap { entry -> String? in
            if case .string(let string) = entry { return string }
            return nil
        }
        // $null, then each distinct sequence of bytes once.
        #expect(
            inline.map { Array($0.utf8) } == ["$null", "\u{E9}", "e\u{301}", "K", "\u{212A}"].map { Array($0.utf8) })
        let back = try codec.decode([Any?].self, from: codec.encode(strings.map { $0 as Any? }))
        #expect(back.map { Array(($0 as? String ?? "").utf8) } == strings.map { Array($0.utf8) })
    }

    @Test func sharedObjectsAreWrittenOnceAndCyclesComeBack() throws {
        let codec = KeyedArchiveCodec(registry: try keyedRegistry())
        let notes = sampleNotes()
        let archive = try codec.archive(notes)
        let noteCount = archive.objects.filter { entry in
            guard case .dictionary(let entries) = entry, case .uid(let uid)? = entries["$class"],
                case .dictionary(let description) = archive.objects[Int(uid)]
            else { return false }
            return description["$classname"] == .string("KryoTests.Note")
        }.count
        #expect(noteCount == 3)

        let back = try codec.decode(Note.self, from: archive)
        #expect(back.title == "Groceries")
        #expect(back.pages == 3)
        #expect(back.rating == 4.5)
        #expect(back.pinned)
        #expect(back.created == notes.created)
        #expect(back.link == notes.link)
        #expect(back.id == notes.id)
        #expect(back.tags == ["food", "weekly", "$dollar"])
        #expect(back.counts == ["eggs": 12, "milk": 2])
        #expect(back.attachment == Data([0, 1, 2, 255]))
        #expect(back.children.map(\.title) == ["Bakery", "Dairy"])
        #expect(back.children.allSatisfy { $0.parent === back })
        #expect(back.children[1].comment == "under Groceries")
        #expect(back.comment == nil)
    }

    @Test func foundationValuesTakeApplesForms() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let value: [String: Any] = [
            "date": Date(timeIntervalSinceReferenceDate: 12.5), "uuid": UUID(), "null": NSNull(),
            "list": [1, 2], "set": Set(["a"]),
            "relative": URL(string: "c/d.html", relativeTo: URL(string: "http://example.org/a/b/")) as Any,
        ]
        let archive = try codec.archive(value)
        let classNames = Set(
            archive.objects.compactMap { entry -> String? in
                guard case .dictionary(let entries) = entry, case .string(let name)? = entries["$classname"] else {
                    return nil
                }
                return name
            })
        #expect(classNames == ["NSDictionary", "NSDate", "NSUUID", "NSNull", "NSArray", "NSSet", "NSURL"])
        let back = try codec.decode([String: Any].self, from: archive)
        #expect(back["date"] as? Date == Date(timeIntervalSinceReferenceDate: 12.5))
        #expect(back["uuid"] as? UUID == value["uuid"] as? UUID)
        #expect(back.keys.contains("null") && ValueConversion.flatten(back["null"] ?? nil) == nil)
        #expect((back["list"] as? [Any?])?.compactMap { $0 as? Int } == [1, 2])
        #expect(back["set"] as? Set<AnyHashable> == ["a"])
        let relative = back["relative"] as? URL
        #expect(relative?.relativeString == "c/d.html")
        #expect(relative?.baseURL?.absoluteString == "http://example.org/a/b/")
    }
}
