import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// The same attributed text, with every attribute the model translates, round-trips through Kryo
/// binary, keyed archives in both flavours and readable documents.
@Suite struct RichTextRoundTripTests {
    let registry: Registry

    init() throws {
        registry = try Registry { RichText.registrations(firstID: 40) }
    }

    static func sample() throws -> AttributedText {
        var heading = TextAttributes()
        heading.font = Font(name: "Helvetica-Bold", pointSize: 24)
        heading.foregroundColor = .rgb(0.2, 0.4, 0.6, alpha: 0.8, space: .sRGB)
        var style = ParagraphStyle()
        style.alignment = .center
        style.baseWritingDirection = .rightToLeft
        style.lineBreakMode = .byTruncatingTail
        style.lineSpacing = 2
        style.paragraphSpacing = 6
        style.paragraphSpacingBefore = 3
        style.headIndent = 10
        style.firstLineHeadIndent = 12
        style.tailIndent = -4
        style.minimumLineHeight = 14
        style.maximumLineHeight = 30
        style.lineHeightMultiple = 1.2
        style.defaultTabInterval = 36
        style.hyphenationFactor = 0.5
        style.tabStops = [TextTab(location: 28), TextTab(location: 56, alignment: .right)]
        heading.paragraphStyle = style

        var body = TextAttributes()
        body.font = Font(name: ".AppleSystemUIFont", pointSize: 13)
        body.foregroundColor = Color(.catalog(catalog: "System", name: "textColor", fallback: .gray(0)), space: .device)
        body.backgroundColor = .gray(0.9, alpha: 0.5, space: .calibrated)
        body.underlineStyle = 9
        body.underlineColor = Color(.cmyk(cyan: 0.1, magenta: 0.2, yellow: 0.3, black: 0.4))
        body.strikethroughStyle = 1
        body.strikethroughColor = .rgb(1, 0, 0, space: .displayP3)
        body.strokeColor = .rgb(0, 1, 0, space: .calibrated)
        body.strokeWidth = -3
        body.kern = 1.5
        body.baselineOffset = 2
        body.obliqueness = 0.25
        body.expansion = 0.1
        body.ligature = 2
        body.superscript = 1
        body.shadow = Shadow(uiKitOffset: 2, 3, blurRadius: 4, color: .gray(0, alpha: 0.33))
        body.link = .url(URL(string: "https://example.com/a?b=c")!)

        var tail = TextAttributes()
        tail.link = .string("mailto:someone@example.com")
        tail.attachment = TextAttachment(contents: [0x89, 0x50, 0x4E, 0x47], fileName: "pixel.png")
        let string = "Heading\nBody text é🙂\u{FFFC}"
        let headingLength = "Heading\n".utf16.count
        let bodyLength = "Body text é🙂".utf16.count
        return try AttributedText(
            string,
            runs: [
                TextRun(length: headingLength, attributes: heading), TextRun(length: bodyLength, attributes: body),
                TextRun(length: 1, attributes: tail),
            ])
    }

    @Test func kryoBinary() throws {
        let text = try Self.sample()
        let codec = KryoCodec(registry: registry)
        let bytes = try codec.encode(text)
        #expect(try codec.decode(AttributedText.self, from: bytes) == text)
        // Registered with ids: the stream starts with AttributedText's id (40) + 2.
        #expect(bytes.first == 42)
    }

    @Test(arguments: [ArchiveFlavor.appKit, .uiKit])
    func keyedArchive(_ flavor: ArchiveFlavor) throws {
        let text = try Self.sample()
        var options = SerializationOptions()
        options.richText.flavor = flavor
        for format in [PropertyListFormat.binary, .xml] {
            let codec = KeyedArchiveCodec(registry: registry, format: format, options: options)
            let bytes = try codec.encode(text)
            #expect(try codec.decode(AttributedText.self, from: bytes) == text, "\(flavor) \(format)")
            // Read by a call that asks for the other flavour: reading accepts either.
            var other = options
            other.richText.flavor = flavor == .appKit ? .uiKit : .appKit
            let otherCodec = KeyedArchiveCodec(registry: registry, options: other)
            #expect(try otherCodec.decode(AttributedText.self, from: bytes) == text)
        }
    }

    @Test(arguments: [ReadableFormat.json, .prettyJSON, .propertyList(.xml), .propertyList(.binary)])
    func readable(_ format: ReadableFormat) throws {
        let text = try Self.sample()
        let codec = ReadableCodec(registry: registry, format: format)
        let bytes = try codec.encode(text)
        #expect(try codec.decode(AttributedText.self, from: bytes) == text)
    }

    @Test func readableDocumentsReadNaturally() throws {
        let codec = ReadableCodec(registry: registry, format: .json)
        let font = Font(name: "Helvetica", pointSize: 12)
        let json = String(decoding: try codec.encode(font), as: UTF8.self)
        #expect(json == #"{"$class":"Font","name":"Helvetica","size":12.0}"#)
        let written = #"{"$class":"Color","space":"sRGB","red":1,"green":0.5,"blue":0,"alpha":1}"#
        #expect(try codec.decode(Color.self, from: Array(written.utf8)) == .rgb(1, 0.5, 0, space: .sRGB))
    }

    @Test func kryoCocoaColorForm() throws {
        let registry = try Registry {
            RichText.registrations(firstID: 20, colorSerializer: RGBIntColorSerializer())
        }
        let codec = KryoCodec(registry: registry, framing: .object)
        let bytes = try codec.encode(Color.rgb(1, 0.5, 0))
        // One positive varint of 0xFF8000 after the stream's not-null marker.
        #expect(bytes == [0x01, 0x80, 0x80, 0xFE, 0x07])
        #expect(try codec.decode(Color.self, from: bytes) == .rgb(1, 128.0 / 255, 0))
        // Out of range and NaN channels (a decoded color may hold them) clamp instead of trapping.
        #expect(try codec.encode(Color.rgb(.nan, 2, -1)) == [0x01, 0x80, 0xFE, 0x03])
    }

    @Test func runsMustCoverTheText() throws {
        #expect(throws: SerializationError.self) {
            try AttributedText("abc", runs: [TextRun(length: 2, attributes: TextAttributes())])
        }
        #expect(throws: SerializationError.self) {
            try AttributedText(
                "abc",
                runs: [
                    TextRun(length: 0, attributes: TextAttributes()), TextRun(length: 3, attributes: TextAttributes()),
                ])
        }
        let text = AttributedText("ab🙂")
        #expect(text.runs.map(\.length) == [4])
        #expect(text.attributes(at: 3) == TextAttributes())
        #expect(text.attributes(at: 4) == nil)
    }
}
