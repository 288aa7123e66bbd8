/// A strict RFC 8259 syntax check, run on `.json` files before the YAML parser reads them: YAML
/// accepts far more (comments, unquoted strings, block style), and a `.json` file must stay JSON
/// for every other tool that reads it.
///
/// The check keeps its open containers on an array, never the call stack, and refuses nesting
/// deeper than ``maximumDepth``.
enum JSONSyntaxCheck {
    /// Deeper than any schema file needs (the format nests five levels).
    static let maximumDepth = 64

    struct Problem {
        var position: SourcePosition
        var message: String
    }

    private enum Expect {
        case value, valueOrEnd, key, keyOrEnd, afterValue
    }

    /// The first place where `text` stops being JSON, or `nil` when it is JSON.
    static func firstProblem(in text: String) -> Problem? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var lineStart = 0
        var objects: [Bool] = []  // true: object, false: array
        var expect = Expect.value

        func problem(_ message: String) -> Problem {
            Problem(position: SourcePosition(line: line, column: index - lineStart + 1), message: message)
        }
        func found() -> String {
            index < scalars.count ? "found " + quoted(String(scalars[index])) : "found the end of the file"
        }
        func skipSpaces() {
            while index < scalars.count {
                switch scalars[index] {
                case "\n":
                    line += 1
                    lineStart = index + 1
                case " ", "\t", "\r": break
                default: return
                }
                index += 1
            }
        }
        /// Scans a string from its opening quote; returns a problem or nil.
        func scanString() -> Problem? {
            index += 1
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\"":
                    index += 1
                    return nil
                case "\\":
                    index += 1
                    guard index < scalars.count else { return problem("unterminated string") }
                    switch scalars[index] {
                    case "\"", "\\", "/", "b", "f", "n", "r", "t": index += 1
                    case "u":
                        index += 1
                        for _ in 0..<4 {
                            guard index < scalars.count, scalars[index].properties.isASCIIHexDigit else {
                                return problem("expected 4 hexadecimal digits after \\u")
                            }
                            index += 1
                        }
                    default: return problem("unknown escape \\\(scalars[index])")
                    }
                default:
                    guard scalar.value >= 0x20 else { return problem("control character in a string") }
                    index += 1
                }
            }
            return problem("unterminated string")
        }
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        func scanNumber() -> Problem? {
            if scalars[index] == "-" { index += 1 }
            guard index < scalars.count, ("0"..."9").contains(scalars[index]) else {
                return problem("expected a digit, \(found())")
            }
            if scalars[index] == "0" { index += 1 } else { _ = digits() }
            if index < scalars.count, scalars[index] == "." {
                index += 1
                guard digits() > 0 else { return problem("expected a digit after \".\", \(found())") }
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                index += 1
                if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
                guard digits() > 0 else { return problem("expected a digit in the exponent, \(found())") }
            }
            return nil
        }

        while true {
            skipSpaces()
            guard index < scalars.count else {
                if objects.isEmpty, expect == .afterValue { return nil }
                return problem("unexpected end of the file")
            }
            let scalar = scalars[index]
            switch expect {
            case .value, .valueOrEnd:
                if expect == .valueOrEnd, scalar == "]" {
                    objects.removeLast()
                    index += 1
                    expect = .afterValue
                    continue
                }
                switch scalar {
                case "{", "[":
                    guard objects.count < maximumDepth else {
                        return problem("nested more than \(maximumDepth) levels deep")
                    }
                    objects.append(scalar == "{")
                    index += 1
                    expect = scalar == "{" ? .keyOrEnd : .valueOrEnd
                    continue
                case "\"":
                    if let failure = scanString() { return failure }
                case "-", "0"..."9":
                    if let failure = scanNumber() { return failure }
                case "t", "f", "n":
                    let word = scalar == "t" ? "true" : scalar == "f" ? "false" : "null"
                    let end = index + word.unicodeScalars.count
                    guard end <= scalars.count, String(String.UnicodeScalarView(scalars[index..<end])) == word else {
                        return problem("expected a JSON value, \(found())")
                    }
                    index = end
                default:
                    return problem("expected a JSON value, \(found())")
                }
                expect = .afterValue
            case .key, .keyOrEnd:
                if expect == .keyOrEnd, scalar == "}" {
                    objects.removeLast()
                    index += 1
                    expect = .afterValue
                    continue
                }
                guard scalar == "\"" else { return problem("expected a key in double quotes, \(found())") }
                if let failure = scanString() { return failure }
                skipSpaces()
                guard index < scalars.count, scalars[index] == ":" else {
                    return problem("expected \":\" after the key, \(found())")
                }
                index += 1
                expect = .value
            case .afterValue:
                guard let inObject = objects.last else { return problem("expected the end of the file, \(found())") }
                if scalar == "," {
                    expect = inObject ? .key : .value
                } else if scalar == (inObject ? "}" : "]") {
                    objects.removeLast()
                } else {
                    return problem("expected \",\" or \"\(inObject ? "}" : "]")\", \(found())")
                }
                index += 1
            }
        }
    }
}

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
