import Foundation
import SwiftKryo
import Testing

/// Deep copies of rich text whose values keep objects of the archive they were read from: the
/// copy holds copies of those objects, and a kept object that leads back into the graph leads to
/// the copy (fuzz finding: a font's `UIFontDescriptor` reaching the text storage it is in).
@Suite struct RichTextCopyTests {
    let registry: Registry
    init() throws { registry = try Registry(RichText.registrations()) }

    @Test func objectsAFontKeepsAreCopiedAndTheirCyclesLeadToTheCopy() throws {
        let storage = UnknownObject(className: "NSTextStorage")
        let descriptor = UnknownObject(className: "UIFontDescriptor", fields: ["owner": storage])
        var font = Font(name: "Helvetica", pointSize: 12)
        font.preserved.set(.object(descriptor), forKey: "UIFontDescriptor")
        var attributes = TextAttributes()
        attributes.font = font
        attributes.untranslated["Marker"] = UntranslatedValue(descriptor)
        storage.fields["text"] = AttributedText("hi", attributes: attributes)

        let copy = try registry.copy(storage)
        #expect(copy !== storage)
        let text = try #require(copy.fields["text"] as? AttributedText)
        let run = try #require(text.runs.first)
        guard case .object(let kept)? = run.attributes.font?.preserved.values["UIFontDescriptor"],
            let copiedDescriptor = kept as? UnknownObject
        else {
            Issue.record("the copy's font keeps no descriptor")
            return
        }
        #expect(copiedDescriptor !== descriptor)
        #expect(copiedDescriptor.fields["owner"] as? UnknownObject === copy)
        // The untranslated attribute held the same descriptor: so does the copy's.
        #expect(run.attributes.untranslated["Marker"]?.value as? UnknownObject === copiedDescriptor)
        // The original is untouched.
        #expect(descriptor.fields["owner"] as? UnknownObject === storage)
    }

    /// Two runs whose fonts were read from one archived font object share its identity (and are
    /// written back as one object): their copies share one new identity, holding a copy of the
    /// font as read.
    @Test func copiesOfValuesReadFromOneObjectShareOneIdentity() throws {
        let descriptor = UnknownObject(className: "UIFontDescriptor")
        var font = Font(name: "Helvetica", pointSize: 12)
        font.preserved.set(.object(descriptor), forKey: "UIFontDescriptor")
        var read = font
        read.readIdentity = ReadIdentity(font)
        var bold = TextAttributes()
        bold.font = read
        bold.kern = 1
        var plain = TextAttributes()
        plain.font = read
        let text = try AttributedText(
            "ab", runs: [TextRun(length: 1, attributes: bold), TextRun(length: 1, attributes: plain)])

        let copy = try registry.copy(text)
        let first = try #require(copy.runs.first?.attributes.font?.readIdentity)
        let second = try #require(copy.runs.last?.attributes.font?.readIdentity)
        #expect(first === second)
        #expect(first !== read.readIdentity)
        guard case .object(let kept)? = first.value.preserved.values["UIFontDescriptor"] else {
            Issue.record("the copied identity's font keeps no descriptor")
            return
        }
        #expect(kept as? UnknownObject !== descriptor)
        guard case .object(let inRun)? = copy.runs.first?.attributes.font?.preserved.values["UIFontDescriptor"] else {
            Issue.record("the copied font keeps no descriptor")
            return
        }
        #expect(kept as? UnknownObject === inRun as? UnknownObject)
    }
}
