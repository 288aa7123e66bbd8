import KryoCore

/// Reads Apple's XML property list: a small parser for the subset of XML that plists use.
///
/// Accepted: an optional UTF-8 byte-order mark, the XML declaration and other processing
/// instructions, a `DOCTYPE` (whose internal subset, if any, is skipped, never applied),
/// comments, whitespace between elements, an optional `<plist>` root element around one value,
/// `<dict>` with `<key>`s, `<array>`, `<string>`, `<integer>` (decimal or `0x` hex, from
/// `Int64.min` to `UInt64.max`), `<real>` (also `nan`, `inf`, `+infinity`, `-infinity`),
/// `<true/>`, `<false/>`, `<date>` (ISO 8601 in UTC), `<data>` (base64, whitespace allowed), and
/// empty-element forms such as `<string/>`, `<dict/>` and `<array/>`. Text may use the entities
/// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`, character references `&#NN;` `&#xNN;` and CDATA
/// sections; it must be valid UTF-8 and is otherwise kept byte for byte (no line-end
/// normalisation).
///
/// A dictionary whose only key is `CF$UID` with a non-negative integer value is read as
/// ``PropertyListValue/uid(_:)``: XML keyed archives store references that way.
///
/// Errors carry the byte offset of the problem, and its line number in `found`.
struct XMLPropertyListReader {
    private let bytes: UnsafeRawBufferPointer
    private let limits: PropertyListLimits
    private var position = 0
    private var depth = 0
    private var objectCount = 0

    init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: - Errors

    private func failure(
        _ kind: SerializationError.Kind, expected: String, found: String, at offset: Int
    ) -> SerializationError {
        SerializationError(
            kind, expected: expected, found: "\(found) at \(TextLocation.describe(offset, in: bytes))", offset: offset)
    }

