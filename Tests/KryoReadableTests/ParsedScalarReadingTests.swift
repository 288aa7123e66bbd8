import Foundation
import SwiftKryo
import Testing

/// Scalars that a hand-written serializer reads without asking whether they are there, so that
/// an absent key reads as zero, `false` or nil.
final class Tally {
    var text: String?
    var count: Int32 = 0
    var big: Int64 = 0
    var flag = false
}

private struct TallySerializer: Serializer {
    func write(_ value: Tally, to writer: any ValueWriter) throws {
        try writer.writeString(value.text, forKey: "text")
        try writer.writeInt32(value.count, forKey: "count")
        try writer.writeInt64(value.big, forKey: "big")
        try writer.writeBool(value.flag, forKey: "flag")
    }

    func read(from reader: any ValueReader) throws -> Tally {
        let tally = Tally()
        reader.reference(tally)
        tally.text = try reader.readString(forKey: "text")
        tally.count = try reader.readInt32(forKey: "count")
        tally.big = try reader.readInt64(forKey: "big")
        tally.flag = try reader.readBool(forKey: "flag")
        return tally
    }
}

/// The scalar fields of an object of a JSON document (strings, integers, booleans) are read
/// where they lie when they hold what the read asks for (``ReadableCodec/decode(_:from:)`` on the
/// text); anything else is looked up again and read as before. Both must give what the tree
/// reading (`decode(_:from: ReadableValue)`) gives: the same values, and the same errors at the
/// same key paths.
@Suite struct ParsedScalarReadingTests {
    let codec: ReadableCodec
    let tallies: ReadableCodec

    init() throws {
        codec = ReadableCodec(registry: try readableRegistry(), format: .json)
        tallies = ReadableCodec(
            registry: try Registry { Register(Tally.self, javaName: "test.Tally", serializer: TallySerializer()) },
            format: .json)
    }

    /// The parsed and tree readings of the document `json` as `T`, checked to agree: the same
    /// value written back, or the same error. Returns the parsed reading.
    @discardableResult
    func agree<T>(
        _ type: T.Type, _ json: String, codec: ReadableCodec? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<T, SerializationError> {
        let codec = codec ?? self.codec
        let bytes = Array(json.utf8)
        return ParsedAndTreeReadings.agree(
            T.self, bytes, codec: codec, writer: codec, context: json, sourceLocation: sourceLocation
        ).parsed
    }

    /// Values of every JSON kind, and one that is absent.
    static let values: [String?] = [
        nil, "null", "true", "false", "0", "1", "2", "-7", "3.0", "3.5", "1e3", "9223372036854775807",
        "18446744073709551615", "128", "65536", "2147483648", #""""#, #""a""#, #""short text""#,
        #""a longer text, left where it lies in the text""#, #""esc\u0061ped""#, #""é""#, #""NaN""#, "[]", "[1]",
        "{}", #"{"$class": "Person", "name": "Ann"}"#,
    ]

    /// `key: value` as a member after others, or nothing when `value` is absent.
    static func member(_ key: String, _ value: String?) -> String {
        guard let value else { return "" }
        return #", "\#(key)": \#(value)"#
    }

    @Test(arguments: values)
    func theFieldsOfAnItem(value: String?) throws {
        // A string, a boolean, a 32-bit integer (and a double after them, read as before).
        for key in ["label", "done", "priority"] {
            agree(TodoItem.self, #"{"$class": "TodoItem"\#(Self.member(key, value)), "estimate": 1.5}"#)
            // First and last, so that the key is looked for from elsewhere than where it is.
            agree(TodoItem.self, #"{"$class": "TodoItem", "estimate": 1.5\#(Self.member(key, value))}"#)
        }
    }

    /// A whole number with a fraction or an exponent reads as an integer only while a double
    /// holds it exactly: `9007199254740993.0` (2^53 + 1) has become 2^53 when it reaches the field.
    @Test func aLongWrittenWithAFractionBeyondTwoToThe53IsAnError() throws {
        let three = try agree(Tally.self, #"{"$class": "test.Tally", "big": 3.0}"#, codec: tallies).get()
        #expect(three.big == 3)
        let exact = agree(Tally.self, #"{"$class": "test.Tally", "big": 9007199254740991.0}"#, codec: tallies)
        #expect((try? exact.get())?.big == 9_007_199_254_740_991)
        for text in ["9007199254740993.0", "12345678901234567e2"] {
            let result = agree(Tally.self, #"{"$class": "test.Tally", "big": \#(text)}"#, codec: tallies)
            guard case .failure(let error) = result else {
                Issue.record("\(text) read as \(String(describing: try? result.get().big))")
                continue
            }
            #expect(error.kind == .invalidValue && error.path == ["big"], "\(error)")
            #expect(error.expected.contains("without a fraction or an exponent"), "\(error)")
        }
    }

    @Test(arguments: values)
    func theIntegersOfExtremes(value: String?) throws {
        for key in ["small", "large", "byte", "char"] {
            agree(Extremes.self, #"{"$class": "test.Extremes"\#(Self.member(key, value)), "double": 2}"#)
        }
    }

    @Test(arguments: values)
    func theScalarsOfATally(value: String?) throws {
        // Each key read whether it is there or not.
        for key in ["text", "count", "big", "flag"] {
            agree(Tally.self, #"{"$class": "test.Tally"\#(Self.member(key, value))}"#, codec: tallies)
            agree(Tally.self, #"{"$class": "test.Tally"\#(Self.member(key, value)), "other": 1}"#, codec: tallies)
        }
    }

    @Test func absentKeysReadAsZero() throws {
        let tally = try agree(Tally.self, #"{"$class": "test.Tally", "other": "x"}"#, codec: tallies).get()
        #expect(tally.text == nil && tally.count == 0 && tally.big == 0 && !tally.flag)
        let set = try agree(
            Tally.self, #"{"$class": "test.Tally", "flag": true, "big": -5, "count": 7, "text": "t"}"#,
            codec: tallies
        ).get()
        #expect(set.text == "t" && set.count == 7 && set.big == -5 && set.flag)
    }

    @Test func valuesReadWhereTheyLie() throws {
        let item = try agree(
            TodoItem.self,
            #"{"$class": "TodoItem", "label": "Paint the fence, twice over", "done": true, "priority": -3}"#
        ).get()
        #expect(item.label == "Paint the fence, twice over")
        #expect(item.done)
        #expect(item.priority == -3)
        let extremes = try agree(
            Extremes.self,
            #"{"$class": "test.Extremes", "small": -9223372036854775808, "large": 9223372036854775807, "#
                + #""byte": -128, "char": 65535}"#
        ).get()
        #expect(extremes.small == .min && extremes.large == .max && extremes.byte == -128 && extremes.char == 65535)
    }

    @Test func aKeyOfTheFormatIsEscaped() throws {
        // Keys that start with `$` are stored as `$$…`: a field named so is not the reserved key.
        let item = try agree(TodoItem.self, #"{"$class": "TodoItem", "$$label": 1, "label": "plain"}"#).get()
        #expect(item.label == "plain")
    }

    @Test func aWrongKindNamesTheKey() throws {
        let result = agree(TodoItem.self, #"{"$class": "TodoItem", "label": "x", "priority": "high"}"#)
        guard case .failure(let error) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(error.path == ["priority"])
    }
}
