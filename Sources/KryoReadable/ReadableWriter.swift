import Foundation
import KryoCore
import KryoPlist

/// Builds the tree of one readable document, or writes its JSON text as it goes: the
/// ``ValueWriter`` that serializers write through when the format is readable.
///
/// A writer that streams (``streamJSON(_:)``) writes each object's members as JSON as the
/// serializer hands them over, and Swift arrays element by element; the values it does not
/// stream (other plain forms, and what they hold) it builds as trees and writes whole. Either
/// way the bytes are those of the document's tree written by ``ReadableJSON``.
///
/// Plain values (strings, numbers, booleans, data, dates, lists, dictionaries) are written as
/// they are; an object of a registered type is a dictionary whose `$class` is the type's
/// ``KryoCore/Registration/readableName``, followed by its fields by key. An object written before
/// (by identity, when references are on) is written again as `{"$alias": "key.path"}`, the key
/// path where it was first written; strings, numbers, dates and nulls are never aliased.
final class ReadableWriter: ValueWriter {
    let registry: Registry
    let slotBindings: SlotBindings
    let options: SerializationOptions
    var genericArguments: [DeclaredType] { [] }
    var formatFamily: FormatFamily { .readable }
    /// On unless the call turns it off: sorting costs little next to building the document.
    let writesStableOrder: Bool
    /// The layout the tree is for: JSON and plists write mutable data differently.
    let format: ReadableFormat

    /// The objects being written, outermost first.
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The generic arguments of the slot whose plain value is being written: the element types
    /// an untyped collection (`[Any?]`) stores its elements as (`List<Integer>` needs no class
    /// on each element). Read by the collection before it writes anything nested.
    @exclusivity(unchecked) private(set) var plainGenerics: [DeclaredType] = []
    /// The stored keys and indices from the root to the value being written.
    @exclusivity(unchecked) private var paths = WrittenKeyPaths()
    /// Objects written so far, by identity: their number indexes `knownPaths`.
    @exclusivity(unchecked) private var known = IdentityTable()
    /// Where in ``paths`` each known object was written (formatted when an alias needs it).
    @exclusivity(unchecked) private var knownPaths: [Int32] = []
    /// For a record of a stream whose records share objects: the objects its earlier records
    /// wrote.
    private var streamMemory: ReadableStreamMemory?
    /// With ``streamMemory``: the objects of ``known`` in their order, kept in the memory after
    /// the record.
    private var knownObjects: [AnyObject] = []
    /// Containers entered, for the depth limit.
    @exclusivity(unchecked) private var depth = 0
    /// The JSON text, when the writer streams.
    @exclusivity(unchecked) private var json: JSONWriter
    /// The keys stored so far (``storedKey(_:)``) in the objects being written that are small
    /// strings of ASCII bytes, by their bits (``KryoCore/SmallString/ASCIIBits``), outermost object first (each frame knows where its
    /// own start): two such keys are equal exactly when their bits are.
    @exclusivity(unchecked) private var asciiKeys: [SmallString.ASCIIBits] = []
    /// The end of the keys in ``asciiKeys``: the elements after it are left over from objects
    /// written before, and written over (a stack that never shrinks its array).
    @exclusivity(unchecked) private var asciiKeysEnd = 0
    /// The innermost frame's ``Frame/asciiBloom``, kept out of the frame array: changing it in
    /// place would check the array's uniqueness for every key. The frame holds it while an object
    /// inside it is written.
    @exclusivity(unchecked) private var asciiBloom: UInt64 = 0
    /// The other keys stored so far in the objects being written, outermost object first.
    @exclusivity(unchecked) private var otherKeys: [String] = []
    /// Whether strings have the layout ``KryoCore/SmallString`` reads (read once: each read of
    /// the global costs a call).
    private let usesSmallStrings = SmallString.isAvailable
    /// The Foundation collections being written: one found inside itself is a cycle.
    @exclusivity(unchecked) private var containers = OpenContainers()
    /// The type whose plain form was looked up last, and its shape.
    @exclusivity(unchecked) var lastShape: (type: ObjectIdentifier, shape: Shape)?

