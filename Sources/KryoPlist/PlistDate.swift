import KryoCore

/// The ISO-8601 text of property-list dates, `yyyy-MM-ddTHH:mm:ssZ` (always UTC), converted to and
/// from seconds since 2001-01-01 00:00:00 UTC with proleptic Gregorian calendar arithmetic.
///
/// Like Apple's writer, ``format(_:)`` writes whole seconds (rounding down); ``parse(_:)`` also
/// accepts a fraction of a second (`2001-01-01T00:00:00.25Z`), which Apple's reader does not.
package enum PlistDate {
    /// Seconds from 1970-01-01 to 2001-01-01.
    private static let secondsFrom1970To2001: Int64 = 978_307_200
    /// The largest distance from 2001, in seconds, that ``format(_:)`` writes: about 31 million
    /// years, far inside `Int64` arithmetic and beyond any date a plist holds.
    package static let maximumMagnitude: Double = 1e15

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The text of a date, e.g. `2001-01-01T00:00:00Z`; `nil` when `seconds` is not finite or more
    /// than ``maximumMagnitude`` away from 2001. Fractions of a second are dropped (rounding down).
    package static func format(_ seconds: Double) -> [UInt8]? {
        guard seconds.isFinite, abs(seconds) <= maximumMagnitude else { return nil }
        let total = Int64(seconds.rounded(.down)) + secondsFrom1970To2001
        let dayCount = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - dayCount * 86_400
        let (year, month, day) = CivilDate.date(days: dayCount)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        // As Apple's writer (`%04d`): a negative year takes three digits and the sign.
        if year < 0 { text.append(UInt8(ascii: "-")) }
        appendDigits(abs(year), minimumWidth: year < 0 ? 3 : 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(month, minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(day, minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, minimumWidth: 2, to: &text)
        text.append(UInt8(ascii: "Z"))
        return text
    }

    private static func appendDigits(_ value: Int64, minimumWidth: Int, to text: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        for _ in digits.count..<max(minimumWidth, digits.count) { text.append(UInt8(ascii: "0")) }
        text.append(contentsOf: digits.reversed())
    }

    /// Why some text is not a date: the offset (within the text) of the first bad byte.
    package struct ParseFailure: Error, Equatable {
        /// Offset of the offending byte in the text.
        package var offset: Int
        /// What was expected there.
        package var expected: String
    }

    /// The seconds since 2001 of `yyyy-MM-ddTHH:mm:ss[.fff]Z` (the year may have more than four
    /// digits, or a `-` sign and at least three).
    package static func parse(_ text: UnsafeRawBufferPointer) throws(ParseFailure) -> Double {
        var position = 0
        func byte() -> UInt8? { position < text.count ? text[position] : nil }
        func expect(_ character: Unicode.Scalar) throws(ParseFailure) {
            guard byte() == UInt8(ascii: character) else {
                throw ParseFailure(offset: position, expected: "'\(character)'")
            }
            position += 1
        }
        func number(minDigits: Int, maxDigits: Int, what: String) throws(ParseFailure) -> Int64 {
            let start = position
            var value: Int64 = 0
            while position - start < maxDigits, let digit = byte(), digit >= 0x30, digit <= 0x39 {
                value = value * 10 + Int64(digit - 0x30)
                position += 1
            }
            guard position - start >= minDigits else {
                throw ParseFailure(offset: start, expected: "\(minDigits) digits of the \(what)")
            }
            return value
        }
        func check(_ valid: Bool, _ offset: Int, _ what: String) throws(ParseFailure) {
            if !valid { throw ParseFailure(offset: offset, expected: what) }
        }

        let negative = byte() == UInt8(ascii: "-")
        if negative { position += 1 }
        let year = try number(minDigits: negative ? 3 : 4, maxDigits: 9, what: "year") * (negative ? -1 : 1)
        try expect("-")
        let monthOffset = position
        let month = try number(minDigits: 2, maxDigits: 2, what: "month")
        try check((1...12).contains(month), monthOffset, "a month from 01 to 12")
        try expect("-")
        let dayOffset = position
        let day = try number(minDigits: 2, maxDigits: 2, what: "day")
        try check(day >= 1 && day <= daysIn(month: month, year: year), dayOffset, "a day of the month")
        try expect("T")
        let hourOffset = position
        let hour = try number(minDigits: 2, maxDigits: 2, what: "hour")
        try check(hour < 24, hourOffset, "an hour from 00 to 23")
        try expect(":")
        let minuteOffset = position
        let minute = try number(minDigits: 2, maxDigits: 2, what: "minute")
        try check(minute < 60, minuteOffset, "a minute from 00 to 59")
        try expect(":")
        let secondOffset = position
        let second = try number(minDigits: 2, maxDigits: 2, what: "second")
        try check(second < 60, secondOffset, "a second from 00 to 59")
        var fraction = 0.0
        if byte() == UInt8(ascii: ".") {
            position += 1
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            let start = position
            while let digit = byte(), digit >= 0x30, digit <= 0x39 {
                if denominator < 1_000_000_000_000_000 {  // digits past the 18th do not count
                    numerator = numerator * 10 + Int64(digit - 0x30)
                    denominator *= 10
                }
                position += 1
            }
            try check(position > start, start, "digits of a fraction of a second")
            fraction = Double(numerator) / Double(denominator)
        }
        try expect("Z")
        try check(position == text.count, position, "the end of the date")
        let dayCount = CivilDate.days(year: year, month: month, day: day)
        let total = dayCount * 86_400 + hour * 3600 + minute * 60 + second - secondsFrom1970To2001
        return Double(total) + fraction
    }
}
