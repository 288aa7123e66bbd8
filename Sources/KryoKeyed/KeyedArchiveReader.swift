import FoundationEssentials
import KryoCore
import KryoPlist

/// Reads values out of one keyed archive's object table: the ``ValueReader`` that serializers
/// read through when the format is a keyed archive.
///
/// References (UIDs) resolve to the entries of `$objects`, each decoded once: an object referred
/// to twice is one object, and an object that registers itself before reading its fields
/// (``ValueReader/reference(_:)``) can be pointed at by its own children. A class resolves
/// through the registry's archive names, then Foundation's forms, trying `$classname`, then each
/// of `$classes`, then `$classhints`; a class nothing knows becomes an
/// ``UnknownObject`` (or an error when registration is required).
///
/// A missing scalar key reads as zero and a missing object key as nil, as `NSKeyedUnarchiver`
/// does, so that models can gain fields; a key whose value has the wrong kind is an error that
/// names the key path.
final class KeyedArchiveReader: ValueReader {
    let registry: Registry
    let slotBindings: SlotBindings
    let options: SerializationOptions
    var genericArguments: [DeclaredType] { [] }
    var formatFamily: FormatFamily { .keyedArchive }
    var archiveClass: ArchiveClass? { frames.last?.archiveClass }

    /// The entries of `$objects`, from a tree or where they lie in a binary property list.
    let objects: any ArchiveObjects
    /// How class descriptions resolved in earlier decodes with ``registry``, when the codec keeps
    /// them.
    private let classCache: ArchiveClassCache?
    /// The descriptions ``classCache`` last met at each UID, taken when the reader starts.
    private let lastClassByUID: [ArchiveClassCache.Entry?]
    /// What is known of each entry of `objects`.
    @exclusivity(unchecked) private var states: [EntryState]
    /// The objects whose fields are being read, outermost first.
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// Class dictionaries already resolved, in the order first met.
    @exclusivity(unchecked) private var classes: [ResolvedClass] = []
    /// Where each entry of `objects` that is a class dictionary is in `classes`, by UID; -1 when it
    /// is not resolved yet (an array look-up, not a hash, on every object read).
    @exclusivity(unchecked) private var classIndexByUID: [Int32]
    /// The key path of the value being read, for errors.
    @exclusivity(unchecked) private(set) var path: [String] = []
    @exclusivity(unchecked) private var depth = 0
    /// The unknown objects read, whose fields a failed decode empties (cycles among them).
    let madeUnknownObjects = MadeUnknownObjects()
    /// The class of the last list element found not to be an `NSNull` (``isNSNull(_:)``).
    @exclusivity(unchecked) var lastClassNotNSNull: ObjectIdentifier?
    /// What the last ``containsValue(forKey:)`` found, for the ``stored(forKey:)`` that usually
    /// follows it with the same key (`readPresent` asks whether each field is there, then reads
    /// it): the key's bits (a small ASCII key, whose bits are its bytes), where it looked (the
    /// frame, its object and its cursor) and the position it found there. A look-up with the
    /// same key from the same place finds the same position.
    @exclusivity(unchecked) private var lastFound: FoundKey?
    /// ``SmallString/isAvailable``, read once per reader.
    private let makesSmallStrings = SmallString.isAvailable
    /// On the dynamic path (``Registry/keepsSharedStrings``), whether each entry of `objects` is
    /// referred to more than once (``noteSharedEntries(top:)``): such an entry, read as a value
    /// without identity (a list, a dictionary, a date…), is one ``SharedValue`` wherever it is
    /// referred to, so that writing it again shares it. Empty elsewhere.
    private var sharedEntries: [Bool] = []
    /// The Java class of each shared value the archive gives with its class (`{$class:
    /// [Ljava.lang.String;, $value: …}`), by its box: a typed slot that shares it keeps it of
    /// that class, which Java put there.
    private var classOfSharedValue: [ObjectIdentifier: String] = [:]

    private struct FoundKey {
        let key: SmallString.ASCIIBits
        let frame: Int
        let uid: Int
        let cursor: Int
        let position: Int
    }

    private enum EntryState {
        case unread
        /// Being decoded, and not yet registered: a reference to it now is a cycle through a
        /// value without identity.
        case reading
        case read(Any?)
    }

    private struct Frame {
        let object: ArchivedObject
        let index: Int
        let archiveClass: ArchiveClass?
        var nextGenericKey = 0
        /// The entries read so far among the first 64, by index: a key read twice takes the next
        /// generic key (positional serializers).
        var consumedEntries: UInt64 = 0
        /// The other keys read so far: those of later entries, and keys the object does not have.
        var consumedKeys: Set<String> = []
        /// Where the next key is expected: serializers read keys in the order they wrote them, so
        /// a look-up compares one key before it searches. In a list frame, the next element.
        var cursor = 0
        /// The elements of a Foundation list that a Swift array's serializer reads one by one
        /// (``KeyedArchiveReader/listElements(of:as:)``): any key reads the next element, and any
        /// integer the list's size. `nil` for an object read by its keys.
        var listElements: [PropertyListValue]?
        /// Whether the object is a schema class's (a ``DynamicObject``), whose fields take shared
        /// values in their boxes, as the dynamic path keeps them (``SharedValue``).
        var keepsBoxes = false

        /// Records that `key`, at `index` among the object's keys when it has it, is read; `false`
        /// when it was read before.
        mutating func consume(_ key: String, at index: Int?) -> Bool {
            guard let index, index < 64 else { return consumedKeys.insert(key).inserted }
            let bit: UInt64 = 1 << UInt64(index)
            defer { consumedEntries |= bit }
            return consumedEntries & bit == 0
        }
    }

