import FoundationEssentials
import KryoCore

extension ValueReader {
    /// The number under `key`, when there is one (keyed and readable formats).
    func optionalDouble(forKey key: String) throws -> Double? {
        guard containsValue(forKey: key) else { return nil }
        return try readDouble(forKey: key)
    }

    /// The integer under `key`, when there is one (keyed and readable formats).
    func optionalInt(forKey key: String) throws -> Int? {
        guard containsValue(forKey: key) else { return nil }
        return Int(try readInt64(forKey: key, encoding: .zigzag))
    }

    /// The flag under `key`, when there is one (keyed and readable formats).
    func optionalBool(forKey key: String) throws -> Bool? {
        guard containsValue(forKey: key) else { return nil }
        return try readBool(forKey: key)
    }

    /// The string under `key`, when there is one.
    func optionalString(forKey key: String) throws -> String? {
        guard containsValue(forKey: key) else { return nil }
        return try readString(forKey: key)
    }

    /// The bytes stored under `key` as data, or a string's UTF-8 (archives written by other
    /// tools store `NSRGB` as a string), when there is one.
    func optionalBytes(forKey key: String) throws -> [UInt8]? {
        guard containsValue(forKey: key) else { return nil }
        switch try readObject(forKey: key) {
        case nil: return nil
        case let data as Data: return [UInt8](data)
        case let bytes as [UInt8]: return bytes
        case let string as String: return Array(string.utf8)
        case let other:
            throw error(.typeMismatch, expected: "data under \(key)", found: ValueConversion.describeType(of: other))
        }
    }

    /// A required string.
    func requiredString(forKey key: String, in owner: String) throws -> String {
        guard let string = try optionalString(forKey: key) else {
            throw error(.invalidValue, expected: "a string under \(key) in \(owner)", found: "none")
        }
        return string
    }
}

extension ValueWriter {
    /// Writes `value` under `key` unless it is `nil`.
    func writeIfPresent(_ value: Double?, forKey key: String) throws {
        if let value { try writeDouble(value, forKey: key) }
    }
}
