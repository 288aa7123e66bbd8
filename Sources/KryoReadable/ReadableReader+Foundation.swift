import Foundation
import KryoCore
import KryoPlist
import OrderedCollections

/// How the Foundation classes a readable document names in `$class` are read: the forms
/// ``ReadableWriter`` writes and HRCoder's (`NSDate` with `NS.time`, `NSData` and
/// `NSMutableData` with `$data`, `NSNull`…).
///
/// Immutable values come out as Swift values (`String`, `Data`, `Date`, `URL`, `UUID`, `[Any?]`,
/// `[AnyHashable: Any?]`, `Set<AnyHashable>`, `OrderedSet<AnyHashable>`); `NSMutableString` and
/// `NSMutableData` keep their class, so that an object aliased twice stays one object.
struct ReadableFoundation: Sendable {
    /// Decodes an object's dictionary; `nil` for `NSNull`.
    let decode: @Sendable (ReadableReader, ReadableDictionary, DeclaredType?) throws -> Any?

    static let byClassName: [String: ReadableFoundation] = [
        "NSString": ReadableFoundation { reader, entries, _ in try reader.foundationString(entries) },
        "NSMutableString": ReadableFoundation { reader, entries, _ in
            NSMutableString(string: try reader.foundationString(entries))
        },
        "NSData": ReadableFoundation { reader, entries, _ in Data(try reader.bytes(in: entries)) },
        "NSMutableData": ReadableFoundation { reader, entries, _ in
            let bytes = try reader.bytes(in: entries)
            return NSMutableData(bytes: bytes, length: bytes.count)
        },
        "NSDate": ReadableFoundation { reader, entries, _ in
            Date(timeIntervalSinceReferenceDate: try reader.foundationTime(entries))
        },
        "NSNull": ReadableFoundation { _, _, _ in nil },
        "NSArray": list, "NSMutableArray": list,
        "NSSet": set, "NSMutableSet": set,
        "NSOrderedSet": orderedSet(mutable: false), "NSMutableOrderedSet": orderedSet(mutable: true),
        "NSDictionary": dictionary, "NSMutableDictionary": dictionary,
        "NSURL": ReadableFoundation { reader, entries, _ in try reader.foundationURL(entries) },
        "NSUUID": ReadableFoundation { reader, entries, _ in try reader.foundationUUID(entries) },
    ]

    /// Whether the object `entries` of the Foundation class `className` is in a form this reader
    /// models; else it is kept whole (``UnknownObject``), as the keyed reader keeps it: an
    /// `NSUUID` archived with bytes that are no UUID (`NS.uuidbytes`, not 16 of them) has no
    /// `NS.uuidstring`.
    /// An object with keys its class's form does not read (an `NSArray` with a key of its own, or
    /// `NS.object.0` where the form reads `NS.objects`) is kept whole too, rather than read with
    /// those keys dropped.
    static func models(_ entries: ReadableDictionary, ofClass className: String) -> Bool {
        guard className != "NSUUID" || entries[FoundationCoderKeys.uuidString] != nil else { return false }
        return entries.keys.allSatisfy { $0 == ReadableKeys.className || reads($0, className) }
    }

    /// Whether the form of the Foundation class `className` reads `key`.
    private static func reads(_ key: String, _ className: String) -> Bool {
        switch className {
        case "NSString", "NSMutableString": key == FoundationCoderKeys.string || key == FoundationCoderKeys.bytes
        case "NSData", "NSMutableData": key == ReadableKeys.data
        case "NSDate": key == FoundationCoderKeys.time
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            key == FoundationCoderKeys.objects
        case "NSDictionary", "NSMutableDictionary":
            key == FoundationCoderKeys.keys || key == FoundationCoderKeys.objects
        case "NSURL": key == FoundationCoderKeys.base || key == FoundationCoderKeys.relative
        case "NSUUID": key == FoundationCoderKeys.uuidString
        default: false
        }
    }

    /// The mutable collection classes, which the dynamic path keeps as a ``SharedValue`` naming
    /// the class (``ReadableWriter`` writes them in HRCoder's form, `NS.objects` and `NS.keys`).
    static let mutableCollectionClasses: Set<String> = ["NSMutableArray", "NSMutableDictionary", "NSMutableSet"]

