import Foundation
import SwiftKryo
import Testing

/// The JDK types beyond the basics, without the Java peer: bad input and the Swift-side models.
/// (Their bytes are checked against Java Kryo 2.20 in JavaInteropTests.)
@Suite struct JavaTypeTests {
    let codec: KryoCodec

    init() throws { codec = KryoCodec(registry: try Registry()) }

    /// The class-name prefix Java writes for an unregistered class, and the reference marker.
    private func named(_ javaName: String) -> [UInt8] {
        let output = KryoOutput()
        output.writeByte(0x01)
        output.writeByte(0x00)
        output.writeString(javaName)
        output.writeByte(0x01)
        return output.buffer
    }

    @Test(arguments: [
        ("0", [0x00] as [UInt8]), ("255", [0x00, 0xFF]), ("-1", [0xFF]), ("-128", [0x80]), ("128", [0x00, 0x80]),
        ("-129", [0xFF, 0x7F]), ("9223372036854775807", [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        ("-9223372036854775808", [0x80, 0, 0, 0, 0, 0, 0, 0]),
        ("18446744073709551616", [0x01, 0, 0, 0, 0, 0, 0, 0, 0]),
    ])
    func bigIntegerBytesAndText(_ text: String, _ bytes: [UInt8]) throws {
        let value = try #require(JavaBigInteger(text))
        #expect(value.twosComplementBytes == bytes)
        #expect(value.description == text)
        #expect(JavaBigInteger(twosComplement: bytes) == value)
        // Redundant sign bytes are dropped.
        let sign: UInt8 = bytes[0] & 0x80 != 0 ? 0xFF : 0x00
        #expect(JavaBigInteger(twosComplement: [sign, sign] + bytes) == value)
    }

    @Test func bigIntegerFromSwiftIntegers() throws {
        #expect(JavaBigInteger(Int64.min).description == "-9223372036854775808")
        #expect(JavaBigInteger(UInt64.max).description == "18446744073709551615")
        #expect(JavaBigInteger(-42).int64Value == -42)
        #expect(JavaBigInteger("123456789012345678901234567890")?.int64Value == nil)
        #expect(JavaBigInteger("12a") == nil)
        #expect(JavaBigInteger("-") == nil)
    }

    @Test func aBigIntegerLongerThanTheInputIsAnError() throws {
        let error = try #require(decodeError(codec, named("java.math.BigInteger") + [0xE8, 0x07, 0x01]))
        #expect(error.kind == .lengthExceedsInput)
    }

    @Test func aBigDecimalBeyondDecimalIsAnErrorNotARoundedValue() throws {
        // 40 digits of unscaled value.
        let unscaled = try #require(JavaBigInteger(String(repeating: "9", count: 40)))
        let output = KryoOutput()
        output.writeVarInt32(Int32(unscaled.twosComplementBytes.count + 1), optimizePositive: true)
        unscaled.twosComplementBytes.withUnsafeBytes { output.writeBytes($0) }
        output.writeVarInt32(0, optimizePositive: false)
        let bytes = named("java.math.BigDecimal") + output.buffer
        // Read untyped, it is a JavaBigDecimal, whatever its size; as a Decimal, an error.
        #expect(
            try codec.decode(Any?.self, from: bytes) as? JavaBigDecimal
                == JavaBigDecimal(unscaledValue: unscaled, scale: 0))
        #expect(throws: SerializationError.self) { try codec.decode(Decimal.self, from: bytes) }
        let typed = KryoCodec(registry: codec.registry, framing: .object, options: .init(references: false))
        let error = try #require(decodeError(typed, output.buffer, as: Decimal.self))
        #expect(error.kind == .unsupported)
        #expect(error.found.contains("9999"))
        // A scale beyond Decimal's exponents.
        let tiny = try #require(decodeError(typed, [0x02, 0x01, 0xFE, 0x03], as: Decimal.self))
        #expect(tiny.kind == .unsupported)
    }

    @Test func decimalsRoundTrip() throws {
        for text in [
            "0", "1.5", "-12300000", "0.000000000000000000000000000000000001",
            "-99999999999999999999999999999999999999",
        ] {
            let value = try #require(Decimal(string: text))
            #expect(try codec.decode(Decimal.self, from: try codec.encode(value)) == value, "\(text)")
        }
        #expect(throws: SerializationError.self) { try codec.encode(Decimal.nan) }
    }

    @Test func anUnknownTimeZoneOrCurrencyIsAnError() throws {
        let zone = try #require(
            decodeError(codec, named("sun.util.calendar.ZoneInfo") + [0x4E, 0x6F, 0x2F, 0x57, 0x68, 0x65, 0x72, 0xE5]))
        #expect(zone.kind == .invalidValue)
        #expect(zone.found.contains("No/Where"))
        let currency = try #require(decodeError(codec, named("java.util.Currency") + [0x45, 0xB5]))
        #expect(currency.kind == .invalidValue)
    }

