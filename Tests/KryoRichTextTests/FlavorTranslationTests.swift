import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Archives from one platform converted to the other platform's flavour and back keep every
/// translated attribute, and in lossless mode every key the original had.
@Suite struct FlavorTranslationTests {
    let registry: Registry

    init() throws {
        registry = try Registry { RichText.registrations() }
    }

    func codec(_ flavor: ArchiveFlavor, _ fidelity: TranslationFidelity = .lossless, report: TranslationReport? = nil)
        -> KeyedArchiveCodec
    {
        var options = SerializationOptions()
        options.richText = RichTextOptions(flavor: flavor, fidelity: fidelity, report: report)
        return KeyedArchiveCodec(registry: registry, options: options)
    }

    /// The keys of every object of each class in an archive, by class name.
    static func keysByClass(_ bytes: [UInt8]) throws -> [String: Set<String>] {
        let archive = try KeyedArchive(bytes: bytes)
        var result: [String: Set<String>] = [:]
        for object in archive.objects {
            guard case .dictionary(let entries) = object, case .uid(let uid)? = entries["$class"],
                case .dictionary(let description) = archive.objects[Int(uid)],
                case .string(let name)? = description["$classname"]
            else { continue }
            result[name, default: []].formUnion(entries.keys.filter { $0 != "$class" })
        }
        return result
    }

    /// The classes the rich-text serializers write (containers such as `NSMutableArray` come
    /// back as the Foundation class the keyed backend writes, `NSArray`).
    static let richTextClasses: Set<String> = [
        "NSFont", "UIFont", "NSColor", "UIColor", "NSMutableParagraphStyle", "NSParagraphStyle", "NSTextTab",
        "NSShadow",
        "NSAttributedString", "NSMutableAttributedString", "NSTextStorage", "UIFontDescriptor", "NSColorSpace",
    ]

    static let macFiles = ["mac/latexit-linkback-HistoryItem.bplist", "mac/nv-MainMenu.keyedobjects.nib"]
    static let iosFiles = [
        "ios/vectornator-textstorage-styles-7runs.bplist", "ios/vectornator-textstorage-sizes-9runs.bplist",
        "ios/vectornator-textstorage-stroke.bplist",
    ]

    @Test(arguments: iosFiles)
    func uiKitToAppKitAndBack(file: String) throws {
        let original = try FixtureFiles.bytes(file)
        let text = try codec(.uiKit).decode(AttributedText.self, from: original)
        let mac = try codec(.appKit).encode(text)
        let macKeys = try Self.keysByClass(mac)
        #expect(macKeys["NSFont"]?.isSuperset(of: ["NSName", "NSSize", "NSfFlags"]) == true)
        #expect(macKeys["UIFont"] == nil && macKeys["UIColor"] == nil)
        let fromMac = try codec(.appKit).decode(AttributedText.self, from: mac)
        #expect(fromMac == text)
        let back = try codec(.uiKit).encode(fromMac)
        #expect(try codec(.uiKit).decode(AttributedText.self, from: back) == text)
        let originalKeys = try Self.keysByClass(original)
        let backKeys = try Self.keysByClass(back)
        for (name, keys) in originalKeys where Self.richTextClasses.contains(name) {
            #expect(backKeys[name]?.isSuperset(of: keys) == true, "\(name): \(keys.subtracting(backKeys[name] ?? []))")
        }
    }

    @Test(arguments: macFiles)
    func appKitToUIKitAndBack(file: String) throws {
        let original = try FixtureFiles.bytes(file)
        let graph = try codec(.appKit).decode(Any?.self, from: original)
        let texts = AppleRichTextFixtureTests.collect(AttributedText.self, in: graph)
        let colors = AppleRichTextFixtureTests.collect(Color.self, in: graph)
        #expect(!texts.isEmpty)
        let ios = try codec(.uiKit).encode(graph)
        let iosKeys = try Self.keysByClass(ios)
        #expect(iosKeys["NSFont"] == nil && iosKeys["NSColor"] == nil)
        #expect(iosKeys["UIFont"]?.isSuperset(of: ["UIFontName", "UIFontPointSize", "NSName", "NSSize"]) == true)
        #expect(iosKeys["UIColor"]?.contains("UIColorComponentCount") == true)
        let fromIOS = try codec(.uiKit).decode(Any?.self, from: ios)
        // Dictionaries have no order: compare what was found, with counts.
        let textsBack = AppleRichTextFixtureTests.collect(AttributedText.self, in: fromIOS)
        let colorsBack = AppleRichTextFixtureTests.collect(Color.self, in: fromIOS)
        #expect(textsBack.count == texts.count && Set(textsBack) == Set(texts))
        #expect(colorsBack.count == colors.count && Set(colorsBack) == Set(colors))
        let back = try codec(.appKit).encode(fromIOS)
        let originalKeys = try Self.keysByClass(original)
        let backKeys = try Self.keysByClass(back)
        for (name, keys) in originalKeys where Self.richTextClasses.contains(name) {
            #expect(backKeys[name]?.isSuperset(of: keys) == true, "\(name): \(keys.subtracting(backKeys[name] ?? []))")
        }
    }

