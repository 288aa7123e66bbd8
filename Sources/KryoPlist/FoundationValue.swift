import Foundation

/// The structure an `NSValue` wraps, as keyed archives store it: a point, size or rectangle
/// (`NS.pointval`, `NS.sizeval`, `NS.rectval` as text such as `{1.5, 2}`) or a range
/// (`NS.rangeval.location` and `NS.rangeval.length`), told apart by `NS.special`.
///
/// Keyed archives and readable documents both hold it under Foundation's keys (`NS.special`,
/// `NS.rectval`…, as `NSValue`'s own coding writes them). An `NSValue` of any other type
/// (`_NSKeyedCoderOldStyleArray` and the generic `$0`, `$1` keys, edge insets) is read as an
/// ``/KryoCore/UnknownObject`` and written back unchanged.
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
    package var special: Int64 {
        switch self {
        case .point: return 1
        case .size: return 2
        case .rect: return 3
        case .range: return 4
        }
    }

    /// `{a, b}` or `{{a, b}, {c, d}}`, as `NSStringFromPoint`/`NSStringFromRect` write it: each
    /// number as `%.17g` (`61.439999999999998`, `-0`, `9.3221664428710938e-05`, `1920`), so that
    /// an archive read and written again keeps Apple's text.
    package var text: String? {
        func number(_ value: Double) -> String { String(format: "%.17g", value) }
        switch self {
        case .point(let x, let y): return "{\(number(x)), \(number(y))}"
        case .size(let width, let height): return "{\(number(width)), \(number(height))}"
        case .rect(let x, let y, let width, let height):
            return "{{\(number(x)), \(number(y))}, {\(number(width)), \(number(height))}}"
        case .range: return nil
        }
    }

    /// The key of ``text``: `NS.pointval`, `NS.sizeval` or `NS.rectval`; `nil` for a range.
    package var textKey: String? {
        switch self {
        case .point: return "NS.pointval"
        case .size: return "NS.sizeval"
        case .rect: return "NS.rectval"
        case .range: return nil
        }
    }

    /// The value `NS.special` names, read through a format's own lookups; `nil` for a kind this
    /// type does not model (the object is then kept whole).
    ///
    /// - Parameters:
    ///   - numbers: The numbers of the text under a key (`NS.rectval`), which must be `count`.
    ///   - integer: The integer under a key (`NS.rangeval.location`).
    package static func decoding(
        special: Int64, numbers: (_ key: String, _ count: Int) throws -> [Double],
        integer: (_ key: String) throws -> Int
    ) throws -> FoundationValue? {
        switch special {
        case 1:
            let point = try numbers("NS.pointval", 2)
            guard point.count == 2 else { return nil }
            return .point(x: point[0], y: point[1])
        case 2:
            let size = try numbers("NS.sizeval", 2)
            guard size.count == 2 else { return nil }
            return .size(width: size[0], height: size[1])
        case 3:
            let rect = try numbers("NS.rectval", 4)
            guard rect.count == 4 else { return nil }
            return .rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
        case 4:
            return .range(location: try integer("NS.rangeval.location"), length: try integer("NS.rangeval.length"))
        default:
            return nil
        }
    }

    /// The numbers in a text such as `{{1, 2}, {3, 4.5}}`, or `nil` when it is not one.
    package static func numbers(in text: String) -> [Double]? {
        var numbers: [Double] = []
        for part in text.split(whereSeparator: { "{}, ".contains($0) }) {
            guard let number = Double(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
