import FoundationEssentials

/// A decimal number as Java's `BigDecimal` holds it: an unscaled integer of any size and a
/// scale, the value being `unscaledValue × 10^-scale`.
///
/// Unlike Foundation's `Decimal`, it keeps Java's scale: `19.90` (unscaled 1990, scale 2) stays
/// apart from `19.9`, so a value read from Java is written back to the same bytes. The dynamic
/// path (``Registry/init(schemas:_:)``) reads `java.math.BigDecimal` as this type; a slot
/// declared as `Decimal` still reads a `Decimal`.
///
/// ```swift
/// let price = JavaBigDecimal("19.90")            // unscaled 1990, scale 2
/// price?.description                             // "19.90", as Java's toString()
/// price?.decimalValue                            // Decimal 19.9
/// ```
public struct JavaBigDecimal: Hashable, Sendable, CustomStringConvertible {
    /// The unscaled value.
    public var unscaledValue: JavaBigInteger
    /// The number of digits after the decimal point (negative: zeros before it).
    public var scale: Int32

    /// A value from its unscaled integer and scale.
    public init(unscaledValue: JavaBigInteger, scale: Int32) {
        self.unscaledValue = unscaledValue
        self.scale = scale
    }

    /// Parses Java's `BigDecimal` text forms: an optional sign, digits with an optional point,
    /// and an optional exponent (`19.90`, `-1.230E+6`, `1e-3`); `nil` for anything else, or for
    /// a scale beyond `Int32`.
    public init?(_ text: String) {
        var rest = Substring(text)
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            if first == "-" { sign = "-" }
            rest = rest.dropFirst()
        }
        var exponent = 0
        if let marker = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            // Any exponent that leaves the scale an `Int32`: `1E+2147483648` (scale
            // `Int32.min`), which `toString()` gives and Java's own parser refuses, reads back.
            guard let value = Int(rest[rest.index(after: marker)...]), value.magnitude <= 1 << 40 else {
                return nil
            }
            exponent = value
            rest = rest[..<marker]
        }
        var digits = ""
        var fractionDigits = 0
        var seenPoint = false
        for character in rest {
            if character == "." {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if character.isASCII, character.isWholeNumber {
                digits.append(character)
                if seenPoint { fractionDigits += 1 }
            } else {
                return nil
            }
        }
        guard !digits.isEmpty, let unscaled = JavaBigInteger(sign + digits),
            let scale = Int32(exactly: fractionDigits - exponent)
        else { return nil }
        self.init(unscaledValue: unscaled, scale: scale)
    }

    /// The same value as a Java `BigDecimal` holds it, with the scale `Decimal` has (trailing
    /// zeros are not kept by `Decimal`); `nil` for a NaN.
    public init?(_ decimal: Decimal) {
        guard decimal.isFinite,
            let unscaled = JavaBigInteger((decimal.sign == .minus ? "-" : "") + decimal.significand.description)
        else { return nil }
        self.init(unscaledValue: unscaled, scale: Int32(-decimal.exponent))
    }

    /// The value as a Foundation `Decimal`, or `nil` beyond its 38 digits and exponents.
    public var decimalValue: Decimal? {
        var digits = unscaledValue.description
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        var exponent = -Int(scale)
        while digits.count > 1, digits.hasSuffix("0"), exponent < 127 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= 38, (-128...127).contains(exponent), let significand = Decimal(string: digits) else {
            return nil
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
    }

    /// Java's `BigDecimal.toString()`: plain digits when the scale is not negative and the
    /// number is not too small, else scientific notation (`-1.230E+6`).
    public var description: String {
        var digits = unscaledValue.description
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        let sign = negative ? "-" : ""
        let adjusted = -Int(scale) + (digits.count - 1)
        if scale >= 0, adjusted >= -6 {
            let scale = Int(scale)
            guard scale > 0 else { return sign + digits }
            if digits.count > scale {
                return sign + digits.dropLast(scale) + "." + digits.suffix(scale)
            }
            return sign + "0." + String(repeating: "0", count: scale - digits.count) + digits
        }
        let mantissa = digits.count > 1 ? String(digits.prefix(1)) + "." + digits.dropFirst() : digits
        return sign + mantissa + "E" + (adjusted >= 0 ? "+" : "") + String(adjusted)
    }
}