    @Test func uiKitFlavourWritesAppleKeysAndHints() throws {
        let color = Color.rgb(0.25, 0.5, 1, alpha: 0.5)
        let archive = try KeyedArchive(bytes: try codec(.uiKit).encode(color))
        guard case .dictionary(let entries) = archive.objects[1], case .uid(let classUID)? = entries["$class"],
            case .dictionary(let description) = archive.objects[Int(classUID)]
        else {
            Issue.record("no object in \(archive.objects)")
            return
        }
        #expect(description["$classes"] == .array([.string("UIColor"), .string("NSColor"), .string("NSObject")]))
        #expect(description["$classhints"] == .array([.string("NSColor")]))
        #expect(entries["UIColorComponentCount"] == .integer(4))
        // Floats hold every component exactly: 4-byte reals, as UIKit's `encodeFloat` writes them.
        #expect(entries["UIRed"] == .float(0.25))
        #expect(entries["NSRGB"] == .data(Array("0.25 0.5 1 0.5".utf8)))
        #expect(entries["NSColorSpace"] == .integer(2))

        let mac = try KeyedArchive(bytes: try codec(.appKit).encode(color))
        guard case .dictionary(let macEntries) = mac.objects[1] else { return }
        #expect(macEntries["NSRGB"] == .data(Array("0.25 0.5 1 0.5".utf8) + [0]))
        #expect(macEntries["UIRed"] == nil)
    }

    @Test func oneRunIsOneDictionaryAndAnEmptyTextOnlyItsString() throws {
        var bold = TextAttributes()
        bold.font = Font(name: "Helvetica-Bold", pointSize: 12)
        let codec = codec(.appKit)
        for (text, keys) in [
            (AttributedText("Hello", attributes: bold), ["NSString", "NSAttributes"]),
            (AttributedText(""), ["NSString"]),
        ] {
            let archive = try KeyedArchive(bytes: try codec.encode(text))
            guard case .dictionary(let entries) = archive.objects[1],
                case .uid(let uid)? = entries["NSAttributes"] ?? .uid(0)
            else {
                Issue.record("no text object in \(archive.objects)")
                continue
            }
            #expect(Set(entries.keys) == Set(keys + ["$class"]))
            if !text.string.isEmpty {
                guard case .dictionary(let attributes) = archive.objects[Int(uid)] else {
                    Issue.record("NSAttributes is not a dictionary")
                    continue
                }
                #expect(attributes["NS.keys"] != nil && attributes["NS.objects"] != nil)
            }
            #expect(try codec.decode(AttributedText.self, from: try archive.bytes(format: .binary)) == text)
        }
    }

    @Test func lossyDropsAndReportsWhatItCannotTranslate() throws {
        let report = TranslationReport()
        let original = try FixtureFiles.bytes("ios/vectornator-textstorage-styles-7runs.bplist")
        let text = try codec(.uiKit, .lossy, report: report).decode(AttributedText.self, from: original)
        let dropped = Set(report.dropped.map(\.description))
        #expect(dropped.contains("UIFont.UIFontDescriptor"))
        #expect(dropped.contains("NSMutableParagraphStyle.NSTextBlocks"))
        #expect(dropped.contains("NSTextStorage.NSDelegate"))
        #expect(text.runs.allSatisfy { $0.attributes.font?.preserved.isEmpty == true })

        // Untranslated attributes: kept in lossless mode, dropped with their ranges in lossy mode.
        let plain = try FixtureFiles.bytes("mac/scf-NSAttributedString.archive")
        report.removeAll()
        let lossy = try codec(.appKit, .lossy, report: report).decode(AttributedText.self, from: plain)
        #expect(lossy.runs.count == 1)
        #expect(report.dropped.contains(DroppedValue(owner: "attributes", name: "Font", range: 1..<2)))
        #expect(report.dropped.filter { $0.name == "Size" }.map(\.range) == [1..<2, 2..<6, 6..<8, 8..<9])
        let lossless = try codec(.appKit).decode(AttributedText.self, from: plain)
        report.removeAll()
        _ = try codec(.appKit, .lossy, report: report).encode(lossless)
        #expect(report.dropped.filter { $0.name == "Font" }.count == 4)
    }
}

