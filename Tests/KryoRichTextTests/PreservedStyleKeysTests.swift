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
