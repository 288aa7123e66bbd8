import Foundation
import KryoCore
import KryoPlist
import OrderedCollections

/// How the objects of a Foundation class are read from a keyed archive, in every form Apple's
/// archivers (and subclasses of them) write: `NS.objects` lists and `NS.object.N` keys, `NS.keys`
/// and `NS.key.N`, inline strings and data or `NS.bytes`.
///
/// Immutable values come out as Swift values (`String`, `Data`, `Date`, `URL`, `UUID`, `[Any?]`,
/// `[AnyHashable: Any?]`, `Set<AnyHashable>`, `OrderedSet<AnyHashable>`); `NSMutableString` and
/// `NSMutableData` keep their class, so that an object shared by two references stays one object.
struct FoundationDecoding: Sendable {
    /// Decodes an object; `nil` when the object is in a form this reader does not model (an
    /// `NSValue` of an arbitrary C type), which the reader then keeps as an
    /// ``UnknownObject``.
    let decode: @Sendable (KeyedArchiveReader, ArchivedObject, DeclaredType?) throws -> Any?
    /// Whether the class is a list (`NSArray`, `NSMutableArray`), whose `NS.objects` a Swift
    /// array's serializer may read one by one (``KeyedArchiveReader``'s list frames).
    var isList = false

    /// Whether the decoder of the Foundation class `className` reads every key of an object of
    /// a subclass (`keys`, `$class` aside): only then does the subclass's object read as the
    /// Foundation class. An `NSCountedSet` (`NS.count0`…), an `NSCalendarDate` (`NS.format`) or
    /// an `NSDecimalNumber` (`NS.mantissa`) is kept whole instead (``UnknownObject``), as any
    /// class this reader does not know.
    static func readsEveryKey(_ keys: some Sequence<String>, ofSubclassOf className: String) -> Bool {
        keys.allSatisfy { key in key == "$class" || reads(key, className) }
    }

    /// Whether the decoder of the Foundation class `className` reads all of an object of that
    /// class (`keys`, `$class` aside): every key, and in the indexed form (`NS.object.0`,
    /// `NS.key.0`…) every index from 0 on. The dynamic path keeps any other object whole
    /// (``UnknownObject``) rather than drop what the decoder would not read.
    static func readsWhole(_ keys: some Collection<String>, of className: String) -> Bool {
        var objects = 0
        var dictionaryKeys = 0
        var objectIndices: Set<Int> = []
        var keyIndices: Set<Int> = []
        for key in keys where key != "$class" {
            guard reads(key, className) else { return false }
            if key.hasPrefix("NS.object.") {
                guard let index = Int(key.dropFirst("NS.object.".count)), objectIndices.insert(index).inserted
                else { return false }
                objects += 1
            } else if key.hasPrefix("NS.key.") {
                guard let index = Int(key.dropFirst("NS.key.".count)), keyIndices.insert(index).inserted
                else { return false }
                dictionaryKeys += 1
            }
        }
        guard objects > 0 || dictionaryKeys > 0 else { return true }
        guard objectIndices.allSatisfy({ $0 >= 0 && $0 < objects }) else { return false }
        return keyIndices.isEmpty || (dictionaryKeys == objects && keyIndices == objectIndices)
    }

    private static func reads(_ key: String, _ className: String) -> Bool {
        switch className {
        case "NSString", "NSMutableString": key == FoundationCoderKeys.string || key == FoundationCoderKeys.bytes
        case "NSNumber": ["NS.number", "NS.intval", "NS.dblval", "NS.boolval"].contains(key)
        case "NSData", "NSMutableData": key == FoundationCoderKeys.data || key == FoundationCoderKeys.bytes
        case "NSDate": key == FoundationCoderKeys.time
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            key == FoundationCoderKeys.objects || key.hasPrefix("NS.object.")
        case "NSDictionary", "NSMutableDictionary":
            key == FoundationCoderKeys.objects || key == FoundationCoderKeys.keys || key.hasPrefix("NS.object.")
                || key.hasPrefix("NS.key.")
        case "NSURL": key == FoundationCoderKeys.base || key == FoundationCoderKeys.relative
        case "NSUUID": key == FoundationCoderKeys.uuidBytes
        case "NSNull": false
        // NSValue's forms are many (`NS.special`, `NS.rectval`, `NS.rangeval.location`…).
        case "NSValue": key.hasPrefix("NS.")
        default: false
        }
    }

