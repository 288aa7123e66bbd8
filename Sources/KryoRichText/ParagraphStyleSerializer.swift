import KryoBinary
import KryoCore
import KryoKeyed

/// Reads and writes ``ParagraphStyle``: `NSParagraphStyle` with Apple's keys in keyed archives
/// (defaults omitted), named properties in readable documents, every property in Kryo binary.
public struct ParagraphStyleSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    static let archiveClass = ArchiveClass("NSMutableParagraphStyle", superclasses: ["NSParagraphStyle", "NSObject"])
    private static let tabsType = DeclaredType([TextTab].self, finality: .final)

    private static let translatedKeys: Set<String> = Set(
        ParagraphStyle.metricKeys.map(\.archive) + [
            "NSAlignment", "NSWritingDirection", "NSLineBreakMode", "NSTabStops",
        ])

    /// The keys of a paragraph style in a readable document.
    private static let readableKeys: Set<String> = Set(
        ParagraphStyle.metricKeys.map(\.readable) + [
            "alignment", "writingDirection", "lineBreakMode", "tabStops", PreservedKeys.readableKey,
        ])

    public func write(_ style: ParagraphStyle, to writer: any ValueWriter) throws {
        switch writer.formatFamily {
        case .kryoBinary:
            try writer.writeInt8(Int8(style.alignment.rawValue), forKey: "alignment")
            try writer.writeInt8(Int8(style.baseWritingDirection.rawValue), forKey: "writingDirection")
            try writer.writeInt8(Int8(style.lineBreakMode.rawValue), forKey: "lineBreakMode")
            for value in style.metrics { try writer.writeDouble(value, forKey: "metric") }
            try writer.writeInt32(
                Int32(clamping: (style.tabStops?.count ?? -1) + 1), forKey: "tabs", encoding: .positive)
            for tab in style.tabStops ?? [] {
                try writer.writeDouble(tab.location, forKey: "location")
                try writer.writeInt8(Int8(tab.alignment.rawValue), forKey: "alignment")
            }
        case .keyedArchive:
            writer.setArchiveClass(style.archiveClass ?? Self.archiveClass)
            if style.alignment != .left {
                try writer.writeInt64(Int64(style.alignment.rawValue), forKey: "NSAlignment", encoding: .zigzag)
            }
            if style.baseWritingDirection != .natural {
                try writer.writeInt64(
                    Int64(style.baseWritingDirection.rawValue + 1), forKey: "NSWritingDirection", encoding: .zigzag)
            }
            if style.lineBreakMode != .byWordWrapping {
                try writer.writeInt64(Int64(style.lineBreakMode.rawValue), forKey: "NSLineBreakMode", encoding: .zigzag)
            }
            for (path, key, _) in ParagraphStyle.metricKeys where style[keyPath: path] != 0 {
                try writer.writeDouble(style[keyPath: path], forKey: key)
            }
            // No tab stops as the one empty array, as Foundation's empty `NSArray` is one object
            // (which the styles of a text share).
            if let tabs = style.tabStops, tabs.isEmpty {
                try writer.writeObject(
                    writer.uniqued(forKey: ["NSArray"] as [AnyHashable]) { SharedValue(tabs) }, as: Self.tabsType,
                    forKey: "NSTabStops")
            } else {
                try writer.writeObject(style.tabStops, as: Self.tabsType, forKey: "NSTabStops")
            }
            try style.preserved.write(to: writer, except: Self.translatedKeys, owner: "NSParagraphStyle")
        default:  // .readable, and the families of other backends: plain names
            if style.alignment != .left { try writer.writeString(style.alignment.name, forKey: "alignment") }
            if style.baseWritingDirection != .natural {
                try writer.writeString(style.baseWritingDirection.name, forKey: "writingDirection")
            }
            if style.lineBreakMode != .byWordWrapping {
                try writer.writeString(style.lineBreakMode.name, forKey: "lineBreakMode")
            }
            for (path, _, name) in ParagraphStyle.metricKeys where style[keyPath: path] != 0 {
                try writer.writeDouble(style[keyPath: path], forKey: name)
            }
            if let tabs = style.tabStops { try writer.writeObject(tabs, as: Self.tabsType, forKey: "tabStops") }
            try style.preserved.writeReadable(
                archiveClass: style.archiveClass, translatedClass: Self.archiveClass, owner: "ParagraphStyle",
                to: writer)
        }
    }

    public func read(from reader: any ValueReader) throws -> ParagraphStyle {
        var style = ParagraphStyle()
        switch reader.formatFamily {
        case .kryoBinary:
            style.alignment = try Self.enumValue(Int(try reader.readInt8(forKey: "alignment")), "an alignment", reader)
            style.baseWritingDirection = try Self.enumValue(
                Int(try reader.readInt8(forKey: "writingDirection")), "a writing direction", reader)
            style.lineBreakMode = try Self.enumValue(
                Int(try reader.readInt8(forKey: "lineBreakMode")), "a line break mode", reader)
            for (path, _, _) in ParagraphStyle.metricKeys {
                style[keyPath: path] = try reader.readDouble(forKey: "metric")
            }
            let count = Int(try reader.readInt32(forKey: "tabs", encoding: .positive)) - 1
            if count >= 0 {
                try reader.validateCount(count, minimumBytesPerElement: 9, forKey: "tabs")
                var tabs: [TextTab] = []
                tabs.reserveCapacity(count)
                for _ in 0..<count {
                    let location = try reader.readDouble(forKey: "location")
                    let alignment: TextAlignment = try Self.enumValue(
                        Int(try reader.readInt8(forKey: "alignment")), "a tab alignment", reader)
                    tabs.append(TextTab(location: location, alignment: alignment))
                }
                style.tabStops = tabs
            }
        case .keyedArchive:
            let owner = reader.archiveClass?.name ?? "NSParagraphStyle"
            style.alignment = try Self.enumValue(
                try reader.optionalInt(forKey: "NSAlignment") ?? 0, "NSAlignment", reader)
            style.baseWritingDirection = try Self.enumValue(
                (try reader.optionalInt(forKey: "NSWritingDirection") ?? 0) - 1, "NSWritingDirection", reader)
            style.lineBreakMode = try Self.enumValue(
                try reader.optionalInt(forKey: "NSLineBreakMode") ?? 0, "NSLineBreakMode", reader)
            for (path, key, _) in ParagraphStyle.metricKeys {
                style[keyPath: path] = try reader.optionalDouble(forKey: key) ?? 0
            }
            style.tabStops = try Self.tabs(forKey: "NSTabStops", reader)
            style.preserved = try PreservedKeys.read(from: reader, except: Self.translatedKeys, owner: owner)
            style.archiveClass = reader.archiveClass
        default:  // .readable, and the families of other backends: plain names
            try reader.refuseUnknownKeys(Self.readableKeys, in: "ParagraphStyle")
            style.alignment =
                try Self.named(try reader.optionalString(forKey: "alignment"), "an alignment", reader) ?? .left
            style.baseWritingDirection =
                try Self.named(try reader.optionalString(forKey: "writingDirection"), "a writing direction", reader)
                ?? .natural
            style.lineBreakMode =
                try Self.named(try reader.optionalString(forKey: "lineBreakMode"), "a line break mode", reader)
                ?? .byWordWrapping
            for (path, _, name) in ParagraphStyle.metricKeys {
                style[keyPath: path] = try reader.optionalDouble(forKey: name) ?? 0
            }
            if reader.containsValue(forKey: "tabStops") { style.tabStops = try Self.tabs(forKey: "tabStops", reader) }
            (style.preserved, style.archiveClass) = try PreservedKeys.readReadable(
                from: reader, owner: "ParagraphStyle")
        }
        return reader.formatFamily == .kryoBinary ? style : style.identified()
    }

    /// The tab stops under `key`: a list of ``TextTab`` or nil.
    static func tabs(forKey key: String, _ reader: any ValueReader) throws -> [TextTab]? {
        guard reader.containsValue(forKey: key) else { return nil }
        guard let value = try reader.readObject(forKey: key) else { return nil }
        guard let elements = value as? [Any?] else {
            throw reader.error(
                .typeMismatch, expected: "a list of tabs under \(key)", found: ValueConversion.describeType(of: value))
        }
        return try elements.enumerated().map { index, element in
            guard let tab = element as? TextTab else {
                throw reader.error(
                    .typeMismatch, expected: "a tab at \(key)[\(index)]",
                    found: ValueConversion.describeType(of: element))
            }
            return tab
        }
    }

    static func enumValue<E: RawRepresentable & CaseIterable>(_ raw: Int, _ what: String, _ reader: any ValueReader)
        throws
        -> E where E.RawValue == Int
    {
        guard let value = E(rawValue: raw) else {
            let known = E.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            throw reader.error(.invalidValue, expected: "\(what) (\(known))", found: "\(raw)")
        }
        return value
    }

    static func named<E: RawRepresentable & CaseIterable>(_ name: String?, _ what: String, _ reader: any ValueReader)
        throws
        -> E? where E.RawValue == Int
    {
        guard let name else { return nil }
        guard let value = E.named(name) else {
            let known = E.allCases.map { "\($0)" }.joined(separator: ", ")
            throw reader.error(.invalidValue, expected: "\(what) (\(known))", found: name)
        }
        return value
    }
}

