import KryoCore
import KryoPlist

/// The entries of a keyed archive's `$objects`, as ``KeyedArchiveReader`` reads them: from a
/// property-list tree (``ArchiveObjectTree``: an XML archive, or a ``KeyedArchive`` in memory),
/// or where they lie in the bytes of a binary property list (``BinaryArchiveObjects``), whose
/// objects are then never built as a tree.
protocol ArchiveObjects: AnyObject {
    /// The number of entries.
    var count: Int { get }
    /// Entry `uid` (below ``count``): an object (a dictionary), or a value stored as it is.
    func entry(_ uid: Int) throws -> ArchiveEntry
    /// Where `key` is among the keys of `object`, looked for at `cursor` first; `nil` when
    /// `object` does not have it.
    func position(ofKey key: String, in object: ArchivedObject, from cursor: Int) throws -> Int?
    /// The value at `position` (below `object.count`) of `object`.
    func value(at position: Int, in object: ArchivedObject) throws -> PropertyListValue
    /// Every key and value of `object`, built as a dictionary.
    func dictionary(of object: ArchivedObject) throws -> PropertyListDictionary
    /// The bytes that name the class `object` describes (``ArchiveClassCache``), read without
    /// making its strings; `nil` when they cannot be read so (names that are not ASCII strings).
    func classKey(of object: ArchivedObject) throws -> ArchiveClassKey?
    /// Whether the bytes that name the class `object` describes are those of `expected`, compared
    /// where they lie without building a key; `false` when they differ or cannot be read so.
    func classKey(of object: ArchivedObject, matches expected: ArchiveClassKey) throws -> Bool
}

extension ArchiveObjects {
    /// The value under `key` in `object`; `nil` when it has none.
    func value(forKey key: String, in object: ArchivedObject) throws -> PropertyListValue? {
        guard let position = try position(ofKey: key, in: object, from: 0) else { return nil }
        return try value(at: position, in: object)
    }
}

/// An entry of `$objects`.
enum ArchiveEntry {
    /// A dictionary: an archived object or a class description.
    case object(ArchivedObject)
    /// Anything else: `$null`, a string, a number, data…
    case value(PropertyListValue)
}

/// A dictionary of `$objects`, located by its ``ArchiveObjects``.
struct ArchivedObject {
    /// Its index in `$objects`.
    let uid: Int
    /// How many keys it has.
    let count: Int
    /// Where it lies in a binary property list; `nil` in a tree.
    let location: BinaryPropertyListDictionary?
}

/// `$objects` as property-list values.
final class ArchiveObjectTree: ArchiveObjects {
    private let objects: [PropertyListValue]

    init(_ objects: [PropertyListValue]) {
        self.objects = objects
    }

    var count: Int { objects.count }

    func entry(_ uid: Int) -> ArchiveEntry {
        guard case .dictionary(let entries) = objects[uid] else { return .value(objects[uid]) }
        return .object(ArchivedObject(uid: uid, count: entries.count, location: nil))
    }

    func position(ofKey key: String, in object: ArchivedObject, from cursor: Int) -> Int? {
        let entries = dictionary(of: object)
        let keys = entries.keys.elements
        return cursor < keys.count && keys[cursor] == key ? cursor : entries.index(forKey: key)
    }

    func value(at position: Int, in object: ArchivedObject) -> PropertyListValue {
        dictionary(of: object).values[position]
    }

    func dictionary(of object: ArchivedObject) -> PropertyListDictionary {
        guard case .dictionary(let entries) = objects[object.uid] else { return [:] }
        return entries
    }

    /// A tree's class descriptions are parsed each time: only the bytes are read without
    /// making strings.
    func classKey(of object: ArchivedObject) -> ArchiveClassKey? { nil }

    /// A tree has no class keys (``classKey(of:)``), so none matches.
    func classKey(of object: ArchivedObject, matches expected: ArchiveClassKey) -> Bool { false }
}

