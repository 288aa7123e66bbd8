import KryoCore

/// Parses strict JSON text (RFC 8259), the one JSON parser of the library: the readable backend
/// builds its value tree with it, and schema files are checked with it before the YAML parser
/// reads them (``JSONSyntaxValidation``). What it makes of each value is the `Builder`'s
/// (``JSONTreeBuilder``): the parser is specialized for each, so a syntax-only check builds
/// nothing and the readable tree pays no indirection.
///
/// Strict, with two extras: a leading UTF-8 byte-order mark is skipped, and where the builder
/// allows it (``JSONTreeBuilder/readsNonFiniteLiterals``) the bare tokens `NaN`, `Infinity` and
/// `-Infinity` read as reals. A key that repeats within an object is an error where the builder
/// says so (``JSONTreeBuilder/insert(_:into:)``).
///
/// Every read is bounds-checked against `bytes.count` before it happens (the buffer's own
/// subscript checks only in debug builds), and nothing is allocated by a length the input claims.
/// Containers do not recurse: the arrays and objects under way are kept on one stack of frames
/// (at most `maxDepth` deep, the innermost apart), so the thread's stack does not limit the
/// nesting; what an array
/// holds so far is the builder's (``JSONTreeBuilder/Elements``), so that a builder of a flat
/// list keeps every container's members on one stack of its own. An error's `path`
/// is read off those stacks when it is thrown, so a successful parse pays nothing for it; its
/// `offset` is the byte offset, and its `found` ends with the line and column.
///
/// Public only as the `KryoJSONParsing` SPI, which the library's modules import: a generic
/// parser is specialized for a builder of another module only from public inlinable code
/// (`package` inlinable code is not specialized across modules), and the SPI keeps it out of the
/// public API.
@_spi(KryoJSONParsing) public struct JSONParser<Builder: JSONTreeBuilder> {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let maxDepth: Int
    @usableFromInline var position = 0

    /// An open container.
    @usableFromInline struct Frame {
        /// Whether it is an object (else an array).
        @usableFromInline let isObject: Bool
        /// For an object, where the key of its latest member starts (its opening quote); -1
        /// before its first. The key's text is read again only for an error's path.
        @usableFromInline var keyOffset: Int
        /// An object's members so far (an array's holds none).
        @usableFromInline var object: Builder.Object
        /// An array's elements so far (an object's holds none).
        @usableFromInline var elements: Builder.Elements

        @inlinable
        init(isObject: Bool, object: Builder.Object, elements: Builder.Elements) {
            self.isObject = isObject
            keyOffset = -1
            self.object = object
            self.elements = elements
        }
    }
    /// The innermost open container, when ``depth`` is above 0: kept apart from ``frames``, so
    /// that a member read into it neither checks that the array is unique nor its bounds.
    @usableFromInline var top: Frame
    /// The open containers around ``top``, outermost first (``depth`` − 1 of them).
    @usableFromInline var frames: [Frame] = []
    /// How many containers are open.
    @usableFromInline var depth = 0
    /// Whether the innermost container is reading a member: an element (the next index) or the
    /// value of the latest key. False between members, where an error belongs to the container.
    @usableFromInline var inMember = false
    /// ``SmallString/isAvailable``, read once per document rather than once per string.
    @usableFromInline let makesSmallStrings = SmallString.isAvailable
    /// What makes the values read: after ``readDocument()``, it holds what it built.
    public var builder: Builder

