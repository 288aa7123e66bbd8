import FoundationEssentials
import KryoCore

/// Dates and times as a person writes them in a readable document, ISO 8601's extended form:
/// `2026-11-26`, `10:30`, `10:30:15.25`, `2026-11-26T10:30:15Z`, `2026-11-26T10:30:15.5+01:00`.
///
/// A hand-written document may give one where the declared type is `java.util.Date` (a Swift
/// `Date`), `java.time.Instant`, `LocalDate`, `LocalTime` or `LocalDateTime`; the library writes
/// its own forms (`NSDate` with `NS.time`, the `java.time` objects' fields), which read as before.
struct ISO8601Text: Equatable {
    /// The calendar date, when the text has one.
    var date: JavaLocalDate?
    /// The time of day, when the text has one.
    var time: JavaLocalTime?
    /// The offset from UTC in seconds (`Z` is 0), when the text has one.
    var offsetSeconds: Int?
    /// Whether the time is a leap second (`23:59:60`), which an instant takes as `23:59:59` (as
    /// Java's `Instant.parse` does) and a local time does not take.
    var isLeapSecond = false

    /// The forms a reader accepts, for an error message.
    static let forms = "ISO 8601 text such as 2026-11-26, 10:30:15 or 2026-11-26T10:30:15.5Z"

    /// Parses `text`; `nil` when it is not one of the forms above or names no real date or time.
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        if scanner.peekIsDate() {
            guard let date = scanner.date() else { return nil }
            self.date = date
            guard !scanner.atEnd else { return }
            guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " "))
            else { return nil }
        }
        guard let (time, isLeapSecond) = scanner.time() else { return nil }
        self.time = time
        self.isLeapSecond = isLeapSecond
        if !scanner.atEnd {
            guard let offset = scanner.offset() else { return nil }
            offsetSeconds = offset
        }
        guard scanner.atEnd else { return nil }
    }

    /// The instant the text names: its date at its time (midnight when it has none) at its
    /// offset (UTC when it has none); `nil` without a date.
    var instant: JavaInstant? {
        guard let date else { return nil }
        let time = self.time ?? JavaLocalTime(hour: 0)
        let seconds =
            date.epochDay * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
            - Int64(offsetSeconds ?? 0)
        return JavaInstant(seconds: seconds, nanos: Int32(time.nanosecond))
    }

    /// The value of the Swift type `type` the text stands for, or `nil` when the type takes no
    /// text or the text has too little or too much for it (a `LocalDate` with a time).
    static func value(_ text: String, as type: any Any.Type) -> Any?? {
        guard
            type == Date.self || type == JavaInstant.self || type == JavaLocalDate.self
                || type == JavaLocalTime.self || type == JavaLocalDateTime.self
        else { return nil }
        guard let parsed = ISO8601Text(text) else { return .some(nil) }
        if parsed.isLeapSecond, type != Date.self, type != JavaInstant.self { return .some(nil) }
        if type == Date.self {
            guard let instant = parsed.instant else { return .some(nil) }
            // Whole milliseconds, rounded down as Java's `Date.from(Instant)` does (`…59.9995Z` is
            // the millisecond before the second, not the second).
            let (milliseconds, overflow) = instant.seconds.multipliedReportingOverflow(by: 1000)
            guard !overflow else { return .some(nil) }
            return .some(Date(timeIntervalSince1970: Double(milliseconds + Int64(instant.nanos / 1_000_000)) / 1000))
        }
        if type == JavaInstant.self { return .some(parsed.instant) }
        if type == JavaLocalDate.self {
            guard parsed.time == nil, parsed.offsetSeconds == nil else { return .some(nil) }
            return .some(parsed.date)
        }
        if type == JavaLocalTime.self {
            guard parsed.date == nil, parsed.offsetSeconds == nil else { return .some(nil) }
            return .some(parsed.time)
        }
        guard let date = parsed.date, let time = parsed.time, parsed.offsetSeconds == nil else { return .some(nil) }
        return .some(JavaLocalDateTime(date: date, time: time))
    }

    /// Reads the text's bytes left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits (more with `orMore`), as a number.
        mutating func digits(_ count: Int, orMore: Bool = false) -> Int? {
            var value = 0
            var read = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"),
                orMore || read < count
            {
                guard read < 10 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                read += 1
                index += 1
            }
            return read == count || (orMore && read > count) ? value : nil
        }

        /// Whether a date starts here: a sign, or four digits and a `-`.
        func peekIsDate() -> Bool {
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { return true }
            return bytes.count - index > 4 && bytes[index + 4] == UInt8(ascii: "-")
        }

        /// `YYYY-MM-DD` (a year of more digits with a sign, as Java writes years past 9999).
        mutating func date() -> JavaLocalDate? {
            var sign = 1
            if take(UInt8(ascii: "-")) {
                sign = -1
            } else {
                _ = take(UInt8(ascii: "+"))
            }
            guard let year = digits(4, orMore: true), take(UInt8(ascii: "-")), let month = digits(2),
                take(UInt8(ascii: "-")), let day = digits(2), (1...12).contains(month), day >= 1,
                day <= Self.days(inMonth: month, of: sign * year)
            else { return nil }
            return JavaLocalDate(year: sign * year, month: month, day: day)
        }

        /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction` (up to nine digits), and whether it is the
        /// leap second `23:59:60` (read as `23:59:59`).
        mutating func time() -> (JavaLocalTime, isLeapSecond: Bool)? {
            guard let hour = digits(2), take(UInt8(ascii: ":")), let minute = digits(2), hour < 24, minute < 60
            else { return nil }
            var second = 0
            var nanosecond = 0
            var isLeapSecond = false
            if take(UInt8(ascii: ":")) {
                guard let read = digits(2), read < 60 || (read == 60 && hour == 23 && minute == 59) else { return nil }
                isLeapSecond = read == 60
                second = min(read, 59)
                if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                    let start = index
                    guard let fraction = digits(1, orMore: true), index - start <= 9 else { return nil }
                    nanosecond = fraction
                    for _ in 0..<(9 - (index - start)) { nanosecond *= 10 }
                }
            }
            return (JavaLocalTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond), isLeapSecond)
        }

        /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, at most 18 hours, in seconds.
        mutating func offset() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) {
                sign = 1
            } else if take(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = digits(2) else { return nil }
            var minutes = 0
            if take(UInt8(ascii: ":")) {
                guard let read = digits(2) else { return nil }
                minutes = read
            } else if !atEnd {
                guard let read = digits(2) else { return nil }
                minutes = read
            }
            let total = hours * 3600 + minutes * 60
            guard minutes < 60, total <= 18 * 3600 else { return nil }
            return sign * total
        }

        static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
    }
}
