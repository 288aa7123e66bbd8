import FoundationEssentials

/// `java.util.Date`: milliseconds since 1970 as a positive-optimized variable-length long.
/// Sub-millisecond precision is rounded to the nearest millisecond.
public struct DateSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public func write(_ value: Date, to writer: any ValueWriter) throws {
        try writer.writeInt64(Self.javaMillis(value), forKey: "time", encoding: .outputPositive)
    }

    /// `date` in milliseconds since 1970, as Java's `Date.getTime()`. `Long.MAX_VALUE` (a
    /// common "never" in Java data) reads as a `Date` whose `Double` rounds up to 2^63 ms; that
    /// one is Java's `Long.MAX_VALUE` again, anything beyond is an error.
    static func javaMillis(_ date: Date) throws -> Int64 {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        guard millis >= -9_223_372_036_854_775_808, millis <= 9_223_372_036_854_775_808 else {
            throw SerializationError(.unsupported, expected: "a Date within Java's range", found: date.described)
        }
        return millis == 9_223_372_036_854_775_808 ? .max : Int64(millis)
    }
    public func read(from reader: any ValueReader) throws -> Date {
        let millis = try reader.readInt64(forKey: "time", encoding: .outputPositive)
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}

extension Date: JavaRepresentable {
    public static var javaClassName: String { "java.util.Date" }
    public static var defaultSerializer: AnySerializer { AnySerializer(DateSerializer()) }
}

/// How a registry maps Swift's `Date` in the Kryo binary (``Register/date(as:id:)``).
///
/// Keyed archives and readable documents store a `Date` as Apple does (`NSDate`'s `Double` of
/// seconds since 2001), exactly, whatever the mapping.
public enum JavaDateMapping: Sendable, Hashable {
    /// `java.util.Date`, milliseconds since 1970 (the default): what Java code that takes a
    /// `Date` reads, in every Kryo release, but a `Date` loses what is below the millisecond.
    case utilDate
    /// `java.time.Instant`, seconds since 1970 and the nanosecond of that second (Kryo 4 and 5's
    /// `InstantSerializer`): a `Date` comes back equal, bit for bit, from Swift and from Java, when
    /// it is more than 2^23 seconds (about 97 days) away from 1 January 2001 (closer, to the
    /// nearest nanosecond). Java then reads an `Instant`, not a `Date`; Kryo 2.20 has no
    /// serializer for it (register Kryo 4's there).
    case instant
}

extension Register {
    /// Registers Swift's `Date` as `mapping` says: put it in a registry to choose how the Kryo
    /// binary writes dates.
    ///
    /// ```swift
    /// let registry = try Registry {
    ///     Register.date(as: .instant)              // Java: java.time.Instant
    ///     Register(Event.self, id: 20)
    /// }
    /// ```
    ///
    /// Both forms still read: with `.instant`, a `java.util.Date` in the input reads as a `Date`
    /// too (by its class name; with an id, Java must use that id for `Instant`).
    ///
    /// - Parameters:
    ///   - mapping: How a `Date` maps to Java: `java.util.Date` in milliseconds, or `Instant`.
    ///   - id: The numeric id of the Java class; `nil` names it.
    public static func date(as mapping: JavaDateMapping, id: Int? = nil) -> Register {
        switch mapping {
        case .utilDate: return Register(Date.self, id: id, javaName: Date.javaClassName, serializer: DateSerializer())
        case .instant:
            return Register(Date.self, id: id, javaName: JavaInstant.javaClassName, serializer: InstantDateSerializer())
        }
    }
}

/// Swift's `Date` as `java.time.Instant` (Kryo 4 and 5's `InstantSerializer`): the seconds since
/// 1970 as a positive varlong, then the nanosecond of that second as a positive varint.
///
/// The nanoseconds are those nearest to what the `Date` holds below the second, counted from
/// 2001 (the `Date`'s own origin) so that no bit is lost on the way: a `Date` more than 2^23
/// seconds away from 2001 reads back equal (``JavaDateMapping/instant``).
public struct InstantDateSerializer: Serializer {
    /// Seconds from 1970 to 2001, Foundation's reference date.
    private static let referenceEpochSeconds: Int64 = 978_307_200

    /// Creates the serializer.
    public init() {}

    public var isFinal: Bool { true }

    public func write(_ value: Date, to writer: any ValueWriter) throws {
        let instant = try Self.instant(of: value)
        try writer.writeInt64(instant.seconds, forKey: "seconds", encoding: .outputPositive)
        try writer.writeInt32(instant.nanos, forKey: "nanos", encoding: .outputPositive)
    }

    public func read(from reader: any ValueReader) throws -> Date {
        let seconds = try reader.readInt64(forKey: "seconds", encoding: .outputPositive)
        let nanos = try reader.readInt32(forKey: "nanos", encoding: .outputPositive)
        guard (0..<1_000_000_000).contains(nanos) else {
            throw reader.error(.invalidValue, expected: "a nanosecond (0 to 999999999)", found: "\(nanos)")
        }
        return Self.date(seconds: seconds, nanos: nanos)
    }

    /// The instant of `date`: whole seconds since 1970 and the nearest nanosecond.
    static func instant(of date: Date) throws -> (seconds: Int64, nanos: Int32) {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        guard interval.isFinite, let base = Int64(exactly: whole),
            case (var seconds, false) = base.addingReportingOverflow(referenceEpochSeconds)
        else {
            throw SerializationError(
                .unsupported, expected: "a Date within java.time.Instant's range", found: date.described)
        }
        // Exact: the whole seconds are bits of the interval.
        var nanos = ((interval - whole) * 1_000_000_000).rounded()
        if nanos >= 1_000_000_000 {
            nanos -= 1_000_000_000
            seconds += 1
        }
        return (seconds, Int32(nanos))
    }