    /// A parser of `bytes` that refuses arrays and objects nested more than `maxDepth` deep, its
    /// values made by `builder`.
    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer, maxDepth: Int, builder: Builder) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        var builder = builder
        top = Frame(
            isObject: false, object: builder.makeObject(reservingCapacity: 0),
            elements: builder.makeElements(reservingCapacity: 0))
        self.builder = builder
        // Room for the nesting of most documents, so the stack does not grow level by level
        // (and small enough for malloc's per-thread cache: a frame of the parsed document's
        // builder is 64 bytes).
        frames.reserveCapacity(8)
    }

    /// Reads the whole input as one JSON value, with optional whitespace around it.
    @inlinable
    public mutating func readDocument() throws(SerializationError) -> Builder.Value {
        do throws(SerializationError) {
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
            skipWhitespace()
            let value = try readTree()
            skipWhitespace()
            guard position == bytes.count else {
                throw failure(.invalidValue, expected: "the end of the input after the top-level value", at: position)
            }
            return value
        } catch {
            var error = error
            error.path = currentPath()
            throw error
        }
    }

    /// The keys and indices of the members under way, from the root down.
    @inlinable
    func currentPath() -> [String] {
        var path: [String] = []
        for level in 0..<depth {
            // Outer containers are all reading the member that holds the innermost one.
            guard level < depth - 1 || inMember else { continue }
            let frame = level < frames.count ? frames[level] : top
            if frame.isObject {
                path.append(keyText(at: frame.keyOffset))
            } else {
                path.append(String(builder.count(of: frame.elements)))
            }
        }
        return path
    }

    /// The error for a key met twice in one object. Keys that differ only in their Unicode form
    /// (`"\u00e9"` and `"e\u0301"`) are one key to Swift's strings: the message shows the
    /// key's scalars and names the form that keeps both.
    @usableFromInline @inline(never)
    func duplicateKey(at offset: Int) -> SerializationError {
        let key = keyText(at: offset)
        guard key.utf8.contains(where: { $0 >= 0x80 }) else {
            return failure(
                .invalidValue, expected: "keys that differ within one object", at: offset,
                found: "a second key '\(key)'")
        }
        let scalars = key.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
        return failure(
            .invalidValue,
            expected: "keys that differ within one object (keys equal up to Unicode normalization are one key "
                + "here, this one is \(scalars.joined()); a map keeps both written as {\"$class\": \"NSDictionary\", "
                + "\"NS.keys\": […], \"NS.objects\": […]})",
            at: offset, found: "a second key '\(key)'")
    }

    /// The text of the key whose opening quote is at `offset`, read before without error.
    @usableFromInline
    func keyText(at offset: Int) -> String {
        guard offset >= 0 else { return "" }
        var reader = self
        reader.position = offset
        return (try? reader.readString()) ?? ""
    }

    // MARK: - Errors

    /// "line L, column C" of `offset` (``TextLocation``).
    @usableFromInline @inline(never)
    func location(of offset: Int) -> String { TextLocation.describe(offset, in: bytes) }

    /// What is at `offset`, quoted: the token there (up to the next whitespace or punctuation,
    /// at most 16 bytes), with control characters and invalid bytes spelled out.
    @usableFromInline @inline(never)
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the input" }
        var end = offset + 1
        let first = bytes[offset]
        let isPunctuation: (UInt8) -> Bool = { byte in
            byte == JSONSyntax.quote || byte == JSONSyntax.comma || byte == JSONSyntax.colon
                || byte == JSONSyntax.openBracket || byte == JSONSyntax.closeBracket
                || byte == JSONSyntax.openBrace || byte == JSONSyntax.closeBrace
        }
        if !isPunctuation(first) && !JSONSyntax.isWhitespace(first) {
            while end < bytes.count && end - offset < 16 && !isPunctuation(bytes[end])
                && !JSONSyntax.isWhitespace(bytes[end])
            {
                end += 1
            }
        }
        var text = ""
        var utf8 = UTF8.ForwardParser()
        var iterator = UnsafeRawBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
        decoding: while true {
            switch utf8.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = UTF8.decode(encoded)
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "U+" + hex(scalar.value, digits: 4)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            case .error(let length):
                text += "<invalid UTF-8 of \(length) byte\(length == 1 ? "" : "s")>"
            case .emptyInput:
                break decoding
            }
        }
        return "'\(text)'"
    }

    @usableFromInline @inline(never)
    func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// An error at `offset`; `found` (by default, what is there) is followed by its line and column.
    @usableFromInline @inline(never)
    func failure(
        _ kind: SerializationError.Kind, expected: String, at offset: Int, found: String? = nil
    ) -> SerializationError {
        let what = found ?? describe(at: offset)
        return SerializationError(kind, expected: expected, found: "\(what) at \(location(of: offset))", offset: offset)
    }

    /// The input ended where `expected` should have been.
    @usableFromInline @inline(never)
    func truncated(_ expected: String) -> SerializationError {
        failure(.truncatedInput, expected: expected, at: bytes.count)
    }

    // MARK: - Scanning

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        var index = position
        while index < bytes.count && JSONSyntax.isWhitespace(bytes[index]) { index += 1 }
        position = index
    }

    /// Whether the byte at `position` is `byte` (false at the end of the input).
    @inlinable @inline(__always)
    func next(is byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    /// Reads `literal` at `position`.
    @inlinable
    mutating func readLiteral(_ literal: StaticString) throws(SerializationError) {
        let start = position
        // 0: matched, 1: the input ends inside the literal, 2: a different byte.
        let outcome = literal.withUTF8Buffer { text -> Int in
            for index in 0..<text.count {
                guard start + index < bytes.count else { return 1 }
                if bytes[start + index] != text[index] { return 2 }
            }
            return 0
        }
        switch outcome {
        case 0:
            position = start + literal.utf8CodeUnitCount
        case 1:
            throw truncated("the rest of '\(literal)'")
        default:
            throw failure(.invalidValue, expected: "'\(literal)'", at: start)
        }
    }

    // MARK: - Values

    /// Reads the value at `position` (whitespace before it already skipped), with everything
    /// nested in it.
    @inlinable
    mutating func readTree() throws(SerializationError) -> Builder.Value {
        while true {
            // A value, or the opening of a container whose first member comes next.
            guard position < bytes.count else { throw unexpected("a JSON value") }
            var value: Builder.Value
            switch bytes[position] {
            case JSONSyntax.openBracket:
                try enterContainer()
                skipWhitespace()
                guard next(is: JSONSyntax.closeBracket) else {
                    push(
                        Frame(
                            isObject: false, object: builder.makeObject(reservingCapacity: 0),
                            elements: builder.makeElements(reservingCapacity: 4)))
                    inMember = true
                    continue
                }
                position += 1
                value = builder.array(builder.makeElements(reservingCapacity: 0))
            case JSONSyntax.openBrace:
                try enterContainer()
                skipWhitespace()
                guard next(is: JSONSyntax.closeBrace) else {
                    push(
                        Frame(
                            isObject: true, object: builder.makeObject(reservingCapacity: 4),
                            elements: builder.makeElements(reservingCapacity: 0)))
                    inMember = false
                    try readKey(first: true)
                    continue
                }
                position += 1
                value = builder.object(builder.makeObject(reservingCapacity: 0))
            default:
                value = try readScalar()
            }
            // The value completes a member of the innermost container, which may end and
            // complete a member of its own container, and so on.
            while true {
                guard depth > 0 else { return value }
                inMember = false
                skipWhitespace()
                if top.isObject {
                    builder.setLastValue(consume value, in: &top.object)
                    if next(is: JSONSyntax.comma) {
                        position += 1
                        skipWhitespace()
                        guard !next(is: JSONSyntax.closeBrace) else {
                            throw failure(
                                .invalidValue, expected: "a string key after ',' (JSON has no trailing commas)",
                                at: position)
                        }
                        try readKey(first: false)
                        break
                    }
                    guard next(is: JSONSyntax.closeBrace) else { throw unexpected("',' or '}' after an object member") }
                    position += 1
                    value = builder.object(pop().object)
                } else {
                    builder.append(consume value, to: &top.elements)
                    if next(is: JSONSyntax.comma) {
                        position += 1
                        skipWhitespace()
                        inMember = true
                        guard !next(is: JSONSyntax.closeBracket) else {
                            throw failure(
                                .invalidValue, expected: "a value after ',' (JSON has no trailing commas)", at: position
                            )
                        }
                        break
                    }
                    guard next(is: JSONSyntax.closeBracket) else {
                        throw unexpected("',' or ']' after an array element")
                    }
                    position += 1
                    value = builder.array(pop().elements)
                }
            }
        }
    }

    /// Moves past the `[` or `{` at `position`, which opens one more level of nesting.
    @inlinable @inline(__always)
    mutating func enterContainer() throws(SerializationError) {
        guard depth < maxDepth else {
            throw failure(
                .depthLimitExceeded, expected: "at most \(maxDepth) nested arrays and objects", at: position,
                found: "\(describe(at: position)) opening level \(depth + 1)")
        }
        position += 1
    }

    /// Makes `frame` the innermost open container.
    @inlinable @inline(__always)
    mutating func push(_ frame: Frame) {
        if depth > 0 { frames.append(top) }
        top = frame
        depth += 1
    }

    /// Closes the innermost open container, returning its frame; the one around it (if any) is
    /// the innermost again.
    @inlinable @inline(__always)
    mutating func pop() -> Frame {
        let closed = top
        depth -= 1
        if depth > 0 { top = frames.removeLast() }
        return closed
    }

    /// Reads the key of the innermost object's next member, its `:` and the whitespace after it,
    /// and adds the key to the object (a duplicate is an error).
    @inlinable
    mutating func readKey(first: Bool) throws(SerializationError) {
        guard next(is: JSONSyntax.quote) else { throw unexpected(first ? "a string key or '}'" : "a string key") }
        let keyOffset = position
        // The key goes in now, with a placeholder value, so a duplicate is found with one lookup.
        let inserted: Bool
        if Builder.takesKeyBytes, let (start, end) = try readPlainASCIIString() {
            top.keyOffset = keyOffset
            inMember = true
            inserted = builder.insertKey(
                UnsafeRawBufferPointer(rebasing: bytes[start..<end]), at: start, into: &top.object)
        } else {
            let key = try readString()
            top.keyOffset = keyOffset
            inMember = true
            inserted = builder.insert(key, into: &top.object)
        }
        guard inserted else { throw duplicateKey(at: keyOffset) }
        skipWhitespace()
        guard next(is: JSONSyntax.colon) else { throw unexpected("':' after the key '\(keyText(at: keyOffset))'") }
        position += 1
        skipWhitespace()
    }

    /// Reads the string whose opening `"` is at `position` when it is ASCII text without escapes,
    /// leaving `position` after its closing `"`, and returns where its text starts and ends;
    /// otherwise returns `nil` with `position` unchanged (``readString()`` reads it).
    @inlinable @inline(__always)
    mutating func readPlainASCIIString() throws(SerializationError) -> (start: Int, end: Int)? {
        let run = try scanPlainRun()
        guard !run.escaped, !JSONSyntax.hasNonASCII(run.seen) else { return nil }
        let start = position + 1
        position = run.end + 1
        return (start, run.end)
    }

    /// The plain run of the string whose opening `"` is at `position`: where it ends (at the
    /// closing `"`, or at an escape when `escaped`) and the OR of its bytes. An unterminated
    /// string, or a control character in it, is an error.
    @inlinable @inline(__always)
    func scanPlainRun() throws(SerializationError) -> (end: Int, seen: UInt64, escaped: Bool) {
        var seen: UInt64 = 0
        let end = plainRunEnd(from: position + 1, seen: &seen)
        guard end < bytes.count else { throw unterminatedString(openedAt: position) }
        let byte = bytes[end]
        if byte == JSONSyntax.backslash { return (end, seen, true) }
        guard byte == JSONSyntax.quote else { throw controlCharacter(at: end) }
        return (end, seen, false)
    }

    /// Reads a string, number or literal at `position` (which is inside the input).
    @inlinable
    mutating func readScalar() throws(SerializationError) -> Builder.Value {
        switch bytes[position] {
        case JSONSyntax.quote:
            if Builder.takesStringBytes, let (start, end) = try readPlainASCIIString() {
                return builder.plainString(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), at: start)
            }
            return builder.string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return builder.bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return builder.bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return builder.null()
        case UInt8(ascii: "N") where Builder.readsNonFiniteLiterals:
            try readLiteral("NaN")
            return builder.real(.nan, textAt: nil)
        case UInt8(ascii: "I") where Builder.readsNonFiniteLiterals:
            try readLiteral("Infinity")
            return builder.real(.infinity, textAt: nil)
        default:
            throw unexpected("a JSON value")
        }
    }

    /// At `position`, something other than `expected` (or the end of the input).
    @usableFromInline @inline(never)
    func unexpected(_ expected: String) -> SerializationError {
        position < bytes.count ? failure(.invalidValue, expected: expected, at: position) : truncated(expected)
    }

    // MARK: - Strings

    /// The index of the first `"`, `\` or control character at or after `start` (or the end of
    /// the input); ORs every byte it passes into `seen`.
    @inlinable @inline(__always)
    func plainRunEnd(from start: Int, seen: inout UInt64) -> Int {
        let count = bytes.count
        var index = start
        while true {
            while index + 8 <= count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let special = JSONSyntax.stringSpecialMask(word)
                if special != 0 {
                    // The lowest bit set is the first special byte; the bytes before it are plain.
                    let plainBits = special.trailingZeroBitCount & ~7
                    seen |= word & ((1 &<< UInt64(plainBits)) &- 1)
                    return index + plainBits >> 3
                }
                seen |= word
                index += 8
            }
            let limit = min(index + 8, count)
            while index < limit {
                let byte = bytes[index]
                if JSONSyntax.isStringSpecial(byte) { return index }
                seen |= UInt64(byte)
                index += 1
            }
            if index == count { return index }
        }
    }

    /// Reads the string whose opening `"` is at `position`, leaving `position` after its closing `"`.
    @inlinable
    mutating func readString() throws(SerializationError) -> String {
        let open = position
        let start = open + 1
        let (end, seen, escaped) = try scanPlainRun()
        if escaped { return try readEscapedString(openedAt: open, firstEscape: end, seen: seen) }
        position = end + 1
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if !JSONSyntax.hasNonASCII(seen) {
            // Short ASCII (keys, most values): the string's bits are made from the bytes, which
            // need no second check.
            if text.count <= SmallString.capacity, makesSmallStrings, let base = text.baseAddress {
                return SmallString.makeUTF8(base.assumingMemoryBound(to: UInt8.self), count: text.count)
            }
            return String(decoding: text, as: UTF8.self)
        }
        return try validatedString(text, in: start..<end)
    }

    /// The slow path of ``readString()``: from the first escape, the string is built in a buffer.
    @inlinable
    mutating func readEscapedString(
        openedAt open: Int, firstEscape: Int, seen: UInt64
    ) throws(SerializationError) -> String {
        let start = open + 1
        var seen = seen
        var buffer: [UInt8] = []
        buffer.reserveCapacity(firstEscape - start + 16)
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<firstEscape]))
        var index = firstEscape
        while true {
            guard index < bytes.count else { throw unterminatedString(openedAt: open) }
            let byte = bytes[index]
            if byte == JSONSyntax.quote { break }
            guard byte == JSONSyntax.backslash else { throw controlCharacter(at: index) }
            index = try readEscape(at: index, into: &buffer)
            let runStart = index
            index = plainRunEnd(from: runStart, seen: &seen)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
        }
        position = index + 1
        // Escapes always give valid UTF-8 (surrogates come in pairs) and are ASCII in the input,
        // so the buffer is valid exactly when the input between the quotes is (checked as in
        // `validatedString(_:in:)`).
        if JSONSyntax.hasNonASCII(seen), firstInvalidUTF8(in: start..<index) != nil {
            throw invalidUTF8(in: start..<index)
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The string of the UTF-8 bytes `utf8`, the input's bytes in `range`: checked by
    /// ``firstInvalidUTF8(in:)`` (the error names the first bad sequence), then made by
    /// `String(decoding:)`, which finds nothing to repair. (`String(validating:)` took twice the
    /// instructions on this toolchain: 13 bytes of Latin and Hangul, about 1 100.)
    @inlinable
    func validatedString(_ utf8: UnsafeRawBufferPointer, in range: Range<Int>) throws(SerializationError) -> String {
        if firstInvalidUTF8(in: range) != nil { throw invalidUTF8(in: range) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Decodes the escape sequence whose `\` is at `start`, appending its UTF-8 to `buffer`;
    /// returns the index after it.
    @inlinable
    func readEscape(at start: Int, into buffer: inout [UInt8]) throws(SerializationError) -> Int {
        guard start + 1 < bytes.count else { throw truncated("an escape sequence after '\\'") }
        let replacement: UInt8
        switch bytes[start + 1] {
        case JSONSyntax.quote: replacement = JSONSyntax.quote
        case JSONSyntax.backslash: replacement = JSONSyntax.backslash
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"): return try readUnicodeEscape(at: start, into: &buffer)
        default:
            throw failure(
                .invalidValue, expected: #"an escape sequence (\" \\ \/ \b \f \n \r \t or \uXXXX)"#, at: start)
        }
        buffer.append(replacement)
        return start + 2
    }

    /// Decodes `\uXXXX` (and, for a high surrogate, the `\uXXXX` of its low surrogate) at `start`.
    @inlinable
    func readUnicodeEscape(at start: Int, into buffer: inout [UInt8]) throws(SerializationError) -> Int {
        var scalar = try readHexQuad(at: start + 2, escapeAt: start)
        var end = start + 6
        if scalar >= 0xDC00 && scalar <= 0xDFFF {
            throw failure(
                .invalidValue, expected: "a Unicode scalar value (a low surrogate only after a high one)", at: start,
                found: "a lone low surrogate \\u\(hex(scalar, digits: 4))")
        }
        if scalar >= 0xD800 && scalar <= 0xDBFF {
            guard end + 1 < bytes.count && bytes[end] == JSONSyntax.backslash && bytes[end + 1] == UInt8(ascii: "u")
            else {
                // The input may end after the high surrogate or its `\`; anything else there is an error.
                if end == bytes.count || (end + 1 == bytes.count && bytes[end] == JSONSyntax.backslash) {
                    throw truncated(lowSurrogateExpected(after: scalar))
                }
                throw failure(
                    .invalidValue, expected: lowSurrogateExpected(after: scalar), at: start,
                    found: "a lone high surrogate")
            }
            let low = try readHexQuad(at: end + 2, escapeAt: end)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw failure(
                    .invalidValue, expected: lowSurrogateExpected(after: scalar), at: start,
                    found: "\\u\(hex(scalar, digits: 4))\\u\(hex(low, digits: 4))")
            }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            end += 6
        }
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
        return end
    }

    @usableFromInline @inline(never)
    func lowSurrogateExpected(after high: UInt32) -> String {
        "'\\u' and a low surrogate after the high surrogate \\u\(hex(high, digits: 4))"
    }

    /// The value of the four hex digits at `start`, part of the `\u` escape at `escape`.
    @inlinable
    func readHexQuad(at start: Int, escapeAt escape: Int) throws(SerializationError) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            guard index < bytes.count else { throw truncated("four hexadecimal digits after '\\u'") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw failure(.invalidValue, expected: "four hexadecimal digits after '\\u'", at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @usableFromInline @inline(never)
    func unterminatedString(openedAt open: Int) -> SerializationError {
        truncated("'\"' closing the string that opens at \(location(of: open))")
    }

    @usableFromInline @inline(never)
    func controlCharacter(at offset: Int) -> SerializationError {
        failure(
            .invalidValue, expected: "a character of the string (control characters must be escaped)", at: offset,
            found: "the raw control character U+\(hex(UInt32(bytes[offset]), digits: 4))")
    }

    /// The error for the ill-formed UTF-8 somewhere in `range`, at the first bad sequence.
    @usableFromInline @inline(never)
    func invalidUTF8(in range: Range<Int>) -> SerializationError {
        let offset = firstInvalidUTF8(in: range) ?? range.lowerBound
        return failure(.invalidValue, expected: "a string in valid UTF-8", at: offset, found: describe(at: offset))
    }

    /// The offset of the first ill-formed UTF-8 sequence in `range` (the rules of Unicode's
    /// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    @inlinable
    func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let trailing: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0:
                trailing = 2
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
            case 0xED:
                trailing = 2
                highest = 0x9F
            case 0xF0:
                trailing = 3
                lowest = 0x90
            case 0xF1...0xF3: trailing = 3
            case 0xF4:
                trailing = 3
                highest = 0x8F
            default: return index
            }
            for step in 1...trailing {
                guard index + step < end else { return index }
                let byte = bytes[index + step]
                let low = step == 1 ? lowest : 0x80
                let high = step == 1 ? highest : 0xBF
                guard byte >= low && byte <= high else { return index }
            }
            index += trailing + 1
        }
        return nil
    }

    // MARK: - Numbers

    /// Reads a number (or `-Infinity`) at `position`.
    @inlinable
    mutating func readNumber() throws(SerializationError) -> Builder.Value {
        let start = position
        let count = bytes.count
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative {
            index += 1
            guard index < count else { throw truncated("a digit after '-'") }
            if Builder.readsNonFiniteLiterals && bytes[index] == UInt8(ascii: "I") {
                position = index
                try readLiteral("Infinity")
                return builder.real(-.infinity, textAt: nil)
            }
        }
        // The integer part, accumulated exactly while it fits in 64 bits.
        var significand: UInt64 = 0
        var overflow = false
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count && bytes[index] &- UInt8(ascii: "0") < 10 {
                throw failure(
                    .invalidValue,
                    expected: "'.', 'e' or the end of the number after a leading 0 (JSON has no "
                        + "leading zeros)", at: index)
            }
        } else if first &- UInt8(ascii: "1") < 9 {
            // Up to 18 digits stay below 10^18, far within 64 bits: taken without overflow checks.
            let uncheckedEnd = min(count, index + 18)
            while index < uncheckedEnd {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index += 1
            }
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                let (times10, overflow1) = significand.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                overflow = overflow || overflow1 || overflow2
                significand = sum
                index += 1
            }
        } else {
            throw failure(
                .invalidValue,
                expected: Builder.readsNonFiniteLiterals ? "a digit or 'Infinity' after '-'" : "a digit after '-'",
                at: index)
        }
        // The fraction and exponent. `exact` stays true while the decimal is significand × 10^scale.
        var isReal = false
        var exact = !overflow
        var scale = 0
        if index < count && bytes[index] == UInt8(ascii: ".") {
            isReal = true
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significand < 100_000_000_000_000_000 {
                    significand = significand * 10 + UInt64(digit)
                    scale -= 1
                } else {
                    exact = false
                }
                index += 1
            }
            guard index > fractionStart else {
                let expected = "a digit after the decimal point"
                throw index < count ? failure(.invalidValue, expected: expected, at: index) : truncated(expected)
            }
        }
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            isReal = true
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var exponent = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else {
                let expected = "a digit in the exponent"
                throw index < count ? failure(.invalidValue, expected: expected, at: index) : truncated(expected)
            }
            scale += exponentNegative ? -exponent : exponent
        }
        position = index
        if !isReal {
            if !overflow, !negative {
                return significand <= UInt64(Int64.max)
                    ? builder.integer(Int64(significand)) : builder.unsignedInteger(significand)
            }
            if !overflow, significand <= UInt64(1) << 63 { return builder.integer(Int64(bitPattern: 0 &- significand)) }
            // A whole number no 64-bit integer holds: as a double it would silently lose digits.
            throw failure(
                .invalidValue,
                expected: "an integer from -2^63 to 2^64 - 1 (a larger one: with a fraction or an exponent for a "
                    + "double, 1.0e30, or as a string of its digits, which a BigInteger or BigDecimal field reads "
                    + "exactly)",
                at: start,
                found: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }
        if exact && significand == 0 { return builder.real(negative ? -0.0 : 0.0, textAt: start) }
        // Clinger's fast path: both operands exact, so one correctly rounded operation.
        if exact && significand <= UInt64(1) << 53 && scale >= -22 && scale <= 22 {
            let magnitude =
                scale < 0
                ? Double(significand) / JSONSyntax.powersOfTen[-scale]
                : Double(significand) * JSONSyntax.powersOfTen[scale]
            return builder.real(negative ? -magnitude : magnitude, textAt: start)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure(.invalidValue, expected: "a number within Double's range", at: start)
        }
        return builder.real(value, textAt: start)
    }
}
