import Foundation
import SwiftKryo
import Testing

/// What a translated value remembers of the archive it was read from: its class and flavour,
/// the keys the model does not translate, and which copies were one object. Kept through readable
/// documents, and given up where the value changes or the call asks for another flavour.
@Suite struct ArchiveFormTests {
    let registry: Registry
    init() throws { registry = try Registry(RichText.registrations()) }

    private func keyed(_ flavor: ArchiveFlavor? = nil) -> KeyedArchiveCodec {
        var options = SerializationOptions()
        options.richText.flavor = flavor
        return KeyedArchiveCodec(registry: registry, options: options)
    }

    /// The class names of the objects of an archive read without translators, in table order.
    private func classes(of bytes: [UInt8]) throws -> [String] {
        let archive = try KeyedArchive(bytes: bytes)
        return archive.objects.compactMap { object -> String? in
            guard case .dictionary(let entries) = object, case .uid(let uid)? = entries["$class"],
                Int(uid) < archive.objects.count, case .dictionary(let description) = archive.objects[Int(uid)],
                case .string(let name)? = description["$classname"], name != "NSArray"
            else { return nil }
            return name
        }
    }

    /// Styles without tab stops refer to one empty `NSTabStops` array, as Foundation's empty
    /// `NSArray` is one object (the styles of a nib's text share it); tab stops stay each
    /// style's own.
    @Test func stylesWithoutTabStopsShareTheOneEmptyArray() throws {
        var styles: [ParagraphStyle] = []
        for indent in [0.0, 12, 24] {
            var style = ParagraphStyle()
            style.headIndent = indent
            style.tabStops = indent == 24 ? [TextTab(location: 28)] : []
            styles.append(style)
        }
        let runs = styles.map { style in
            var attributes = TextAttributes()
            attributes.paragraphStyle = style
            return TextRun(length: 2, attributes: attributes)
        }
        let text = try AttributedText("a\nb\nc\n", runs: runs)
        let archive = try KeyedArchive(bytes: try keyed().encode(text))
        let tabStops = archive.objects.compactMap { object -> UInt64? in
            guard case .dictionary(let entries) = object, case .uid(let uid)? = entries["NSTabStops"] else {
                return nil
            }
            return uid
        }
        #expect(tabStops.count == 3)
        #expect(tabStops[0] == tabStops[1] && tabStops[2] != tabStops[0])
        #expect(try keyed().decode(AttributedText.self, from: try keyed().encode(text)) == text)
    }

    @Test func aUIKitColorStaysUIKitUnlessTheCallAsks() throws {
        let red = Color.rgb(1, 0, 0)
        let uiKit = try keyed(.uiKit).encode(red)
        let read = try keyed().decode(Color.self, from: uiKit)
        #expect(read == red)
        #expect(read.archiveClass?.name == "UIColor")
        #expect(try classes(of: keyed().encode(read)) == ["UIColor"])
        #expect(try classes(of: keyed(.appKit).encode(read)) == ["NSColor"])
        // Made in Swift: AppKit's.
        #expect(try classes(of: keyed().encode(red)) == ["NSColor"])
    }

    @Test func aReadableDocumentKeepsTheArchiveForm() throws {
        let font = Font(name: "Helvetica", pointSize: 12)
        let read = try keyed().decode(Font.self, from: keyed(.uiKit).encode(font))
        let json = ReadableCodec(registry: registry, format: .prettyJSON)
        let text = String(decoding: try json.encode(read), as: UTF8.self)
        #expect(text.contains("\"archived\""))
        #expect(text.contains(#""archived": {"#) && text.contains(#""$class": "UIFont""#))
        let back = try json.decode(Font.self, from: Array(text.utf8))
        #expect(back == font)
        #expect(back.archiveClass == read.archiveClass)
        #expect(try classes(of: keyed().encode(back)) == ["UIFont"])
        // A document written by hand, without `archived`, is AppKit's.
        let plain = try json.decode(
            Font.self, from: Array(#"{"$class": "Font", "name": "Helvetica", "size": 12}"#.utf8))
        #expect(plain.archiveClass == nil)
        #expect(try classes(of: keyed().encode(plain)) == ["NSFont"])
    }

    @Test func copiesOfOneReadObjectStayOneUntilOneChanges() throws {
        let blue = Color.rgb(0, 0, 1)
        // Made in Swift, values have no identity: each occurrence is an object of its own.
        #expect(try classes(of: keyed().encode([blue, blue] as [Any?])) == ["NSColor", "NSColor"])
        // Read from one archive object, its copies are that object again.
        let read = try keyed().decode(Color.self, from: keyed().encode(blue))
        #expect(try classes(of: keyed().encode([read, read] as [Any?])) == ["NSColor"])
        let json = ReadableCodec(registry: registry, format: .json)
        let document = String(decoding: try json.encode([read, read] as [Any?]), as: UTF8.self)
        #expect(document.contains("$alias"))
        // Changed, a copy is a color of its own.
        var changed = read
        changed.alpha = 0.5
        #expect(try classes(of: keyed().encode([read, changed] as [Any?])) == ["NSColor", "NSColor"])
    }
}
