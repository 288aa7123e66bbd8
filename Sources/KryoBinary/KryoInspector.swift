import KryoCore

/// Explains a Kryo stream byte by byte: each value with its offset, raw bytes and meaning
/// (class tags, reference markers, null markers, varints, strings, fields, chunks), the engine
/// behind `kryo inspect`.
///
/// The inspector walks the bytes itself, in one ``KryoDialect`` (Kryo 2.20, 4 or 5: the schema's
/// `dialect` unless told otherwise), driven by a ``/KryoCore/SchemaSet`` (registration ids, bean fields,
/// enum constants) and by what it knows of that release: the default registrations (ids 0–8, and
/// `void` at 9 in Kryo 4) and the wire of the library classes Kryo serializes by default
/// (collections, maps, arrays, wrappers, `String`, `Date`, `StringBuilder`, `BigInteger`,
/// `BigDecimal`, `Currency`, `TimeZone`, `GregorianCalendar`, `Class`, `EnumSet`, `TreeMap`,
/// `TreeSet`, `Locale` and `URL` from Kryo 4 on, the `Collections` empty and singleton classes).
/// It never throws: on bytes it cannot explain it says where and why it stopped
/// (``KryoDump/stop``) and shows the rest as raw bytes.
///
/// ```swift
/// let dump = KryoInspector(schema: schemas).inspect(bytes)
/// print(dump.render())
/// let five = KryoInspector(schema: schemas, dialect: .v5, references: false).inspect(flinkBytes)
/// ```
///
/// Beans are read through their schema: `FieldSerializer` (fields in Java order),
/// `TaggedFieldSerializer` (count — count + 1 in Kryo 5 —, then tag and value) and
/// `CompatibleFieldSerializer` (the field names once per graph, then each field in chunks; in Kryo
/// 5 by default each value after its class, unchunked, see ``compatibleOptions``; a field the
/// schema lacks is skipped, as Kryo skips it). A field whose declared type is final carries no
/// class tag; the generic arguments of a field, when final, drop the class tags of its
/// collection's elements or its map's keys and values (Kryo 2.20: first level only, not for
/// public fields, which it reaches through ReflectASM; Kryo 4: never, its default
/// `optimizedGenerics` is off; Kryo 5: at every level). Back-references name the object they
/// point to.
///
/// What differs by release: fixed width numbers are little-endian in Kryo 5; Kryo 5 writes
/// collection sizes + 1 with a flag (the "same class" element form), map sizes + 1, TreeMap and
/// TreeSet comparators after the size, enums without reference markers, and a `Class` value's
/// primitive flag only for primitives and wrappers (Kryo 4: always); `String[]` elements carry
/// reference markers in Kryo 4 and 5 when references are on.
public struct KryoInspector: Sendable {
    /// What the writer's top-level call was.
    public enum Framing: Sendable, Hashable {
        /// `writeClassAndObject`: a class tag, then the value. The default.
        case classAndObject
        /// `writeObject` of a value of the given declared type: no class tag, never null.
        case object(JavaType)
        /// `writeObjectOrNull` of a value of the given declared type: a null marker or reference
        /// marker, no class tag.
        case objectOrNull(JavaType)
    }

    /// The classes the stream may contain, and the stream settings.
    public var schema: SchemaSet
    /// The top-level call that wrote the stream.
    public var framing: Framing
    /// Whether the writer tracked references.
    public var references: Bool
    /// How deeply values may nest before the inspector stops.
    public var maximumDepth: Int
    /// The Kryo release whose wire the stream follows.
    public var dialect: KryoDialect
    /// How Kryo 5's `CompatibleFieldSerializer` wrote each field (Java's defaults: each value
    /// after its class, unchunked). Ignored by Kryo 2.20 and 4, whose fields are always chunked.
    public var compatibleOptions: KryoEvolutionOptions
    /// How Kryo 5's `TaggedFieldSerializer` wrote each field (Java's defaults: plain values,
    /// unchunked). Ignored by Kryo 2.20 and 4.
    public var taggedOptions: KryoEvolutionOptions

    /// Creates an inspector.
    ///
    /// - Parameters:
    ///   - schema: The classes (ids, layouts); empty for a stream without a schema, which is
    ///     understood as far as library classes, strings and primitives go.
    ///   - framing: The writer's top-level call (default `writeClassAndObject`).
    ///   - references: Whether the writer tracked references; `nil` takes the schema's setting.
    ///   - dialect: The Kryo release that wrote the stream; `nil` takes the schema's `dialect`.
    ///   - maximumDepth: How deeply values may nest (default 100).
    ///   - compatibleOptions: Kryo 5's `CompatibleFieldSerializer` options (default Java's).
    ///   - taggedOptions: Kryo 5's `TaggedFieldSerializer` options (default Java's).
    public init(
        schema: SchemaSet = SchemaSet(), framing: Framing = .classAndObject, references: Bool? = nil,
        dialect: KryoDialect? = nil, maximumDepth: Int = 100,
        compatibleOptions: KryoEvolutionOptions = CompatibleFieldSetting.defaultValue,
        taggedOptions: KryoEvolutionOptions = TaggedFieldSetting.defaultValue
    ) {
        self.schema = schema
        self.framing = framing
        self.references = references ?? schema.settings.references
        self.dialect = dialect ?? KryoDialect(schema.settings.dialect)
        self.maximumDepth = maximumDepth
        self.compatibleOptions = compatibleOptions
        self.taggedOptions = taggedOptions
    }

    /// Explains `bytes`.
    ///
    /// - Returns: Entries covering every byte once, in order, and the reason the inspector
    ///   stopped, if it did.
    public func inspect(_ bytes: [UInt8]) -> KryoDump {
        let walker = KryoStreamWalker(inspector: self, bytes: bytes, range: bytes.startIndex..<bytes.endIndex)
        return walker.run()
    }

    /// Explains the value in `range` of `bytes`, as if those bytes were the whole stream, with
    /// every offset counted in `bytes`: one record of a larger capture (a KryoNet frame, a
    /// message of a log) explained where it lies.
    ///
    /// ```swift
    /// let dump = KryoInspector(schema: schemas).inspect(capture, in: 4..<15)   // entries from 0x0004
    /// ```
    ///
    /// - Returns: Entries covering every byte of `range` once, in order, and the reason the
    ///   inspector stopped, if it did; ``KryoDump/byteCount`` is the length of `range`. A range
    ///   outside `bytes` is clamped to it.
    public func inspect(_ bytes: [UInt8], in range: Range<Int>) -> KryoDump {
        let clamped = range.clamped(to: bytes.startIndex..<bytes.endIndex)
        let walker = KryoStreamWalker(inspector: self, bytes: bytes, range: clamped)
        return walker.run()
    }

