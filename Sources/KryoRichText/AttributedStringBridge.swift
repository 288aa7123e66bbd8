import Foundation
import OrderedCollections

/// The rich-text attributes as keys of Swift's `AttributedString`, so that text moves between
/// ``AttributedText`` and `AttributedString` without loss: `text.font`, `text.foregroundColor`…
/// next to Foundation's own `link`.
extension AttributeScopes {
    /// The attributes of ``TextAttributes`` that Foundation has no key for.
    public struct RichTextAttributes: AttributeScope {
        /// ``TextAttributes/font``.
        public let font: FontKey
        /// ``TextAttributes/foregroundColor``.
        public let foregroundColor: ForegroundColorKey
        /// ``TextAttributes/backgroundColor``.
        public let backgroundColor: BackgroundColorKey
        /// ``TextAttributes/paragraphStyle``.
        public let paragraphStyle: ParagraphStyleKey
        /// ``TextAttributes/underlineStyle``.
        public let underlineStyle: UnderlineStyleKey
        /// ``TextAttributes/underlineColor``.
        public let underlineColor: UnderlineColorKey
        /// ``TextAttributes/strikethroughStyle``.
        public let strikethroughStyle: StrikethroughStyleKey
        /// ``TextAttributes/strikethroughColor``.
        public let strikethroughColor: StrikethroughColorKey
        /// ``TextAttributes/strokeColor``.
        public let strokeColor: StrokeColorKey
        /// ``TextAttributes/strokeWidth``.
        public let strokeWidth: StrokeWidthKey
        /// ``TextAttributes/kern``.
        public let kern: KernKey
        /// ``TextAttributes/baselineOffset``.
        public let baselineOffset: BaselineOffsetKey
        /// ``TextAttributes/obliqueness``.
        public let obliqueness: ObliquenessKey
        /// ``TextAttributes/expansion``.
        public let expansion: ExpansionKey
        /// ``TextAttributes/ligature``.
        public let ligature: LigatureKey
        /// ``TextAttributes/superscript``.
        public let superscript: SuperscriptKey
        /// ``TextAttributes/shadow``.
        public let shadow: ShadowKey
        /// A ``TextLink/string(_:)`` link (URL links use Foundation's `link`).
        public let linkText: LinkTextKey
        /// ``TextAttributes/attachment``.
        public let attachment: AttachmentKey
        /// ``TextAttributes/untranslated``.
        public let untranslated: UntranslatedKey
        /// Foundation's attributes (`link`).
        public let foundation: FoundationAttributes

        /// ``TextAttributes/font``.
        public enum FontKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Font
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSFont"
        }
        /// ``TextAttributes/foregroundColor``.
        public enum ForegroundColorKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Color
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSColor"
        }
        /// ``TextAttributes/backgroundColor``.
        public enum BackgroundColorKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Color
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSBackgroundColor"
        }
        /// ``TextAttributes/paragraphStyle``.
        public enum ParagraphStyleKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = ParagraphStyle
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSParagraphStyle"
        }
        /// ``TextAttributes/underlineStyle``.
        public enum UnderlineStyleKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Int
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSUnderline"
        }
        /// ``TextAttributes/underlineColor``.
        public enum UnderlineColorKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Color
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSUnderlineColor"
        }
        /// ``TextAttributes/strikethroughStyle``.
        public enum StrikethroughStyleKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Int
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSStrikethrough"
        }
        /// ``TextAttributes/strikethroughColor``.
        public enum StrikethroughColorKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Color
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSStrikethroughColor"
        }
        /// ``TextAttributes/strokeColor``.
        public enum StrokeColorKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Color
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSStrokeColor"
        }
        /// ``TextAttributes/strokeWidth``.
        public enum StrokeWidthKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Double
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSStrokeWidth"
        }
        /// ``TextAttributes/kern``.
        public enum KernKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Double
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSKern"
        }
        /// ``TextAttributes/baselineOffset``.
        public enum BaselineOffsetKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Double
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSBaselineOffset"
        }
        /// ``TextAttributes/obliqueness``.
        public enum ObliquenessKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Double
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSObliqueness"
        }
        /// ``TextAttributes/expansion``.
        public enum ExpansionKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Double
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSExpansion"
        }
        /// ``TextAttributes/ligature``.
        public enum LigatureKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Int
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSLigature"
        }
        /// ``TextAttributes/superscript``.
        public enum SuperscriptKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Int
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSSuperScript"
        }
        /// ``TextAttributes/shadow``.
        public enum ShadowKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = Shadow
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSShadow"
        }
        /// A ``TextLink/string(_:)`` link.
        public enum LinkTextKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = String
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "SKLinkText"
        }
        /// ``TextAttributes/attachment``.
        public enum AttachmentKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = TextAttachment
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "NSAttachment"
        }
        /// ``TextAttributes/untranslated``.
        public enum UntranslatedKey: AttributedStringKey {
            /// The Swift type of the attribute's values.
            public typealias Value = OrderedDictionary<String, UntranslatedValue>
            /// The attribute's name in Apple's archives (`NSAttributedString.Key`).
            public static let name = "SKUntranslated"
        }
    }

    /// The rich-text attributes (``RichTextAttributes``).
    public var richText: RichTextAttributes.Type { RichTextAttributes.self }
}

