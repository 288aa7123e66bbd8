import Foundation
import SwiftKryo
import Testing

/// `Register.date(as:)`: how Swift's `Date` maps in the Kryo binary.
@Suite struct DateMappingTests {
    struct Stamped: Codable, Equatable {
        var at: Date
        var counts: [String: Int]
    }

    /// A date with digits below the microsecond (what `Date()` has).
    static let precise = Date(timeIntervalSinceReferenceDate: 700_000_000.123456789)

    static let dialects: [KryoDialect] = [.v2, .v4, .v5]

    static func options(_ dialect: KryoDialect) -> SerializationOptions {
        var options = dialect.defaultOptions
        options.registrationRequired = false
        return options
    }

    @Test("As java.time.Instant, a Codable value holding Date() comes back equal", arguments: dialects)
    func instantRoundTrip(_ dialect: KryoDialect) throws {
        let registry = try Registry {
            Register.date(as: .instant)
            Register(Stamped.self, id: 61)
        }
        for date in [Date(), Self.precise, Date(timeIntervalSince1970: -1_234_567.000_001), Date.distantFuture] {
            let value = Stamped(at: date, counts: ["a": 1])
            let data = try registry.encode(value, as: .kryo(dialect), options: Self.options(dialect))
            let back = try registry.decode(Stamped.self, from: data, as: .kryo(dialect), options: Self.options(dialect))
            #expect(back == value, "\(date.timeIntervalSinceReferenceDate)")
        }
    }

    /// `new Date(Long.MAX_VALUE)` and `Long.MIN_VALUE`, Java's "never" and "always": a `Double`
    /// holds them rounded, and they are written back as the same longs (a variable-length long
    /// of nine bytes), through a readable document too.
    @Test(arguments: [
        (Int64.max, [UInt8](repeating: 0xFF, count: 8) + [0x7F]),
        (Int64.min, [UInt8](repeating: 0x80, count: 9)),
    ])
    func javaSentinelDatesComeBack(_ millis: Int64, _ varLong: [UInt8]) throws {
        let registry = try Registry()
        // As the Kryo reader makes it from the long.
        let date = Date(timeIntervalSince1970: Double(millis) / 1000)
        let readable = ReadableCodec(registry: registry, format: .json)
        let throughJSON = try readable.decode(Date.self, from: try readable.encode(date))
        for dialect in Self.dialects {
            let codec = KryoCodec(registry: registry, dialect: dialect, options: Self.options(dialect))
            for value in [date, throughJSON] {
                #expect(Array(try codec.encode(value).suffix(9)) == varLong, "\(dialect)")
            }
        }
    }

    @Test("As java.util.Date (the default), a Date keeps milliseconds only", arguments: dialects)
    func utilDateLosesMicroseconds(_ dialect: KryoDialect) throws {
        let registry = try Registry { Register(Stamped.self, id: 61) }
        let value = Stamped(at: Self.precise, counts: [:])
        let data = try registry.encode(value, as: .kryo(dialect), options: Self.options(dialect))
        let back = try registry.decode(Stamped.self, from: data, as: .kryo(dialect), options: Self.options(dialect))
        #expect(back != value)
        #expect(abs(back.at.timeIntervalSince(value.at)) < 0.000_5)
    }

    @Test("The Instant's bytes: seconds since 1970 and the nearest nanosecond")
    func instantBytes() throws {
        let registry = try Registry { Register.date(as: .instant, id: 40) }
        let options = SerializationOptions(references: false)
        let bytes = try registry.encode(Self.precise, as: .kryo(.v5), options: options)
        // The same bytes as the JavaInstant Java writes: Instant.ofEpochSecond(1678307200, 123456836).
        let instant = try Registry { Register(JavaInstant.self, id: 40) }.encode(
            JavaInstant(seconds: 1_678_307_200, nanos: 123_456_836), as: .kryo(.v5), options: options)
        #expect(bytes == instant)
        // Either form reads as a Date.
        let back = try registry.decode(Date.self, from: bytes, as: .kryo(.v5), options: options)
        #expect(back == Self.precise)
        let millis = try Registry().encode(Self.precise, as: .kryo(.v2))
        let fromMillis = try registry.decode(Any?.self, from: millis, as: .kryo(.v2))
        #expect((fromMillis as? Date).map { abs($0.timeIntervalSince(Self.precise)) < 0.001 } == true)
    }

    @Test("Keyed archives and readable documents keep a Date exactly, whatever the mapping")
    func otherFormats() throws {
        let registry = try Registry { Register(Stamped.self, id: 61) }
        let value = Stamped(at: Self.precise, counts: ["b": 2, "a": 1])
        for format in [SerializationFormat.keyedArchive(.binary), .readable(.json)] {
            let data = try registry.encode(value, as: format)
            #expect(try registry.decode(Stamped.self, from: data, as: format) == value, "\(format)")
        }
    }
}