/// A color in a newer space keeps its `NSCustomColorSpace`, and its `NSComponents` always match
/// the components, even after the color is changed.
@Suite struct CustomColorSpaceTests {
    @Test func componentsFollowTheColor() throws {
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        var color = try codec.decode(Color.self, from: try codec.encode(Color.rgb(0.25, 0.5, 0.75, space: .displayP3)))
        #expect(color.space == .displayP3)
        color.components = .rgb(red: 1, green: 0, blue: 0)
        let archive = try KeyedArchive(bytes: try codec.encode(color))
        guard case .dictionary(let entries) = archive.objects[1] else {
            Issue.record("no color object")
            return
        }
        #expect(entries["NSComponents"] == .data(Array("1 0 0 1".utf8)))
        #expect(entries["NSRGB"] == .data(Array("1 0 0".utf8) + [0]))
        // Moved to another space: the description follows.
        color.space = .sRGB
        let moved = try codec.decode(Color.self, from: try codec.encode(color))
        #expect(moved.space == .sRGB)
        color.space = .device
        let legacy = try KeyedArchive(bytes: try codec.encode(color))
        guard case .dictionary(let legacyEntries) = legacy.objects[1] else { return }
        #expect(legacyEntries["NSCustomColorSpace"] == nil && legacyEntries["NSComponents"] == nil)
    }

    /// AppKit's form of a color in a custom space, as macOS Terminal profiles hold it: the
    /// color's own components under `NSComponents`, the same color converted to calibrated RGB
    /// under `NSRGB` for readers that do not know the space. The color is the former, in every
    /// form it is read and written in; the legacy text goes back as read while the color is as read.
    @Test func customComponentsAreTheColor() throws {
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        var archive = try KeyedArchive(bytes: try codec.encode(Color.rgb(0.5, 0.5, 0.5, space: .sRGB)))
        guard case .dictionary(var entries) = archive.objects[1] else {
            Issue.record("no color object")
            return
        }
        #expect(entries["NSCustomColorSpace"] != nil)
        let legacy = Array("0.1564897001 0.413073808 0.9984152317".utf8) + [0]
        let own = Array("0.1973060291 0.5129697036 1 1".utf8)
        entries["NSColorSpace"] = .integer(1)
        entries["NSRGB"] = .data(legacy)
        entries["NSComponents"] = .data(own)
        archive.objects[1] = .dictionary(entries)
        let terminal = try archive.bytes(format: .binary)
        let blue = Color.rgb(0.1973060291, 0.5129697036, 1, space: .sRGB)
        for flavor in [ArchiveFlavor.appKit, .uiKit] {
            for fidelity in [TranslationFidelity.lossless, .lossy] {
                var options = SerializationOptions()
                options.richText = RichTextOptions(flavor: flavor, fidelity: fidelity)
                let form = KeyedArchiveCodec(registry: try Registry { RichText.registrations() }, options: options)
                let color = try form.decode(Color.self, from: terminal)
                #expect(color.components == blue.components && color.space == .sRGB && color.alpha == 1)
                let written = try KeyedArchive(bytes: try form.encode(color))
                guard case .dictionary(let again) = written.objects[1] else { continue }
                #expect(again["NSComponents"] == .data(own))
                if flavor == .uiKit {
                    #expect(again["UIRed"] == .real(0.1973060291) && again["UIBlue"] == .real(1))
                } else if fidelity == .lossless {
                    #expect(again["NSRGB"] == .data(legacy))
                    #expect(again["NSColorSpace"] == .integer(1))
                }
            }
        }
        // Changed, the legacy text would name another color: written from the components.
        var changed = try codec.decode(Color.self, from: terminal)
        changed.components = .rgb(red: 1, green: 0, blue: 0)
        let written = try KeyedArchive(bytes: try codec.encode(changed))
        guard case .dictionary(let again) = written.objects[1] else { return }
        #expect(again["NSRGB"] == .data(Array("1 0 0".utf8) + [0]))
        #expect(again["NSComponents"] == .data(Array("1 0 0 1".utf8)))
    }

