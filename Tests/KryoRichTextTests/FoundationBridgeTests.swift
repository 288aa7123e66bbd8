import Foundation
import SwiftKryo
import Testing

/// Attributed text moves to Swift's `AttributedString` without loss, and to Foundation's
/// `NSAttributedString` with the attributes Foundation holds.
@Suite struct FoundationBridgeTests {
    @Test func attributedStringKeepsEveryAttribute() throws {
        let text = try RichTextRoundTripTests.sample()
        let string = AttributedString(text)
        #expect(String(string.characters) == text.string)
        let first = try #require(string.runs.first)
        #expect(first.richText.font == Font(name: "Helvetica-Bold", pointSize: 24))
        #expect(first[AttributeScopes.RichTextAttributes.ParagraphStyleKey.self]?.alignment == .center)
        #expect(string.runs.contains { $0.link == URL(string: "https://example.com/a?b=c") })
        #expect(AttributedText(string) == text)
    }

    @Test func attributedStringFromFoundationKeys() throws {
        var string = AttributedString("Hi there")
        string.link = URL(string: "https://swift.org")
        let range = try #require(string.range(of: "there"))
        string[range][AttributeScopes.RichTextAttributes.KernKey.self] = 2
        let text = AttributedText(string)
        #expect(text.runs.map(\.length) == [3, 5])
        #expect(text.runs.allSatisfy { $0.attributes.link == .url(URL(string: "https://swift.org")!) })
        #expect(text.runs[1].attributes.kern == 2)
    }

    @Test func foundationAttributedStringHoldsNumbersAndLinks() throws {
        var underlined = TextAttributes()
        underlined.underlineStyle = 1
        underlined.kern = 1.5
        underlined.font = Font(name: "Helvetica", pointSize: 12)
        var linked = TextAttributes()
        linked.link = .url(URL(string: "https://example.com")!)
        linked.untranslated["CTTracking"] = UntranslatedValue(3)
        let text = try AttributedText(
            "café link", runs: [TextRun(length: 5, attributes: underlined), TextRun(length: 4, attributes: linked)])
        let report = TranslationReport()
        let foundation = text.foundationAttributedString(report: report)
        #expect(foundation.string == "café link")
        let first = foundation.attributes(at: 0, effectiveRange: nil)
        #expect(ValueConversion.convert(first[NSAttributedString.Key("NSUnderline")], to: Int.self) == 1)
        #expect(ValueConversion.convert(first[NSAttributedString.Key("NSKern")], to: Double.self) == 1.5)
        #expect(first[NSAttributedString.Key("NSFont")] == nil)
        #expect(report.dropped == [DroppedValue(owner: "attributes", name: "NSFont", range: 0..<5)])

        let back = AttributedText(foundation)
        var expected = underlined
        expected.font = nil
        #expect(back.runs.map(\.length) == [5, 4])
        #expect(back.runs[0].attributes == expected)
        #expect(back.runs[1].attributes.link == linked.link)
        #expect(ValueConversion.convert(back.runs[1].attributes.untranslated["CTTracking"]?.value, to: Int.self) == 3)
    }
}
