import Foundation
import KryoCore
import KryoKeyed
import KryoReadable
import OrderedCollections

/// Keys of a keyed archive that a rich-text model does not translate (a `UIFontDescriptor`, a
/// color's ICC profile, `NSTextBlocks`…), kept as read so that a lossless call writes them back.
///
/// The values are what the keyed-archive reader produced: numbers, strings, data, Foundation
/// values and, for classes nothing knows, the archive's own objects. They are never changed by
/// this library. Other formats (Kryo binary, readable documents) carry only the translated model.
public struct PreservedKeys: @unchecked Sendable {
    /// The keys in the order they were read, with their values.
    public private(set) var values: OrderedDictionary<String, PreservedValue> = [:]
    /// The translated properties of the object when it was read: keys that restate them (a
    /// `UIFontDescriptor` names the font again) are written back only while they still match.
    var basis: String?

    /// No keys.
    public init() {}

    /// Whether nothing is kept.
    public var isEmpty: Bool { values.isEmpty }

    /// The names of the keys kept.
    public var keys: [String] { Array(values.keys) }

    /// Keeps `value` under `key`.
    public mutating func set(_ value: PreservedValue, forKey key: String) { values[key] = value }

    /// Forgets `key`.
    public mutating func remove(_ key: String) { values[key] = nil }

    /// Whether `other` keeps the same keys with the same values: equal plain values, the same
    /// archived objects (by identity, as the reader gives one object to every place that refers
    /// to it). Two styles that differ only here (one with `NSTextLists`, one without) differ.
    func holdsTheSame(as other: PreservedKeys) -> Bool {
        guard values.count == other.values.count else { return false }
        return zip(values, other.values).allSatisfy { left, right in
            left.key == right.key && left.value.isInline == right.value.isInline
                && Self.same(left.value.value, right.value.value)
        }
    }

    private static func same(_ left: Any?, _ right: Any?) -> Bool {
        guard let left = ValueConversion.flatten(left), let right = ValueConversion.flatten(right) else {
            return ValueConversion.flatten(left) == nil && ValueConversion.flatten(right) == nil
        }
        if let lhs = left as? [Any?], let rhs = right as? [Any?] {
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { same($0, $1) }
        }
        if type(of: left) is AnyClass || type(of: right) is AnyClass {
            return type(of: left) is AnyClass && type(of: right) is AnyClass
                && (left as AnyObject) === (right as AnyObject)
        }
        if let lhs = left as? AnyHashable, let rhs = right as? AnyHashable { return lhs == rhs }
        return String(describing: left) == String(describing: right)
    }

    /// Reads every key of the object being read that is not in `translated`, as lossless calls
    /// keep them; lossy calls report them instead.
    static func read(from reader: any ValueReader, except translated: Set<String>, owner: String) throws
        -> PreservedKeys
    {
        var preserved = PreservedKeys()
        guard reader.formatFamily == .keyedArchive, let keys = reader.storedKeys else { return preserved }
        let options = reader.options.richText
        for key in keys where !translated.contains(key) {
            guard options.isLossless else {
                options.drop(key, in: owner)
                continue
            }
            let value = try reader.readObject(forKey: key)
            preserved.values[key] = reader.storesInline(forKey: key) ? PreservedValue(value) : .object(value)
        }
        return preserved
    }

    /// Writes the kept keys that `written` does not hold already (lossless calls to keyed
    /// archives); a lossy call reports them.
    ///
    /// - Parameters:
    ///   - basis: The object's translated properties now; when they differ from those it was read
    ///     with, the `restating` keys are left out (and reported when the call has a report).
    func write(
        to writer: any ValueWriter, except written: Set<String>, owner: String, basis current: String? = nil,
        restating: Set<String> = []
    ) throws {
        guard !values.isEmpty, writer.formatFamily == .keyedArchive else { return }
        let options = writer.options.richText
        let stale = basis != nil && current != nil && basis != current
        for (key, value) in values where !written.contains(key) {
            if stale, restating.contains(key) {
                options.drop(key, in: owner)
                continue
            }
            guard options.isLossless else {
                options.drop(key, in: owner)
                continue
            }
            try value.write(to: writer, forKey: key)
        }
    }
}

/// One value of ``PreservedKeys``: a value stored in the object itself (a number, a boolean,
/// data), or an object.
public enum PreservedValue {
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Bytes stored in the object itself (`NSRGB`, `NSComponents`…).
    case bytes([UInt8])
    /// Anything stored as an object of its own: a string, data, a number, a Foundation value,
    /// an archived object, or nil.
    case object(Any?)

