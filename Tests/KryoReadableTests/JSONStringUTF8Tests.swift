import KryoCore
import KryoReadable
import Testing

/// The bytes of JSON strings are checked as UTF-8 by the parser itself (Unicode's table 3-7:
/// no overlong forms, no surrogates, nothing above U+10FFFF), in values and keys, with and
/// without escapes around them: a valid string reads as exactly its bytes, an invalid one is an
/// error at its first bad sequence, as the standard library's own UTF-8 parser finds them.
@Suite struct JSONStringUTF8Tests {
    /// Where the standard library's UTF-8 parser finds the first ill-formed sequence in `bytes`;
    /// `nil` when they are valid UTF-8.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var parser = UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Checks the decoding of the JSON text `prefix`, `content`, `suffix` (the content inside a
    /// string), against the oracle: its bytes when valid, else an error at the first bad byte.
    func check(
        _ content: [UInt8], prefix: String = "\"", suffix: String = "\"", contentBytes: [UInt8]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = Array(prefix.utf8) + content + Array(suffix.utf8)
        let meant = contentBytes ?? content
        do {
            let value = try ReadableJSON.decode(text)
            guard Self.firstInvalidOffset(meant) == nil else {
                Issue.record("\(content) decoded as \(value)", sourceLocation: sourceLocation)
                return
            }
            var found: [UInt8]?
            switch value {
            case .string(let string): found = Array(string.utf8)
            case .array(let elements):
                if case .string(let string)? = elements.first { found = Array(string.utf8) }
            case .dictionary(let members): found = members.keys.first.map { Array($0.utf8) }
            default: break
            }
            #expect(found == meant, "\(content)", sourceLocation: sourceLocation)
        } catch {
            guard let bad = Self.firstInvalidOffset(content) else {
                Issue.record("\(content): \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.kind == .invalidValue, sourceLocation: sourceLocation)
            #expect(error.expected == "a string in valid UTF-8", "\(error)", sourceLocation: sourceLocation)
            #expect(error.offset == prefix.utf8.count + bad, "\(content): \(error)", sourceLocation: sourceLocation)
        }
    }

    static let illFormed: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        [0xC3, 0x41], [0xE2, 0x41, 0xAC],
    ]
    static let wellFormed: [[UInt8]] = [
        Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("스".utf8), [0xC2, 0x80], [0xDF, 0xBF],
        [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    @Test(arguments: illFormed + wellFormed)
    func everyPlaceOfASequence(sequence: [UInt8]) {
        let text = Array("Steve Jobs".utf8)
        // Alone, after and before ASCII, long enough to be scanned word by word, twice.
        for content in [sequence, text + sequence, sequence + text, text + text + sequence + text, sequence + sequence]
        {
            check(content)
            check(content, prefix: "[\"", suffix: "\"]")
            check(content, prefix: "{\"", suffix: "\": 1}")
        }
        // Next to an escape, which moves the string to the slow path: the escape's own bytes
        // are in the input, its decoded byte in the string.
        check(Array("\\n".utf8) + sequence, contentBytes: [0x0A] + sequence)
        check(sequence + Array("\\t".utf8) + text, contentBytes: sequence + [0x09] + text)
        check(
            Array("\\u00e9".utf8) + sequence, prefix: "{\"", suffix: "\": null}",
            contentBytes: Array("é".utf8) + sequence)
    }

    @Test func randomBytesAgreeWithTheStandardLibrary() {
        // Bytes that are neither a quote, a backslash nor a control character, mostly high ones.
        var generator = SplitMix64(state: 0x5EED_0042)
        let alphabet: [UInt8] = Array(0x80...0xFF) + Array("aZ09 ~".utf8)
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 14)
            let content = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            check(content)
        }
    }
}
