import KryoCore
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
            preserved.values[key] = PreservedValue(try reader.readObject(forKey: key))
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

/// One value of ``PreservedKeys``: a scalar stored in the object itself, or an object.
public enum PreservedValue {
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Anything else: a string, data, a Foundation value, an archived object, or nil.
    case object(Any?)

    init(_ value: Any?) {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .integer(Int64(number))
        case let number as Int64: self = .integer(number)
        case let number as Double: self = .real(number)
        default: self = .object(value)
        }
    }

    func write(to writer: any ValueWriter, forKey key: String) throws {
        switch self {
        case .bool(let flag): try writer.writeBool(flag, forKey: key)
        case .integer(let number): try writer.writeInt64(number, forKey: key, encoding: .zigzag)
        case .real(let number): try writer.writeDouble(number, forKey: key)
        case .object(let value): try writer.writeObject(value, forKey: key)
        }
    }
}
