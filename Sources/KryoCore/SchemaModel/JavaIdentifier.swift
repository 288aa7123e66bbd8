/// The characters of Java's names, as `Character.isJavaIdentifierStart` and
/// `Character.isJavaIdentifierPart` classify them, for the checks of schema files, type
/// expressions and field names read from a stream.
package enum JavaIdentifier {
    /// Whether a name may begin with `scalar`: a letter, a letter number (`Ⅻ`), a currency symbol
    /// (`$`, `€`) or a connector (`_`).
    package static func isStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
            .currencySymbol, .connectorPunctuation:
            return true
        default: return false
        }
    }

    /// Whether `scalar` may follow the first character: what may begin a name, a digit or a
    /// combining mark (`cafe\u{301}`, Thai's vowel signs). Java's ignorable characters (a
    /// zero-width non-joiner) are left out: `javac` drops them, so no field's name holds one.
    package static func isPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark: return true
        default: return isStart(scalar)
        }
    }

    /// Whether `text` is one Java identifier (no dots).
    package static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first, isStart(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isPart)
    }
}
