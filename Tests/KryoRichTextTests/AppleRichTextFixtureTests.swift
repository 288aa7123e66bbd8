import Foundation
import SwiftKryo
import Testing

/// Every attributed string, font and color in the real Apple archives decodes to the expected
/// model values.
@Suite struct AppleRichTextFixtureTests {
    let registry: Registry
    let codec: KeyedArchiveCodec

    init() throws {
        registry = try Registry { RichText.registrations() }
        codec = KeyedArchiveCodec(registry: registry)
    }

    func root<T>(_ type: T.Type, _ file: String) throws -> T {
        try codec.decode(T.self, from: FixtureFiles.bytes(file))
    }

    @Test func terminalFont() throws {
        let font = try root(Font.self, "mac/dracula-Font.bplist")
        #expect(font.name == "SFMono-Regular")
        #expect(font.pointSize == 12)
        #expect(font.appKitFlags == 16)
        #expect(font.traits == [])
        #expect(!font.isSystemFont)
        #expect(font.preserved.isEmpty)
    }

    @Test func terminalBackgroundColor() throws {
        let color = try root(Color.self, "mac/dracula-BackgroundColor.bplist")
        #expect(color.space == .calibrated)
        #expect(color.components == .rgb(red: 0.1176581159, green: 0.1221527234, blue: 0.1597783715))
        #expect(color.alpha == 1)
    }

    @Test func multiRunStringWithPlainAttributeValues() throws {
        let text = try root(AttributedText.self, "mac/scf-NSAttributedString.archive")
        #expect(text.string == "0123456789")
        #expect(text.runs.map(\.length) == [1, 1, 4, 2, 1, 1])
        #expect(text.archiveClass?.name == "NSAttributedString")
        // Attribute values are plain strings and numbers, which the model does not translate.
        let second = text.runs[1].attributes
        #expect(second.untranslated["Font"]?.value as? String == "Helvetica")
        #expect(ValueConversion.convert(second.untranslated["Size"]?.value, to: Int.self) == 123)
        #expect(text.runs[0].attributes == text.runs[5].attributes)
        #expect(text.runs[1].attributes == text.runs[3].attributes)
        #expect(!text.storesMutableString)
    }

    @Test func mutableAttributedStringKeepsItsMutableString() throws {
        let text = try root(AttributedText.self, "mac/scf-NSMutableAttributedString.archive")
        #expect(text.string == "0123456789")
        #expect(text.storesMutableString)
        #expect(text.archiveClass?.name == "NSMutableAttributedString")
    }