    /// How a class dictionary resolves.
    struct ResolvedClass {
        enum Kind {
            case registered(Registration)
            case foundation(FoundationDecoding)
            /// A subclass of the Foundation class `className` (which `decoding` reads): read as
            /// that class when it reads every key of the object, else kept whole.
            case foundationSubclass(FoundationDecoding, className: String)
            case unknown
        }
        let archiveClass: ArchiveClass
        let kind: Kind
    }

    init(
        objects: any ArchiveObjects, registry: Registry, options: SerializationOptions,
        classCache: ArchiveClassCache? = nil
    ) {
        self.registry = registry
        self.classCache = classCache
        lastClassByUID = classCache?.lastResolved(with: registry) ?? []
        slotBindings = registry.slotBindings
        self.options = options
        self.objects = objects
        states = Array(repeating: .unread, count: objects.count)
        classIndexByUID = Array(repeating: -1, count: objects.count)
        frames.reserveCapacity(16)
        classes.reserveCapacity(8)
        // One allocation for the key path rather than one each time it doubles.
        path.reserveCapacity(8)
    }

    // MARK: References

    /// Finds the entries that the archive refers to more than once, from `top` (the `$top`
    /// values to be read) and every object's keys, on the dynamic path only. Entries that do not
    /// parse are left for the decode to report where it meets them.
    func noteSharedEntries(top: some Sequence<PropertyListValue>) {
        guard registry.keepsSharedStrings, objects.count > 1 else { return }
        var counts = [UInt8](repeating: 0, count: objects.count)
        func count(_ stored: PropertyListValue) {
            switch stored {
            case .uid(let uid):
                if uid < counts.count, counts[Int(uid)] < 2 { counts[Int(uid)] += 1 }
            case .array(let elements): for element in elements { count(element) }
            case .dictionary(let entries): for (_, value) in entries { count(value) }
            default: break
            }
        }
        for stored in top { count(stored) }
        for index in 1..<objects.count {
            guard case .object(let object)? = try? objects.entry(index),
                let entries = try? objects.dictionary(of: object)
            else { continue }
            for (key, value) in entries where key != "$class" { count(value) }
        }
        sharedEntries = counts.map { $0 > 1 }
    }

    /// The classes whose objects the dynamic path reads as a ``SharedValue`` naming the class.
    private static let mutableCollectionClasses: Set<String> = [
        "NSMutableArray", "NSMutableDictionary", "NSMutableSet",
    ]

    /// The immutable collection classes, whose objects are boxed before their elements are read
    /// when the archive refers to them more than once.
    private static let collectionClasses: Set<String> = ["NSArray", "NSDictionary", "NSSet"]

    /// `value`, read from entry `index` of class `archiveClass`, as the dynamic path keeps it: in
    /// a ``SharedValue`` when the archive refers to it more than once or names a mutable
    /// collection class, so that it is written back as one object of that class.
    private func keepingIdentity(_ value: Any, at index: Int, _ archiveClass: ArchiveClass) -> Any {
        guard !sharedEntries.isEmpty else { return value }
        let mutable = Self.mutableCollectionClasses.contains(archiveClass.name)
        guard mutable || sharedEntries[index], SharedValue.boxes(value) else { return value }
        return SharedValue(value, foundationClass: mutable ? archiveClass.name : nil)
    }

    /// Decodes a value stored in an object's dictionary or in `$top`: a UID is resolved, a plain
    /// value is converted to the declared type when there is one.
    func decode(_ stored: PropertyListValue, as declared: DeclaredType? = nil) throws -> Any? {
        switch stored {
        case .uid(let uid): return try decodeEntry(uid, as: declared)
        case .array(let elements):
            var result: [Any?] = []
            for (index, element) in elements.enumerated() {
                result.append(try at(String(index)) { try decode(element, as: nil) })
            }
            return result
        case .dictionary:
            throw error(.invalidValue, expected: "a reference or a plain value", found: "an inline dictionary")
        default:
            return try plainValue(stored, as: declared)
        }
    }

    /// Decodes entry `uid` of `$objects`. A value the dynamic path keeps in a ``SharedValue``
    /// (``keepingIdentity(_:at:_:)``) is given in its box where the dynamic path reads it (the
    /// top, the keys of unknown objects and the elements of collections there), and as itself
    /// to a serializer, which asks for the value (an attributed string's `NSAttributes` list).
    func decodeEntry(_ uid: UInt64, as declared: DeclaredType? = nil) throws -> Any? {
        let value = try decodeEntryKept(uid, as: declared)
        guard !sharedEntries.isEmpty, let shared = value as? SharedValue else { return value }
        guard let frame = frames.last else {
            return declared.map { $0.swiftType != Any.self } ?? false ? shared.value : shared
        }
        guard frame.keepsBoxes else { return shared.value }
        if let declared, declared.swiftType != Any.self, !shared.isOpen,
            classOfSharedValue.isEmpty || !keepsArchivedClass(shared, in: declared)
        {
            // A typed slot that shares the value with an untyped one read before it (Java's
            // field order is by name: `Object extra` before `List<…> matrix`): the one value,
            // now of the class the typed slot declares.
            let typed = registry.valueOfDeclaredClass(shared.value, declared)
            if Swift.type(of: typed) != Swift.type(of: shared.value) { shared.fill(typed) }
        }
        return shared
    }

    /// Whether `shared` came with a Java class of its own other than the one `declared` names
    /// (a `String[]` an `Object` field and an `Object[]` field share): it stays of that class.
    private func keepsArchivedClass(_ shared: SharedValue, in declared: DeclaredType) -> Bool {
        guard let archived = classOfSharedValue[ObjectIdentifier(shared)] else { return false }
        return registry.registration(forDeclared: declared)?.javaName != archived
    }

