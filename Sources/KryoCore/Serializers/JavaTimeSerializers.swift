import FoundationEssentials

/// Kryo 4 and 5's `TimeSerializers` layouts, shared by the `java.time` serializers. The binary
/// format writes Java's compact forms; keyed and readable formats get every part under its name.
enum JavaTimeWire {
    /// `LocalDateSerializer.write`: the year as a positive varint, month and day as bytes.
    static func write(_ date: JavaLocalDate, to writer: any ValueWriter) throws {
        guard let year = Int32(exactly: date.year), let month = Int8(exactly: date.month),
            let day = Int8(exactly: date.day)
        else {
            throw SerializationError(.unsupported, expected: "a LocalDate Java can hold", found: "\(date)")
        }
        try writer.writeInt32(year, forKey: "year", encoding: .outputPositive)
        try writer.writeInt8(month, forKey: "month")
        try writer.writeInt8(day, forKey: "day")
    }

    static func readDate(from reader: any ValueReader) throws -> JavaLocalDate {
        let year = try reader.readInt32(forKey: "year", encoding: .outputPositive)
        let month = Int(try reader.readInt8(forKey: "month"))
        let day = Int(try reader.readInt8(forKey: "day"))
        try check(month, in: 1...12, "a month", reader)
        try check(day, in: 1...daysInMonth(month, year: Int(year)), "a day of month \(month)", reader)
        return JavaLocalDate(year: Int(year), month: month, day: day)
    }

    /// `LocalTimeSerializer.write`: hour, minute, second as bytes and the nanosecond as a positive
    /// varint; the last non-zero part ends the value, written complemented (`~`).
    static func write(_ time: JavaLocalTime, to writer: any ValueWriter) throws {
        guard (0...23).contains(time.hour), (0...59).contains(time.minute), (0...59).contains(time.second),
            (0..<1_000_000_000).contains(time.nanosecond)
        else {
            throw SerializationError(.invalidValue, expected: "a valid LocalTime", found: "\(time)")
        }
        let hour = Int8(time.hour)
        let minute = Int8(time.minute)
        let second = Int8(time.second)
        guard writer.isPositional else {
            try writer.writeInt8(hour, forKey: "hour")
            try writer.writeInt8(minute, forKey: "minute")
            try writer.writeInt8(second, forKey: "second")
            return try writer.writeInt32(Int32(time.nanosecond), forKey: "nano", encoding: .outputPositive)
        }
        if time.nanosecond == 0, time.second == 0, time.minute == 0 {
            return try writer.writeInt8(~hour, forKey: "hour")
        }
        try writer.writeInt8(hour, forKey: "hour")
        if time.nanosecond == 0, time.second == 0 { return try writer.writeInt8(~minute, forKey: "minute") }
        try writer.writeInt8(minute, forKey: "minute")
        if time.nanosecond == 0 { return try writer.writeInt8(~second, forKey: "second") }
        try writer.writeInt8(second, forKey: "second")
        try writer.writeInt32(Int32(time.nanosecond), forKey: "nano", encoding: .outputPositive)
    }

    static func readTime(from reader: any ValueReader) throws -> JavaLocalTime {
        var hour = Int(try reader.readInt8(forKey: "hour"))
        var minute = 0
        var second = 0
        var nano = 0
        if !reader.isPositional {
            minute = Int(try reader.readInt8(forKey: "minute"))
            second = Int(try reader.readInt8(forKey: "second"))
            nano = Int(try reader.readInt32(forKey: "nano", encoding: .outputPositive))
        } else if hour < 0 {
            hour = ~hour
        } else {
            minute = Int(try reader.readInt8(forKey: "minute"))
            if minute < 0 {
                minute = ~minute
            } else {
                second = Int(try reader.readInt8(forKey: "second"))
                if second < 0 {
                    second = ~second
                } else {
                    nano = Int(try reader.readInt32(forKey: "nano", encoding: .outputPositive))
                }
            }
        }
        try check(hour, in: 0...23, "an hour", reader)
        try check(minute, in: 0...59, "a minute", reader)
        try check(second, in: 0...59, "a second", reader)
        try check(nano, in: 0...999_999_999, "a nanosecond", reader)
        return JavaLocalTime(hour: hour, minute: minute, second: second, nanosecond: nano)
    }

