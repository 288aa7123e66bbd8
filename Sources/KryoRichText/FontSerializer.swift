import KryoBinary
import KryoCore
import KryoKeyed

/// Reads and writes ``Font``: AppKit's or UIKit's keys in keyed archives (as the call's
/// ``RichTextOptions/flavor`` asks, else as it was read; either is read), plain names in readable documents, and a
/// compact form in Kryo binary.
public struct FontSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    /// AppKit's class.
    static let appKitClass = ArchiveClass("NSFont")
    /// UIKit's class, which a Mac reads as an `NSFont`.
    static let uiKitClass = ArchiveClass("UIFont", superclasses: ["NSFont", "NSObject"], hints: ["NSFont"])

    /// Keys that describe the font again (UIKit reads a `UIFontDescriptor` before `UIFontName`):
    /// kept only while the font is the one they were read with.
    private static let restatingKeys: Set<String> = [
        "UIFontDescriptor", "NSDescriptor", "UIIBTextStyle", "UIFontFamilyName", "UIFontTextStyleForScaling",
        "UIFontPointSizeForScaling", "UIFontMaximumPointSizeAfterScaling", "UIIBFontMetricsScaledFont",
    ]

    private static func basis(of font: Font) -> String {
        "\(font.name)|\(font.pointSize)|\(font.traits.rawValue)|\(font.isSystemFont)"
    }

    private static let translatedKeys: Set<String> = [
        "NSName", "NSSize", "NSfFlags", "UIFontName", "UIFontPointSize", "UIFontTraits", "UISystemFont",
    ]

    public func write(_ font: Font, to writer: any ValueWriter) throws {
        switch writer.formatFamily {
        case .kryoBinary:
            try writer.writeString(font.name, forKey: "name")
            try writer.writeDouble(font.pointSize, forKey: "size")
            try writer.writeInt32(
                Int32(truncatingIfNeeded: font.traits.rawValue), forKey: "traits", encoding: .positive)
            try writer.writeBool(font.isSystemFont, forKey: "systemFont")
            try writer.writeInt32(Int32(truncatingIfNeeded: font.appKitFlags), forKey: "flags", encoding: .zigzag)
        case .keyedArchive:
            try writeArchived(font, to: writer)
        default:  // .readable, and the families of other backends: plain names
            try writer.writeString(font.name, forKey: "name")
            try writer.writeDouble(font.pointSize, forKey: "size")
            // Traits and the system flag where they differ from what the name tells (a document
            // written by hand names `Helvetica-Bold` and means bold).
            if font.traits != FontTraits(postScriptName: font.name) {
                try writer.writeInt64(Int64(font.traits.rawValue), forKey: "traits", encoding: .zigzag)
            }
            if font.isSystemFont != Font.isSystemFontName(font.name) {
                try writer.writeBool(font.isSystemFont, forKey: "systemFont")
            }
            if font.appKitFlags != 16 {
                try writer.writeInt64(Int64(font.appKitFlags), forKey: "appKitFlags", encoding: .zigzag)
            }
            try font.preserved.writeReadable(
                archiveClass: font.archiveClass, translatedClass: Self.appKitClass, owner: "Font", to: writer)
        }
    }

    private func writeArchived(_ font: Font, to writer: any ValueWriter) throws {
        let options = writer.options.richText
        let (flavor, archiveClass) = options.archiveForm(
            read: font.archiveClass, appKit: Self.appKitClass, uiKit: Self.uiKitClass)
        writer.setArchiveClass(archiveClass)
        var written: Set<String> = ["NSName", "NSSize"]
        switch flavor {
        case .appKit:
            try writer.writeString(font.name, forKey: "NSName")
            try Self.writeArchivedSize(font, to: writer)
            try writer.writeInt64(Int64(font.appKitFlags), forKey: "NSfFlags", encoding: .zigzag)
            written.insert("NSfFlags")
            if options.isLossless {
                // What UIKit would read, where it differs from what the name and size tell.
                if font.isSystemFont != Font.isSystemFontName(font.name) {
                    try writer.writeBool(font.isSystemFont, forKey: "UISystemFont")
                    written.insert("UISystemFont")
                }
                if font.traits != FontTraits(postScriptName: font.name) {
                    try writer.writeInt64(Int64(font.traits.rawValue), forKey: "UIFontTraits", encoding: .zigzag)
                    written.insert("UIFontTraits")
                }
            }
        case .uiKit:
            try writer.writeString(font.name, forKey: "UIFontName")
            try writer.writeDouble(font.pointSize, forKey: "UIFontPointSize")
            try writer.writeInt64(Int64(font.traits.rawValue), forKey: "UIFontTraits", encoding: .zigzag)
            try writer.writeBool(font.isSystemFont, forKey: "UISystemFont")
            try writer.writeString(font.name, forKey: "NSName")
            try Self.writeArchivedSize(font, to: writer)
            written.formUnion(["UIFontName", "UIFontPointSize", "UIFontTraits", "UISystemFont"])
            if options.isLossless, font.appKitFlags != 16 {
                try writer.writeInt64(Int64(font.appKitFlags), forKey: "NSfFlags", encoding: .zigzag)
                written.insert("NSfFlags")
            }
        }
        try font.preserved.write(
            to: writer, except: written, owner: archiveClass.name,
            basis: Self.basis(of: font),
            restating: Self.restatingKeys)
    }

    public func read(from reader: any ValueReader) throws -> Font {
        switch reader.formatFamily {
        case .kryoBinary:
            let name = try reader.readString(forKey: "name") ?? ""
            let size = try reader.readDouble(forKey: "size")
            let traits = FontTraits(rawValue: Int(try reader.readInt32(forKey: "traits", encoding: .positive)))
            let system = try reader.readBool(forKey: "systemFont")
            let flags = Int(try reader.readInt32(forKey: "flags", encoding: .zigzag))
            return Font(name: name, pointSize: size, traits: traits, isSystemFont: system, appKitFlags: flags)
        case .keyedArchive:
            return try readArchived(from: reader)
        default:  // .readable, and the families of other backends: plain names
            try reader.refuseUnknownKeys(
                ["name", "size", "traits", "systemFont", "appKitFlags", PreservedKeys.readableKey], in: "Font")
            let name = try reader.requiredString(forKey: "name", in: "Font")
            var font = Font(
                name: name, pointSize: try reader.optionalDouble(forKey: "size") ?? 0,
                traits: try reader.optionalInt(forKey: "traits").map(FontTraits.init(rawValue:)),
                isSystemFont: try reader.optionalBool(forKey: "systemFont"),
                appKitFlags: try reader.optionalInt(forKey: "appKitFlags") ?? 16)
            (font.preserved, font.archiveClass) = try PreservedKeys.readReadable(from: reader, owner: "Font")
            // What the kept keys restate, as the document records it (an edit since makes them stale).
            font.preserved.basis = font.preserved.basis ?? Self.basis(of: font)
            return font.identified()
        }
    }

    /// `NSSize` as it was read: a 4-byte real (older AppKit archives) while the size is unchanged,
    /// else an 8-byte real.
    private static func writeArchivedSize(_ font: Font, to writer: any ValueWriter) throws {
        if case .object(let kept as Float)? = font.preserved.values["NSSize"], Double(kept) == font.pointSize {
            try writer.writeFloat(kept, forKey: "NSSize")
        } else {
            try writer.writeDouble(font.pointSize, forKey: "NSSize")
        }
    }

    /// A number as a stored real or integer gives it.
    private static func number(_ stored: Any?) -> Double? {
        switch stored {
        case let number as Double: number
        case let number as Float: Double(number)
        case let number as Int: Double(number)
        case let number as Int64: Double(number)
        default: nil
        }
    }

    private func readArchived(from reader: any ValueReader) throws -> Font {
        let owner = reader.archiveClass?.name ?? "NSFont"
        guard let name = try reader.optionalString(forKey: "UIFontName") ?? reader.optionalString(forKey: "NSName")
        else {
            throw reader.error(.invalidValue, expected: "a font name (UIFontName or NSName) in \(owner)", found: "none")
        }
        let pointSize = try reader.optionalDouble(forKey: "UIFontPointSize")
        // Read as it is stored: a 4-byte real (`encodeFloat`, older AppKit archives) is a `Float`.
        let storedSize = try reader.readObject(forKey: "NSSize")
        if let storedSize, Self.number(storedSize) == nil {
            throw reader.error(
                .typeMismatch, expected: "a number under NSSize", found: ValueConversion.describeType(of: storedSize))
        }
        let size = pointSize ?? Self.number(storedSize) ?? 0
        let traits = try reader.optionalInt(forKey: "UIFontTraits").map(FontTraits.init(rawValue:))
        var font = Font(
            name: name, pointSize: size, traits: traits, isSystemFont: try reader.optionalBool(forKey: "UISystemFont"),
            appKitFlags: try reader.optionalInt(forKey: "NSfFlags") ?? 16)
        font.archiveClass = reader.archiveClass
        font.preserved = try PreservedKeys.read(from: reader, except: Self.translatedKeys, owner: owner)
        // A size stored 4 bytes wide, kept to be written so again.
        if reader.options.richText.isLossless, let storedSize = storedSize as? Float {
            font.preserved.set(PreservedValue.object(storedSize), forKey: "NSSize")
        }
        font.preserved.basis = Self.basis(of: font)
        return font.identified()
    }
}
