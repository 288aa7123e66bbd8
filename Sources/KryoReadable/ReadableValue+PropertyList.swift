import KryoCore
import KryoPlist

extension ReadableValue {
    /// The value as a property list of `layout` holds it: `null`, which plists cannot hold,
    /// becomes `{"$class": "NSNull"}`, as HRCoder writes it; in XML, whose `<date>` has whole
    /// seconds only, a date with a fraction of a second becomes `{"$class": "NSDate", "NS.time": …}`
    /// (JSON's form) so that it comes back exactly.
    public func propertyListValue(layout: PropertyListFormat) -> PropertyListValue {
        switch self {
        case .null: return .dictionary([ReadableKeys.className: .string("NSNull")])
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .unsignedInteger(let number): return .unsignedInteger(number)
        case .real(let number): return .real(number)
        case .string(let string): return .string(string)
        case .data(let bytes): return .data(bytes)
        case .date(let seconds):
            guard layout == .xml, seconds.rounded() != seconds || abs(seconds) > PlistDate.maximumMagnitude else {
                return .date(seconds)
            }
            return .dictionary([ReadableKeys.className: .string("NSDate"), FoundationCoderKeys.time: .real(seconds)])
        case .array(let elements): return .array(elements.map { $0.propertyListValue(layout: layout) })
        case .dictionary(let entries): return .dictionary(entries.mapValues { $0.propertyListValue(layout: layout) })
        }
    }

    /// The readable value of a property list.
    ///
    /// - Throws: `SerializationError` for a keyed archive's UID, which a readable document never
    ///   holds, naming its key path.
    public init(propertyList value: PropertyListValue) throws {
        switch value {
        case .string(let string): self = .string(string)
        case .integer(let number): self = .integer(number)
        case .unsignedInteger(let number): self = .unsignedInteger(number)
        case .real(let number): self = .real(number)
        case .float(let number): self = .real(Double(number))
        case .bool(let flag): self = .bool(flag)
        case .date(let seconds): self = .date(seconds)
        case .data(let bytes): self = .data(bytes)
        case .array(let elements):
            var result: [ReadableValue] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do {
                    result.append(try ReadableValue(propertyList: element))
                } catch var error as SerializationError {
                    error.path.insert(String(index), at: 0)
                    throw error
                }
            }
            self = .array(result)
        case .dictionary(let entries):
            var result = ReadableDictionary(minimumCapacity: entries.count)
            for (key, element) in entries {
                do {
                    result[key] = try ReadableValue(propertyList: element)
                } catch var error as SerializationError {
                    error.path.insert(key, at: 0)
                    throw error
                }
            }
            self = .dictionary(result)
        case .uid(let uid):
            throw SerializationError(
                .invalidValue, expected: "a readable document (a plist without UIDs)",
                found: "the UID \(uid) of a keyed archive")
        }
    }
}