    /// `ZoneOffsetSerializer.write`: the offset in quarter hours as a byte, or `127` and the
    /// seconds as a fixed-width int.
    static func write(_ offset: JavaZoneOffset, to writer: any ValueWriter) throws {
        guard (-64_800...64_800).contains(offset.totalSeconds) else {
            throw SerializationError(
                .invalidValue, expected: "a ZoneOffset within ±18:00", found: "\(offset.totalSeconds) s")
        }
        guard writer.isPositional else {
            return try writer.writeInt32(offset.totalSeconds, forKey: "totalSeconds", encoding: .fixed)
        }
        if offset.totalSeconds % 900 == 0 {
            return try writer.writeInt8(Int8(offset.totalSeconds / 900), forKey: "quarters")
        }
        try writer.writeInt8(127, forKey: "quarters")
        try writer.writeInt32(offset.totalSeconds, forKey: "totalSeconds", encoding: .fixed)
    }

    static func readOffset(from reader: any ValueReader) throws -> JavaZoneOffset {
        var seconds: Int32
        if !reader.isPositional {
            seconds = try reader.readInt32(forKey: "totalSeconds", encoding: .fixed)
        } else {
            let quarters = try reader.readInt8(forKey: "quarters")
            seconds =
                quarters == 127
                ? try reader.readInt32(forKey: "totalSeconds", encoding: .fixed) : Int32(quarters) * 900
        }
        try check(Int(seconds), in: -64_800...64_800, "a ZoneOffset in seconds (±18:00)", reader)
        return JavaZoneOffset(totalSeconds: seconds)
    }

    /// `ZoneIdSerializer.write`: the id as a string. Kryo 2.20, which has no serializer for
    /// `java.time`, writes `ZoneRegion`'s one field, `String id`, with `FieldSerializer`: a
    /// `String` object, with its reference marker when references are on.
    static func writeZoneID(_ id: String, to writer: any ValueWriter) throws {
        guard writer.kryoWireVersion == .kryo2 else { return try writer.writeString(id, forKey: "zone") }
        try writer.writeStringObject(id, canBeNull: true, forKey: "zone")
    }

    /// Reads what ``writeZoneID(_:to:)`` writes; `asRegionField` for a `ZoneRegion`'s own id.
    static func readZoneID(from reader: any ValueReader, asRegionField: Bool = false) throws -> String {
        let read =
            asRegionField && reader.kryoWireVersion == .kryo2
            ? try reader.readStringObject(canBeNull: true, forKey: "zone") : try reader.readString(forKey: "zone")
        guard let id = read, !id.isEmpty else {
            throw reader.error(.invalidValue, expected: "a zone id", found: "null or empty")
        }
        if reader.readsDocument, !JavaZoneID.isKnown(id) {
            // Java's `ZoneId.of` would throw `ZoneRulesException` reading the stream.
            var failure = reader.error(
                .invalidValue,
                expected: "a zone id Java knows (a region of the tz database such as Europe/Paris, Z, UTC, "
                    + "or an offset such as +01:00)",
                found: "\"\(id)\"")
            failure.path.append("zone")
            throw failure
        }
        return id
    }

