import Foundation
import SwiftKryo
import Testing

/// `kryo convert` between keyed archives and readable documents keeps archives whole: classes
/// nobody registered, and the whole `$top` with the archiver's name.
@Suite struct KeyedConversionToolTests {
    @Test(arguments: [
        ("mac/nv-MainMenu.keyedobjects.nib", ["IB.objectdata"], "NSKeyedArchiver"),
        ("ios/notability-sample-Session.plist", ["$0"], "GLKeyedArchiver"),
        ("mac/colorpalettecodable-DarkMailTopBar.clr", ["NSColors", "NSKeys"], "NSKeyedArchiver"),
        ("other/bpylist2-circular_archive.plist", ["root"], "NSKeyedArchiver"),
    ])
    func archiveThroughJSONKeepsItsTopLevel(file: String, top: [String], archiver: String) throws {
        let path = "Tests/Fixtures/keyed/" + file
        let json = try KryoTool.run(["convert", path, "--from", "keyed-binary", "--to", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", "json", "--to", "keyed-xml"], input: json.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        let archive = try KeyedArchive(bytes: back.stdout)
        #expect(Array(archive.top.keys) == top)
        #expect(archive.archiver == archiver)
        let codec = KeyedArchiveCodec(registry: try Registry())
        let original = try codec.decodeArchive(
            from: Array(try Data(contentsOf: KryoTool.root.appendingPathComponent(path))))
        let converted = try codec.decodeArchive(from: back.stdout)
        // The same unknown classes, in the same places, and the translated ones (fonts, colors,
        // attributed strings) in their archive's classes (`UIColor`, `NSTextStorage`), shared as
        // they were (one `NSColorSpace` for many colors).
        #expect(Self.classNames(in: original) == Self.classNames(in: converted))
    }

    /// A `$top` value stored in line (`encodeInteger:forKey:` and `encodeBool:forKey:` at the top
    /// level, as every compiled nib's `IB.systemFontUpdateVersion`) stays in line through every
    /// format, and a reference stays a reference.
    @Test(arguments: ["keyed-xml", "keyed-binary", "json", "plist-xml"])
    func inlineTopLevelValuesStayInline(through format: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string><string>objects</string><integer>7</integer></array>
            <key>$top</key><dict>
            <key>IB.objectdata</key><dict><key>CF$UID</key><integer>1</integer></dict>
            <key>IB.systemFontUpdateVersion</key><integer>1</integer>
            <key>Expired</key><false/>
            <key>count</key><dict><key>CF$UID</key><integer>2</integer></dict>
            </dict>
            <key>$version</key><integer>100000</integer>
            </dict></plist>
            """
        let there = try KryoTool.run(
            ["convert", "-", "--from", "keyed-xml", "--to", format], input: Array(xml.utf8))
        #expect(there.status == 0, "\(there.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", format, "--to", "keyed-xml"], input: there.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        let archive = try KeyedArchive(bytes: back.stdout)
        #expect(archive.top["IB.systemFontUpdateVersion"] == .integer(1))
        #expect(archive.top["Expired"] == .bool(false))
        guard case .uid(let objects)? = archive.top["IB.objectdata"], case .uid(let count)? = archive.top["count"]
        else {
            Issue.record("the references are no longer references: \(archive.top)")
            return
        }
        #expect(archive.objects[Int(objects)] == .string("objects"))
        #expect(archive.objects[Int(count)] == .integer(7))
    }

    /// An iOS 17 `UIColor` (`UIRed`… as floats, the exact components under `UIRed-Double`…)
    /// converts back with both, through every format, while the color is unchanged.
    @Test(arguments: ["keyed-xml", "keyed-binary", "json", "plist-binary"])
    func anIOS17ColorKeepsItsExactComponents(through format: String) throws {
        let red = 0.12941176470588237
        let green = 0.5019607843137255
        let blue = 0.8117647058823529
        func entry(_ key: String, _ value: Double) -> String { "<key>\(key)</key><real>\(value)</real>" }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string><dict>
            <key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
            <key>UIColorComponentCount</key><integer>4</integer>
            \(entry("UIRed", Double(Float(red))))\(entry("UIGreen", Double(Float(green))))
            \(entry("UIBlue", Double(Float(blue))))\(entry("UIAlpha", 1))
            \(entry("UIRed-Double", red))\(entry("UIGreen-Double", green))\(entry("UIBlue-Double", blue))
            </dict><dict><key>$classname</key><string>UIColor</string>
            <key>$classes</key><array><string>UIColor</string><string>NSObject</string></array>
            <key>$classhints</key><array><string>NSColor</string></array></dict></array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$version</key><integer>100000</integer>
            </dict></plist>
            """
        let there = try KryoTool.run(["convert", "-", "--from", "keyed-xml", "--to", format], input: Array(xml.utf8))
        #expect(there.status == 0, "\(there.stderr)")
        if format == "json" {
            // Translated: the model's color, not an object of an unknown class.
            #expect(String(decoding: there.stdout, as: UTF8.self).contains(#""$class": "Color""#))
        }
        let back = try KryoTool.run(["convert", "-", "--from", format, "--to", "keyed-xml"], input: there.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        let archive = try KeyedArchive(bytes: back.stdout)
        guard case .dictionary(let color)? = archive.objects.dropFirst().first else {
            Issue.record("no color object: \(archive.objects)")
            return
        }
        #expect(color["UIRed-Double"] == .real(red))
        #expect(color["UIGreen-Double"] == .real(green))
        #expect(color["UIBlue-Double"] == .real(blue))
        #expect(color["UIRed"] == .real(Double(Float(red))))
        #expect(color["UIBlue"] == .real(Double(Float(blue))))
    }

    /// Taken to the other platform's flavour and back, a color keeps what it had: an iOS 17
    /// color its exact components (which AppKit's flavour keeps among the archive's other keys),
    /// a Mac sRGB color its calibrated `NSRGB` fallback (which UIKit's flavour keeps beside the
    /// `UI…` keys rather than writing the sRGB components there).
    @Test func colorsKeepTheirKeysThroughTheOtherFlavour() throws {
        let red = 0.12941176470588237
        func entry(_ key: String, _ value: Double) -> String { "<key>\(key)</key><real>\(value)</real>" }
        func archive(_ object: String, _ classes: String) -> [UInt8] {
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>$archiver</key><string>NSKeyedArchiver</string>
                <key>$objects</key><array><string>$null</string><dict>
                <key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>\(object)</dict>\(classes)</array>
                <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
                <key>$version</key><integer>100000</integer>
                </dict></plist>
                """.utf8)
        }
        let iOS = archive(
            "<key>UIColorComponentCount</key><integer>4</integer>\(entry("UIRed", Double(Float(red))))"
                + "\(entry("UIGreen", 0.5))\(entry("UIBlue", 0.25))\(entry("UIAlpha", 1))\(entry("UIRed-Double", red))",
            "<dict><key>$classname</key><string>UIColor</string><key>$classes</key><array><string>UIColor</string>"
                + "<string>NSObject</string></array><key>$classhints</key><array><string>NSColor</string></array></dict>"
        )
        let calibrated = Array("0.9872565866 0.2773101032 0.7555351257".utf8) + [0]
        let mac = archive(
            "<key>NSColorSpace</key><integer>1</integer><key>NSRGB</key><data>\(Data(calibrated).base64EncodedString())</data>"
                + "<key>NSComponents</key><data>\(Data("1 0.4 0.8 1".utf8).base64EncodedString())</data>"
                + "<key>NSCustomColorSpace</key><dict><key>CF$UID</key><integer>3</integer></dict>",
            "<dict><key>$classname</key><string>NSColor</string><key>$classes</key><array><string>NSColor</string>"
                + "<string>NSObject</string></array></dict><dict><key>NSID</key><integer>7</integer>"
                + "<key>$class</key><dict><key>CF$UID</key><integer>4</integer></dict></dict>"
                + "<dict><key>$classname</key><string>NSColorSpace</string><key>$classes</key><array>"
                + "<string>NSColorSpace</string><string>NSObject</string></array></dict>")
        for (original, there, key, value) in [
            (iOS, "appkit", "UIRed-Double", PropertyListValue.real(red)),
            (mac, "uikit", "NSRGB", PropertyListValue.data(calibrated)),
        ] {
            let away = try KryoTool.run(
                ["convert", "-", "--from", "keyed-xml", "--to", "keyed-xml", "--text-flavor", there], input: original)
            #expect(away.status == 0, "\(away.stderr)")
            let back = try KryoTool.run(
                [
                    "convert", "-", "--from", "keyed-xml", "--to", "keyed-xml", "--text-flavor",
                    there == "uikit" ? "appkit" : "uikit",
                ],
                input: away.stdout)
            #expect(back.status == 0, "\(back.stderr)")
            let objects = try KeyedArchive(bytes: back.stdout).objects
            guard case .dictionary(let color)? = objects.dropFirst().first else {
                Issue.record("no color object: \(objects)")
                continue
            }
            #expect(color[key] == value, "\(key) through \(there): \(color)")
        }
    }

    /// A color edited in its JSON document drops the kept key that restates the old one
    /// (`UISystemColorName`); left as it was, the document converts back with the key.
    @Test func anEditedColorDropsTheSystemNameThatRestatedIt() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string><dict>
            <key>$class</key><dict><key>CF$UID</key><integer>3</integer></dict>
            <key>UIColorComponentCount</key><integer>4</integer>
            <key>UIRed</key><real>0</real><key>UIGreen</key><real>0</real><key>UIBlue</key><real>1</real>
            <key>UIAlpha</key><real>1</real>
            <key>UISystemColorName</key><dict><key>CF$UID</key><integer>2</integer></dict>
            </dict><string>blueColor</string>
            <dict><key>$classname</key><string>UIColor</string>
            <key>$classes</key><array><string>UIColor</string><string>NSObject</string></array>
            <key>$classhints</key><array><string>NSColor</string></array></dict></array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$version</key><integer>100000</integer>
            </dict></plist>
            """
        let json = try KryoTool.run(["convert", "-", "--from", "keyed-xml", "--to", "json"], input: Array(xml.utf8))
        #expect(json.status == 0, "\(json.stderr)")
        let document = String(decoding: json.stdout, as: UTF8.self)
        func systemName(of document: String) throws -> PropertyListValue? {
            let back = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "keyed-xml"], input: Array(document.utf8))
            #expect(back.status == 0, "\(back.stderr)")
            let archive = try KeyedArchive(bytes: back.stdout)
            guard case .dictionary(let color)? = archive.objects.dropFirst().first,
                case .uid(let name)? = color["UISystemColorName"]
            else { return nil }
            return archive.objects[Int(name)]
        }
        #expect(try systemName(of: document) == .string("blueColor"))
        let edited = document.replacingOccurrences(
            of: #""red": [0-9.]+"#, with: #""red": 0.5"#, options: .regularExpression)
        #expect(edited != document)
        #expect(try systemName(of: edited) == nil)
    }

    @Test func anUnknownClassCannotGoToKryo() throws {
        let result = try KryoTool.run([
            "convert", "Tests/Fixtures/keyed/other/bpylist2-complex_archive.plist", "--from", "keyed-binary", "--to",
            "kryo5",
        ])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "kryo: unregisteredType: expected a schema of crap.Foo (its fields' Java types), to write it to Kryo, "
                + "found an object of crap.Foo read without one (the root value, written as kryo5, Kryo 5)\n")
    }

    /// The class names of the unknown objects reachable from `root`, in the order first met.
    static func classNames(in root: Any?) -> [String] {
        var names: [String] = []
        var seen: Set<ObjectIdentifier> = []
        var pending: [Any?] = [root]
        while !pending.isEmpty {
            let next = ValueConversion.flatten(pending.removeFirst())
            if let object = next as? UnknownObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                names.append(object.className)
                pending.append(contentsOf: object.fields.values)
            } else if let top = next as? ArchiveTopLevel {
                pending.append(contentsOf: top.values.values)
            } else if let list = next as? [Any?] {
                pending.append(contentsOf: list)
            } else if let map = next as? [AnyHashable: Any?] {
                pending.append(contentsOf: map.keys.sorted { "\($0)" < "\($1)" }.map { map[$0] ?? nil })
            }
        }
        return names
    }
}

/// Every object of an archive keeps its class through the tool, an untranslated attribute's
/// inside an attributed string too (an `NSFontDescriptor` whose attributes are an
/// `NSMutableDictionary`, as Sketch archives it).
@Suite struct KeyedObjectClassesThroughToolTests {
    @Test(arguments: ["keyed-binary", "json", "plist-xml"])
    func untranslatedAttributeKeepsItsMutableDictionary(through format: String) throws {
        let path = "Tests/Fixtures/keyed/mac/sketch-granola-NSAttributedString-rgba.bplist"
        let original = try Array(Data(contentsOf: KryoTool.root.appendingPathComponent(path)))
        let there = try KryoTool.run(["convert", path, "--from", "keyed-binary", "--to", format])
        #expect(there.status == 0, "\(there.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", format, "--to", "keyed-binary"], input: there.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        let before = try Self.objectClasses(original)
        #expect(before["NSMutableDictionary"] == 1 && before["NSFontDescriptor"] == 1)
        #expect(try Self.objectClasses(back.stdout) == before)
    }

