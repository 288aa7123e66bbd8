import KryoCore
import KryoPlist

extension ArchiveClass {
    static let nsValue = ArchiveClass("NSValue")
}

extension KeyedArchiveWriter {
    /// Writes an `NSValue` with `NS.special`, as Foundation does.
    func archiveFoundationValue(_ value: FoundationValue) throws -> Int {
        try archiveObject(.nsValue) { writer in
            try writer.store(.integer(value.special), forKey: "NS.special")
            if let key = value.textKey { try writer.writeString(value.text, forKey: key) }
            if case .range(let location, let length) = value {
                try writer.storeObject(location, forKey: "NS.rangeval.location")
                try writer.storeObject(length, forKey: "NS.rangeval.length")
            }
        }
    }
}

extension KeyedArchiveReader {
    /// An `NSValue`: a ``FoundationValue`` when `NS.special` names one, `nil` otherwise (the
    /// caller then keeps the object whole).
    func foundationValue(_ object: ArchivedObject) throws -> FoundationValue? {
        guard case .integer(let special)? = try entry("NS.special", in: object) else { return nil }
        func numbers(_ key: String, count: Int) throws -> [Double] {
            guard let stored = try entry(key, in: object), let text = try at(key, { try decode(stored) }) as? String,
                let numbers = FoundationValue.numbers(in: text), numbers.count == count
            else {
                throw error(
                    .invalidValue, expected: "\(count) numbers as text under \(key)",
                    found: KeyedArchive.describe(try entry(key, in: object)))
            }
            return numbers
        }
        func integer(_ key: String) throws -> Int {
            guard let stored = try entry(key, in: object),
                let number = try at(key, { try decode(stored, as: DeclaredType(Int.self)) }) as? Int
            else {
                throw error(
                    .invalidValue, expected: "an integer under \(key)",
                    found: KeyedArchive.describe(try entry(key, in: object)))
            }
            return number
        }
        return try FoundationValue.decoding(
            special: special, numbers: { try numbers($0, count: $1) }, integer: integer)
    }
}
