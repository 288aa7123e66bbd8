import FoundationEssentials
import OrderedCollections

/// The attributes of a run of text: the ones both platforms share, typed, and the ones the model
/// does not translate, kept as read (``untranslated``).
public struct TextAttributes: Sendable, Hashable {
    /// `NSFont`.
    public var font: Font?
    /// `NSColor`: the color of the glyphs.
    public var foregroundColor: Color?
    /// `NSBackgroundColor`.
    public var backgroundColor: Color?
    /// `NSParagraphStyle`.
    public var paragraphStyle: ParagraphStyle?
    /// `NSUnderline`: the style bits of `NSUnderlineStyle` (1 single, 2 thick, 9 double, patterns
    /// from 0x100, by word 0x8000).
    public var underlineStyle: Int?
    /// `NSUnderlineColor`.
    public var underlineColor: Color?
    /// `NSStrikethrough`: the same bits as ``underlineStyle``.
    public var strikethroughStyle: Int?
    /// `NSStrikethroughColor`.
    public var strikethroughColor: Color?
    /// `NSStrokeColor`.
    public var strokeColor: Color?
    /// `NSStrokeWidth`, in percent of the font size (negative: stroke and fill).
    public var strokeWidth: Double?
    /// `NSKern`, in points.
    public var kern: Double?
    /// `NSBaselineOffset`, in points.
    public var baselineOffset: Double?
    /// `NSObliqueness`: the skew.
    public var obliqueness: Double?
    /// `NSExpansion`: the log of the expansion factor.
    public var expansion: Double?
    /// `NSLigature`: 0 none, 1 default, 2 all.
    public var ligature: Int?
    /// `NSSuperScript`: positive up, negative down.
    public var superscript: Int?
    /// `NSShadow`.
    public var shadow: Shadow?
    /// `NSLink`.
    public var link: TextLink?
    /// `NSAttachment`.
    public var attachment: TextAttachment?
    /// Attributes the model has no property for, by name, as read (lossless calls).
    public var untranslated: OrderedDictionary<String, UntranslatedValue> = [:]

    /// No attributes.
    public init() {}

    /// Whether no attribute is set.
    public var isEmpty: Bool { self == TextAttributes() }

    public static func == (lhs: TextAttributes, rhs: TextAttributes) -> Bool {
        lhs.font == rhs.font && lhs.foregroundColor == rhs.foregroundColor && lhs.backgroundColor == rhs.backgroundColor
            && lhs.paragraphStyle == rhs.paragraphStyle && lhs.underlineStyle == rhs.underlineStyle
            && lhs.underlineColor == rhs.underlineColor && lhs.strikethroughStyle == rhs.strikethroughStyle
            && lhs.strikethroughColor == rhs.strikethroughColor && lhs.strokeColor == rhs.strokeColor
            && lhs.strokeWidth == rhs.strokeWidth && lhs.kern == rhs.kern && lhs.baselineOffset == rhs.baselineOffset
            && lhs.obliqueness == rhs.obliqueness && lhs.expansion == rhs.expansion && lhs.ligature == rhs.ligature
            && lhs.superscript == rhs.superscript && lhs.shadow == rhs.shadow && lhs.link == rhs.link
            && lhs.attachment == rhs.attachment && lhs.untranslated.count == rhs.untranslated.count
            // Attributes are a dictionary: their order is not part of the value.
            && lhs.untranslated.allSatisfy { rhs.untranslated[$0.key] == $0.value }
    }

    /// Whether `other` is equal and its font and colors also keep the same archive keys
    /// (``PreservedKeys``), which their `==` does not compare: one attribute dictionary in an archive.
    func isArchived(like other: TextAttributes) -> Bool {
        func same(_ left: PreservedKeys?, _ right: PreservedKeys?) -> Bool {
            (left ?? PreservedKeys()).holdsTheSame(as: right ?? PreservedKeys())
        }
        return self == other && same(font?.preserved, other.font?.preserved)
            && same(foregroundColor?.preserved, other.foregroundColor?.preserved)
            && same(backgroundColor?.preserved, other.backgroundColor?.preserved)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(foregroundColor)
        hasher.combine(paragraphStyle)
        hasher.combine(untranslated.count)
    }
}

/// The value of an attribute that the model does not translate, as a reader produced it.
///
/// Equal when both are the same object, or equal `Hashable` values.
public struct UntranslatedValue: @unchecked Sendable, Hashable {
    /// The value: a number, a string, a Foundation value or an archived object.
    public let value: Any

    /// Wraps a value.
    public init(_ value: Any) { self.value = value }

    public static func == (lhs: UntranslatedValue, rhs: UntranslatedValue) -> Bool {
        if type(of: lhs.value) is AnyClass, type(of: rhs.value) is AnyClass,
            lhs.value as AnyObject === rhs.value as AnyObject
        {
            return true
        }
        guard let left = lhs.value as? any Hashable, let right = rhs.value as? any Hashable else { return false }
        return AnyHashable(left) == AnyHashable(right)
    }

    public func hash(into hasher: inout Hasher) {
        if let hashable = value as? any Hashable { hasher.combine(AnyHashable(hashable)) }
    }
}

/// The attribute names both platforms archive, and the property each maps to.
enum AttributeName {
    static let font = "NSFont"
    static let foregroundColor = "NSColor"
    static let backgroundColor = "NSBackgroundColor"
    static let paragraphStyle = "NSParagraphStyle"
    static let underlineStyle = "NSUnderline"
    static let underlineColor = "NSUnderlineColor"
    static let strikethroughStyle = "NSStrikethrough"
    static let strikethroughColor = "NSStrikethroughColor"
    static let strokeColor = "NSStrokeColor"
    static let strokeWidth = "NSStrokeWidth"
    static let kern = "NSKern"
    static let baselineOffset = "NSBaselineOffset"
    static let obliqueness = "NSObliqueness"
    static let expansion = "NSExpansion"
    static let ligature = "NSLigature"
    static let superscript = "NSSuperScript"
    static let shadow = "NSShadow"
    static let link = "NSLink"
    static let attachment = "NSAttachment"
}
