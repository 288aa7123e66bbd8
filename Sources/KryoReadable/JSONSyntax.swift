/// The bytes of JSON's syntax, and a word-at-a-time test that both the reader and the writer use
/// to skip the plain runs of a string.
enum JSONSyntax {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")

    /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= space && (byte == space || byte == newline || byte == 0x09 || byte == 0x0D)
    }

    /// Whether `byte` ends a plain run inside a string: `"`, `\` or a control character.
    @inline(__always)
    static func isStringSpecial(_ byte: UInt8) -> Bool {
        byte == quote || byte == backslash || byte < 0x20
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the 8 bytes of `word` is `"`, `\` or a control character (below 0x20).
    ///
    /// Exact for the word as a whole (the classic "has a zero byte" and "has a byte less than n"
    /// tests); which byte it is, is left to a byte-by-byte look, so the byte order does not matter.
    @inline(__always)
    static func hasStringSpecial(_ word: UInt64) -> Bool {
        let quotes = word ^ (ones &* UInt64(quote))
        let backslashes = word ^ (ones &* UInt64(backslash))
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBits != 0
    }

    /// Whether any byte of `word` (an OR of input bytes and words) is outside ASCII.
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool {
        word & highBits != 0
    }
}