extension AttributeDynamicLookup {
    /// `text.font`, `text.foregroundColor`… on `AttributedString`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.RichTextAttributes, T>)
        -> T
    {
        self[T.self]
    }
}

extension AttributedString {
    /// The text of `text` with its attributes; URL links become Foundation's `link`.
    public init(_ text: AttributedText) {
        var result = AttributedString()
        let units = Array(text.string.utf16)
        for (range, run) in zip(text.ranges, text.runs) {
            var piece = AttributedString(String(decoding: units[range], as: UTF16.self))
            piece.mergeAttributes(AttributeContainer(run.attributes))
            result.append(piece)
        }
        self = result
    }
}

extension AttributeContainer {
    /// The container of `attributes`.
    init(_ attributes: TextAttributes) {
        var container = AttributeContainer()
        typealias Keys = AttributeScopes.RichTextAttributes
        container[Keys.FontKey.self] = attributes.font
        container[Keys.ForegroundColorKey.self] = attributes.foregroundColor
        container[Keys.BackgroundColorKey.self] = attributes.backgroundColor
        container[Keys.ParagraphStyleKey.self] = attributes.paragraphStyle
        container[Keys.UnderlineStyleKey.self] = attributes.underlineStyle
        container[Keys.UnderlineColorKey.self] = attributes.underlineColor
        container[Keys.StrikethroughStyleKey.self] = attributes.strikethroughStyle
        container[Keys.StrikethroughColorKey.self] = attributes.strikethroughColor
        container[Keys.StrokeColorKey.self] = attributes.strokeColor
        container[Keys.StrokeWidthKey.self] = attributes.strokeWidth
        container[Keys.KernKey.self] = attributes.kern
        container[Keys.BaselineOffsetKey.self] = attributes.baselineOffset
        container[Keys.ObliquenessKey.self] = attributes.obliqueness
        container[Keys.ExpansionKey.self] = attributes.expansion
        container[Keys.LigatureKey.self] = attributes.ligature
        container[Keys.SuperscriptKey.self] = attributes.superscript
        container[Keys.ShadowKey.self] = attributes.shadow
        container[Keys.AttachmentKey.self] = attributes.attachment
        switch attributes.link {
        case .url(let url)?: container.link = url
        case .string(let string)?: container[Keys.LinkTextKey.self] = string
        case nil: break
        }
        if !attributes.untranslated.isEmpty { container[Keys.UntranslatedKey.self] = attributes.untranslated }
        self = container
    }
}

extension AttributedText {
    /// The text of `string` with the attributes of `AttributeScopes/RichTextAttributes` and
    /// Foundation's `link`; other attributes of `string` are not read.
    public init(_ string: AttributedString) {
        typealias Keys = AttributeScopes.RichTextAttributes
        var runs: [TextRun] = []
        for run in string.runs {
            var attributes = TextAttributes()
            attributes.font = run[Keys.FontKey.self]
            attributes.foregroundColor = run[Keys.ForegroundColorKey.self]
            attributes.backgroundColor = run[Keys.BackgroundColorKey.self]
            attributes.paragraphStyle = run[Keys.ParagraphStyleKey.self]
            attributes.underlineStyle = run[Keys.UnderlineStyleKey.self]
            attributes.underlineColor = run[Keys.UnderlineColorKey.self]
            attributes.strikethroughStyle = run[Keys.StrikethroughStyleKey.self]
            attributes.strikethroughColor = run[Keys.StrikethroughColorKey.self]
            attributes.strokeColor = run[Keys.StrokeColorKey.self]
            attributes.strokeWidth = run[Keys.StrokeWidthKey.self]
            attributes.kern = run[Keys.KernKey.self]
            attributes.baselineOffset = run[Keys.BaselineOffsetKey.self]
            attributes.obliqueness = run[Keys.ObliquenessKey.self]
            attributes.expansion = run[Keys.ExpansionKey.self]
            attributes.ligature = run[Keys.LigatureKey.self]
            attributes.superscript = run[Keys.SuperscriptKey.self]
            attributes.shadow = run[Keys.ShadowKey.self]
            attributes.attachment = run[Keys.AttachmentKey.self]
            if let url = run.link {
                attributes.link = .url(url)
            } else if let text = run[Keys.LinkTextKey.self] {
                attributes.link = .string(text)
            }
            attributes.untranslated = run[Keys.UntranslatedKey.self] ?? [:]
            let length = String(string[run.range].characters).utf16.count
            if length > 0 { runs.append(TextRun(length: length, attributes: attributes)) }
        }
        let characters = String(string.characters)
        // The runs cover the characters exactly, so this cannot fail; fall back to plain text.
        self = (try? AttributedText(characters, runs: runs)) ?? AttributedText(characters)
    }
}
