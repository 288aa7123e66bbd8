import KryoCore
import KryoPlist
import OrderedCollections

/// Encodes and decodes single values as keyed archives in the format of Apple's
/// `NSKeyedArchiver`, as binary or XML property lists.
///
/// Registered types archive as objects whose keys are their field names, named by their
/// ``/KryoCore/Registration/archiveClass``; Foundation values (strings, numbers, data, dates,
/// URLs, UUIDs, arrays, dictionaries, sets, ordered sets, `NSNull`, mutable strings and data)
/// take Apple's own forms, so that Foundation's `NSKeyedUnarchiver` reads them. Class instances
/// are written once however often they are referred to (cycles work).
///
/// ```swift
/// let codec = KeyedArchiveCodec(registry: registry)
/// let bytes = try codec.encode(bean)                       // a binary plist
/// let back = try codec.decode(SampleBean.self, from: bytes)
/// ```
///
/// Reading is tolerant, as real archives require: any `$archiver` name (or only those in
/// ``acceptedArchivers``), any `$top` key, plain values in `$top`, `$null` in any slot, classes
/// resolved through `$classes` and `$classhints`, and objects of unknown classes kept as
/// ``/KryoCore/UnknownObject`` with every key, so that they are written back unchanged.
public struct KeyedArchiveCodec: Sendable {
    /// The registry of types, archive class names and serializers.
    public var registry: Registry
    /// References, registration-required mode and limits.
    public var options: SerializationOptions
    /// The property-list layout ``encode(_:)`` writes.
    public var format: PropertyListFormat
    /// The `$top` key of the root object: `root`, as `NSKeyedArchiver` writes it.
    public var rootKey: String
    /// The `$archiver` name written.
    public var archiver: String
    /// The `$archiver` names accepted when reading; `nil` (the default) accepts any.
    public var acceptedArchivers: Set<String>?
    /// Whether a value in a slot that does not declare its class, whose Foundation form would
    /// read back as another Java class (an `Int32` as a `Long`, an `int[]` as an `ArrayList`),
    /// is archived as an object of its Java class holding the form under `$value`. Off by
    /// default, so that archives hold only Apple's forms, which Foundation reads; on for data
    /// that must go back to Java byte for byte (`kryo convert` turns it on).
    public var keepsJavaClasses = false
    /// How class descriptions resolved in earlier decodes by this codec and its copies (with the
    /// same registry), found again by the bytes of their names.
    private let classCache = ArchiveClassCache()

    /// Creates a codec.
    public init(
        registry: Registry, format: PropertyListFormat = .binary, options: SerializationOptions = .default,
        rootKey: String = "root", archiver: String = "NSKeyedArchiver", acceptedArchivers: Set<String>? = nil
    ) {
        self.registry = registry
        self.format = format
        self.options = options
        self.rootKey = rootKey
        self.archiver = archiver
        self.acceptedArchivers = acceptedArchivers
    }

    // MARK: Encoding

    /// Encodes `value` as the bytes of a keyed archive in ``format``.
    ///
    /// A binary property list is written as the archive's objects are finished, without the
    /// table ``archive(_:)`` returns; an XML one is written from that table.
    public func encode(_ value: Any?) throws -> [UInt8] {
        let (codec, values, inlineKeys) = topLevel(of: value)
        guard format == .binary else {
            return try codec.archive(topLevel: values, inlineKeys: inlineKeys).bytes(format: format)
        }
        let table = BinaryPropertyListObjectTable(maxDepth: PropertyListLimits.default.maxDepth)
        let top = try codec.write(topLevel: values, inlineKeys: inlineKeys, into: table)
        return try table.bytes(archiver: codec.archiver, version: KeyedArchive.currentVersion, top: top)
    }

    /// Encodes `value` as a keyed archive's object table; an ``/KryoCore/ArchiveTopLevel`` as its `$top`
    /// values under its archiver's name.
    public func archive(_ value: Any?) throws -> KeyedArchive {
        let (codec, values, inlineKeys) = topLevel(of: value)
        return try codec.archive(topLevel: values, inlineKeys: inlineKeys)
    }

    /// The top-level values of `value`, and the codec that writes them: an
    /// ``/KryoCore/ArchiveTopLevel``'s values under its archiver's name, else `value` under
    /// ``rootKey``.
    private func topLevel(of value: Any?) -> (KeyedArchiveCodec, OrderedDictionary<String, Any?>, Set<String>) {
        guard let whole = value as? ArchiveTopLevel else { return (self, [rootKey: value], []) }
        var codec = self
        codec.archiver = whole.archiver
        return (codec, whole.values, whole.inlineKeys)
    }

    /// Encodes several top-level values, each under its `$top` key, sharing one object table:
    /// as references, but for the keys of `inlineKeys` whose value has an in-line form
    /// (``/KryoCore/ArchiveTopLevel/inlineKeys``).
    public func archive(topLevel values: OrderedDictionary<String, Any?>, inlineKeys: Set<String> = []) throws
        -> KeyedArchive
    {
        let table = PropertyListObjectTable()
        let top = try write(topLevel: values, inlineKeys: inlineKeys, into: table)
        return KeyedArchive(
            archiver: archiver, top: PropertyListDictionary(uniqueKeysWithValues: top.map { ($0.key, $0.value) }),
            objects: table.objects)
    }

