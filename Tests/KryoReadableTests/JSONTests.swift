import KryoCore
import KryoReadable
import Testing

/// The UTF-8 bytes of `text`.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// `value` encoded, as text.
private func encoded(_ value: ReadableValue, _ style: JSONStyle = .compact) -> String {
    String(decoding: ReadableJSON.encode(value, style: style), as: UTF8.self)
}

private func decode(_ text: String, maxDepth: Int = 512) throws -> ReadableValue {
    try ReadableJSON.decode(bytes(text), maxDepth: maxDepth)
}

/// The error that decoding `input` throws; records an issue (and returns nil) if it decodes.
private func decodingError(
    _ input: [UInt8], maxDepth: Int = 512, sourceLocation: SourceLocation = #_sourceLocation
) -> SerializationError? {
    do {
        let value = try ReadableJSON.decode(input, maxDepth: maxDepth)
        Issue.record("decoded \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The real inside `value`, or nil.
private func real(_ value: ReadableValue) -> Double? {
    if case .real(let real) = value { return real }
    return nil
}

/// The UTF-8 bytes of the string inside `value`, or nil (compared bytewise: `String`'s `==`
/// treats canonically equivalent texts as equal).
private func stringBytes(_ value: ReadableValue) -> [UInt8]? {
    if case .string(let string) = value { return Array(string.utf8) }
    return nil
}

/// A seeded generator, so the random cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct JSONRoundTripTests {
    static let document: ReadableValue = .dictionary([
        "null": .null, "true": .bool(true), "false": .bool(false), "int": .integer(-42),
        "big": .unsignedInteger(UInt64.max), "real": .real(2.5), "string": .string("héllo \"wörld\"\n😀"),
        "array": .array([.integer(1), .array([]), .dictionary([:]), .array([.string(""), .null])]),
        "nested": .dictionary(["z": .dictionary(["y": .array([.real(-0.125), .bool(false)])]), "a": .integer(0)]),
    ])

    @Test(arguments: [JSONStyle.compact, .pretty])
    func everyJSONKindRoundTrips(style: JSONStyle) throws {
        let value = Self.document
        let decoded = try ReadableJSON.decode(ReadableJSON.encode(value, style: style))
        #expect(decoded == value)
        guard case .dictionary(let members) = decoded else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(members.keys) == ["null", "true", "false", "int", "big", "real", "string", "array", "nested"])
    }

    @Test func dataAndDatesComeBackInTheirDictionaryForms() throws {
        let value = ReadableValue.array([.data([0, 1, 2, 0xFF]), .data([]), .date(-12.5), .date(0)])
        let decoded = try ReadableJSON.decode(ReadableJSON.encode(value))
        #expect(
            decoded
                == .array([
                    .dictionary(["$class": .string("NSData"), "$data": .string("AAEC/w==")]),
                    .dictionary(["$class": .string("NSData"), "$data": .string("")]),
                    .dictionary(["$class": .string("NSDate"), "NS.time": .real(-12.5)]),
                    .dictionary(["$class": .string("NSDate"), "NS.time": .real(0)]),
                ]))
    }

    @Test func integerLimits() throws {
        let values: [ReadableValue] = [
            .integer(.min), .integer(.max), .integer(0), .integer(-1), .unsignedInteger(.max),
            .unsignedInteger(UInt64(Int64.max) + 1),
        ]
        for value in values { #expect(try ReadableJSON.decode(ReadableJSON.encode(value)) == value) }
        #expect(encoded(.integer(.min)) == "-9223372036854775808")
        #expect(encoded(.unsignedInteger(.max)) == "18446744073709551615")
        #expect(try decode("-9223372036854775808") == .integer(.min))
        #expect(try decode("9223372036854775807") == .integer(.max))
        #expect(try decode("9223372036854775808") == .unsignedInteger(1 << 63))
        #expect(try decode("-0") == .integer(0))
        // A whole number no 64-bit integer holds is an error, not a double that lost digits.
        for text in ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890"] {
            let error = try #require(decodingError(bytes(text)), "\(text)")
            #expect(error.kind == .invalidValue)
            #expect(error.found.hasPrefix(text), "\(error)")
        }
        #expect(try decode("18446744073709551616.0") == .real(18_446_744_073_709_551_616))
        #expect(try decode("-9223372036854775809e0") == .real(-9_223_372_036_854_775_808))
        #expect(try decode("123456789012345678901234567890.5") == .real(1.2345678901234568e29))
    }

    @Test func realsRoundTripInTheirShortestForm() throws {
        let cases: [(Double, String)] = [
            (0.1, "0.1"), (1e-300, "1e-300"), (.leastNonzeroMagnitude, "5e-324"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (-0.0, "-0.0"), (0.0, "0.0"), (1.0, "1.0"),
            (-3.0, "-3.0"), (1e16, "1e+16"), (1e15, "1000000000000000.0"), (123456.789, "123456.789"),
            (0.1 + 0.2, "0.30000000000000004"), (0.001, "0.001"), (1e-5, "1e-05"), (-2.5e-3, "-0.0025"),
            (9_007_199_254_740_991, "9007199254740991.0"), (9_007_199_254_740_992, "9007199254740992.0"),
            (9_007_199_254_740_994, "9.007199254740994e+15"),
            (1.5e300, "1.5e+300"), (Double.leastNormalMagnitude, "2.2250738585072014e-308"),
        ]
        for (value, text) in cases {
            #expect(encoded(.real(value)) == text)
            let decoded = try #require(real(try decode(text)))
            #expect(decoded.bitPattern == value.bitPattern, "\(text)")
        }
        let negativeZero = try #require(real(try decode("-0.0")))
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try decode("1.0") == .real(1))
        #expect(try decode("1E2") == .real(100))
        #expect(try decode("1e-2") == .real(0.01))
        #expect(try decode("-0e5") == .real(-0.0))
        #expect(try decode("1e-400") == .real(0))
    }

    @Test func realsAreWrittenAsDescriptionWritesThem() throws {
        var generator = SplitMix64(state: 0x5EED)
        var values: [Double] = [
            9_007_199_254_740_992, 9_007_199_254_740_994, 1e-3, 1e-3.nextDown, 1e-3.nextUp, 1_125_899_906_842_624.5,
            0.3, 2.675, 1e22 + 1,
        ]
        for _ in 0..<20_000 {
            let bits = Double(bitPattern: generator.next())
            if bits.isFinite { values.append(bits) }
            let digits = Double(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator))
            values.append(digits / [1, 10, 100, 1e3, 1e5, 1e8, 1e12][Int.random(in: 0..<7, using: &generator)])
            values.append(Double.random(in: 0.001..<2e15, using: &generator))
            values.append(Double.random(in: -1..<1, using: &generator))
        }
        for value in values {
            let text = encoded(.real(value))
            #expect(text == value.description)
            let decoded = try #require(real(try decode(text)))
            #expect(decoded.bitPattern == value.bitPattern, "\(text)")
        }
    }

    @Test func decimalsAreCorrectlyRounded() throws {
        var generator = SplitMix64(state: 42)
        for _ in 0..<20_000 {
            var text = Bool.random(using: &generator) ? "-" : ""
            let integerDigits = Int.random(in: 1...20, using: &generator)
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if Bool.random(using: &generator) {
                text += "."
                for _ in 0..<Int.random(in: 1...20, using: &generator) {
                    text += String(Int.random(in: 0...9, using: &generator))
                }
            }
            if Bool.random(using: &generator) { text += "e\(Int.random(in: -330...290, using: &generator))" }
            let expected = try #require(Double(text))
            if !text.contains("."), !text.contains("e"), Int64(text) == nil, UInt64(text) == nil {
                // A whole number beyond 64 bits: an error (see integerLimits).
                #expect(decodingError(bytes(text))?.kind == .invalidValue, "\(text)")
                continue
            }
            guard expected.isFinite else {
                #expect(decodingError(bytes(text))?.kind == .invalidValue, "\(text)")
                continue
            }
            let value = try decode(text)
            switch value {
            case .real(let real): #expect(real.bitPattern == expected.bitPattern, "\(text)")
            case .integer(let integer):
                #expect(!text.contains(".") && !text.contains("e") && Double(integer) == expected)
            case .unsignedInteger(let integer): #expect(!text.contains(".") && Double(integer) == expected)
            default: Issue.record("\(text) decoded as \(value)")
            }
        }
    }

    @Test func nonFiniteRealsAreWrittenAsStringsAndReadAsBareTokens() throws {
        #expect(ReadableJSON.encode(.real(.nan)) == bytes(#""NaN""#))
        #expect(ReadableJSON.encode(.real(.infinity)) == bytes(#""Infinity""#))
        #expect(ReadableJSON.encode(.real(-.infinity)) == bytes(#""-Infinity""#))
        #expect(encoded(.date(.nan)) == #"{"$class":"NSDate","NS.time":"NaN"}"#)
        #expect(try decode(#""NaN""#) == .string("NaN"))
        let reals = try decode("[NaN, Infinity, -Infinity]")
        guard case .array(let elements) = reals, elements.count == 3 else {
            Issue.record("not three elements: \(reals)")
            return
        }
        #expect(real(elements[0])?.isNaN == true)
        #expect(real(elements[1]) == .infinity)
        #expect(real(elements[2]) == -.infinity)
    }

    @Test func topLevelScalarsWhitespaceAndTheByteOrderMark() throws {
        #expect(try decode(" \t\r\n 7 \n") == .integer(7))
        #expect(try decode("\u{FEFF}[true]") == .array([.bool(true)]))
        #expect(try decode(#""""#) == .string(""))
        #expect(try decode("null") == .null)
        #expect(encoded(.null, .pretty) == "null\n")
        #expect(encoded(.string("a"), .compact) == #""a""#)
    }

    @Test func encodingAppends() {
        var output = bytes("x=")
        ReadableJSON.encode(.array([.integer(1)]), style: .compact, into: &output)
        ReadableJSON.encode(.bool(false), style: .pretty, into: &output)
        #expect(output == bytes("x=[1]false\n"))
    }

    @Test func encodingIsDeterministic() {
        let first = ReadableJSON.encode(Self.document, style: .pretty)
        let second = ReadableJSON.encode(Self.document, style: .pretty)
        #expect(first == second)
        #expect(ReadableJSON.encode(Self.document) == ReadableJSON.encode(Self.document))
    }
}