    /// The date of an instant, counted from 2001 as a `Date` is.
    static func date(seconds: Int64, nanos: Int32) -> Date {
        let (sinceReference, overflow) = seconds.subtractingReportingOverflow(referenceEpochSeconds)
        let whole = overflow ? Double(seconds) - Double(referenceEpochSeconds) : Double(sinceReference)
        return Date(timeIntervalSinceReferenceDate: whole + Double(nanos) / 1_000_000_000)
    }
}

/// A `java.util.Date` subclass of the JDK that Kryo writes with its `DateSerializer` (the default
/// serializer of `Date` and of every subclass, in every release): `java.sql.Date`,
/// `java.sql.Time`, `java.sql.Timestamp` (``javaClassNames``). The milliseconds since 1970,
/// exactly, and the class, so that the value goes back to Java as it came. (Kryo writes a
/// `Timestamp`'s milliseconds only: its nanoseconds below the millisecond never reach the bytes.)
public struct JavaDateSubclass: Hashable, Sendable {
    /// The Java class: one of ``javaClassNames``.
    public var javaClass: String
    /// Milliseconds since 1 January 1970 UTC (Java's `getTime()`).
    public var millisecondsSince1970: Int64
    /// A `Timestamp`'s nanoseconds within its second (`getNanos()`), when the stream holds them:
    /// Kryo's `TimestampSerializer`, which programs register themselves (Apache Flink), writes
    /// them; `DateSerializer` does not.
    public var nanoseconds: Int32?

    /// A value of the Java class `javaClass` (one of ``javaClassNames``).
    public init(javaClass: String, millisecondsSince1970: Int64) {
        self.javaClass = javaClass
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The moment, as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}

extension JavaDateSubclass: JavaClassChosenByValue {
    /// The JDK's `Date` subclasses that read as a ``JavaDateSubclass``.
    public static var javaClassNames: [String] { ["java.sql.Date", "java.sql.Time", "java.sql.Timestamp"] }
    public static var javaClassName: String { "java.sql.Timestamp" }
    public var javaClassNameOfValue: String { javaClass }
    public static var defaultSerializer: AnySerializer { defaultSerializer(forJavaClass: javaClassName) }
    public static func defaultSerializer(forJavaClass name: String) -> AnySerializer {
        AnySerializer(JavaDateSubclassSerializer(javaClass: name))
    }
}

/// Kryo's `DateSerializer` for a ``JavaDateSubclass`` of one Java class: the milliseconds since
/// 1970 as a positive-optimized variable-length long, the class named by the registration.
public struct JavaDateSubclassSerializer: Serializer {
    /// The Java class of the values this serializer reads.
    public let javaClass: String

    /// A serializer of values read as the Java class `javaClass`.
    public init(javaClass: String) { self.javaClass = javaClass }

    public func write(_ value: JavaDateSubclass, to writer: any ValueWriter) throws {
        try writer.writeInt64(value.millisecondsSince1970, forKey: "time", encoding: .outputPositive)
    }

    public func read(from reader: any ValueReader) throws -> JavaDateSubclass {
        JavaDateSubclass(
            javaClass: javaClass, millisecondsSince1970: try reader.readInt64(forKey: "time", encoding: .outputPositive)
        )
    }

    public func copy(_ value: JavaDateSubclass, with copier: ValueCopier) throws -> JavaDateSubclass { value }
}

/// Kryo's `DefaultSerializers.TimestampSerializer`, which Java programs register for
/// `java.sql.Timestamp` themselves (Apache Flink does): the whole seconds' milliseconds as a
/// positive varlong, then the nanoseconds within the second as a positive varint.
public struct KryoTimestampSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public var isFinal: Bool { true }

    public func write(_ value: JavaDateSubclass, to writer: any ValueWriter) throws {
        // Without nanoseconds, those of the milliseconds (Java's `new Timestamp(millis)`).
        let nanos = value.nanoseconds ?? Int32(((value.millisecondsSince1970 % 1000) + 1000) % 1000) * 1_000_000
        let integral = value.millisecondsSince1970 - Int64(nanos / 1_000_000)
        try writer.writeInt64(integral, forKey: "time", encoding: .outputPositive)
        try writer.writeInt32(nanos, forKey: "nanos", encoding: .positive)
    }

    public func read(from reader: any ValueReader) throws -> JavaDateSubclass {
        let integral = try reader.readInt64(forKey: "time", encoding: .outputPositive)
        let nanos = try reader.readInt32(forKey: "nanos", encoding: .positive)
        guard (0..<1_000_000_000).contains(nanos) else {
            throw reader.error(.invalidValue, expected: "nanoseconds from 0 to 999999999", found: "\(nanos)")
        }
        let (millis, overflow) = integral.addingReportingOverflow(Int64(nanos / 1_000_000))
        guard !overflow else { throw reader.error(.invalidValue, expected: "a time in range", found: "\(integral) ms") }
        var value = JavaDateSubclass(javaClass: "java.sql.Timestamp", millisecondsSince1970: millis)
        value.nanoseconds = nanos
        return value
    }

    public func copy(_ value: JavaDateSubclass, with copier: ValueCopier) throws -> JavaDateSubclass { value }
}

extension Date {
    /// The date as an error message names it: its description within the years 1 to 9999, else
    /// its seconds since 1970 (Foundation's description traps on a time that is not a number,
    /// and has none for the others).
    package var described: String {
        let seconds = timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 250_000_000_000 else { return "\(seconds) seconds since 1970" }
        return "\(self)"
    }
}
