import KryoCore

/// How lines of a paragraph are laid out: alignment, direction, spacing, indents and tab stops.
///
/// Keyed archives store it as `NSParagraphStyle` with Apple's keys, each omitted when it has its
/// default value; the alignment in Core Text numbering and the writing direction plus one, as
/// both platforms archive them.
public struct ParagraphStyle: Sendable, Hashable {
    /// Horizontal alignment.
    public var alignment: TextAlignment = .left
    /// The base writing direction.
    public var baseWritingDirection: WritingDirection = .natural
    /// How lines too long for the container break.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Space between lines, in points.
    public var lineSpacing: Double = 0
    /// Space after the paragraph, in points.
    public var paragraphSpacing: Double = 0
    /// Space before the paragraph, in points.
    public var paragraphSpacingBefore: Double = 0
    /// Indent of lines other than the first, in points.
    public var headIndent: Double = 0
    /// Indent of the first line, in points.
    public var firstLineHeadIndent: Double = 0
    /// Trailing indent, in points (negative: from the trailing margin).
    public var tailIndent: Double = 0
    /// The smallest line height, in points (0: none).
    public var minimumLineHeight: Double = 0
    /// The largest line height, in points (0: none).
    public var maximumLineHeight: Double = 0
    /// A factor applied to the natural line height (0: none).
    public var lineHeightMultiple: Double = 0
    /// The interval of default tab stops past the last one, in points (0: none).
    public var defaultTabInterval: Double = 0
    /// The threshold of hyphenation, 0 (off) to 1.
    public var hyphenationFactor: Double = 0
    /// The tab stops; `nil` for the platform's default tabs (archived as `$null`).
    public var tabStops: [TextTab]?
    /// Keys of the archive this style was read from that the model does not translate
    /// (`NSTextBlocks`, `NSTighteningFactorForTruncation`…).
    public var preserved = PreservedKeys()
    /// The class the style was archived as (`NSParagraphStyle` or `NSMutableParagraphStyle`),
    /// written back by keyed archives; `nil` writes `NSMutableParagraphStyle`, as both platforms
    /// usually do.
    public var archiveClass: ArchiveClass?
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<ParagraphStyle>?

    /// Creates a style with every property at its default.
    public init() {}

    public static func == (lhs: ParagraphStyle, rhs: ParagraphStyle) -> Bool {
        lhs.alignment == rhs.alignment && lhs.baseWritingDirection == rhs.baseWritingDirection
            && lhs.lineBreakMode == rhs.lineBreakMode && lhs.metrics == rhs.metrics && lhs.tabStops == rhs.tabStops
            && lhs.preserved.holdsTheSame(as: rhs.preserved)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(alignment)
        hasher.combine(metrics)
        hasher.combine(tabStops)
        hasher.combine(preserved.keys)
    }

    /// The numeric properties, in a fixed order.
    var metrics: [Double] {
        [
            lineSpacing, paragraphSpacing, paragraphSpacingBefore, headIndent, firstLineHeadIndent, tailIndent,
            minimumLineHeight, maximumLineHeight, lineHeightMultiple, defaultTabInterval, hyphenationFactor,
        ]
    }

    /// The numeric properties with their archive keys and readable names.
    static let metricKeys: [(WritableKeyPath<ParagraphStyle, Double> & Sendable, archive: String, readable: String)] = [
        (\.lineSpacing, "NSLineSpacing", "lineSpacing"), (\.paragraphSpacing, "NSParagraphSpacing", "paragraphSpacing"),
        (\.paragraphSpacingBefore, "NSParagraphSpacingBefore", "paragraphSpacingBefore"),
        (\.headIndent, "NSHeadIndent", "headIndent"),
        (\.firstLineHeadIndent, "NSFirstLineHeadIndent", "firstLineHeadIndent"),
        (\.tailIndent, "NSTailIndent", "tailIndent"), (\.minimumLineHeight, "NSMinLineHeight", "minimumLineHeight"),
        (\.maximumLineHeight, "NSMaxLineHeight", "maximumLineHeight"),
        (\.lineHeightMultiple, "NSLineHeightMultiple", "lineHeightMultiple"),
        (\.defaultTabInterval, "NSDefaultTabInterval", "defaultTabInterval"),
        (\.hyphenationFactor, "NSHyphenationFactor", "hyphenationFactor"),
    ]
}

/// Text alignment, numbered as Core Text and both platforms' archives number it (in memory,
/// AppKit on Intel numbers center and right the other way round).
public enum TextAlignment: Int, Sendable, Hashable, CaseIterable {
    /// Flush left.
    case left = 0
    /// Flush right.
    case right = 1
    /// Centered.
    case center = 2
    /// Justified.
    case justified = 3
    /// Left or right, as the writing direction has it.
    case natural = 4

    var name: String { "\(self)" }
}

/// The base writing direction; archives store it plus one and omit ``natural``.
public enum WritingDirection: Int, Sendable, Hashable, CaseIterable {
    /// As the text's script has it.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1

    var name: String { "\(self)" }
}

/// How a line too long for its container breaks.
public enum LineBreakMode: Int, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries.
    case byWordWrapping = 0
    /// Wrap at character boundaries.
    case byCharWrapping = 1
    /// Clip at the container's edge.
    case byClipping = 2
    /// Truncate the start with an ellipsis.
    case byTruncatingHead = 3
    /// Truncate the end with an ellipsis.
    case byTruncatingTail = 4
    /// Truncate the middle with an ellipsis.
    case byTruncatingMiddle = 5

    var name: String { "\(self)" }
}

/// A tab stop: a location and the alignment of text at it.
public struct TextTab: Sendable, Hashable {
    /// The distance from the leading margin, in points.
    public var location: Double
    /// How text aligns at the stop.
    public var alignment: TextAlignment
    /// Keys of the archive this tab was read from that the model does not translate
    /// (`NSTabOptions`…).
    public var preserved = PreservedKeys()
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<TextTab>?

    /// Creates a tab stop.
    public init(location: Double, alignment: TextAlignment = .left) {
        self.location = location
        self.alignment = alignment
    }

    public static func == (lhs: TextTab, rhs: TextTab) -> Bool {
        lhs.location == rhs.location && lhs.alignment == rhs.alignment
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(alignment)
    }
}

extension CaseIterable where Self: RawRepresentable, Self.RawValue == Int {
    /// The case named `name` (its Swift name).
    static func named(_ name: String) -> Self? { allCases.first { "\($0)" == name } }
}

extension ParagraphStyle: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}

extension TextTab: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