    /// An object being written: its keys and values, and the key it goes under in its parent.
    private struct Frame {
        var keys: [String]
        var values: [ReadableValue]
        let key: String
        var nextGenericKey = 0
        /// Whether the object's members are written as JSON as they come, rather than built as
        /// a tree (in ``keys`` and ``values``).
        let streams: Bool
        /// Where the object's stored keys start in ``ReadableWriter/asciiKeys`` and
        /// ``ReadableWriter/otherKeys``.
        let asciiKeysStart: Int
        let otherKeysStart: Int
        /// One bit for each key in ``ReadableWriter/asciiKeys`` from ``asciiKeysStart`` on
        /// (``asciiBit(_:)``): a key whose bit is clear is not there, without a comparison. Kept
        /// in ``ReadableWriter/asciiBloom`` while the frame is the innermost one.
        var asciiBloom: UInt64 = 0
        /// Whether ``ReadableWriter/otherKeys`` has keys of this object.
        var hasOtherKeys = false

        /// A frame built as a tree, starting with its `$class`.
        init(className: String, key: String, asciiKeysStart: Int, otherKeysStart: Int) {
            keys = [ReadableKeys.className]
            values = [.string(className)]
            keys.reserveCapacity(12)
            values.reserveCapacity(12)
            self.key = key
            streams = false
            self.asciiKeysStart = asciiKeysStart
            self.otherKeysStart = otherKeysStart
        }

        /// A streamed object's frame.
        init(asciiKeysStart: Int, otherKeysStart: Int) {
            keys = []
            values = []
            key = ""
            streams = true
            self.asciiKeysStart = asciiKeysStart
            self.otherKeysStart = otherKeysStart
        }

        /// The bit of ``asciiBloom`` of the key whose bits are `bits`: 6 bits of a hash of them.
        @inline(__always)
        static func asciiBit(_ bits: SmallString.ASCIIBits) -> UInt64 {
            let hash = (bits.low ^ bits.high &>> 29 ^ bits.high) &* 0x9E37_79B9_7F4A_7C15
            return 1 &<< (hash &>> 58)
        }

        /// The object's dictionary (the keys are unique: ``ReadableWriter/storedKey(_:)`` sees to it).
        var dictionary: ReadableValue {
            .dictionary(ReadableDictionary(uncheckedUniqueKeys: keys, values: values))
        }
    }

    /// The stored keys and indices from the root to the value being written.
    var path: [String] { paths.current }

    init(registry: Registry, options: SerializationOptions, format: ReadableFormat) {
        self.registry = registry
        slotBindings = registry.slotBindings
        self.options = options
        writesStableOrder = options.stableOrder ?? true
        self.format = format
        json = JSONWriter(style: format == .prettyJSON ? .pretty : .compact, capacity: 1024)
        // Room for the nesting and the keys of most documents, in blocks that malloc's per-thread
        // cache serves (up to about 1 KB: 16 frames, or 64 keys and the array's header, were
        // above it); a document that needs more grows them.
        frames.reserveCapacity(8)
        asciiKeys.reserveCapacity(62)
        knownPaths.reserveCapacity(16)
    }

    // MARK: Values

    /// The tree of `value`, written where ``path`` points.
    ///
    /// - Parameter declared: The declared type of the slot, when known: a plain value whose class
    ///   the slot does not tell, and whose plain form would read back as another class, is stored
    ///   with its class (``ReadableKeys/value``).
    func tree(of value: Any?, declared: DeclaredType? = nil) throws -> ReadableValue {
        guard let value = ValueConversion.flatten(value) else { return .null }
        plainGenerics = declared?.genericArguments ?? []
        if let plain = try classedPlainTree(of: value, declared: declared) { return plain }
        guard let registration = registry.registration(forValue: value) else {
            throw SerializationError(
                options.registrationRequired ? .unregisteredType : .unsupported,
                expected: "a registered type or a plain value", found: "a value of type \(type(of: value))",
                path: path)
        }
        return try objectTree(value, registration)
    }

    /// The `$class` a plain value needs in a slot of type `declared`, or `nil` when reading its
    /// plain form there gives a value of the same Java class: the declared type's class in a
    /// typed slot, else the class the plain form reads as (a list an `ArrayList`, a dictionary a
    /// `HashMap`, an integer a `Long`…).
    private func classNameNeeded(for value: Any, _ plain: ReadableValue, in declared: DeclaredType) -> String? {
        classNameNeeded(for: value, kind: PlainKind(plain), in: declared)
    }

