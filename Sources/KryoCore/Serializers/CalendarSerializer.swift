import FoundationEssentials

/// Java's `GregorianCalendar`: an instant with the calendar settings Java keeps beside it.
/// ``calendar`` gives the equivalent Foundation `Calendar`.
public struct JavaCalendar: Hashable, Sendable {
    /// Java's default switch from the Julian to the Gregorian calendar: 15 October 1582.
    public static let defaultGregorianChange = Date(timeIntervalSince1970: -12_219_292_800)

    /// The instant (Java's `getTimeInMillis()`).
    public var date: Date
    /// The time zone.
    public var timeZone: TimeZone
    /// Whether out-of-range fields roll over (Java's `isLenient()`).
    public var isLenient: Bool
    /// The first day of the week, 1 = Sunday … 7 = Saturday (the same in Java and Foundation).
    public var firstWeekday: Int
    /// The minimal number of days in the first week of a year.
    public var minimumDaysInFirstWeek: Int
    /// When the Julian calendar gave way to the Gregorian one.
    public var gregorianChange: Date

    /// Creates a calendar value; the defaults are Java's for a US locale.
    public init(
        date: Date, timeZone: TimeZone, isLenient: Bool = true, firstWeekday: Int = 1, minimumDaysInFirstWeek: Int = 1,
        gregorianChange: Date = JavaCalendar.defaultGregorianChange
    ) {
        self.date = date
        self.timeZone = timeZone
        self.isLenient = isLenient
        self.firstWeekday = firstWeekday
        self.minimumDaysInFirstWeek = minimumDaysInFirstWeek
        self.gregorianChange = gregorianChange
    }

    /// A Gregorian Foundation calendar with this value's zone and week rules.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = minimumDaysInFirstWeek
        return calendar
    }
}

/// Kryo 2.20's `CalendarSerializer`: the zone id, the instant in milliseconds (positive varlong),
/// lenient, first day of week and minimal days (positive varints), the Gregorian change in
/// milliseconds (zigzag varlong).
public struct CalendarSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public func write(_ value: JavaCalendar, to writer: any ValueWriter) throws {
        try writer.writeString(TimeZoneSerializer.javaID(value.timeZone), forKey: "timeZone")
        try writer.writeInt64(try CalendarSerializer.millis(value.date), forKey: "time", encoding: .outputPositive)
        try writer.writeBool(value.isLenient, forKey: "lenient")
        try writer.writeInt32(Int32(clamping: value.firstWeekday), forKey: "firstDayOfWeek", encoding: .outputPositive)
        try writer.writeInt32(
            Int32(clamping: value.minimumDaysInFirstWeek), forKey: "minimalDaysInFirstWeek", encoding: .outputPositive)
        try writer.writeInt64(
            try CalendarSerializer.millis(value.gregorianChange), forKey: "gregorianChange", encoding: .outputZigzag)
    }

    public func read(from reader: any ValueReader) throws -> JavaCalendar {
        guard let id = try reader.readString(forKey: "timeZone") else {
            throw reader.error(.invalidValue, expected: "a time zone id", found: "null")
        }
        let zone = try TimeZoneSerializer.timeZone(id, reader)
        let time = try reader.readInt64(forKey: "time", encoding: .outputPositive)
        let lenient = try reader.readBool(forKey: "lenient")
        let firstDay = Int(try reader.readInt32(forKey: "firstDayOfWeek", encoding: .outputPositive))
        guard (1...7).contains(firstDay) else {
            throw reader.error(.invalidValue, expected: "a first day of week 1…7", found: "\(firstDay)")
        }
        let minimalDays = Int(try reader.readInt32(forKey: "minimalDaysInFirstWeek", encoding: .outputPositive))
        guard (1...7).contains(minimalDays) else {
            throw reader.error(.invalidValue, expected: "minimal days in first week 1…7", found: "\(minimalDays)")
        }
        let change = try reader.readInt64(forKey: "gregorianChange", encoding: .outputZigzag)
        return JavaCalendar(
            date: Date(timeIntervalSince1970: Double(time) / 1000), timeZone: zone, isLenient: lenient,
            firstWeekday: firstDay, minimumDaysInFirstWeek: minimalDays,
            gregorianChange: Date(timeIntervalSince1970: Double(change) / 1000))
    }

    static func millis(_ date: Date) throws -> Int64 { try DateSerializer.javaMillis(date) }
}

extension JavaCalendar: JavaRepresentable {
    public static var javaClassName: String { "java.util.GregorianCalendar" }
    public static var defaultSerializer: AnySerializer { AnySerializer(CalendarSerializer()) }
}