    /// Explains a stream of consecutive top-level values — what a Java service writes with one
    /// `writeClassAndObject` (or `writeObject`) call per record on one `Output` — one dump per
    /// record, offsets counted in `bytes`. Each record is a graph of its own (Kryo resets its
    /// references and class names after each top-level call), and its dump ends where its value
    /// ends: ``KryoDump/byteCount`` is the record's length.
    ///
    /// ```swift
    /// try inspector.inspectRecords(stream) { number, dump in
    ///     print("record \(number): \(dump.byteCount) bytes")
    ///     return true   // false stops the walk
    /// }
    /// ```
    ///
    /// The walk stops after a record whose dump has a ``KryoDump/stop`` (where that record ends
    /// is then unknown), when `body` returns `false`, or at the end of `bytes`. Work and memory
    /// grow with each record's size, not with the stream's.
    ///
    /// - Parameters:
    ///   - bytes: The stream.
    ///   - body: Called with the record's number (from 1) and its dump.
    public func inspectRecords(_ bytes: [UInt8], _ body: (_ number: Int, _ dump: KryoDump) throws -> Bool) rethrows {
        var start = bytes.startIndex
        var number = 1
        while start < bytes.endIndex {
            // A window that doubles until the record fits: a record's cost is its own size.
            var window = 4096
            var dump: KryoDump
            while true {
                let end = bytes.endIndex - start <= window ? bytes.endIndex : start + window
                let walker = KryoStreamWalker(inspector: self, bytes: bytes, range: start..<end)
                walker.coversTrailing = false
                dump = walker.run()
                guard dump.stop?.kind == .truncated, end < bytes.endIndex else { break }
                window *= 2
            }
            guard try body(number, dump), dump.stop == nil, dump.byteCount > 0 else { return }
            start += dump.byteCount
            number += 1
        }
    }
}

// MARK: - What a class looks like on the wire

/// The serializer layout of a class's values.
enum WireLayout: Sendable {
    case primitive(JavaPrimitiveType)
    case string
    case bean(JavaClassSchema)
    case enumeration(String, [String]?)
    case collection
    case map
    case treeMap
    /// Kryo 4 and 5's `TreeSetSerializer` (a comparator as the header).
    case treeSet
    /// Kryo 4 and 5's `LocaleSerializer`: language, country, variant.
    case locale
    case primitiveArray(JavaPrimitiveType)
    case stringArray
    case objectArray(component: JavaType)
    case date
    case charSequence
    case bigInteger
    case bigDecimal
    case currency
    case timeZone
    case calendar
    case javaClass
    case enumSet
    case empty
    case singleton
    case singletonMap
}

/// A class as the stream names it, with its layout when known.
struct WireClass: Sendable {
    /// The Java class name.
    let name: String
    /// How the class tag named it: `(id 20)`, `(by name, name id 0)`…
    let how: String
    /// The layout, or `nil` when the inspector cannot tell it.
    let layout: WireLayout?
    /// Why the layout is unknown.
    let unknownBecause: String

    /// Whether Kryo 2.20 does not track references to the class (the wrappers).
    var isWrapper: Bool {
        if case .primitive = layout { return true }
        return false
    }

    /// Whether the class's serializer writes its own null (so refs-off `writeObjectOrNull`
    /// writes no null marker) in `version`.
    func acceptsNull(in version: KryoWireVersion) -> Bool {
        switch layout {
        case .string, .enumeration, .primitiveArray, .stringArray, .objectArray, .charSequence, .bigInteger,
            .bigDecimal, .currency, .javaClass:
            return true
        case .collection, .map, .treeMap, .treeSet:
            // Kryo 5's collection and map serializers write `00` for null themselves.
            return version >= .kryo5
        default: return false
        }
    }

    var described: String { how.isEmpty ? name : name + " " + how }
}

/// The classes Kryo knows without a schema.
enum WireCatalog {
    /// The layout of a library class in `version`, or `nil` when the inspector does not know it.
    static func layout(named name: String, in version: KryoWireVersion) -> WireLayout? {
        if version >= .kryo4 {
            switch name {
            case "java.util.TreeSet": return .treeSet
            case "java.util.Locale": return .locale
            case "java.net.URL": return .string
            default: break
            }
        }
        return byName[name]
    }

    /// Kryo 4's registration of `void` (id 9, `VoidSerializer`, which writes nothing).
    static let kryo4Void = ("void", WireLayout.empty)

    /// Default registrations, by id.
    static let defaultIds: [Int: (String, WireLayout)] = [
        0: ("java.lang.Integer", .primitive(.int)), 1: ("java.lang.String", .string),
        2: ("java.lang.Float", .primitive(.float)), 3: ("java.lang.Boolean", .primitive(.boolean)),
        4: ("java.lang.Byte", .primitive(.byte)), 5: ("java.lang.Character", .primitive(.char)),
        6: ("java.lang.Short", .primitive(.short)), 7: ("java.lang.Long", .primitive(.long)),
        8: ("java.lang.Double", .primitive(.double)),
    ]

    /// Library classes by name.
    static let byName: [String: WireLayout] = {
        var layouts: [String: WireLayout] = ["java.lang.String": .string]
        for primitive in JavaPrimitiveType.allCases {
            layouts[primitive.wrapperName] = .primitive(primitive)
        }
        for name in [
            "java.util.ArrayList", "java.util.LinkedList", "java.util.HashSet", "java.util.LinkedHashSet",
            "java.util.TreeSet", "java.util.Vector", "java.util.Stack", "java.util.ArrayDeque",
            "java.util.concurrent.CopyOnWriteArrayList", "java.util.Arrays$ArrayList",
        ] {
            layouts[name] = .collection
        }
        for name in [
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.Hashtable", "java.util.IdentityHashMap",
            "java.util.concurrent.ConcurrentHashMap",
        ] {
            layouts[name] = .map
        }
        layouts["java.util.TreeMap"] = .treeMap
        layouts["java.util.Date"] = .date
        layouts["java.lang.StringBuilder"] = .charSequence
        layouts["java.lang.StringBuffer"] = .charSequence
        layouts["java.math.BigInteger"] = .bigInteger
        layouts["java.math.BigDecimal"] = .bigDecimal
        layouts["java.util.Currency"] = .currency
        for name in ["sun.util.calendar.ZoneInfo", "java.util.SimpleTimeZone", "java.util.TimeZone"] {
            layouts[name] = .timeZone
        }
        layouts["java.util.GregorianCalendar"] = .calendar
        layouts["java.lang.Class"] = .javaClass
        for name in ["java.util.EnumSet", "java.util.RegularEnumSet", "java.util.JumboEnumSet"] {
            layouts[name] = .enumSet
        }
        for name in [
            "java.util.Collections$EmptyList", "java.util.Collections$EmptyMap", "java.util.Collections$EmptySet",
            "java.util.Collections$ReverseComparator",
        ] {
            layouts[name] = .empty
        }
        layouts["java.util.Collections$SingletonList"] = .singleton
        layouts["java.util.Collections$SingletonSet"] = .singleton
        layouts["java.util.Collections$SingletonMap"] = .singletonMap
        return layouts
    }()

    /// JDK classes that are final (a field declared with one carries no class tag).
    static let finalClasses: Set<String> = {
        var names: Set<String> = [
            "java.lang.String", "java.lang.StringBuilder", "java.lang.StringBuffer", "java.lang.Class",
            "java.util.Currency", "java.util.UUID", "java.util.Locale",
        ]
        for primitive in JavaPrimitiveType.allCases { names.insert(primitive.wrapperName) }
        return names
    }()