    static func check(_ value: Int, in range: ClosedRange<Int>, _ what: String, _ reader: any ValueReader) throws {
        guard range.contains(value) else {
            // Kryo 2.20 has no java.time serializers: a plain 2.20 writes the classes' fields.
            let hint =
                reader.kryoWireVersion == .kryo2
                ? " (Kryo 2.20 has no serializers for java.time: unless the Java program registers Kryo 4's, "
                    + "it writes these classes' own fields, which a schema file then declares; Schemas/README.md)"
                : ""
            throw reader.error(.invalidValue, expected: "\(what) in \(range)", found: "\(value)\(hint)")
        }
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A serializer made of two closures: the `java.time` serializers, all final and immutable.
struct JavaValueSerializer<Value>: Serializer {
    let writeValue: @Sendable (Value, any ValueWriter) throws -> Void
    let readValue: @Sendable (any ValueReader) throws -> Value
    /// The Java class and the keys of its parts in a document, which refuses any other key (a
    /// misspelt `nano` would otherwise read as 0); `nil` for a value that checks its own keys.
    let keys: (owner: String, names: Set<String>)?

    init(
        keys: (owner: String, names: Set<String>)? = nil,
        write: @escaping @Sendable (Value, any ValueWriter) throws -> Void,
        read: @escaping @Sendable (any ValueReader) throws -> Value
    ) {
        self.keys = keys
        writeValue = write
        readValue = read
    }

    var isFinal: Bool { true }
    func write(_ value: Value, to writer: any ValueWriter) throws { try writeValue(value, writer) }
    func read(from reader: any ValueReader) throws -> Value {
        if let keys, !reader.isPositional { try reader.refuseUnknownKeys(keys.names, in: keys.owner) }
        return try readValue(reader)
    }
}

/// The keys of the parts of `java.time` values in documents.
enum JavaTimeKeys {
    static let date: Set<String> = ["year", "month", "day"]
    static let time: Set<String> = ["hour", "minute", "second", "nano"]
    static let offset: Set<String> = ["totalSeconds"]
    static let zone: Set<String> = ["zone"]
    static let instant: Set<String> = ["seconds", "nanos"]
    static let dateTime = date.union(time)
    static let offsetTime = time.union(offset)
    static let offsetDateTime = dateTime.union(offset)
    static let zonedDateTime = dateTime.union(zone)
}

extension JavaInstant: JavaRepresentable {
    public static var javaClassName: String { "java.time.Instant" }
    /// `InstantSerializer`: the seconds as a positive varlong, the nanos as a positive varint.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaInstant>(
                keys: ("java.time.Instant", JavaTimeKeys.instant),
                write: { value, writer in
                    try writer.writeInt64(value.seconds, forKey: "seconds", encoding: .outputPositive)
                    try writer.writeInt32(value.nanos, forKey: "nanos", encoding: .outputPositive)
                },
                read: { reader in
                    let seconds = try reader.readInt64(forKey: "seconds", encoding: .outputPositive)
                    let nanos = try reader.readInt32(forKey: "nanos", encoding: .outputPositive)
                    try JavaTimeWire.check(Int(nanos), in: 0...999_999_999, "a nanosecond", reader)
                    return JavaInstant(seconds: seconds, nanos: nanos)
                }))
    }
}

extension Duration: JavaRepresentable {
    public static var javaClassName: String { "java.time.Duration" }
    /// `DurationSerializer`: the seconds as a fixed-width long (Java's `writeLong`), then the
    /// nanosecond of the second (`0..<10⁹`) as a positive varint. Swift's attoseconds are rounded
    /// down to the nanosecond.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<Duration>(
                keys: ("java.time.Duration", JavaTimeKeys.instant),
                write: { value, writer in
                    let (seconds, attoseconds) = value.components
                    var nanos = attoseconds / 1_000_000_000
                    if attoseconds % 1_000_000_000 < 0 { nanos -= 1 }
                    var wholeSeconds = seconds
                    if nanos < 0 {
                        nanos += 1_000_000_000
                        wholeSeconds -= 1
                    }
                    try writer.writeInt64(wholeSeconds, forKey: "seconds", encoding: .fixed)
                    try writer.writeInt32(Int32(nanos), forKey: "nanos", encoding: .outputPositive)
                },
                read: { reader in
                    let seconds = try reader.readInt64(forKey: "seconds", encoding: .fixed)
                    let nanos = try reader.readInt32(forKey: "nanos", encoding: .outputPositive)
                    try JavaTimeWire.check(Int(nanos), in: 0...999_999_999, "a nanosecond", reader)
                    return Duration(secondsComponent: seconds, attosecondsComponent: Int64(nanos) * 1_000_000_000)
                }))
    }
}

extension JavaLocalDate: JavaRepresentable {
    public static var javaClassName: String { "java.time.LocalDate" }
    /// `LocalDateSerializer`: the year as a positive varint, month and day as bytes.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaLocalDate>(
                keys: ("java.time.LocalDate", JavaTimeKeys.date),
                write: { value, writer in try JavaTimeWire.write(value, to: writer) },
                read: { reader in try JavaTimeWire.readDate(from: reader) }))
    }
}

extension JavaLocalTime: JavaRepresentable {
    public static var javaClassName: String { "java.time.LocalTime" }
    /// `LocalTimeSerializer`: hour, minute, second, nano; the last non-zero part complemented ends it.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaLocalTime>(
                keys: ("java.time.LocalTime", JavaTimeKeys.time),
                write: { value, writer in try JavaTimeWire.write(value, to: writer) },
                read: { reader in try JavaTimeWire.readTime(from: reader) }))
    }
}