/// A key of a keyed archive's own dictionary, as ``BinaryArchiveObjects`` reads it.
private enum HeaderKey {
    case objects, top, archiver, version, other

    init(_ key: String) {
        switch key {
        case "$objects": self = .objects
        case "$top": self = .top
        case "$archiver": self = .archiver
        case "$version": self = .version
        default: self = .other
        }
    }
}

/// The bits of the four ``HeaderKey`` names, made once per archive.
private struct HeaderKeys {
    let objects = SmallString.asciiBits(of: "$objects")
    let top = SmallString.asciiBits(of: "$top")
    let archiver = SmallString.asciiBits(of: "$archiver")
    let version = SmallString.asciiBits(of: "$version")

    /// The key whose small-string bits are `bits`.
    func key(_ bits: SmallString.ASCIIBits) -> HeaderKey {
        if let objects, bits.matches(objects) { return .objects }
        if let top, bits.matches(top) { return .top }
        if let archiver, bits.matches(archiver) { return .archiver }
        if let version, bits.matches(version) { return .version }
        return .other
    }
}

/// `$objects` read where it lies in the bytes of a binary property list: each entry is located
/// when the reader comes to it, each key compared where it lies, and each value read when a
/// serializer asks for it. It reads memory it does not own: it lives only as long as the call
/// that made it (``KeyedArchiveCodec``'s decoding of bytes).
final class BinaryArchiveObjects: ArchiveObjects {
    @exclusivity(unchecked) private var plist: BinaryPropertyListReader
    /// Where the objects lie: read without copying ``plist`` and its caches.
    private let layout: BinaryPropertyListLayout
    private let table: BinaryPropertyListArray
    /// The archive's `$archiver`, `$version` and `$top`; its ``KeyedArchive/objects`` are empty.
    let header: KeyedArchive

    /// Reads the archive's own dictionary and locates `$objects`, with the checks and errors of
    /// ``KeyedArchive/init(propertyList:archivers:)``.
    init(_ bytes: UnsafeRawBufferPointer, limits: PropertyListLimits, archivers: Set<String>?) throws {
        var plist = try BinaryPropertyListReader(bytes, limits: limits)
        // Where the trailer refers to the top object, as the tree's reader reports it.
        let topReference = bytes.count - 16
        let layout = plist.layout
        guard let root = try layout.dictionary(layout.topObject) else {
            let value = try plist.object(layout.topObject, referencedAt: topReference)
            _ = try KeyedArchive(propertyList: value, archivers: archivers)
            throw SerializationError(
                .typeMismatch, expected: "a dictionary at the top of a keyed archive",
                found: KeyedArchive.describe(value))
        }
        // The values of the four keys the archive's dictionary is read for (a key met twice keeps
        // its last value, as in a dictionary), without a dictionary of them; other keys and their
        // values are read for their errors. A key stored as a short ASCII string is compared by its
        // bits where it lies; any other key is read as a string.
        var archiver: PropertyListValue?
        var version: PropertyListValue?
        var top: PropertyListValue?
        var objects: PropertyListValue?
        var table: BinaryPropertyListArray?
        let names = HeaderKeys()
        for position in 0..<root.count {
            let key: HeaderKey
            if let bits = try plist.shortASCIIKey(position, of: root) {
                key = names.key(bits)
            } else {
                key = HeaderKey(try plist.key(position, of: root))
            }
            switch key {
            case .objects:
                if let array = try layout.array(try layout.valueIndex(position, of: root)) {
                    table = array
                    objects = .array([])
                } else {
                    objects = try plist.value(position, of: root)
                }
            case .top: top = try plist.value(position, of: root)
            case .archiver: archiver = try plist.value(position, of: root)
            case .version: version = try plist.value(position, of: root)
            case .other: _ = try plist.value(position, of: root)
            }
        }
        header = try KeyedArchive(
            archiver: archiver, version: version, top: top, objects: objects, archivers: archivers)
        guard let table else {
            throw SerializationError(
                .invalidValue, expected: "an array under $objects", found: "another value", path: ["$objects"])
        }
        self.plist = plist
        self.layout = layout
        self.table = table
    }