@Suite struct JSONTextTests {
    static let document: ReadableValue = .dictionary([
        "name": .string("a/b"), "n": .integer(-3), "list": .array([.real(1), .null, .bool(true)]),
        "empty": .array([]), "none": .dictionary([:]), "blob": .data([0x68, 0x69]), "when": .date(86400.5),
        "inner": .dictionary(["k": .unsignedInteger(UInt64.max)]),
    ])

    @Test func compactText() {
        #expect(
            encoded(Self.document)
                == #"{"name":"a/b","n":-3,"list":[1.0,null,true],"empty":[],"none":{},"#
                + #""blob":{"$class":"NSData","$data":"aGk="},"when":{"$class":"NSDate","NS.time":86400.5},"#
                + #""inner":{"k":18446744073709551615}}"#)
    }

    @Test func prettyText() {
        let expected = """
            {
              "name": "a/b",
              "n": -3,
              "list": [
                1.0,
                null,
                true
              ],
              "empty": [],
              "none": {},
              "blob": {
                "$class": "NSData",
                "$data": "aGk="
              },
              "when": {
                "$class": "NSDate",
                "NS.time": 86400.5
              },
              "inner": {
                "k": 18446744073709551615
              }
            }

            """
        #expect(encoded(Self.document, .pretty) == expected)
    }

