import FoundationEssentials

/// Java's `Currency` as Foundation's `Locale.Currency`: the ISO 4217 code as a string. Java's
/// serializer accepts null (a null string), so a currency carries no nil marker of its own.
public struct CurrencySerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }
    public func write(_ value: Locale.Currency, to writer: any ValueWriter) throws {
        try writer.writeString(value.identifier, forKey: "currencyCode")
    }
    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeString(nil, forKey: "currencyCode")
    }
    public func read(from reader: any ValueReader) throws -> Locale.Currency {
        guard let currency = try readNilable(from: reader) else {
            throw reader.error(.invalidValue, expected: "a currency code", found: "null")
        }
        return currency
    }
    public func readNilable(from reader: any ValueReader) throws -> Locale.Currency? {
        guard let code = try reader.readString(forKey: "currencyCode") else { return nil }
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw reader.error(.invalidValue, expected: "an ISO 4217 currency code such as CHF", found: "\"\(code)\"")
        }
        // Java's bytes name a code Java knows (its JDK may know newer ones than the list); a
        // document's must be one, or the Java program reading the bytes throws.
        guard reader.isPositional || JavaCurrencyCodes.known.contains(code) else {
            throw reader.error(
                .invalidValue, expected: "a currency code Java's Currency.getInstance takes (ISO 4217, such as CHF)",
                found: "\"\(code)\"")
        }
        return Locale.Currency(code)
    }
}

extension Locale.Currency: JavaRepresentable {
    public static var javaClassName: String { "java.util.Currency" }
    public static var defaultSerializer: AnySerializer { AnySerializer(CurrencySerializer()) }
}

/// Java's `TimeZone` (any subclass: `sun.util.calendar.ZoneInfo`, `SimpleTimeZone`) as
/// Foundation's `TimeZone`: its id as a string. An id Foundation does not know is an error.
///
/// Foundation does not tell UTC from GMT (`TimeZone(identifier: "UTC")` is "GMT"), while Java
/// does; Swift writes that zone as "UTC", the id Java code uses for it. A custom offset is written
/// as Java normalizes it (`GMT+05:30`; Foundation says `GMT+0530`).
public struct TimeZoneSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public func write(_ value: TimeZone, to writer: any ValueWriter) throws {
        try writer.writeString(TimeZoneSerializer.javaID(value), forKey: "id")
    }

    static func javaID(_ zone: TimeZone) -> String {
        let id = zone.identifier
        if id == "GMT" { return "UTC" }
        // A custom offset: Foundation spells it `GMT+0530`, Java's `TimeZone.getTimeZone`
        // normalizes it to `GMT+05:30`.
        let characters = Array(id.utf8)
        if characters.count == 8, id.hasPrefix("GMT"),
            characters[3] == UInt8(ascii: "+") || characters[3] == UInt8(ascii: "-"),
            characters[4...].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        {
            return String(id.prefix(6)) + ":" + String(id.suffix(2))
        }
        return id
    }
    public func read(from reader: any ValueReader) throws -> TimeZone {
        guard let id = try reader.readString(forKey: "id") else {
            throw reader.error(.invalidValue, expected: "a time zone id", found: "null")
        }
        return try TimeZoneSerializer.timeZone(id, reader)
    }

    static func timeZone(_ id: String, _ reader: any ValueReader) throws -> TimeZone {
        guard let zone = TimeZone(identifier: id) else {
            throw reader.error(.invalidValue, expected: "a time zone id Foundation knows", found: "\"\(id)\"")
        }
        return zone
    }
}

extension TimeZone: JavaRepresentable {
    /// The class `TimeZone.getTimeZone(id)` returns, which Java writes for unregistered zones.
    public static var javaClassName: String { "sun.util.calendar.ZoneInfo" }
    public static var defaultSerializer: AnySerializer { AnySerializer(TimeZoneSerializer()) }
}