    /// A value stored in the object itself.
    init(_ value: Any?) {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .integer(Int64(number))
        case let number as Int64: self = .integer(number)
        case let number as Double: self = .real(number)
        case let data as Data: self = .bytes([UInt8](data))
        case let bytes as [UInt8]: self = .bytes(bytes)
        default: self = .object(value)
        }
    }

    /// Whether it is stored in the object itself.
    var isInline: Bool {
        if case .object = self { return false }
        return true
    }

    /// The value as readers give it.
    var value: Any? {
        switch self {
        case .bool(let flag): return flag
        case .integer(let number): return number
        case .real(let number): return number
        case .bytes(let bytes): return Data(bytes)
        case .object(let value): return value
        }
    }

    func write(to writer: any ValueWriter, forKey key: String) throws {
        switch self {
        case .bool(let flag): try writer.writeBool(flag, forKey: key)
        case .integer(let number): try writer.writeInt64(number, forKey: key, encoding: .zigzag)
        case .real(let number): try writer.writeDouble(number, forKey: key)
        case .bytes(let bytes): try writer.writeBytes(bytes, forKey: key)
        case .object(let value): try writer.writeObject(Self.uniqued(value, writer), forKey: key)
        }
    }

    /// An empty array or dictionary as the one object the call writes for it, as Foundation's
    /// empty `NSArray` and `NSDictionary` are one object each (a paragraph style's `NSTextLists`
    /// and `NSTextBlocks`, the options of every tab stop), and an array of objects as the one
    /// array of those objects (the `NSTextLists` that the paragraphs of one list share); any
    /// other value as itself.
    private static func uniqued(_ value: Any?, _ writer: any ValueWriter) -> Any? {
        guard let plain = ValueConversion.flatten(value) else { return value }
        switch plain {
        case let list as [Any?] where type(of: plain) == [Any?].self:
            let objects = list.compactMap { element -> ObjectIdentifier? in
                guard let element = ValueConversion.flatten(element), type(of: element) is AnyClass else { return nil }
                return ObjectIdentifier(element as AnyObject)
            }
            guard objects.count == list.count else { return value }
            return writer.uniqued(forKey: ["NSArray"] + objects.map { AnyHashable($0) }) { SharedValue(list) }
        case let map as [AnyHashable: Any?] where map.isEmpty && type(of: plain) == [AnyHashable: Any?].self:
            return writer.uniqued(forKey: "NSDictionary") { SharedValue(map) }
        case let map as OrderedDictionary<AnyHashable, Any?>
        where map.isEmpty && type(of: plain) == OrderedDictionary<AnyHashable, Any?>.self:
            return writer.uniqued(forKey: "NSDictionary") { SharedValue(map) }
        default:
            return value
        }
    }
}

// MARK: Readable documents

extension PreservedKeys {
    /// The key under which a readable document keeps what a value's keyed archive held beyond
    /// the model: one object of the class the value was read as, with the kept keys as its
    /// fields (`"archived": {"$class": "UIColor", "$classhints": ["NSColor"], "UISystemColorName": …}`).
    static let readableKey = "archived"

    /// The field of the `archived` object that records what the model's properties were when the
    /// keys were read (``basis``), so that a document whose properties a person then edits writes
    /// back none of the keys that restate them (a color's `UISystemColorName` once its red
    /// changed). SwiftKryo's own key, as `SKContents` is.
    static let basisKey = "SKBasis"

    /// Writes the class a value was read as and the kept keys to a readable document, unless
    /// there is nothing to keep (no keys, and the class is `translatedClass`, which the model
    /// writes anyway). A lossy call reports the keys instead.
    func writeReadable(
        archiveClass: ArchiveClass?, translatedClass: ArchiveClass, owner: String, to writer: any ValueWriter
    ) throws {
        guard writer.formatFamily == .readable else { return }
        let archiveClass = archiveClass ?? translatedClass
        guard !values.isEmpty || archiveClass != translatedClass else { return }
        let options = writer.options.richText
        guard options.isLossless else {
            for key in values.keys { options.drop(key, in: owner) }
            return
        }
        let form = UnknownObject(archiveClass: archiveClass, inlineKeys: [])
        for (key, value) in values {
            form.fields[key] = .some(value.value)
            if value.isInline { form.inlineKeys.insert(key) }
        }
        if let basis, !values.isEmpty { form.fields[Self.basisKey] = .some(basis) }
        try writer.writeObject(form, as: DeclaredType(UnknownObject.self), forKey: Self.readableKey)
    }

    /// Reads what ``writeReadable(archiveClass:translatedClass:owner:to:)`` wrote: the class
    /// the value was read as (`nil` when the document does not say) and the kept keys.
    static func readReadable(from reader: any ValueReader, owner: String) throws -> (
        keys: PreservedKeys, archiveClass: ArchiveClass?
    ) {
        guard reader.containsValue(forKey: readableKey) else { return (PreservedKeys(), nil) }
        let value = try reader.readObject(as: DeclaredType(UnknownObject.self), forKey: readableKey)
        guard let form = value as? UnknownObject else {
            throw reader.error(
                .typeMismatch, expected: "an object with a class under \(readableKey) in \(owner)",
                found: ValueConversion.describeType(of: value))
        }
        var keys = PreservedKeys()
        for (key, field) in form.fields {
            if key == basisKey, let basis = ValueConversion.flatten(field) as? String {
                keys.basis = basis
                continue
            }
            keys.values[key] = form.inlineKeys.contains(key) ? PreservedValue(field) : .object(field)
        }
        return (keys, form.archiveClass)
    }
}