    private func decodeEntryKept(_ uid: UInt64, as declared: DeclaredType?) throws -> Any? {
        guard uid < objects.count else {
            throw error(
                .invalidReference, expected: "a reference below \(objects.count) (the size of $objects)",
                found: "a reference to object \(uid)")
        }
        let index = Int(uid)
        if index == 0 { return nil }
        switch states[index] {
        case .read(let value): return value
        case .reading:
            throw error(
                .invalidReference, expected: "a reference to an object that is complete or has identity",
                found: "a cycle back to object \(index) while it is being read")
        case .unread: break
        }
        switch try objects.entry(index) {
        case .value(.string(KeyedArchive.nullMarker)): return nil
        case .object(let object): return try decodeObject(object, at: index, as: declared)
        case .value(.uid(let other)):
            throw error(
                .invalidValue, expected: "an object or a plain value in $objects[\(index)]",
                found: "a bare reference to object \(other)")
        case .value(.data(let bytes)) where !sharedEntries.isEmpty && sharedEntries[index]:
            // Data is stored inline in `$objects` (Foundation's `NSData`); the dynamic path keeps
            // one that two places refer to as one value (a `byte[]` two objects share).
            let box = SharedValue(Data(bytes))
            states[index] = .read(box)
            return box
        case .value(let plain): return try plainValue(plain, as: declared)
        }
    }

    private func decodeObject(_ object: ArchivedObject, at index: Int, as declared: DeclaredType?)
        throws -> Any?
    {
        let resolved = try resolveClass(of: object, at: index)
        if let stored = try classedValue(of: object),
            let registration = classedValueRegistration(resolved.archiveClass)
        {
            let comparator = try objects.value(forKey: KeyedArchiveKeys.comparator, in: object)
            return try decodeClassedValue(stored, registration, at: index, as: declared, comparator: comparator)
        }
        switch resolved.kind {
        case .registered(let registration):
            try enter(
                object, at: index, resolved.archiveClass, keepsBoxes: registration.swiftType == DynamicObject.self)
            let value: Any
            do {
                value = try registration.serializer.read(from: self)
            } catch {
                leave()
                throw error
            }
            leave()
            // A value (a `BigDecimal`, a `Currency`) the archive refers to more than once stays
            // one, as the classed values and the Foundation forms do.
            guard !sharedEntries.isEmpty, sharedEntries[index], SharedValue.boxes(value) else {
                states[index] = .read(value)
                return value
            }
            let box = SharedValue(value)
            states[index] = .read(box)
            return box
        case .foundationSubclass(let decoding, let className):
            // The dynamic path keeps an app's subclass whole where nothing asks for the Foundation
            // value (`MyApp.List : NSMutableArray`), so that it is written back with its class.
            guard FoundationDecoding.readsEveryKey(try objects.dictionary(of: object).keys, ofSubclassOf: className),
                !registry.keepsSharedStrings || declared.map({ $0.swiftType != Any.self }) ?? false
            else { return try decodeUnknown(object, at: index, resolved.archiveClass) }
            return try decodeFoundation(decoding, object, at: index, resolved, declared)
        case .foundation(let decoding):
            try checkCollectionClass(resolved.archiveClass.name, in: declared)
            // The dynamic path keeps whole an object its class's decoder would not read all of
            // (an `NSArray` with a key of its own, `NS.object.0` and `NS.object.2`).
            if registry.keepsSharedStrings, declared.map({ $0.swiftType == Any.self }) ?? true,
                !FoundationDecoding.readsWhole(try objects.dictionary(of: object).keys, of: resolved.archiveClass.name)
            {
                return try decodeUnknown(object, at: index, resolved.archiveClass)
            }
            return try decodeFoundation(decoding, object, at: index, resolved, declared)
        case .unknown:
            return try decodeUnknown(object, at: index, resolved.archiveClass)
        }
    }

    /// The Java class Foundation's collection classes stand for in Java's slots.
    private static let javaClassOfCollection: [String: String] = [
        "NSArray": "java.util.ArrayList", "NSMutableArray": "java.util.ArrayList",
        "NSSet": "java.util.HashSet", "NSMutableSet": "java.util.HashSet",
        "NSOrderedSet": "java.util.LinkedHashSet", "NSMutableOrderedSet": "java.util.LinkedHashSet",
        "NSDictionary": "java.util.HashMap", "NSMutableDictionary": "java.util.HashMap",
    ]

    /// A Foundation collection in a slot of a JDK collection interface it does not implement
    /// (an `NSSet` where a `List<String>` map value is declared) is an error: Java would get an
    /// object its slot cannot hold.
    private func checkCollectionClass(_ name: String, in declared: DeclaredType?) throws {
        guard let interface = declared?.interfaceName, let javaClass = Self.javaClassOfCollection[name],
            JDKAbstractClasses.admits(interface, valueClass: javaClass, isEnumConstant: false) == false
        else { return }
        throw error(
            .typeMismatch, expected: "a class that implements \(interface), the slot's",
            found: "\(name) (a \(javaClass) in Java)")
    }