    private static let list = ReadableFoundation { reader, entries, declared in
        try reader.foundationElements(entries, as: declared?.genericArguments.first)
    }
    private static let set = ReadableFoundation { reader, entries, declared in
        let elements = try reader.hashable(reader.foundationElements(entries, as: declared?.genericArguments.first))
        return reader.registry.setValue(elements, declared: declared)
    }
    private static func orderedSet(mutable: Bool) -> ReadableFoundation {
        ReadableFoundation { reader, entries, declared in
            let elements = try reader.hashable(
                reader.foundationElements(entries, as: declared?.genericArguments.first))
            return reader.registry.orderedSetValue(elements, declared: declared, isMutable: mutable)
        }
    }
    private static let dictionary = ReadableFoundation { reader, entries, declared in
        let arguments = declared?.genericArguments ?? []
        let entries = try reader.foundationDictionary(
            entries, keysAs: arguments.first, valuesAs: arguments.count > 1 ? arguments[1] : nil)
        return reader.registry.mapValue(entries, declared: declared)
    }

    /// `value` as a string when it is one: a Swift string, a ``SharedString`` or an
    /// `NSMutableString`.
    static func string(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let shared = value as? SharedString { return shared.value }
        if let string = value as? NSString { return string as String }
        return nil
    }
}