    /// The plain form of `value` (``plainTree(of:)``), stored with its class when `declared`
    /// needs it (`{"$class": …, "$value": …}`); `nil` for an object of a registered type. Whether
    /// the class is stored is told before the form is built wherever it can be (always in a
    /// typed slot; in an untyped one, for a list or a map with string keys), so that an alias to
    /// an object inside names it through `$value`.
    private func classedPlainTree(of value: Any, declared: DeclaredType?) throws -> ReadableValue? {
        if Swift.type(of: value) == SharedValue.self, let shared = value as? SharedValue {
            // One value in several places: written at the first, an alias at the others.
            if let alias = alias(of: shared) { return alias }
            if let name = shared.foundationClass, let tree = try mutableCollectionTree(of: shared.value, named: name) {
                return tree
            }
            return try tree(of: shared.value, declared: declared)
        }
        if case .orderedExposing = plainShape(of: value), let ordered = value as? any JavaComparatorOrdered,
            ordered.comparator != .natural, let tree = try orderedTree(of: value, by: ordered.comparator)
        {
            return tree
        }
        if let declared, Swift.type(of: value) == declared.swiftType, declared.swiftType is any ReadableSet.Type,
            let set = value as? any ReadableSet
        {
            // A set in a slot that declares its type: a plain list, which reads back as that set.
            return try set.plainListTree(in: self, elementType: declared.genericArguments.first)
        }
        guard let declared, mayNeedClassName(for: value, in: declared) else { return try plainTree(of: value) }
        // A typed slot's class does not depend on the form's kind.
        guard let kind = declared.swiftType == Any.self ? predictedKind(of: value) : .array else {
            guard let plain = try plainTree(of: value) else { return nil }
            guard let name = classNameNeeded(for: value, plain, in: declared) else { return plain }
            return .dictionary([ReadableKeys.className: .string(name), ReadableKeys.value: plain])
        }
        guard let name = classNameNeeded(for: value, kind: kind, in: declared) else { return try plainTree(of: value) }
        paths.push(ReadableKeys.value)
        defer { paths.pop() }
        guard let plain = try plainTree(of: value) else { return nil }
        return .dictionary([ReadableKeys.className: .string(name), ReadableKeys.value: plain])
    }

    /// A `TreeMap`, `TreeSet` or `PriorityQueue` in an order other than the natural one, with its
    /// class and its comparator beside its plain form, which alone would read back in natural
    /// order: `{"$class": "java.util.TreeMap", "comparator": {"$class":
    /// "java.util.Collections$ReverseComparator"}, "$value": {"b": 2, "a": 1}}`.
    private func orderedTree(of value: Any, by order: JavaComparator) throws -> ReadableValue? {
        guard let registration = registry.registration(forValue: value), registration.usesDefaultSerializer else {
            return nil
        }
        let generics = plainGenerics
        paths.push(ReadableWriter.comparatorKey)
        let comparator = try tree(of: order.javaValue, declared: .object)
        paths.pop()
        plainGenerics = generics
        paths.push(ReadableKeys.value)
        defer { paths.pop() }
        guard let plain = try plainTree(of: value) else { return nil }
        return .dictionary([
            ReadableKeys.className: .string(registration.readableName), ReadableWriter.comparatorKey: comparator,
            ReadableKeys.value: plain,
        ])
    }

    /// The key of a sorted collection's comparator, beside its class and value.
    static let comparatorKey = "comparator"

    /// The kind of `value`'s plain form where it is known without building it: a list's array,
    /// a map's dictionary when every key is a string; `nil` otherwise.
    private func predictedKind(of value: Any) -> PlainKind? {
        switch plainShape(of: value) {
        case .streamedList: return .array
        case .collection, .exposing, .orderedExposing:
            // As ``plainTree(of:)`` builds them: maps, then (other than Swift's sets, which
            // name their class) lists.
            if let map = value as? any AnyEntriesExposing {
                if map.anyEntries.allSatisfy({ ReadableWriter.stringKey($0.key) != nil }) { return .dictionary }
                // Other keys (a shared string is one): `NS.keys`, as no key type in an untyped
                // slot reads them back from text; told here, so that an alias to an object inside
                // (a key shared with another map) names it through `$value`.
                return value is any ReadableCollection ? nil : .foundationDictionary
            }
            if value is any AnyElementsExposing, !(value is any ReadableCollection) { return .array }
            return nil
        default: return nil
        }
    }

    /// Whether ``classNameNeeded(for:kind:in:)`` may name a class for `value` in `declared`, told
    /// before its plain form is built: not in a final slot, nor for a value of exactly the
    /// declared type.
    @inline(__always)
    private func mayNeedClassName(for value: Any, in declared: DeclaredType) -> Bool {
        declared.finality != .final
            && (declared.swiftType == Any.self || Swift.type(of: value) != declared.swiftType
                || DynamicArray.isArray(value, ofAnotherClassThan: declared))
    }

