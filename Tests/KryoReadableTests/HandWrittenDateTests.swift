import Foundation
import SwiftKryo
import Testing

/// Dates and times written by hand as ISO 8601 text where the schema declares a `java.util.Date`
/// or a `java.time` value: read as the library's own forms would be.
@Suite struct HandWrittenDateTests {
    static let schema = """
        package: cal
        settings: {dialect: kryo5}
        classes:
          - class: Event
            fields:
              when: java.util.Date
              at: java.time.Instant
              day: java.time.LocalDate
              time: java.time.LocalTime
              start: java.time.LocalDateTime
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "cal.Event") }

    func event(_ fields: String) throws -> DynamicObject { try document.object(fields) }

    /// A date whose time is not a number, or infinite (`"NS.time": NaN` in a document, `nan` in a
    /// plist), reads, and writing it for Java is an error naming it, not a trap in Foundation's
    /// description of the date.
    @Test(arguments: [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")])
    func aDateJavaCannotHoldIsAnError(time: Double, text: String) throws {
        let json =
            #"{"$class": "cal.Event", "when": {"$class": "NSDate", "NS.time": "\#(text == "nan" ? "NaN" : text == "inf" ? "Infinity" : "-Infinity")"}}"#
        let event = try #require(
            try document.codec.decode(Any?.self, from: Array(json.utf8)) as? DynamicObject)
        let codec = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let error = try #require(throws: SerializationError.self) { try codec.encode(event) }
        #expect(error.expected == "a Date within Java's range")
        #expect(error.found == "\(text) seconds since 1970")
        #expect(error.path == ["when"])
        #expect(throws: SerializationError.self) {
            try KryoCodec(registry: Registry(), dialect: .v2).encode(Date(timeIntervalSince1970: time))
        }
    }

    @Test func everyFormReadsAsTheValueItNames() throws {
        let event = try event(
            #""when": "2023-11-14T22:13:20.123Z", "at": "2023-11-14T23:13:20.000000005+01:00", "#
                + #""day": "2024-02-29", "time": "07:30:15.25", "start": "-0044-03-15T12:00""#)
        #expect(event.fields["when"] as? Date == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(event.fields["at"] as? JavaInstant == JavaInstant(seconds: 1_700_000_000, nanos: 5))
        #expect(event.fields["day"] as? JavaLocalDate == JavaLocalDate(year: 2024, month: 2, day: 29))
        #expect(
            event.fields["time"] as? JavaLocalTime
                == JavaLocalTime(hour: 7, minute: 30, second: 15, nanosecond: 250_000_000))
        #expect(
            event.fields["start"] as? JavaLocalDateTime
                == JavaLocalDateTime(
                    date: JavaLocalDate(year: -44, month: 3, day: 15), time: JavaLocalTime(hour: 12)))
    }

    @Test func aDateAloneIsMidnightAndTextWithoutAnOffsetIsUTC() throws {
        let event = try event(#""when": "1970-01-02", "at": "1970-01-01T00:01:00""#)
        #expect(event.fields["when"] as? Date == Date(timeIntervalSince1970: 86_400))
        #expect(event.fields["at"] as? JavaInstant == JavaInstant(seconds: 60))
    }

    /// A leap second is the second before it for an instant, as Java's `Instant.parse` takes it;
    /// a local time has none, and `:60` anywhere else is no time.
    @Test func aLeapSecond() throws {
        let event = try event(#""when": "2016-12-31T23:59:60Z", "at": "2016-12-31T23:59:60.5Z""#)
        #expect(event.fields["when"] as? Date == Date(timeIntervalSince1970: 1_483_228_799))
        #expect(event.fields["at"] as? JavaInstant == JavaInstant(seconds: 1_483_228_799, nanos: 500_000_000))
        for fields in [#""time": "23:59:60""#, #""when": "2016-12-31T22:59:60Z""#] {
            #expect(throws: SerializationError.self) { try self.event(fields) }
        }
    }

    /// A `Date` holds whole milliseconds, rounded down as Java's `Date.from(Instant.parse(…))`
    /// rounds them (before 1970 too), not to the nearest; the Kryo bytes hold those milliseconds.
    @Test(arguments: [
        ("1969-12-31T23:59:59.9995Z", -1), ("2020-01-01T00:00:00.0009Z", 1_577_836_800_000),
        ("2020-01-01T00:00:00.999999999Z", 1_577_836_800_999), ("1969-12-31T23:59:59.000001Z", -1000),
    ])
    func subMillisecondDigitsAreCutAsJavaCutsThem(text: String, milliseconds: Int64) throws {
        let event = try event(#""when": "\#(text)""#)
        #expect(event.fields["when"] as? Date == Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        let codec = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let back = try #require(try codec.decode(Any?.self, from: try codec.encode(event)) as? DynamicObject)
        #expect(back.fields["when"] as? Date == Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    @Test func theLibrarysOwnFormsStillRead() throws {
        let event = try event(
            #""when": {"$class": "NSDate", "NS.time": 0}, "day": {"$class": "java.time.LocalDate", "#
                + #""year": 2026, "month": 11, "day": 26}"#)
        #expect(event.fields["when"] as? Date == Date(timeIntervalSinceReferenceDate: 0))
        #expect(event.fields["day"] as? JavaLocalDate == JavaLocalDate(year: 2026, month: 11, day: 26))
    }

    @Test(arguments: [
        ("when", "2023-02-29"),  // not a leap year
        ("when", "2024-13-01"),
        ("when", "2024-01-01T24:00"),
        ("when", "2024-01-01T10:60"),
        ("when", "2024-01-01T10:00:00+19:00"),  // more than 18 hours
        ("when", "2024-01-01T10:00:00.1234567891Z"),  // ten digits of fraction
        ("when", "2024-01-01T10:00:00Z tomorrow"),
        ("when", "10:00"),  // no date for an instant
        ("day", "2024-01-01T10:00"),  // a time for a date
        ("time", "2024-01-01"),
        ("start", "2024-01-01T10:00Z"),  // an offset for a local date-time
        ("when", "yesterday"),
    ])
    func textThatNamesNoSuchValueIsAnErrorAtItsField(field: String, text: String) throws {
        #expect {
            _ = try event("\"\(field)\": \"\(text)\"")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("invalidValue: expected ISO 8601 text such as 2026-11-26")
                && message.hasSuffix("found \"\(text)\" (path: \(field))")
        }
    }
}