    @Test func calendarFieldsOutOfRangeAreErrors() throws {
        // UTC, time 0, lenient, first day of week 9.
        let error = try #require(
            decodeError(codec, named("java.util.GregorianCalendar") + [0x55, 0x54, 0xC3, 0x00, 0x01, 0x09, 0x01, 0x00]))
        #expect(error.kind == .invalidValue)
        #expect(error.expected.contains("first day of week"))
    }

    @Test func everyTruncationOfEachTypeIsAnError() throws {
        let values: [Any] = [
            JavaStringBuilder("héllo"), JavaStringBuffer("abc"), Locale.Currency("JPY"),
            TimeZone(identifier: "America/New_York")!, JavaBigInteger("-98765432109876543210")!,
            JavaBigDecimal("-3.25")!,
            JavaCalendar(date: Date(timeIntervalSince1970: 1_000), timeZone: TimeZone(identifier: "Asia/Tokyo")!),
        ]
        for value in values {
            let bytes = try codec.encode(value)
            #expect(deepEqual(try codec.decode(Any?.self, from: bytes), value), "\(value)")
            for length in 0..<bytes.count {
                let error = try #require(
                    decodeError(codec, Array(bytes[..<length])), "\(value): prefix \(length) decoded")
                #expect(error.kind == .truncatedInput || error.kind == .lengthExceedsInput, "\(error)")
            }
        }
    }

    @Test func utcIsWrittenAsJavasUTC() throws {
        // Foundation calls it GMT; Java code says UTC.
        let bytes = try codec.encode(TimeZone(identifier: "UTC")!)
        #expect(hex(Array(bytes.suffix(3))) == "55 54 c3")
    }

    @Test func aCustomOffsetIsWrittenAsJavaNormalizesIt() throws {
        // Java's TimeZone.getTimeZone("GMT+5:30").getID() is "GMT+05:30"; Foundation says GMT+0530.
        for (id, java) in [("GMT+05:30", "GMT+05:30"), ("GMT-0800", "GMT-08:00"), ("GMT+5:30", "GMT+05:30")] {
            guard let zone = TimeZone(identifier: id) else { continue }
            let bytes = try codec.encode(zone)
            #expect(
                hex(Array(bytes.suffix(java.utf8.count))) == hex(Array(java.utf8.dropLast()) + [java.utf8.last! | 0x80])
            )
            #expect((try codec.decode(Any?.self, from: bytes) as? TimeZone)?.secondsFromGMT() == zone.secondsFromGMT())
        }
    }
}

/// Java's `BigDecimal` with its scale: text forms as Java's `toString()` and `new BigDecimal(String)`.
@Suite struct JavaBigDecimalTests {
    @Test(arguments: [
        ("19.90", "1990", 2), ("-1.230E+6", "-1230", -3), ("0", "0", 0), ("0.000001", "1", 6),
        ("1E-7", "1", 7), ("7E+120", "7", -120), ("-12345678901234567890.5", "-123456789012345678905", 1),
        // The ends of the scale: what `toString()` gives reads back, though Java's parser
        // refuses an exponent beyond `int`.
        ("-1E+2147483648", "-1", Int32.min), ("1.2E+2147483649", "12", Int32.min), ("1E-2147483647", "1", Int32.max),
    ])
    func textForms(_ text: String, _ unscaled: String, _ scale: Int32) throws {
        let value = try #require(JavaBigDecimal(text))
        #expect(value.unscaledValue == JavaBigInteger(unscaled))
        #expect(value.scale == scale)
        #expect(value.description == text)
    }