    /// Writes the top-level values into `table`, returning each `$top` key with what `$top`
    /// holds for it: its value's UID, or the value in line.
    private func write(
        topLevel values: OrderedDictionary<String, Any?>, inlineKeys: Set<String>, into table: any ArchiveObjectTable
    ) throws -> [(key: String, value: PropertyListValue)] {
        let writer = KeyedArchiveWriter(
            registry: registry, options: options, keepsJavaClasses: keepsJavaClasses, table: table)
        return try values.map { key, value in
            try writer.at(key) {
                if inlineKeys.contains(key) { return (key, try writer.inlineValue(value)) }
                // The top level declares nothing (Java's `writeClassAndObject`).
                return (key, .uid(UInt64(try writer.archive(value, declared: .object))))
            }
        }
    }

    // MARK: Decoding

    /// Decodes the root value of the archive in `bytes` (a binary or XML property list).
    ///
    /// A binary property list is read where it lies, each object as the serializers ask for it,
    /// without the tree ``KeyedArchive/init(bytes:archivers:)`` builds.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` for malformed input (with the byte offset or the key
    ///   path) and for a root that is not a `T`.
    public func decode<T>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try reading(bytes) { archive, objects in try decodeRoot(T.self, of: archive, objects) }
    }

    /// Decodes the root value of `archive`: the value under ``rootKey``, else the first `$top`
    /// value that is a reference (nibs use `IB.objectdata`, subclass archivers `$0`).
    public func decode<T>(_ type: T.Type, from archive: KeyedArchive) throws -> T {
        try decodeRoot(T.self, of: archive, ArchiveObjectTree(archive.objects))
    }

    /// Decodes the whole archive in `bytes` as one value: its root value when `$top` holds only
    /// ``rootKey`` and the archiver is ``archiver``, else an ``/KryoCore/ArchiveTopLevel`` with every
    /// `$top` value and the archiver's name (a nib, a color list, a subclass archiver's archive),
    /// so that ``encode(_:)`` writes the same top level back.
    public func decodeArchive(from bytes: [UInt8]) throws -> Any? {
        try reading(bytes) { archive, objects in
            if archive.top.count == 1, archive.top[rootKey] != nil, archive.archiver == archiver {
                return try decodeRoot(Any?.self, of: archive, objects)
            }
            let inlineKeys = archive.top.filter { if case .uid = $0.value { false } else { true } }.map(\.key)
            return ArchiveTopLevel(
                values: try decodeTopLevel(of: archive, objects), archiver: archive.archiver,
                inlineKeys: Set(inlineKeys))
        }
    }

    /// Decodes every `$top` value of `archive`, by key, sharing one object table.
    public func decodeTopLevel(from archive: KeyedArchive) throws -> OrderedDictionary<String, Any?> {
        try decodeTopLevel(of: archive, ArchiveObjectTree(archive.objects))
    }

    /// Calls `body` with the archive in `bytes` (its `$objects` left empty) and its entries: read
    /// where they lie in a binary property list, or from the tree of an XML one.
    private func reading<R>(_ bytes: [UInt8], _ body: (KeyedArchive, any ArchiveObjects) throws -> R) throws -> R {
        guard bytes.starts(with: PropertyList.binaryMagic) else {
            let archive = try KeyedArchive(bytes: bytes, archivers: acceptedArchivers)
            return try body(archive, ArchiveObjectTree(archive.objects))
        }
        return try bytes.withUnsafeBytes { raw in
            // Values shared so that the archive holds more of them than it has bytes are refused,
            // as by ``KeyedArchive/init(bytes:archivers:)``.
            let objects = try BinaryArchiveObjects(
                raw, limits: PropertyListLimits(maxExpandedCount: raw.count), archivers: acceptedArchivers)
            return try body(objects.header, objects)
        }
    }

    private func decodeRoot<T>(_ type: T.Type, of archive: KeyedArchive, _ objects: any ArchiveObjects) throws -> T {
        if let acceptedArchivers, !acceptedArchivers.contains(archive.archiver) {
            throw SerializationError(
                .invalidValue, expected: "one of the archivers \(acceptedArchivers.sorted().joined(separator: ", "))",
                found: archive.archiver, path: ["$archiver"])
        }
        guard let key = rootKey(of: archive), let stored = archive.top[key] else {
            throw SerializationError(
                .invalidValue, expected: "a value under $top", found: "an empty $top", path: ["$top"])
        }
        let reader = KeyedArchiveReader(
            objects: objects, registry: registry, options: options, classCache: classCache)
        reader.noteSharedEntries(top: CollectionOfOne(stored))
        // What fails leaves no cycle of unknown objects behind.
        return try reader.madeUnknownObjects.dismantlingOnFailure {
            let value = try reader.at(key) { try reader.decode(stored, as: DeclaredType.of(T.self)) }
            if T.self == Any?.self { return unsafeBitCast(value, to: T.self) }
            guard let converted = ValueConversion.convert(value, to: T.self) else {
                throw SerializationError(
                    .typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value), path: [key])
            }
            return converted
        }
    }

    private func decodeTopLevel(of archive: KeyedArchive, _ objects: any ArchiveObjects) throws
        -> OrderedDictionary<String, Any?>
    {
        let reader = KeyedArchiveReader(
            objects: objects, registry: registry, options: options, classCache: classCache)
        reader.noteSharedEntries(top: archive.top.values)
        return try reader.madeUnknownObjects.dismantlingOnFailure {
            var result: OrderedDictionary<String, Any?> = [:]
            for (key, stored) in archive.top {
                result[key] = .some(try reader.at(key) { try reader.decode(stored) })
            }
            return result
        }
    }

    private func rootKey(of archive: KeyedArchive) -> String? {
        if archive.top[rootKey] != nil { return rootKey }
        for (key, value) in archive.top {
            if case .uid = value { return key }
        }
        return archive.top.keys.first
    }
}