    /// Parses a Java array descriptor component (`I`, `Ljava.lang.String;`, `[I`).
    static func type(descriptor: Substring) -> JavaType? {
        guard let first = descriptor.first else { return nil }
        if first == "[" {
            if JavaType.exceedsArrayDimensions(descriptor) { return nil }
            return type(descriptor: descriptor.dropFirst()).map { .array($0) }
        }
        if first == "L" {
            guard descriptor.hasSuffix(";"), descriptor.count > 2 else { return nil }
            return .named(String(descriptor.dropFirst().dropLast()))
        }
        guard descriptor.count == 1 else { return nil }
        return JavaPrimitiveType.allCases.first { $0.descriptor == String(first) }.map { .primitive($0) }
    }
}

// MARK: - The walker

/// A stop, thrown from deep inside the walk.
struct WalkStop: Error {
    let stop: KryoDumpStop
}

/// What a reference or null marker said.
enum MarkerOutcome {
    case null, newObject, backReference
}

/// The bytes being read: the input itself, or the data of a compatible field's chunks with the
/// map from its offsets to the input's.
struct WalkCursor {
    /// A run of logical bytes and where it lies in the input.
    struct Segment {
        let logical: Int
        let physical: Int
        let count: Int
    }

    let bytes: [UInt8]
    var position = 0
    let segments: [Segment]
    /// "the end" or "the end of field x's chunks".
    let endName: String

    var remaining: Int { bytes.count - position }

    /// The input offset of logical offset `logical` (the end maps to just after the last byte).
    func physical(_ logical: Int) -> Int {
        for segment in segments where logical < segment.logical + segment.count {
            return segment.physical + (logical - segment.logical)
        }
        guard let last = segments.last else { return logical }
        return last.physical + last.count
    }

    /// The input ranges of the logical range `start..<start+count`, in order.
    func pieces(from start: Int, count: Int) -> [(physical: Int, count: Int)] {
        var pieces: [(physical: Int, count: Int)] = []
        let end = start + count
        for segment in segments {
            let low = max(start, segment.logical)
            let high = min(end, segment.logical + segment.count)
            if low < high { pieces.append((segment.physical + low - segment.logical, high - low)) }
        }
        return pieces
    }
}

/// One walk over one stream; all per-graph state (reference table, class name ids, compatible
/// headers) lives here.
final class KryoStreamWalker {
    let inspector: KryoInspector
    let input: [UInt8]
    /// The part of `input` the walk explains.
    let range: Range<Int>
    var cursor: WalkCursor
    var entries: [KryoDumpEntry] = []
    /// Objects numbered so far: their class and the offset of their `01` marker.
    var objects: [(name: String, offset: Int)] = []
    /// Class names by per-graph name id.
    var classNames: [Int: String] = [:]
    /// Compatible beans' headers already read in this graph.
    var compatibleHeaders: [String: [String]] = [:]
    /// Whether the dump covers the bytes after a complete root value (as trailing entries); when
    /// not, it ends with the value.
    var coversTrailing = true
    let schemaByName: [String: JavaClassSchema]
    let schemaById: [Int: JavaClassSchema]
    /// The release whose wire the walk follows.
    let version: KryoWireVersion
    /// Its primitive forms.
    let wire: KryoWire

    init(inspector: KryoInspector, bytes: [UInt8], range: Range<Int>) {
        self.inspector = inspector
        version = inspector.dialect.version
        wire = inspector.dialect.wire
        self.input = bytes
        self.range = range
        let whole = range == bytes.startIndex..<bytes.endIndex
        cursor = WalkCursor(
            bytes: whole ? bytes : Array(bytes[range]),
            segments: [WalkCursor.Segment(logical: 0, physical: range.lowerBound, count: range.count)],
            endName: "the end")
        var byName: [String: JavaClassSchema] = [:]
        var byId: [Int: JavaClassSchema] = [:]
        for schema in inspector.schema.classes {
            if byName[schema.javaName] == nil { byName[schema.javaName] = schema }
            if let id = schema.id, byId[id] == nil { byId[id] = schema }
        }
        schemaByName = byName
        schemaById = byId
    }

    func run() -> KryoDump {
        var stop: KryoDumpStop?
        do throws(WalkStop) {
            switch inspector.framing {
            case .classAndObject:
                try classAndObject(nil, depth: 0, generics: [])
            case .object(let type):
                try declared(type, label: nil, depth: 0, canBeNull: false, isPublicField: false)
            case .objectOrNull(let type):
                try declared(type, label: nil, depth: 0, canBeNull: true, isPublicField: false)
            }
        } catch {
            stop = error.stop
        }
        return finish(stop: stop)
    }

    /// Sorts the entries and covers what they leave uncovered: raw bytes after a stop, trailing
    /// bytes after a complete root.
    private func finish(stop: KryoDumpStop?) -> KryoDump {
        let sorted = entries.enumerated().sorted { lhs, rhs in
            lhs.element.offset == rhs.element.offset ? lhs.offset < rhs.offset : lhs.element.offset < rhs.element.offset
        }.map(\.element)
        var covered: [KryoDumpEntry] = []
        var next = range.lowerBound
        for entry in sorted {
            if entry.offset > next { covered += rawEntries(next..<entry.offset, role: .raw) }
            covered.append(entry)
            next = max(next, entry.offset + entry.length)
        }
        if stop == nil, !coversTrailing {
            return KryoDump(byteCount: next - range.lowerBound, entries: covered, stop: nil)
        }
        if next < range.upperBound {
            covered += rawEntries(next..<range.upperBound, role: stop == nil ? .trailing : .raw)
        }
        return KryoDump(byteCount: range.count, entries: covered, stop: stop)
    }

    private func rawEntries(_ range: Range<Int>, role: KryoDumpEntry.Role) -> [KryoDumpEntry] {
        stride(from: range.lowerBound, to: range.upperBound, by: 16).map { start in
            let bytes = Array(input[start..<min(start + 16, range.upperBound)])
            return KryoDumpEntry(
                offset: start, length: bytes.count, depth: 0, role: role,
                text: bytes.map(KryoDump.hexByte).joined(separator: " "), bytes: bytes)
        }
    }

    // MARK: Emitting

    /// Records the bytes from logical offset `start` to the cursor, split where they cross a
    /// chunk boundary.
    func emit(from start: Int, _ role: KryoDumpEntry.Role, depth: Int, _ label: String?, _ text: String) {
        let count = cursor.position - start
        guard count > 0 else { return }
        let full = label.map { $0 + ": " + text } ?? text
        for (index, piece) in cursor.pieces(from: start, count: count).enumerated() {
            let bytes = Array(input[piece.physical..<(piece.physical + piece.count)])
            entries.append(
                KryoDumpEntry(
                    offset: piece.physical, length: piece.count, depth: depth, role: role,
                    text: index == 0 ? full : (label.map { $0 + ": " } ?? "") + "(continued)", bytes: bytes))
        }
    }

    /// The input offset of the cursor's logical offset.
    func here(_ logical: Int? = nil) -> Int { cursor.physical(logical ?? cursor.position) }

