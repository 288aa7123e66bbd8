import Foundation
import SwiftKryo
import Testing

/// Fields whose keys are short (at most 15 bytes) and long, ASCII and not, one of them starting
/// with `$`, for the keys of parsed JSON text (kept as the bits of short strings, as places in
/// the text, or as strings).
final class KeySample: Schematized {
    var a = ""
    var fifteen = ""
    var sixteen = ""
    var long: Int32 = 0
    var accented = ""
    var kelvin = ""
    var dollar = ""
    var level: Priority = .low

    init() {}

    static let schema = Schema<KeySample>(java: "test.KeySample") {
        Field("a", \.a)
        Field("fifteenBytesKey", \.fifteen)
        Field("sixteenBytesKeyX", \.sixteen)
        Field("aVeryLongFieldNameIndeed", \.long)
        Field("caf\u{E9}", \.accented)
        Field("K", \.kelvin)
        Field("$x", \.dollar)
        Field("level", \.level)
    }

    var summary: String {
        "\(a)|\(fifteen)|\(sixteen)|\(long)|\(accented)|\(kelvin)|\(dollar)|\(level)"
    }
}

/// The keys of JSON text read where it lies are compared by their bytes or their bits, not as
/// strings made for each key: every document must read as its tree reads (the same fields, or
/// the same error at the same key path), however its keys are spelled.
@Suite struct ParsedKeyTests {
    let codec: ReadableCodec

    init() throws {
        let registry = try Registry {
            Register(KeySample.self, id: 70, readableName: "KeySample")
            Register(Priority.self, id: 56)
        }
        codec = ReadableCodec(registry: registry, format: .json)
    }

    /// The outcome of a decode: the fields read, or the error.
    private func outcome(_ read: () throws -> KeySample) -> String {
        do {
            return try read().summary
        } catch let error as SerializationError {
            return "error \(error.kind) at \(error.path): \(error)"
        } catch {
            return "error \(error)"
        }
    }

    /// Reads `text` where it lies and through its tree, and requires the same outcome.
    @discardableResult
    private func expectSameBothWays(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let bytes = Array(text.utf8)
        let parsed = outcome { try codec.decode(KeySample.self, from: bytes) }
        let tree = outcome { try codec.decode(KeySample.self, from: ReadableJSON.decode(bytes)) }
        #expect(parsed == tree, "\(text)", sourceLocation: sourceLocation)
        return parsed
    }

    @Test func writtenDocumentsReadBack() throws {
        let sample = KeySample()
        sample.a = "x"
        sample.fifteen = "fifteen bytes!!"
        sample.sixteen = "sixteen bytes!!!"
        sample.long = 7
        sample.accented = "\u{E9}t\u{E9}"
        sample.kelvin = "k"
        sample.dollar = "$"
        sample.level = .high
        let bytes = try codec.encode(sample)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""$$x""#))
        let back = try codec.decode(KeySample.self, from: bytes)
        #expect(back.summary == sample.summary)
        expectSameBothWays(String(decoding: bytes, as: UTF8.self))
    }

    /// Fields found whatever the order of the keys, among keys equal up to a prefix, of lengths
    /// on both sides of a short string's capacity.
    @Test(arguments: [
        // Writer order, then reversed.
        #"{"$class": "KeySample", "a": "1", "fifteenBytesKey": "2", "sixteenBytesKeyX": "3", "aVeryLongFieldNameIndeed": 4}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndeed": 4, "sixteenBytesKeyX": "3", "fifteenBytesKey": "2", "a": "1"}"#,
        // Keys that share a prefix with the fields' keys, or that a field's key is a prefix of.
        #"{"$class": "KeySample", "fifteenBytesKe": "no", "fifteenBytesKeyZ": "no", "sixteenBytesKey": "no", "aa": "no"}"#,
        #"{"$class": "KeySample", "sixteenBytesKeyXY": "no", "aVeryLongFieldNameIndee": 1, "aVeryLongFieldNameIndeedX": 2}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndeeD": 1, "AVeryLongFieldNameIndeed": 2, "fifteenBytesKeY": "no"}"#,
        #"{"$class": "KeySample", "fifteenBytesKe": "no", "fifteenBytesKey": "yes", "fifteenBytesKeyZ": "no"}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndee": 1, "aVeryLongFieldNameIndeed": 2, "aVeryLongFieldNameIndeedX": 3}"#,
        // Keys written with escapes, and keys that are not ASCII (canonically equivalent ones too).
        #"{"$class": "KeySample", "\u0061": "1", "fifteenBytesKe\u0079": "2", "aVeryLongFieldNameIndee\u0064": 4}"#,
        #"{"$class": "KeySample", "sixteen\u0042ytesKeyX": "3", "\u212A": "kelvin", "caf\u00e9": "composed"}"#,
        "{\"$class\": \"KeySample\", \"cafe\u{301}\": \"decomposed\", \"K\": \"plain\"}",
        "{\"$class\": \"KeySample\", \"caf\u{E9}\": \"composed\", \"\u{212A}\": \"kelvin\"}",
        // A key that starts with `$`, escaped as `$$`, and the reserved keys spelled with escapes.
        #"{"$class": "KeySample", "$$x": "dollar", "$x": "reserved"}"#,
        #"{"\u0024class": "KeySample", "\u0024\u0024x": "dollar", "a": "1"}"#,
        // Enum constants as objects and as names, with their keys escaped.
        #"{"$class": "KeySample", "level": {"$class": "test.Priority", "name": "HIGH", "ordinal": 2}}"#,
        #"{"$class": "KeySample", "level": {"\u0024class": "test.Priority", "n\u0061me": "HIGH"}}"#,
        #"{"$class": "KeySample", "level": "HIGH"}"#,
        #"{"$class": "KeySample", "level": {"$class": "test.Priority", "ordinal": 1}}"#,
        #"{"$class": "KeySample", "level": {"$class": "test.Priority", "name": "NONE", "ordinal": 1}}"#,
        // String values short and long, escaped and not ASCII, on both sides of 15 bytes.
        #"{"$class": "KeySample", "a": "", "fifteenBytesKey": "exactly 15 byte", "sixteenBytesKeyX": "exactly 16 bytes"}"#,
        #"{"$class": "KeySample", "a": "\u0041", "fifteenBytesKey": "\u00e9t\u00e9", "sixteenBytesKeyX": "caf\u00e9 au lait \u00e9t\u00e9"}"#,
        // Errors, which name the key as the document stores it.
        #"{"$class": "KeySample", "aVeryLongFieldNameIndeed": "four"}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndee\u0064": "four"}"#,
        #"{"$class": "KeySample", "fifteenBytesKey": 15}"#,
        #"{"$class": "KeySample", "$$x": 1}"#,
        #"{"$class": "KeySample", "\u212A": 1}"#,
    ])
    func documentsReadAsTheirTrees(text: String) {
        expectSameBothWays(text)
    }

