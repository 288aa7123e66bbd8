import KryoCore

/// A font as both platforms describe it: a PostScript name, a point size and the traits UIKit
/// records.
///
/// In keyed archives a font is AppKit's `NSFont` (`NSName`, `NSSize`, `NSfFlags`) or UIKit's
/// `UIFont` (`UIFontName`, `UIFontPointSize`, `UIFontTraits`, `UISystemFont`, plus `NSName` and
/// `NSSize` for the Mac), whichever the call asks for; either is read.
public struct Font: Sendable, Hashable {
    /// The PostScript name (`Helvetica-Bold`), or a system font's private name
    /// (`.AppleSystemUIFont`).
    public var name: String
    /// The size in points.
    public var pointSize: Double
    /// Bold and italic, as UIKit records them.
    public var traits: FontTraits
    /// Whether this is the platform's system font (UIKit's `UISystemFont`).
    public var isSystemFont: Bool
    /// AppKit's `NSfFlags`, an undocumented bit field: 16, what most archives hold, unless an
    /// archive said otherwise.
    public var appKitFlags: Int
    /// Keys of the archive this font was read from that the model does not translate.
    public var preserved: PreservedKeys
    /// The class the font was read as from a keyed archive (`UIFont`, `NSFont`…), which a keyed
    /// archive gets back unless the call asks for another flavour; `nil` for a font made in Swift.
    public var archiveClass: ArchiveClass?
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<Font>?

    /// Creates a font. The traits default to what the name tells (`-Bold`, `-Oblique`…), and a
    /// name that starts with `.AppleSystemUIFont` or `.SFUI` is a system font.
    public init(
        name: String, pointSize: Double, traits: FontTraits? = nil, isSystemFont: Bool? = nil,
        appKitFlags: Int = 16
    ) {
        self.name = name
        self.pointSize = pointSize
        self.traits = traits ?? FontTraits(postScriptName: name)
        self.isSystemFont = isSystemFont ?? Font.isSystemFontName(name)
        self.appKitFlags = appKitFlags
        preserved = PreservedKeys()
    }

    /// Whether `name` is one of the names Apple archives system fonts with.
    public static func isSystemFontName(_ name: String) -> Bool {
        name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFUI") || name.hasPrefix(".SFNS")
    }

    /// Fonts are equal when their translated properties are; the archive class and preserved
    /// keys are not compared.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.name == rhs.name && lhs.pointSize == rhs.pointSize && lhs.traits == rhs.traits
            && lhs.isSystemFont == rhs.isSystemFont && lhs.appKitFlags == rhs.appKitFlags
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(pointSize)
        hasher.combine(traits)
    }
}

/// The traits of a font as UIKit archives them (`UIFontTraits`).
public struct FontTraits: OptionSet, Sendable, Hashable {
    /// The bits, as `UIFontTraits` stores them.
    public let rawValue: Int
    /// Traits from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Italic or oblique.
    public static let italic = FontTraits(rawValue: 1)
    /// Bold.
    public static let bold = FontTraits(rawValue: 2)

    /// The traits a PostScript name tells by its style suffix.
    public init(postScriptName name: String) {
        let style = name.split(separator: "-").dropFirst().joined(separator: "-").lowercased()
        var traits: FontTraits = []
        if style.contains("bold") || style.contains("black") || style.contains("heavy") { traits.insert(.bold) }
        if style.contains("italic") || style.contains("oblique") { traits.insert(.italic) }
        if name.hasPrefix(".AppleSystemUIFontBold") { traits.insert(.bold) }
        self = traits
    }
}

extension Font: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