    @Test func javaSpellingsParse() throws {
        #expect(JavaBigDecimal("+1.5e2")?.description == "1.5E+2")  // unscaled 15, scale -1, as Java
        #expect(JavaBigDecimal("1.50")?.scale == 2)
        for bad in [
            "", "-", "1..2", "1e", "e5", "1.2.3", "١٢", "1e99999999999", "1e-9223372036854775808", "1E+2147483649",
            "1E-2147483648",
        ] {
            #expect(JavaBigDecimal(bad) == nil)
        }
    }

    @Test func decimalConversionsKeepTheValue() throws {
        let price = try #require(JavaBigDecimal("19.90"))
        #expect(price.decimalValue == Decimal(string: "19.9"))
        #expect(JavaBigDecimal(Decimal(string: "-0.25")!) == JavaBigDecimal("-0.25"))
        #expect(JavaBigDecimal("1E+200")?.decimalValue == nil)  // beyond Decimal's exponents
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func scaleSurvivesEveryFormat(_ dialect: KryoDialect) throws {
        let registry = try Registry {
            Register(JavaBigDecimal.self, id: 30)
            Register(JavaBigInteger.self, id: 31)
            Register([Any?].self, id: 32)
        }
        let value: [Any?] = [JavaBigDecimal("19.90")!, JavaBigDecimal("-1.230E+6")!, JavaBigInteger(-300)]
        let bytes = try registry.encode(value as Any?, as: .kryo(dialect))
        let back = try registry.decode([Any?].self, from: bytes, as: .kryo(dialect))
        #expect(back.map { "\($0 ?? "nil")" } == ["19.90", "-1.230E+6", "-300"])
        for format in [SerializationFormat.readable(.json), .keyedArchive(.binary)] {
            let document = try registry.encode(value as Any?, as: format)
            let read = try registry.decode([Any?].self, from: document, as: format)
            #expect(try registry.encode(read as Any?, as: .kryo(dialect)) == bytes, "\(format)")
        }
        let json = String(
            decoding: try registry.encode(JavaBigDecimal("19.90")! as Any?, as: .readable(.json)), as: UTF8.self)
        #expect(json.contains("\"19.90\""))
    }
}

/// `java.nio.charset.Charset` values: the JDK class of each charset, kept through every format.
@Suite struct JavaCharsetTests {
    @Test(arguments: [KryoDialect.v4, .v5])
    func charsetsNameTheirJDKClass(_ dialect: KryoDialect) throws {
        let codec = KryoCodec(registry: try Registry(), dialect: dialect, options: .init(references: false))
        let bytes = try codec.encode([JavaCharset("UTF-8"), JavaCharset("ISO-8859-1")] as [Any?])
        let text = String(decoding: bytes.filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
        #expect(text.contains("sun.nio.cs.UTF_") && text.contains("sun.nio.cs.ISO_8859_"))
        let back = try codec.decode([Any?].self, from: bytes)
        #expect(back.compactMap { ($0 as? JavaCharset)?.name } == ["UTF-8", "ISO-8859-1"])
        #expect(try codec.encode(back) == bytes)
    }

    @Test func aCharsetOfAnotherClassKeepsIt() throws {
        // windows-1252 is a sun.nio.cs.MS1252 in the JDK: read by that name, written back as it.
        let registry = try Registry()
        let codec = KryoCodec(
            registry: registry, dialect: .v5, options: .init(references: false, registrationRequired: false))
        let original = try codec.encode(JavaCharset(name: "windows-1252", javaClass: "sun.nio.cs.MS1252") as Any?)
        let back = try #require(try codec.decode(Any?.self, from: original) as? JavaCharset)
        #expect(back == JavaCharset(name: "windows-1252", javaClass: "sun.nio.cs.MS1252"))
        let json = try registry.encode(back as Any?, as: .readable(.json))
        #expect(try registry.decode(JavaCharset.self, from: json, as: .readable(.json)) == back)
    }
}

/// A zone id read from input may be anything: an offset too large is no time zone, never a trap.
@Test func zonedDateTimeWithAnAbsurdOffsetHasNoTimeZone() {
    let dateTime = JavaLocalDateTime(
        date: JavaLocalDate(year: 2024, month: 1, day: 2), time: JavaLocalTime(hour: 3))
    #expect(JavaZonedDateTime(dateTime: dateTime, zoneID: "+9223372036854775807:00").timeZone == nil)
    #expect(JavaZonedDateTime(dateTime: dateTime, zoneID: "+01:30").timeZone?.secondsFromGMT() == 5400)
}
