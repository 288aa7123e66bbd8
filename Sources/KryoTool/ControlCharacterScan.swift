/// Looks through a decoded value for text that holds C0 control characters other than tab, line
/// feed and carriage return: what strings read with the wrong settings are made of (markers,
/// lengths and small numbers taken as characters), and what real text rarely holds.
enum ControlCharacterScan {
    /// Whether a string in `value`, or in any value it holds, has such a character.
    static func holdsControlCharacters(_ value: Any) -> Bool {
        holds(value, where: isControl)
    }

    /// Whether a string in `value` has such a character, or begins with a tab, line feed or
    /// carriage return: the stricter test a reading the tool only guesses at must pass. A string
    /// read one byte early begins with the byte before it, often a small length or marker (9, 10
    /// and 13 among them), where real text seldom begins with white space of that kind.
    static func holdsSuspectText(_ value: Any) -> Bool {
        var found = false
        ReadValueWalk.walk(value) { next in
            guard let text = next as? String else { return .descend }
            found =
                text.unicodeScalars.first.map { $0.value < 0x20 } ?? false
                || text.unicodeScalars.contains(where: isControl)
            return found ? .stop : .skip
        }
        return found
    }

    /// Whether Kryo bytes hold a UTF-16 surrogate written on its own (`ED A0`–`ED BF`, the
    /// three-byte form Java gives each `char` of a pair, or of half of one) and the value read
    /// from them holds U+FFFD: a string had an unpaired surrogate (half of an emoji cut by
    /// `substring`), which a Swift string cannot hold and reading replaced.
    static func replacedUnpairedSurrogates(in bytes: [UInt8], read value: Any) -> Bool {
        let hasSurrogateBytes = zip(bytes, bytes.dropFirst()).contains { $0 == 0xED && (0xA0...0xBF).contains($1) }
        return hasSurrogateBytes && holds(value) { $0 == "\u{FFFD}" }
    }

    /// Whether a string in `value`, or in any value it holds, has a scalar that `predicate` picks.
    static func holds(_ value: Any, where predicate: (Unicode.Scalar) -> Bool) -> Bool {
        var found = false
        ReadValueWalk.walk(value) { next in
            guard let text = next as? String else { return .descend }
            found = text.unicodeScalars.contains(where: predicate)
            return found ? .stop : .skip
        }
        return found
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }
}