    /// What ``classNameNeeded(for:_:in:)`` needs to know of a plain form.
    enum PlainKind {
        case null, bool, integer, finiteReal, nonFiniteReal, string, data, date, array
        /// A dictionary that names its class (`$class`, `$alias` or `$data`).
        case classedDictionary
        /// The `NSDictionary` form of a map whose keys are not all strings, which reads as a
        /// `HashMap` wherever nothing says otherwise.
        case foundationDictionary
        case dictionary

        init(_ plain: ReadableValue) {
            switch plain {
            case .null: self = .null
            case .bool: self = .bool
            case .integer, .unsignedInteger: self = .integer
            case .real(let number): self = number.isFinite ? .finiteReal : .nonFiniteReal
            case .string: self = .string
            case .data: self = .data
            case .date: self = .date
            case .array: self = .array
            case .dictionary(let entries):
                if case .string(let name)? = entries[ReadableKeys.className],
                    name == "NSDictionary" || name == "NSMutableDictionary", entries[ReadableKeys.value] == nil
                {
                    self = .foundationDictionary
                    return
                }
                self =
                    entries[ReadableKeys.className] != nil || entries[ReadableKeys.alias] != nil
                        || entries[ReadableKeys.data] != nil ? .classedDictionary : .dictionary
            }
        }
    }

    /// ``classNameNeeded(for:_:in:)`` for a plain form of kind `kind`.
    private func classNameNeeded(for value: Any, kind: PlainKind, in declared: DeclaredType) -> String? {
        if declared.finality == .final { return nil }
        let type = Swift.type(of: value)
        if declared.swiftType != Any.self, type == declared.swiftType,
            !DynamicArray.isArray(value, ofAnotherClassThan: declared)
        {
            return nil
        }
        guard let registration = registry.registration(forValue: value) else { return nil }
        let readAs: String?
        if declared.swiftType != Any.self {
            readAs = registry.registration(forDeclared: declared)?.javaName
        } else {
            switch kind {
            case .null: return nil
            case .bool: readAs = "java.lang.Boolean"
            case .integer: readAs = "java.lang.Long"
            case .finiteReal: readAs = "java.lang.Double"
            // JSON writes a non-finite real as a string, which reads back as one.
            case .nonFiniteReal: readAs = "java.lang.String"
            case .string: readAs = "java.lang.String"
            case .data: readAs = "[B"
            case .date: readAs = "java.util.Date"
            case .array: readAs = "java.util.ArrayList"
            // Forms that name their class already ($class, $alias, $data).
            case .classedDictionary: return nil
            case .dictionary, .foundationDictionary: readAs = "java.util.HashMap"
            }
        }
        guard registration.javaName != readAs,
            // Only where reading by the name gives back a value of the same type.
            registry.registration(forReadableName: registration.readableName)?.swiftType == type
        else { return nil }
        return registration.readableName
    }

    /// The dictionary of an object of a registered type, or its alias.
    private func objectTree(_ value: Any, _ registration: Registration) throws -> ReadableValue {
        try requireRegistration(registration)
        if let alias = alias(of: identity(of: value, registration)) { return alias }
        try descend(into: registration.readableName)
        leaveBloomInFrame()
        frames.append(treeFrame(registration.readableName, key: ""))
        try registration.serializer.write(value, to: self)
        depth -= 1
        return popFrame().dictionary
    }

    /// In registration-required mode, refuses a type that was not registered explicitly.
    private func requireRegistration(_ registration: Registration) throws {
        guard options.registrationRequired, !registry.isArchivedByName(registration) else { return }
        throw SerializationError(
            .unregisteredType, expected: "a registration for \(registration.swiftType) (registration is required)",
            found: "none", path: path)
    }

    /// The instance to track `value` by, when the type has identity.
    private func identity(of value: Any, _ registration: Registration) -> AnyObject? {
        if registration.identity == .instance { return ObjectIdentity.instance(value) }
        guard registration.hasArchivedIdentity else { return nil }
        return (value as? any ArchivedObjectValue)?.archivedObjectIdentity
    }