/// Reads and writes ``TextTab`` by plain names: `location`, and `alignment` when not left (the
/// readable form, and the form of formats without one of their own). `RichText.registrations`
/// registers ``ArchivedTextTabSerializer`` for keyed archives and ``CompactTextTabSerializer`` for
/// the Kryo binary beside it.
public struct TextTabSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    static let archiveClass = ArchiveClass("NSTextTab")

    public func write(_ tab: TextTab, to writer: any ValueWriter) throws {
        try writer.writeDouble(tab.location, forKey: "location")
        if tab.alignment != .left { try writer.writeString(tab.alignment.name, forKey: "alignment") }
        try tab.preserved.writeReadable(
            archiveClass: nil, translatedClass: Self.archiveClass, owner: "TextTab", to: writer)
    }

    public func read(from reader: any ValueReader) throws -> TextTab {
        try reader.refuseUnknownKeys(["location", "alignment", PreservedKeys.readableKey], in: "TextTab")
        var tab = TextTab(
            location: try reader.optionalDouble(forKey: "location") ?? 0,
            alignment: try ParagraphStyleSerializer.named(
                try reader.optionalString(forKey: "alignment"), "a tab alignment", reader) ?? .left)
        tab.preserved = try PreservedKeys.readReadable(from: reader, owner: "TextTab").keys
        return tab.identified()
    }
}

