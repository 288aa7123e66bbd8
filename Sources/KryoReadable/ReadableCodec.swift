import KryoCore
import KryoPlist

/// Encodes and decodes single values as readable documents in HRCoder's style: JSON, or an XML
/// or binary property list, that a person can read, write by hand and edit.
///
/// Plain values stay plain; an object of a registered type is a dictionary whose `$class` is
/// its ``/KryoCore/Registration/readableName``, with its fields by name; an object met a second
/// time is `{"$alias": "key.path"}` (`$root` for the root).
///
/// ```swift
/// let codec = ReadableCodec(registry: registry, format: .prettyJSON)
/// let json = try codec.encode(todoList)
/// let back = try codec.decode(TodoList.self, from: json)
/// ```
///
/// Reading detects the layout (binary plist, XML plist or JSON) from the bytes. It is tolerant
/// where a person editing a file needs it (missing fields keep their defaults, extra fields are
/// ignored, an alias may name an object written after it) and strict elsewhere: every problem
/// is a `SerializationError` with the key path (and, for syntax, the byte offset).
public struct ReadableCodec: Sendable {
    /// The registry of types, readable names and serializers.
    public var registry: Registry
    /// The layout ``encode(_:)`` writes.
    public var format: ReadableFormat
    /// References (aliases), registration-required mode and limits.
    public var options: SerializationOptions
    /// How long `$class` names resolved, kept between decodes (shared by the codec's copies).
    private let classCache = ReadableClassCache()

    /// Creates a codec.
    public init(registry: Registry, format: ReadableFormat = .json, options: SerializationOptions = .default) {
        self.registry = registry
        self.format = format
        self.options = options
    }

    // MARK: Encoding

    /// Encodes `value` as the bytes of a readable document in ``format``.
    public func encode(_ value: Any?) throws -> [UInt8] {
        switch format {
        case .json, .prettyJSON:
            // Written as it goes: the same bytes as the document's tree, without the tree.
            return try ReadableWriter(registry: registry, options: options, format: format).streamJSON(value)
        case .propertyList:
            return try ReadableCodec.bytes(of: document(value), format: format, limits: options.limits)
        }
    }

    /// Encodes record `number` (from 1) of a stream whose records share objects, as Java's
    /// `setAutoReset(false)` with references on writes them, as JSON: an object an earlier record
    /// holds is an alias to it there (``ReadableStreamMemory``).
    package func encode(_ value: Any?, record number: Int, memory: ReadableStreamMemory) throws -> [UInt8] {
        let style: ReadableFormat = format == .prettyJSON ? .prettyJSON : .json
        return try ReadableWriter(registry: registry, options: options, format: style).streamJSON(
            value, record: number, memory: memory)
    }

    /// Encodes `value` as a readable document's tree.
    public func document(_ value: Any?) throws -> ReadableValue {
        let writer = ReadableWriter(registry: registry, options: options, format: format)
        return try writer.tree(of: value, declared: .object)
    }

    /// The bytes of `document` in `format`.
    public static func bytes(of document: ReadableValue, format: ReadableFormat, limits: Limits = .default) throws
        -> [UInt8]
    {
        switch format {
        case .json: return ReadableJSON.encode(document, style: .compact)
        case .prettyJSON: return ReadableJSON.encode(document, style: .pretty)
        case .propertyList(let layout):
            return try PropertyList.encode(
                document.propertyListValue(layout: layout), format: layout,
                limits: PropertyListLimits(maxDepth: documentDepth(limits)))
        }
    }

    // MARK: Decoding