    @Test func stringEscapesAreWrittenAndRead() throws {
        var scalars = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        scalars += ["\"", "\\", "/", "é", "😀", "\u{7F}", "z"]
        let string = String(scalars)
        let text = encoded(.string(string))
        let expected =
            #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#
            + "\\\"\\\\/é😀\u{7F}z\""
        #expect(text == expected)
        #expect(stringBytes(try decode(text)) == Array(string.utf8))
        // A long plain run, so the word-at-a-time scan meets the special bytes at every alignment.
        for offset in 0..<9 {
            let long = String(repeating: "x", count: offset) + "\"\u{1}" + String(repeating: "é", count: 9) + "\\"
            #expect(stringBytes(try decode(encoded(.string(long)))) == Array(long.utf8))
        }
    }

    @Test func escapesAreDecoded() throws {
        #expect(stringBytes(try decode(#""\ud83d\ude00""#)) == Array("😀".utf8))
        #expect(stringBytes(try decode(#""\u00e9\u00C9""#)) == Array("éÉ".utf8))
        #expect(stringBytes(try decode(#""\u0000\u0041\u20AC\uFFFF""#)) == Array("\u{0}A€\u{FFFF}".utf8))
        #expect(stringBytes(try decode(#""\"\\\/\b\f\n\r\t""#)) == Array("\"\\/\u{8}\u{C}\n\r\t".utf8))
        #expect(stringBytes(try decode(#""é\n😀 ü""#)) == Array("é\n😀 ü".utf8))
        let object = try decode(#"{"a\"b\n\u0063":1,"é":2}"#)
        guard case .dictionary(let members) = object else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(members.keys) == ["a\"b\nc", "é"])
        #expect(encoded(object) == #"{"a\"b\nc":1,"é":2}"#)
    }
}

