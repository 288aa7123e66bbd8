/// An integer of any size, as Java's `BigInteger` holds it: two's complement, big-endian, in as
/// few bytes as the value needs (what `BigInteger.toByteArray()` returns).
///
/// Enough arithmetic-free API to carry values across: from and to Swift integers, from and to
/// decimal text. Convert to a big-number library of your choice for arithmetic.
public struct JavaBigInteger: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The two's complement bytes, big-endian, minimal (at least one byte).
    public let twosComplementBytes: [UInt8]

    /// Creates a value from two's complement bytes, big-endian (any length; redundant sign
    /// bytes are dropped). No bytes is zero.
    public init(twosComplement bytes: [UInt8]) {
        var start = 0
        while start + 1 < bytes.count {
            let byte = bytes[start]
            let nextHigh = bytes[start + 1] & 0x80
            if (byte == 0 && nextHigh == 0) || (byte == 0xFF && nextHigh != 0) {
                start += 1
            } else {
                break
            }
        }
        twosComplementBytes = bytes.isEmpty ? [0] : Array(bytes[start...])
    }

    /// Creates a value from any Swift integer.
    public init(_ value: some BinaryInteger) {
        let negative = value < 0
        var magnitude: [UInt32] = []
        for word in value.magnitude.words {
            magnitude.append(UInt32(truncatingIfNeeded: word))
            if UInt.bitWidth > 32 { magnitude.append(UInt32(truncatingIfNeeded: UInt64(word) >> 32)) }
        }
        self.init(negative: negative, magnitude: magnitude)
    }

    public init(integerLiteral value: Int64) { self.init(value) }

    /// Parses decimal text with an optional sign (`-123`, `+7`); `nil` when it is not one.
    public init?(_ text: String) {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var magnitude: [UInt32] = [0]
        for character in digits {
            guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
            var carry = UInt64(digit)
            for index in magnitude.indices {
                let product = UInt64(magnitude[index]) * 10 + carry
                magnitude[index] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry > 0 { magnitude.append(UInt32(carry)) }
        }
        self.init(negative: negative, magnitude: magnitude)
    }

    /// From a sign and a magnitude in 32-bit words, least significant first.
    private init(negative: Bool, magnitude: [UInt32]) {
        var bytes: [UInt8] = [0]  // a leading zero keeps the sign bit clear
        for word in magnitude.reversed() {
            bytes += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
        self.init(twosComplement: negative ? JavaBigInteger.negated(bytes) : bytes)
    }

    /// The two's complement negation of `bytes` (invert, add one), same length.
    private static func negated(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var carry = true
        for index in result.indices.reversed() {
            let inverted = ~result[index]
            result[index] = carry ? inverted &+ 1 : inverted
            if carry, inverted != 0xFF { carry = false }
        }
        return result
    }

    /// Whether the value is below zero.
    public var isNegative: Bool { (twosComplementBytes.first ?? 0) & 0x80 != 0 }

    /// The magnitude in 32-bit words, least significant first.
    private var magnitudeWords: [UInt32] {
        let bytes = isNegative ? JavaBigInteger.negated(twosComplementBytes) : twosComplementBytes
        var words: [UInt32] = []
        var end = bytes.count
        while end > 0 {
            let start = max(end - 4, 0)
            words.append(bytes[start..<end].reduce(0) { $0 << 8 | UInt32($1) })
            end = start
        }
        while words.count > 1, words.last == 0 { words.removeLast() }
        return words
    }

    /// The value as an `Int64`, when it fits.
    public var int64Value: Int64? {
        guard twosComplementBytes.count <= 8 else { return nil }
        let unsigned = twosComplementBytes.reduce(UInt64(isNegative ? UInt64.max : 0)) { $0 << 8 | UInt64($1) }
        return Int64(bitPattern: unsigned)
    }

    /// The value in decimal.
    public var description: String {
        var words = magnitudeWords
        var chunks: [UInt32] = []
        while !(words.count == 1 && words[0] == 0) {
            var remainder: UInt64 = 0
            for index in words.indices.reversed() {
                let current = remainder << 32 | UInt64(words[index])
                words[index] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while words.count > 1, words.last == 0 { words.removeLast() }
        }
        guard let last = chunks.popLast() else { return "0" }
        var text = isNegative ? "-" : ""
        text += String(last)
        for chunk in chunks.reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