    /// `{"$alias": path}` when `identity` was written before; otherwise records where it is
    /// written now and returns `nil`.
    func alias(of identity: AnyObject?) -> ReadableValue? {
        guard let identity, options.references else { return nil }
        if let streamMemory, let earlier = streamMemory.writtenAlias(of: identity) {
            return .dictionary([ReadableKeys.alias: .string(earlier)])
        }
        if let number = known.number(of: identity, elseInsert: knownPaths.count) {
            let alias = ReadableKeys.path(paths.components(of: knownPaths[number]))
            return .dictionary([ReadableKeys.alias: .string(alias)])
        }
        knownPaths.append(paths.keepCurrent())
        if streamMemory != nil { knownObjects.append(identity) }
        return nil
    }

    /// Counts one more level of nesting, within the limit.
    ///
    /// - Parameter name: The class of the object entered, for the error.
    func descend(into name: @autoclosure () -> String? = nil) throws {
        guard depth < options.limits.maxDepth else {
            throw SerializationError.nestedTooDeep(
                limit: options.limits.maxDepth, of: "containers", at: name(), untracked: !options.references,
                path: path)
        }
        depth += 1
    }

    /// Runs `body`, which writes the Foundation collection `container` (of class `name`), inside
    /// it: a collection reached again while it is being written contains itself, an error (a
    /// Foundation collection reads back as a Swift value, which cannot).
    func inside<T>(_ container: AnyObject, named name: String, _ body: () throws -> T) throws -> T {
        try containers.enter(container, named: name, at: path)
        defer { containers.leave(container) }
        return try body()
    }

    /// Leaves a level entered with ``descend(into:)``.
    func ascend() { depth -= 1 }

    /// Runs `body` with `component` added to ``path``.
    func at<T>(_ component: String, _ body: () throws -> T) rethrows -> T {
        paths.push(component)
        defer { paths.pop() }
        return try body()
    }

    /// Runs `body` with the list index `index` added to ``path``.
    func at<T>(index: Int, _ body: () throws -> T) rethrows -> T {
        paths.push(index: index)
        defer { paths.pop() }
        return try body()
    }

    // MARK: Streaming JSON

    /// The JSON text of the document whose root is `value`, written as it goes.
    func streamJSON(_ value: Any?) throws -> [UInt8] {
        try stream(value, declared: .object)
        json.finishDocument()
        return Array(json.output.bytes)
    }

    /// ``streamJSON(_:)`` for record `number` of a stream whose records share objects: an object
    /// an earlier record wrote is an alias to it there, and this record's objects are kept in
    /// `memory` for the records after it.
    func streamJSON(_ value: Any?, record number: Int, memory: ReadableStreamMemory) throws -> [UInt8] {
        streamMemory = memory
        let bytes = try streamJSON(value)
        for (object, mark) in zip(knownObjects, knownPaths) {
            memory.keep(object, record: number, at: paths.components(of: mark))
        }
        return bytes
    }

    /// Whether the members of the object being written go straight to the JSON text.
    private var streamsMembers: Bool {
        // Looked at in place: `frames.last` would copy the frame (retaining its arrays).
        guard let last = frames.indices.last else { return false }
        return frames[last].streams
    }

    /// Writes `value` where ``path`` points, as ``tree(of:declared:)`` would build it.
    private func stream(_ value: Any?, declared: DeclaredType?) throws {
        guard let value = ValueConversion.flatten(value) else { return json.writeValue(.null) }
        plainGenerics = declared?.genericArguments ?? []
        if try streamPlain(value, declared: declared) { return }
        guard let registration = registry.registration(forValue: value) else {
            throw SerializationError(
                options.registrationRequired ? .unregisteredType : .unsupported,
                expected: "a registered type or a plain value", found: "a value of type \(type(of: value))",
                path: path)
        }
        try requireRegistration(registration)
        if let alias = alias(of: identity(of: value, registration)) { return json.writeValue(alias) }
        try descend(into: registration.readableName)
        openStreamedObject(registration.readableName)
        try registration.serializer.write(value, to: self)
        depth -= 1
        closeStreamedObject()
    }

    /// Writes `value` in its plain form, with its class when `declared` needs it (see
    /// ``tree(of:declared:)``); `false` when it has none (an object of a registered type), having
    /// written nothing.
    private func streamPlain(_ value: Any, declared: DeclaredType?) throws -> Bool {
        if let list = streamedList(value) {
            // A list's plain form is always an array.
            if let declared, let name = classNameNeeded(for: value, kind: .array, in: declared) {
                json.openObject()
                json.key(ReadableKeys.className, first: true)
                json.writeValue(.string(name))
                json.key(ReadableKeys.value, first: false)
                paths.push(ReadableKeys.value)
                defer { paths.pop() }
                try list.streamReadable(value, in: self)
                json.closeObject()
            } else {
                try list.streamReadable(value, in: self)
            }
            return true
        }
        guard let plain = try classedPlainTree(of: value, declared: declared) else { return false }
        json.writeValue(plain)
        return true
    }