@Suite struct JSONMalformedInputTests {
    /// Input, the error's kind, offset and path.
    static let cases: [(String, SerializationError.Kind, Int, [String])] = [
        ("", .truncatedInput, 0, []),
        (" \n\t ", .truncatedInput, 4, []),
        (#""abc"#, .truncatedInput, 4, []),
        (#"["a\x"]"#, .invalidValue, 3, ["0"]),
        (#""\u12"#, .truncatedInput, 5, []),
        (#""\u12G4""#, .invalidValue, 1, []),
        (#""\ud83d""#, .invalidValue, 1, []),
        (#""\ude00""#, .invalidValue, 1, []),
        (#""\ud83d\u0041""#, .invalidValue, 1, []),
        (#""\ud83d\n""#, .invalidValue, 1, []),
        ("\"a\nb\"", .invalidValue, 2, []),
        ("\"\\ta\tb\"", .invalidValue, 4, []),
        ("[1,]", .invalidValue, 3, ["1"]),
        (#"{"a":1,}"#, .invalidValue, 7, []),
        (#"{"a" 1}"#, .invalidValue, 5, ["a"]),
        (#"{"a"}"#, .invalidValue, 4, ["a"]),
        ("[1 2]", .invalidValue, 3, []),
        (#"{"a":1 "b":2}"#, .invalidValue, 7, []),
        ("{1:2}", .invalidValue, 1, []),
        (#"{"x":{"a":1,"a":2}}"#, .invalidValue, 12, ["x", "a"]),
        (#"{"a":[0,{"b":x}]}"#, .invalidValue, 13, ["a", "1", "b"]),
        ("1 x", .invalidValue, 2, []),
        ("[] []", .invalidValue, 3, []),
        ("01", .invalidValue, 1, []),
        ("-01", .invalidValue, 2, []),
        ("1.", .truncatedInput, 2, []),
        ("[1.]", .invalidValue, 3, ["0"]),
        ("1.e5", .invalidValue, 2, []),
        (".5", .invalidValue, 0, []),
        ("-", .truncatedInput, 1, []),
        ("-x", .invalidValue, 1, []),
        ("+1", .invalidValue, 0, []),
        ("1e", .truncatedInput, 2, []),
        ("1e+", .truncatedInput, 3, []),
        ("1ex", .invalidValue, 2, []),
        ("tru", .truncatedInput, 3, []),
        ("trux", .invalidValue, 0, []),
        ("nul", .truncatedInput, 3, []),
        ("nan", .invalidValue, 0, []),
        ("-Inf", .truncatedInput, 4, []),
        ("1e400", .invalidValue, 0, []),
        ("[1, -2e999]", .invalidValue, 4, ["1"]),
        ("[", .truncatedInput, 1, ["0"]),
        ("[1", .truncatedInput, 2, []),
        ("{", .truncatedInput, 1, []),
        (#"{"a":"#, .truncatedInput, 5, ["a"]),
        (#"{"a":1"#, .truncatedInput, 6, []),
    ]

    @Test func eachMalformedInputThrowsAPreciseError() throws {
        for (input, kind, offset, path) in Self.cases {
            let error = try #require(decodingError(bytes(input)), "\(input)")
            #expect(error.kind == kind, "\(input): \(error)")
            #expect(error.offset == offset, "\(input): \(error)")
            #expect(error.path == path, "\(input): \(error)")
        }
    }

    @Test func invalidUTF8IsFoundWhereItIs() throws {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0x61, 0xFF, 0x22], 2),
            ([0x22, 0xC0, 0x80, 0x22], 1),  // overlong
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // an encoded surrogate
            ([0x22, 0x5C, 0x6E, 0x61, 0xE2, 0x82, 0x22], 4),  // a cut sequence, after an escape
            ([0x5B, 0x22, 0xC3, 0xA9, 0x80, 0x22, 0x5D], 4),  // a stray continuation byte
        ]
        for (input, offset) in cases {
            let error = try #require(decodingError(input))
            #expect(error.kind == .invalidValue, "\(input): \(error)")
            #expect(error.offset == offset, "\(input): \(error)")
        }
    }

    @Test func messagesSayWhatWasFoundAndWhere() throws {
        let error = try #require(decodingError(bytes("{\n  \"é\": tru,\n}")))
        #expect(error.kind == .invalidValue)
        #expect(error.offset == 10)
        #expect(error.path == ["é"])
        #expect(error.expected == "'true'")
        #expect(error.found == "'tru' at line 2, column 8")
        let duplicate = try #require(decodingError(bytes(#"{"k":1,"k":2}"#)))
        #expect(duplicate.found.contains("'k'"))
        #expect(duplicate.path == ["k"])
        let end = try #require(decodingError(bytes("[1,\n")))
        #expect(end.found == "the end of the input at line 2, column 1")
        let control = try #require(decodingError(bytes("\"\u{1}\"")))
        #expect(control.found.contains("U+0001"))
    }

    @Test func everyPrefixOfADocumentIsTruncatedNeverACrash() throws {
        let document = bytes(
            #"{"a":[1,-2.5e3,true,false,null,"x\u00e9\n😀\ud83d\ude00é"],"b":{"c":{}},"d":[],"#
                + #""e":18446744073709551615,"f":[NaN,-Infinity,0.5E-2]}"#)
        #expect(try ReadableJSON.decode(document) != .null)
        for length in 0..<document.count {
            let error = try #require(decodingError(Array(document[..<length])), "prefix of \(length) bytes")
            #expect(error.kind == .truncatedInput, "prefix of \(length) bytes: \(error)")
            #expect(error.offset == length, "prefix of \(length) bytes: \(error)")
        }
    }

    @Test func everyPrefixOfANumberIsAValueOrAnError() throws {
        let number = bytes("-123.5e2")
        let expected: [ReadableValue?] = [
            nil, nil, .integer(-1), .integer(-12), .integer(-123), nil, .real(-123.5), nil, .real(-12350),
        ]
        for length in 0...number.count {
            let prefix = Array(number[..<length])
            if let value = expected[length] {
                #expect(try ReadableJSON.decode(prefix) == value)
            } else {
                let error = try #require(decodingError(prefix))
                #expect(error.kind == .truncatedInput)
            }
        }
    }

    @Test func deepArraysHitTheDepthLimit() throws {
        let input = bytes(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
        let error = try #require(decodingError(input))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.offset == 512)
        #expect(error.path == Array(repeating: "0", count: 512))
        let open = try #require(decodingError(bytes(String(repeating: "[", count: 10_000))))
        #expect(open.kind == .depthLimitExceeded)
    }

    @Test func decodingDoesNotRecurse() throws {
        // 200 000 open arrays under a limit that allows them: a recursive reader would run out
        // of stack long before the input runs out.
        let input = bytes(String(repeating: "[", count: 200_000))
        let error = try #require(decodingError(input, maxDepth: .max))
        #expect(error.kind == .truncatedInput)
        #expect(error.offset == 200_000)
        #expect(error.path.count == 200_000)
    }

    @Test func deepObjectsHitTheDepthLimit() throws {
        let input = bytes(String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000))
        let error = try #require(decodingError(input))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.offset == 512 * 5)
        #expect(error.path == Array(repeating: "a", count: 512))
    }

    @Test func nestingAtTheLimitParses() throws {
        var value = try decode(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
        #expect(try decode("[[[]]]", maxDepth: 3) == .array([.array([.array([])])]))
        let error = try #require(decodingError(bytes(#"[{"k":[[]]}]"#), maxDepth: 3))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.offset == 7)
        #expect(error.path == ["0", "k", "0"])
        #expect(try decode("7", maxDepth: 0) == .integer(7))
        #expect(decodingError(bytes("[]"), maxDepth: 0)?.kind == .depthLimitExceeded)
    }
}

/// The JSON parser's ASCII strings of up to 15 bytes (keys, most values) are made from their
/// bytes directly (``SmallString``): they must be the very strings the standard library makes.
@Suite struct JSONShortStringTests {
    @Test(arguments: ["abcdefghijklmnopq", "$class$alias.0", "\u{7F}x$~ 09AZaz{}[]"])
    func shortStringsAreTheStandardLibrarysStrings(_ alphabet: String) throws {
        for prefix in everyPrefix(of: alphabet) {
            let text = ReadableJSON.encode(.dictionary([prefix: .string(prefix), "": .string("")]))
            guard case .dictionary(let members) = try ReadableJSON.decode(text) else {
                Issue.record("not an object")
                return
            }
            let made = String(decoding: Array(prefix.utf8), as: UTF8.self)
            #expect(members.keys.first == made)
            guard case .string(let read)? = members[made], case .string(let empty)? = members[""] else {
                Issue.record("the members are missing")
                return
            }
            expectStandardLibraryString(read, of: prefix)
            expectStandardLibraryString(try #require(members.keys.first), of: prefix)
            #expect(empty.isEmpty && empty.hashValue == "".hashValue)
        }
    }
}

/// An object's members are kept in two arrays while it is small and in a dictionary once it is
/// large (``ReadableObjectMembers``): on both sides of the change, a repeated key is refused
/// where it is, and the members keep their order and values.
@Suite struct JSONObjectMemberTests {
    /// `{"k0":0,…}` with `count` members named by `name`, and `repeated` appended.
    private func object(_ count: Int, name: (Int) -> String, repeated: String? = nil) -> [UInt8] {
        var members = (0..<count).map { #""\#(name($0))":\#($0)"# }
        if let repeated { members.append(#""\#(repeated)":-1"#) }
        return bytes("{" + members.joined(separator: ",") + "}")
    }

    @Test(arguments: [1, 2, 15, 16, 17, 40])
    func membersKeepTheirOrderAndARepeatedKeyIsRefused(count: Int) throws {
        let names: [(Int) -> String] = [
            { "k\($0)" },  // short ASCII
            { "a much longer key, number \($0)" },  // ASCII, not short
            { "clé\($0)" },  // short, not ASCII
        ]
        for name in names {
            guard case .dictionary(let members) = try ReadableJSON.decode(object(count, name: name)) else {
                Issue.record("not an object")
                continue
            }
            #expect(Array(members.keys) == (0..<count).map(name))
            #expect(members.values.elements == (0..<count).map { .integer(Int64($0)) })
            #expect(members[name(count - 1)] == .integer(Int64(count - 1)))
            for index in Set([0, count / 2, count - 1]) {
                let input = object(count, name: name, repeated: name(index))
                let error = try #require(decodingError(input))
                #expect(error.kind == .invalidValue)
                #expect(error.found.hasPrefix("a second key '\(name(index))' at line 1"))
                // At the repeated key's opening quote, the last member's.
                #expect(error.offset == input.count - Array(#""\#(name(index))":-1}"#.utf8).count)
            }
        }
    }

    /// Keys are told apart as `String`s are: canonically equivalent spellings are one key,
    /// whether the object is small or large.
    @Test(arguments: [1, 20])
    func canonicallyEquivalentKeysAreOneKey(count: Int) throws {
        let error = try #require(
            decodingError(object(count, name: { $0 == 0 ? "caf\u{E9}" : "k\($0)" }, repeated: "cafe\u{301}")))
        #expect(error.found.contains("a second key"))
    }
}
