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
            switch value {
            case .point: try writer.writeString(value.text, forKey: "NS.pointval")
            case .size: try writer.writeString(value.text, forKey: "NS.sizeval")
            case .rect: try writer.writeString(value.text, forKey: "NS.rectval")
            case .range(let location, let length):
                try writer.storeObject(location, forKey: "NS.rangeval.location")
                try writer.storeObject(length, forKey: "NS.rangeval.length")
            }
        }
    }
}

extension KeyedArchiveReader {
    /// An `NSValue`: a ``FoundationValue`` when `NS.special` names one, `nil` otherwise (the
    /// caller then keeps the object whole).
    func foundationValue(_ entries: PropertyListDictionary) throws -> FoundationValue? {
        guard case .integer(let special)? = entries["NS.special"] else { return nil }
        func numbers(_ key: String, count: Int) throws -> [Double] {
            guard let stored = entries[key], let text = try at(key, { try decode(stored) }) as? String,
                let numbers = FoundationValue.numbers(in: text), numbers.count == count
            else {
                throw error(
                    .invalidValue, expected: "\(count) numbers as text under \(key)",
                    found: KeyedArchive.describe(entries[key]))
            }
            return numbers
        }
        func integer(_ key: String) throws -> Int {
            guard let stored = entries[key],
                let number = try at(key, { try decode(stored, as: DeclaredType(Int.self)) }) as? Int
            else {
                throw error(
                    .invalidValue, expected: "an integer under \(key)", found: KeyedArchive.describe(entries[key]))
            }
            return number
        }
        switch special {
        case 1:
            let point = try numbers("NS.pointval", count: 2)
            return .point(x: point[0], y: point[1])
        case 2:
            let size = try numbers("NS.sizeval", count: 2)
            return .size(width: size[0], height: size[1])
        case 3:
            let rect = try numbers("NS.rectval", count: 4)
            return .rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
        case 4:
            return .range(location: try integer("NS.rangeval.location"), length: try integer("NS.rangeval.length"))
        default:
            return nil
        }
    }
}