    /// Writes a list of `count` elements, each given by `element`, as
    /// ``listTree(count:identity:elementType:element:)`` builds it.
    func streamList(count: Int, elementType: DeclaredType?, element: (Int) -> Any?) throws {
        try descend()
        defer { ascend() }
        json.openArray(count: count)
        for index in 0..<count {
            json.element(first: index == 0)
            try at(index: index) { try stream(element(index), declared: elementType) }
        }
        json.closeArray(count: count)
    }

    /// Opens the dictionary of an object of class `className` whose members are streamed.
    private func openStreamedObject(_ className: String) {
        leaveBloomInFrame()
        frames.append(Frame(asciiKeysStart: asciiKeysEnd, otherKeysStart: otherKeys.count))
        json.openObject()
        json.key(ReadableKeys.className, first: true)
        json.writeValue(.string(className))
    }

    /// Closes the object opened last with ``openStreamedObject(_:)``.
    private func closeStreamedObject() {
        _ = popFrame()
        json.closeObject()
    }

    /// A new frame built as a tree, for an object of class `className` stored under `key`.
    @inline(__always)
    private func treeFrame(_ className: String, key: String) -> Frame {
        Frame(className: className, key: key, asciiKeysStart: asciiKeysEnd, otherKeysStart: otherKeys.count)
    }

    /// Hands the innermost frame its ``Frame/asciiBloom`` before a frame is added after it
    /// (built in place by the caller: passing a frame would copy it).
    @inline(__always)
    private func leaveBloomInFrame() {
        if let last = frames.indices.last { frames[last].asciiBloom = asciiBloom }
        asciiBloom = 0
    }

    /// Removes the innermost frame, and its keys.
    private func popFrame() -> Frame {
        let frame = frames.removeLast()
        asciiKeysEnd = frame.asciiKeysStart
        if frame.hasOtherKeys { otherKeys.removeSubrange(frame.otherKeysStart...) }
        if let last = frames.indices.last { asciiBloom = frames[last].asciiBloom }
        return frame
    }

    /// Writes the key of a member of the streamed object being written (as ``storedKey(_:)``
    /// gives it); its value comes next.
    private func streamKey(_ key: String) throws -> String {
        let stored = try storedKey(key)
        json.key(stored, first: false)
        return stored
    }

    /// ``streamKey(_:)`` for a caller that needs no stored key back: a key stored as it is (a
    /// small ASCII string that needs no escape, new in its object) is written as it was given,
    /// without a copy of it.
    private func streamKeyOnly(_ key: String) throws {
        if usesSmallStrings, let last = frames.indices.last, let bits = SmallString.asciiBits(ofCheckedLayout: key),
            bits.count > 0, bits.first != UInt8(ascii: "$"), !isStored(bits, key, in: last)
        {
            // What storedKey(_:) does with it.
            noteASCIIKey(bits)
            json.key(key, first: false)
            return
        }
        _ = try streamKey(key)
    }

    // MARK: Keys

