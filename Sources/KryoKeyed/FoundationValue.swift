import KryoCore
import KryoPlist

/// The structure an `NSValue` wraps, as keyed archives store it: a point, size or rectangle
/// (`NS.pointval`, `NS.sizeval`, `NS.rectval` as text such as `{1.5, 2}`) or a range
/// (`NS.rangeval.location` and `NS.rangeval.length`), told apart by `NS.special`.
///
/// An `NSValue` of any other type (`_NSKeyedCoderOldStyleArray` and the generic `$0`, `$1` keys)
/// is read as an ``UnknownObject`` and written back unchanged.
public enum FoundationValue: Hashable, Sendable {
    /// An `NSPoint`/`CGPoint`.
    case point(x: Double, y: Double)
    /// An `NSSize`/`CGSize`.
    case size(width: Double, height: Double)
    /// An `NSRect`/`CGRect`.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// An `NSRange`.
    case range(location: Int, length: Int)

    /// The `NS.special` number of each kind.
    var special: Int64 {
        switch self {
        case .point: return 1
        case .size: return 2
        case .rect: return 3
        case .range: return 4
        }
    }

    /// `{a, b}` or `{{a, b}, {c, d}}`, as `NSStringFromPoint`/`NSStringFromRect` write it.
    var text: String? {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        }
        switch self {
        case .point(let x, let y): return "{\(number(x)), \(number(y))}"
        case .size(let width, let height): return "{\(number(width)), \(number(height))}"
        case .rect(let x, let y, let width, let height):
            return "{{\(number(x)), \(number(y))}, {\(number(width)), \(number(height))}}"
        case .range: return nil
        }
    }

    /// The numbers in a text such as `{{1, 2}, {3, 4.5}}`, or `nil` when it is not one.
    static func numbers(in text: String) -> [Double]? {
        var numbers: [Double] = []
        for part in text.split(whereSeparator: { "{}, ".contains($0) }) {
            guard let number = Double(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}

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
