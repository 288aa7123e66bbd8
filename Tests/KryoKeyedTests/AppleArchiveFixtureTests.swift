import Foundation
import KryoPlist
import OrderedCollections
import SwiftKryo
import Testing

/// The real archives in Tests/Fixtures/keyed (written by macOS, iOS, Interface Builder, Terminal,
/// a subclass archiver, and one non-Apple writer): each decodes, the facts its README lists come
/// out of it, and it survives being written back and read again.
@Suite struct AppleArchiveFixtureTests {
    static let files = [
        "ios/notability-sample-Session.plist", "ios/notability-sample-metadata.plist",
        "ios/vectornator-textstorage-sizes-9runs.bplist", "ios/vectornator-textstorage-stroke.bplist",
        "ios/vectornator-textstorage-styles-7runs.bplist", "mac/dracula-BackgroundColor.bplist",
        "mac/dracula-Font.bplist", "mac/latexit-linkback-HistoryItem.bplist", "mac/nv-MainMenu.keyedobjects.nib",
        "mac/scf-NSAttributedString.archive", "mac/scf-NSKeyedUnarchiver-ComplexTest.plist",
        "mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist", "mac/scf-NSKeyedUnarchiver-URLTest.plist",
        "mac/scf-NSMutableAttributedString.archive", "mac/scf-NSOrderedSet-Numbers.archive",
        "mac/scf-NSSet-Numbers.archive", "other/bpylist2-circular_archive.plist",
        "other/bpylist2-complex_archive.plist", "other/bpylist2-date_archive.plist",
        "other/bpylist2-null_archive.plist", "other/bpylist2-nsmutabledata_archive.plist",
        "mac/sketch-granola-NSAttributedString-rgba.bplist", "mac/mailmate-HighScoreView.nib",
        "mac/sketch-paragraphStyle-NSMutableParagraphStyle.bplist",
        "ios/aztec-pasteboard-NSMutableAttributedString-ios.bplist",
        // Fetched for issue 22 (provenance in the README).
        "mac/scf-NSKeyedUnarchiver-RectTest.plist", "mac/scf-NSKeyedUnarchiver-RangeTest.plist",
        "mac/scf-NSKeyedUnarchiver-EdgeInsetsTest.plist", "mac/scf-NSKeyedUnarchiver-NotificationTest.plist",
        "mac/scf-NSKeyedUnarchiver-UUIDTest.plist", "mac/scf-NSKeyedUnarchiver-ArrayTest.plist",
        "mac/scf-NSTextCheckingResult-ComplexRegex.archive", "mac/scf-NSMeasurement-Length.archive",
        "mac/scf-NSIndexSet-ManyRanges.archive", "mac/scf-NSCountedSet-NumbersAppearingSeveralTimes.archive",
        "mac/scf-DateIntervalFormatter-ValuesSetWithTemplate.archive",
        "mac/hexfiend-HexFiendPluginLibrary.keyedobjects.nib", "mac/hexfiend-HexFiendling-MainMenu.keyedobjects.nib",
        "mac/vienna-Japanese-SearchFolder.keyedobjects.nib", "mac/vienna-English-Downloads.keyedobjects.nib",
        "mac/colorpalettecodable-DarkMailTopBar.clr", "mac/goios-Terminal-savedstate.plist",
        "mac/nskeyedarchiver-go-primitives.bin", "ios/goios-XCActivityRecord.bin",
        "ios/goios-xctestconfig-with-test-to-run.plist", "ios/goios-ax-audit-nsvalue.bin",
        "ios/goios-sysmontap-uint64-key-dictionary.bin", "other/kitinerary-apple-structured-data-train.plist",
    ]

    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(registry: try Registry())
    }

    private func root(_ file: String) throws -> Any? {
        try codec.decode(Any?.self, from: FixtureFiles.bytes(file))
    }

    @Test(arguments: files)
    func decodesAndSurvivesAWriteBack(file: String) throws {
        let archive = try KeyedArchive(bytes: FixtureFiles.bytes(file))
        let first = try codec.decodeTopLevel(from: archive)
        #expect(!first.isEmpty)
        for format in [PropertyListFormat.binary, .xml] {
            var writer = codec
            writer.format = format
            writer.archiver = archive.archiver
            let bytes = try writer.archive(topLevel: first).bytes(format: format)
            let second = try codec.decodeTopLevel(from: KeyedArchive(bytes: bytes))
            #expect(Array(second.keys) == Array(first.keys))
            for key in first.keys {
                #expect(
                    ArchiveGraph.equal(first[key] ?? nil, second[key] ?? nil, widening: format == .xml),
                    "\(file) \(key) in \(format)")
            }
        }
    }

    @Test func attributedStringWithSixRuns() throws {
        let string = try #require(try root("mac/scf-NSAttributedString.archive") as? UnknownObject)
        #expect(string.archiveClass.name == "NSAttributedString")
        #expect(string.field("NSString") as? String == "0123456789")
        let attributes = try #require(string.field("NSAttributes") as? [Any?])
        #expect(attributes.count == 4)
        let second = try #require(attributes[1] as? [AnyHashable: Any?])
        #expect(second["Font"] as? String == "Helvetica")
        #expect(ValueConversion.convert(second["Size"] ?? nil, to: Int.self) == 123)
        let info = try #require(string.field("NSAttributeInfo") as? NSMutableData)
        let runs = Self.runs([UInt8](info as Data))
        #expect(runs.map(\.length) == [1, 1, 4, 2, 1, 1])
        #expect(runs.map(\.index) == [0, 1, 2, 1, 3, 0])
        #expect(runs.map(\.length).reduce(0, +) == 10)
    }

    @Test func mutableAttributedStringKeepsAMutableString() throws {
        let string = try #require(try root("mac/scf-NSMutableAttributedString.archive") as? UnknownObject)
        let text = try #require(string.field("NSString") as? NSMutableString)
        #expect(text as String == "0123456789")
    }

    @Test func orderedSetAndSetOfNumbers() throws {
        let ordered = try #require(try root("mac/scf-NSOrderedSet-Numbers.archive") as? OrderedSet<AnyHashable>)
        #expect(Array(ordered) == [1, 2, 3, 4, 5])
        let set = try #require(try root("mac/scf-NSSet-Numbers.archive") as? Set<AnyHashable>)
        #expect(set == [1, 2, 3, 4, 5])
    }

    /// The dynamic path (the `kryo` tool's registry), where an `OrderedSet` is Java's `HashSet`:
    /// an `NSSet` stays an `NSSet` and an `NSOrderedSet` an `NSOrderedSet`, through a keyed
    /// archive and through a readable document, with their elements in order.
    @Test func setsKeepTheirClassOnTheDynamicPath() throws {
        let registry = try Registry(schemas: SchemaSet())
        let keyed = KeyedArchiveCodec(registry: registry)
        let readable = ReadableCodec(registry: registry, format: .json)
        for (file, className) in [
            ("mac/scf-NSSet-Numbers.archive", "NSSet"), ("mac/scf-NSOrderedSet-Numbers.archive", "NSOrderedSet"),
        ] {
            let value = try keyed.decode(Any?.self, from: FixtureFiles.bytes(file))
            let throughJSON = try readable.decode(Any?.self, from: try readable.encode(value))
            for candidate in [value, throughJSON] {
                let archive = try KeyedArchive(bytes: try keyed.encode(candidate))
                let top = try #require(
                    archive.objects.firstIndex { entry in
                        guard case .dictionary(let entries) = entry, case .uid(let uid)? = entries["$class"],
                            case .dictionary(let description) = archive.objects[Int(uid)],
                            case .string(let name)? = description["$classname"]
                        else { return false }
                        return name.hasSuffix("Set")
                    })
                guard case .dictionary(let entries) = archive.objects[top], case .uid(let uid)? = entries["$class"],
                    case .dictionary(let description) = archive.objects[Int(uid)]
                else { throw SerializationError(.invalidValue, expected: "a set", found: "none") }
                #expect(description["$classname"] == .string(className), "\(file)")
            }
            let json = String(decoding: try readable.encode(value), as: UTF8.self)
            #expect(json.contains("\"$class\":\"\(className)\""), "\(json)")
        }
    }

    @Test func dictionaryWithArrayNullNumberURLAndUUID() throws {
        let root = try #require(try root("mac/scf-NSKeyedUnarchiver-ComplexTest.plist") as? [AnyHashable: Any?])
        #expect(Set(root.keys) == ["array", "string", "url", "uuid"])
        let array = try #require(root["array"] as? [Any?])
        #expect(array.count == 4)
        // The NSNull element is nil, as the array holds it in Swift; it is written back as NSNull.
        #expect(array[0] == nil)
        #expect(array[1] as? String == "hello")
        #expect(array[2] as? Int == 34545)
        #expect((array[3] as? [AnyHashable: Any?])?["key"] as? String == "val")
        #expect(root["string"] as? String == "hello")
        let url = try #require(root["url"] as? URL)
        #expect(url.relativeString == "index.xml")
        #expect(url.baseURL?.absoluteString == "https://www.swift.org")
        #expect(root["uuid"] as? UUID == UUID(uuidString: "71DC068E-3420-45FF-919E-3A267D55EC22"))
    }

    @Test func xmlArchiveWithAURLRelativeToABase() throws {
        let url = try #require(try root("mac/scf-NSKeyedUnarchiver-URLTest.plist") as? URL)
        #expect(url.relativeString == "foo.xml")
        #expect(url.baseURL?.absoluteString == "https://www.example.com")
        #expect(url.absoluteString == "https://www.example.com/foo.xml")
    }

    @Test func valueWithGenericKeysAndAnOldStyleArray() throws {
        let value = try #require(
            try root("mac/scf-NSKeyedUnarchiver-ConcreteValueTest.plist") as? UnknownObject)
        #expect(value.archiveClass.name == "NSValue")
        #expect(value.field("") == nil)
        // Generic keys are stored as they are: `$0`, `$1`, references both.
        #expect(Array(value.fields.keys) == ["$0", "$1"])
        #expect(value.inlineKeys.isEmpty)
        #expect(value.fields["$0"] as? String == "[3i]")
        let array = value.fields["$1"] ?? nil
        let elements = try #require(array as? UnknownObject)
        #expect(elements.archiveClass.name == "_NSKeyedCoderOldStyleArray")
        #expect(elements.field("NS.count") as? Int == 3)
        // Generic keys are stored as they are: `$0`, `$1`, `$2`.
        #expect(elements.fields["$0"] as? Int == 1 && elements.inlineKeys.contains("$0"))
        #expect(elements.fields["$2"] as? Int == 3)
    }

    @Test func terminalFontAndColor() throws {
        let font = try #require(try root("mac/dracula-Font.bplist") as? UnknownObject)
        #expect(font.archiveClass.chain == ["NSFont", "NSObject"])
        #expect(font.field("NSName") as? String == "SFMono-Regular")
        #expect(font.field("NSSize") as? Double == 12)
        #expect(font.field("NSfFlags") as? Int == 16)
        let color = try #require(try root("mac/dracula-BackgroundColor.bplist") as? UnknownObject)
        #expect(color.field("NSColorSpace") as? Int == 1)
        let rgb = [UInt8](try #require(color.field("NSRGB") as? Data))
        #expect(rgb.last == 0)
        #expect(String(decoding: rgb.dropLast(), as: UTF8.self) == "0.1176581159 0.1221527234 0.1597783715")
    }

    @Test func nibWithAnotherTopKey() throws {
        let archive = try KeyedArchive(bytes: FixtureFiles.bytes("mac/nv-MainMenu.keyedobjects.nib"))
        #expect(Array(archive.top.keys) == ["IB.objectdata"])
        let root = try codec.decode(Any?.self, from: archive)
        #expect((root as? UnknownObject)?.archiveClass.name == "NSIBObjectData")
        #expect(ArchiveGraph.objects(named: "NSColor", in: root).count == 14)
        let strings =
            ArchiveGraph.objects(named: "NSAttributedString", in: root)
            + ArchiveGraph.objects(named: "NSMutableAttributedString", in: root)
        #expect(strings.count == 4)
        let styles =
            ArchiveGraph.objects(named: "NSMutableParagraphStyle", in: root)
            + ArchiveGraph.objects(named: "NSParagraphStyle", in: root)
        #expect(styles.contains { $0.field("NSAlignment") as? Int == 4 })
        #expect(
            styles.contains {
                $0.fields["NSTabStops"].map { $0 == nil } == true
            })
        let fonts = ArchiveGraph.mapValues(forKey: "NSFont", in: root)
        #expect(!fonts.isEmpty)
        #expect(!ArchiveGraph.mapValues(forKey: "NSOriginalFont", in: root).isEmpty)
    }

    @Test func latexitHistoryItem() throws {
        let list = try #require(try root("mac/latexit-linkback-HistoryItem.bplist") as? [Any?])
        let item = try #require(list.first as? UnknownObject)
        #expect(item.archiveClass.chain == ["HistoryItem", "NSManagedObject", "NSObject"])
        let equation = try #require(item.field("equation") as? UnknownObject)
        #expect(equation.archiveClass.name == "LatexitEquation")
        let color = try #require(equation.field("color") as? UnknownObject)
        #expect(color.field("NSColorSpace") as? Int == 1)
        #expect(color.field("NSRGB") as? Data == Data(Array("0 0 0".utf8) + [0]))
        #expect(equation.field("date") as? Date == Date(timeIntervalSinceReferenceDate: 364_374_255.273357))
        let pdf = try #require(equation.field("pdfData") as? NSMutableData)
        #expect((pdf as Data).prefix(5) == Data("%PDF-".utf8))
        let preamble = try #require(equation.field("preamble") as? UnknownObject)
        let attributes = try #require(preamble.field("NSAttributes") as? [AnyHashable: Any?])
        let font = try #require(attributes["NSFont"] as? UnknownObject)
        #expect(font.field("NSName") as? String == "Monaco")
        #expect(font.field("NSSize") as? Double == 12)
        #expect(font.field("NSfFlags") as? Int == 16)
    }

    @Test func uikitTextStorages() throws {
        let styles = try #require(try root("ios/vectornator-textstorage-styles-7runs.bplist") as? UnknownObject)
        #expect(styles.archiveClass.name == "NSTextStorage")
        #expect(
            (styles.field("NSString") as? NSMutableString) as String?
                == "Normal Bold Italic Underline Strikethrough  Underline&Strike")
        let fonts = ArchiveGraph.objects(named: "UIFont", in: styles)
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0.archiveClass.hints == ["NSFont"] })
        #expect(
            Set(fonts.compactMap { $0.field("UIFontTraits") as? Int }) == [0, 1, 2, 3])
        #expect(ArchiveGraph.objects(named: "UIColor", in: styles).allSatisfy { $0.archiveClass.hints == ["NSColor"] })

        let sizes = try #require(try root("ios/vectornator-textstorage-sizes-9runs.bplist") as? UnknownObject)
        let points = ArchiveGraph.objects(named: "UIFont", in: sizes).compactMap {
            $0.field("UIFontPointSize") as? Double
        }
        #expect(Set(points) == [8, 9, 10, 11, 12, 14, 16, 18, 21])
        #expect(
            ArchiveGraph.objects(named: "UIFont", in: sizes).allSatisfy {
                $0.field("UIFontName") as? String == "Helvetica-Bold"
            })

        let stroke = try #require(try root("ios/vectornator-textstorage-stroke.bplist") as? UnknownObject)
        let widths = ArchiveGraph.mapValues(forKey: "NSStrokeWidth", in: stroke)
        #expect(widths.contains { ValueConversion.convert($0, to: Double.self) == -3 })
        #expect(!ArchiveGraph.mapValues(forKey: "NSStrokeColor", in: stroke).isEmpty)
    }

    @Test func notabilityMetadataAndASubclassArchiver() throws {
        let info = try #require(try root("ios/notability-sample-metadata.plist") as? UnknownObject)
        #expect(info.archiveClass.name == "SessionInfo")
        #expect((info.field("noteName") as? NSMutableString) as String? == "Note Apr 7, 2018")
        #expect(
            info.field("noteCreationDateKey") as? Date
                == Date(timeIntervalSinceReferenceDate: 544_814_231.191757))

        let archive = try KeyedArchive(bytes: FixtureFiles.bytes("ios/notability-sample-Session.plist"))
        #expect(archive.archiver == "GLKeyedArchiver")
        #expect(Array(archive.top.keys) == ["$0"])
        var strict = codec
        strict.acceptedArchivers = ["NSKeyedArchiver"]
        #expect(throws: SerializationError.self) { try strict.decode(Any?.self, from: archive) }
        let session = try codec.decode(Any?.self, from: archive)
        let grays = ArchiveGraph.objects(named: "UIColor", in: session).filter {
            $0.field("NSColorSpace") as? Int == 4
        }
        #expect(!grays.isEmpty)
        #expect(grays.allSatisfy { $0.field("UIWhite") != nil })
        // NSMutableString written as NS.bytes by the subclass archiver.
        let strings = ArchiveGraph.unknownObjects(in: session).compactMap {
            $0.field("assetsIdKey") as? NSMutableString
        }
        #expect(strings.contains { $0 as String == "122C2502-8685-4389-B79E-C87E8EB2D83F" })
        // NS.key.N / NS.object.N dictionaries come out as dictionaries.
        #expect(
            ArchiveGraph.unknownObjects(in: session).contains { object in
                object.fields.values.contains { $0 is [AnyHashable: Any?] }
            })
    }

    @Test func bpylist2Archives() throws {
        let circular = try #require(try root("other/bpylist2-circular_archive.plist") as? UnknownObject)
        #expect(circular.archiveClass.chain == ["crap.Foo", "NSCoder", "NSObject"])
        #expect(circular.field("recursive") as? UnknownObject === circular)
        #expect(circular.field("title") as? String == "hello")

        let complex = try #require(try root("other/bpylist2-complex_archive.plist") as? UnknownObject)
        #expect(complex.field("count") as? Int == 42)
        #expect(complex.field("active") as? Bool == true)
        #expect(
            ValueConversion.convert(complex.field("categories"), to: [String].self) == ["banana", "apple"])
        #expect(
            ValueConversion.convert(complex.field("metadata"), to: [String: String].self)
                == ["fruit": "kiwi", "veg": "asparagus"])

        let dated = try #require(try root("other/bpylist2-date_archive.plist") as? UnknownObject)
        #expect(dated.field("stamp") as? Date == Date(timeIntervalSinceReferenceDate: 509_523_358.684097))

        let null = try #require(try root("other/bpylist2-null_archive.plist") as? UnknownObject)
        #expect(null.fields["empty"].map { $0 == nil } == true)
        #expect(null.field("title") as? String == "yo")

        // Not written by Apple: NS.data is a reference to the bytes. Accepted.
        let data = try #require(try root("other/bpylist2-nsmutabledata_archive.plist") as? NSMutableData)
        #expect(data as Data == Data("hello".utf8))
    }

    /// The (run length, attribute index) pairs of an `NSAttributeInfo`: unsigned LEB128 numbers.
    static func runs(_ bytes: [UInt8]) -> [(length: Int, index: Int)] {
        var numbers: [Int] = []
        var value = 0
        var shift = 0
        for byte in bytes {
            value |= Int(byte & 0x7f) << shift
            if byte & 0x80 == 0 {
                numbers.append(value)
                value = 0
                shift = 0
            } else {
                shift += 7
            }
        }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }
}
