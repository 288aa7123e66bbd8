import KryoCore

/// A color as AppKit and UIKit archive it: components in a color model, a color space and alpha.
///
/// In keyed archives a color is AppKit's `NSColor` (`NSColorSpace` 1–6 with `NSRGB`, `NSWhite`,
/// `NSCMYK` or a catalog name and fallback) or UIKit's `UIColor` (`UIColorComponentCount`,
/// `UIRed`…`UIAlpha` or `UIWhite`, plus `NSRGB`/`NSWhite` and `NSColorSpace` for the Mac).
public struct Color: Sendable, Hashable {
    /// The components, in the color's model.
    public var components: Components
    /// The color space the components are in.
    public var space: ColorSpace
    /// Opacity, 0 to 1.
    public var alpha: Double
    /// Keys of the archive this color was read from that the model does not translate (an ICC
    /// profile, `UISystemColorName`…).
    public var preserved: PreservedKeys
    /// The class the color was read as from a keyed archive (`UIColor`, `NSColor`…), which a
    /// keyed archive gets back unless the call asks for another flavour; `nil` for a color made
    /// in Swift.
    public var archiveClass: ArchiveClass?
    /// The identity that copies of this value read from one archive object share
    /// (``KryoCore/ArchivedObjectValue``).
    package var readIdentity: ReadIdentity<Color>?

    /// The components of a color.
    public indirect enum Components: Sendable, Hashable {
        /// Red, green and blue, 0 to 1 (beyond in extended spaces).
        case rgb(red: Double, green: Double, blue: Double)
        /// A gray level, 0 (black) to 1 (white).
        case gray(white: Double)
        /// Cyan, magenta, yellow and black, 0 to 1.
        case cmyk(cyan: Double, magenta: Double, yellow: Double, black: Double)
        /// A named color of a catalog (AppKit's `System` `textColor`…), with the color to use
        /// where the catalog is not available.
        case catalog(catalog: String, name: String, fallback: Color?)
    }

    /// Creates a color.
    public init(_ components: Components, space: ColorSpace = .device, alpha: Double = 1) {
        self.components = components
        self.space = space
        self.alpha = alpha
        preserved = PreservedKeys()
    }

    /// An RGB color.
    public static func rgb(
        _ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1, space: ColorSpace = .device
    )
        -> Color
    {
        Color(.rgb(red: red, green: green, blue: blue), space: space, alpha: alpha)
    }

    /// A gray color.
    public static func gray(_ white: Double, alpha: Double = 1, space: ColorSpace = .device) -> Color {
        Color(.gray(white: white), space: space, alpha: alpha)
    }

    /// The color as red, green, blue and alpha: gray spread over three channels, CMYK converted
    /// naively, a catalog color through its fallback (black without one).
    public var rgba: (red: Double, green: Double, blue: Double, alpha: Double) {
        switch components {
        case .rgb(let red, let green, let blue): return (red, green, blue, alpha)
        case .gray(let white): return (white, white, white, alpha)
        case .cmyk(let cyan, let magenta, let yellow, let black):
            return ((1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black), alpha)
        case .catalog(_, _, let fallback): return fallback?.rgba ?? (0, 0, 0, alpha)
        }
    }

    /// Colors are equal when their translated properties are; the archive class and preserved
    /// keys are not compared.
    public static func == (lhs: Color, rhs: Color) -> Bool {
        lhs.components == rhs.components && lhs.space == rhs.space && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
        hasher.combine(space)
        hasher.combine(alpha)
    }
}

/// The color space of a ``Color``'s components.
public enum ColorSpace: Sendable, Hashable {
    /// AppKit's calibrated (generic) spaces: `NSColorSpace` 1 (RGB) and 3 (gray).
    case calibrated
    /// The device spaces: `NSColorSpace` 2 (RGB), 4 (gray), 5 (CMYK); what UIKit writes.
    case device
    /// sRGB (`NSCustomColorSpace` with `NSID` 7).
    case sRGB
    /// Extended-range sRGB (`NSSpaceID` 14).
    case extendedSRGB
    /// Display P3 (`NSSpaceID` 12).
    case displayP3
    /// Generic gray with gamma 2.2 (`NSID` 9).
    case grayGamma22
}

extension Color: ArchivedObjectValue {
    public var archivedObjectIdentity: AnyObject? { readIdentity?.identity(of: self) }
}