    static let byClassName: [String: FoundationDecoding] = [
        "NSString": FoundationDecoding { reader, object, _ in
            // An NSString object of its own, not an inline string: one instance that every place
            // holding it shares (the dynamic path keeps it one).
            let string = try reader.foundationString(object)
            return reader.registry.keepsSharedStrings ? SharedString(string) : string
        },
        "NSMutableString": FoundationDecoding { reader, object, _ in
            NSMutableString(string: try reader.foundationString(object))
        },
        "NSNumber": FoundationDecoding { reader, object, _ in try reader.foundationNumber(object) },
        "NSData": FoundationDecoding { reader, object, _ in Data(try reader.foundationBytes(object)) },
        "NSMutableData": FoundationDecoding { reader, object, _ in
            let bytes = try reader.foundationBytes(object)
            return NSMutableData(bytes: bytes, length: bytes.count)
        },
        "NSDate": FoundationDecoding { reader, object, _ in
            Date(timeIntervalSinceReferenceDate: try reader.foundationReal(object, FoundationCoderKeys.time))
        },
        "NSArray": list, "NSMutableArray": list,
        "NSSet": set, "NSMutableSet": set,
        "NSOrderedSet": orderedSet(mutable: false), "NSMutableOrderedSet": orderedSet(mutable: true),
        "NSDictionary": dictionary, "NSMutableDictionary": dictionary,
        "NSURL": FoundationDecoding { reader, object, _ in try reader.foundationURL(object) },
        "NSUUID": FoundationDecoding { reader, object, _ in try reader.foundationUUID(object) },
        "NSNull": FoundationDecoding { _, _, _ in NSNull() },
        "NSValue": FoundationDecoding { reader, object, _ in try reader.foundationValue(object) },
    ]

    // Elements are read as the declared type's generic arguments ask (`[String: Int32]`), or
    // as a Swift array's element type (Java's primitive arrays have no generic arguments).
    // An `NSNull` element is nil: Foundation's arrays and dictionaries hold nil as `NSNull`.
    private static let list = FoundationDecoding(
        decode: { reader, object, declared in
            var elements = try reader.foundationElements(object, as: KeyedArrayElement.declaredElement(of: declared))
            // In place: a list without NSNull is not copied.
            for index in elements.indices where reader.isNSNull(elements[index]) { elements[index] = nil }
            // An `Integer[]` or `double[]` that a map's generic arguments type (the dynamic path).
            return reader.registry.valueOfDeclaredClass(elements, declared)
        }, isList: true)
    private static let set = FoundationDecoding { reader, object, declared in
        let elements = try reader.hashable(reader.foundationElements(object, as: declared?.genericArguments.first))
        return reader.registry.setValue(elements, declared: declared)
    }
    private static func orderedSet(mutable: Bool) -> FoundationDecoding {
        FoundationDecoding { reader, object, declared in
            let elements = try reader.hashable(
                reader.foundationElements(object, as: declared?.genericArguments.first))
            return reader.registry.orderedSetValue(elements, declared: declared, isMutable: mutable)
        }
    }
    private static let dictionary = FoundationDecoding { reader, object, declared in
        let arguments = declared?.genericArguments ?? []
        let entries = try reader.foundationDictionary(
            object, keysAs: arguments.first, valuesAs: arguments.count > 1 ? arguments[1] : nil)
        return reader.registry.mapValue(entries, declared: declared)
    }
}

extension KeyedArchiveReader {
    /// The value under a Foundation key (never escaped), decoded.
    fileprivate func foundationValue(_ object: ArchivedObject, _ key: String) throws -> Any? {
        guard let stored = try entry(key, in: object) else { return nil }
        return try at(key) { try decode(stored) }
    }