extension JavaLocalDateTime: JavaRepresentable {
    public static var javaClassName: String { "java.time.LocalDateTime" }
    /// `LocalDateTimeSerializer`: the date, then the time.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaLocalDateTime>(
                keys: ("java.time.LocalDateTime", JavaTimeKeys.dateTime),
                write: { value, writer in
                    try JavaTimeWire.write(value.date, to: writer)
                    try JavaTimeWire.write(value.time, to: writer)
                },
                read: { reader in
                    let date = try JavaTimeWire.readDate(from: reader)
                    return JavaLocalDateTime(date: date, time: try JavaTimeWire.readTime(from: reader))
                }))
    }
}

extension JavaZoneOffset: JavaRepresentable {
    public static var javaClassName: String { "java.time.ZoneOffset" }
    /// `ZoneOffsetSerializer`: quarter hours as a byte, or `127` and the seconds (fixed width).
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaZoneOffset>(
                keys: ("java.time.ZoneOffset", JavaTimeKeys.offset),
                write: { value, writer in try JavaTimeWire.write(value, to: writer) },
                read: { reader in try JavaTimeWire.readOffset(from: reader) }))
    }
}

extension JavaZoneRegion: JavaRepresentable {
    public static var javaClassName: String { "java.time.ZoneRegion" }
    /// `ZoneIdSerializer`: the id as a string.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaZoneRegion>(
                keys: ("java.time.ZoneRegion", JavaTimeKeys.zone),
                write: { value, writer in try JavaTimeWire.writeZoneID(value.id, to: writer) },
                read: { reader in JavaZoneRegion(id: try JavaTimeWire.readZoneID(from: reader, asRegionField: true)) }))
    }
}

extension JavaOffsetTime: JavaRepresentable {
    public static var javaClassName: String { "java.time.OffsetTime" }
    /// `OffsetTimeSerializer`: the time, then the offset.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaOffsetTime>(
                keys: ("java.time.OffsetTime", JavaTimeKeys.offsetTime),
                write: { value, writer in
                    try JavaTimeWire.write(value.time, to: writer)
                    try JavaTimeWire.write(value.offset, to: writer)
                },
                read: { reader in
                    let time = try JavaTimeWire.readTime(from: reader)
                    return JavaOffsetTime(time: time, offset: try JavaTimeWire.readOffset(from: reader))
                }))
    }
}

extension JavaOffsetDateTime: JavaRepresentable {
    public static var javaClassName: String { "java.time.OffsetDateTime" }
    /// `OffsetDateTimeSerializer`: the date, the time, then the offset.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaOffsetDateTime>(
                keys: ("java.time.OffsetDateTime", JavaTimeKeys.offsetDateTime),
                write: { value, writer in
                    try JavaTimeWire.write(value.dateTime.date, to: writer)
                    try JavaTimeWire.write(value.dateTime.time, to: writer)
                    try JavaTimeWire.write(value.offset, to: writer)
                },
                read: { reader in
                    let date = try JavaTimeWire.readDate(from: reader)
                    let time = try JavaTimeWire.readTime(from: reader)
                    return JavaOffsetDateTime(
                        dateTime: JavaLocalDateTime(date: date, time: time),
                        offset: try JavaTimeWire.readOffset(from: reader))
                }))
    }
}

extension JavaZonedDateTime: JavaRepresentable {
    public static var javaClassName: String { "java.time.ZonedDateTime" }
    /// `ZonedDateTimeSerializer`: the date, the time, then the zone id as a string.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaZonedDateTime>(
                keys: ("java.time.ZonedDateTime", JavaTimeKeys.zonedDateTime),
                write: { value, writer in
                    try JavaTimeWire.write(value.dateTime.date, to: writer)
                    try JavaTimeWire.write(value.dateTime.time, to: writer)
                    try writer.writeString(value.zoneID, forKey: "zone")
                },
                read: { reader in
                    let date = try JavaTimeWire.readDate(from: reader)
                    let time = try JavaTimeWire.readTime(from: reader)
                    return JavaZonedDateTime(
                        dateTime: JavaLocalDateTime(date: date, time: time),
                        zoneID: try JavaTimeWire.readZoneID(from: reader))
                }))
    }
}

extension JavaYear {
    /// The years `java.time.Year` holds.
    static let javaRange = -999_999_999...999_999_999
}

