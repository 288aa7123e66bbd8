import FoundationEssentials

// `java.time` values: Kryo 4 and 5 write them with `TimeSerializers` (Kryo 2.20 has no
// serializer for them). Swift has no equivalent for most, so each is a small value type with
// conversions to Foundation where one is natural; `java.time.Duration` is Swift's `Duration`.
// The serializers are in JavaTimeSerializers.swift.

/// `java.time.Instant`: seconds since 1970-01-01T00:00:00Z and a nanosecond of that second.
public struct JavaInstant: Hashable, Sendable {
    /// Seconds since the epoch (negative before 1970).
    public var seconds: Int64
    /// The nanosecond of the second, `0..<1_000_000_000`.
    public var nanos: Int32

    /// Creates an instant; `nanos` must be in `0..<1_000_000_000`.
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// The instant of a Foundation date, to the nearest nanosecond that a `Double` holds.
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var nanos = ((interval - whole) * 1_000_000_000).rounded()
        var seconds = Int64(exactly: whole) ?? (whole < 0 ? Int64.min : Int64.max)
        if nanos >= 1_000_000_000 {
            nanos -= 1_000_000_000
            seconds += 1
        }
        self.init(seconds: seconds, nanos: Int32(nanos))
    }

    /// The instant as a Foundation date (a `Double` keeps about a microsecond today).
    public var date: Date { Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000) }
}

/// `java.time.LocalDate`: a date without a time zone, in the proleptic Gregorian calendar.
public struct JavaLocalDate: Hashable, Sendable {
    /// The year (Java: -999 999 999 to 999 999 999; 0 is 1 BC).
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Creates a date.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `epochDay` days after 1970-01-01 (Java's `LocalDate.ofEpochDay`).
    public init(epochDay: Int64) {
        let civil = CivilDate.date(days: epochDay)
        self.init(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day))
    }

    /// Days since 1970-01-01 (Java's `toEpochDay()`).
    public var epochDay: Int64 { CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)) }

    /// The date from the year, month and day of `components`; `nil` when one is missing.
    public init?(_ components: DateComponents) {
        guard let year = components.year, let month = components.month, let day = components.day else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month and day as date components.
    public var dateComponents: DateComponents { DateComponents(year: year, month: month, day: day) }
}

/// `java.time.LocalTime`: a time of day without a time zone.
public struct JavaLocalTime: Hashable, Sendable {
    /// The hour, 0–23.
    public var hour: Int
    /// The minute, 0–59.
    public var minute: Int
    /// The second, 0–59.
    public var second: Int
    /// The nanosecond, `0..<1_000_000_000`.
    public var nanosecond: Int