    fileprivate func foundationString(_ object: ArchivedObject) throws -> String {
        if let value = try foundationValue(object, FoundationCoderKeys.string) {
            if let string = SharedString.text(of: value) { return string }
            throw at(FoundationCoderKeys.string) {
                error(.typeMismatch, expected: "a string", found: ValueConversion.describeType(of: value))
            }
        }
        let bytes = try foundationBytes(object, keys: [FoundationCoderKeys.bytes])
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw at(FoundationCoderKeys.bytes) { error(.invalidValue, expected: "UTF-8 text", found: "invalid UTF-8") }
        }
        return string
    }

    fileprivate func foundationBytes(
        _ object: ArchivedObject, keys: [String] = [FoundationCoderKeys.data, FoundationCoderKeys.bytes]
    ) throws -> [UInt8] {
        for key in keys {
            guard let stored = try entry(key, in: object) else { continue }
            if case .data(let bytes) = stored { return bytes }
            // Some writers (bpylist2) store the bytes as a reference to inline data.
            let value = try at(key) { try decode(stored) }
            if let data = value as? Data { return [UInt8](data) }
            throw at(key) { error(.typeMismatch, expected: "data", found: ValueConversion.describeType(of: value)) }
        }
        throw error(.invalidValue, expected: "bytes under \(keys.joined(separator: " or "))", found: "none")
    }

    fileprivate func foundationReal(_ object: ArchivedObject, _ key: String) throws -> Double {
        switch try entry(key, in: object) {
        case .real(let number)?: return number
        case .float(let number)?: return Double(number)
        case .integer(let number)?: return Double(number)
        case let other:
            throw at(key) { error(.typeMismatch, expected: "a number", found: KeyedArchive.describe(other)) }
        }
    }

    /// An `NSNumber` written by a coder that stores it as an object.
    fileprivate func foundationNumber(_ object: ArchivedObject) throws -> Any {
        for key in ["NS.number", "NS.intval", "NS.dblval", "NS.boolval"] {
            if let stored = try entry(key, in: object) { return try at(key) { try plainValue(stored, as: nil) } }
        }
        throw error(.invalidValue, expected: "NS.intval, NS.dblval, NS.boolval or NS.number", found: "none")
    }

    /// `element is NSNull`, without the cast where its answer is known: a string bridges to an
    /// `NSString`, never an `NSNull` (the cast makes the `NSString` to find out), and an instance
    /// of the class last found not to be one is not one either (a class's instances are or are
    /// not `NSNull`s alike; boxed Swift values, which the runtime unboxes to cast, are always cast).
    func isNSNull(_ element: Any?) -> Bool {
        guard let element else { return false }
        let type = Swift.type(of: element)
        if type == String.self { return false }
        let identifier = ObjectIdentifier(type)
        if identifier == lastClassNotNSNull { return false }
        let isNull = element is NSNull
        if !isNull, type is AnyObject.Type, identifier != Self.swiftValueBox { lastClassNotNSNull = identifier }
        return isNull
    }

    /// The class of a Swift value boxed as an object.
    fileprivate static let swiftValueBox: ObjectIdentifier = {
        struct Probe {}
        return ObjectIdentifier(Swift.type(of: Probe() as AnyObject))
    }()

    /// The elements of an array or set: `NS.objects`, or `NS.object.0`, `NS.object.1`…
    fileprivate func foundationElements(_ object: ArchivedObject, as element: DeclaredType?) throws
        -> [Any?]
    {
        if let stored = try entry(FoundationCoderKeys.objects, in: object) {
            guard case .array(let references) = stored else {
                throw at(FoundationCoderKeys.objects) {
                    error(.typeMismatch, expected: "a list of references", found: KeyedArchive.describe(stored))
                }
            }
            var elements: [Any?] = []
            elements.reserveCapacity(references.count)
            for (index, reference) in references.enumerated() {
                elements.append(try at(String(index)) { try decode(reference, as: element) })
            }
            return elements
        }
        var elements: [Any?] = []
        while let stored = try entry(FoundationCoderKeys.object(elements.count), in: object) {
            elements.append(try at(FoundationCoderKeys.object(elements.count)) { try decode(stored, as: element) })
        }
        return elements
    }

    /// `elements` as keys of a set or map: nil as Java's null key, and keys that only Swift finds
    /// equal (Integer 1 and Long 1) kept apart.
    fileprivate func hashable(_ elements: [Any?]) -> [AnyHashable] {
        DistinctKey.keptApart(
            elements.map { element in
                // Java's null, which a HashMap may hold as a key and a HashSet as an element
                // (Foundation's `NSNull`, as in arrays).
                guard let flat = ValueConversion.flatten(element), !isNSNull(flat) else {
                    return ValueConversion.nullKey
                }
                return ValueConversion.hashable(flat)
            })
    }

    /// A dictionary: parallel `NS.keys`/`NS.objects` lists, or `NS.key.N`/`NS.object.N` pairs.
    fileprivate func foundationDictionary(
        _ object: ArchivedObject, keysAs keyType: DeclaredType?, valuesAs valueType: DeclaredType?
    ) throws -> OrderedDictionary<AnyHashable, Any?> {
        var keys: [Any?] = []
        var values: [Any?] = []
        if let stored = try entry(FoundationCoderKeys.keys, in: object) {
            guard case .array(let keyReferences) = stored,
                case .array(let valueReferences)? = try entry(FoundationCoderKeys.objects, in: object),
                keyReferences.count == valueReferences.count
            else {
                throw error(
                    .invalidValue, expected: "NS.keys and NS.objects lists of the same length",
                    found: KeyedArchive.describe(try entry(FoundationCoderKeys.objects, in: object)))
            }
            for (index, reference) in keyReferences.enumerated() {
                keys.append(try at("NS.keys.\(index)") { try decode(reference, as: keyType) })
                values.append(try at("NS.objects.\(index)") { try decode(valueReferences[index], as: valueType) })
            }
        } else {
            while let key = try entry(FoundationCoderKeys.key(keys.count), in: object) {
                let index = keys.count
                guard let value = try entry(FoundationCoderKeys.object(index), in: object) else {
                    throw error(.invalidValue, expected: "NS.object.\(index) next to NS.key.\(index)", found: "none")
                }
                keys.append(try at(FoundationCoderKeys.key(index)) { try decode(key, as: keyType) })
                values.append(try at(FoundationCoderKeys.object(index)) { try decode(value, as: valueType) })
            }
        }
        var result: OrderedDictionary<AnyHashable, Any?> = [:]
        result.reserveCapacity(keys.count)
        for (key, value) in zip(hashable(keys), values) { result[key] = .some(value is NSNull ? nil : value) }
        return result
    }

    fileprivate func foundationURL(_ object: ArchivedObject) throws -> URL {
        let base = try foundationValue(object, FoundationCoderKeys.base)
        guard let stored = try foundationValue(object, FoundationCoderKeys.relative) else {
            throw error(.invalidValue, expected: "a string under NS.relative", found: "none")
        }
        // A string several objects share is a `SharedString` on the dynamic path.
        guard let relative = SharedString.text(of: stored) else {
            throw at(FoundationCoderKeys.relative) {
                error(.typeMismatch, expected: "a string", found: ValueConversion.describeType(of: stored))
            }
        }
        let baseURL: URL?
        // A base several URLs share is boxed on the dynamic path: a URL is a value.
        switch (base as? SharedValue)?.value ?? base {
        case nil: baseURL = nil
        case let url as URL: baseURL = url
        case let other?:
            throw at(FoundationCoderKeys.base) {
                error(.typeMismatch, expected: "a URL", found: ValueConversion.describeType(of: other))
            }
        }
        guard let url = URLText.url(relative, relativeTo: baseURL) else {
            throw at(FoundationCoderKeys.relative) { error(.invalidValue, expected: URLText.expected, found: relative) }
        }
        return url
    }

    /// A UUID; `nil` (the object kept whole) when `NS.uuidbytes` is not 16 bytes, as in an
    /// archive edited by hand.
    fileprivate func foundationUUID(_ object: ArchivedObject) throws -> UUID? {
        guard case .data(let bytes)? = try entry(FoundationCoderKeys.uuidBytes, in: object), bytes.count == 16 else {
            return nil
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// The declared type of the elements of a list: the declared type's first generic argument, else
/// the element type of a Swift array (`Float` for `[Float]`, a Java `float[]`), so that each
/// element is read as that type.
enum KeyedArrayElement {
    static func declaredElement(of declared: DeclaredType?) -> DeclaredType? {
        guard let declared else { return nil }
        if let first = declared.genericArguments.first { return first }
        guard let array = declared.swiftType as? any KeyedArrayType.Type else { return nil }
        return DeclaredType.of(array.keyedElementType)
    }
}

/// Swift arrays, whose element type the reader needs when the declared type has no generic
/// arguments.
protocol KeyedArrayType {
    static var keyedElementType: any Any.Type { get }
}

extension Array: KeyedArrayType {
    static var keyedElementType: any Any.Type { Element.self }
}
