/// The bytes of JSON's syntax, and a word-at-a-time test that both the parser and the readable
/// backend's writer use to skip the plain runs of a string. The bytes are computed constants, so
/// that code inlined into another module folds them.
@usableFromInline package enum JSONSyntax {
    @inlinable package static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inlinable package static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inlinable package static var openBrace: UInt8 { UInt8(ascii: "{") }
    @inlinable package static var closeBrace: UInt8 { UInt8(ascii: "}") }
    @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable package static var newline: UInt8 { UInt8(ascii: "\n") }

    /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
    @inlinable @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= space && (byte == space || byte == newline || byte == 0x09 || byte == 0x0D)
    }

    /// Whether `byte` ends a plain run inside a string: `"`, `\` or a control character.
    @inlinable @inline(__always)
    package static func isStringSpecial(_ byte: UInt8) -> Bool {
        byte == quote || byte == backslash || byte < 0x20
    }

    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether any of the 8 bytes of `word` is `"`, `\` or a control character (below 0x20).
    ///
    /// Exact for the word as a whole (the classic "has a zero byte" and "has a byte less than n"
    /// tests); which byte it is, is left to a byte-by-byte look, so the byte order does not matter.
    @inlinable @inline(__always)
    package static func hasStringSpecial(_ word: UInt64) -> Bool {
        stringSpecialMask(word) != 0
    }

    /// The high bit of each byte of `word` that may be `"`, `\` or a control character: every
    /// such byte has its bit set, and a byte above one of them may too (a borrow), so the lowest
    /// bit set marks the first such byte in memory order on a little-endian machine.
    @inlinable @inline(__always)
    package static func stringSpecialMask(_ word: UInt64) -> UInt64 {
        let quotes = word ^ (ones &* UInt64(quote))
        let backslashes = word ^ (ones &* UInt64(backslash))
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBits
    }

    /// Whether any byte of `word` (an OR of input bytes and words) is outside ASCII.
    @inlinable @inline(__always)
    package static func hasNonASCII(_ word: UInt64) -> Bool {
        word & highBits != 0
    }

    /// Exact powers of ten, for the fast conversion of short decimals.
    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
}