    /// Every object of every real archive keeps its class, and every shared object stays one:
    /// the same number of objects of each class after the tool, keyed to keyed and through
    /// readable documents (attribute dictionaries that several texts share, the one empty array
    /// of a paragraph style's lists and blocks, the options all tab stops share).
    @Test(arguments: AppleArchiveFiles.all)
    func objectsPerClassStayTheSame(file: String) throws {
        let path = "Tests/Fixtures/keyed/" + file
        let original = try Array(Data(contentsOf: KryoTool.root.appendingPathComponent(path)))
        let before = try Self.objectClasses(original)
        for format in ["keyed-binary", "json"] {
            let there = try KryoTool.run(["convert", path, "--from", "keyed-binary", "--to", format])
            #expect(there.status == 0, "\(there.stderr)")
            let back = try KryoTool.run(
                ["convert", "-", "--from", format, "--to", "keyed-binary"], input: there.stdout)
            #expect(back.status == 0, "\(back.stderr)")
            let after = try Self.objectClasses(back.stdout)
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
            #expect(
                changed.isEmpty,
                "\(file) through \(format): \(changed.map { "\($0) \(before[$0] ?? 0) → \(after[$0] ?? 0)" })")
        }
    }

    /// How many objects of `$objects` that `$top` reaches name each class (an object nothing refers
    /// to is no part of the graph).
    static func objectClasses(_ bytes: [UInt8]) throws -> [String: Int] {
        guard case .dictionary(let archive) = try PropertyList.decode(bytes).value,
            case .array(let objects)? = archive["$objects"], case .dictionary(let top)? = archive["$top"]
        else { return [:] }
        var reached: Set<Int> = []
        var pending = Array(top.values)
        while let next = pending.popLast() {
            switch next {
            case .uid(let uid):
                guard objects.indices.contains(Int(uid)), reached.insert(Int(uid)).inserted else { continue }
                pending.append(objects[Int(uid)])
            case .array(let elements): pending.append(contentsOf: elements)
            case .dictionary(let entries):
                pending.append(contentsOf: entries.filter { $0.key != "$class" }.map(\.value))
            default: continue
            }
        }
        var counts: [String: Int] = [:]
        for index in reached.sorted() {
            guard case .dictionary(let object) = objects[index], case .uid(let uid)? = object["$class"],
                objects.indices.contains(Int(uid)),
                case .dictionary(let description) = objects[Int(uid)],
                case .string(let name)? = description["$classname"]
            else { continue }
            counts[name, default: 0] += 1
        }
        return counts
    }
}

/// The real keyed archives of `Tests/Fixtures/keyed`, by path below it.
enum AppleArchiveFiles {
    static let all: [String] = {
        let root = KryoTool.root.appendingPathComponent("Tests/Fixtures/keyed")
        return ["mac", "ios", "other"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .sorted().map { "\(folder)/\($0)" }
        }
    }()
}