    @Test func uiKitTextStorageWithSevenRuns() throws {
        let text = try root(AttributedText.self, "ios/vectornator-textstorage-styles-7runs.bplist")
        #expect(text.string == "Normal Bold Italic Underline Strikethrough  Underline&Strike")
        #expect(text.archiveClass?.name == "NSTextStorage")
        // The archive's run layout (NSAttributeInfo) is the one the writer makes from the runs
        // (seven dictionaries numbered in order of first use), so nothing needs keeping for it.
        #expect(text.preserved.keys == ["NSDelegate"])
        // Seven distinct attribute dictionaries over eleven runs.
        #expect(text.runs.count == 11)
        #expect(Set(text.runs.map(\.attributes)).count == 7)
        let fonts = text.runs.map { $0.attributes.font?.name }
        #expect(fonts.first == "Helvetica")
        #expect(fonts.contains("Helvetica-Bold"))
        #expect(fonts.contains("Helvetica-Oblique"))
        #expect(fonts.contains("Helvetica-BoldOblique"))
        for run in text.runs {
            let font = try #require(run.attributes.font)
            #expect(font.pointSize == 18)
            #expect(font.traits == FontTraits(postScriptName: font.name))
            #expect(!font.isSystemFont)
            #expect(font.preserved.keys.contains("UIFontDescriptor"))
            #expect(run.attributes.foregroundColor == .rgb(0, 0, 0))
            let style = try #require(run.attributes.paragraphStyle)
            #expect(style.alignment == .center)
            #expect(style.baseWritingDirection == .leftToRight)
            #expect(style.tabStops == nil)
            #expect(style.preserved.keys.contains("NSTextBlocks"))
        }
        let words = Self.runTexts(text)
        let underline = try #require(words.first { $0.text == "Underline" }?.attributes)
        #expect(underline.underlineStyle == 1 && underline.strikethroughStyle == nil)
        let strike = try #require(words.first { $0.text == "Strikethrough" }?.attributes)
        #expect(strike.strikethroughStyle == 1 && strike.underlineStyle == nil)
        let both = try #require(words.first { $0.text.hasPrefix("Underline&") }?.attributes, "\(words.map(\.text))")
        #expect(both.underlineStyle == 1 && both.strikethroughStyle == 1)
        #expect(
            words.map(\.text) == [
                "Normal", " Bold ", "Italic", " ", "Underline", " ", "Strikethrough", "  ", "Underline&", "Stri", "ke",
            ])
        #expect(words.first { $0.text == " Bold " }?.attributes.font?.traits == .bold)
        #expect(words.first { $0.text == "Italic" }?.attributes.font?.traits == .italic)
    }

    /// The text of each run with its attributes.
    static func runTexts(_ text: AttributedText) -> [(text: String, attributes: TextAttributes)] {
        let units = Array(text.string.utf16)
        return zip(text.ranges, text.runs).map { range, run in
            (String(decoding: units[range], as: UTF16.self), run.attributes)
        }
    }

    @Test func uiKitSizesFromEightToTwentyOne() throws {
        let text = try root(AttributedText.self, "ios/vectornator-textstorage-sizes-9runs.bplist")
        let sizes = text.runs.compactMap { $0.attributes.font?.pointSize }
        // Nine distinct sizes; the spaces between the words are 8 pt.
        #expect(text.runs.count == 16)
        #expect(Set(sizes).sorted() == [8, 9, 10, 11, 12, 14, 16, 18, 21])
        #expect(sizes.last == 21)
        #expect(text.runs.allSatisfy { $0.attributes.font?.name == "Helvetica-Bold" })
        #expect(text.runs.allSatisfy { $0.attributes.font?.traits == .bold })
        #expect(text.runs.allSatisfy { $0.attributes.paragraphStyle?.alignment == .center })
        #expect(text.string.hasPrefix("8pt 9pt"))
    }

    @Test func uiKitStroke() throws {
        let text = try root(AttributedText.self, "ios/vectornator-textstorage-stroke.bplist")
        let attributes = try #require(text.runs.first?.attributes)
        #expect(attributes.strokeWidth == -3)
        let stroke = try #require(attributes.strokeColor)
        guard case .rgb = stroke.components else {
            Issue.record("stroke color \(stroke)")
            return
        }
        #expect(attributes.font != nil)
        #expect(attributes.paragraphStyle != nil)
    }

    @Test func latexitHistoryItemColorAndFont() throws {
        let graph = try root(Any?.self, "mac/latexit-linkback-HistoryItem.bplist")
        let colors = Self.collect(Color.self, in: graph)
        let fonts = Self.collect(Font.self, in: graph)
        let texts = Self.collect(AttributedText.self, in: graph)
        #expect(colors.contains(Color.rgb(0, 0, 0, space: .calibrated)))
        #expect(fonts.contains { $0.name == "Monaco" && $0.pointSize == 12 && $0.appKitFlags == 16 })
        #expect(texts.contains { $0.runs.contains { $0.attributes.font?.name == "Monaco" } })
    }

    @Test func nibAttributedStringsAndCatalogColors() throws {
        let graph = try root(Any?.self, "mac/nv-MainMenu.keyedobjects.nib")
        let texts = Self.collect(AttributedText.self, in: graph)
        let colors = Self.collect(Color.self, in: graph)
        // Four attributed strings with text, and an empty one (NSString only).
        #expect(Set(texts.map(\.string)) == ["Strikethrough", "Underline", "Italic", "Bold", ""])
        #expect(texts.first { $0.string.isEmpty }?.runs.isEmpty == true)
        let styles = texts.flatMap { $0.runs.compactMap(\.attributes.paragraphStyle) }
        #expect(styles.contains { $0.alignment == .natural && $0.tabStops == nil })
        #expect(texts.contains { $0.runs.contains { $0.attributes.underlineStyle != nil } })
        #expect(texts.contains { $0.runs.contains { $0.attributes.untranslated["NSOriginalFont"]?.value is Font } })
        #expect(colors.count >= 14)
        #expect(
            colors.contains {
                $0.components == .catalog(catalog: "System", name: "textColor", fallback: .gray(0, space: .calibrated))
            })
        #expect(colors.contains(.rgb(0, 0, 1, space: .calibrated)))
    }

    @Test func notabilityColorsInRGBAndGray() throws {
        let codec = KeyedArchiveCodec(registry: registry, rootKey: "$0")
        let graph = try codec.decode(Any?.self, from: FixtureFiles.bytes("ios/notability-sample-Session.plist"))
        let colors = Self.collect(Color.self, in: graph)
        #expect(colors.contains { if case .gray = $0.components { return $0.space == .device } else { return false } })
        #expect(colors.contains { if case .rgb = $0.components { return true } else { return false } })
    }

    /// Every value of type `T` reachable from `root` through collections and archived objects.
    static func collect<T>(_ type: T.Type, in root: Any?) -> [T] {
        var found: [T] = []
        var seen = Set<ObjectIdentifier>()
        var stack: [Any?] = [root]
        while let next = stack.popLast() {
            guard let value = next else { continue }
            if let match = value as? T { found.append(match) }
            if let text = value as? AttributedText {
                for run in text.runs {
                    stack.append(contentsOf: TextAttributeMirror.values(of: run.attributes))
                }
                continue
            }
            if let object = value as? UnknownObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                stack.append(contentsOf: object.fields.values)
            } else if let array = value as? [Any?] {
                stack.append(contentsOf: array)
            } else if let dictionary = value as? [AnyHashable: Any?] {
                stack.append(contentsOf: dictionary.values)
            } else if let color = value as? Color, case .catalog(_, _, let fallback?) = color.components {
                stack.append(fallback)
            }
        }
        return found
    }
}

/// The typed and untranslated values of attributes, for searching a graph.
enum TextAttributeMirror {
    static func values(of attributes: TextAttributes) -> [Any?] {
        let typed: [Any?] = [
            attributes.font, attributes.foregroundColor, attributes.backgroundColor, attributes.underlineColor,
            attributes.strikethroughColor, attributes.strokeColor, attributes.shadow?.color,
        ]
        return typed + attributes.untranslated.values.map(\.value)
    }
}