    var count: Int { table.count }

    func entry(_ uid: Int) throws -> ArchiveEntry {
        let (index, referencedAt) = try layout.element(uid, of: table)
        if let location = try layout.dictionary(index) {
            return .object(ArchivedObject(uid: uid, count: location.count, location: location))
        }
        return .value(try plist.object(index, referencedAt: referencedAt))
    }

    func position(ofKey key: String, in object: ArchivedObject, from cursor: Int) throws -> Int? {
        guard let location = object.location else { return nil }
        if cursor < location.count, try plist.key(cursor, of: location, equals: key) { return cursor }
        for position in 0..<location.count where position != cursor {
            if try plist.key(position, of: location, equals: key) { return position }
        }
        return nil
    }

    func value(at position: Int, in object: ArchivedObject) throws -> PropertyListValue {
        guard let location = object.location else { return .string(KeyedArchive.nullMarker) }
        return try plist.value(position, of: location)
    }

    func dictionary(of object: ArchivedObject) throws -> PropertyListDictionary {
        guard let location = object.location else { return [:] }
        return try plist.materialize(location)
    }

    /// The bytes of `$classname`, of each name of `$classes` and of each of `$classhints`, each
    /// run preceded by its length and each list by its count, so that two descriptions have the
    /// same key exactly when they name the same classes; `nil` when a name is not an ASCII string
    /// or a list not an array, or the description has other keys.
    func classKey(of object: ArchivedObject) throws -> ArchiveClassKey? {
        var key = ArchiveClassKey()
        return try walkClassNames(of: object, into: &key) ? key : nil
    }

    /// Compares the bytes ``classKey(of:)`` would give with `expected` as the walk reads them,
    /// stopping at the first difference.
    func classKey(of object: ArchivedObject, matches expected: ArchiveClassKey) throws -> Bool {
        var matcher = ArchiveClassKeyMatcher(expected)
        return try walkClassNames(of: object, into: &matcher) && matcher.isComplete
    }

    /// Feeds `sink` the bytes of ``classKey(of:)``, in its order; `false` when they cannot be
    /// read so, or `sink` refuses them.
    private func walkClassNames<Sink: ArchiveClassKeySink>(of object: ArchivedObject, into sink: inout Sink) throws
        -> Bool
    {
        guard let location = object.location, location.count == 2 || location.count == 3,
            let name = try position(ofKey: ArchiveClassDescription.nameKey, in: object, from: 0),
            let chain = try position(ofKey: ArchiveClassDescription.chainKey, in: object, from: name == 0 ? 1 : 0)
        else { return false }
        var hints: Int?
        if location.count == 3 {
            hints = try position(ofKey: ArchiveClassDescription.hintsKey, in: object, from: 2)
            if hints == nil { return false }
        }
        guard try appendName(try layout.valueIndex(name, of: location), to: &sink),
            try appendList(try layout.valueIndex(chain, of: location), to: &sink)
        else { return false }
        if let hints {
            guard try appendList(try layout.valueIndex(hints, of: location), to: &sink) else { return false }
        }
        return true
    }

    /// Appends the length and bytes of the ASCII string at `index`; `false` for another object.
    private func appendName<Sink: ArchiveClassKeySink>(_ index: Int, to sink: inout Sink) throws -> Bool {
        guard let bytes = try layout.asciiBytes(index) else { return false }
        return sink.take(count: bytes.count) && sink.take(bytes)
    }

    /// Appends the count of the array at `index` and each of its names; `false` for another
    /// object, or a list of something else than ASCII strings.
    private func appendList<Sink: ArchiveClassKeySink>(_ index: Int, to sink: inout Sink) throws -> Bool {
        guard let list = try layout.array(index), sink.take(count: list.count) else { return false }
        for element in 0..<list.count {
            guard try appendName(try layout.element(element, of: list).index, to: &sink) else { return false }
        }
        return true
    }
}
