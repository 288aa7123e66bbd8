/// Turning Java names into Swift identifiers for generated code.
enum SwiftIdentifiers {
    /// Words that need backticks where Swift expects an identifier.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "some", "any",
    ]

    /// Words that even backticks cannot make a member name; a `_` is appended instead.
    static let unusableMemberNames: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    /// Whether `text` is a Swift identifier without backticks (letters, digits and `_`, not
    /// starting with a digit; not a keyword).
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !keywords.contains(text), text != "_" else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// The identifier as written in code: with backticks when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A Java member name (field or enum constant) in Swift's lowerCamel style: `MAX_VALUE` →
    /// `maxValue`, `first_name` → `firstName`, `URL` → `url`, `Name` → `name`; `$` separates words
    /// as `_` does. Names already in lowerCamel case are kept. Returns `nil` when nothing of the
    /// name is left or it cannot become an identifier.
    static func memberName(forJavaName name: String) -> String? {
        let words = name.split(whereSeparator: { $0 == "_" || $0 == "$" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var result = ""
        for (index, word) in words.enumerated() {
            let isAllCaps = !word.contains { $0.isLowercase }
            if index == 0 {
                result += isAllCaps ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            } else {
                let rest = isAllCaps ? word.dropFirst().lowercased() : String(word.dropFirst())
                result += word.prefix(1).uppercased() + rest
            }
        }
        if unusableMemberNames.contains(result) { result += "_" }
        guard isPlainIdentifier(result) || keywords.contains(result) else { return nil }
        return result
    }
}