    /// What the documents above read to, for the cases where the reading must find a field.
    @Test func fieldsAreFound() throws {
        #expect(
            expectSameBothWays(
                #"{"$class": "KeySample", "fifteenBytesKe": "no", "fifteenBytesKey": "yes", "fifteenBytesKeyZ": "no"}"#)
                == "|yes||0||||low")
        #expect(
            expectSameBothWays(
                #"{"$class": "KeySample", "aVeryLongFieldNameIndee": 1, "aVeryLongFieldNameIndeed": 2, "aVeryLongFieldNameIndeedX": 3}"#
            ) == "|||2||||low")
        #expect(
            expectSameBothWays(#"{"$class": "KeySample", "sixteen\u0042ytesKeyX": "3", "\u212A": "kelvin"}"#)
                == "||3|0||kelvin||low")
        #expect(
            expectSameBothWays("{\"$class\": \"KeySample\", \"cafe\u{301}\": \"decomposed\"}")
                == "|||0|decomposed|||low")
        #expect(expectSameBothWays(#"{"$class": "KeySample", "$$x": "dollar"}"#) == "|||0|||dollar|low")
        // An unescaped key that starts with `$` and that no form uses is an error, both ways.
        #expect(
            expectSameBothWays(#"{"$class": "KeySample", "$$x": "dollar", "$x": "reserved"}"#)
                .hasPrefix(#"error invalidValue at ["$x"]"#))
        #expect(
            expectSameBothWays(
                #"{"$class": "KeySample", "level": {"\u0024class": "test.Priority", "n\u0061me": "HIGH"}}"#)
                == "|||0||||high")
        #expect(
            expectSameBothWays(#"{"$class": "KeySample", "fifteenBytesKey": "exactly 15 byte", "a": ""}"#)
                == "|exactly 15 byte||0||||low")
    }

    /// A repeated key is refused whatever its length and spelling, with the tree parser's error.
    @Test(arguments: [
        #"{"$class": "KeySample", "aVeryLongFieldNameIndeed": 1, "aVeryLongFieldNameIndeed": 2}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndeed": 1, "aVeryLongFieldNameIndee\u0064": 2}"#,
        #"{"$class": "KeySample", "aVeryLongFieldNameIndee\u0064": 1, "aVeryLongFieldNameIndeed": 2}"#,
        #"{"$class": "KeySample", "fifteenBytesKey": "1", "fifteenBytesKey": "2"}"#,
        #"{"$class": "KeySample", "fifteenBytesKey": "1", "x": 0, "fifteenBytesKe\u0079": "2"}"#,
        #"{"$class": "KeySample", "\u212A": "1", "K": "2"}"#,
        #"{"$class": "KeySample", "K": "1", "\u212A": "2"}"#,
        #"{"$class": "KeySample", "": 1, "": 2}"#,
    ])
    func repeatedKeysAreRefused(text: String) throws {
        let bytes = Array(text.utf8)
        let parsed = #expect(throws: SerializationError.self) { try codec.decode(KeySample.self, from: bytes) }
        let tree = #expect(throws: SerializationError.self) { try ReadableJSON.decode(bytes) }
        #expect(parsed?.found.hasPrefix("a second key") == true, "\(text)")
        #expect(parsed.map { "\($0)" } == tree.map { "\($0)" }, "\(text)")
    }

    /// Keys that differ only after their first eight bytes, or only in their length, are not
    /// taken for repeated keys.
    @Test func keysEqualUpToAPrefixAreDistinct() throws {
        let keys = [
            "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnoq",
            "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxy", "abcdefghijklmnopqrstuvwxyZ",
        ]
        let text = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
        let value = try #require(try codec.decode(Any?.self, from: Array(text.utf8)) as? [String: Any?])
        #expect(value.count == keys.count)
        for (index, key) in keys.enumerated() {
            #expect(value[key] as? Int64 == Int64(index) || value[key] as? Int == index, "\(key)")
        }
    }
}