    var bytesLeftText: String {
        let left = range.upperBound - here()
        return "(\(left) byte\(left == 1 ? "" : "s") left)"
    }

    func unknown(_ reason: String) -> WalkStop {
        WalkStop(stop: KryoDumpStop(kind: .unknownLayout, offset: here(), reason: reason + " " + bytesLeftText))
    }

    func malformed(_ reason: String, at logical: Int) -> WalkStop {
        WalkStop(stop: KryoDumpStop(kind: .malformed, offset: here(logical), reason: reason))
    }

    func truncated(_ expected: String, at logical: Int) -> WalkStop {
        let offset = here(logical)
        return WalkStop(
            stop: KryoDumpStop(
                kind: .truncated, offset: offset,
                reason: "expected \(expected) at \(KryoDump.address(offset)), found \(cursor.endName)"))
    }

    // MARK: Reading

    func readByte(_ expected: String) throws(WalkStop) -> UInt8 {
        guard cursor.remaining >= 1 else { throw truncated(expected, at: cursor.position) }
        defer { cursor.position += 1 }
        return cursor.bytes[cursor.position]
    }

    func readBytes(_ count: Int, _ expected: String) throws(WalkStop) -> ArraySlice<UInt8> {
        guard count >= 0, cursor.remaining >= count else { throw truncated(expected, at: cursor.position) }
        defer { cursor.position += count }
        return cursor.bytes[cursor.position..<(cursor.position + count)]
    }

    /// Runs `read` on a ``KryoInput`` over the bytes from the cursor on (in the dialect's byte
    /// order), and moves the cursor past what it read. A read past the end is a truncation
    /// (`expected` at the cursor), any other failure malformed bytes.
    func viaInput<T>(_ expected: String, _ read: (KryoInput) throws -> T) throws(WalkStop) -> T {
        let start = cursor.position
        let littleEndian = wire.littleEndian
        let outcome: Result<(value: T, count: Int), SerializationError> = cursor.bytes.withUnsafeBytes { raw in
            let rest = UnsafeRawBufferPointer(rebasing: raw[min(start, raw.count)...])
            let input = KryoInput(unsafeBytes: rest)
            input.littleEndian = littleEndian
            do {
                let value = try read(input)
                return .success((value, input.offset))
            } catch let error as SerializationError {
                return .failure(error)
            } catch {
                return .failure(SerializationError(.invalidValue, expected: expected, found: "\(error)"))
            }
        }
        switch outcome {
        case .success(let read):
            cursor.position += read.count
            return read.value
        case .failure(let error):
            switch error.kind {
            case .truncatedInput, .lengthExceedsInput:
                throw truncated(expected, at: start)
            default:
                throw malformed("\(expected) is malformed: expected \(error.expected), found \(error.found)", at: start)
            }
        }
    }

    /// A positive varint int, as an unsigned count.
    func readCount() throws(WalkStop) -> Int {
        Int(UInt32(bitPattern: try viaInput("a varint") { try $0.readVarInt32(optimizePositive: true) }))
    }

    /// A positive varlong.
    func readPositiveLong() throws(WalkStop) -> Int64 {
        try viaInput("a varint") { try $0.readVarInt64(optimizePositive: true) }
    }

    /// A zigzag varint int.
    func readZigZagInt() throws(WalkStop) -> Int32 {
        try viaInput("a varint") { try $0.readVarInt32(optimizePositive: false) }
    }

    /// A zigzag varlong.
    func readZigZagLong() throws(WalkStop) -> Int64 {
        try viaInput("a varint") { try $0.readVarInt64(optimizePositive: false) }
    }

    /// Kryo 5's `readVarIntFlag`: the flag in bit 7 of the first byte, then a positive varint.
    func readVarIntFlag() throws(WalkStop) -> (flag: Bool, value: Int) {
        try viaInput("a varint") { try $0.readVarIntFlag() }
    }

    /// `writeString`: `nil` for null.
    func readString() throws(WalkStop) -> String? {
        try viaInput("a string") { try $0.readString() }
    }

    /// A fixed width number of `width` bytes in the dialect's byte order.
    func readFixed(_ width: Int, _ expected: String) throws(WalkStop) -> UInt64 {
        try viaInput(expected) { input in
            switch width {
            case 2: UInt64(try input.readUInt16())
            case 4: UInt64(try input.readUInt32())
            default: try input.readUInt64()
            }
        }
    }

    // MARK: Classes

    /// The class a schema or the library gives `name`.
    func wireClass(named name: String, how: String) -> WireClass {
        if let schema = schemaByName[name] {
            switch schema.layout {
            case .fields: return WireClass(name: name, how: how, layout: .bean(schema), unknownBecause: "")
            case .enumeration(let constants):
                return WireClass(name: name, how: how, layout: .enumeration(name, constants), unknownBecause: "")
            case .library: break
            }
        }
        if let layout = WireCatalog.layout(named: name, in: version) {
            return WireClass(name: name, how: how, layout: layout, unknownBecause: "")
        }
        if name.hasPrefix("["), let type = WireCatalog.type(descriptor: Substring(name)),
            case .array(let component) = type
        {
            let layout: WireLayout
            switch component {
            case .primitive(let primitive): layout = .primitiveArray(primitive)
            case .object("java.lang.String", _): layout = .stringArray
            default: layout = .objectArray(component: component)
            }
            return WireClass(name: name, how: how, layout: layout, unknownBecause: "")
        }
        let because =
            schemaByName[name] != nil
            ? "class \(name) is a library class the inspector does not know"
            : "class \(name) is not in the schema"
        return WireClass(name: name, how: how, layout: nil, unknownBecause: because)
    }

    /// The class registered under `id`.
    func wireClass(id: Int) -> WireClass {
        if let schema = schemaById[id] { return wireClass(named: schema.javaName, how: "(id \(id))") }
        if let (name, layout) = WireCatalog.defaultIds[id]
            ?? (version == .kryo4 && id == 9 ? WireCatalog.kryo4Void : nil)
        {
            return WireClass(name: name, how: "(id \(id))", layout: layout, unknownBecause: "")
        }
        return WireClass(
            name: "unknown class", how: "(id \(id))", layout: nil, unknownBecause: "class id \(id) is not in the schema"
        )
    }

    /// The class of a declared type.
    func wireClass(declared type: JavaType) -> WireClass {
        if case .primitive(let primitive) = type {
            return WireClass(name: primitive.rawValue, how: "", layout: .primitive(primitive), unknownBecause: "")
        }
        return wireClass(named: type.className, how: "")
    }

    /// Whether a slot declared with `type` carries no class tag (Kryo's `isFinal`).
    func isFinal(_ type: JavaType) -> Bool {
        switch type {
        case .primitive: return true
        // Its erasure, `Object` (the inspector does not resolve Kryo 5's type variables).
        case .typeVariable: return false
        case .array(let component):
            var innermost = component
            while case .array(let inner) = innermost { innermost = inner }
            return isFinal(innermost)
        case .object(let name, _):
            if let schema = schemaByName[name] {
                switch schema.layout {
                case .enumeration: return true
                case .fields: return schema.isFinal
                case .library: return schema.isFinal || WireCatalog.finalClasses.contains(name)
                }
            }
            return WireCatalog.finalClasses.contains(name)
        }
    }

