import Foundation
import SwiftKryo
import Testing

/// `kryo inspect` on keyed archives: real Apple archives, one our codec writes, class hints, and
/// malformed tables. Each expected dump was checked against the archive's plist (`plutil -p`
/// style reading of the fixtures, the XML our codec writes).
@Suite struct KeyedArchiveInspectorTests {
    @Test func appleFontArchive() throws {
        let dump = try KeyedArchiveInspector.inspect(try FixtureFiles.bytes("mac/dracula-Font.bplist"))
        #expect(
            dump.render() == """
                format: binary property list
                $archiver: "NSKeyedArchiver"
                $version: 100000
                $top:
                  root → #1 (NSFont)
                $objects: 4 entries
                  #0  $null
                  #1  NSFont (class #3: NSFont → NSObject)
                        NSSize 12.0
                        NSfFlags 16
                        NSName → #2 (NSString "SFMono-Regular")
                  #2  NSString "SFMono-Regular"
                  #3  class description NSFont → NSObject

                """)
        #expect(dump.objects[1].className == "NSFont")
        #expect(dump.problems.isEmpty)
    }

    @Test func appleSetArchive() throws {
        let dump = try KeyedArchiveInspector.inspect(try FixtureFiles.bytes("mac/scf-NSSet-Numbers.archive"))
        #expect(
            dump.render() == """
                format: binary property list
                $archiver: "NSKeyedArchiver"
                $version: 100000
                $top:
                  root → #1 (NSSet)
                $objects: 8 entries
                  #0  $null
                  #1  NSSet (class #7: NSSet → NSObject)
                        NS.objects [→ #2 (NSNumber 3), → #3 (NSNumber 2), → #4 (NSNumber 5), → #5 (NSNumber 1), → #6 (NSNumber 4)]
                  #2  NSNumber 3
                  #3  NSNumber 2
                  #4  NSNumber 5
                  #5  NSNumber 1
                  #6  NSNumber 4
                  #7  class description NSSet → NSObject

                """)
    }

    /// An XML archive: references are `{CF$UID: n}` dictionaries; one NSURL is the base of another.
    @Test func appleXMLURLArchive() throws {
        let dump = try KeyedArchiveInspector.inspect(
            try FixtureFiles.bytes("mac/scf-NSKeyedUnarchiver-URLTest.plist"))
        #expect(
            dump.render() == """
                format: XML property list
                $archiver: "NSKeyedArchiver"
                $version: 100000
                $top:
                  root → #1 (NSURL)
                $objects: 6 entries
                  #0  $null
                  #1  NSURL (class #4: NSURL → NSObject)
                        NS.base → #2 (NSURL)
                        NS.relative → #5 (NSString "foo.xml")
                  #2  NSURL (class #4: NSURL → NSObject)
                        NS.base → #0 (nil)
                        NS.relative → #3 (NSString "https://www.example.com")
                  #3  NSString "https://www.example.com"
                  #4  class description NSURL → NSObject
                  #5  NSString "foo.xml"

                """)
    }

    static let codecDump = """
        $archiver: "NSKeyedArchiver"
        $version: 100000
        $top:
          root → #1 (NSArray)
        $objects: 12 entries
          #0   $null
          #1   NSArray (class #11: NSArray → NSObject)
                 NS.objects [→ #2 (NSString "x"), → #3 (NSNumber 5), → #4 (NSNumber 1.5), → #5 (NSNumber true), → #6 (NSDictionary), → #10 (NSData <2 bytes: 01 02>)]
          #2   NSString "x"
          #3   NSNumber 5
          #4   NSNumber 1.5
          #5   NSNumber true
          #6   NSDictionary (class #9: NSDictionary → NSObject)
                 NS.keys [→ #7 (NSString "k")]
                 NS.objects [→ #8 (NSString "v")]
          #7   NSString "k"
          #8   NSString "v"
          #9   class description NSDictionary → NSObject
          #10  NSData <2 bytes: 01 02>
          #11  class description NSArray → NSObject

        """

    @Test("An archive our codec writes", arguments: [PropertyListFormat.xml, .binary])
    func codecArchive(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry(), format: format)
        let value: [Any?] = ["x", Int32(5), 1.5, true, ["k": "v"] as [String: Any?], Data([1, 2])]
        let dump = try KeyedArchiveInspector.inspect(try codec.encode(value))
        let header = "format: " + (format == .xml ? "XML" : "binary") + " property list\n"
        #expect(dump.render() == header + Self.codecDump)
    }

    static func uid(_ index: UInt64) -> PropertyListValue { .uid(index) }

    /// A UIColor with `$classhints`, a `$null` slot, a dangling reference and a bad `$class`.
    @Test func classHintsAndProblems() throws {
        let archive: PropertyListValue = .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(["root": Self.uid(1), "count": .integer(2)]),
            "$objects": .array([
                .string("$null"),
                .dictionary(["UIRed": .real(1), "UIAlpha": .real(0.5), "$class": Self.uid(2), "next": Self.uid(9)]),
                .dictionary([
                    "$classname": .string("UIColor"),
                    "$classes": .array([.string("UIColor"), .string("NSObject")]),
                    "$classhints": .array([.string("NSColor")]),
                ]),
                .dictionary(["$class": .string("NSThing")]),
                .dictionary(["$class": Self.uid(1)]),
            ]),
        ])
        let dump = try KeyedArchiveInspector.inspect(archive, format: .binary)
        #expect(
            dump.render() == """
                format: binary property list
                $archiver: "NSKeyedArchiver"
                $version: 100000
                $top:
                  root → #1 (UIColor)
                  count 2
                $objects: 5 entries
                  #0  $null
                  #1  UIColor (class #2: UIColor → NSObject; hints NSColor)
                        UIRed 1.0
                        UIAlpha 0.5
                        next → #9 (not an entry of $objects)
                  #2  class description UIColor → NSObject; hints NSColor
                  #3  object of unknown class
                  #4  object of unknown class (#1)
                problem: $objects[1].next: → #9 is not an entry of $objects (5 entries)
                problem: $objects[3].$class: is a string, not a UID
                problem: $objects[4].$class: → #1 is not a class description (no $classname)

                """)
    }

    /// A class description the reader would refuse (a chain holding a number) is a problem named
    /// as the reader names it; the dump still shows the dictionary.
    @Test func aClassDescriptionTheReaderRefusesIsAProblem() throws {
        let archive = PropertyListValue.dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary(["root": Self.uid(1)]),
            "$objects": .array([
                .string("$null"),
                .dictionary(["$class": Self.uid(2)]),
                .dictionary(["$classname": .string("Thing"), "$classes": .array([.string("Thing"), .integer(7)])]),
            ]),
        ])
        let dump = try KeyedArchiveInspector.inspect(archive, format: .binary)
        #expect(
            dump.problems == [
                "$objects[1].$class: → #2: expected class names (strings) in class dictionary 2, found the integer 7"
            ])
        #expect(dump.objects[1].className == "Thing")
        // The reader refuses the archive with the same words.
        let bytes = try PropertyList.encode(archive, format: .binary)
        let codec = KeyedArchiveCodec(registry: try Registry())
        #expect {
            try codec.decodeArchive(from: bytes)
        } throws: { error in
            "\(error)".contains("class names (strings) in class dictionary 2")
        }
    }

    @Test func unreadableArchivesThrowOneLine() throws {
        #expect(throws: KeyedArchiveInspectionError(path: "$objects", message: "missing")) {
            try KeyedArchiveInspector.inspect(.dictionary(["$top": .dictionary([:])]), format: .xml)
        }
        #expect(throws: KeyedArchiveInspectionError(path: "$objects", message: "is an integer, not an array")) {
            try KeyedArchiveInspector.inspect(.dictionary(["$objects": .integer(1)]), format: .xml)
        }
        #expect(
            throws: KeyedArchiveInspectionError(path: "", message: "the property list is an array, not a dictionary")
        ) {
            try KeyedArchiveInspector.inspect(.array([]), format: .binary)
        }
        do {
            _ = try KeyedArchiveInspector.inspect(Array("bplist00 garbage".utf8))
            Issue.record("garbage was inspected")
        } catch {
            #expect(error.description.hasPrefix("not a property list: "))
            #expect(!error.description.contains("\n"))
        }
    }

    /// Every truncation of a real archive either inspects or throws; never traps.
    @Test func truncatedArchivesNeverTrap() throws {
        let bytes = try FixtureFiles.bytes("mac/scf-NSSet-Numbers.archive")
        for count in 0..<bytes.count {
            _ = try? KeyedArchiveInspector.inspect(Array(bytes.prefix(count)))
        }
    }
}