/// Reads and writes ``TextTab`` as a keyed archive's `NSTextTab`: `NSLocation`, and
/// `NSTextAlignment` when not left.
public struct ArchivedTextTabSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ tab: TextTab, to writer: any ValueWriter) throws {
        try writer.writeDouble(tab.location, forKey: "NSLocation")
        if tab.alignment != .left {
            try writer.writeInt64(Int64(tab.alignment.rawValue), forKey: "NSTextAlignment", encoding: .zigzag)
        }
        try tab.preserved.write(to: writer, except: ["NSLocation", "NSTextAlignment"], owner: "NSTextTab")
    }

    public func read(from reader: any ValueReader) throws -> TextTab {
        var tab = TextTab(
            location: try reader.optionalDouble(forKey: "NSLocation") ?? 0,
            alignment: try ParagraphStyleSerializer.enumValue(
                try reader.optionalInt(forKey: "NSTextAlignment") ?? 0, "NSTextAlignment", reader))
        tab.preserved = try PreservedKeys.read(
            from: reader, except: ["NSLocation", "NSTextAlignment"], owner: "NSTextTab")
        return tab.identified()
    }
}

/// Reads and writes ``TextTab`` in the Kryo binary's compact form: the location, then the
/// alignment's code.
public struct CompactTextTabSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ tab: TextTab, to writer: any ValueWriter) throws {
        try writer.writeDouble(tab.location, forKey: "location")
        try writer.writeInt8(Int8(tab.alignment.rawValue), forKey: "alignment")
    }

    public func read(from reader: any ValueReader) throws -> TextTab {
        let location = try reader.readDouble(forKey: "location")
        let alignment: TextAlignment = try ParagraphStyleSerializer.enumValue(
            Int(try reader.readInt8(forKey: "alignment")), "a tab alignment", reader)
        return TextTab(location: location, alignment: alignment)
    }
}