    /// Reads `object` with the decoder of its Foundation class.
    private func decodeFoundation(
        _ decoding: FoundationDecoding, _ object: ArchivedObject, at index: Int, _ resolved: ResolvedClass,
        _ declared: DeclaredType?
    ) throws -> Any? {
        try descend()
        let name = resolved.archiveClass.name
        let mutable = Self.mutableCollectionClasses.contains(name)
        if !sharedEntries.isEmpty, mutable || sharedEntries[index] && Self.collectionClasses.contains(name) {
            // A mutable collection is an object, and so is one the archive refers to more than
            // once: its box is there before its elements, for those that refer back to it (an
            // `NSMutableArray` holding itself, a Java list that holds itself).
            let box = SharedValue.opened(foundationClass: mutable ? name : nil)
            states[index] = .read(box)
            defer { depth -= 1 }
            box.fill(try decoding.decode(self, object, declared) ?? [Any?]())
            return box
        }
        states[index] = .reading
        let decoded: Any?
        do {
            decoded = try decoding.decode(self, object, declared)
        } catch {
            depth -= 1
            throw error
        }
        depth -= 1
        guard let decoded else {
            // A form of the class this reader does not model: kept whole.
            states[index] = .unread
            return try decodeUnknown(object, at: index, resolved.archiveClass)
        }
        let value = keepingIdentity(decoded, at: index, resolved.archiveClass)
        states[index] = .read(value)
        return value
    }

    /// The value under `$value` of an object whose only keys are `$class` and `$value` (a value
    /// archived with its class); `nil` for any other object.
    private func classedValue(of object: ArchivedObject) throws -> PropertyListValue? {
        switch object.count {
        case 2: return try objects.value(forKey: KeyedArchiveKeys.classedValue, in: object)
        case 3:
            // A sorted collection with its comparator beside it.
            guard try objects.value(forKey: KeyedArchiveKeys.comparator, in: object) != nil else { return nil }
            return try objects.value(forKey: KeyedArchiveKeys.classedValue, in: object)
        default: return nil
        }
    }

    /// The registration of a value archived with its class (`{$class: java.lang.Integer,
    /// $value: 5}`): by the class's archive or Java name, then its superclasses' and hints';
    /// `nil` when nothing is registered under any of them (the object is then kept whole).
    private func classedValueRegistration(_ archiveClass: ArchiveClass) -> Registration? {
        for name in archiveClass.chain + archiveClass.hints {
            if let registration = registry.registration(forClassedValueNamed: name) { return registration }
        }
        return nil
    }

    /// Reads the Foundation form under `$value` as the Swift type of the class's registration
    /// (an `NSArray` as `[Int32]` for `[I`, an integer as `Int32` for `java.lang.Integer`).
    private func decodeClassedValue(
        _ stored: PropertyListValue, _ registration: Registration, at index: Int, as declared: DeclaredType?,
        comparator: PropertyListValue? = nil
    ) throws -> Any? {
        try descend()
        defer { depth -= 1 }
        states[index] = .reading
        var typed = DeclaredType.of(registration.swiftType)
        typed.finality = .final
        typed.javaName = registration.javaName
        // The slot's generic arguments, when it has them, type the elements (`List<Integer>`).
        if let arguments = declared?.genericArguments, !arguments.isEmpty { typed.genericArguments = arguments }
        let order = try comparator.map { comparator in
            try at(KeyedArchiveKeys.comparator) { try JavaComparator.from(try decode(comparator, as: .object), self) }
        }
        let value = try at(KeyedArchiveKeys.classedValue) { () -> Any? in
            if case .unordered? = order, let orderedType = registration.swiftType as? any JavaComparatorOrdered.Type,
                let plain = try decode(stored, as: orderedType.plainFormInOrder(typed.genericArguments)),
                let made = try orderedType.make(keeping: (plain as? SharedValue)?.value ?? plain, in: order ?? .natural)
            {
                // A comparator whose order is unknown: the elements in the archive's order (Java's).
                return made
            }
            guard let value = try decode(stored, as: typed) else { return nil }
            func convert<T>(_: T.Type) -> Any? {
                ValueConversion.convert(value, to: T.self, javaClass: registration.javaName)
            }
            guard let converted = convert(registration.swiftType) else {
                throw error(
                    .typeMismatch, expected: "a value of \(registration.javaName)",
                    found: ValueConversion.describeType(of: value))
            }
            guard let order else { return converted }
            // A sorted collection in the order of the comparator beside it.
            guard let ordered = converted as? any JavaComparatorOrdered else {
                throw error(
                    .invalidValue, expected: "a comparator beside a TreeMap, TreeSet or PriorityQueue",
                    found: "one beside a \(registration.javaName)")
            }
            return ordered.ordered(by: order)
        }
        // A value the archive refers to more than once (a `long[]` in an `Object` field and in a
        // `long[]` field) stays one, as for the Foundation forms (``keepingIdentity(_:at:_:)``).
        guard let value, !sharedEntries.isEmpty, sharedEntries[index], SharedValue.boxes(value) else {
            states[index] = .read(value)
            return value
        }
        let box = SharedValue(value)
        classOfSharedValue[ObjectIdentifier(box)] = registration.javaName
        states[index] = .read(box)
        return box
    }

    private func decodeUnknown(_ object: ArchivedObject, at index: Int, _ archiveClass: ArchiveClass)
        throws -> UnknownObject
    {
        if options.registrationRequired {
            throw error(
                .unknownClassName, expected: "a registered archive class (registration is required)",
                found: archiveClass.chain.joined(separator: " → "))
        }
        let entries = try objects.dictionary(of: object)
        try descend()
        defer { depth -= 1 }
        let unknown = UnknownObject(archiveClass: archiveClass, inlineKeys: [])
        madeUnknownObjects.add(unknown)
        states[index] = .read(unknown)
        unknown.fields.reserveCapacity(entries.count)
        for (key, stored) in entries where key != "$class" {
            // An unknown object is a container of the dynamic path wherever it is read (an
            // attribute of an attributed string too): its fields keep their boxes, so that an
            // `NSMutableDictionary` is written back as one.
            if case .uid(let uid) = stored {
                unknown.fields[key] = .some(try at(key) { try decodeEntryKept(uid, as: nil) })
            } else {
                unknown.fields[key] = .some(try at(key) { try inlineValue(stored) })
                unknown.inlineKeys.insert(key)
                if Self.holdsInlineScalars(stored) { unknown.inlineElementKeys.insert(key) }
            }
        }
        return unknown
    }