    /// A UIColor without one of its components (an archive whose `UIGreen` key is damaged) reads
    /// as UIKit reads it: that component 0, the others as archived.
    @Test func aMissingUIKitComponentIsZero() throws {
        var options = SerializationOptions()
        options.richText = RichTextOptions(flavor: .uiKit)
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() }, options: options)
        var archive = try KeyedArchive(bytes: try codec.encode(Color.rgb(0.25, 0.5, 0.75, space: .sRGB)))
        guard case .dictionary(var entries) = archive.objects[1] else {
            Issue.record("no color object")
            return
        }
        #expect(entries["UIGreen"] != nil)
        entries["UIGree"] = entries.removeValue(forKey: "UIGreen")
        for key in ["NSRGB", "NSColorSpace", "NSComponents", "NSCustomColorSpace"] { entries[key] = nil }
        archive.objects[1] = .dictionary(entries)
        let color = try codec.decode(Color.self, from: try archive.bytes(format: .binary))
        #expect(color.components == .rgb(red: 0.25, green: 0, blue: 0.75))
    }

    /// `NSComponents` without a custom space (an archiver other than Apple's, or an edited
    /// archive) is an unknown key like any other: written back as read. (Found by the rich-text
    /// fuzz target: the second read had lost it.)
    @Test func componentsWithoutACustomSpaceAreKept() throws {
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        var archive = try KeyedArchive(bytes: try codec.encode(Color.rgb(0.2, 0.4, 0.6, space: .device)))
        guard case .dictionary(var entries) = archive.objects[1] else {
            Issue.record("no color object")
            return
        }
        #expect(entries["NSComponents"] == nil)
        entries["NSComponents"] = .data(Array("0.2 0.4 0.6 1".utf8))
        archive.objects[1] = .dictionary(entries)
        let color = try codec.decode(Color.self, from: try archive.bytes(format: .binary))
        let again = try codec.decode(Color.self, from: try codec.encode(color))
        #expect(again == color)
        let written = try KeyedArchive(bytes: try codec.encode(again))
        guard case .dictionary(let writtenEntries) = written.objects[1] else { return }
        #expect(writtenEntries["NSComponents"] == .data(Array("0.2 0.4 0.6 1".utf8)))
        #expect(writtenEntries["NSCustomColorSpace"] == nil)
    }
}