    /// The key `key` is stored under in the object being written: escaped, or the next generic
    /// key when it is empty or already used.
    ///
    /// Keys are equal when `==` says so (canonical equivalence, as in a tree's dictionary). Two
    /// small ASCII strings are, exactly when their bits are equal. Only
    /// the keys stored through here are compared: the others (`$class`, `$0`…) start with one
    /// `$`, and a stored key never does (it is escaped).
    private func storedKey(_ key: String) throws -> String {
        guard let last = frames.indices.last else {
            throw SerializationError(
                .unsupported, expected: "a value inside an object", found: "a keyed value at the top of the document",
                path: path)
        }
        if usesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key), bits.count > 0,
            bits.first != UInt8(ascii: "$")
        {
            // Stored as it is.
            if !isStored(bits, key, in: last) {
                noteASCIIKey(bits)
                return key
            }
        } else if let stored = storedKeyIfNew(key, in: last) {
            return stored
        }
        let generic = "$\(frames[last].nextGenericKey)"
        frames[last].nextGenericKey += 1
        return generic
    }

    /// ``storedKey(_:)`` for a key that is not a small ASCII string that needs no escape: the
    /// stored key when the object of frame `last` has none like it yet (noted), else `nil`.
    private func storedKeyIfNew(_ key: String, in last: Int) -> String? {
        let stored = ReadableKeys.escape(key)
        guard !stored.isEmpty else { return nil }
        if usesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: stored) {
            guard !isStored(bits, stored, in: last) else { return nil }
            noteASCIIKey(bits)
            return stored
        }
        for index in frames[last].asciiKeysStart..<asciiKeysEnd {
            // A small string is its bits. Compared with `==` whatever the lengths: the Kelvin sign
            // is the key `K`, as the dictionary of a tree would have it.
            if asciiKeys[index].string == stored { return nil }
        }
        if frames[last].hasOtherKeys && isOtherKey(stored, in: last) { return nil }
        otherKeys.append(stored)
        frames[last].hasOtherKeys = true
        return stored
    }

    /// Whether the object of frame `index` has a member under `stored` already, `bits` being
    /// the bits of `stored`, a small ASCII string.
    @inline(__always)
    private func isStored(_ bits: SmallString.ASCIIBits, _ stored: String, in index: Int) -> Bool {
        if asciiBloom & Frame.asciiBit(bits) != 0 {
            for position in frames[index].asciiKeysStart..<asciiKeysEnd where asciiKeys[position].matches(bits) {
                return true
            }
        }
        return frames[index].hasOtherKeys && isOtherKey(stored, in: index)
    }

    /// Adds the bits of a key stored in the innermost object.
    @inline(__always)
    private func noteASCIIKey(_ bits: SmallString.ASCIIBits) {
        if asciiKeysEnd < asciiKeys.count {
            asciiKeys[asciiKeysEnd] = bits
        } else {
            asciiKeys.append(bits)
        }
        asciiKeysEnd += 1
        asciiBloom |= Frame.asciiBit(bits)
    }

    /// Whether ``otherKeys`` has a key of the object of frame `index` equal to `stored` under
    /// `==` (canonical equivalence: `é` composed and decomposed are one key, whatever their
    /// UTF-8 lengths, as in the dictionary of a tree).
    private func isOtherKey(_ stored: String, in index: Int) -> Bool {
        for position in frames[index].otherKeysStart..<otherKeys.count where otherKeys[position] == stored {
            return true
        }
        return false
    }

    private func store(_ value: ReadableValue, forKey key: String) throws {
        if streamsMembers {
            try streamKeyOnly(key)
            return json.writeValue(value)
        }
        let stored = try storedKey(key)
        append(value, forStoredKey: stored)
    }

    /// Adds a key that ``storedKey(_:)`` returned, and its value, to the object being written.
    private func append(_ value: ReadableValue, forStoredKey stored: String) {
        let last = frames.count - 1
        frames[last].keys.append(stored)
        frames[last].values.append(value)
    }

    /// Writes `value` under `key`, its path being that key.
    private func storeTree(of value: Any?, forKey key: String, declared: DeclaredType) throws {
        if streamsMembers {
            let stored = try streamKey(key)
            return try at(stored) { try stream(value, declared: declared) }
        }
        let stored = try storedKey(key)
        let tree = try at(stored) { try self.tree(of: value, declared: declared) }
        append(tree, forStoredKey: stored)
    }

    // MARK: ValueWriter: scalars

    func writeBool(_ value: Bool, forKey key: String) throws { try store(.bool(value), forKey: key) }
    func writeInt8(_ value: Int8, forKey key: String) throws { try store(.integer(Int64(value)), forKey: key) }
    func writeInt16(_ value: Int16, forKey key: String) throws { try store(.integer(Int64(value)), forKey: key) }
    /// A Java `char` (``charTree(_:)``).
    func writeChar(_ value: UInt16, forKey key: String) throws { try store(Self.charTree(value), forKey: key) }

    /// A Java `char` as a one-character string; an unpaired surrogate, which no string can hold,
    /// as its number.
    static func charTree(_ unit: UInt16) -> ReadableValue {
        guard let scalar = Unicode.Scalar(unit) else { return .integer(Int64(unit)) }
        return .string(String(Character(scalar)))
    }
    func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws {
        try store(.integer(Int64(value)), forKey: key)
    }
    func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws {
        try store(.integer(value), forKey: key)
    }
    func writeFloat(_ value: Float, forKey key: String) throws { try store(.real(Double(value)), forKey: key) }
    func writeDouble(_ value: Double, forKey key: String) throws { try store(.real(value), forKey: key) }

    func writeString(_ value: String?, forKey key: String) throws {
        if streamsMembers, let value {
            // Written as it is, without a `ReadableValue` holding it.
            try streamKeyOnly(key)
            return json.string(value)
        }
        try store(value.map(ReadableValue.string) ?? .null, forKey: key)
    }

    func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws {
        try store(.data([UInt8](bytes)), forKey: key)
    }

    func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws {
        try store(.array(values.map(ReadableWriter.number)), forKey: key)
    }

    func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws {
        try writeString(value, forKey: key)
    }

    // MARK: ValueWriter: objects

    func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws {
        try storeTree(of: value, forKey: key, declared: declared)
    }

    func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws {
        try storeTree(of: value, forKey: key, declared: slot.declared)
    }

    func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        let value = value()
        if streamsMembers { return try beginStreamedObject(registration, value, in: slot, forKey: key) }
        let stored = try storedKey(key)
        paths.push(stored)
        plainGenerics = slot.declared.genericArguments
        if let plain = try classedPlainTree(of: value, declared: slot.declared) {
            paths.pop()
            append(plain, forStoredKey: stored)
            return false
        }
        try requireRegistration(registration)
        if let alias = alias(of: self.identity(of: value, registration)) {
            paths.pop()
            append(alias, forStoredKey: stored)
            return false
        }
        try descend(into: registration.readableName)
        leaveBloomInFrame()
        frames.append(treeFrame(registration.readableName, key: stored))
        return true
    }

    /// A Java enum constant in a final slot whose registration keeps ``EnumSerializer``, in an
    /// object whose members are streamed: `{"$class": …, "name": …, "ordinal": …}` written at
    /// once, as entering the object and its serializer write it (an enum constant is never
    /// aliased, so nothing is tracked). Nil, a tree being built, an object one level too deep,
    /// an unregistered class and a constant without a name are left to the usual path.
    func writeEnumConstant(ordinal: Int?, identity: Int, in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        guard streamsMembers, slot.isFinal, let ordinal, depth < options.limits.maxDepth,
            let unretained = slot.unretainedRegistration
        else { return false }
        return try unretained._withUnsafeGuaranteedRef { registration in
            guard !options.registrationRequired || registry.isArchivedByName(registration),
                let name = registration.constantsByName?.name(ofOrdinal: ordinal)
            else { return false }
            try streamKeyOnly(key)
            json.openObject()
            json.key(ReadableKeys.className, first: true)
            json.writeValue(.string(registration.readableName))
            json.key("name", first: false)
            json.string(name)
            json.key("ordinal", first: false)
            json.writeValue(.integer(Int64(ordinal)))
            json.closeObject()
            return true
        }
    }

    /// ``beginObject(_:value:identity:in:forKey:)`` in an object whose members are streamed.
    private func beginStreamedObject(
        _ registration: Registration, _ value: Any, in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        let stored = try streamKey(key)
        paths.push(stored)
        plainGenerics = slot.declared.genericArguments
        if try streamPlain(value, declared: slot.declared) {
            paths.pop()
            return false
        }
        try requireRegistration(registration)
        if let alias = alias(of: self.identity(of: value, registration)) {
            paths.pop()
            json.writeValue(alias)
            return false
        }
        try descend(into: registration.readableName)
        openStreamedObject(registration.readableName)
        return true
    }

    func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        try store(.null, forKey: key)
        return false
    }

    func endObject() throws {
        if streamsMembers {
            depth -= 1
            paths.pop()
            return closeStreamedObject()
        }
        let frame = popFrame()
        depth -= 1
        paths.pop()
        append(frame.dictionary, forStoredKey: frame.key)
    }

    /// Writes an alias to `value` when it was written before; otherwise nothing (the key is
    /// absent), as HRCoder does.
    func writeConditionalObject(_ value: AnyObject?, forKey key: String) throws {
        guard let value, options.references, let number = known.number(of: value) else { return }
        let alias = ReadableKeys.path(paths.components(of: knownPaths[number]))
        try store(.dictionary([ReadableKeys.alias: .string(alias)]), forKey: key)
    }

    // MARK: Numbers

    static func number<P: JavaPrimitive>(_ value: P) -> ReadableValue {
        switch StoredPrimitive(value) {
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        }
    }
}
