import SwiftKryo
import Testing

/// `java.time` values written by hand in the form the tool writes them (`{"seconds": …, "nanos":
/// …}`, `{"hour": …}`): a misspelt or extra key, which would read as a part left at 0, and a zone
/// Java does not know, which Java's `ZoneId.of` refuses, are errors naming the key.
@Suite struct HandWrittenJavaTimeObjectTests {
    static let schema = """
        package: cal
        settings: {dialect: kryo5}
        classes:
          - class: Plan
            fields:
              elapsed: java.time.Duration
              alarm: java.time.LocalTime
              savedAt: java.time.ZonedDateTime
              period: java.time.Period
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "cal.Plan") }

    @Test func theWrittenFormsRead() throws {
        let plan = try document.object(
            #""elapsed": {"seconds": 5400, "nanos": 7}, "alarm": {"hour": 7, "minute": 30}, "#
                + #""savedAt": {"year": 2024, "month": 3, "day": 1, "hour": 10, "zone": "Europe/Paris"}, "#
                + #""period": {"years": 1, "days": 2}"#)
        #expect(plan.fields["elapsed"] as? Duration == .seconds(5400) + .nanoseconds(7))
        #expect(plan.fields["alarm"] as? JavaLocalTime == JavaLocalTime(hour: 7, minute: 30))
        #expect((plan.fields["savedAt"] as? JavaZonedDateTime)?.zoneID == "Europe/Paris")
        #expect(plan.fields["period"] as? JavaPeriod == JavaPeriod(years: 1, months: 0, days: 2))
    }

    @Test(arguments: [
        (#""elapsed": {"seconds": 5400, "nano": 7}"#, "java.time.Duration (nanos, seconds)", ["elapsed", "nano"]),
        (#""elapsed": {"second": 5400}"#, "java.time.Duration (nanos, seconds)", ["elapsed", "second"]),
        (
            #""alarm": {"hour": 7, "minutes": 30}"#, "java.time.LocalTime (hour, minute, nano, second)",
            ["alarm", "minutes"]
        ),
        (#""period": {"years": 1, "weeks": 2}"#, "java.time.Period (days, months, years)", ["period", "weeks"]),
    ])
    func aKeyNotOfTheValueIsAnError(fields: String, owner: String, path: [String]) throws {
        let error = try #require(throws: SerializationError.self) { try document.object(fields) }
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a key of \(owner)")
        #expect(error.path == path)
    }

    @Test func aZoneJavaDoesNotKnowIsAnError() throws {
        let error = try #require(throws: SerializationError.self) {
            try document.object(#""savedAt": {"year": 2024, "month": 3, "day": 1, "zone": "Europe/Pariss"}"#)
        }
        #expect(error.found == #""Europe/Pariss""#)
        #expect(error.expected.hasPrefix("a zone id Java knows"))
        #expect(error.path == ["savedAt", "zone"])
        // Offsets and the fixed zones Java's `ZoneId.of` takes without the tz database.
        for zone in ["Z", "+01:00", "-5", "UTC", "GMT+02:00", "America/Argentina/Buenos_Aires"] {
            let plan = try document.object(#""savedAt": {"year": 2024, "month": 3, "day": 1, "zone": "\#(zone)"}"#)
            #expect((plan.fields["savedAt"] as? JavaZonedDateTime)?.zoneID == zone)
        }
    }
}