    /// Reads a class tag; `nil` for the null tag.
    func readClassTag(_ label: String?, depth: Int, prefix: String = "") throws(WalkStop) -> WireClass? {
        let start = cursor.position
        let tag = try readCount()
        switch tag {
        case 0:
            emit(from: start, .classTag, depth: depth, label, prefix + "null")
            return nil
        case 1:
            // Kryo 2.20 writes a new name's id as one raw byte; later releases as a varint.
            let nameId = wire.classNameIDIsByte ? Int(try readByte("a class name id")) : try readCount()
            let wire: WireClass
            if let name = classNames[nameId] {
                wire = wireClass(named: name, how: "(name id \(nameId))")
            } else {
                let nameStart = cursor.position
                guard let name = try readString() else {
                    throw malformed("a class name is null", at: nameStart)
                }
                classNames[nameId] = name
                wire = wireClass(named: name, how: "(by name, name id \(nameId))")
            }
            emit(from: start, .classTag, depth: depth, label, prefix + wire.described)
            return wire
        default:
            let wire = wireClass(id: tag - 2)
            emit(from: start, .classTag, depth: depth, label, prefix + wire.described)
            return wire
        }
    }

    /// Whether Kryo tracks references to the class's values: not the wrappers, and not enums in
    /// Kryo 5.
    func isTracked(_ wire: WireClass) -> Bool {
        switch wire.layout {
        case .primitive: return false
        case .enumeration: return version < .kryo5
        default: return true
        }
    }

    /// Reads a reference marker (references on, tracked class).
    func readReference(_ label: String?, depth: Int, className: String) throws(WalkStop) -> MarkerOutcome {
        let start = cursor.position
        let marker = try readCount()
        switch marker {
        case 0:
            emit(from: start, .reference, depth: depth, label, "null")
            return .null
        case 1:
            objects.append((className, here(start)))
            emit(from: start, .reference, depth: depth, label, "new object #\(objects.count - 1)")
            return .newObject
        default:
            let id = marker - 2
            guard id < objects.count else {
                throw malformed(
                    "a back-reference to #\(id), but only \(objects.count) object\(objects.count == 1 ? " was" : "s were") numbered so far",
                    at: start)
            }
            let target = objects[id]
            emit(
                from: start, .reference, depth: depth, label,
                "back-reference to #\(id) (\(target.name) at \(KryoDump.address(target.offset)))")
            return .backReference
        }
    }

    /// Reads a `00`/`01` null marker.
    func readNullMarker(_ label: String?, depth: Int) throws(WalkStop) -> Bool {
        let start = cursor.position
        let byte = try readByte("a null marker")
        guard byte <= 1 else { throw malformed("a null marker is \(KryoDump.hexByte(byte)), not 00 or 01", at: start) }
        emit(from: start, .nullMarker, depth: depth, label, byte == 0 ? "null" : "not null")
        return byte == 1
    }

    func checkDepth(_ depth: Int) throws(WalkStop) {
        guard depth <= inspector.maximumDepth else {
            throw WalkStop(
                stop: KryoDumpStop(
                    kind: .tooDeep, offset: here(),
                    reason: "values nest deeper than \(inspector.maximumDepth) levels " + bytesLeftText))
        }
    }

    // MARK: Values

    /// `writeClassAndObject`: class tag, reference marker, body.
    func classAndObject(
        _ label: String?, depth: Int, generics: [JavaType], references: Bool? = nil
    ) throws(WalkStop) {
        try checkDepth(depth)
        guard let wire = try readClassTag(label, depth: depth) else { return }
        if references ?? inspector.references, isTracked(wire) {
            guard try readReference(label, depth: depth, className: wire.name) == .newObject else { return }
        }
        try body(wire, label, depth: depth, generics: generics)
    }

    /// A value in a slot of a final declared type: `writeObjectOrNull` (or `writeObject` when it
    /// cannot be null), no class tag.
    func declared(_ type: JavaType, label: String?, depth: Int, canBeNull: Bool, isPublicField: Bool) throws(WalkStop) {
        try checkDepth(depth)
        let wire = wireClass(declared: type)
        if case .primitive = type {
            try body(wire, label, depth: depth, generics: [])
            return
        }
        try object(
            wire, label: label, depth: depth, canBeNull: canBeNull, generics: isPublicField ? [] : type.arguments)
    }

    /// `writeObjectOrNull` (or `writeObject` when it cannot be null) of a value of a known
    /// class: a reference or null marker, no class tag.
    func object(_ wire: WireClass, label: String?, depth: Int, canBeNull: Bool, generics: [JavaType]) throws(WalkStop) {
        try checkDepth(depth)
        if inspector.references {
            if !isTracked(wire) {
                if canBeNull, !(try readNullMarker(label, depth: depth)) { return }
            } else {
                guard try readReference(label, depth: depth, className: wire.name) == .newObject else { return }
            }
        } else if canBeNull, !wire.acceptsNull(in: version) {
            guard try readNullMarker(label, depth: depth) else { return }
        }
        try body(wire, label, depth: depth, generics: generics)
    }

    /// A bean field, or a collection element, map key or value of a known declared type.
    func slot(
        _ type: JavaType, label: String?, depth: Int, canBeNull: Bool = true, isFinal: Bool? = nil,
        isPublicField: Bool = false
    ) throws(WalkStop) {
        if isFinal ?? self.isFinal(type) {
            try declared(type, label: label, depth: depth, canBeNull: canBeNull, isPublicField: isPublicField)
        } else {
            try classAndObject(label, depth: depth, generics: isPublicField ? [] : type.arguments)
        }
    }

    /// The element type a collection or map serializer uses from the generic arguments: only a
    /// final one, and none in Kryo 4 (whose `optimizedGenerics` is off by default).
    func finalArgument(_ generics: [JavaType], _ index: Int) -> JavaType? {
        guard version != .kryo4, index < generics.count, isFinal(generics[index]) else { return nil }
        return generics[index]
    }

    /// The generic arguments passed on to the values of a slot declared with `generics[index]`:
    /// Kryo 5 resolves generics at every level, Kryo 2.20 and 4 at the first only.
    func nestedArguments(_ generics: [JavaType], _ index: Int) -> [JavaType] {
        guard version >= .kryo5, index < generics.count else { return [] }
        return generics[index].arguments
    }

    /// One element of a collection, array, map: with its declared type when final.
    func element(
        _ type: JavaType?, label: String, depth: Int, canBeNull: Bool = true, generics: [JavaType] = []
    ) throws(WalkStop) {
        if let type {
            if case .primitive = type {
                try declared(type, label: label, depth: depth, canBeNull: canBeNull, isPublicField: false)
            } else {
                try object(
                    wireClass(declared: type), label: label, depth: depth, canBeNull: canBeNull, generics: generics)
            }
        } else {
            try classAndObject(label, depth: depth, generics: generics)
        }
    }