/// A font in a readable document takes its traits and system flag from its name unless it says
/// otherwise (a hand-written `Helvetica-Bold` is bold in every archive form), and a font whose
/// traits differ from its name's says so.
@Suite struct FontDocumentTraitsTests {
    @Test func traitsComeFromTheNameUnlessWritten() throws {
        let registry = try Registry { RichText.registrations() }
        let readable = ReadableCodec(registry: registry)
        let bold = try readable.decode(
            Font.self, from: Array(#"{"$class": "Font", "name": "Helvetica-Bold", "size": 14}"#.utf8))
        #expect(bold.traits == .bold && !bold.isSystemFont)
        let system = try readable.decode(
            Font.self, from: Array(#"{"$class": "Font", "name": ".AppleSystemUIFont", "size": 13}"#.utf8))
        #expect(system.isSystemFont)
        for flavor in [ArchiveFlavor.appKit, .uiKit] {
            var options = SerializationOptions()
            options.richText = RichTextOptions(flavor: flavor)
            let keyed = KeyedArchiveCodec(registry: registry, options: options)
            #expect(try keyed.decode(Font.self, from: try keyed.encode(bold)).traits == .bold)
        }
        // Traits other than the name's are written, and read back as written.
        let plain = Font(name: "Helvetica-Bold", pointSize: 14, traits: [], isSystemFont: false)
        let document = try readable.encode(plain)
        #expect(String(decoding: document, as: UTF8.self).contains("\"traits\":0"))
        #expect(try readable.decode(Font.self, from: document) == plain)
        #expect(!String(decoding: try readable.encode(bold), as: UTF8.self).contains("traits"))
    }
}

/// Preserved keys that restate the font (a `UIFontDescriptor`, which UIKit reads before
/// `UIFontName`) are written back only while the font is unchanged.
@Suite struct RestatingKeysTests {
    @Test func aChangedFontLeavesItsOldDescriptorOut() throws {
        var options = SerializationOptions()
        let report = TranslationReport()
        options.richText = RichTextOptions(flavor: .uiKit, report: report)
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() }, options: options)
        let text = try codec.decode(
            AttributedText.self, from: try FixtureFiles.bytes("ios/vectornator-textstorage-stroke.bplist"))
        let font = try #require(text.runs.first?.attributes.font)
        #expect(font.preserved.keys.contains("UIFontDescriptor"))

        let unchanged = try FlavorTranslationTests.keysByClass(try codec.encode(font))
        #expect(unchanged["UIFont"]?.contains("UIFontDescriptor") == true)
        #expect(report.dropped.isEmpty)

        var renamed = font
        renamed.name = "Courier"
        let keys = try FlavorTranslationTests.keysByClass(try codec.encode(renamed))
        #expect(keys["UIFont"]?.contains("UIFontDescriptor") == false)
        #expect(keys["UIFont"]?.contains("UIFontName") == true)
        #expect(report.dropped.contains(DroppedValue(owner: "UIFont", name: "UIFontDescriptor")))
        #expect(try codec.decode(Font.self, from: try codec.encode(renamed)).name == "Courier")
    }
}

/// A color's components come back exactly from either flavour: the component text of the `NS…`
/// keys has Apple's digits, and more where those would read back as another number and the text
/// is all a reader gets (rich-text fuzzer round-trip finding, reproducer in the replayed corpus).
@Suite struct ExactComponentTests {
    func codec(_ flavor: ArchiveFlavor) throws -> KeyedArchiveCodec {
        var options = SerializationOptions()
        options.richText = RichTextOptions(flavor: flavor)
        return KeyedArchiveCodec(registry: try Registry { RichText.registrations() }, options: options)
    }

    /// The bytes under `key` of the archive's first object.
    func text(_ key: String, in bytes: [UInt8]) throws -> String? {
        let archive = try KeyedArchive(bytes: bytes)
        guard case .dictionary(let entries) = archive.objects[1], case .data(let data)? = entries[key] else {
            return nil
        }
        return String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
    }

    @Test func aUIColorsComponentsSurviveAppKit() throws {
        // What UIKit stores as a Float, and a denormal the fuzzer wrote.
        let components: [Double] = [Double(Float(0.2)), 7.174648137343064e-43, 1.0 / 3]
        let color = Color(.rgb(red: components[0], green: components[1], blue: components[2]), space: .device)
        let ios = try codec(.uiKit).encode(color)
        let read = try codec(.uiKit).decode(Color.self, from: ios)
        #expect(read == color)
        let mac = try codec(.appKit).encode(read)
        #expect(try codec(.appKit).decode(Color.self, from: mac) == color)
        let text = try #require(try text("NSRGB", in: mac))
        #expect(text.split(separator: " ").compactMap { Double($0) } == components)
    }

    @Test func applesDigitsStayWhereTheyAreExact() throws {
        let color = Color(.rgb(red: 0.2, green: 0.4, blue: 0.6), space: .calibrated, alpha: 0.5)
        #expect(try text("NSRGB", in: try codec(.appKit).encode(color)) == "0.2 0.4 0.6 0.5")
        // A UIColor's NSRGB is a hint of three digits: its UIRed… keys hold the components.
        let float = Color(.rgb(red: Double(Float(0.2)), green: 0.4, blue: 0.6), space: .device)
        #expect(try text("NSRGB", in: try codec(.uiKit).encode(float)) == "0.2 0.4 0.6")
    }

    @Test func cmykComponentsSurviveUIKit() throws {
        let color = Color(.cmyk(cyan: 0.1234567, magenta: 0.2, yellow: 1.0 / 3, black: 0), alpha: 0.75)
        for flavor in [ArchiveFlavor.uiKit, .appKit] {
            let codec = try codec(flavor)
            #expect(try codec.decode(Color.self, from: try codec.encode(color)) == color, "\(flavor)")
        }
    }
}
