import Foundation
import KryoCore
import SwiftKryo
import Testing

/// An object whose serializer writes the keys and string values it is given, in order.
private final class KeyedStrings {
    var keys: [String] = []
    var values: [String] = []
}

private struct KeyedStringsSerializer: Serializer {
    func write(_ value: KeyedStrings, to writer: any ValueWriter) throws {
        for (key, string) in zip(value.keys, value.values) { try writer.writeString(string, forKey: key) }
    }

    func read(from reader: any ValueReader) throws -> KeyedStrings { KeyedStrings() }
}

/// The writer's shortcuts for strings of at most 15 ASCII bytes (kept in the string's own 16
/// bytes): such a string is written from its bits when none of its bytes needs an escape, and
/// the keys an object has stored already are compared by their bits. Each document is checked
/// against text built here byte by byte, with the key rules spelled out: a key starting with `$`
/// gets another; an empty key, or one the object stored already (same UTF-8 length and `==`),
/// takes the next generic key.
@Suite struct ShortStringWritingTests {
    let registry: Registry
    init() throws {
        registry = try Registry {
            Register(KeyedStrings.self, javaName: "test.KeyedStrings", serializer: KeyedStringsSerializer())
        }
    }

    /// A string in quotes, escaped as the readable format escapes.
    static func quoted(_ string: String) -> [UInt8] {
        var text: [UInt8] = [UInt8(ascii: "\"")]
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): text += Array(#"\\"#.utf8)
            case 0x0A: text += Array(#"\n"#.utf8)
            case 0x09: text += Array(#"\t"#.utf8)
            case 0x0D: text += Array(#"\r"#.utf8)
            case 0x08: text += Array(#"\b"#.utf8)
            case 0x0C: text += Array(#"\f"#.utf8)
            case ..<0x20: text += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: text.append(byte)
            }
        }
        text.append(UInt8(ascii: "\""))
        return text
    }

    /// The compact JSON of an object of class `test.KeyedStrings` written with these keys and
    /// values, by the rules of the format.
    static func expected(keys: [String], values: [String]) -> [UInt8] {
        var stored = ["$class"]
        var generic = 0
        var text = Array(#"{"$class":"test.KeyedStrings""#.utf8)
        for (key, value) in zip(keys, values) {
            let escaped = key.utf8.first == UInt8(ascii: "$") ? "$" + key : key
            let storedKey: String
            if !escaped.isEmpty && !stored.contains(escaped) {
                storedKey = escaped
            } else {
                storedKey = "$\(generic)"
                generic += 1
            }
            stored.append(storedKey)
            text += [UInt8(ascii: ",")] + quoted(storedKey) + [UInt8(ascii: ":")] + quoted(value)
        }
        return text + [UInt8(ascii: "}")]
    }

    /// `base`'s first `length` characters, and every string made of them with one character
    /// replaced by one that needs an escape, by one that is not ASCII, or by DEL (which needs none).
    static func variants(length: Int) -> [String] {
        let base = Array("abcdefghijklmnopqrstuvwxyz")[0..<length]
        let replacements: [Character] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{E9}", "\u{212A}", "$"]
        var strings = [String(base)]
        for position in 0..<length {
            for replacement in replacements {
                var characters = Array(base)
                characters[position] = replacement
                strings.append(String(characters))
            }
        }
        return strings
    }

    func encode(keys: [String], values: [String], format: ReadableFormat = .json) throws -> [UInt8] {
        let object = KeyedStrings()
        object.keys = keys
        object.values = values
        return try ReadableCodec(registry: registry, format: format).encode(object)
    }

    func encodeTree(keys: [String], values: [String]) throws -> [UInt8] {
        let object = KeyedStrings()
        object.keys = keys
        object.values = values
        let codec = ReadableCodec(registry: registry, format: .json)
        return try ReadableCodec.bytes(of: codec.document(object), format: .json)
    }

    /// Strings of 0 to 18 bytes, with a byte needing an escape at each position, as values and
    /// as keys, streamed and through the tree.
    @Test(arguments: 0...18)
    func stringsNeedingEscapesAtEveryPosition(length: Int) throws {
        let strings = Self.variants(length: length)
        let list = strings.map { String(decoding: Self.quoted($0), as: UTF8.self) }.joined(separator: ",")
        #expect(ReadableJSON.encode(.array(strings.map { .string($0) })) == Array("[\(list)]".utf8))
        for string in strings {
            #expect(ReadableJSON.encode(.string(string)) == Self.quoted(string), "\(Array(string.utf8))")
            let keys = ["k", string, "z"]
            let values = [string, "v", string]
            let expected = Self.expected(keys: keys, values: values)
            #expect(try encode(keys: keys, values: values) == expected, "\(Array(string.utf8))")
            #expect(try encodeTree(keys: keys, values: values) == expected, "\(Array(string.utf8))")
        }
    }

    /// Keys given twice take generic keys; keys only alike do not: ASCII keys of every length
    /// around 15 bytes, the same keys in a form that is not a small string (decoded from
    /// UTF-16), keys escaped into one another (`$x` and `$$x`), canonically equivalent keys of the
    /// same and of different UTF-8 lengths, and more keys than the filter has bits.
    @Test func repeatedKeysTakeGenericKeys() throws {
        var keys: [String] = []
        for length in 1...18 {
            let key = String(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")[0..<length])
            let wide = String(decoding: Array(key.utf16), as: UTF16.self)
            keys += [key, wide, key + "_", key, "$" + key, wide]
        }
        // Short ASCII keys that are not small strings: kept in a buffer of their own.
        var notSmall = ""
        notSmall.reserveCapacity(64)
        notSmall += "abc"
        var emptyNotSmall = ""
        emptyNotSmall.reserveCapacity(64)
        #expect(SmallString.asciiBits(of: notSmall) == nil, "a key in another form than a small string")
        keys += [notSmall, "abc", notSmall, "abd", "abc", emptyNotSmall, "$" + notSmall, "$abc"]
        keys += ["$x", "$$x", "x", "$x", "$$x", "", "$", "$", "$0", "0", "$0"]
        // Two combining marks in either order: the same length and equal, so the second takes
        // a generic key.
        keys += ["a\u{301}\u{316}", "a\u{316}\u{301}", "\u{E9}\u{E9}", "\u{E9}\u{E9}"]
        keys += (0..<100).map { "key\($0)" } + (0..<100).map { "key\($0 * 7 % 100)" }
        keys += (0..<20).map { "a longer key \($0)" } + ["a longer key 3", "a longer key 19"]
        let values = keys.indices.map { "value \($0)" }
        let expected = Self.expected(keys: keys, values: values)
        #expect(try encode(keys: keys, values: values) == expected)
        #expect(try encodeTree(keys: keys, values: values) == expected)
        // The pretty layout writes keys another way; the same keys, indented.
        let pretty = try encode(keys: keys, values: values, format: .prettyJSON)
        #expect(try ReadableJSON.decode(pretty) == ReadableJSON.decode(expected))
    }

    /// Keys equal by `==` but of other UTF-8 lengths (é composed and decomposed, the Kelvin sign
    /// and K) are one key, as in a tree's dictionary: the later ones take generic keys, the same
    /// streamed and through the tree (which held both before, in a dictionary that must not).
    @Test func equalKeysOfOtherLengthsAreOneKey() throws {
        let keys = ["\u{E9}", "e\u{301}", "\u{212A}", "K", "\u{212A}", "K", "e\u{301}"]
        let values = keys.indices.map { "value \($0)" }
        let expected = Self.expected(keys: keys, values: values)
        let text = String(decoding: expected, as: UTF8.self)
        #expect(text.contains(#""$0":"value 1","\#u{212A}":"value 2","$1":"value 3","$2":"value 4""#))
        #expect(try encode(keys: keys, values: values) == expected)
        #expect(try encodeTree(keys: keys, values: values) == expected)
        // The other way round: the ASCII key first, kept by its bits.
        let reversed = ["K", "\u{212A}", "e\u{301}", "\u{E9}"]
        let reversedValues = Array(values.prefix(4))
        let reversedExpected = Self.expected(keys: reversed, values: reversedValues)
        #expect(String(decoding: reversedExpected, as: UTF8.self).contains(#""K":"value 0","$0":"value 1""#))
        #expect(try encode(keys: reversed, values: reversedValues) == reversedExpected)
        #expect(try encodeTree(keys: reversed, values: reversedValues) == reversedExpected)
    }

    /// Strings as plain values (a list's elements, read out of `Any`), short and long, with and
    /// without escapes, next to values that are not strings.
    @Test func plainStringsInLists() throws {
        let strings = ["a", "b\"c", "", "\u{E9}t\u{E9}", "a string longer than fifteen bytes", "tab\there"]
        let codec = ReadableCodec(registry: registry, format: .json)
        let expected = strings.map { String(decoding: Self.quoted($0), as: UTF8.self) }.joined(separator: ",")
        #expect(String(decoding: try codec.encode(strings), as: UTF8.self) == "[\(expected)]")
        let mixed: [Any?] = ["x", Int64(3), nil, "y\\z", true]
        #expect(String(decoding: try codec.encode(mixed), as: UTF8.self) == #"["x",3,null,"y\\z",true]"#)
    }

    /// Each object compares keys only with its own: the same keys in a child and its parent are
    /// stored as they are, and after the child the parent's keys are still known.
    @Test func keysAreComparedWithinTheirObject() throws {
        let registry = try Registry {
            Register(KeyedStrings.self, javaName: "test.KeyedStrings", serializer: KeyedStringsSerializer())
            Register(Nest.self, javaName: "test.Nest", serializer: NestSerializer())
        }
        let codec = ReadableCodec(registry: registry, format: .json)
        let inner = KeyedStrings()
        inner.keys = ["a", "b", "a", "\u{E9}", "\u{E9}"]
        inner.values = ["1", "2", "3", "4", "5"]
        let text = String(decoding: try codec.encode(Nest(inner: inner)), as: UTF8.self)
        let inside = #"{"$class":"test.KeyedStrings","a":"1","b":"2","$0":"3","\#u{E9}":"4","$1":"5"}"#
        #expect(text == #"{"$class":"test.Nest","a":"x","\#u{E9}":"y","inner":"# + inside + #","$0":"z","$1":"w"}"#)
        let tree = try ReadableCodec.bytes(of: codec.document(Nest(inner: inner)), format: .json)
        #expect(String(decoding: tree, as: UTF8.self) == text)
    }
}

private final class Nest {
    let inner: KeyedStrings
    init(inner: KeyedStrings) { self.inner = inner }
}

private struct NestSerializer: Serializer {
    func write(_ value: Nest, to writer: any ValueWriter) throws {
        try writer.writeString("x", forKey: "a")
        try writer.writeString("y", forKey: "\u{E9}")
        try writer.writeObject(value.inner, as: .object, forKey: "inner")
        try writer.writeString("z", forKey: "a")
        try writer.writeString("w", forKey: "\u{E9}")
    }

    func read(from reader: any ValueReader) throws -> Nest { Nest(inner: KeyedStrings()) }
}