    /// A size that must fit in the bytes left, one byte at least per item.
    func readSize(_ label: String?, depth: Int, what: String) throws(WalkStop) -> Int {
        let start = cursor.position
        let size = try readCount()
        emit(from: start, .length, depth: depth, label, "\(what) \(size)")
        guard size <= cursor.remaining else {
            throw truncated("\(size) item\(size == 1 ? "" : "s")", at: cursor.position)
        }
        return size
    }

    /// The body a class's serializer writes.
    func body(_ wire: WireClass, _ label: String?, depth: Int, generics: [JavaType]) throws(WalkStop) {
        guard let layout = wire.layout else {
            throw unknown(wire.unknownBecause + "; cannot tell the layout of what follows")
        }
        let inner = depth + 1
        switch layout {
        case .primitive(let primitive):
            try primitiveValue(primitive, label, depth: depth)
        case .string, .charSequence, .currency, .timeZone:
            let start = cursor.position
            let text = try readString()
            emit(from: start, .string, depth: depth, label, KryoStreamWalker.quoted(text))
        case .bean(let schema):
            try bean(schema, depth: inner)
        case .enumeration(let name, let constants):
            try enumConstant(name, constants, label, depth: depth)
        case .collection:
            try collectionBody(label, depth: depth, generics: generics, header: nil)
        case .treeSet:
            // Kryo 4: the comparator, then the collection; Kryo 5: the comparator after the size.
            let comparator = { () throws(WalkStop) in try self.classAndObject("comparator", depth: inner, generics: [])
            }
            if version < .kryo5 { try comparator() }
            try collectionBody(label, depth: depth, generics: generics, header: version >= .kryo5 ? comparator : nil)
        case .map:
            try mapBody(label, depth: depth, generics: generics, header: nil)
        case .treeMap:
            // Kryo 2.20: the comparator without references, then the map; Kryo 4: the same with
            // references; Kryo 5: the comparator after the size.
            let comparator = { () throws(WalkStop) in
                try self.classAndObject(
                    "comparator", depth: inner, generics: [], references: self.version == .kryo2 ? false : nil)
            }
            if version < .kryo5 { try comparator() }
            try mapBody(label, depth: depth, generics: generics, header: version >= .kryo5 ? comparator : nil)
        case .locale:
            for part in ["language", "country", "variant"] {
                let start = cursor.position
                let text = try readString()
                emit(
                    from: start, .string, depth: depth, label.map { $0 + " " + part } ?? part,
                    KryoStreamWalker.quoted(text))
            }
        case .primitiveArray(let primitive):
            guard let length = try arrayLength(label, depth: depth) else { return }
            if primitive == .byte {
                let start = cursor.position
                let bytes = try readBytes(length, "\(length) bytes of a byte[]")
                let shown = bytes.prefix(16).map(KryoDump.hexByte).joined(separator: " ")
                emit(from: start, .bytes, depth: inner, nil, shown + (length > 16 ? " …" : ""))
            } else {
                for index in 0..<length { try primitiveValue(primitive, "[\(index)]", depth: inner) }
            }
        case .stringArray:
            guard let length = try arrayLength(label, depth: depth) else { return }
            if version >= .kryo4, inspector.references {
                // Kryo 4 and 5: each element through writeObjectOrNull, with a reference marker.
                for index in 0..<length {
                    try element(.string, label: "[\(index)]", depth: inner)
                }
                return
            }
            for index in 0..<length {
                let start = cursor.position
                let text = try readString()
                emit(from: start, .string, depth: inner, "[\(index)]", KryoStreamWalker.quoted(text))
            }
        case .objectArray(let component):
            guard let length = try arrayLength(label, depth: depth) else { return }
            let elementType = isFinal(component) ? component : nil
            for index in 0..<length { try element(elementType, label: "[\(index)]", depth: inner) }
        case .date:
            let start = cursor.position
            let millis = try readPositiveLong()
            emit(from: start, .date, depth: depth, label, KryoStreamWalker.isoDate(millis: millis))
        case .bigInteger:
            try bigInteger(label, depth: depth)
        case .bigDecimal:
            guard try bigInteger(label.map { $0 + " unscaled" } ?? "unscaled", depth: depth) else { return }
            let start = cursor.position
            let scale = try readZigZagInt()
            emit(from: start, .int, depth: depth, label.map { $0 + " scale" } ?? "scale", "\(scale)")
        case .calendar:
            try calendar(depth: inner)
        case .javaClass:
            let named = try readClassTag(label, depth: depth, prefix: "the class ")
            var isPrimitiveOrWrapper = false
            if case .primitive = named?.layout { isPrimitiveOrWrapper = true }
            // Kryo 4 always writes whether the class is primitive; Kryo 5 for primitives and
            // wrappers only.
            if version == .kryo4 || (version >= .kryo5 && isPrimitiveOrWrapper) {
                let start = cursor.position
                let byte = try readByte("1 byte (isPrimitive)")
                let what =
                    byte == 1
                    ? "primitive" + (named.flatMap { wire in wrapperPrimitive(wire.name) }.map { " (\($0))" } ?? "")
                    : "not primitive"
                emit(from: start, .boolean, depth: depth, label.map { $0 + " isPrimitive" } ?? "isPrimitive", what)
            }
        case .enumSet:
            let elementClass = try readClassTag("element class", depth: inner)
            let size = try readSize(label, depth: depth, what: "size")
            var constants: [String]?
            if case .enumeration(_, let names) = elementClass?.layout { constants = names }
            for index in 0..<size {
                try enumConstant(elementClass?.name ?? "enum", constants, "[\(index)]", depth: inner, nullable: false)
            }
        case .empty:
            break
        case .singleton:
            try classAndObject("[0]", depth: inner, generics: [])
        case .singletonMap:
            try classAndObject("key", depth: inner, generics: [])
            try classAndObject("value", depth: inner, generics: [])
        }
    }

    /// The primitive type of a wrapper class name (`int` for `java.lang.Integer`).
    func wrapperPrimitive(_ name: String) -> String? {
        JavaPrimitiveType.allCases.first { $0.wrapperName == name }?.rawValue
    }

    /// A map: its size (+ 1 in Kryo 5, where `00` is null), Kryo 5's header, then the entries.
    func mapBody(
        _ label: String?, depth: Int, generics: [JavaType], header: (() throws(WalkStop) -> Void)?
    ) throws(WalkStop) {
        let size: Int
        if version >= .kryo5 {
            let start = cursor.position
            let stored = try readCount()
            guard stored > 0 else {
                emit(from: start, .length, depth: depth, label, "null map")
                return
            }
            size = stored - 1
            emit(from: start, .length, depth: depth, label, "size \(size) (written + 1)")
            guard size <= cursor.remaining else {
                throw truncated("\(size) item\(size == 1 ? "" : "s")", at: cursor.position)
            }
            try header?()
        } else {
            size = try readSize(label, depth: depth, what: "size")
        }
        let keyType = finalArgument(generics, 0)
        let valueType = finalArgument(generics, 1)
        for index in 0..<size {
            try element(keyType, label: "key[\(index)]", depth: depth + 1, generics: nestedArguments(generics, 0))
            try element(valueType, label: "value[\(index)]", depth: depth + 1, generics: nestedArguments(generics, 1))
        }
    }

