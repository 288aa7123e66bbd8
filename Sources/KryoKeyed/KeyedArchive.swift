import KryoCore
import KryoPlist

/// The container of a keyed archive, as Apple's `NSKeyedArchiver` writes it: a property list
/// dictionary with `$archiver`, `$version`, `$top` (the top-level keys, usually `root`) and
/// `$objects` (every archived object, each referred to by its index as a UID; index 0 is the
/// string `$null`, which UID 0 means).
///
/// This is the archive's object table before any class is resolved; `KeyedArchiveDecoder` reads
/// values from it and `KeyedArchiveEncoder` builds one.
public struct KeyedArchive: Sendable, Equatable {
    /// The archiver's class name: `NSKeyedArchiver`, or a subclass's name.
    public var archiver: String
    /// The archive version, 100000.
    public var version: Int64
    /// The top-level keys and their values (UIDs, or plain values in some archives).
    public var top: PropertyListDictionary
    /// The object table; entry 0 is `$null`.
    public var objects: [PropertyListValue]

    /// The string that marks entry 0 of ``objects``, and any entry a conditional reference left empty.
    public static let nullMarker = "$null"
    /// What Apple's archiver writes as ``version``.
    public static let currentVersion: Int64 = 100_000

    /// Creates an archive from its parts.
    public init(
        archiver: String = "NSKeyedArchiver", version: Int64 = KeyedArchive.currentVersion,
        top: PropertyListDictionary, objects: [PropertyListValue]
    ) {
        self.archiver = archiver
        self.version = version
        self.top = top
        self.objects = objects
    }

    /// Reads the container from a decoded property list.
    ///
    /// - Parameters:
    ///   - propertyList: The archive's property list, decoded.
    ///   - archivers: The `$archiver` names accepted; `nil` accepts any.
    /// - Throws: ``/KryoCore/SerializationError`` naming the key that is missing or of the wrong kind.
    public init(propertyList: PropertyListValue, archivers: Set<String>? = nil) throws {
        guard case .dictionary(let root) = propertyList else {
            throw SerializationError(
                .typeMismatch, expected: "a dictionary at the top of a keyed archive",
                found: KeyedArchive.describe(propertyList))
        }
        try self.init(
            archiver: root["$archiver"], version: root["$version"], top: root["$top"], objects: root["$objects"],
            archivers: archivers)
    }

    /// Reads the container from the values of its four keys (`nil` for a key it does not have),
    /// with the checks and errors of ``init(propertyList:archivers:)``.
    init(
        archiver archiverValue: PropertyListValue?, version versionValue: PropertyListValue?,
        top topValue: PropertyListValue?, objects objectsValue: PropertyListValue?, archivers: Set<String>?
    ) throws {
        if archiverValue == nil, topValue == nil, objectsValue == nil {
            throw SerializationError(
                .invalidValue, expected: "a keyed archive ($archiver, $top and $objects)",
                found: "a property list with none of them (a plain property list, not an archive: read it as one)")
        }
        guard case .string(let archiver)? = archiverValue else {
            throw SerializationError(
                .invalidValue, expected: "a string under $archiver", found: KeyedArchive.describe(archiverValue),
                path: ["$archiver"])
        }
        if let archivers, !archivers.contains(archiver) {
            throw SerializationError(
                .invalidValue, expected: "one of the archivers \(archivers.sorted().joined(separator: ", "))",
                found: archiver, path: ["$archiver"])
        }
        let version: Int64
        switch versionValue {
        case .integer(let value)?: version = value
        case nil: version = KeyedArchive.currentVersion
        case let other:
            throw SerializationError(
                .invalidValue, expected: "an integer under $version", found: KeyedArchive.describe(other),
                path: ["$version"])
        }
        guard case .dictionary(let top)? = topValue else {
            throw SerializationError(
                .invalidValue, expected: "a dictionary under $top", found: KeyedArchive.describe(topValue),
                path: ["$top"])
        }
        guard case .array(let objects)? = objectsValue else {
            throw SerializationError(
                .invalidValue, expected: "an array under $objects", found: KeyedArchive.describe(objectsValue),
                path: ["$objects"])
        }
        self.init(archiver: archiver, version: version, top: top, objects: objects)
    }

    /// Reads the container from the bytes of a binary or XML property list. A binary plist whose
    /// arrays or dictionaries are shared so that the archive holds more values than it has bytes
    /// is refused (``/KryoPlist/PropertyListLimits/maxExpandedCount``): the reader would copy every
    /// shared inline value at every place it appears.
    public init(bytes: [UInt8], archivers: Set<String>? = nil) throws {
        let (value, _) = try PropertyList.decode(bytes, limits: PropertyListLimits(maxExpandedCount: bytes.count))
        try self.init(propertyList: value, archivers: archivers)
    }

    /// The archive as a property list.
    public var propertyList: PropertyListValue {
        .dictionary([
            "$version": .integer(version), "$archiver": .string(archiver), "$top": .dictionary(top),
            "$objects": .array(objects),
        ])
    }

    /// The archive as the bytes of a property list in `format`.
    public func bytes(format: PropertyListFormat) throws -> [UInt8] {
        try PropertyList.encode(propertyList, format: format)
    }

    /// An XML plist's reference (`{"CF$UID": n}`) whose number is no UID (negative, or not an
    /// integer), described as such; `nil` for any other dictionary.
    static func invalidReference(_ entries: PropertyListDictionary) -> String? {
        guard entries.count == 1, let number = entries["CF$UID"] else { return nil }
        return "a CF$UID reference of \(describe(number)) (a reference is a whole number from 0)"
    }

    /// A short description of a property-list value's kind, for error messages.
    static func describe(_ value: PropertyListValue?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case .string(let string): return "the string \"\(string.prefix(40))\""
        case .integer(let number): return "the integer \(number)"
        case .unsignedInteger(let number): return "the integer \(number)"
        case .real(let number): return "the real \(number)"
        case .float(let number): return "the 4-byte real \(number)"
        case .bool(let flag): return "the boolean \(flag)"
        case .date: return "a date"
        case .data(let bytes): return "\(bytes.count) bytes of data"
        case .array(let elements): return "an array of \(elements.count)"
        case .dictionary(let entries):
            if let reference = invalidReference(entries) { return reference }
            return "a dictionary with keys \(entries.keys.prefix(6).joined(separator: ", "))"
        case .uid(let index): return "a reference to object \(index)"
        }
    }
}