extension ReadableReader {
    fileprivate func foundationString(_ entries: ReadableDictionary) throws -> String {
        switch entries[FoundationCoderKeys.string] {
        case .string(let string)?: return string
        case nil:
            // HRCoder's NSString coder keys carry UTF-8 bytes.
            guard entries[FoundationCoderKeys.bytes] != nil else {
                throw error(
                    .invalidValue, expected: "a string under NS.string (or bytes under NS.bytes)", found: "none")
            }
            let bytes = try at(FoundationCoderKeys.bytes) { try foundationBytes(entries[FoundationCoderKeys.bytes]) }
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw at(FoundationCoderKeys.bytes) {
                    error(.invalidValue, expected: "UTF-8 text", found: "invalid UTF-8")
                }
            }
            return string
        case let other?:
            throw at(FoundationCoderKeys.string) {
                error(.typeMismatch, expected: "a string", found: ReadableReader.describe(other))
            }
        }
    }

    private func foundationBytes(_ node: ReadableValue?) throws -> [UInt8] {
        switch node {
        case .data(let bytes)?: return bytes
        case .string(let text)?: return try bytes(in: [ReadableKeys.data: .string(text)])
        case .dictionary(let entries)? where entries[ReadableKeys.data] != nil: return try bytes(in: entries)
        case let other: throw error(.typeMismatch, expected: "data", found: ReadableReader.describe(other))
        }
    }

    fileprivate func foundationTime(_ entries: ReadableDictionary) throws -> Double {
        switch entries[FoundationCoderKeys.time] {
        case .real(let seconds)?: return seconds
        case .integer(let seconds)?: return Double(seconds)
        case .unsignedInteger(let seconds)?: return Double(seconds)
        // What JSON writes for a time that is no number (`NaN`, `Infinity`, `-Infinity`).
        case .string(let text)? where ReadableReader.nonFinite(text) != nil:
            return ReadableReader.nonFinite(text) ?? .nan
        case let other:
            throw at(FoundationCoderKeys.time) {
                error(.typeMismatch, expected: "seconds since 2001 (a number)", found: ReadableReader.describe(other))
            }
        }
    }

    /// The elements under `NS.objects`.
    fileprivate func foundationElements(_ entries: ReadableDictionary, as element: DeclaredType?) throws -> [Any?] {
        switch entries[FoundationCoderKeys.objects] {
        case .array(let elements)?: return try at(FoundationCoderKeys.objects) { try list(elements, as: element) }
        case let other:
            throw at(FoundationCoderKeys.objects) {
                error(.typeMismatch, expected: "an array of elements", found: ReadableReader.describe(other))
            }
        }
    }

    /// `elements` as keys of a set or map: nil as Java's null key, and keys that only Swift finds
    /// equal (Integer 1 and Long 1) kept apart.
    fileprivate func hashable(_ elements: [Any?]) -> [AnyHashable] {
        DistinctKey.keptApart(
            elements.map { element in
                // Java's null, which a HashMap may hold as a key and a HashSet as an element.
                guard let flat = ValueConversion.flatten(element) else { return ValueConversion.nullKey }
                return ValueConversion.hashable(flat)
            })
    }

    /// A dictionary whose keys are not all strings: parallel `NS.keys` and `NS.objects` arrays.
    fileprivate func foundationDictionary(
        _ entries: ReadableDictionary, keysAs keyType: DeclaredType?, valuesAs valueType: DeclaredType?
    ) throws -> OrderedDictionary<AnyHashable, Any?> {
        guard case .array(let keyNodes)? = entries[FoundationCoderKeys.keys],
            case .array(let valueNodes)? = entries[FoundationCoderKeys.objects], keyNodes.count == valueNodes.count
        else {
            throw error(
                .invalidValue, expected: "NS.keys and NS.objects arrays of the same length",
                found: "\(ReadableReader.describe(entries[FoundationCoderKeys.keys])) and "
                    + ReadableReader.describe(entries[FoundationCoderKeys.objects]))
        }
        let keys = try hashable(at(FoundationCoderKeys.keys) { try list(keyNodes, as: keyType) })
        let values = try at(FoundationCoderKeys.objects) { try list(valueNodes, as: valueType) }
        var result: OrderedDictionary<AnyHashable, Any?> = [:]
        result.reserveCapacity(keys.count)
        for (index, (key, value)) in zip(keys, values).enumerated() {
            // A map holds a key once: a second one would silently drop an entry.
            guard result.index(forKey: key) == nil else {
                throw at(FoundationCoderKeys.keys) {
                    at(String(index)) {
                        error(.invalidValue, expected: "distinct keys", found: "a second key \(key.base)")
                    }
                }
            }
            result[key] = .some(value)
        }
        return result
    }

    fileprivate func foundationURL(_ entries: ReadableDictionary) throws -> URL {
        var base: URL?
        // `null` is no base, as a missing key is (NSURL archives `nil` so).
        if let node = entries[FoundationCoderKeys.base], node != .null {
            let value = try at(FoundationCoderKeys.base) { try decode(node, as: DeclaredType(URL.self)) }
            // An alias to a base another URL has is boxed on the dynamic path: a URL is a value.
            guard let url = ((value as? SharedValue)?.value ?? value) as? URL else {
                throw at(FoundationCoderKeys.base) {
                    error(.typeMismatch, expected: "a URL", found: ReadableReader.describe(node))
                }
            }
            base = url
        }
        guard case .string(let relative)? = entries[FoundationCoderKeys.relative] else {
            throw at(FoundationCoderKeys.relative) {
                error(
                    .invalidValue, expected: "a string",
                    found: ReadableReader.describe(entries[FoundationCoderKeys.relative]))
            }
        }
        guard let url = URLText.url(relative, relativeTo: base) else {
            throw at(FoundationCoderKeys.relative) { error(.invalidValue, expected: URLText.expected, found: relative) }
        }
        return url
    }

    fileprivate func foundationUUID(_ entries: ReadableDictionary) throws -> UUID {
        guard case .string(let text)? = entries[FoundationCoderKeys.uuidString], let uuid = UUID(uuidString: text)
        else {
            throw at(FoundationCoderKeys.uuidString) {
                error(
                    .invalidValue, expected: "a UUID string (8-4-4-4-12 hex digits)",
                    found: ReadableReader.describe(entries[FoundationCoderKeys.uuidString]))
            }
        }
        return uuid
    }

    /// An `NSValue`: a ``FoundationValue`` when `NS.special` names one, `nil` otherwise (the
    /// caller then keeps the object whole).
    func foundationValue(_ entries: ReadableDictionary) throws -> FoundationValue? {
        guard case .integer(let special)? = entries["NS.special"] else { return nil }
        func numbers(_ key: String, count: Int) throws -> [Double] {
            guard case .string(let text)? = entries[key], let numbers = FoundationValue.numbers(in: text),
                numbers.count == count
            else {
                throw at(key) {
                    error(
                        .invalidValue, expected: "\(count) numbers as text, such as {1, 2}",
                        found: ReadableReader.describe(entries[key]))
                }
            }
            return numbers
        }
        func integer(_ key: String) throws -> Int {
            guard case .integer(let number)? = entries[key], let value = Int(exactly: number) else {
                throw at(key) {
                    error(.invalidValue, expected: "an integer", found: ReadableReader.describe(entries[key]))
                }
            }
            return value
        }
        return try FoundationValue.decoding(
            special: special, numbers: { try numbers($0, count: $1) }, integer: integer)
    }
}