    /// A collection: Kryo 2.20 and 4 its size then each element; Kryo 5 (`writeVarIntFlag`) its
    /// size + 1 with a flag (`00` null), the header, then the elements — of a final declared type
    /// (the flag: some are null), else with their classes or (the flag) in the same-class form:
    /// the class once, a hasNull boolean, the elements without their class.
    func collectionBody(
        _ label: String?, depth: Int, generics: [JavaType], header: (() throws(WalkStop) -> Void)?
    ) throws(WalkStop) {
        let inner = depth + 1
        let elementType = finalArgument(generics, 0)
        let elementGenerics = nestedArguments(generics, 0)
        guard version >= .kryo5 else {
            let size = try readSize(label, depth: depth, what: "size")
            for index in 0..<size { try element(elementType, label: "[\(index)]", depth: inner) }
            return
        }
        let start = cursor.position
        let (flag, stored) = try readVarIntFlag()
        guard stored > 0 else {
            emit(from: start, .length, depth: depth, label, "null collection")
            return
        }
        let size = stored - 1
        let form: String
        if size == 0 {
            form = ""
        } else if elementType != nil {
            form = flag ? ", some null" : ", none null"
        } else {
            form = flag ? ", one class" : ", each with its class"
        }
        emit(from: start, .length, depth: depth, label, "size \(size) (written + 1)\(form)")
        guard size <= cursor.remaining else {
            throw truncated("\(size) item\(size == 1 ? "" : "s")", at: cursor.position)
        }
        try header?()
        guard size > 0 else { return }
        if let elementType {
            for index in 0..<size {
                try element(elementType, label: "[\(index)]", depth: inner, canBeNull: flag, generics: elementGenerics)
            }
        } else if flag {
            guard let shared = try readClassTag("element class", depth: inner) else { return }
            let hasNull = try readBoolean("hasNull", depth: inner)
            for index in 0..<size {
                try object(shared, label: "[\(index)]", depth: inner, canBeNull: hasNull, generics: elementGenerics)
            }
        } else {
            for index in 0..<size { try element(nil, label: "[\(index)]", depth: inner, generics: elementGenerics) }
        }
    }

    /// A boolean `00`/`01` named `label`.
    func readBoolean(_ label: String, depth: Int) throws(WalkStop) -> Bool {
        let start = cursor.position
        let byte = try readByte("1 byte (boolean)")
        emit(from: start, .boolean, depth: depth, label, byte == 1 ? "true" : "false")
        return byte == 1
    }

    /// An array's length+1; `nil` for a null array.
    func arrayLength(_ label: String?, depth: Int) throws(WalkStop) -> Int? {
        let start = cursor.position
        let stored = try readCount()
        guard stored > 0 else {
            emit(from: start, .length, depth: depth, label, "null array")
            return nil
        }
        emit(from: start, .length, depth: depth, label, "length \(stored - 1)")
        guard stored - 1 <= cursor.remaining else {
            throw truncated("\(stored - 1) array element\(stored == 2 ? "" : "s")", at: cursor.position)
        }
        return stored - 1
    }

    func primitiveValue(_ primitive: JavaPrimitiveType, _ label: String?, depth: Int) throws(WalkStop) {
        let start = cursor.position
        let role: KryoDumpEntry.Role
        let text: String
        switch primitive {
        case .int:
            role = .int
            text = "\(try readZigZagInt())"
        case .long:
            role = .long
            text = "\(try readZigZagLong())"
        case .boolean:
            role = .boolean
            let byte = try readByte("1 byte (boolean)")
            text =
                byte == 1
                ? "true" : byte == 0 ? "false" : "false (byte \(KryoDump.hexByte(byte)); Kryo reads only 01 as true)"
        case .byte:
            role = .byte
            text = "\(Int8(bitPattern: try readByte("1 byte (byte)")))"
        case .char:
            role = .char
            text = KryoStreamWalker.character(UInt16(truncatingIfNeeded: try readFixed(2, "2 bytes (char)")))
        case .short:
            role = .short
            text = "\(Int16(bitPattern: UInt16(truncatingIfNeeded: try readFixed(2, "2 bytes (short)"))))"
        case .float:
            role = .float
            let bits = UInt32(truncatingIfNeeded: try readFixed(4, "4 bytes (float)"))
            text = KryoStreamWalker.javaNumber(Double(Float(bitPattern: bits)), Float(bitPattern: bits).description)
        case .double:
            role = .double
            let bits = try readFixed(8, "8 bytes (double)")
            text = KryoStreamWalker.javaNumber(Double(bitPattern: bits), Double(bitPattern: bits).description)
        }
        emit(from: start, role, depth: depth, label, text)
    }

    func enumConstant(
        _ name: String, _ constants: [String]?, _ label: String?, depth: Int, nullable: Bool = true
    ) throws(WalkStop) {
        let start = cursor.position
        let stored = try readCount()
        if stored == 0 && nullable {
            emit(from: start, .enumConstant, depth: depth, label, "null")
            return
        }
        let ordinal = stored - 1
        let text: String
        if let constants {
            text =
                ordinal >= 0 && ordinal < constants.count
                ? "\(constants[ordinal]) (ordinal \(ordinal))"
                : "ordinal \(ordinal) (\(name) has \(constants.count) constants)"
        } else {
            text = "ordinal \(ordinal)"
        }
        emit(from: start, .enumConstant, depth: depth, label, text)
    }

    /// Reads a BigInteger body; false for null.
    @discardableResult
    func bigInteger(_ label: String?, depth: Int) throws(WalkStop) -> Bool {
        let start = cursor.position
        let stored = try readCount()
        guard stored > 0 else {
            emit(from: start, .bigInteger, depth: depth, label, "null")
            return false
        }
        let bytes = try readBytes(stored - 1, "\(stored - 1) bytes of a BigInteger")
        let text =
            bytes.count <= 256
            ? JavaBigInteger(twosComplement: Array(bytes)).description : "\(bytes.count)-byte integer"
        emit(from: start, .bigInteger, depth: depth, label, text)
        return true
    }

    func calendar(depth: Int) throws(WalkStop) {
        var start = cursor.position
        let zone = try readString()
        emit(from: start, .string, depth: depth, "time zone", KryoStreamWalker.quoted(zone))
        start = cursor.position
        let millis = try readPositiveLong()
        emit(from: start, .long, depth: depth, "time", "\(millis) ms (\(KryoStreamWalker.isoDate(millis: millis)))")
        try primitiveValue(.boolean, "lenient", depth: depth)
        start = cursor.position
        let firstDay = try readCount()
        emit(from: start, .int, depth: depth, "first day of week", "\(firstDay)")
        start = cursor.position
        let minimalDays = try readCount()
        emit(from: start, .int, depth: depth, "minimal days in first week", "\(minimalDays)")
        start = cursor.position
        let change = try readZigZagLong()
        emit(from: start, .long, depth: depth, "gregorian change", "\(change) ms")
    }

    // MARK: Beans

    func bean(_ schema: JavaClassSchema, depth: Int) throws(WalkStop) {
        guard case .fields(let kind, _) = schema.layout else { return }
        switch kind {
        case .field, .record:
            for field in schema.fieldsInJavaOrder { try beanField(field, depth: depth) }
        case .tagged:
            try taggedBean(schema, depth: depth)
        case .compatible:
            try compatibleBean(schema, depth: depth)
        }
    }

