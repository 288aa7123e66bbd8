import FoundationEssentials
import KryoCore
import KryoKeyed
import OrderedCollections

/// Reads and writes ``TextAttributes`` as an object of its own: in Kryo binary a bit mask of the
/// typed attributes present, their values, then the untranslated ones by name; in readable
/// documents each attribute under its Swift name (`font`, `kern`…) and the untranslated ones
/// under `other`; in keyed archives each under its archive name (`NSFont`…).
///
/// Inside attributed text, keyed archives store attributes as Apple does, in an `NSDictionary`
/// (see ``AttributedTextSerializer``).
public struct TextAttributesSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    private static let otherType = DeclaredType(OrderedDictionary<String, Any?>.self, finality: .final)

    public func write(_ attributes: TextAttributes, to writer: any ValueWriter) throws {
        let untranslated = Self.writable(attributes.untranslated, writer, range: nil)
        if writer.isPositional {
            var mask: UInt32 = 0
            for (bit, field) in TextAttributeField.all.enumerated() where field.get(attributes) != nil {
                mask |= 1 << UInt32(bit)
            }
            try writer.writeInt32(Int32(bitPattern: mask), forKey: "present", encoding: .positive)
            for field in TextAttributeField.all {
                guard let value = field.get(attributes) else { continue }
                try Self.write(value, of: field, forKey: field.readableName, to: writer)
            }
            try writer.writeInt32(Int32(clamping: untranslated.count), forKey: "other", encoding: .positive)
            for (name, value) in untranslated {
                try writer.writeString(name, forKey: "name")
                try writer.writeObject(value, forKey: "value")
            }
            return
        }
        let keyed = writer.formatFamily == .keyedArchive
        for field in TextAttributeField.all {
            guard let value = field.get(attributes) else { continue }
            try Self.write(value, of: field, forKey: keyed ? field.archiveName : field.readableName, to: writer)
        }
        guard !untranslated.isEmpty else { return }
        if keyed {
            for (name, value) in untranslated { try writer.writeObject(value, forKey: name) }
        } else {
            let entries = OrderedDictionary<String, Any?>(uniqueKeysWithValues: untranslated.map { ($0.key, $0.value) })
            try writer.writeObject(entries, as: Self.otherType, forKey: "other")
        }
    }

    public func read(from reader: any ValueReader) throws -> TextAttributes {
        var attributes = TextAttributes()
        if reader.isPositional {
            let mask = UInt32(bitPattern: try reader.readInt32(forKey: "present", encoding: .positive))
            guard mask >> UInt32(TextAttributeField.all.count) == 0 else {
                throw reader.error(
                    .invalidValue, expected: "a mask of \(TextAttributeField.all.count) attribute bits",
                    found: "0x\(String(mask, radix: 16))")
            }
            for (bit, field) in TextAttributeField.all.enumerated() where mask & (1 << UInt32(bit)) != 0 {
                try Self.read(field, forKey: field.readableName, into: &attributes, from: reader)
            }
            let count = Int(try reader.readInt32(forKey: "other", encoding: .positive))
            try reader.validateCount(count, minimumBytesPerElement: 2, forKey: "other")
            for _ in 0..<count {
                let name = try reader.readString(forKey: "name") ?? ""
                let value = try reader.readObject(forKey: "value")
                Self.keep(value, named: name, in: &attributes, reader.options.richText, range: nil)
            }
            return attributes
        }
        let keyed = reader.formatFamily == .keyedArchive
        for key in reader.storedKeys ?? [] {
            if let field = keyed ? TextAttributeField.byArchiveName[key] : TextAttributeField.byReadableName[key] {
                try Self.read(field, forKey: key, into: &attributes, from: reader)
            } else if keyed {
                Self.keep(
                    try reader.readObject(forKey: key), named: key, in: &attributes, reader.options.richText, range: nil
                )
            } else if key == "other" {
                guard let other = try reader.readObject(forKey: key) else { continue }
                guard let entries = Self.entries(of: other) else {
                    throw reader.error(
                        .typeMismatch, expected: "a dictionary of attributes under other",
                        found: ValueConversion.describeType(of: other))
                }
                for (name, value) in entries {
                    Self.keep(value, named: name, in: &attributes, reader.options.richText, range: nil)
                }
            } else if reader.formatFamily == .readable, !key.hasPrefix("$") {
                // A misspelt attribute (`foregroundColour`) or an archive's name (`NSColor`)
                // would be dropped: untranslated attributes go under `other`.
                var failure = reader.error(
                    .invalidValue,
                    expected:
                        "an attribute (\(TextAttributeField.byReadableName.keys.sorted().joined(separator: ", ")))"
                        + " or other",
                    found: "the key \"\(key)\"")
                failure.path.append(key)
                throw failure
            }
        }
        return attributes
    }

    // MARK: Shared with attributed text

    /// Writes one typed attribute's value.
    static func write(_ value: Any, of field: TextAttributeField, forKey key: String, to writer: any ValueWriter) throws
    {
        switch field.storage {
        case .object(let declared): try writer.writeObject(value, as: declared, forKey: key)
        case .double: try writer.writeDouble(value as? Double ?? 0, forKey: key)
        case .integer: try writer.writeInt64(Int64(value as? Int ?? 0), forKey: key, encoding: .zigzag)
        case .link: try writer.writeObject(value, as: DeclaredType(TextLink.self, finality: .final), forKey: key)
        }
    }

    /// Reads one typed attribute's value into `attributes`.
    static func read(
        _ field: TextAttributeField, forKey key: String, into attributes: inout TextAttributes,
        from reader: any ValueReader
    ) throws {
        let value: Any?
        switch field.storage {
        case .object(let declared): value = try reader.readObject(as: declared, forKey: key)
        case .double: value = try reader.readDouble(forKey: key)
        case .integer: value = Int(try reader.readInt64(forKey: key, encoding: .zigzag))
        case .link: value = try reader.readObject(as: DeclaredType(TextLink.self, finality: .final), forKey: key)
        }
        guard let value else { return }
        guard field.set(&attributes, value) else {
            throw reader.error(
                .typeMismatch, expected: "a value of the attribute \(field.archiveName)",
                found: ValueConversion.describeType(of: value))
        }
    }

    /// The archive form of a typed attribute's value: the object itself, a number, or the link's
    /// `NSURL` or `NSString`.
    static func archived(_ value: Any, of field: TextAttributeField) -> Any {
        guard case .link = field.storage, let link = value as? TextLink else { return value }
        switch link {
        case .url(let url): return url
        case .string(let string): return string
        }
    }

    /// Keeps an attribute the model does not translate (lossless), or reports it (lossy).
    static func keep(
        _ value: Any?, named name: String, in attributes: inout TextAttributes, _ options: RichTextOptions,
        range: Range<Int>?
    ) {
        guard let value else { return }
        guard options.isLossless else { return options.drop(name, in: "attributes", range: range) }
        attributes.untranslated[name] = UntranslatedValue(value)
    }

    /// The untranslated attributes this writer can hold: every one in keyed archives; elsewhere
    /// plain values and registered types. A lossy call reports the others; a lossless call keeps
    /// them and the backend says what it cannot write.
    static func writable(
        _ untranslated: OrderedDictionary<String, UntranslatedValue>, _ writer: any ValueWriter, range: Range<Int>?
    )
        -> [(key: String, value: Any)]
    {
        let options = writer.options.richText
        var result: [(key: String, value: Any)] = []
        for (name, wrapped) in untranslated {
            let value = wrapped.value
            if writer.formatFamily == .keyedArchive || options.isLossless || isPortable(value, writer.registry) {
                result.append((name, value))
            } else {
                options.drop(name, in: "attributes", range: range)
            }
        }
        return result
    }

    /// Whether every format can write `value`: a number, string, flag, data, or a registered type.
    static func isPortable(_ value: Any, _ registry: Registry) -> Bool {
        switch value {
        case is String, is Int, is Double, is Bool, is Data, is [UInt8]: return true
        default: return registry.registration(forValue: value) != nil
        }
    }

    /// The entries of a dictionary read from a document, by string key.
    static func entries(of value: Any) -> [(String, Any?)]? {
        if let ordered = value as? OrderedDictionary<AnyHashable, Any?> {
            return ordered.compactMap { key, value in (key.base as? String).map { ($0, value) } }
        }
        if let ordered = value as? OrderedDictionary<String, Any?> { return ordered.map { ($0.key, $0.value) } }
        if let dictionary = value as? [AnyHashable: Any?] {
            return dictionary.compactMap { key, value in (key.base as? String).map { ($0, value) } }
        }
        if let dictionary = value as? [String: Any?] { return dictionary.map { ($0.key, $0.value) } }
        return nil
    }
}
