import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// An object of a subclass of a Foundation class reads as that class only when the class's
/// decoder reads every key it has; otherwise it is kept whole, as any class this reader does not
/// know, rather than read as its superclass with its own keys lost (an `NSCountedSet` as an empty
/// `NSSet`) or refused (an `NSDecimalNumber` as an `NSNumber` without `NS.intval`).
@Suite struct FoundationSubclassTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(registry: try Registry())
    }

    @Test func aCountedSetKeepsItsCounts() throws {
        let file = "mac/scf-NSCountedSet-NumbersAppearingSeveralTimes.archive"
        let set = try #require(try codec.decode(Any?.self, from: FixtureFiles.bytes(file)) as? UnknownObject)
        #expect(set.archiveClass.chain == ["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"])
        let count = try #require(ValueConversion.convert(set.field("NS.count") ?? nil, to: Int.self))
        #expect(count > 0)
        let counts = (0..<count).compactMap { ValueConversion.convert(set.field("NS.count\($0)") ?? nil, to: Int.self) }
        #expect(counts.count == count && counts.contains { $0 > 1 })
        #expect((0..<count).allSatisfy { set.field("NS.object\($0)") != nil })
        // Written back, it is the same object.
        let again = try #require(try codec.decode(Any?.self, from: try codec.encode(set)) as? UnknownObject)
        #expect(again.archiveClass.chain == set.archiveClass.chain)
        #expect(ArchiveGraph.equal(again, set))
    }

    static func archive(className: String, superclasses: [String], keys: String) -> [UInt8] {
        let classes = ([className] + superclasses).map { "<string>\($0)</string>" }.joined()
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$objects</key><array>
            <string>$null</string>
            <dict>\(keys)<key>$class</key><dict><key>CF$UID</key><integer>3</integer></dict></dict>
            <string>one</string>
            <dict><key>$classname</key><string>\(className)</string><key>$classes</key><array>\(classes)</array></dict>
            </array></dict></plist>
            """.utf8)
    }

    @Test func aDecimalNumberIsKeptWhole() throws {
        // As Interface Builder archives a formatter's limits (10.5 and later).
        let bytes = Self.archive(
            className: "NSDecimalNumberPlaceholder",
            superclasses: ["NSDecimalNumber", "NSNumber", "NSValue", "NSObject"],
            keys: """
                <key>NS.exponent</key><integer>0</integer><key>NS.length</key><integer>1</integer>
                <key>NS.negative</key><false/><key>NS.compact</key><true/><key>NS.mantissa.bo</key><integer>1</integer>
                <key>NS.mantissa</key><data>AQAAAAAAAAAAAAAAAAAAAA==</data>
                """)
        let number = try #require(try codec.decode(Any?.self, from: bytes) as? UnknownObject)
        #expect(number.archiveClass.name == "NSDecimalNumberPlaceholder")
        #expect(number.field("NS.length") as? Int == 1)
    }

    @Test func aSubclassWithItsSuperclassKeysReadsAsTheSuperclass() throws {
        let bytes = Self.archive(
            className: "AppList", superclasses: ["NSArray", "NSObject"],
            keys: "<key>NS.objects</key><array><dict><key>CF$UID</key><integer>2</integer></dict></array>")
        let list = try #require(try codec.decode(Any?.self, from: bytes) as? [Any?])
        #expect(list.count == 1 && list.first as? String == "one")
        let withMore = Self.archive(
            className: "AppList", superclasses: ["NSArray", "NSObject"],
            keys: """
                <key>NS.objects</key><array><dict><key>CF$UID</key><integer>2</integer></dict></array>
                <key>AppTitle</key><dict><key>CF$UID</key><integer>2</integer></dict>
                """)
        let kept = try #require(try codec.decode(Any?.self, from: withMore) as? UnknownObject)
        #expect(kept.field("AppTitle") as? String == "one")
        #expect(kept.field("NS.objects") as? [Any?] != nil)
    }

    @Test func theDynamicPathKeepsAnAppSubclassWithItsClass() throws {
        // The registry of schemas (the tool's) writes what it read: the app's class, not
        // Foundation's, for a list, a string, a date and a dictionary.
        let dynamic = KeyedArchiveCodec(registry: try Registry(schemas: SchemaSet()))
        let cases: [(String, [String], String)] = [
            (
                "MyApp.List", ["NSMutableArray", "NSArray", "NSObject"],
                "<key>NS.objects</key><array><dict><key>CF$UID</key><integer>2</integer></dict></array>"
            ),
            ("MyApp.Str", ["NSString", "NSObject"], "<key>NS.string</key><string>hi</string>"),
            ("MyApp.Date", ["NSDate", "NSObject"], "<key>NS.time</key><real>5</real>"),
        ]
        for (name, superclasses, keys) in cases {
            let bytes = Self.archive(className: name, superclasses: superclasses, keys: keys)
            let object = try #require(try dynamic.decode(Any?.self, from: bytes) as? UnknownObject)
            #expect(object.archiveClass.chain == [name] + superclasses)
            let again = try #require(
                try dynamic.decode(Any?.self, from: dynamic.encode(object as Any?)) as? UnknownObject)
            #expect(again.archiveClass.chain == [name] + superclasses)
            #expect(ArchiveGraph.equal(again, object))
        }
        // A typed slot still reads the Foundation value.
        let list = try dynamic.decode(
            [String].self,
            from: Self.archive(
                className: "MyApp.List", superclasses: ["NSArray", "NSObject"],
                keys: "<key>NS.objects</key><array><dict><key>CF$UID</key><integer>2</integer></dict></array>"))
        #expect(list == ["one"])
    }

    @Test func theDynamicPathKeepsWholeWhatAFoundationDecoderWouldDrop() throws {
        // Keys no decoder of the class reads, and an indexed form with a gap: kept whole, through
        // a keyed archive and a readable document, rather than read with entries dropped.
        let registry = try Registry(schemas: SchemaSet())
        let dynamic = KeyedArchiveCodec(registry: registry)
        let readable = ReadableCodec(registry: registry, format: .json)
        let one = "<dict><key>CF$UID</key><integer>2</integer></dict>"
        let cases: [(String, String, [String])] = [
            ("NSArray", "<key>NS.objects</key><array>\(one)</array><key>extra</key>\(one)", ["NS.objects", "extra"]),
            ("NSArray", "<key>NS.object.0</key>\(one)<key>NS.object.2</key>\(one)", ["NS.object.0", "NS.object.2"]),
            ("NSDictionary", "<key>NS.key.0</key>\(one)<key>NS.object.1</key>\(one)", ["NS.key.0", "NS.object.1"]),
        ]
        for (name, keys, fields) in cases {
            let bytes = Self.archive(className: name, superclasses: ["NSObject"], keys: keys)
            let object = try #require(try dynamic.decode(Any?.self, from: bytes) as? UnknownObject)
            #expect(object.archiveClass.name == name)
            #expect(Set(object.fields.keys) == Set(fields))
            let throughJSON = try #require(
                try readable.decode(Any?.self, from: readable.encode(object as Any?)) as? UnknownObject)
            let back = try #require(
                try dynamic.decode(Any?.self, from: dynamic.encode(throughJSON as Any?)) as? UnknownObject)
            #expect(ArchiveGraph.equal(back, object))
        }
        // The whole forms still read as Swift values.
        let indexed = Self.archive(
            className: "NSArray", superclasses: ["NSObject"], keys: "<key>NS.object.0</key>\(one)")
        #expect(try dynamic.decode(Any?.self, from: indexed) as? [Any?] != nil)
    }

    @Test func aUUIDWithoutSixteenBytesIsKeptWhole() throws {
        // As in an archive edited by hand.
        let bytes = Self.archive(
            className: "NSUUID", superclasses: ["NSObject"], keys: "<key>NS.uuidbytes</key><data>AAAAAA==</data>")
        let uuid = try #require(try codec.decode(Any?.self, from: bytes) as? UnknownObject)
        #expect(uuid.archiveClass.name == "NSUUID")
        #expect(uuid.field("NS.uuidbytes") as? Data == Data(count: 4))
        // Through a readable document, which names the class but has no `NS.uuidstring`.
        let readable = ReadableCodec(registry: codec.registry, format: .json)
        let back = try #require(
            try readable.decode(Any?.self, from: readable.encode(uuid as Any?)) as? UnknownObject)
        #expect(back.archiveClass.name == "NSUUID")
        #expect(back.field("NS.uuidbytes") as? Data == Data(count: 4))
    }
}

/// The elements of a list an unknown object stores in its own dictionary are references, as
/// Apple's archivers write `NS.objects` (numbers and booleans too); a list that holds numbers
/// itself, as another tool may write it, keeps them in line.
@Suite struct InlineListElementTests {
    /// An app's dictionary subclass (PyObjC's) whose `NS.objects` refers to a boolean, a real and
    /// a string; and a list of numbers held in line beside it.
    static let bytes: [UInt8] = {
        let uid = HandWrittenArchive.uid
        return HandWrittenArchive.xml(
            objects: "<dict><key>NS.keys</key><array>\(uid(2))\(uid(3))\(uid(4))</array>"
                + "<key>NS.objects</key><array>\(uid(5))\(uid(6))\(uid(2))</array>"
                + "<key>sizes</key><array><integer>1</integer><real>2.5</real>\(uid(3))</array>"
                + "<key>$class</key>\(uid(7))</dict>"
                + "<string>a</string><string>b</string><string>c</string><true/><real>2.7</real>"
                + HandWrittenArchive.classDescription([
                    "OC_BuiltinPythonDictionary", "NSMutableDictionary", "NSDictionary", "NSObject",
                ]))
    }()

    @Test(arguments: [false, true])
    func elementsStayReferencesOrInLineAsRead(throughJSON: Bool) throws {
        let registry = try Registry(schemas: SchemaSet())
        let keyed = KeyedArchiveCodec(registry: registry)
        let readable = ReadableCodec(registry: registry, format: .json)
        var object = try #require(try keyed.decode(Any?.self, from: Self.bytes) as? UnknownObject)
        #expect(object.inlineKeys == ["NS.keys", "NS.objects", "sizes"])
        #expect(object.inlineElementKeys == ["sizes"])
        if throughJSON {
            let document = try readable.encode(object as Any?)
            object = try #require(try readable.decode(Any?.self, from: document) as? UnknownObject)
            #expect(object.inlineElementKeys == ["sizes"])
        }
        let written = try PropertyList.decode(try keyed.encode(object as Any?)).value
        guard case .dictionary(let archive) = written, case .array(let objects)? = archive["$objects"],
            case .uid(let root)? = { if case .dictionary(let top)? = archive["$top"] { top["root"] } else { nil } }(),
            objects.indices.contains(Int(root)), case .dictionary(let fields) = objects[Int(root)]
        else {
            Issue.record("not a keyed archive: \(written)")
            return
        }
        func elements(_ key: String) -> [PropertyListValue] {
            if case .array(let list)? = fields[key] { list } else { [] }
        }
        // Every element of NS.objects a reference, the boolean and the real included.
        #expect(elements("NS.objects").count == 3)
        #expect(elements("NS.objects").allSatisfy(isReference))
        let referred = elements("NS.objects").compactMap { element -> PropertyListValue? in
            guard case .uid(let uid) = element, objects.indices.contains(Int(uid)) else { return nil }
            return objects[Int(uid)]
        }
        #expect(referred == [.bool(true), .real(2.7), .string("a")])
        // The list that held its numbers in line still does; its string is a reference.
        let sizes = elements("sizes")
        #expect(sizes.count == 3 && sizes.prefix(2) == [.integer(1), .real(2.5)])
        #expect(isReference(sizes.last), "the string of sizes: \(sizes)")
    }

    private func isReference(_ value: PropertyListValue?) -> Bool {
        if case .uid = value { true } else { false }
    }
}