    /// `TaggedFieldSerializer`: the field count (+ 1 in Kryo 5, `00` null), then each field's
    /// tag and value; in Kryo 5 each value after its class (readUnknownTagData) and in chunks
    /// (chunkedEncoding) when the options say so.
    func taggedBean(_ schema: JavaClassSchema, depth: Int) throws(WalkStop) {
        let start = cursor.position
        var count = try readCount()
        if version >= .kryo5 {
            guard count > 0 else {
                emit(from: start, .count, depth: depth, nil, "null")
                return
            }
            count -= 1
        }
        let plus = version >= .kryo5 ? " (written + 1)" : ""
        emit(from: start, .count, depth: depth, nil, "\(count) tagged field\(count == 1 ? "" : "s")\(plus)")
        guard count <= cursor.remaining else {
            throw truncated("\(count) tagged field\(count == 1 ? "" : "s")", at: cursor.position)
        }
        let fields = schema.fieldsInJavaOrder
        let options = version >= .kryo5 ? inspector.taggedOptions : nil
        for _ in 0..<count {
            let tagStart = cursor.position
            let tag = try readCount()
            guard let field = fields.first(where: { $0.tag == tag }) else {
                emit(from: tagStart, .tag, depth: depth, nil, "tag \(tag)")
                if let options, options.readUnknownData || options.chunkedEncoding {
                    // Kryo 5 can skip or read an unknown tag's value: so can the inspector.
                    try evolvedValue(nil, name: "tag \(tag)", of: schema, options: options, depth: depth)
                    continue
                }
                throw unknown(
                    "tag \(tag) is not a field of \(schema.javaName); cannot tell the layout of what follows")
            }
            emit(
                from: tagStart, .tag, depth: depth, nil,
                "tag \(tag) (\(field.name)\(field.isDeprecated ? ", deprecated" : ""))")
            if let options {
                try evolvedValue(field, name: field.name, of: schema, options: options, depth: depth)
            } else {
                try beanField(field, depth: depth)
            }
        }
    }

    func beanField(_ field: JavaFieldSchema, depth: Int) throws(WalkStop) {
        try slot(
            field.type, label: field.name, depth: depth, canBeNull: field.isNullable, isFinal: field.isFinal,
            isPublicField: field.isPublicField && version == .kryo2)
    }

    /// `CompatibleFieldSerializer`: the header (field count and names) once per graph, then each
    /// field: in chunks in Kryo 2.20 and 4; in Kryo 5 as ``KryoInspector/compatibleOptions`` say.
    func compatibleBean(_ schema: JavaClassSchema, depth: Int) throws(WalkStop) {
        let names: [String]
        if let known = compatibleHeaders[schema.javaName] {
            names = known
        } else {
            let start = cursor.position
            let count = try readCount()
            emit(from: start, .count, depth: depth, nil, "header: \(count) field\(count == 1 ? "" : "s")")
            guard count <= cursor.remaining else {
                throw truncated("\(count) field name\(count == 1 ? "" : "s")", at: cursor.position)
            }
            var read: [String] = []
            for index in 0..<count {
                let nameStart = cursor.position
                guard let name = try readString() else { throw malformed("a field name is null", at: nameStart) }
                emit(from: nameStart, .fieldName, depth: depth, "header[\(index)]", KryoStreamWalker.quoted(name))
                read.append(name)
            }
            compatibleHeaders[schema.javaName] = read
            names = read
        }
        let options =
            version >= .kryo5
            ? inspector.compatibleOptions : KryoEvolutionOptions(readUnknownData: false, chunkedEncoding: true)
        for name in names {
            let field = schema.fields.first { $0.name == name }
            if field == nil, !options.readUnknownData, !options.chunkedEncoding {
                throw unknown(
                    "field \(name) is not a field of \(schema.javaName) in the schema; cannot tell the layout of what"
                        + " follows")
            }
            try evolvedValue(field, name: name, of: schema, options: options, depth: depth)
        }
    }

    /// One field of an evolvable bean: in chunks when `options` say so, its class first when
    /// they say so (then `00` is null), else the plain field value; a field the schema lacks is
    /// read through its class, or skipped in its chunks, as Kryo does.
    func evolvedValue(
        _ field: JavaFieldSchema?, name: String, of schema: JavaClassSchema, options: KryoEvolutionOptions,
        depth: Int
    ) throws(WalkStop) {
        let value = { () throws(WalkStop) in
            if options.readUnknownData {
                let label = field == nil ? name + " (not in the schema)" : name
                try self.classAndObject(label, depth: depth, generics: field.map { $0.type.arguments } ?? [])
            } else if let field {
                try self.beanField(field, depth: depth)
            }
        }
        if options.chunkedEncoding {
            try chunked(name, of: schema, depth: depth, known: field != nil || options.readUnknownData, value)
        } else {
            try value()
        }
    }

    /// Reads one field's chunks, then the field's value from their data (or skips it).
    func chunked(
        _ name: String, of schema: JavaClassSchema, depth: Int, known: Bool, _ value: () throws(WalkStop) -> Void
    ) throws(WalkStop) {
        var data: [UInt8] = []
        var segments: [WalkCursor.Segment] = []
        while true {
            let start = cursor.position
            let length = try readCount()
            if length == 0 {
                emit(from: start, .chunk, depth: depth, nil, "end of \(name)")
                break
            }
            guard length <= cursor.remaining else {
                emit(from: start, .chunk, depth: depth, nil, "\(length) byte\(length == 1 ? "" : "s") of \(name)")
                throw truncated("a chunk of \(length) bytes", at: cursor.position)
            }
            emit(from: start, .chunk, depth: depth, nil, "\(length) byte\(length == 1 ? "" : "s") of \(name)")
            for piece in cursor.pieces(from: cursor.position, count: length) {
                segments.append(WalkCursor.Segment(logical: data.count, physical: piece.physical, count: piece.count))
                data += input[piece.physical..<(piece.physical + piece.count)]
            }
            cursor.position += length
        }
        let outer = cursor
        cursor = WalkCursor(bytes: data, segments: segments, endName: "the end of \(name)'s chunks")
        defer { cursor = outer }
        guard known else {
            cursor.position = data.count
            emit(
                from: 0, .raw, depth: depth, name,
                "not a field of \(schema.javaName) in the schema; skipped, as Kryo does")
            return
        }
        try value()
        if cursor.remaining > 0 {
            let start = cursor.position
            cursor.position = data.count
            emit(from: start, .raw, depth: depth, name, "\(data.count - start) bytes left unread in the field's chunks")
        }
    }

    // MARK: Formatting (the traced reader's, so that both dumps word values alike)

    static func quoted(_ text: String?) -> String { KryoTracer.quoted(text) }
    static func character(_ unit: UInt16) -> String { KryoTracer.character(unit) }
    static func javaNumber(_ value: Double, _ swift: String) -> String { KryoTracer.javaNumber(value, swift) }
    static func isoDate(millis: Int64) -> String { KryoTracer.isoDate(millis: millis) }
}
