// TEMPORARY: replaced by the plist branch.
import KryoCore

public enum PropertyList {
    public static func decode(_ bytes: [UInt8]) throws -> (value: PropertyListValue, format: PropertyListFormat) {
        throw SerializationError(.unsupported, expected: "", found: "")
    }
    public static func encode(_ value: PropertyListValue, format: PropertyListFormat) throws -> [UInt8] { [] }
}