    /// Creates a time of day.
    public init(hour: Int, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The hour, minute, second and nanosecond as date components.
    public var dateComponents: DateComponents {
        DateComponents(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// Nanoseconds since midnight.
    var nanoOfDay: Int64 {
        (Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)) * 1_000_000_000 + Int64(nanosecond)
    }
}

/// `java.time.LocalDateTime`: a date and a time of day without a time zone.
public struct JavaLocalDateTime: Hashable, Sendable {
    /// The date.
    public var date: JavaLocalDate
    /// The time of day.
    public var time: JavaLocalTime

    /// Creates a date-time.
    public init(date: JavaLocalDate, time: JavaLocalTime) {
        self.date = date
        self.time = time
    }

    /// The date and time as date components.
    public var dateComponents: DateComponents {
        DateComponents(
            year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute,
            second: time.second, nanosecond: time.nanosecond)
    }

    /// The instant this date-time names at a fixed offset from UTC.
    public func date(offsetSeconds: Int) -> Date {
        let seconds = date.epochDay * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
        return Date(
            timeIntervalSince1970: Double(seconds - Int64(offsetSeconds)) + Double(time.nanosecond) / 1_000_000_000)
    }
}

/// `java.time.ZoneOffset`: a fixed offset from UTC, at most ±18 hours.
public struct JavaZoneOffset: Hashable, Sendable {
    /// The offset in seconds (east of Greenwich is positive).
    public var totalSeconds: Int32

    /// Creates an offset.
    public init(totalSeconds: Int32) { self.totalSeconds = totalSeconds }

    /// UTC (`ZoneOffset.UTC`, id `Z`).
    public static let utc = JavaZoneOffset(totalSeconds: 0)

    /// Java's id: `Z`, `+01:00`, `-05:30:15`.
    public var id: String {
        if totalSeconds == 0 { return "Z" }
        let magnitude = abs(Int(totalSeconds))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = (totalSeconds < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
        if magnitude % 60 != 0 { text += ":" + two(magnitude % 60) }
        return text
    }

    /// The offset as a Foundation time zone.
    public var timeZone: TimeZone? { TimeZone(secondsFromGMT: Int(totalSeconds)) }
}

/// `java.time.ZoneRegion`, what `ZoneId.of("Europe/Paris")` gives: a time zone by its region id.
/// (`ZoneId.of("+01:00")` gives a ``JavaZoneOffset``.)
public struct JavaZoneRegion: Hashable, Sendable {
    /// The region id (`Europe/Paris`, `UTC`).
    public var id: String

    /// Creates a zone.
    public init(id: String) { self.id = id }

    /// The zone as a Foundation time zone, when Foundation knows the id.
    public var timeZone: TimeZone? { TimeZone(identifier: id) }
}

/// `java.time.OffsetTime`: a time of day at an offset from UTC.
public struct JavaOffsetTime: Hashable, Sendable {
    /// The time of day.
    public var time: JavaLocalTime
    /// The offset.
    public var offset: JavaZoneOffset

    /// Creates an offset time.
    public init(time: JavaLocalTime, offset: JavaZoneOffset) {
        self.time = time
        self.offset = offset
    }
}

/// `java.time.OffsetDateTime`: a date-time at an offset from UTC.
public struct JavaOffsetDateTime: Hashable, Sendable {
    /// The local date-time.
    public var dateTime: JavaLocalDateTime
    /// The offset.
    public var offset: JavaZoneOffset

    /// Creates an offset date-time.
    public init(dateTime: JavaLocalDateTime, offset: JavaZoneOffset) {
        self.dateTime = dateTime
        self.offset = offset
    }

    /// The instant it names.
    public var date: Date { dateTime.date(offsetSeconds: Int(offset.totalSeconds)) }
}

/// `java.time.ZonedDateTime`: a date-time in a time zone, named by its id (a region such as
/// `Europe/Paris`, or an offset such as `+01:00` or `Z`), as Kryo writes it (the offset Java keeps
/// beside it is not written: Java works it out again when reading).
public struct JavaZonedDateTime: Hashable, Sendable {
    /// The local date-time.
    public var dateTime: JavaLocalDateTime
    /// The zone id, as `ZoneId.getId()` gives it.
    public var zoneID: String

    /// Creates a zoned date-time.
    public init(dateTime: JavaLocalDateTime, zoneID: String) {
        self.dateTime = dateTime
        self.zoneID = zoneID
    }

    /// The zone as a Foundation time zone, when Foundation knows the id (offsets included).
    public var timeZone: TimeZone? {
        if zoneID == "Z" { return TimeZone(secondsFromGMT: 0) }
        if let first = zoneID.first, first == "+" || first == "-" {
            let parts = zoneID.dropFirst().split(separator: ":").compactMap { Int($0) }
            // Hours, minutes, seconds: each of two digits (a zone id read from input may say anything).
            guard (2...3).contains(parts.count), parts.allSatisfy({ (0...99).contains($0) }) else { return nil }
            let seconds = parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
            return TimeZone(secondsFromGMT: first == "-" ? -seconds : seconds)
        }
        return TimeZone(identifier: zoneID)
    }

    /// The instant it names, with the zone's offset at that local time (in a daylight-saving gap
    /// or overlap Java may pick another offset); `nil` when Foundation does not know the zone.
    public var date: Date? {
        guard let zone = timeZone else { return nil }
        let asUTC = dateTime.date(offsetSeconds: 0)
        let guess = zone.secondsFromGMT(for: asUTC)
        return dateTime.date(offsetSeconds: zone.secondsFromGMT(for: asUTC.addingTimeInterval(-Double(guess))))
    }
}

/// `java.time.Year`.
public struct JavaYear: Hashable, Sendable {
    /// The year.
    public var value: Int

    /// Creates a year.
    public init(_ value: Int) { self.value = value }
}

/// `java.time.YearMonth`.
public struct JavaYearMonth: Hashable, Sendable {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int

    /// Creates a year and month.
    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }
}

/// `java.time.MonthDay`.
public struct JavaMonthDay: Hashable, Sendable {
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31 (February 29 allowed).
    public var day: Int

    /// Creates a month and day.
    public init(month: Int, day: Int) {
        self.month = month
        self.day = day
    }
}

/// `java.time.Period`: years, months and days, each of any sign.
public struct JavaPeriod: Hashable, Sendable {
    /// The years.
    public var years: Int32
    /// The months.
    public var months: Int32
    /// The days.
    public var days: Int32

    /// Creates a period.
    public init(years: Int32 = 0, months: Int32 = 0, days: Int32 = 0) {
        self.years = years
        self.months = months
        self.days = days
    }

    /// The period as date components.
    public var dateComponents: DateComponents {
        DateComponents(year: Int(years), month: Int(months), day: Int(days))
    }
}
