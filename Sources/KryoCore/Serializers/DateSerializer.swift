import FoundationEssentials

/// `java.util.Date`: milliseconds since 1970 as a positive-optimized variable-length long.
/// Sub-millisecond precision is rounded to the nearest millisecond.
public struct DateSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public func write(_ value: Date, to writer: any ValueWriter) throws {
        let millis = (value.timeIntervalSince1970 * 1000).rounded()
        guard millis >= -9_223_372_036_854_775_808, millis < 9_223_372_036_854_775_808 else {
            throw SerializationError(.unsupported, expected: "a Date within Java's range", found: "\(value)")
        }
        try writer.writeInt64(Int64(millis), forKey: "time", encoding: .outputPositive)
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