    /// Decodes the root value of the document in `bytes` (JSON, XML plist or binary plist).
    ///
    /// - Throws: ``/KryoCore/SerializationError`` for malformed input (with the byte offset or the
    ///   key path) and for a root that is not a `T`.
    public func decode<T>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(T.self, from: bytes, root: nil)
    }

    /// Decodes a document whose root is an object of the Java class `javaClass`, as Java's
    /// `readObject(input, type)` names the class of a `writeObject` stream: the root may leave
    /// `$class` out (a record of such a stream, written by hand).
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when the registry does not know `javaClass`,
    ///   as ``decode(_:from:)-([UInt8])`` does for the rest.
    public func decode(javaClass: String, from bytes: [UInt8]) throws -> Any? {
        try decode(Any?.self, from: bytes, root: rootType(javaClass: javaClass))
    }

    /// The declared type of a root of the Java class `javaClass`.
    private func rootType(javaClass: String) throws -> DeclaredType {
        guard let registration = registry.registration(forJavaName: javaClass) else {
            throw SerializationError(.unregisteredType, expected: "a registration for \(javaClass)", found: "none")
        }
        return DeclaredType(registration.swiftType, javaName: javaClass)
    }

    private func decode<T>(_ type: T.Type, from bytes: [UInt8], root: DeclaredType?) throws -> T {
        // JSON text is read where it lies, unless an object has an `$alias` (aliases may point
        // forward, so they need the whole tree); the parser has checked the depth.
        if ReadableCodec.detectLayout(bytes) == .json, bytes.count <= ReadableCodec.maxParsedBytes {
            let depth = ReadableCodec.documentDepth(options.limits)
            let parsed = try ParsedJSON.parse(bytes, maxDepth: depth)
            guard parsed.hasAliases else {
                let reader = ReadableReader(
                    parsed: parsed, registry: registry, options: options, classCache: classCache)
                return try decode(T.self, with: reader, root: root)
            }
            return try decode(
                T.self, from: parsed.value(at: parsed.root), decimalTexts: parsed.decimalTexts(under: parsed.root),
                root: root)
        }
        let (document, format) = try ReadableCodec.document(from: bytes, limits: options.limits)
        return try decode(
            T.self, from: document, holdsNoAliases: format == .json && !ReadableCodec.mayHoldAlias(bytes), root: root)
    }

    /// The records of a JSON array of documents (what `kryo convert --records` reads from a
    /// `.json` file): how many, and a call that decodes the one at an index as a document of its
    /// own (its aliases name key paths from the record). Read where they lie, as a document
    /// is, unless a record has an `$alias`; `nil` when the text is JSON but not an array.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` for malformed JSON, with its byte offset.
    package func records(inJSONArray bytes: [UInt8]) throws -> (count: Int, decode: (Int) throws -> Any?)? {
        let depth = ReadableCodec.documentDepth(options.limits)
        if bytes.count <= ReadableCodec.maxParsedBytes {
            // A record may nest as deep as a document: the array is one level more.
            let parsed = try ParsedJSON.parse(bytes, maxDepth: depth + 1)
            guard parsed.kind(of: parsed.root) == .array else { return nil }
            let count = parsed.count(of: parsed.root)
            guard parsed.hasAliases else {
                return (
                    count,
                    { index in
                        let reader = ReadableReader(
                            parsed: parsed, registry: registry, options: options, classCache: classCache,
                            rootIndex: parsed.element(index, of: parsed.root))
                        return try decode(Any?.self, with: reader)
                    }
                )
            }
            guard case .array(let records) = parsed.value(at: parsed.root) else { return nil }
            return (
                records.count,
                { index in
                    try decode(
                        Any?.self, from: records[index],
                        decimalTexts: parsed.decimalTexts(under: parsed.element(index, of: parsed.root)))
                }
            )
        }
        guard case .array(let records) = try ReadableJSON.decode(bytes) else { return nil }
        return (records.count, { index in try decode(Any?.self, from: records[index]) })
    }

    /// Decodes the JSON document `bytes`, record `number` (from 1) of a stream whose records
    /// share objects (``ReadableStreamMemory``): an alias to an earlier record's object gives
    /// that object, and this record's objects that later records name are kept. As
    /// ``decode(javaClass:from:)`` when `javaClass` is given.
    package func decode(_ bytes: [UInt8], record number: Int, memory: ReadableStreamMemory, javaClass: String?)
        throws -> Any?
    {
        let root = try javaClass.map(rootType(javaClass:))
        let depth = ReadableCodec.documentDepth(options.limits)
        let parsed = try ParsedJSON.parse(bytes, maxDepth: depth)
        let reader = try ReadableReader(
            root: parsed.value(at: parsed.root), registry: registry, options: options,
            decimalTexts: parsed.decimalTexts(under: parsed.root), streamMemory: memory, record: number)
        let value = try decode(Any?.self, with: reader, root: root)
        reader.keepObjectsForLaterRecords()
        return value
    }

    /// The largest JSON text read where it lies: ``ParsedJSON`` numbers its nodes with 32 bits.
    static let maxParsedBytes = Int(Int32.max) / 4

    /// Decodes the root value of a document's tree.
    public func decode<T>(_ type: T.Type, from document: ReadableValue) throws -> T {
        try decode(T.self, from: document, holdsNoAliases: false)
    }

    private func decode<T>(
        _ type: T.Type, from document: ReadableValue, holdsNoAliases: Bool, root: DeclaredType? = nil
    ) throws -> T {
        let reader = try ReadableReader(
            root: document, registry: registry, options: options, holdsNoAliases: holdsNoAliases)
        return try decode(T.self, with: reader, root: root)
    }

    /// Decodes the tree of a JSON document with aliases, whose numbers' texts that say more than
    /// their doubles are `decimalTexts` (by key path).
    private func decode<T>(
        _ type: T.Type, from document: ReadableValue, decimalTexts: [[String]: String], root: DeclaredType? = nil
    ) throws -> T {
        let reader = try ReadableReader(
            root: document, registry: registry, options: options, decimalTexts: decimalTexts)
        return try decode(T.self, with: reader, root: root)
    }

    /// Decodes the root of `reader`'s document as a `T` (in a slot of type `root` when given).
    private func decode<T>(_ type: T.Type, with reader: ReadableReader, root: DeclaredType? = nil) throws -> T {
        // What fails leaves no cycle of unknown objects behind.
        return try reader.dismantlingOnFailure {
            reader.rootDeclared = root
            let value = try reader.decode(reader.rootNode, as: root ?? classCache.declaredType(of: T.self))
            if T.self == Any?.self { return unsafeBitCast(value, to: T.self) }
            // A value of exactly `T` (the root object of the class asked for), taken as it is: what
            // the conversion below returns for it, without its dynamic casts.
            if !ValueConversion.isOptionalType(T.self), let value,
                let exact = ValueConversion.exactly(value, as: T.self)
            {
                return exact
            }
            // A value that converts to `T?` only as nil did not convert.
            guard let converted = ValueConversion.convert(value, to: T.self),
                value == nil || ValueConversion.flatten(converted) != nil
            else {
                throw SerializationError(
                    .typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value),
                    path: [ReadableKeys.root])
            }
            return converted
        }
    }

    /// Reads the tree of a readable document, detecting its layout: a binary plist starts with
    /// `bplist`, an XML plist with `<` (after white space), anything else is JSON.
    public static func document(from bytes: [UInt8], limits: Limits = .default) throws -> (
        document: ReadableValue, format: ReadableFormat
    ) {
        let depth = documentDepth(limits)
        switch detectLayout(bytes) {
        case .propertyList(let layout):
            // A tree of readable values copies a container at every place that refers to it: no
            // more values than the plist has bytes.
            let plistLimits = PropertyListLimits(maxDepth: depth, maxExpandedCount: bytes.count)
            let value =
                layout == .binary
                ? try PropertyList.decodeBinary(bytes, limits: plistLimits)
                : try PropertyList.decodeXML(bytes, limits: plistLimits)
            return (try ReadableValue(propertyList: value), .propertyList(layout))
        default:
            return (try ReadableJSON.decode(bytes, maxDepth: depth), .json)
        }
    }

    /// Whether the JSON text `bytes` may have an `$alias` key: it spells `$alias`, or it has an
    /// escape (`\u0024alias` is the same key). `false` proves that no object has one.
    static func mayHoldAlias(_ bytes: [UInt8]) -> Bool {
        let dollar = UInt8(ascii: "$")
        let backslash = UInt8(ascii: "\\")
        let rest = aliasAfterDollar
        return bytes.withUnsafeBytes { text in
            let count = text.count
            var index = 0
            while index < count {
                // Eight bytes at a time while none is a `$` or a `\`.
                if index + 8 <= count,
                    !hasByte(dollar, or: backslash, in: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let end = min(index + 8, count)
                while index < end {
                    let byte = text[index]
                    if byte == backslash { return true }
                    if byte == dollar, index + rest.count < count,
                        rest.indices.allSatisfy({ text[index + 1 + $0] == rest[$0] })
                    {
                        return true
                    }
                    index += 1
                }
            }
            return false
        }
    }

    /// The bytes of `$alias` after its `$`, made once.
    private static let aliasAfterDollar = Array(ReadableKeys.alias.utf8.dropFirst())

    /// Whether one of the eight bytes of `word` is `first` or `second`.
    @inline(__always)
    private static func hasByte(_ first: UInt8, or second: UInt8, in word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = word ^ (ones &* UInt64(first))
        let seconds = word ^ (ones &* UInt64(second))
        // A byte of `firsts` or `seconds` is zero where `word` has the byte, and the test marks
        // every zero byte (it may mark a byte above one too, which only sends the word to the
        // byte loop).
        return ((firsts &- ones) & ~firsts | (seconds &- ones) & ~seconds) & 0x8080_8080_8080_8080 != 0
    }

    /// The layout of `bytes`, from their first bytes (a binary plist cut inside its magic too, so
    /// that it is reported as truncated).
    static func detectLayout(_ bytes: [UInt8]) -> ReadableFormat {
        let magic = Array("bplist".utf8)
        if !bytes.isEmpty, bytes.starts(with: magic.prefix(min(bytes.count, magic.count))) {
            return .propertyList(.binary)
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<") ? .propertyList(.xml) : .json
    }

    /// How deeply a document may nest: each object of the graph can take a few levels (a set is
    /// a dictionary holding an array; in JSON a date is a dictionary), so twice the object depth
    /// and some; the reader enforces the object depth itself, with the key path.
    static func documentDepth(_ limits: Limits) -> Int {
        let (doubled, overflow) = limits.maxDepth.multipliedReportingOverflow(by: 2)
        return overflow ? Int.max : doubled + 8
    }
}
