import Foundation
import KryoBinary
import KryoCore
import KryoKeyed

/// Reads and writes ``Color``: `NSColor` or `UIColor` in keyed archives (as the call's
/// ``RichTextOptions/flavor`` asks, else as it was read; either is read), plain names in readable documents, and a
/// compact form in Kryo binary. For Java peers that expect KryoCocoa's one-integer form, register
/// ``RGBIntColorSerializer`` for the Kryo binary beside it (``/KryoCore/SerializerByFormat``).
public struct ColorSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    static let appKitClass = ArchiveClass("NSColor")
    static let uiKitClass = ArchiveClass("UIColor", superclasses: ["NSColor", "NSObject"], hints: ["NSColor"])

    private static let translatedKeys: Set<String> = [
        "NSColorSpace", "NSRGB", "NSWhite", "NSCMYK", "NSCatalogName", "NSColorName", "NSColor",
        "UIColorComponentCount", "UIRed", "UIGreen", "UIBlue", "UIAlpha", "UIWhite", "NSCustomColorSpace",
    ]

    /// The exact components iOS 17 archives beside the `UIRed`… floats: read as the color, and
    /// kept to be written back, with the floats, while the color is unchanged.
    private static let doubleKeys: Set<String> = [
        "UIRed-Double", "UIGreen-Double", "UIBlue-Double", "UIAlpha-Double", "UIWhite-Double",
    ]

    /// The keys a color's archive form reads itself, kept by no ``PreservedKeys``.
    private static let archivedKeysRead = translatedKeys.union(doubleKeys)
    /// The kept keys that restate the color, written back only while it is unchanged.
    private static let restatingKeys = doubleKeys.union(["UISystemColorName", "NSComponents"])

    /// The keys of a color's readable form.
    private static let readableKeys: Set<String> = [
        "space", "red", "green", "blue", "white", "cyan", "magenta", "yellow", "black", "alpha", "catalog", "name",
        "fallback", PreservedKeys.readableKey,
    ]

    /// What a system color name restates: the components and alpha.
    static func basis(of color: Color) -> String { "\(color.components)|\(color.alpha)" }

    /// The `NSColorSpace` object a color's `NSCustomColorSpace` holds: the one it was read with
    /// while the color is still in that space (an unknown one only while the color is in a legacy
    /// space, as it was read), else the description of its space; `nil` for the legacy spaces.
    static func customSpace(of color: Color) -> ColorSpaceDescription? {
        let own = ColorSpaceDescription(color.space, gray: isGray(color))
        if case .object(let value)? = color.preserved.values["NSCustomColorSpace"],
            let read = value as? ColorSpaceDescription,
            read.space == color.space || (read.space == nil && own == nil)
        {
            return read
        }
        return own
    }

    // MARK: Writing

    public func write(_ color: Color, to writer: any ValueWriter) throws {
        switch writer.formatFamily {
        case .kryoBinary: try writeCompact(color, to: writer)
        case .keyedArchive: try writeArchived(color, to: writer)
        default: try writeReadable(color, to: writer)  // .readable, and other backends' families
        }
    }

    private func writeCompact(_ color: Color, to writer: any ValueWriter) throws {
        try writer.writeInt8(Int8(Self.spaceCode(color.space)), forKey: "space")
        try writer.writeDouble(color.alpha, forKey: "alpha")
        switch color.components {
        case .rgb(let red, let green, let blue):
            try writer.writeInt8(0, forKey: "model")
            for (key, value) in [("red", red), ("green", green), ("blue", blue)] {
                try writer.writeDouble(value, forKey: key)
            }
        case .gray(let white):
            try writer.writeInt8(1, forKey: "model")
            try writer.writeDouble(white, forKey: "white")
        case .cmyk(let cyan, let magenta, let yellow, let black):
            try writer.writeInt8(2, forKey: "model")
            for (key, value) in [("cyan", cyan), ("magenta", magenta), ("yellow", yellow), ("black", black)] {
                try writer.writeDouble(value, forKey: key)
            }
        case .catalog(let catalog, let name, let fallback):
            try writer.writeInt8(3, forKey: "model")
            try writer.writeString(catalog, forKey: "catalog")
            try writer.writeString(name, forKey: "name")
            try writer.writeObject(fallback, as: DeclaredType(Color.self, finality: .final), forKey: "fallback")
        }
    }

    private func writeReadable(_ color: Color, to writer: any ValueWriter) throws {
        try writer.writeString(Self.spaceName(color.space), forKey: "space")
        switch color.components {
        case .rgb(let red, let green, let blue):
            try writer.writeDouble(red, forKey: "red")
            try writer.writeDouble(green, forKey: "green")
            try writer.writeDouble(blue, forKey: "blue")
        case .gray(let white):
            try writer.writeDouble(white, forKey: "white")
        case .cmyk(let cyan, let magenta, let yellow, let black):
            try writer.writeDouble(cyan, forKey: "cyan")
            try writer.writeDouble(magenta, forKey: "magenta")
            try writer.writeDouble(yellow, forKey: "yellow")
            try writer.writeDouble(black, forKey: "black")
        case .catalog(let catalog, let name, let fallback):
            try writer.writeString(catalog, forKey: "catalog")
            try writer.writeString(name, forKey: "name")
            if let fallback { try writer.writeObject(fallback, forKey: "fallback") }
        }
        try writer.writeDouble(color.alpha, forKey: "alpha")
        try color.preserved.writeReadable(
            archiveClass: color.archiveClass, translatedClass: Self.appKitClass, owner: "Color", to: writer)
    }

    private func writeArchived(_ color: Color, to writer: any ValueWriter) throws {
        let options = writer.options.richText
        let (flavor, archiveClass) = options.archiveForm(
            read: color.archiveClass, appKit: Self.appKitClass, uiKit: Self.uiKitClass)
        writer.setArchiveClass(archiveClass)
        var written: Set<String> = ["NSColorSpace"]
        if flavor == .uiKit {
            let (red, green, blue, alpha) = color.rgba
            // An iOS 17 archive, unchanged: the floats beside the doubles kept, as UIKit writes them.
            let besideDoubles =
                color.preserved.basis == Self.basis(of: color)
                && !Self.doubleKeys.isDisjoint(with: color.preserved.values.keys)
            // UIKit archives its components as floats (`encodeFloat`): 4-byte reals where floats
            // hold every component exactly (or the exact doubles are beside them), else 8-byte.
            let asFloats =
                besideDoubles || [red, green, blue, alpha].allSatisfy { Double(Float($0)) == $0 }
            func component(_ value: Double, forKey key: String) throws {
                if asFloats {
                    try writer.writeFloat(Float(value), forKey: key)
                } else {
                    try writer.writeDouble(value, forKey: key)
                }
            }
            if case .gray(let white) = color.components {
                try writer.writeInt64(2, forKey: "UIColorComponentCount", encoding: .zigzag)
                try component(white, forKey: "UIWhite")
                written.formUnion(["UIColorComponentCount", "UIWhite"])
            } else {
                try writer.writeInt64(4, forKey: "UIColorComponentCount", encoding: .zigzag)
                try component(red, forKey: "UIRed")
                try component(green, forKey: "UIGreen")
                try component(blue, forKey: "UIBlue")
                written.formUnion(["UIColorComponentCount", "UIRed", "UIGreen", "UIBlue"])
            }
            try component(alpha, forKey: "UIAlpha")
            written.insert("UIAlpha")
        }
        // In AppKit's flavour an iOS 17 color's exact components stay among the kept keys (a Mac
        // reads none of them), so that the archive taken back to UIKit's has them again.
        // The NS… keys, which a Mac reads (also inside a UIColor, through its class hint), with
        // Apple's digits; where they are all a reader gets (AppKit, and CMYK, which UIKit keeps
        // under NSCMYK alone), with more when Apple's would read back as another number.
        let digits = flavor == .uiKit ? 3 : 10
        var exact = flavor == .appKit
        if case .cmyk = color.components { exact = true }
        let terminator: [UInt8] = flavor == .uiKit ? [] : [0]
        // In a custom space, the legacy number is for readers that do not know that space: as read.
        var legacyNumber: Int64?
        if case .integer(let number)? = color.preserved.values["NSColorSpace"] { legacyNumber = number }
        // The legacy space's text of a color in a custom space, as read, while the color is as read:
        // in either flavour, so that a Mac archive taken through UIKit's keeps its calibrated
        // fallback (UIKit reads the UI… keys; a Mac reading either wants the fallback it had).
        func legacyText(_ key: String) -> [UInt8]? {
            guard color.preserved.basis == Self.basis(of: color),
                case .bytes(let text)? = color.preserved.values[key]
            else { return nil }
            return text
        }
        switch color.components {
        case .rgb(let red, let green, let blue):
            let number: Int64 = color.space == .calibrated ? 1 : color.space == .device ? 2 : legacyNumber ?? 2
            try writer.writeInt64(number == 1 ? 1 : 2, forKey: "NSColorSpace", encoding: .zigzag)
            try writer.writeBytes(
                legacyText("NSRGB")
                    ?? Self.text([red, green, blue], color.alpha, digits, exact: exact) + terminator, forKey: "NSRGB")
            written.insert("NSRGB")
        case .gray(let white):
            let number: Int64 = color.space == .calibrated ? 3 : color.space == .device ? 4 : legacyNumber ?? 4
            try writer.writeInt64(number == 3 ? 3 : 4, forKey: "NSColorSpace", encoding: .zigzag)
            try writer.writeBytes(
                legacyText("NSWhite") ?? Self.text([white], color.alpha, digits, exact: exact) + terminator,
                forKey: "NSWhite")
            written.insert("NSWhite")
        case .cmyk(let cyan, let magenta, let yellow, let black):
            try writer.writeInt64(5, forKey: "NSColorSpace", encoding: .zigzag)
            try writer.writeBytes(
                Self.text([cyan, magenta, yellow, black], color.alpha, digits, exact: exact) + terminator,
                forKey: "NSCMYK")
            written.insert("NSCMYK")
        case .catalog(let catalog, let name, let fallback):
            try writer.writeInt64(6, forKey: "NSColorSpace", encoding: .zigzag)
            try writer.writeString(catalog, forKey: "NSCatalogName")
            try writer.writeString(name, forKey: "NSColorName")
            if let fallback { try writer.writeObject(fallback, forKey: "NSColor") }
            written.formUnion(["NSCatalogName", "NSColorName", "NSColor"])
        }
        let basis = Self.basis(of: color)
        if let description = Self.customSpace(of: color) {
            // The text read while the components are the ones read (Apple's digits), else written
            // from the components, so that it never disagrees with NSRGB.
            if color.preserved.values["NSComponents"] == nil || color.preserved.basis != basis {
                try writer.writeBytes(Self.componentsText(color), forKey: "NSComponents")
                written.insert("NSComponents")
            }
            try writer.writeObject(description, forKey: "NSCustomColorSpace")
        } else if color.preserved.values["NSCustomColorSpace"] != nil {
            // The components of the custom space the color has left: not written without it.
            // (Components read without a custom space are kept like any other key.)
            written.insert("NSComponents")
        }
        written.insert("NSCustomColorSpace")
        try color.preserved.write(
            to: writer, except: written, owner: archiveClass.name, basis: basis,
            restating: Self.restatingKeys)
    }

    // MARK: Reading

    public func read(from reader: any ValueReader) throws -> Color {
        let color: Color
        switch reader.formatFamily {
        case .kryoBinary: color = try readCompact(from: reader)
        case .keyedArchive: color = try readArchived(from: reader).identified()
        default: color = try readReadable(from: reader).identified()  // .readable, and other backends' families
        }
        try Self.requireFinite(color, reader)
        return color
    }

    /// A color's components and alpha are finite numbers in every backend, as `NSRGB`'s text
    /// requires (a NaN read from one format could not be written to an archive and read again).
    static func requireFinite(_ color: Color, _ reader: any ValueReader) throws {
        let numbers: [Double]
        switch color.components {
        case .rgb(let red, let green, let blue): numbers = [red, green, blue]
        case .gray(let white): numbers = [white]
        case .cmyk(let cyan, let magenta, let yellow, let black): numbers = [cyan, magenta, yellow, black]
        case .catalog: numbers = []
        }
        guard let bad = (numbers + [color.alpha]).first(where: { !$0.isFinite }) else { return }
        throw reader.error(.invalidValue, expected: "finite color components and alpha", found: "\(bad)")
    }

    private func readCompact(from reader: any ValueReader) throws -> Color {
        let spaceCode = Int(try reader.readInt8(forKey: "space"))
        guard let space = Self.space(code: spaceCode) else {
            throw reader.error(.invalidValue, expected: "a color space code 0–5", found: "\(spaceCode)")
        }
        let alpha = try reader.readDouble(forKey: "alpha")
        let model = try reader.readInt8(forKey: "model")
        let components: Color.Components
        switch model {
        case 0:
            components = .rgb(
                red: try reader.readDouble(forKey: "red"), green: try reader.readDouble(forKey: "green"),
                blue: try reader.readDouble(forKey: "blue"))
        case 1: components = .gray(white: try reader.readDouble(forKey: "white"))
        case 2:
            components = .cmyk(
                cyan: try reader.readDouble(forKey: "cyan"), magenta: try reader.readDouble(forKey: "magenta"),
                yellow: try reader.readDouble(forKey: "yellow"), black: try reader.readDouble(forKey: "black"))
        case 3:
            let catalog = try reader.readString(forKey: "catalog") ?? ""
            let name = try reader.readString(forKey: "name") ?? ""
            let fallback = try reader.readObject(
                Color?.self, as: DeclaredType(Color.self, finality: .final), forKey: "fallback")
            components = .catalog(catalog: catalog, name: name, fallback: fallback)
        default:
            throw reader.error(.invalidValue, expected: "a color model code 0–3", found: "\(model)")
        }
        return Color(components, space: space, alpha: alpha)
    }

    private func readReadable(from reader: any ValueReader) throws -> Color {
        try reader.refuseUnknownKeys(Self.readableKeys, in: "Color")
        let spaceName = try reader.optionalString(forKey: "space") ?? "device"
        guard let space = Self.space(name: spaceName) else {
            throw reader.error(
                .invalidValue, expected: "a color space (\(Self.spaceNames.joined(separator: ", ")))", found: spaceName)
        }
        let alpha = try reader.optionalDouble(forKey: "alpha") ?? 1
        let components: Color.Components
        if let red = try reader.optionalDouble(forKey: "red") {
            components = .rgb(
                red: red, green: try reader.optionalDouble(forKey: "green") ?? 0,
                blue: try reader.optionalDouble(forKey: "blue") ?? 0)
        } else if let white = try reader.optionalDouble(forKey: "white") {
            components = .gray(white: white)
        } else if let cyan = try reader.optionalDouble(forKey: "cyan") {
            components = .cmyk(
                cyan: cyan, magenta: try reader.optionalDouble(forKey: "magenta") ?? 0,
                yellow: try reader.optionalDouble(forKey: "yellow") ?? 0,
                black: try reader.optionalDouble(forKey: "black") ?? 0)
        } else if let name = try reader.optionalString(forKey: "name") {
            let fallback = try reader.readObject(Color?.self, as: DeclaredType(Color.self), forKey: "fallback")
            components = .catalog(
                catalog: try reader.optionalString(forKey: "catalog") ?? "System", name: name, fallback: fallback)
        } else {
            throw reader.error(
                .invalidValue, expected: "red/green/blue, white, cyan/magenta/yellow/black or a catalog name in Color",
                found: "none of them")
        }
        var color = Color(components, space: space, alpha: alpha)
        (color.preserved, color.archiveClass) = try PreservedKeys.readReadable(from: reader, owner: "Color")
        // What the kept keys restate, as the document records it (an edit since makes them stale).
        color.preserved.basis = color.preserved.basis ?? Self.basis(of: color)
        return color
    }

    private func readArchived(from reader: any ValueReader) throws -> Color {
        let owner = reader.archiveClass?.name ?? "NSColor"
        var color: Color
        // Read once: a key read again reads the next generic key, as NSCoder's do.
        let legacySpace = try reader.optionalInt(forKey: "NSColorSpace")
        // The iOS 17 exact components the archive has, known before they are read.
        let readDoubles = Self.doubleKeys.filter { reader.containsValue(forKey: $0) }
        // A UIColor's components are its UI… keys; NSRGB (NSWhite) beside them is then not read.
        let readsUIKeys = reader.containsValue(forKey: "UIColorComponentCount")
        if let spaceNumber = legacySpace {
            color = try readAppKit(spaceNumber, from: reader, owner: owner)
        } else if let count = try reader.optionalInt(forKey: "UIColorComponentCount") {
            color = try readUIKit(count, from: reader, owner: owner)
        } else {
            throw reader.error(
                .invalidValue, expected: "NSColorSpace or UIColorComponentCount in \(owner)", found: "neither")
        }
        color.archiveClass = reader.archiveClass
        color.preserved = try PreservedKeys.read(from: reader, except: Self.archivedKeysRead, owner: owner)
        if !readDoubles.isEmpty, reader.options.richText.isLossless {
            // Read with the components already (a key is read once): kept as the color reads them.
            let (red, green, blue, alpha) = color.rgba
            for (key, value) in [("UIRed", red), ("UIGreen", green), ("UIBlue", blue), ("UIAlpha", alpha)]
            where readDoubles.contains(key + "-Double") {
                color.preserved.set(.real(value), forKey: key + "-Double")
            }
            if case .gray(let white) = color.components, readDoubles.contains("UIWhite-Double") {
                color.preserved.set(.real(white), forKey: "UIWhite-Double")
            }
        }
        color.preserved.basis = Self.basis(of: color)
        if reader.containsValue(forKey: "NSCustomColorSpace"),
            let description = try reader.readObject(forKey: "NSCustomColorSpace") as? ColorSpaceDescription
        {
            if let space = description.space {
                if reader.options.richText.isLossless, let number = legacySpace {
                    // The legacy number, which the custom space replaces in the model.
                    color.preserved.set(.integer(Int64(number)), forKey: "NSColorSpace")
                }
                color.space = space
                var components: [UInt8]?
                if case .bytes(let text)? = color.preserved.values["NSComponents"] {
                    components = text
                } else if reader.containsValue(forKey: "NSComponents") {
                    components = try reader.optionalBytes(forKey: "NSComponents")
                }
                Self.take(components, of: &color, isLossless: reader.options.richText.isLossless)
                // In a custom space, NSRGB (NSWhite) is the color in a legacy space, for readers
                // that do not know the custom one: a UIColor's is kept as it is, as AppKit's is (a
                // Mac archive taken through UIKit's flavour has its calibrated text there).
                // Text that says what UIKit's flavour writes from the components is not kept.
                let legacy: (key: String, written: [UInt8])? =
                    switch color.components {
                    case .rgb(let red, let green, let blue):
                        ("NSRGB", Self.text([red, green, blue], color.alpha, 3, exact: false))
                    case .gray(let white): ("NSWhite", Self.text([white], color.alpha, 3, exact: false))
                    default: nil
                    }
                if readsUIKeys, reader.options.richText.isLossless, let legacy,
                    let text = try reader.optionalBytes(forKey: legacy.key), text != legacy.written
                {
                    color.preserved.set(.bytes(text), forKey: legacy.key)
                }
            }
            // The description itself (with an ICC profile, say) is written back while the color
            // stays in its space.
            if reader.options.richText.isLossless {
                color.preserved.set(.object(description), forKey: "NSCustomColorSpace")
            } else if !description.preserved.isEmpty || description.space == nil {
                reader.options.richText.drop("NSCustomColorSpace", in: owner)
            }
        }
        // The components of a custom space are written from the color wherever it has one; text
        // that says exactly that is not kept, so that a color read from an archive without it (or
        // with it) writes and reads back the same.
        if case .bytes(let text)? = color.preserved.values["NSComponents"], Self.customSpace(of: color) != nil,
            text == Self.componentsText(color)
        {
            color.preserved.remove("NSComponents")
        }
        return color
    }

    /// In a custom space, AppKit writes the color's own components under `NSComponents` and the
    /// same color converted to a legacy space under `NSRGB` (`NSWhite`), for readers that do not
    /// know the space (a Terminal profile's sRGB blue: `NSComponents` "0.197 0.513 1 1", `NSRGB`
    /// "0.156 0.413 0.998" in calibrated RGB). The color is the former; the legacy text is kept,
    /// when lossless, to be written back while the color is unchanged.
    private static func take(_ components: [UInt8]?, of color: inout Color, isLossless: Bool) {
        guard let components, let values = numbers(in: components) else { return }
        let legacy = color
        let key: String
        switch color.components {
        case .rgb(let red, let green, let blue) where (3...4).contains(values.count):
            key = "NSRGB"
            color.components = .rgb(red: values[0], green: values[1], blue: values[2])
            color.alpha = values.count == 4 ? values[3] : 1
            if isLossless {
                color.preserved.set(
                    .bytes(Self.text([red, green, blue], legacy.alpha, 10, exact: true) + [0]), forKey: key)
            }
        case .gray(let white) where (1...2).contains(values.count):
            key = "NSWhite"
            color.components = .gray(white: values[0])
            color.alpha = values.count == 2 ? values[1] : 1
            if isLossless {
                color.preserved.set(.bytes(Self.text([white], legacy.alpha, 10, exact: true) + [0]), forKey: key)
            }
        default:
            return
        }
        if basis(of: legacy) == basis(of: color) { color.preserved.remove(key) }
        color.preserved.basis = basis(of: color)
    }

    private func readAppKit(_ space: Int, from reader: any ValueReader, owner: String) throws -> Color {
        switch space {
        case 1, 2:
            // UIColor's doubles are exact; NSRGB is text rounded to a few digits.
            if reader.containsValue(forKey: "UIRed") || reader.containsValue(forKey: "UIRed-Double") {
                return try readUIKit(4, from: reader, owner: owner, space: space == 1 ? .calibrated : .device)
            }
            let values = try Self.numbers(in: "NSRGB", of: owner, counts: 3...4, reader)
            return Color(
                .rgb(red: values[0], green: values[1], blue: values[2]), space: space == 1 ? .calibrated : .device,
                alpha: values.count == 4 ? values[3] : 1)
        case 3, 4:
            if reader.containsValue(forKey: "UIWhite") || reader.containsValue(forKey: "UIWhite-Double") {
                return try readUIKit(2, from: reader, owner: owner, space: space == 3 ? .calibrated : .device)
            }
            let values = try Self.numbers(in: "NSWhite", of: owner, counts: 1...2, reader)
            return Color(
                .gray(white: values[0]), space: space == 3 ? .calibrated : .device,
                alpha: values.count == 2 ? values[1] : 1)
        case 5:
            let values = try Self.numbers(in: "NSCMYK", of: owner, counts: 4...5, reader)
            return Color(
                .cmyk(cyan: values[0], magenta: values[1], yellow: values[2], black: values[3]), space: .device,
                alpha: values.count == 5 ? values[4] : 1)
        case 6:
            let catalog = try reader.optionalString(forKey: "NSCatalogName") ?? "System"
            let name = try reader.requiredString(forKey: "NSColorName", in: owner)
            let fallbackValue = try reader.readObject(forKey: "NSColor")
            guard fallbackValue == nil || fallbackValue is Color else {
                throw reader.error(
                    .typeMismatch, expected: "a color under NSColor in \(owner)",
                    found: ValueConversion.describeType(of: fallbackValue))
            }
            return Color(.catalog(catalog: catalog, name: name, fallback: fallbackValue as? Color), space: .device)
        default:
            throw reader.error(.invalidValue, expected: "NSColorSpace 1–6 in \(owner)", found: "\(space)")
        }
    }

    private func readUIKit(
        _ count: Int, from reader: any ValueReader, owner: String, space: ColorSpace = .device
    ) throws -> Color {
        // A component the archive lacks is 0, as UIKit reads it (`decodeDoubleForKey:` of a
        // missing key): the color of an archive with a damaged key still reads, as on iOS.
        func component(_ key: String) throws -> Double {
            if let exact = try reader.optionalDouble(forKey: key + "-Double") { return exact }
            return try reader.optionalDouble(forKey: key) ?? 0
        }
        let alpha = try reader.optionalDouble(forKey: "UIAlpha-Double") ?? reader.optionalDouble(forKey: "UIAlpha") ?? 1
        switch count {
        case 4:
            return Color(
                .rgb(red: try component("UIRed"), green: try component("UIGreen"), blue: try component("UIBlue")),
                space: space, alpha: alpha)
        case 2:
            return Color(.gray(white: try component("UIWhite")), space: space, alpha: alpha)
        default:
            throw reader.error(.invalidValue, expected: "UIColorComponentCount 2 or 4 in \(owner)", found: "\(count)")
        }
    }

    // MARK: Component text

    /// The numbers of an `NSRGB`-style value: ASCII decimals separated by spaces, with an optional
    /// trailing NUL.
    static func numbers(in key: String, of owner: String, counts: ClosedRange<Int>, _ reader: any ValueReader) throws
        -> [Double]
    {
        guard let bytes = try reader.optionalBytes(forKey: key) else {
            throw reader.error(.invalidValue, expected: "\(key) in \(owner)", found: "none")
        }
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        var values: [Double] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let value = Double(word), value.isFinite else {
                throw reader.error(.invalidValue, expected: "numbers in \(key) of \(owner)", found: "\"\(text)\"")
            }
            values.append(value)
        }
        guard counts.contains(values.count) else {
            throw reader.error(
                .invalidValue, expected: "\(counts.lowerBound) or \(counts.upperBound) numbers in \(key) of \(owner)",
                found: "\(values.count): \"\(text)\"")
        }
        return values
    }

    /// The numbers of an `NSRGB`-style text; `nil` when it holds anything else.
    static func numbers(in bytes: [UInt8]) -> [Double]? {
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        var values: [Double] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let value = Double(word), value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// Components as AppKit and UIKit write them: `%.<digits>g`, alpha only when it is not 1. When
    /// `exact`, a component that text would read back as another number (a UIColor's exact
    /// double, a value set in Swift) is written with the 17 digits that read back as itself.
    static func text(_ values: [Double], _ alpha: Double, _ digits: Int, exact: Bool) -> [UInt8] {
        let all = alpha == 1 ? values : values + [alpha]
        return Array(all.map { decimal($0, digits: digits, exact: exact) }.joined(separator: " ").utf8)
    }

    /// `value` as `%.<digits>g`, or, when `exact` and that reads back as another number, `%.17g`.
    static func decimal(_ value: Double, digits: Int, exact: Bool) -> String {
        let text = String(format: "%.\(digits)g", value)
        guard exact, Double(text) != value else { return text }
        return String(format: "%.17g", value)
    }

    /// `NSComponents`: every component and alpha.
    static func componentsText(_ color: Color) -> [UInt8] {
        let (red, green, blue, alpha) = color.rgba
        let values = isGray(color) ? [red, alpha] : [red, green, blue, alpha]
        return Array(values.map { decimal($0, digits: 10, exact: true) }.joined(separator: " ").utf8)
    }

    static func isGray(_ color: Color) -> Bool {
        if case .gray = color.components { return true }
        return false
    }

    // MARK: Space names and codes

    private static let spaces: [(ColorSpace, String)] = [
        (.calibrated, "calibrated"), (.device, "device"), (.sRGB, "sRGB"), (.extendedSRGB, "extendedSRGB"),
        (.displayP3, "displayP3"), (.grayGamma22, "grayGamma22"),
    ]
    static var spaceNames: [String] { spaces.map(\.1) }
    static func spaceName(_ space: ColorSpace) -> String { spaces.first { $0.0 == space }?.1 ?? "device" }
    static func space(name: String) -> ColorSpace? { spaces.first { $0.1 == name }?.0 }
    static func spaceCode(_ space: ColorSpace) -> Int { spaces.firstIndex { $0.0 == space } ?? 1 }
    static func space(code: Int) -> ColorSpace? { spaces.indices.contains(code) ? spaces[code].0 : nil }
}