    /// Whether `stored` is a list or dictionary holding a number, boolean or data itself rather
    /// than as a reference (Apple's archivers store every element of a list as a reference).
    private static func holdsInlineScalars(_ stored: PropertyListValue) -> Bool {
        func isScalar(_ element: PropertyListValue) -> Bool {
            switch element {
            case .integer, .unsignedInteger, .real, .float, .bool, .data: true
            default: false
            }
        }
        switch stored {
        case .array(let elements): return elements.contains(where: isScalar)
        case .dictionary(let entries): return entries.values.contains(where: isScalar)
        default: return false
        }
    }

    /// A value stored in an object's own dictionary, with the references in its lists and
    /// dictionaries decoded.
    private func inlineValue(_ stored: PropertyListValue) throws -> Any? {
        switch stored {
        case .uid(let uid): return try decodeEntryKept(uid, as: nil)
        case .array(let elements):
            try descend()
            defer { depth -= 1 }
            var values: [Any?] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try at(String(index)) { try inlineValue(element) })
            }
            return values
        case .dictionary(let entries):
            try descend()
            defer { depth -= 1 }
            var values: [String: Any?] = [:]
            for (key, element) in entries { values[key] = .some(try at(key) { try inlineValue(element) }) }
            return values
        default:
            return try plainValue(stored, as: nil)
        }
    }

    private func descend() throws {
        depth += 1
        guard depth <= options.limits.maxDepth else {
            depth -= 1
            throw error(
                .depthLimitExceeded, expected: "at most \(options.limits.maxDepth) nested objects",
                found: "more")
        }
    }

    private func enter(
        _ object: ArchivedObject, at index: Int, _ archiveClass: ArchiveClass?,
        listElements: [PropertyListValue]? = nil, keepsBoxes: Bool = false
    ) throws {
        try descend()
        states[index] = .reading
        frames.append(
            Frame(
                object: object, index: index, archiveClass: archiveClass, listElements: listElements,
                keepsBoxes: keepsBoxes))
    }

    /// The key path component of the value a read with `key` just took: in a list frame, the
    /// element's index.
    private func component(_ key: String) -> String {
        guard let last = frames.indices.last, frames[last].listElements != nil else { return key }
        return String(frames[last].cursor - 1)
    }

    /// The `NS.objects` of the Foundation list `object`, when a Swift array of `elementType`
    /// (``Registration/listElementType``) may read them one by one in a list frame, as they
    /// would read through the whole list decoded as `[Any?]` and converted: every element a
    /// string for `String`, or an object of exactly the registered class of `elementType`.
    /// `nil` for anything else (nil or `NSNull` elements, numbers, other classes, the
    /// `NS.object.N` form, anything malformed), which is decoded, or reported, as before.
    private func listElements(of object: ArchivedObject, as elementType: any Any.Type) -> [PropertyListValue]? {
        guard case .array(let elements)? = try? objects.value(forKey: FoundationCoderKeys.objects, in: object),
            elements.count <= options.limits.maxElementCount
        else { return nil }
        if elementType == String.self {
            for element in elements where (try? plainString(element)) == nil { return nil }
            return elements
        }
        guard elementType != UnknownObject.self, let registration = registry.registration(for: elementType)
        else { return nil }
        for element in elements {
            guard case .uid(let uid) = element, uid > 0, uid < objects.count, case .unread = states[Int(uid)],
                case .object(let found)? = try? objects.entry(Int(uid)),
                case .registered(let resolved)? = try? resolveClass(of: found, at: Int(uid)).kind,
                resolved === registration, case .none = try? classedValue(of: found)
            else { return nil }
        }
        return elements
    }

    private func leave() {
        if let frame = frames.popLast(), case .reading = states[frame.index] { states[frame.index] = .unread }
        depth -= 1
    }

    /// Runs `body` with `component` added to the key path errors report.
    func at<T>(_ component: String, _ body: () throws -> T) rethrows -> T {
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    // MARK: Classes

    private func resolveClass(of object: ArchivedObject, at index: Int) throws -> ResolvedClass {
        // Writers put `$class` first (Apple's) or last (this library's): the end is looked at first.
        let position = try objects.position(ofKey: "$class", in: object, from: object.count - 1)
        let stored = try position.map { try objects.value(at: $0, in: object) }
        guard case .uid(let uid)? = stored else {
            throw error(
                .invalidValue, expected: "a $class reference in object \(index)",
                found: KeyedArchive.describe(stored))
        }
        // A UID past the table fails in `classDescription`.
        if uid < classIndexByUID.count, case let known = classIndexByUID[Int(uid)], known >= 0 {
            return classes[Int(known)]
        }
        let resolved = try resolveClass(at: uid)
        classIndexByUID[Int(uid)] = Int32(truncatingIfNeeded: classes.count)
        classes.append(resolved)
        return resolved
    }

    /// The class dictionary at `uid`, read and resolved, or found in ``classCache`` by the bytes
    /// of its names.
    private func resolveClass(at uid: UInt64) throws -> ResolvedClass {
        var key: ArchiveClassKey?
        if let classCache, uid < objects.count, case .object(let description) = try objects.entry(Int(uid)) {
            // The description met at this UID before, when these bytes name the same classes.
            if uid < lastClassByUID.count, let last = lastClassByUID[Int(uid)],
                try objects.classKey(of: description, matches: last.key)
            {
                return last.resolved
            }
            key = try objects.classKey(of: description)
            if let key, let known = classCache.resolved(key, with: registry) {
                classCache.keep(known, for: key, at: Int(uid), with: registry)
                return known
            }
        }
        let archiveClass = try classDescription(at: uid)
        let resolved = ResolvedClass(archiveClass: archiveClass, kind: resolve(archiveClass))
        if let key { classCache?.keep(resolved, for: key, at: Int(uid), with: registry) }
        return resolved
    }

    /// How `archiveClass` resolves: through its name, then its superclasses, then its hints.
    private func resolve(_ archiveClass: ArchiveClass) -> ResolvedClass.Kind {
        func kind(_ name: String) -> ResolvedClass.Kind? {
            if let registration = registry.registration(forArchiveClassName: name) { return .registered(registration) }
            return FoundationDecoding.byClassName[name].map { .foundation($0) }
        }
        if let found = kind(archiveClass.name) { return found }
        for name in archiveClass.superclasses {
            if let found = kind(name) {
                guard case .foundation(let decoding) = found else { return found }
                return .foundationSubclass(decoding, className: name)
            }
        }
        for name in archiveClass.hints {
            if let found = kind(name) { return found }
        }
        return .unknown
    }

    /// Reads the class dictionary at `uid` (``ArchiveClassDescription``).
    private func classDescription(at uid: UInt64) throws -> ArchiveClass {
        let object: ArchivedObject
        switch uid < objects.count ? try objects.entry(Int(uid)) : nil {
        case .object(let found)?: object = found
        case .value(let value)?:
            throw error(
                .invalidValue, expected: "a reference to a class dictionary under $class",
                found: KeyedArchive.describe(value))
        case nil:
            throw error(
                .invalidValue, expected: "a reference to a class dictionary under $class",
                found: "a reference to object \(uid)")
        }
        switch try ArchiveClassDescription.parse(at: uid, { try objects.value(forKey: $0, in: object) }) {
        case .success(let archiveClass): return archiveClass
        case .failure(let problem): throw error(.invalidValue, expected: problem.expected, found: problem.found)
        }
    }

    // MARK: Plain values

    /// A plain value (a number, a string…) as the declared type asks, or as its natural Swift
    /// type: `Int`, `Double`, `Bool`, `String`, `Data`, `Date`.
    func plainValue(_ value: PropertyListValue, as declared: DeclaredType?) throws -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let number): return try StoredNumbers.integer(number, as: declared?.swiftType, reader: self)
        case .unsignedInteger(let number):
            return StoredNumbers.unsigned(number, as: declared?.swiftType)
        case .real(let number): return try StoredNumbers.real(number, as: declared?.swiftType, reader: self)
        case .float(let number):
            // A `Float` where nothing asks for another type, so that it is written back 4 bytes wide.
            guard let type = declared?.swiftType, type != Any.self, type != Float.self else { return number }
            return try StoredNumbers.real(Double(number), as: type, reader: self)
        case .bool(let flag): return flag
        case .data(let bytes): return Data(bytes)
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .uid(let uid): return try decodeEntry(uid, as: declared) as Any
        case .array, .dictionary:
            throw error(.invalidValue, expected: "a plain value", found: KeyedArchive.describe(value))
        }
    }

    // MARK: Keys

    /// The value stored under `key` (a key as stored: Foundation's keys are never escaped) in
    /// `object`; `nil` when it has none.
    func entry(_ key: String, in object: ArchivedObject) throws -> PropertyListValue? {
        try objects.value(forKey: key, in: object)
    }

    /// The value stored under `key` in the object being read (`nil` when absent), with the same
    /// escaping and generic keys as the writer.
    func stored(forKey key: String) throws -> PropertyListValue? {
        guard !frames.isEmpty else { return nil }
        let last = frames.count - 1
        if let elements = frames[last].listElements {
            let position = frames[last].cursor
            guard position < elements.count else { return nil }
            frames[last].cursor = position + 1
            return elements[position]
        }
        let object = frames[last].object
        // The position ``containsValue(forKey:)`` just found for this key, from the same place.
        if let found = lastFound, found.frame == last, found.uid == object.uid, found.cursor == frames[last].cursor,
            found.position < 64, makesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key),
            bits.matches(found.key)
        {
            frames[last].cursor = found.position + 1
            let bit: UInt64 = 1 << UInt64(found.position)
            if frames[last].consumedEntries & bit == 0 {
                frames[last].consumedEntries |= bit
                return try objects.value(at: found.position, in: object)
            }
            let generic = "$\(frames[last].nextGenericKey)"
            frames[last].nextGenericKey += 1
            return try objects.value(forKey: generic, in: object)
        }
        let archived = KeyedArchiveKeys.escape(key)
        if !archived.isEmpty {
            // One look-up finds the entry and whether it was read before: serializers read keys
            // in the order they wrote them, so the key after the last one read is compared first.
            let index = try objects.position(ofKey: archived, in: object, from: frames[last].cursor)
            if let index { frames[last].cursor = index + 1 }
            if frames[last].consume(archived, at: index) {
                return try index.map { try objects.value(at: $0, in: object) }
            }
        }
        let generic = "$\(frames[last].nextGenericKey)"
        frames[last].nextGenericKey += 1
        return try objects.value(forKey: generic, in: object)
    }

    func containsValue(forKey key: String) -> Bool {
        guard !frames.isEmpty else { return false }
        // The object and the cursor, without a copy of the whole frame.
        let last = frames.count - 1
        let cursor = frames[last].cursor
        if let elements = frames[last].listElements { return cursor < elements.count }
        // A key that cannot be looked up is there: reading it reports the error.
        do {
            guard
                let position = try objects.position(
                    ofKey: KeyedArchiveKeys.escape(key), in: frames[last].object, from: cursor)
            else { return false }
            // An empty key is never looked up by ``stored(forKey:)`` (it reads a generic key).
            if makesSmallStrings, !key.isEmpty, let bits = SmallString.asciiBits(ofCheckedLayout: key) {
                lastFound = FoundKey(
                    key: bits, frame: last, uid: frames[last].object.uid, cursor: cursor, position: position)
            }
            return true
        } catch {
            return true
        }
    }

    func storesInline(forKey key: String) -> Bool {
        guard let frame = frames.last, frame.listElements == nil,
            let stored = try? objects.value(forKey: KeyedArchiveKeys.escape(key), in: frame.object)
        else { return false }
        if case .uid = stored { return false }
        return true
    }

    /// The coder keys of the object being read, unescaped, without `$class` and generic keys.
    var storedKeys: [String]? {
        guard let frame = frames.last, frame.listElements == nil,
            let entries = try? objects.dictionary(of: frame.object)
        else { return nil }
        return entries.keys.compactMap(KeyedArchiveKeys.unescape)
    }

    private func scalar(forKey key: String) throws -> PropertyListValue? {
        guard let value = try stored(forKey: key) else { return nil }
        guard case .uid(let uid) = value else { return value }
        // An object (an NSNumber written with encodeObject) where a scalar is read.
        guard uid < objects.count, uid > 0 else { return nil }
        return try at(key) {
            switch try objects.entry(Int(uid)) {
            case .object, .value(.uid): throw error(.typeMismatch, expected: "a number", found: "an object")
            case .value(let plain): return plain
            }
        }
    }

    private func integer(forKey key: String, _ describe: String) throws -> Int64 {
        // A list's size, the one number its serializer reads of it.
        if let last = frames.indices.last, let size = frames[last].listElements?.count { return Int64(size) }
        switch try scalar(forKey: key) {
        case nil: return 0
        case .integer(let number)?: return number
        case .bool(let flag)?: return flag ? 1 : 0
        case .real(let number)? where number.rounded() == number && abs(number) < 0x1p63: return Int64(number)
        case .float(let number)? where number.rounded() == number && abs(number) < 0x1p63: return Int64(number)
        case let other?:
            throw at(key) { error(.typeMismatch, expected: describe, found: KeyedArchive.describe(other)) }
        }
    }

    private func exactly<T: FixedWidthInteger>(_ type: T.Type, forKey key: String, _ describe: String) throws -> T {
        let number = try integer(forKey: key, describe)
        guard let value = T(exactly: number) else {
            throw at(key) { error(.invalidValue, expected: describe, found: "\(number)") }
        }
        return value
    }

    private func real(forKey key: String) throws -> Double {
        switch try scalar(forKey: key) {
        case nil: return 0
        case .real(let number)?: return number
        case .float(let number)?: return Double(number)
        case .integer(let number)?: return Double(number)
        case let other?: throw at(key) { error(.typeMismatch, expected: "a real", found: KeyedArchive.describe(other)) }
        }
    }

    // MARK: ValueReader: scalars

    func readBool(forKey key: String) throws -> Bool {
        switch try scalar(forKey: key) {
        case nil: return false
        case .bool(let flag)?: return flag
        case .integer(let number)?: return number != 0
        case let other?:
            throw at(key) { error(.typeMismatch, expected: "a boolean", found: KeyedArchive.describe(other)) }
        }
    }

    func readInt8(forKey key: String) throws -> Int8 { try exactly(Int8.self, forKey: key, "an 8-bit integer") }
    func readInt16(forKey key: String) throws -> Int16 { try exactly(Int16.self, forKey: key, "a 16-bit integer") }
    func readChar(forKey key: String) throws -> UInt16 { try exactly(UInt16.self, forKey: key, "a UTF-16 code unit") }
    func readInt32(forKey key: String, encoding: IntegerEncoding) throws -> Int32 {
        try exactly(Int32.self, forKey: key, "a 32-bit integer")
    }
    func readInt64(forKey key: String, encoding: IntegerEncoding) throws -> Int64 {
        try integer(forKey: key, "a 64-bit integer")
    }
    func readFloat(forKey key: String) throws -> Float { Float(try real(forKey: key)) }
    func readDouble(forKey key: String) throws -> Double { try real(forKey: key) }

    func readString(forKey key: String) throws -> String? {
        guard let stored = try stored(forKey: key) else { return nil }
        if let string = try plainString(stored) { return string }
        let key = component(key)
        let value = try at(key) { try decode(stored) }
        switch value {
        case nil: return nil
        case let string as String: return string
        default:
            throw at(key) { error(.typeMismatch, expected: "a string", found: ValueConversion.describeType(of: value)) }
        }
    }

    func readStringObject(canBeNull: Bool, forKey key: String) throws -> String? {
        guard let stored = try stored(forKey: key) else { return nil }
        if let string = try plainString(stored) { return string }
        guard let value = try stringInstance(stored, forKey: component(key)) else { return nil }
        return SharedString.text(of: value)
    }

    func readStringInstance(canBeNull: Bool, forKey key: String) throws -> Any? {
        guard let stored = try stored(forKey: key) else { return nil }
        if let string = try plainString(stored) { return string }
        return try stringInstance(stored, forKey: component(key))
    }

    /// The string that `stored` is when it is one written plainly (inline, or an entry of
    /// `$objects` that is a string other than `$null`), without boxing it as a decoded value
    /// and casting it back; `nil` for anything else (nil, an `NSString` object, another kind),
    /// which ``stringInstance(_:forKey:)`` decodes or reports.
    private func plainString(_ stored: PropertyListValue) throws -> String? {
        switch stored {
        case .string(let string):
            return string
        case .uid(let uid):
            guard uid > 0, uid < objects.count, case .value(.string(let string)) = try objects.entry(Int(uid)),
                string != KeyedArchive.nullMarker
            else { return nil }
            return string
        default:
            return nil
        }
    }

    /// A string value stored under `key`, decoded: a `String`, a ``SharedString`` (an `NSString`
    /// object shared by several keys) or `nil`; anything else is an error.
    private func stringInstance(_ stored: PropertyListValue, forKey key: String) throws -> Any? {
        let value = try at(key) { try decode(stored, as: Self.stringType) }
        guard let value else { return nil }
        guard value is String || value is SharedString else {
            throw at(key) { error(.typeMismatch, expected: "a String", found: ValueConversion.describeType(of: value)) }
        }
        return value
    }

    /// The declared type of a string read by its own call.
    private static let stringType = DeclaredType(String.self, finality: .final, canBeNull: true)

    func readBytes(count: Int, forKey key: String) throws -> [UInt8] {
        let bytes: [UInt8]
        switch try stored(forKey: key) {
        case nil: bytes = []
        case .data(let data)?: bytes = data
        case let other?:
            guard let data = try at(key, { try decode(other) }) as? Data else {
                throw at(key) { error(.typeMismatch, expected: "data", found: KeyedArchive.describe(other)) }
            }
            bytes = [UInt8](data)
        }
        guard bytes.count == count else {
            throw at(key) { error(.invalidValue, expected: "\(count) bytes", found: "\(bytes.count)") }
        }
        return bytes
    }

    func readPrimitiveArray<P: JavaPrimitive>(_ type: P.Type, count: Int, forKey key: String) throws -> [P] {
        guard case .array(let elements)? = try stored(forKey: key), elements.count == count else {
            throw at(key) { error(.invalidValue, expected: "a list of \(count) numbers", found: "something else") }
        }
        return try at(key) {
            try elements.map { element in
                guard let value = try plainValue(element, as: DeclaredType(P.self)) as? P else {
                    throw error(.typeMismatch, expected: "\(P.self)", found: KeyedArchive.describe(element))
                }
                return value
            }
        }
    }

    // MARK: ValueReader: objects

    func readObject(as declared: DeclaredType, forKey key: String) throws -> Any? {
        guard let stored = try stored(forKey: key) else { return nil }
        return try at(component(key)) { try decode(stored, as: declared) }
    }

    func readObject(in slot: ResolvedSlot, forKey key: String) throws -> Any? {
        try readObject(as: slot.declared, forKey: key)
    }

    func beginObject(in slot: ResolvedSlot, forKey key: String) throws -> ObjectReadStep {
        guard let stored = try stored(forKey: key) else { return .null }
        path.append(component(key))
        if case .uid(let uid) = stored, uid > 0, uid < objects.count, case .unread = states[Int(uid)],
            case .object(let object) = try objects.entry(Int(uid))
        {
            let resolved = try resolveClass(of: object, at: Int(uid))
            switch resolved.kind {
            // A value archived with its class is read whole (``decode(_:as:)``).
            case .registered(let registration) where try classedValue(of: object) == nil:
                do {
                    try enter(object, at: Int(uid), resolved.archiveClass)
                } catch {
                    path.removeLast()
                    throw error
                }
                return .body(registration, storesReference: true)
            // A Swift array: its serializer reads the elements where they lie, each typed,
            // rather than a list of `Any?` converted as a whole.
            case .foundation(let decoding) where decoding.isList:
                if let elementType = slot.registration?.listElementType,
                    let elements = listElements(of: object, as: elementType)
                {
                    do {
                        try enter(object, at: Int(uid), resolved.archiveClass, listElements: elements)
                    } catch {
                        path.removeLast()
                        throw error
                    }
                    return .slotBody(storesReference: true)
                }
            default:
                break
            }
        }
        defer { path.removeLast() }
        guard let value = try decode(stored, as: slot.declared) else { return .null }
        return .reference(value)
    }

    func endObject(storing value: Any) {
        if let frame = frames.last { states[frame.index] = .read(value) }
        leave()
        path.removeLast()
    }

    func endObject() {
        leave()
        path.removeLast()
    }

    func reference(_ object: @autoclosure () -> Any) {
        if let frame = frames.last { states[frame.index] = .read(object()) }
    }

    func validateCount(_ count: Int, minimumBytesPerElement: Int, forKey key: String) throws {
        // Each element of a list a serializer reads key by key is one key of the object; the
        // bytes of a data value it holds are elements too.
        if let last = frames.indices.last, let size = frames[last].listElements?.count {
            guard count == size else {
                throw at(key) { error(.invalidValue, expected: "\(size) elements", found: "\(count)") }
            }
            return
        }
        var dataBytes = 0
        let object = frames.last?.object
        for position in 0..<(object?.count ?? 0) {
            guard let object else { break }
            switch try objects.value(at: position, in: object) {
            case .data(let bytes): dataBytes += bytes.count
            case .uid(let index):
                if index < UInt64(objects.count), case .value(.data(let bytes)) = try objects.entry(Int(index)) {
                    dataBytes += bytes.count
                }
            default: break
            }
        }
        let most = min(options.limits.maxElementCount, max(object?.count ?? 0, objects.count, dataBytes))
        guard count >= 0, count <= most else {
            throw at(key) { error(.lengthExceedsInput, expected: "at most \(most) elements", found: "\(count)") }
        }
    }

    func error(_ kind: SerializationError.Kind, expected: String, found: String) -> SerializationError {
        SerializationError(kind, expected: expected, found: found, path: path)
    }
}
