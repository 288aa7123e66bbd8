import KryoCore
import KryoReadable
import Testing

/// The parser takes the first 18 digits of a whole number without overflow checks (they cannot
/// overflow 64 bits) and the rest with them: whole numbers of every length, around the limits of
/// `Int64` and `UInt64`, read as Swift's own integer parsing reads them, and those no 64-bit
/// integer holds are errors.
@Suite struct IntegerDigitsTests {
    /// What the readable JSON decoder makes of `text`: its value, or the kind of its error.
    static func decoded(_ text: String) -> String {
        do {
            return "\(try ReadableJSON.decode(Array(text.utf8)))"
        } catch {
            return "\(error.kind)"
        }
    }

    /// What `text` must read as: `Int64` when it holds it, else `UInt64`, else an error; in an
    /// array when `inArray`.
    static func expected(_ text: String, inArray: Bool = false) -> String {
        let value: ReadableValue
        if let number = Int64(text) {
            value = .integer(number)
        } else if let number = UInt64(text) {
            value = .unsignedInteger(number)
        } else {
            return "\(SerializationError.Kind.invalidValue)"
        }
        return "\(inArray ? .array([value]) : value)"
    }

    /// Numbers of `length` digits: all nines, a one and zeros, the digits counted up, and those
    /// of the limits of `Int64` and `UInt64` cut or padded to that length.
    static func numbers(ofLength length: Int) -> [String] {
        let counted = String((0..<length).map { Character(String(($0 + 1) % 10)) })
        var numbers = [String(repeating: "9", count: length), "1" + String(repeating: "0", count: length - 1), counted]
        for limit in ["9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616"] {
            let digits = Array(limit)
            numbers.append(
                length <= digits.count
                    ? String(digits.prefix(length)) : limit + String(repeating: "0", count: length - digits.count))
        }
        return numbers
    }

    @Test(arguments: 1...24)
    func wholeNumbersOfEveryLength(length: Int) {
        for number in Self.numbers(ofLength: length) {
            #expect(Self.decoded(number) == Self.expected(number), "\(number)")
            #expect(Self.decoded("-" + number) == Self.expected("-" + number), "-\(number)")
            #expect(Self.decoded("[" + number + "]") == Self.expected(number, inArray: true), "[\(number)]")
        }
    }

    @Test func theLimits() throws {
        #expect(try ReadableJSON.decode(Array("18446744073709551615".utf8)) == .unsignedInteger(.max))
        #expect(try ReadableJSON.decode(Array("-9223372036854775808".utf8)) == .integer(.min))
        #expect(try ReadableJSON.decode(Array("999999999999999999".utf8)) == .integer(999_999_999_999_999_999))
        #expect(Self.decoded("99999999999999999999") == "\(SerializationError.Kind.invalidValue)")
        #expect(Self.decoded("-9223372036854775809") == "\(SerializationError.Kind.invalidValue)")
    }

    /// The writer's digits, two at a time: integers of every length and sign, and reals whose
    /// fraction has leading zeros (written as two integers, the second padded), as Swift writes
    /// them.
    @Test func writtenDigitsAreSwiftsDigits() {
        var generator = SplitMix64(state: 0xD161_7500)
        var values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, Int64(bitPattern: generator.next()) % power]
        }
        for value in values {
            let text = String(decoding: ReadableJSON.encode(.integer(value)), as: UTF8.self)
            #expect(text == String(value))
        }
        for value in [UInt64.max, UInt64.max - 9, UInt64(Int64.max) + 1, 10_000_000_000_000_000_000] {
            #expect(String(decoding: ReadableJSON.encode(.unsignedInteger(value)), as: UTF8.self) == String(value))
        }
        for real in [0.5, 0.05, 0.007, 1.0001, 12.000_34, 100.25, 3.000_000_000_1, 0.001, 2.5e-3, 1e15 + 0.5] {
            let text = String(decoding: ReadableJSON.encode(.real(real)), as: UTF8.self)
            #expect(Double(text) == real, "\(real): \(text)")
            #expect(text == real.description || !real.description.contains("e"), "\(real): \(text)")
        }
    }
}