extension JavaYear: JavaRepresentable {
    public static var javaClassName: String { "java.time.Year" }
    /// `YearSerializer`: the year as a positive varint.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaYear>(
                keys: ("java.time.Year", ["year"]),
                write: { value, writer in
                    // `Year.MIN_VALUE`…`Year.MAX_VALUE`: Java's `Year.of` refuses any other.
                    guard let year = Int32(exactly: value.value), JavaYear.javaRange.contains(Int(year)) else {
                        throw SerializationError(
                            .unsupported, expected: "a Year Java can hold (\(JavaYear.javaRange))",
                            found: "\(value.value)")
                    }
                    try writer.writeInt32(
                        year, forKey: "year", encoding: .positiveVarIntFromKryo5(writer.kryoWireVersion))
                },
                read: { reader in
                    let year = Int(
                        try reader.readInt32(forKey: "year", encoding: .positiveVarIntFromKryo5(reader.kryoWireVersion))
                    )
                    try JavaTimeWire.check(year, in: JavaYear.javaRange, "a year", reader)
                    return JavaYear(year)
                }))
    }
}

extension JavaYearMonth: JavaRepresentable {
    public static var javaClassName: String { "java.time.YearMonth" }
    /// `YearMonthSerializer`: the year as a positive varint, the month as a byte.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaYearMonth>(
                keys: ("java.time.YearMonth", ["year", "month"]),
                write: { value, writer in
                    guard let year = Int32(exactly: value.year), (1...12).contains(value.month) else {
                        throw SerializationError(.invalidValue, expected: "a valid YearMonth", found: "\(value)")
                    }
                    try writer.writeInt32(
                        year, forKey: "year", encoding: .positiveVarIntFromKryo5(writer.kryoWireVersion))
                    try writer.writeInt8(Int8(value.month), forKey: "month")
                },
                read: { reader in
                    let year = Int(
                        try reader.readInt32(forKey: "year", encoding: .positiveVarIntFromKryo5(reader.kryoWireVersion))
                    )
                    let month = Int(try reader.readInt8(forKey: "month"))
                    try JavaTimeWire.check(month, in: 1...12, "a month", reader)
                    return JavaYearMonth(year: year, month: month)
                }))
    }
}

extension JavaMonthDay: JavaRepresentable {
    public static var javaClassName: String { "java.time.MonthDay" }
    /// `MonthDaySerializer`: month and day as bytes.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaMonthDay>(
                keys: ("java.time.MonthDay", ["month", "day"]),
                write: { value, writer in
                    guard (1...12).contains(value.month), (1...31).contains(value.day) else {
                        throw SerializationError(.invalidValue, expected: "a valid MonthDay", found: "\(value)")
                    }
                    try writer.writeInt8(Int8(value.month), forKey: "month")
                    try writer.writeInt8(Int8(value.day), forKey: "day")
                },
                read: { reader in
                    let month = Int(try reader.readInt8(forKey: "month"))
                    let day = Int(try reader.readInt8(forKey: "day"))
                    try JavaTimeWire.check(month, in: 1...12, "a month", reader)
                    try JavaTimeWire.check(day, in: 1...JavaTimeWire.daysInMonth(month, year: 2000), "a day", reader)
                    return JavaMonthDay(month: month, day: day)
                }))
    }
}

extension JavaPeriod: JavaRepresentable {
    public static var javaClassName: String { "java.time.Period" }
    /// `PeriodSerializer`: years, months and days as positive varints.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaPeriod>(
                keys: ("java.time.Period", ["years", "months", "days"]),
                write: { value, writer in
                    let encoding = IntegerEncoding.positiveVarIntFromKryo5(writer.kryoWireVersion)
                    try writer.writeInt32(value.years, forKey: "years", encoding: encoding)
                    try writer.writeInt32(value.months, forKey: "months", encoding: encoding)
                    try writer.writeInt32(value.days, forKey: "days", encoding: encoding)
                },
                read: { reader in
                    let encoding = IntegerEncoding.positiveVarIntFromKryo5(reader.kryoWireVersion)
                    return JavaPeriod(
                        years: try reader.readInt32(forKey: "years", encoding: encoding),
                        months: try reader.readInt32(forKey: "months", encoding: encoding),
                        days: try reader.readInt32(forKey: "days", encoding: encoding))
                }))
    }
}
