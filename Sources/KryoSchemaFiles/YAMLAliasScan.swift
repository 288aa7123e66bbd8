/// Finds YAML aliases (`*name`) before the YAML parser runs: Yams compares mapping keys by
/// content, and keys made of nested aliases expand exponentially ("billion laughs").
///
/// A conservative scan of the text: quoted strings and comments are skipped; a `*` counts as an
/// alias when it starts a token in a node position — first on its line (after `- ` or `? `), or
/// after `:`, `[`, `{` or `,` — and is followed by a name.
enum YAMLAliasScan {
    static func firstAlias(in text: String) -> SourcePosition? {
        var line = 1
        var column = 0
        var previous: Unicode.Scalar = "\n"
        /// The last character that is not a space, on this line.
        var lastMark: Unicode.Scalar = "\n"
        var quote: Unicode.Scalar?
        var inComment = false
        var escaped = false
        var aliasAt: SourcePosition?
        for scalar in text.unicodeScalars {
            column += 1
            defer {
                previous = scalar
                if scalar == "\n" {
                    line += 1
                    column = 0
                    lastMark = "\n"
                    inComment = false
                }
            }
            if let candidate = aliasAt {
                // An alias needs a name right after the `*`.
                if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                    aliasAt = nil
                } else {
                    return candidate
                }
            }
            if inComment { continue }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == "\"", scalar == "\\" {
                    escaped = true
                } else if scalar == open {
                    quote = nil
                    lastMark = scalar
                }
                continue
            }
            let atTokenStart =
                previous == " " || previous == "\t" || previous == "\n" || "[{,".unicodeScalars.contains(previous)
            switch scalar {
            case "#" where atTokenStart:
                inComment = true
            case "\"" where atTokenStart, "'" where atTokenStart:
                quote = scalar
            case "*" where atTokenStart && (lastMark == "\n" || ":-?[{,".unicodeScalars.contains(lastMark)):
                aliasAt = SourcePosition(line: line, column: column)
            default: break
            }
            if scalar != " " && scalar != "\t" && scalar != "\n" && scalar != "\r" { lastMark = scalar }
        }
        return nil
    }
}
