import Foundation
import KryoRichText
import SwiftKryo
import Testing

/// Paragraph styles that differ only in keys the model does not translate (`NSTextLists`, kept
/// in ``PreservedKeys``) are different styles: neighbouring runs with them stay apart, so that
/// a paragraph without a list does not gain the bullets of the one before it.
@Suite struct PreservedStyleKeysTests {
    @Test func stylesThatDifferOnlyInPreservedKeysDiffer() throws {
        var plain = ParagraphStyle()
        plain.headIndent = 36
        var listed = plain
        let list = UnknownObject(className: "NSTextList", fields: ["NSMarkerFormat": "{disc}"])
        listed.preserved.set(.object([list]), forKey: "NSTextLists")
        #expect(plain != listed)
        // The same archived object in both (copies of one read style) is the same style.
        var copy = plain
        copy.preserved.set(.object([list]), forKey: "NSTextLists")
        #expect(copy == listed && copy.hashValue == listed.hashValue)
        var other = plain
        other.preserved.set(.object([UnknownObject(className: "NSTextList", fields: [:])]), forKey: "NSTextLists")
        #expect(other != listed)

        var first = TextAttributes()
        first.paragraphStyle = listed
        var second = TextAttributes()
        second.paragraphStyle = plain
        let text = try AttributedText(
            "item\ntext", runs: [TextRun(length: 5, attributes: first), TextRun(length: 4, attributes: second)])
        #expect(text.runs.count == 2)
        #expect(text.attributes(at: 6)?.paragraphStyle?.preserved.isEmpty == true)
    }
}

/// Runs whose fonts differ only in a key the model keeps as read (`NSFontUsesAppearanceFontSize`,
/// Zoom's nibs) stay apart, and a keyed archive written from them holds both fonts.
@Suite struct PreservedFontKeyRunTests {
    @Test func runsWhoseFontsDifferInAKeptKeyStayApart() throws {
        let plain = Font(name: ".AppleSystemUIFont", pointSize: 13)
        var appearance = plain
        appearance.preserved.set(.bool(true), forKey: "NSFontUsesAppearanceFontSize")
        #expect(plain == appearance)
        var first = TextAttributes()
        first.font = plain
        var second = TextAttributes()
        second.font = appearance
        let text = try AttributedText(
            "a,b",
            runs: [
                .init(length: 1, attributes: first), .init(length: 1, attributes: second),
                .init(length: 1, attributes: first),
            ])
        #expect(text.runs.map(\.length) == [1, 1, 1])

        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        let archive = try codec.archive(text)
        let fonts = archive.objects.filter { object in
            guard case .dictionary(let entries) = object, case .uid(let uid)? = entries["$class"],
                case .dictionary(let description) = archive.objects[Int(uid)]
            else { return false }
            return description["$classname"] == .string("NSFont")
        }
        #expect(fonts.count == 2)
        #expect(
            fonts.filter { object in
                guard case .dictionary(let entries) = object else { return false }
                return entries["NSFontUsesAppearanceFontSize"] == .bool(true)
            }.count == 1)
        let back = try #require(try codec.decode(Any?.self, from: archive) as? AttributedText)
        #expect(back.runs.map(\.length) == [1, 1, 1])
        #expect(back.runs[1].attributes.font?.preserved.keys == ["NSFontUsesAppearanceFontSize"])
        #expect(back.runs[0].attributes.font?.preserved.isEmpty == true)
    }
}