    /// A description of what is at `offset`, for error messages.
    private func foundText(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the input" }
        let end = min(bytes.count, offset + 16)
        var text = ""
        for byte in bytes[offset..<end] {
            if byte == 0x0A || byte == 0x0D { break }
            text.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : "?")
        }
        return "'\(text)'"
    }

    private func truncated(_ expected: String) -> SerializationError {
        failure(.truncatedInput, expected: expected, found: "the end of the input", at: bytes.count)
    }

    // MARK: - Low-level scanning

    @inline(__always)
    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether the input continues with `literal` at `offset`.
    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        literal.withUTF8Buffer { text in
            guard text.count <= bytes.count - offset else { return false }
            for index in 0..<text.count where bytes[offset + index] != text[index] { return false }
            return true
        }
    }

    /// Whether the bytes in `range` are `literal`.
    private func range(_ range: Range<Int>, is literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
    }

    /// Moves past the next `terminator`, or throws if the input ends first.
    private mutating func skip(past terminator: StaticString, what: String) throws(SerializationError) {
        let first = terminator.withUTF8Buffer { $0[0] }
        while position < bytes.count {
            if bytes[position] == first && matches(terminator, at: position) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw truncated("the end of \(what) ('\(terminator)')")
    }

    /// Skips whitespace, comments and processing instructions (and, in the prolog, a DOCTYPE).
    private mutating func skipMisc(allowDoctype: Bool = false) throws(SerializationError) {
        while position < bytes.count {
            let current = bytes[position]
            if Self.isWhitespace(current) {
                position += 1
            } else if current == UInt8(ascii: "<") && matches("<!--", at: position) {
                position += 4
                try skip(past: "-->", what: "a comment")
            } else if current == UInt8(ascii: "<") && matches("<?", at: position) {
                position += 2
                try skip(past: "?>", what: "a processing instruction")
            } else if allowDoctype && current == UInt8(ascii: "<") && matches("<!DOCTYPE", at: position) {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>`, including a bracketed internal subset and quoted literals.
    private mutating func skipDoctype() throws(SerializationError) {
        position += 9
        var bracketDepth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = bytes[position]
                position += 1
                while position < bytes.count && bytes[position] != quote { position += 1 }
            case UInt8(ascii: "["):
                bracketDepth += 1
            case UInt8(ascii: "]"):
                bracketDepth -= 1
            case UInt8(ascii: ">") where bracketDepth <= 0:
                position += 1
                return
            default:
                break
            }
            position += 1
        }
        throw truncated("the end of the DOCTYPE ('>')")
    }

    // MARK: - Tags

    private struct Tag {
        /// The bytes of the element name.
        var name: Range<Int>
        /// `<name/>`.
        var isEmpty: Bool
        /// Where `<` is.
        var offset: Int
    }

    private func nameText(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads `<name attributes…>` or `<name …/>` at the current position.
    private mutating func readStartTag(expected: @autoclosure () -> String) throws(SerializationError) -> Tag {
        let offset = position
        guard let open = byte(at: position) else { throw truncated(expected()) }
        guard open == UInt8(ascii: "<"), let first = byte(at: position + 1),
            first != UInt8(ascii: "/"), first != UInt8(ascii: "!"), first != UInt8(ascii: "?"),
            !Self.isWhitespace(first), first != UInt8(ascii: ">")
        else {
            throw failure(.invalidValue, expected: expected(), found: foundText(at: offset), at: offset)
        }
        position += 1
        let nameStart = position
        while let current = byte(at: position), !Self.isWhitespace(current), current != UInt8(ascii: ">"),
            current != UInt8(ascii: "/")
        {
            position += 1
        }
        let name = nameStart..<position
        // Attributes (such as `version="1.0"`) are skipped.
        while let current = byte(at: position) {
            switch current {
            case UInt8(ascii: ">"):
                position += 1
                return Tag(name: name, isEmpty: false, offset: offset)
            case UInt8(ascii: "/"):
                guard byte(at: position + 1) == UInt8(ascii: ">") else {
                    throw failure(
                        .invalidValue, expected: "'/>' closing the tag", found: foundText(at: position),
                        at: position)
                }
                position += 2
                return Tag(name: name, isEmpty: true, offset: offset)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                position += 1
                while let inner = byte(at: position), inner != current { position += 1 }
                position += 1
            case UInt8(ascii: "<"):
                throw failure(
                    .invalidValue, expected: "'>' closing the <\(nameText(name))> tag", found: "'<'",
                    at: position)
            default:
                position += 1
            }
        }
        throw truncated("'>' closing the <\(nameText(name))> tag")
    }

    /// Reads `</name>` at the current position.
    private mutating func readEndTag(_ name: StaticString, openedAt openOffset: Int) throws(SerializationError) {
        let offset = position
        guard position < bytes.count else {
            throw failure(
                .truncatedInput, expected: "</\(name)> closing the element opened at offset \(openOffset)",
                found: "the end of the input", at: bytes.count)
        }
        guard matches("</", at: position) else {
            throw failure(
                .invalidValue, expected: "</\(name)>", found: foundText(at: offset), at: offset)
        }
        position += 2
        let nameStart = position
        while let current = byte(at: position), !Self.isWhitespace(current), current != UInt8(ascii: ">") {
            position += 1
        }
        let found = nameStart..<position
        while let current = byte(at: position), Self.isWhitespace(current) { position += 1 }
        guard range(found, is: name), byte(at: position) == UInt8(ascii: ">") else {
            throw failure(
                .invalidValue,
                expected: "</\(name)> closing the element opened at offset \(openOffset)",
                found: "</\(nameText(found))", at: offset)
        }
        position += 1
    }

    // MARK: - Document

    /// Reads the whole document: prolog, the value (in `<plist>` or bare), trailing misc.
    mutating func readDocument() throws(SerializationError) -> PropertyListValue {
        if matches("\u{FEFF}", at: 0) {
            position = 3
        } else if bytes.count >= 2
            && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE)
        {
            throw failure(.unsupported, expected: "a UTF-8 property list", found: "UTF-16 text", at: 0)
        }
        try skipMisc(allowDoctype: true)
        let tag = try readStartTag(expected: "a <plist> element or a property-list value")
        let value: PropertyListValue
        if range(tag.name, is: "plist") {
            guard !tag.isEmpty else {
                throw failure(.invalidValue, expected: "a value inside <plist>", found: "<plist/>", at: tag.offset)
            }
            try skipMisc()
            value = try readValue(try readStartTag(expected: "a value inside <plist>"))
            try skipMisc()
            try readEndTag("plist", openedAt: tag.offset)
        } else {
            value = try readValue(tag)
        }
        try skipMisc()
        guard position == bytes.count else {
            throw failure(
                .invalidValue, expected: "the end of the property list", found: foundText(at: position),
                at: position)
        }
        return value
    }

    // MARK: - Values

    /// Reads the value whose start tag is `tag`, through its end tag.
    private mutating func readValue(_ tag: Tag) throws(SerializationError) -> PropertyListValue {
        objectCount += 1
        guard objectCount <= limits.maxObjectCount else {
            throw failure(
                .sizeLimitExceeded, expected: "at most \(limits.maxObjectCount) values",
                found: "more", at: tag.offset)
        }
        let name = tag.name
        switch name.count {
        case 3 where range(name, is: "key"):
            throw failure(
                .invalidValue, expected: "a value (a <key> belongs in a <dict>)", found: "<key>",
                at: tag.offset)
        case 4 where range(name, is: "dict"):
            return try readDictionary(tag)
        case 4 where range(name, is: "real"):
            return .real(try readReal(tag))
        case 4 where range(name, is: "true"):
            try readEmpty(tag, "true")
            return .bool(true)
        case 4 where range(name, is: "date"):
            return .date(try readDate(tag))
        case 4 where range(name, is: "data"):
            return .data(try readData(tag))
        case 5 where range(name, is: "array"):
            return .array(try readArray(tag))
        case 5 where range(name, is: "false"):
            try readEmpty(tag, "false")
            return .bool(false)
        case 6 where range(name, is: "string"):
            return .string(try readString(tag, "string"))
        case 7 where range(name, is: "integer"):
            return try readInteger(tag)
        default:
            throw failure(
                .invalidValue, expected: "a property-list element", found: "<\(nameText(name))>",
                at: tag.offset)
        }
    }

    private mutating func enterContainer(_ tag: Tag) throws(SerializationError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw failure(
                .depthLimitExceeded, expected: "at most \(limits.maxDepth) nested containers",
                found: "deeper nesting", at: tag.offset)
        }
    }

    private mutating func readArray(_ tag: Tag) throws(SerializationError) -> [PropertyListValue] {
        try enterContainer(tag)
        defer { depth -= 1 }
        var elements: [PropertyListValue] = []
        if tag.isEmpty { return elements }
        while true {
            try skipMisc()
            if matches("</", at: position) { break }
            elements.append(try readValue(try readStartTag(expected: "a value or </array>")))
        }
        try readEndTag("array", openedAt: tag.offset)
        return elements
    }

    private mutating func readDictionary(_ tag: Tag) throws(SerializationError) -> PropertyListValue {
        try enterContainer(tag)
        defer { depth -= 1 }
        var dictionary = PropertyListDictionary()
        if tag.isEmpty { return .dictionary(dictionary) }
        while true {
            try skipMisc()
            if matches("</", at: position) { break }
            let keyTag = try readStartTag(expected: "a <key> or </dict>")
            guard range(keyTag.name, is: "key") else {
                throw failure(
                    .invalidValue, expected: "a <key> or </dict>", found: "<\(nameText(keyTag.name))>",
                    at: keyTag.offset)
            }
            let key = try readString(keyTag, "key")
            try skipMisc()
            if matches("</", at: position) {
                throw failure(
                    .invalidValue, expected: "a value for the key '\(key)'", found: foundText(at: position),
                    at: position)
            }
            guard dictionary[key] == nil else {
                // As JSON documents: almost always a mistake in a file edited by hand.
                throw failure(
                    .invalidValue, expected: "keys that differ within one <dict>", found: "the key '\(key)' again",
                    at: keyTag.offset)
            }
            dictionary[key] = try readValue(try readStartTag(expected: "a value for the key '\(key)'"))
        }
        try readEndTag("dict", openedAt: tag.offset)
        if dictionary.count == 1, let reference = dictionary["CF$UID"] {
            switch reference {
            case .integer(let value) where value >= 0: return .uid(UInt64(value))
            case .unsignedInteger(let value): return .uid(value)
            default: break
            }
        }
        return .dictionary(dictionary)
    }

    /// Reads the end of `<true/>`, `<false/>` or `<true></true>`.
    private mutating func readEmpty(_ tag: Tag, _ name: StaticString) throws(SerializationError) {
        if tag.isEmpty { return }
        try readEndTag(name, openedAt: tag.offset)
    }

    // MARK: - Text

    /// The text of an element: either a range of the input (no entities or CDATA) or decoded bytes.
    private enum Text {
        case input(Range<Int>)
        case decoded([UInt8], start: Int)
    }

    /// Reads character data up to the next end tag, decoding entities and CDATA sections and
    /// skipping comments. Leaves the position at `</`.
    private mutating func readText() throws(SerializationError) -> Text {
        let start = position
        while position < bytes.count {
            let current = bytes[position]
            if current == UInt8(ascii: "<") || current == UInt8(ascii: "&") { break }
            position += 1
        }
        if matches("</", at: position) { return .input(start..<position) }
        var text = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let current = byte(at: position) else { throw truncated("an end tag closing the text") }
            switch current {
            case UInt8(ascii: "&"):
                try readReference(into: &text)
            case UInt8(ascii: "<"):
                if matches("</", at: position) { return .decoded(text, start: start) }
                if matches("<![CDATA[", at: position) {
                    position += 9
                    let contentStart = position
                    try skip(past: "]]>", what: "a CDATA section")
                    text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<position - 3]))
                } else if matches("<!--", at: position) {
                    position += 4
                    try skip(past: "-->", what: "a comment")
                } else {
                    throw failure(
                        .invalidValue, expected: "text or an end tag", found: foundText(at: position),
                        at: position)
                }
            default:
                let runStart = position
                while let next = byte(at: position), next != UInt8(ascii: "<"), next != UInt8(ascii: "&") {
                    position += 1
                }
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
            }
        }
    }

    /// Decodes `&name;` or `&#…;` at the current position, appending its UTF-8.
    private mutating func readReference(into text: inout [UInt8]) throws(SerializationError) {
        let offset = position
        position += 1
        let nameStart = position
        while let current = byte(at: position), current != UInt8(ascii: ";"), position - nameStart < 12 {
            position += 1
        }
        guard byte(at: position) == UInt8(ascii: ";") else {
            throw failure(
                .invalidValue, expected: "an entity reference ending in ';'", found: foundText(at: offset),
                at: offset)
        }
        let name = nameStart..<position
        position += 1
        if range(name, is: "lt") {
            text.append(UInt8(ascii: "<"))
        } else if range(name, is: "gt") {
            text.append(UInt8(ascii: ">"))
        } else if range(name, is: "amp") {
            text.append(UInt8(ascii: "&"))
        } else if range(name, is: "quot") {
            text.append(UInt8(ascii: "\""))
        } else if range(name, is: "apos") {
            text.append(UInt8(ascii: "'"))
        } else if name.count >= 2 && bytes[name.lowerBound] == UInt8(ascii: "#") {
            let isHex = bytes[name.lowerBound + 1] == UInt8(ascii: "x")
            let digits = (name.lowerBound + (isHex ? 2 : 1))..<name.upperBound
            var value: UInt32 = 0
            var valid = !digits.isEmpty
            for index in digits where valid {
                guard let digit = Self.digitValue(bytes[index], hex: isHex), value <= 0x10FFFF else {
                    valid = false
                    break
                }
                value = value * (isHex ? 16 : 10) + UInt32(digit)
            }
            guard valid, value != 0, let scalar = Unicode.Scalar(value) else {
                throw failure(
                    .invalidValue, expected: "a character reference to a Unicode scalar value",
                    found: foundText(at: offset), at: offset)
            }
            if let encoded = UTF8.encode(scalar) { text.append(contentsOf: encoded) }
        } else {
            throw failure(
                .invalidValue, expected: "one of the entities &lt; &gt; &amp; &quot; &apos; or &#…;",
                found: foundText(at: offset), at: offset)
        }
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Reads the text of `<name>…</name>` (or nothing for `<name/>`) through the end tag.
    private mutating func elementText(_ tag: Tag, _ name: StaticString) throws(SerializationError) -> Text {
        if tag.isEmpty { return .input(position..<position) }
        let text = try readText()
        try readEndTag(name, openedAt: tag.offset)
        return text
    }

    /// Calls `body` with the bytes of `text` and the input offset where the text starts.
    private func withBytes<Result>(
        _ text: Text, _ body: (UnsafeRawBufferPointer, Int) throws(SerializationError) -> Result
    ) throws(SerializationError) -> Result {
        switch text {
        case .input(let range):
            return try body(UnsafeRawBufferPointer(rebasing: bytes[range]), range.lowerBound)
        case .decoded(let decoded, let start):
            return try KryoPlist.withBytes(of: decoded) { (raw) throws(SerializationError) in try body(raw, start) }
        }
    }

    private mutating func readString(_ tag: Tag, _ name: StaticString) throws(SerializationError) -> String {
        let text = try elementText(tag, name)
        return try withBytes(text) { (text, start) throws(SerializationError) in
            var isASCII = true
            for byte in text where byte >= 0x80 {
                isASCII = false
                break
            }
            if isASCII { return String(decoding: text, as: UTF8.self) }
            guard let string = String(validating: text, as: UTF8.self) else {
                throw failure(.invalidValue, expected: "UTF-8 text", found: "invalid UTF-8", at: start)
            }
            return string
        }
    }

    /// The text without leading and trailing whitespace, and the offset of what remains.
    private static func trimmed(_ text: UnsafeRawBufferPointer, _ start: Int) -> (UnsafeRawBufferPointer, Int) {
        var lower = 0
        var upper = text.count
        while lower < upper && isWhitespace(text[lower]) { lower += 1 }
        while upper > lower && isWhitespace(text[upper - 1]) { upper -= 1 }
        return (UnsafeRawBufferPointer(rebasing: text[lower..<upper]), start + lower)
    }

    private mutating func readInteger(_ tag: Tag) throws(SerializationError) -> PropertyListValue {
        let text = try elementText(tag, "integer")
        return try withBytes(text) { (raw, rawStart) throws(SerializationError) in
            let (text, start) = Self.trimmed(raw, rawStart)
            var index = 0
            var negative = false
            if index < text.count && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")) {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var isHex = false
            if text.count - index > 2 && text[index] == UInt8(ascii: "0")
                && (text[index + 1] == UInt8(ascii: "x") || text[index + 1] == UInt8(ascii: "X"))
            {
                isHex = true
                index += 2
            }
            let base: UInt64 = isHex ? 16 : 10
            var magnitude: UInt64 = 0
            guard index < text.count else {
                throw failure(.invalidValue, expected: "the digits of an integer", found: "none", at: start + index)
            }
            while index < text.count {
                guard let digit = Self.digitValue(text[index], hex: isHex) else {
                    throw failure(
                        .invalidValue, expected: "a digit of an integer",
                        found: "'\(Unicode.Scalar(text[index]))'", at: start + index)
                }
                let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: base)
                let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
                guard !overflow1, !overflow2 else {
                    throw failure(
                        .invalidValue, expected: "an integer from Int64.min to UInt64.max",
                        found: "a larger magnitude", at: start)
                }
                magnitude = sum
                index += 1
            }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else {
                    throw failure(
                        .invalidValue, expected: "an integer from Int64.min to UInt64.max",
                        found: "a value below Int64.min", at: start)
                }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
        }
    }

    private mutating func readReal(_ tag: Tag) throws(SerializationError) -> Double {
        let text = try elementText(tag, "real")
        return try withBytes(text) { (raw, rawStart) throws(SerializationError) in
            let (text, start) = Self.trimmed(raw, rawStart)
            var lowercase = ""
            lowercase.reserveCapacity(text.count)
            for byte in text {
                let allowed =
                    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                guard allowed else {
                    throw failure(
                        .invalidValue, expected: "a real number", found: "'\(Unicode.Scalar(byte))'", at: start)
                }
                lowercase.unicodeScalars.append(Unicode.Scalar(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)))
            }
            switch lowercase {
            case "nan": return .nan
            case "inf", "+inf", "infinity", "+infinity": return .infinity
            case "-inf", "-infinity": return -.infinity
            default:
                // Decimal notation only: digits, sign, point and exponent.
                let isDecimal = lowercase.utf8.allSatisfy { $0 < UInt8(ascii: "a") || $0 == UInt8(ascii: "e") }
                guard isDecimal, let value = Double(lowercase) else {
                    throw failure(
                        .invalidValue, expected: "a real number", found: "'\(lowercase)'", at: start)
                }
                return value
            }
        }
    }

    private mutating func readDate(_ tag: Tag) throws(SerializationError) -> Double {
        let text = try elementText(tag, "date")
        return try withBytes(text) { (raw, rawStart) throws(SerializationError) in
            let (text, start) = Self.trimmed(raw, rawStart)
            do throws(PlistDate.ParseFailure) {
                return try PlistDate.parse(text)
            } catch {
                throw failure(
                    .invalidValue, expected: "an ISO 8601 date yyyy-MM-ddTHH:mm:ssZ: \(error.expected)",
                    found: foundText(at: start + error.offset), at: start + error.offset)
            }
        }
    }

    private mutating func readData(_ tag: Tag) throws(SerializationError) -> [UInt8] {
        let text = try elementText(tag, "data")
        return try withBytes(text) { (text, start) throws(SerializationError) in
            do throws(Base64.DecodingFailure) {
                return try Base64.decode(text)
            } catch {
                throw failure(
                    .invalidValue, expected: "base64 data: \(error.reason)",
                    found: foundText(at: start + error.offset), at: start + error.offset)
            }
        }
    }
}
