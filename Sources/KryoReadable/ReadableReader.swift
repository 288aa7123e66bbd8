import FoundationEssentials
import KryoCore
import KryoPlist
import OrderedCollections

/// Reads values out of one readable document's tree: the ``ValueReader`` that serializers read
/// through when the format is readable.
///
/// A dictionary with `$class` is an object: of the registered type of that readable name, else of
/// a Foundation class HRCoder writes (`NSDate`, `NSData`, `NSSet`…), else an
/// ``UnknownObject`` (an error when registration is required). `{"$alias": "key.path"}`
/// is the object at that key path, whether it comes before or after the alias in the document
/// (see ``ReadableReader/resolveAlias(_:as:)``). Any other dictionary or array is a plain
/// collection.
///
/// A missing key reads as zero, `false` or nil, and keys nobody reads are ignored, so that
/// models can gain and lose fields; a key whose value has the wrong kind is an error naming the
/// key path.
final class ReadableReader: ValueReader, NullAwareReader, AliasTellingReader {
    let registry: Registry
    let slotBindings: SlotBindings
    let options: SerializationOptions
    /// The generic arguments of the slot of the object whose serializer reads next, which a
    /// schema class's type variables take (`Pair<Ingredient, BigDecimal>`'s `B`).
    private(set) var genericArguments: [DeclaredType] = []
    var formatFamily: FormatFamily { .readable }

    /// The document's root, when it was given as a tree.
    private let root: ReadableValue
    /// The document's JSON text, parsed, when it is read where it lies rather than from a tree
    /// (a JSON document without aliases): objects of registered classes and arrays are read
    /// from it directly, anything else is built as a tree when it is reached. Empty otherwise
    /// (not optional: unwrapping it would copy it, retaining each of its arrays).
    private let parsed: ParsedJSON
    /// For a tree read from JSON text, the texts of its numbers that say more than their doubles,
    /// by key path.
    private var decimalTexts: [[String]: String] = [:]
    /// Whether the value ``readObject(as:forKey:)`` read last was an alias (``AliasTellingReader``).
    private(set) var lastValueWasAnAlias = false
    /// The declared type of the document's root, when the call gives one (``ReadableCodec``'s
    /// `decode(javaClass:from:)`).
    var rootDeclared: DeclaredType?
    /// For a record of a stream whose records share objects: what they share, and its number.
    private var streamMemory: ReadableStreamMemory?
    private var record = 0
    /// The node of ``parsed`` read as the document's root.
    private let rootIndex: Int32
    /// Whether the document is ``parsed`` rather than ``root`` (a parsed document has a node).
    private var readsParsed: Bool { !parsed.nodes.isEmpty }
    /// Where long `$class` names of ``parsed`` are resolved by their bytes.
    private let classCache: ReadableClassCache?
    /// The objects whose fields are being read, outermost first.
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The ``Frame/cursor`` of the innermost frame, kept out of ``frames`` while it is innermost
    /// (moving it there would check the array's uniqueness at every key).
    @exclusivity(unchecked) private var cursor = 0
    /// The object of the parsed text that the innermost frame reads, when it has no generic keys;
    /// -1 otherwise (no frame, a tree, a list, generic keys). Kept apart from ``frames`` so that
    /// a field's look-up neither copies the frame's members nor checks them.
    @exclusivity(unchecked) private var innermostObject: Int32 = -1
    /// The stored keys and indices from the root to the value being read.
    @exclusivity(unchecked) private(set) var path: [String] = []
    @exclusivity(unchecked) private var depth = 0
    /// The number of ``frames`` where values are read for the dynamic path itself rather than for
    /// a serializer: none at the root, and the frames around an unknown object while its fields
    /// are read (an attribute of an attributed string too), whose mutable collections stay boxed.
    @exclusivity(unchecked) private var dynamicFrameCount = 0
    /// The key paths aliases in the document name; empty when it has no alias, which spares
    /// tracking where objects are.
    @exclusivity(unchecked) private var aliasTargets: Set<[String]>
    /// Set while a map's key is read at its entry's key path, which names the entry's value
    /// (`ids.5` of `{"ids": {"5": …}}`), not the key.
    private var readsMapKey = false
    /// Values decoded at alias targets, by key path.
    @exclusivity(unchecked) private var decodedAt: [[String]: Any] = [:]
    /// The unknown objects read, whose fields a failed decode empties (cycles among them): kept
    /// here rather than in a ``MadeUnknownObjects`` of its own, one allocation fewer per decode.
    @exclusivity(unchecked) private var madeUnknownObjects: [UnknownObject] = []
    /// Alias targets being decoded that have not registered an object yet.
    @exclusivity(unchecked) private var decodingAt: Set<[String]> = []
    /// Whether strings that aliases name are read as ``SharedString``s (the dynamic path).
    private let keepsSharedStrings: Bool
    /// ``SmallString/isAvailable``, read once.
    private let makesSmallStrings = SmallString.isAvailable

    /// A value of the document: a tree's, or a container of the parsed JSON text.
    enum Node {
        case value(ReadableValue)
        case parsed(Int32)
    }

    /// The members of an object being read.
    private enum Members {
        case tree(ReadableDictionary)
        /// An object of the parsed JSON text.
        case parsed(Int32)
        /// An array of the parsed JSON text that a Swift array's serializer reads: its size, then
        /// each element in turn, whatever the key (see ``ReadableReader/listElements(_:of:)``).
        case list(Int32, ListElements)
    }

    /// What the elements of a list read one by one are, checked before the list is entered.
    private enum ListElements {
        /// Strings.
        case strings
        /// Objects of the registered class of the list's element type.
        case objects(Registration)
    }

    /// The key path components of the first list elements, made once.
    private static let indexKeys = (0..<32).map { String($0) }

    /// Objects of the parsed text with more members than this are built as trees when entered,
    /// so that finding a member is a hash look-up rather than a search.
    private static let parsedMemberLimit = 64

    private struct Frame {
        let members: Members
        /// The key path of the object, when an alias names it.
        let target: [String]?
        /// Whether the object has generic keys (`$0`…): then a key read twice means the next one.
        let hasGenericKeys: Bool
        var nextGenericKey = 0
        var consumed: Set<String> = []
        /// Where the next key is expected: serializers read keys in the order they wrote them, so
        /// a lookup compares one key before it searches. Kept in ``ReadableReader/cursor`` while
        /// the frame is the innermost.
        var cursor = 0
    }

    /// A reader of the document `root`.
    ///
    /// - Parameter holdsNoAliases: Whether the caller knows that no object of `root` has an
    ///   `$alias` key and that `root` nests no deeper than ``ReadableCodec/documentDepth(_:)``
    ///   allows (a JSON document just parsed with that depth, whose text spells no `$alias`): the
    ///   walk over the tree that finds the aliases' targets and checks the depth is then skipped.
    /// - Parameter decimalTexts: The texts of the numbers the tree keeps as doubles, by key path
    ///   (``ParsedJSON/decimalTexts(under:)``), so that a `BigDecimal` reads them as written.
    /// - Parameter streamMemory: For record `record` of a stream whose records share objects:
    ///   the objects of earlier records that its aliases name, and the paths of its own that
    ///   later records' aliases name (kept by ``keepObjectsForLaterRecords()``).
    init(
        root: ReadableValue, registry: Registry, options: SerializationOptions, holdsNoAliases: Bool = false,
        decimalTexts: [[String]: String] = [:], streamMemory: ReadableStreamMemory? = nil, record: Int = 0
    ) throws {
        self.decimalTexts = decimalTexts
        self.streamMemory = streamMemory
        self.record = record
        self.registry = registry
        slotBindings = registry.slotBindings
        self.options = options
        self.root = root
        parsed = ParsedJSON()
        rootIndex = -1
        classCache = nil
        keepsSharedStrings = registry.keepsSharedStrings
        var targets: Set<[String]> = []
        if !holdsNoAliases {
            try ReadableReader.collectAliasTargets(
                in: root, into: &targets, depth: 0, limit: ReadableCodec.documentDepth(options.limits))
            // An alias may name its object through another alias (`a.1.next.steps.0`) or with an
            // index spelled otherwise (`00`): the object is kept where the walk ends, too, so
            // that the alias finds it there rather than reading a copy.
            for target in targets {
                if let canonical = ReadableReader.canonicalTarget(target, in: root) { targets.insert(canonical) }
            }
        }
        if let streamMemory { targets.formUnion(streamMemory.targets(ofRecord: record)) }
        aliasTargets = targets
        frames.reserveCapacity(8)
        path.reserveCapacity(16)
    }

    /// A reader of a JSON document parsed into `parsed`, none of whose objects has an `$alias`
    /// (``ParsedJSON/hasAliases``), which the parser has held to the document depth.
    ///
    /// - Parameter classCache: Where long `$class` names are resolved by their bytes.
    /// - Parameter rootIndex: The node read as the document's root: by default the text's
    ///   top-level value; an element of it for a record of a JSON array of records.
    init(
        parsed: ParsedJSON, registry: Registry, options: SerializationOptions, classCache: ReadableClassCache,
        rootIndex: Int32? = nil
    ) {
        self.registry = registry
        slotBindings = registry.slotBindings
        self.options = options
        root = .null
        self.parsed = parsed
        self.rootIndex = rootIndex ?? parsed.root
        self.classCache = classCache
        keepsSharedStrings = registry.keepsSharedStrings
        aliasTargets = []
        frames.reserveCapacity(8)
        path.reserveCapacity(16)
    }

    /// The document's root.
    var rootNode: Node {
        guard readsParsed else { return .value(root) }
        return node(rootIndex)
    }

    /// The document's root as a tree (what aliases are found in).
    private var rootValue: ReadableValue {
        guard readsParsed else { return root }
        return parsed.value(at: rootIndex)
    }

    /// Node `index` of the parsed text: a container as it lies, a scalar as its value (a real as
    /// it lies too, so that a `BigDecimal` reads its text).
    @inline(__always)
    private func node(_ index: Int32) -> Node {
        switch parsed.kind(of: index) {
        case .array, .object, .real: return .parsed(index)
        default: return .value(parsed.value(at: index))
        }
    }

    /// `node` as a tree value.
    private func value(of node: Node) -> ReadableValue {
        switch node {
        case .value(let value): return value
        case .parsed(let index): return parsed.value(at: index)
        }
    }

    // MARK: Values

    /// Decodes `node`, found at ``path``, as `declared` asks when it says.
    func decode(_ node: Node, as declared: DeclaredType?) throws -> Any? {
        switch node {
        case .value(let value): return try decode(value, as: declared)
        case .parsed(let index): return try decodeParsed(index, as: declared)
        }
    }

    /// ``decode(_:as:)-(Node,_)`` for a container of the parsed text: an array element by
    /// element, an object of a registered class through its serializer, and anything else
    /// through its tree.
    private func decodeParsed(_ index: Int32, as declared: DeclaredType?) throws -> Any? {
        switch parsed.kind(of: index) {
        case .array:
            let element = componentType(of: declared) ?? ReadableReader.elementType(of: declared)
            try descend()
            defer { depth -= 1 }
            let count = parsed.count(of: index)
            var result: [Any?] = []
            result.reserveCapacity(count)
            for position in 0..<count {
                let element = try at(String(position)) {
                    try checkedElement(try decode(node(parsed.element(position, of: index)), as: element), as: element)
                }
                result.append(element)
            }
            return try valueOfDeclaredClass(result, declared)
        case .object:
            let keepsUnknown = declared?.swiftType == UnknownObject.self
            if !keepsUnknown, let (registration, hasGenericKeys) = registeredObject(index) {
                try enter(.parsed(index), target: nil, hasGenericKeys: hasGenericKeys)
                genericArguments = declared?.genericArguments ?? []
                let value = try registration.serializer.read(from: self)
                leave(storing: value)
                return value
            }
            return try decode(treeValue(at: index), as: declared)
        case .real:
            // A number for a `BigDecimal`, as Java's `new BigDecimal(text)`: its digits and scale
            // as written (`10.50`, 25 digits), which its double would round.
            if declared?.swiftType == JavaBigDecimal.self, let text = parsed.decimalText(at: index),
                let decimal = JavaBigDecimal(text)
            {
                return decimal
            }
            return try decode(parsed.value(at: index), as: declared)
        default:
            return try decode(parsed.value(at: index), as: declared)
        }
    }

    /// Node `index` of the parsed text as a tree: the texts of its numbers that say more than
    /// their doubles are kept by key path, so that a `BigDecimal` in it (a field of an object
    /// without `$class`, a `Map<String, BigDecimal>`'s value) reads them as written.
    private func treeValue(at index: Int32) -> ReadableValue {
        keepDecimalTexts(under: index)
        return parsed.value(at: index)
    }

    /// Keeps the texts of the numbers under the parsed node `index`, which is read as a tree at
    /// ``path``, that say more than their doubles.
    private func keepDecimalTexts(under index: Int32) {
        for (subpath, text) in parsed.decimalTexts(under: index) { decimalTexts[path + subpath] = text }
    }

    /// The registration of the parsed object `index` when it is an object of a registered class
    /// that its serializer reads (`$class` names the class, and it is no alias, no plain value
    /// stored with its class), and whether it has generic keys.
    private func registeredObject(_ index: Int32) -> (Registration, hasGenericKeys: Bool)? {
        guard parsed.kind(of: index) == .object else { return nil }
        let reserved = parsed.reservedKeys(of: index)
        guard reserved.contains(.className), !reserved.contains(.alias), !reserved.contains(.value),
            !reserved.contains(.stray),
            let member = parsed.index(of: ReadableKeys.className, in: index, from: 0),
            let registration = registration(named: parsed.value(member, of: index)),
            // A map's entries beside its `$class` are read from the tree (``entriesBeside``), and
            // so is a list or map without `$value`, whose keys the tree checks.
            !Self.isPlainMap(registration), ReadableWriter.writesObjects(of: registration.swiftType)
        else { return nil }
        return (registration, reserved.contains(.firstGeneric))
    }

    /// The constant that the serializer `constants` of a Java enum reads from the parsed object
    /// `object` (`{"$class": …, "name": "JAVA", "ordinal": 0}`), when its `name` key holds a
    /// string that names one and the object could be entered (within the depth limit): what
    /// entering it and reading it would give. `nil` otherwise, and the object is read as before
    /// (a wrong name is the serializer's error).
    private func constant(namedIn object: Int32, by constants: EnumConstantNames) -> Any? {
        guard depth < options.limits.maxDepth, holdsOnlyConstantKeys(object),
            // The key `EnumSerializer` reads the name under, stored as it is.
            let member = parsed.index(of: "name", in: object, from: 1),
            let name = parsed.string(at: parsed.value(member, of: object))
        else { return nil }
        return constants.constant(named: name)
    }

    /// Whether the parsed object `object` has no keys but a constant's (`name`, `ordinal`) and
    /// reserved ones: another is the enum serializer's error, inside the object.
    private func holdsOnlyConstantKeys(_ object: Int32) -> Bool {
        var plain = 0
        for index in 0..<parsed.count(of: object) where !parsed.keyStartsWithDollar(index, of: object) { plain += 1 }
        let named = parsed.index(of: "name", in: object, from: 0) == nil ? 0 : 1
        let numbered = parsed.index(of: "ordinal", in: object, from: 0) == nil ? 0 : 1
        return plain == named + numbered
    }

    /// How the elements of the parsed array `array` are read one by one by the serializer of a
    /// Swift array of `elementType` (``Registration/listElementType``), when every element is
    /// of a kind that reads to the same element, or fails the same way, one by one as through
    /// the whole list read as `[Any?]` and converted: strings for `String`, objects whose
    /// `$class` names the registration of `elementType`. `nil` for anything else (nil
    /// elements, numbers, other classes, nested lists), which is read as before.
    private func listElements(_ array: Int32, of elementType: any Any.Type) -> ListElements? {
        let count = parsed.count(of: array)
        guard count <= options.limits.maxElementCount else { return nil }
        if elementType == String.self {
            for position in 0..<count {
                switch parsed.kind(of: parsed.element(position, of: array)) {
                case .string, .text, .shortText: continue
                default: return nil
                }
            }
            return .strings
        }
        guard elementType != UnknownObject.self, let registration = registry.registration(for: elementType)
        else { return nil }
        for position in 0..<count {
            guard let (found, _) = registeredObject(parsed.element(position, of: array)), found === registration
            else { return nil }
        }
        return .objects(registration)
    }

    /// The registration of the parsed object `index` when it is an element of the list being
    /// read whose elements were checked to be objects of one registered class (see
    /// ``listElements(_:of:)``), and whether it has generic keys.
    @inline(__always)
    private func checkedListElement(_ index: Int32) -> (Registration, hasGenericKeys: Bool)? {
        guard let last = frames.indices.last, case .list(_, .objects(let registration)) = frames[last].members
        else { return nil }
        return (registration, parsed.reservedKeys(of: index).contains(.firstGeneric))
    }

    /// The registration of the readable name that the parsed node `name` holds, if it is a
    /// string naming one; a long name is looked for by its bytes in the codec's cache first.
    private func registration(named name: Int32) -> Registration? {
        let cached: Registration?? = parsed.withText(at: name) { text in
            classCache?.registration(named: text, in: registry)
        }
        if case .some(.some(let registration)) = cached { return registration }
        guard let string = parsed.string(at: name), let registration = registry.registration(forReadableName: string)
        else { return nil }
        if cached != nil { parsed.withText(at: name) { classCache?.keep(registration, named: $0, in: registry) } }
        return registration
    }

    /// Decodes `node`, found at ``path``, as `declared` asks when it says. On the dynamic path a
    /// value without identity (a list, a map, a `BigDecimal`…) that an alias names is one
    /// ``SharedValue``, here and wherever an alias names it, so that writing it again shares it.
    func decode(_ node: ReadableValue, as declared: DeclaredType?) throws -> Any? {
        let value = try decodeNode(node, as: declared)
        guard keepsSharedStrings, !aliasTargets.isEmpty, let value, SharedValue.boxes(value),
            let target = currentTarget()
        else { return value }
        let shared = SharedValue(value)
        decodedAt[target] = shared
        return shared
    }

    private func decodeNode(_ node: ReadableValue, as declared: DeclaredType?) throws -> Any? {
        switch node {
        case .null: return nil
        case .bool(let flag): return flag
        case .integer(let number): return try StoredNumbers.integer(number, as: declared?.swiftType, reader: self)
        case .unsignedInteger(let number): return StoredNumbers.unsigned(number, as: declared?.swiftType)
        case .real(let number):
            // A number for a `BigDecimal` as written (`9.90`), where the tree kept its double.
            if !decimalTexts.isEmpty, declared?.swiftType == JavaBigDecimal.self, let text = decimalTexts[path],
                let decimal = JavaBigDecimal(text)
            {
                return decimal
            }
            return try real(number, as: declared?.swiftType)
        case .string(let string):
            if let type = declared?.swiftType, type == Double.self || type == Float.self {
                // Text only for what JSON has no number for.
                guard let number = ReadableReader.nonFinite(string) else {
                    throw error(
                        .typeMismatch,
                        expected: "a number (or NaN, Infinity, -Infinity)",
                        found: "the string \"\(string)\"")
                }
                return try StoredNumbers.real(number, as: type, reader: self)
            }
            // A date or time as ISO text where a schema declares the `java.time` class with the
            // JDK's fields (a plain Kryo 2.20's form).
            if declared?.swiftType == DynamicObject.self, let javaClass = declared?.javaName,
                let library = JavaTimeFieldForms.libraryType(of: javaClass)
            {
                do {
                    if let value = try ReadableTextForms.value(string, as: library),
                        let object = JavaTimeFieldForms.object(of: value, javaClass: javaClass, registry: registry)
                    {
                        return object
                    }
                } catch {
                    throw self.error(.invalidValue, expected: error.expected, found: error.found)
                }
            }
            // What a person writes as a string for the declared type (a date, a BigDecimal…).
            if let type = declared?.swiftType, type != String.self, type != Any.self {
                do {
                    if let value = try ReadableTextForms.value(string, as: type) { return value }
                } catch {
                    throw self.error(.invalidValue, expected: error.expected, found: error.found)
                }
            }
            if let declared, let registration = enumRegistration(declared) {
                return try enumConstant(node, of: registration)
            }
            return sharedString(string) ?? string
        case .data(let bytes): return Data(bytes)
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .array(let elements):
            let element = componentType(of: declared) ?? ReadableReader.elementType(of: declared)
            guard let target = currentTarget() else {
                return try valueOfDeclaredClass(try list(elements, as: element), declared)
            }
            if let decoded = decodedAt[target] { return decoded }
            if keepsSharedStrings {
                // The dynamic path: one box (``SharedValue``), which aliases inside the array
                // find while its elements are read (a Java list holding an object that holds it).
                let box = SharedValue.opened()
                decodedAt[target] = box
                box.fill(try valueOfDeclaredClass(try list(elements, as: element), declared))
                return box
            }
            // An alias inside the array to the array itself is a cycle through a value.
            decodingAt.insert(target)
            defer { decodingAt.remove(target) }
            // Kept for the aliases to it, which share it rather than decode it again (aliases to
            // arrays of aliases would otherwise multiply at every level).
            let value = try list(elements, as: element)
            decodedAt[target] = value
            return value
        case .dictionary(let entries): return try dictionary(entries, as: declared)
        }
    }

    /// The registration of `declared` when it is a Java enum, whose constants a hand-written
    /// document may give by name alone (`"level": "PHD"` for
    /// `{"$class": "Level", "name": "PHD", "ordinal": 2}`).
    private func enumRegistration(_ declared: DeclaredType) -> Registration? {
        guard declared.swiftType != Any.self, declared.swiftType != String.self,
            let registration = registry.registration(forDeclared: declared), registration.identity == .enumConstant
        else { return nil }
        return registration
    }

    /// An enum constant given by its name: read by the enum's serializer as the object
    /// `{"name": …}`, so that an unknown name is the serializer's error, naming the constants.
    private func enumConstant(_ name: ReadableValue, of registration: Registration) throws -> Any? {
        try enter(.tree([ReadableKeys.escape("name"): name]), target: nil, hasGenericKeys: false)
        defer { leave(storing: nil) }
        return try registration.serializer.read(from: self)
    }

    /// The declared type of the elements of an array of a schema's class (`Book[]`, a
    /// ``DynamicArray`` named `[Llib.Book;`), so that they may leave `$class` out as a
    /// `List<Book>`'s elements may; `nil` for any other type.
    private func componentType(of declared: DeclaredType?) -> DeclaredType? {
        guard let declared, declared.swiftType == DynamicArray.self, let name = declared.javaName,
            name.hasPrefix("[")
        else { return nil }
        let inner = name.dropFirst()
        let component: String
        if inner.hasPrefix("L"), inner.hasSuffix(";") {
            component = String(inner.dropFirst().dropLast())
        } else if inner.hasPrefix("[") {
            component = String(inner)
        } else {
            return nil
        }
        guard let registration = registry.registration(forJavaName: component) else { return nil }
        return DeclaredType(registration.swiftType, javaName: component)
    }

    /// The declared type of the elements of a list: the first generic argument, else the element
    /// type of a Swift array (Java's primitive arrays have no generic arguments).
    static func elementType(of declared: DeclaredType?) -> DeclaredType? {
        guard let declared else { return nil }
        if let first = declared.genericArguments.first { return first }
        guard let array = declared.swiftType as? any ReadableArrayType.Type else { return nil }
        return DeclaredType(array.readableElementType)
    }

    /// A real where the declared type may be an integer (a hand-written `3.0`).
    private func real(_ number: Double, as type: (any Any.Type)?) throws -> Any {
        if let type, type is any FixedWidthInteger.Type, number.rounded() == number, abs(number) < 0x1p63 {
            return try StoredNumbers.integer(Int64(number), as: type, reader: self)
        }
        return try StoredNumbers.real(number, as: type, reader: self)
    }

    /// The numbers JSON cannot write, written as the strings `NaN`, `Infinity` and `-Infinity`.
    static func nonFinite(_ string: String) -> Double? {
        switch string {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return nil
        }
    }

    /// The elements of an array, each read as `element` asks.
    /// `value`, an element of a list or a value of a map decoded as `declared`, checked as a
    /// field's value is: a plain scalar that cannot be of the declared class (`true` or `5` in a
    /// `List<Date>`, a plist date among `BigDecimal`s, `"many"` for an `Integer`) is an error
    /// here, rather than a `Boolean` or a `Long` that Java would find in the collection.
    func checkedElement(_ value: Any?, as declared: DeclaredType?) throws -> Any? {
        guard let declared, let value else { return value }
        let type = declared.swiftType
        guard Swift.type(of: value) != type, Self.isPlainScalar(value, in: type), !Self.isOpenSlot(type) else {
            return value
        }
        func convert<T>(_: T.Type) -> Any? { ValueConversion.convert(value, to: T.self) }
        if let converted = convert(type) { return converted }
        throw error(
            .typeMismatch, expected: "a \(declared.javaName ?? ValueConversion.javaTypeName(of: type))",
            found: ValueConversion.describeType(of: value))
    }

    /// Whether `value` is a scalar a document gives without a class of its own, which a slot of
    /// `type` takes only when it converts: a boolean, a number, a plist date or data, and a
    /// string where a number or a boolean is declared.
    private static func isPlainScalar(_ value: Any, in type: any Any.Type) -> Bool {
        if value is String { return type == Bool.self || (type is any Numeric.Type && type != UInt16.self) }
        return value is Bool || value is any BinaryInteger || value is Double || value is Float || value is Date
            || value is Data
    }

    /// Whether a slot of `type` takes any value, or says itself what is wrong with a scalar (a
    /// bean, an array, a container).
    private static func isOpenSlot(_ type: any Any.Type) -> Bool {
        type == Any.self || type == Any?.self || type == AnyHashable.self || type == DynamicObject.self
            || type == DynamicArray.self || type == UnknownObject.self || type is any AnyElementsConstructible.Type
            || type is any AnyEntriesConstructible.Type || type == SharedValue.self
    }

    func list(_ elements: [ReadableValue], as element: DeclaredType?) throws -> [Any?] {
        try descend()
        defer { depth -= 1 }
        var result: [Any?] = []
        result.reserveCapacity(elements.count)
        for (index, node) in elements.enumerated() {
            result.append(try at(String(index)) { try checkedElement(try decode(node, as: element), as: element) })
        }
        return result
    }

    /// A document's list as the class its slot declares (``Registry/valueOfDeclaredClass(_:_:)``):
    /// an error when that class holds each element once (a `Set`) and the list names one twice,
    /// which the set would drop without a word.
    private func valueOfDeclaredClass(_ list: [Any?], _ declared: DeclaredType?) throws -> Any {
        let value = registry.valueOfDeclaredClass(list, declared)
        guard !(value is [Any?]), let collection = value as? any Collection, collection.count < list.count else {
            return value
        }
        var seen: Set<AnyHashable> = []
        for (index, element) in list.enumerated() {
            guard let key = ValueConversion.flatten(element) as? AnyHashable, !seen.insert(key).inserted else {
                continue
            }
            let name = declared?.javaName ?? declared.flatMap { registry.registration(forDeclared: $0)?.javaName }
            throw at(String(index)) {
                error(
                    .invalidValue, expected: "distinct elements (a \(name ?? "set") holds each once)",
                    found: "\(String(reflecting: key.base)) a second time")
            }
        }
        return value
    }

    private func dictionary(_ entries: ReadableDictionary, as declared: DeclaredType?) throws -> Any? {
        let reserved = ReservedKeys(of: entries)
        if reserved.contains(.alias), let alias = entries[ReadableKeys.alias] {
            if entries.count == 2, case .string(let text)? = entries[ReadableKeys.value] {
                return try stringAlias(alias, text: text, as: declared)
            }
            // An alias stands for the object it names as that object is: a key beside it (a
            // field a person meant to change) would be dropped without a word.
            if entries.count > 1, let other = entries.keys.filter({ $0 != ReadableKeys.alias }).min() {
                throw at(other) {
                    error(
                        .invalidValue,
                        expected: "an alias alone ({\"$alias\": path} is the object the path names, as it is there)",
                        found: "the key \(other) beside $alias")
                }
            }
            return try resolveAlias(alias, as: declared)
        }
        let target = currentTarget()
        if let target, let decoded = decodedAt[target] { return decoded }
        if reserved.contains(.top), !reserved.contains(.className), let top = entries[ReadableKeys.top] {
            // A misspelt `$archiver` or any other key beside `$top` would be dropped.
            if let other = entries.keys.filter({ !ReadableReader.topLevelKeys.contains($0) }).min() {
                throw at(other) {
                    error(
                        .invalidValue, expected: "a keyed archive's $top, with $archiver and $inline beside it",
                        found: "the key \(other)")
                }
            }
            var whole = try topLevel(top, archiver: entries[ReadableKeys.archiver])
            whole.inlineKeys = try inlineKeys(entries, of: Set(whole.values.keys))
            return whole
        }
        if reserved.contains(.stray), let stray = entries.keys.first(where: ReservedKeys.isStray) {
            throw strayKey(stray, in: entries)
        }
        if reserved.contains(.value), !reserved.contains(.className) {
            // `$value` is a value written with its class: without one, the value would be lost
            // (read as an object's missing fields, or kept as a map's key `$value`).
            throw at(ReadableKeys.value) {
                error(
                    .invalidValue, expected: "$class beside $value (a value written with its class)",
                    found: "$value without $class")
            }
        }
        if reserved.contains(.className), let className = entries[ReadableKeys.className] {
            guard case .string(let name) = className else {
                throw at(ReadableKeys.className) {
                    error(.invalidValue, expected: "a class name (a string)", found: ReadableReader.describe(className))
                }
            }
            return try object(named: name, entries, reserved, as: declared, target: target)
        }
        if reserved.contains(.data) { return Data(try bytes(in: entries)) }
        if let bean = beanRegistration(declared) ?? objectRegistration(declared) {
            // An object of the class the slot declares: `$class` may be left out, as a person
            // writing the document by hand leaves it where the schema says the class.
            try enter(.tree(entries), target: target, hasGenericKeys: reserved.contains(.firstGeneric))
            genericArguments = declared?.genericArguments ?? []
            let value = try bean.serializer.read(from: self)
            leave(storing: value)
            return value
        }
        if keepsSharedStrings, let target {
            // The dynamic path: one box, as for an array, which aliases inside the map find while
            // its entries are read (a Java map that holds itself).
            let box = SharedValue.opened()
            decodedAt[target] = box
            box.fill(
                registry.valueOfDeclaredClass(try plainDictionary(entries, as: declared, target: target), declared))
            return box
        }
        let value = registry.valueOfDeclaredClass(try plainDictionary(entries, as: declared, target: target), declared)
        // Kept for the aliases to it, as an array is.
        if let target { decodedAt[target] = value }
        return value
    }

    /// The registration of the schema class (a bean, on the dynamic path) that `declared` names.
    private func beanRegistration(_ declared: DeclaredType?) -> Registration? {
        guard let declared, declared.swiftType == DynamicObject.self, let javaName = declared.javaName,
            let registration = registry.registration(forJavaName: javaName),
            registration.swiftType == DynamicObject.self
        else { return nil }
        return registration
    }

    /// The registration of the class `declared` names when its values are written as objects
    /// with fields (`{"$class": "java.math.BigDecimal", "value": "3.140"}`, a `java.sql.Date`'s
    /// `time`), not as a plain value, list or map: a dictionary in that slot is such an object
    /// with `$class` left out.
    private func objectRegistration(_ declared: DeclaredType?) -> Registration? {
        guard let declared, declared.swiftType != Any.self, declared.swiftType != Any?.self,
            let registration = registry.registration(forDeclared: declared),
            ReadableWriter.writesObjects(of: registration.swiftType)
        else { return nil }
        return registration
    }

    /// A dictionary without `$class`: its keys unescaped, its values read as the declared
    /// type's value type asks; an `OrderedDictionary` in document order when a type is declared
    /// (so that one converts in that order), else a `Dictionary`.
    private func plainDictionary(_ entries: ReadableDictionary, as declared: DeclaredType?, target: [String]?)
        throws -> Any
    {
        try descend()
        if let target { decodingAt.insert(target) }
        defer {
            depth -= 1
            if let target { decodingAt.remove(target) }
        }
        let arguments = declared?.genericArguments ?? []
        let valueType = arguments.count > 1 ? arguments[1] : nil
        if let keyType = arguments.first, Self.keysAreRead(as: keyType) {
            // A map whose keys are numbers or enum constants, written by hand with its keys as
            // JSON writes them: `{"1": "hall"}` for a `Map<Integer, String>`.
            var result = OrderedDictionary<AnyHashable, Any?>(minimumCapacity: entries.count)
            for (stored, node) in entries {
                let key = try at(stored) { try mapKey(ReadableKeys.unescape(stored) ?? stored, as: keyType) }
                let value: Any? = try at(stored) { try checkedElement(try decode(node, as: valueType), as: valueType) }
                guard result.updateValue(value, forKey: key) == nil else {
                    throw at(stored) {
                        error(
                            .invalidValue, expected: "distinct keys", found: "a second key \(stored) of the same value")
                    }
                }
            }
            return result
        }
        var result = OrderedDictionary<String, Any?>(minimumCapacity: entries.count)
        for (stored, node) in entries {
            result[ReadableKeys.unescape(stored) ?? stored] = .some(
                try at(stored) { try checkedElement(try decode(node, as: valueType), as: valueType) })
        }
        // `Any?` is `Object` too (the elements of a list a type variable's argument declares).
        guard let declared, declared.swiftType != Any.self, declared.swiftType != Any?.self else {
            // Untyped: what the registry reads a `java.util.HashMap` as (in the dynamic path, an
            // ordered dictionary, so that the document's order is kept).
            if registry.untypedMapKeepsOrder {
                return OrderedDictionary(uniqueKeysWithValues: result.lazy.map { (AnyHashable($0.key), $0.value) })
            }
            return Dictionary(uniqueKeysWithValues: result.lazy.map { ($0.key, $0.value) })
        }
        return result
    }

    /// Whether the keys of a plain dictionary are read as `keyType` rather than kept as the
    /// strings they are stored as: numbers and enum constants (whose registration, if any, the
    /// key's reading checks).
    private static func keysAreRead(as keyType: DeclaredType) -> Bool {
        let type = keyType.swiftType
        return type is any FixedWidthInteger.Type || type is any BinaryFloatingPoint.Type
            || type is any JavaEnum.Type || type == DynamicEnum.self
    }

    /// A dictionary key stored as a string, read as `keyType`: a number from its decimal text,
    /// an enum constant from its name.
    private func mapKey(_ text: String, as keyType: DeclaredType) throws -> AnyHashable {
        let node: ReadableValue
        if keyType.swiftType is any FixedWidthInteger.Type {
            guard let number = Int64(text) else {
                // Digits beyond 64 bits are out of range, not another kind of key.
                let digits = text.drop { $0 == "-" || $0 == "+" }
                let isDigits = !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                throw error(
                    isDigits ? .invalidValue : .typeMismatch,
                    expected: isDigits ? "an integer key from -2^63 to 2^63 - 1" : "an integer key (decimal digits)",
                    found: "the key \"\(text)\"")
            }
            node = .integer(number)
        } else if keyType.swiftType is any BinaryFloatingPoint.Type {
            guard let number = Double(text) ?? ReadableReader.nonFinite(text) else {
                throw error(.typeMismatch, expected: "a number key", found: "the key \"\(text)\"")
            }
            node = .real(number)
        } else {
            node = .string(text)
        }
        readsMapKey = true
        defer { readsMapKey = false }
        guard let key = try decode(node, as: keyType) as? AnyHashable else {
            throw error(.typeMismatch, expected: "a key of \(keyType.swiftType)", found: "the key \"\(text)\"")
        }
        return key
    }

    /// The entries of a map of class `name` written beside its `$class` rather than under
    /// `$value` (`{"$class": "java.util.TreeMap", "b": 2, "a": 1}`), as the plain dictionary
    /// `$value` would hold; `nil` for any other object.
    private func entriesBeside(_ name: String, _ entries: ReadableDictionary, of registration: Registration)
        throws -> ReadableValue?
    {
        func isEntry(_ key: String) -> Bool { ReadableKeys.unescape(key) != nil }
        guard Self.isPlainMap(registration), entries.keys.contains(where: isEntry) else { return nil }
        return .dictionary(entries.filter { isEntry($0.key) })
    }

    /// The error for a key that starts with `$` and that no form uses (``ReservedKeys/isStray(_:)``):
    /// a misspelt reserved key, or a key of the document's own, which is written `$$`.
    private func strayKey(_ key: String, in entries: ReadableDictionary) -> SerializationError {
        let owner: String
        if case .string(let name)? = entries[ReadableKeys.className] {
            owner = "keys of \(name)"
        } else {
            owner = "keys"
        }
        let hint = ReservedKeys.suggestion(for: key).map { "; did you mean \($0)?" } ?? ""
        return at(key) {
            error(
                .invalidValue, expected: "\(owner) (a key of the document's own that starts with $ is written $$)",
                found: "the key \(key), which readable documents do not use\(hint)")
        }
    }

    /// A key of `entries` that starts with `$` (not escaped as `$$`) and that no form uses.
    private static func strayReservedKey(in entries: ReadableDictionary) -> String? {
        entries.keys.first { key in
            guard key.hasPrefix("$"), !key.hasPrefix("$$") else { return false }
            let rest = key.dropFirst()
            if !rest.isEmpty, rest.allSatisfy({ ("0"..."9").contains($0) }) { return false }  // a generic key
            return ![
                ReadableKeys.className, ReadableKeys.value, ReadableKeys.alias, ReadableKeys.data, ReadableKeys.top,
            ]
            .contains(key)
        }
    }

    /// Whether `registration` is a map that its default serializer writes, whose readable form
    /// is its entries under `$value`.
    static func isPlainMap(_ registration: Registration) -> Bool {
        registration.usesDefaultSerializer && registration.swiftType is any AnyEntriesExposing.Type
    }

    /// An object with `$class` `name`.
    private func object(
        named name: String, _ entries: ReadableDictionary, _ reserved: ReservedKeys, as declared: DeclaredType?,
        target: [String]?
    )
        throws -> Any?
    {
        if reserved.contains(.value), let stored = entries[ReadableKeys.value] {
            // `$value` is the whole value: a key beside it (a field a person added) would be
            // dropped without a word.
            let allowed: Set<String> = [ReadableKeys.className, ReadableKeys.value, ReadableWriter.comparatorKey]
            if let other = entries.keys.filter({ !allowed.contains($0) }).min() {
                throw at(other) {
                    error(
                        .invalidValue, expected: "a \(name) under $value alone (beside $class)",
                        found: "the key \(other) beside $value")
                }
            }
            if let comparator = entries[ReadableWriter.comparatorKey] {
                return try orderedValue(stored, comparator, named: name, as: declared)
            }
            return try classedPlainValue(stored, named: name, as: declared)
        }
        // Declared as an unknown object: kept as one whatever the registry knows of the class.
        let keepsUnknown = declared?.swiftType == UnknownObject.self
        if !keepsUnknown, let registration = registry.registration(forReadableName: name),
            let plain = try entriesBeside(name, entries, of: registration)
        {
            // A JDK map whose entries a person wrote beside its `$class`, as a bean's fields.
            return try classedPlainValue(plain, named: name, as: declared)
        }
        if !keepsUnknown, let registration = registry.registration(forReadableName: name) {
            if Self.wrapperClasses.contains(name) || name == "java.lang.String" || name == "java.lang.Character" {
                // A number, boolean, string or char is its `$value`: without one it would read as 0.
                throw error(
                    .invalidValue, expected: "the value of a \(name) under $value",
                    found: entries.count == 1 ? "$class alone" : "no $value")
            }
            if !ReadableWriter.writesObjects(of: registration.swiftType), let stray = Self.strayReservedKey(in: entries)
            {
                // A list or map's value goes under `$value`: a misspelt key would leave it empty.
                throw at(stray) {
                    error(
                        .invalidValue, expected: "the value of a \(name) under $value",
                        found: "the key \(stray), which readable documents do not use")
                }
            }
            try enter(.tree(entries), target: target, hasGenericKeys: reserved.contains(.firstGeneric))
            genericArguments = declared?.genericArguments ?? []
            let value = try registration.serializer.read(from: self)
            leave(storing: value)
            return value
        }
        if !keepsUnknown, name == "NSValue", let value = try foundationValue(entries) {
            if let target { decodedAt[target] = value }
            return value
        }
        if !keepsUnknown, let decoding = ReadableFoundation.byClassName[name],
            ReadableFoundation.models(entries, ofClass: name)
        {
            try descend()
            defer { depth -= 1 }
            if keepsSharedStrings, frames.count == dynamicFrameCount,
                ReadableFoundation.mutableCollectionClasses.contains(name)
            {
                // The dynamic path keeps a mutable collection as the keyed reader gives it: a
                // box naming the class, there before its elements for the aliases to it inside.
                // Not for a serializer, which reads the value itself (``KeyedArchiveReader``).
                let box = SharedValue.opened(foundationClass: name)
                if let target { decodedAt[target] = box }
                box.fill(try decoding.decode(self, entries, declared) ?? [Any?]())
                return box
            }
            if keepsSharedStrings, name == "NSDictionary", let target {
                // A Java map whose keys are not all strings, in `NS.keys` form: one box, as for a
                // map of string keys, which aliases inside it find (a map that holds itself).
                let box = SharedValue.opened()
                decodedAt[target] = box
                box.fill(try decoding.decode(self, entries, declared) ?? OrderedDictionary<AnyHashable, Any?>())
                return box
            }
            if let target { decodingAt.insert(target) }
            defer { if let target { decodingAt.remove(target) } }
            let value = try decoding.decode(self, entries, declared)
            if let target, let value { decodedAt[target] = value }
            return value
        }
        if options.registrationRequired {
            throw at(ReadableKeys.className) {
                error(.unknownClassName, expected: "a registered readable name (registration is required)", found: name)
            }
        }
        try descend()
        defer { depth -= 1 }
        let unknown = UnknownObject(
            archiveClass: try unknownClass(named: name, entries), inlineKeys: [])
        madeUnknownObjects.append(unknown)
        if let target { decodedAt[target] = unknown }
        let outerDynamicFrameCount = dynamicFrameCount
        dynamicFrameCount = frames.count
        defer { dynamicFrameCount = outerDynamicFrameCount }
        for (key, node) in entries where !ReadableReader.unknownObjectKeys.contains(key) {
            // A reserved key this class does not use (`$data` outside NSData) is no field: a
            // key of the document's that starts with `$` is escaped as `$$`.
            guard ReadableKeys.isFieldKey(key) else {
                throw at(key) {
                    error(
                        .invalidValue, expected: "field keys of \(name) (a key that starts with $ is written $$)",
                        found: "the key \(key), which readable documents reserve")
                }
            }
            unknown.fields[key] = .some(try at(key) { try decode(node, as: nil) })
        }
        let fields = Set(unknown.fields.keys)
        unknown.inlineKeys =
            entries[ReadableKeys.inline] == nil
            ? UnknownObject.defaultInlineKeys(of: unknown.fields) : try inlineKeys(entries, of: fields)
        unknown.inlineElementKeys = try inlineKeys(entries, ReadableKeys.inlineElements, of: unknown.inlineKeys)
        return unknown
    }

    /// A keyed archive's whole top level: the values under `$top` by (unescaped) key.
    private func topLevel(_ node: ReadableValue, archiver: ReadableValue?) throws -> ArchiveTopLevel {
        var name = ArchiveTopLevel.keyedArchiver
        if let archiver {
            guard case .string(let string) = archiver else {
                throw at(ReadableKeys.archiver) {
                    error(
                        .invalidValue, expected: "an archiver name (a string)", found: ReadableReader.describe(archiver)
                    )
                }
            }
            name = string
        }
        return try at(ReadableKeys.top) {
            guard case .dictionary(let entries) = node else {
                throw error(
                    .invalidValue, expected: "the top-level values by key", found: ReadableReader.describe(node))
            }
            try descend()
            defer { depth -= 1 }
            var values = OrderedDictionary<String, Any?>(minimumCapacity: entries.count)
            for (stored, value) in entries {
                values[ReadableKeys.unescape(stored) ?? stored] = .some(try at(stored) { try decode(value, as: nil) })
            }
            return ArchiveTopLevel(values: values, archiver: name)
        }
    }

    /// The keys of an unknown object that are not its fields.
    /// The keys of a keyed archive's whole top level in a readable document.
    private static let topLevelKeys: Set<String> = [ReadableKeys.top, ReadableKeys.archiver, ReadableKeys.inline]

    /// The keys listed under `listKey` (`$inline`), each one of `keys`: a key of none would be
    /// ignored.
    private func inlineKeys(
        _ entries: ReadableDictionary, _ listKey: String = ReadableKeys.inline, of keys: Set<String>
    ) throws -> Set<String> {
        let listed = try stringList(entries, listKey) ?? []
        for (index, key) in listed.enumerated() where !keys.contains(key) {
            throw at(listKey) {
                at(String(index)) {
                    error(
                        .invalidValue,
                        expected: keys.isEmpty
                            ? "no key (there is none to list)"
                            : "one of the keys \(keys.sorted().joined(separator: ", "))",
                        found: "\(key)")
                }
            }
        }
        return Set(listed)
    }

    private static let unknownObjectKeys: Set<String> = [
        ReadableKeys.className, ReadableKeys.classes, ReadableKeys.classHints, ReadableKeys.inline,
        ReadableKeys.inlineElements,
    ]

    /// The class of an unknown object: `$class`, with `$classes` and `$classhints` when given.
    private func unknownClass(named name: String, _ entries: ReadableDictionary) throws -> ArchiveClass {
        let hints = try stringList(entries, ReadableKeys.classHints) ?? []
        guard let chain = try stringList(entries, ReadableKeys.classes) else {
            return ArchiveClass(name, hints: hints)
        }
        return ArchiveClass(name, superclasses: chain.first == name ? Array(chain.dropFirst()) : chain, hints: hints)
    }

    /// The strings under `key`, or `nil` when it is absent.
    private func stringList(_ entries: ReadableDictionary, _ key: String) throws -> [String]? {
        guard let node = entries[key] else { return nil }
        return try at(key) {
            guard case .array(let elements) = node else {
                throw error(.invalidValue, expected: "a list of strings", found: ReadableReader.describe(node))
            }
            return try elements.enumerated().map { index, element in
                guard case .string(let string) = element else {
                    throw at(String(index)) {
                        error(.invalidValue, expected: "a string", found: ReadableReader.describe(element))
                    }
                }
                return string
            }
        }
    }

    /// Runs `body`, the decoding, and when it throws empties the fields of the unknown objects
    /// it made (no value of the call is returned, so nothing else holds them).
    func dismantlingOnFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            for object in madeUnknownObjects { object.fields.removeAll() }
            madeUnknownObjects.removeAll()
            throw error
        }
    }

    // MARK: Frames

    private func descend() throws {
        guard depth < options.limits.maxDepth else {
            throw error(
                .depthLimitExceeded, expected: "at most \(options.limits.maxDepth) nested containers", found: "more")
        }
        depth += 1
    }

    /// Enters the object `members`; it has generic keys when it has the first one (`$0`).
    private func enter(_ members: Members, target: [String]?, hasGenericKeys: Bool) throws {
        try descend()
        if let target { decodingAt.insert(target) }
        var members = members
        if case .parsed(let index) = members, parsed.count(of: index) > Self.parsedMemberLimit,
            case .dictionary(let entries) = parsed.value(at: index)
        {
            members = .tree(entries)
            // Its numbers' texts, for its `BigDecimal` fields.
            keepDecimalTexts(under: index)
        }
        // The first field read is expected after the reserved keys the writer puts first
        // (`$class`): a guess, which the lookup checks.
        var first = 0
        if !hasGenericKeys {
            switch members {
            case .tree(let entries):
                let keys = entries.keys.elements
                while first < keys.count, keys[first].utf8.first == UInt8(ascii: "$") { first += 1 }
            case .parsed(let index):
                let count = parsed.count(of: index)
                while first < count, parsed.keyStartsWithDollar(first, of: index) { first += 1 }
            case .list:
                break
            }
        }
        if let last = frames.indices.last { frames[last].cursor = cursor }
        cursor = first
        // The frame made in place (a local one appended is copied, then destroyed).
        frames.append(Frame(members: members, target: target, hasGenericKeys: hasGenericKeys, cursor: first))
        innermostObject = Self.plainObject(of: frames[frames.count - 1])
    }

    private func leave(storing value: Any?) {
        guard let target = leaveFrame() else { return }
        decodingAt.remove(target)
        if let value { decodedAt[target] = value }
    }

    /// ``leave(storing:)-(Any?)`` for a value that is there, without wrapping it in an optional
    /// (a copy of the existential and its destruction, for every object read).
    private func leave(storing value: Any) {
        guard let target = leaveFrame() else { return }
        decodingAt.remove(target)
        decodedAt[target] = value
    }

    /// Leaves the innermost frame, returning the key path an alias names it by, if any.
    @inline(__always)
    private func leaveFrame() -> [String]? {
        depth -= 1
        guard let last = frames.indices.last else { return nil }
        let target = frames[last].target
        frames.removeLast()
        if let last = frames.indices.last {
            cursor = frames[last].cursor
            innermostObject = Self.plainObject(of: frames[last])
        } else {
            innermostObject = -1
        }
        return target
    }

    /// The object of the parsed text that `frame` reads, when it has no generic keys; else -1
    /// (see ``innermostObject``).
    @inline(__always)
    private static func plainObject(of frame: Frame) -> Int32 {
        guard !frame.hasGenericKeys, case .parsed(let object) = frame.members else { return -1 }
        return object
    }

    /// The string at the current key path as one ``SharedString``, when an alias names it: the
    /// alias and this place then hold the same instance, as Java's shared strings do.
    private func sharedString(_ string: String) -> SharedString? {
        guard keepsSharedStrings, let target = currentTarget() else { return nil }
        if let shared = decodedAt[target] as? SharedString { return shared }
        let shared = SharedString(string)
        decodedAt[target] = shared
        return shared
    }

    /// The current key path when an alias names it.
    private func currentTarget() -> [String]? {
        guard !aliasTargets.isEmpty, !readsMapKey, aliasTargets.contains(path) else { return nil }
        return path
    }

    /// Runs `body` with `component` added to ``path``.
    func at<T>(_ component: String, _ body: () throws -> T) rethrows -> T {
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    // MARK: Aliases

    /// The value an alias names. An object decoded already (an ancestor that registered itself,
    /// or anything before the alias) is returned as it is; a key path not decoded yet (a forward
    /// alias, as a person editing the file may write) is decoded now, there, and recorded, so
    /// that reaching it later gives the same object. Aliases met on the way are followed; a
    /// chain of aliases that comes back on itself is an error.
    func resolveAlias(_ alias: ReadableValue, as declared: DeclaredType?) throws -> Any? {
        guard case .string(let text) = alias, let start = ReadableKeys.components(of: text) else {
            throw at(ReadableKeys.alias) {
                error(
                    .invalidValue, expected: "a key path (a string) under $alias", found: ReadableReader.describe(alias)
                )
            }
        }
        if let first = start.first, let earlier = ReadableStreamMemory.recordNumber(first) {
            // An object of an earlier record of the stream (`$record2.owner`).
            guard let streamMemory, earlier < record, let value = streamMemory.readValue(at: start) else {
                throw at(ReadableKeys.alias) {
                    error(
                        .invalidReference,
                        expected: "an alias to an object of an earlier record of a stream whose records share "
                            + "objects (the schema's autoReset: false, references on)",
                        found: "\"\(text)\"")
                }
            }
            return try refusingScalar(value, named: text)
        }
        if let decoded = decodedAt[start] { return try refusingScalar(decoded, named: text) }
        if path.isEmpty {
            // The document's root: no object is written before it for an alias to name.
            throw at(ReadableKeys.alias) {
                error(
                    .invalidReference, expected: "a value at the root (an alias names an object written elsewhere)",
                    found: "an alias to \"\(text)\"")
            }
        }
        if start.first != ReadableKeys.top, case .dictionary(let entries) = rootValue,
            entries[ReadableKeys.top] != nil, entries[ReadableKeys.className] == nil
        {
            // A keyed archive's top level: the document's root is no object but the `$top` form.
            throw at(ReadableKeys.alias) {
                error(
                    .invalidReference, expected: "a key path from the archive's top level ($top.KEY…)",
                    found: "\"\(text)\", outside $top")
            }
        }
        let (node, target) = try locate(start, text)
        if let decoded = decodedAt[target] { return try refusingScalar(decoded, named: text) }
        if case .null = node {
            // No object is there (an element inserted before the one the alias meant, say):
            // nil is never shared, and reading null would drop what the alias meant.
            throw at(ReadableKeys.alias) {
                error(
                    .invalidReference, expected: "an alias to an object",
                    found: "\"\(text)\", which names null")
            }
        }
        if node.isNumberOrBoolean, Self.holdsUnsharedScalars(slotType(at: target)) {
            // A number or boolean of a primitive, wrapper or untyped slot is a value, never one
            // object in two places (Java's references leave wrappers out).
            throw at(ReadableKeys.alias) {
                error(
                    .invalidReference,
                    expected: "an alias to an object (a number or boolean is written again, not aliased)",
                    found: "\"\(text)\", which names \(ReadableReader.describe(node))")
            }
        }
        if decodingAt.contains(target) {
            throw error(
                .invalidReference, expected: "an alias to an object that exists while its own fields are read",
                found: "an alias to \(ReadableKeys.path(target)), which contains it (a cycle through a value)")
        }
        aliasTargets.insert(target)
        let saved = path
        path = target
        defer { path = saved }
        // The value is the one of the place the alias names: typed by that place's slot where
        // the schema says it (a `Map<Integer, String>` field an `Object` field refers to, read
        // first in Java's field order), else by the alias's own.
        guard let own = slotType(at: target), own.swiftType != Any.self else {
            return try decode(node, as: declared)
        }
        return try decode(node, as: own)
    }

    /// A string met again, as the writer gives one (`{"$alias": "names.0", "$value": "Ada"}`):
    /// the text is what is read, and it is the instance the alias names only while that one holds
    /// the same text (code unit for code unit), so that an edit at either place (or an element
    /// moved, or removed) changes that place alone, as replacing a Java string does.
    private func stringAlias(_ alias: ReadableValue, text: String, as declared: DeclaredType?) throws -> Any? {
        if case .string(let pathText) = alias, let start = ReadableKeys.components(of: pathText),
            Self.mayName(text, start, pathText, locate),
            let instance = try? resolveAlias(alias, as: declared),
            let there = SharedString.text(of: instance as Any), there.utf8.elementsEqual(text.utf8)
        {
            return instance
        }
        return try decode(.string(text), as: declared)
    }

    /// Whether the key path `start` (spelt `pathText`) may name a string of `text`: a string of it
    /// in the document, or an object of an earlier record (whose value, once read, tells).
    private static func mayName(
        _ text: String, _ start: [String], _ pathText: String,
        _ locate: ([String], String) throws -> (ReadableValue, [String])
    ) -> Bool {
        if let first = start.first, ReadableStreamMemory.recordNumber(first) != nil { return true }
        guard case .string(let there)? = try? locate(start, pathText).0 else { return false }
        return there.utf8.elementsEqual(text.utf8)
    }

    /// Keeps in the stream's memory the objects of this record that later records' aliases name.
    func keepObjectsForLaterRecords() {
        guard let streamMemory else { return }
        for target in streamMemory.targets(ofRecord: record) {
            if let value = decodedAt[target] { streamMemory.keepRead(value, record: record, at: target) }
        }
    }

    /// `value`, decoded already where an alias points, unless it is a number or boolean: a value,
    /// never one object in two places.
    private func refusingScalar(_ value: Any?, named text: String) throws -> Any? {
        // By dynamic type, not by casts, which would bridge a list to Foundation on the way.
        guard let present = value else { return value }
        var plain = present
        if Swift.type(of: present) == SharedValue.self, let shared = present as? SharedValue {
            guard let inner = ValueConversion.flatten(shared.value) else { return value }
            plain = inner
        }
        guard Self.scalarTypes.contains(ObjectIdentifier(Swift.type(of: plain))) else { return value }
        throw at(ReadableKeys.alias) {
            error(
                .invalidReference,
                expected: "an alias to an object (a number or boolean is written again, not aliased)",
                found: "\"\(text)\", which names \(ValueConversion.describeType(of: plain))")
        }
    }

    /// The numbers and booleans a document's values are.
    private static let scalarTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int64.self),
        ObjectIdentifier(Int32.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int8.self),
        ObjectIdentifier(UInt64.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(Double.self),
        ObjectIdentifier(Float.self),
    ]

    /// Whether a slot of `declared` holds numbers and booleans as values: a primitive, a wrapper,
    /// or an untyped slot (where a document's number is a `Long` or `Double`).
    private static func holdsUnsharedScalars(_ declared: DeclaredType?) -> Bool {
        guard let type = declared?.swiftType, type != Any.self else { return true }
        return type == Int64.self || type == Int32.self || type == Int16.self || type == Int8.self
            || type == UInt16.self || type == Double.self || type == Float.self || type == Bool.self
    }

    /// The declared type of the slot at key path `path`, walked from the root through the
    /// fields of schema classes (named by `$class`, or the class a slot declares), the elements
    /// of lists and arrays and the values of maps; `nil` where the walk cannot tell.
    private func slotType(at path: [String]) -> DeclaredType? {
        var node = rootValue
        // The root's class when the call names it (a `writeObject` stream's record may leave
        // `$class` out), else its `$class`.
        var declared: DeclaredType? = rootDeclared
        for component in path {
            guard let child = ReadableReader.child(of: node, component) else { return nil }
            switch node {
            case .dictionary(let entries):
                var registration = beanRegistration(declared)
                if case .string(let name)? = entries[ReadableKeys.className] {
                    registration = registry.registration(forReadableName: name)
                }
                if component == ReadableKeys.value {
                    // The value of a class written as `$class` and `$value`.
                    declared = registration.map { DeclaredType($0.swiftType, javaName: $0.javaName) }
                } else if let registration,
                    let field = registration.serializer.declaredType(
                        ofField: ReadableKeys.unescape(component) ?? component)
                {
                    declared = field
                } else {
                    let arguments = declared?.genericArguments ?? []
                    declared = arguments.count > 1 ? arguments[1] : nil
                }
            case .array:
                declared = componentType(of: declared) ?? ReadableReader.elementType(of: declared)
            default:
                return nil
            }
            node = child
        }
        return declared
    }

    /// The node at key path `start`, and its key path after following any aliases on the way.
    private func locate(_ start: [String], _ text: String) throws -> (ReadableValue, [String]) {
        var target = start
        var visited: Set<[String]> = []
        walk: while true {
            guard visited.insert(target).inserted, target.count <= options.limits.maxDepth else {
                throw error(
                    .invalidReference, expected: "an alias that leads to a value",
                    found: "an alias cycle with no object behind it, from \(text)")
            }
            // A fixed bound, not the depth limit: an alias through its own position makes each
            // lap's path one key longer, and every path is kept.
            guard visited.count <= Self.maxAliasHops else {
                throw error(
                    .invalidReference, expected: "at most \(Self.maxAliasHops) aliases in a chain",
                    found: "more, from \(text) (an alias through its own key path?)")
            }
            var node = rootValue
            for (index, component) in target.enumerated() {
                if case .dictionary(let entries) = node, let next = entries[ReadableKeys.alias] {
                    target = try aliasComponents(next) + target[index...]
                    continue walk
                }
                guard let child = ReadableReader.child(of: node, component) else {
                    throw error(
                        .invalidReference, expected: "an alias to a key path in the document",
                        found:
                            "\(text), which names nothing (no \(component) at \(ReadableKeys.path(target[..<index])))")
                }
                // An index as the writer spells it (`0` for `00` or `+0`), so that the value read
                // there is the one the alias names, not a copy.
                if case .array = node, let position = Int(component), String(position) != component {
                    target[index] = String(position)
                }
                node = child
            }
            if case .dictionary(let entries) = node, let next = entries[ReadableKeys.alias] {
                target = try aliasComponents(next)
                continue walk
            }
            return (node, target)
        }
    }

    /// The key path where the walk of ``locate(_:_:)`` from `start` ends, following the aliases
    /// on the way and spelling indices as the writer does; `nil` where it names nothing or the
    /// aliases do not end.
    private static func canonicalTarget(_ start: [String], in root: ReadableValue) -> [String]? {
        var target = start
        var hops = 0
        // Few hops: this runs for every alias before reading (``locate(_:_:)`` takes the long
        // chains, and reports the ones that do not end).
        walk: while hops <= 64 {
            hops += 1
            var node = root
            for (index, component) in target.enumerated() {
                if case .dictionary(let entries) = node, case .string(let text)? = entries[ReadableKeys.alias] {
                    guard let components = ReadableKeys.components(of: text) else { return nil }
                    target = components + target[index...]
                    continue walk
                }
                guard let child = child(of: node, component) else { return nil }
                if case .array = node, let position = Int(component), String(position) != component {
                    target[index] = String(position)
                }
                node = child
            }
            if case .dictionary(let entries) = node, case .string(let text)? = entries[ReadableKeys.alias] {
                guard let components = ReadableKeys.components(of: text) else { return nil }
                target = components
                continue walk
            }
            return target
        }
        return nil
    }

    /// How many aliases one alias may lead through before the value (``locate(_:_:)``).
    static let maxAliasHops = 1_000

    private func aliasComponents(_ alias: ReadableValue) throws -> [String] {
        guard case .string(let text) = alias, let components = ReadableKeys.components(of: text) else {
            throw error(
                .invalidValue, expected: "a key path (a string) under $alias", found: ReadableReader.describe(alias))
        }
        return components
    }

    private static func child(of node: ReadableValue, _ component: String) -> ReadableValue? {
        switch node {
        case .dictionary(let entries): return entries[component]
        case .array(let elements):
            guard let index = Int(component), elements.indices.contains(index) else { return nil }
            return elements[index]
        default: return nil
        }
    }

    /// Adds the key path of every `$alias` in `node` to `targets`.
    private static func collectAliasTargets(
        in node: ReadableValue, into targets: inout Set<[String]>, depth: Int, limit: Int
    ) throws {
        guard depth <= limit else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(limit) nested containers", found: "more")
        }
        switch node {
        case .array(let elements):
            for element in elements {
                try collectAliasTargets(in: element, into: &targets, depth: depth + 1, limit: limit)
            }
        case .dictionary(let entries):
            if case .string(let text)? = entries[ReadableKeys.alias], let components = ReadableKeys.components(of: text)
            {
                targets.insert(components)
            }
            for value in entries.values {
                try collectAliasTargets(in: value, into: &targets, depth: depth + 1, limit: limit)
            }
        default:
            break
        }
    }

    // MARK: Keys

    /// The stored key and value for `key` in the object being read (`nil` when absent), with
    /// the same escaping and generic keys as the writer.
    private func lookup(_ key: String) -> (key: String, value: ReadableValue)? {
        guard let (stored, node) = lookupNode(key) else { return nil }
        return (stored, value(of: node))
    }

    /// Whether `key` is stored as it is, told by its bits: a short ASCII key whose first byte is
    /// not `$` (see ``escaped(_:)``).
    @inline(__always)
    private func isStoredAsItIs(_ key: String) -> Bool {
        guard makesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key) else { return false }
        return UInt8(truncatingIfNeeded: bits.low) != UInt8(ascii: "$")
    }

    /// `key` as stored (``DollarKeys/escape(_:)``): a short ASCII key whose first byte is not `$`
    /// is told by its bits to be stored as it is, without a look at its bytes.
    @inline(__always)
    private func escaped(_ key: String) -> String {
        if makesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key),
            UInt8(truncatingIfNeeded: bits.low) != UInt8(ascii: "$")
        {
            return key
        }
        return DollarKeys.escape(key)
    }

    /// What ``parsedMember(_:)`` finds.
    private enum ParsedMember {
        /// The innermost frame reads no object of the parsed text without generic keys (or the
        /// key is empty, which stands for a generic key): ``lookupNode(_:)`` finds the value.
        case elsewhere
        /// The object has no member under the key.
        case absent
        /// The member's value.
        case node(Int32)
    }

    /// The value under `key` in the object of the parsed text that the innermost frame reads
    /// without generic keys (``innermostObject``), the cursor moved past it, as
    /// ``lookupNode(_:)`` finds it: for the reads of scalars, which take the value where it lies
    /// when it is of the kind they read (and otherwise look it up again through ``lookup(_:)``,
    /// which finds the same member and gives the same value and key path as before).
    @inline(__always)
    private func parsedMember(_ key: String) -> ParsedMember {
        let object = innermostObject
        guard object >= 0 else { return .elsewhere }
        let found: Int?
        if isStoredAsItIs(key) {
            // Looked for as it is: `escaped(_:)` would hand back a copy.
            guard !key.isEmpty else { return .elsewhere }
            found = memberIndex(of: key, stored: key, in: object)
        } else {
            let stored = escaped(key)
            guard !stored.isEmpty else { return .elsewhere }
            found = memberIndex(of: key, stored: stored, in: object)
        }
        guard let index = found else { return .absent }
        cursor = index + 1
        return .node(parsed.value(index, of: object))
    }

    /// A member of an object of the parsed text found by ``containsValue(forKey:)``: the object,
    /// the member's index and the bits of the key asked for (a short ASCII string).
    private struct FoundMember {
        var object: Int32 = -1
        var index = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// The member that ``containsValue(forKey:)`` found last, so that the read of the same key
    /// that follows (a serializer that reads the fields present asks for each, then reads it)
    /// takes it without a second search. The index of an object's member under a key is a fact
    /// of the document (its keys are distinct), so it holds whatever was read in between.
    @exclusivity(unchecked) private var lastFound = FoundMember()

    /// The index of the member of the parsed object `object` under `stored`, which is `key` as
    /// stored: the member ``containsValue(forKey:)`` found last when it was asked for `key` in
    /// `object`, else the one found from where the next key is expected.
    @inline(__always)
    private func memberIndex(of key: String, stored: String, in object: Int32) -> Int? {
        if makesSmallStrings, lastFound.object == object, let bits = SmallString.asciiBits(ofCheckedLayout: key),
            lastFound.low == bits.low, lastFound.high == bits.high
        {
            return lastFound.index
        }
        return parsed.index(of: stored, in: object, from: cursor)
    }

    /// ``lookup(_:)``, a container of the parsed text left where it lies.
    private func lookupNode(_ key: String) -> (key: String, node: Node)? {
        // An object of the parsed text without generic keys: the stored key, looked for from
        // where the next one is expected.
        let object = innermostObject
        if object >= 0 {
            let stored = escaped(key)
            if !stored.isEmpty {
                guard let index = memberIndex(of: key, stored: stored, in: object) else { return nil }
                cursor = index + 1
                return (stored, node(parsed.value(index, of: object)))
            }
        }
        guard !frames.isEmpty else { return nil }
        let last = frames.count - 1
        // A list's elements in turn, under their indices.
        if case .list(let array, _) = frames[last].members {
            let position = cursor
            guard position < parsed.count(of: array) else { return nil }
            cursor = position + 1
            let stored = position < Self.indexKeys.count ? Self.indexKeys[position] : String(position)
            return (stored, node(parsed.element(position, of: array)))
        }
        var stored = escaped(key)
        if frames[last].hasGenericKeys || stored.isEmpty {
            if stored.isEmpty || !frames[last].consumed.insert(stored).inserted {
                stored = "$\(frames[last].nextGenericKey)"
                frames[last].nextGenericKey += 1
            }
        }
        let cursor = self.cursor
        switch frames[last].members {
        case .tree(let entries):
            let keys = entries.keys.elements
            if cursor < keys.count, keys[cursor] == stored {
                self.cursor = cursor + 1
                return (stored, .value(entries.values.elements[cursor]))
            }
            guard let index = entries.index(forKey: stored) else { return nil }
            self.cursor = index + 1
            return (stored, .value(entries.values.elements[index]))
        case .parsed(let object):
            guard let index = parsed.index(of: stored, in: object, from: cursor) else { return nil }
            self.cursor = index + 1
            return (stored, node(parsed.value(index, of: object)))
        case .list:
            return nil
        }
    }

    func holdsNull(forKey key: String) -> Bool {
        guard case .null? = lookup(key)?.value else { return false }
        return true
    }

    func containsValue(forKey key: String) -> Bool {
        let object = innermostObject
        if object >= 0 {
            // A key stored as it is is looked for as it is: `escaped(_:)` would hand back a copy.
            let found =
                isStoredAsItIs(key)
                ? parsed.index(of: key, in: object, from: cursor)
                : parsed.index(of: escaped(key), in: object, from: cursor)
            guard let index = found else { return false }
            if makesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key) {
                lastFound = FoundMember(object: object, index: index, low: bits.low, high: bits.high)
            }
            return true
        }
        guard !frames.isEmpty else { return false }
        let last = frames.count - 1
        let stored = escaped(key)
        // The key the next read expects, compared before the dictionary is searched.
        switch frames[last].members {
        case .tree(let entries):
            let keys = entries.keys.elements
            if cursor < keys.count, keys[cursor] == stored { return true }
            return entries[stored] != nil
        case .parsed(let object):
            return parsed.index(of: stored, in: object, from: cursor) != nil
        case .list(let array, _):
            return cursor < parsed.count(of: array)
        }
    }

    var storedKeys: [String]? {
        switch frames.last?.members {
        case nil: return nil
        case .tree(let entries)?: return entries.keys.compactMap(ReadableKeys.unescape)
        case .parsed(let object)?:
            return (0..<parsed.count(of: object)).compactMap { ReadableKeys.unescape(parsed.key($0, of: object)) }
        case .list?: return nil
        }
    }

    /// A short description of a node, for errors.
    static func describe(_ node: ReadableValue?) -> String {
        switch node {
        case nil: return "nothing"
        case .null?: return "null"
        case .bool(let flag)?: return "the boolean \(flag)"
        case .integer(let number)?: return "the integer \(number)"
        case .unsignedInteger(let number)?: return "the integer \(number)"
        case .real(let number)?: return "the number \(number)"
        case .string(let string)?: return "the string \"\(string.prefix(40))\""
        case .data(let bytes)?: return "\(bytes.count) bytes of data"
        case .date?: return "a date"
        case .array(let elements)?: return "an array of \(elements.count) elements"
        case .dictionary(let entries)?:
            if case .string(let name)? = entries[ReadableKeys.className] { return "an object of class \(name)" }
            return "a dictionary"
        }
    }

    // MARK: ValueReader: scalars

    /// The value of a Java wrapper written with its class, as the writer writes one in an
    /// `Object` slot (`{"$class": "java.lang.Long", "$value": 5}`), which a person copies into a
    /// `long` field; any other node as it is.
    static func wrapped(_ node: ReadableValue) -> ReadableValue {
        guard case .dictionary(let entries) = node, entries.count == 2,
            case .string(let name)? = entries[ReadableKeys.className], wrapperClasses.contains(name),
            let value = entries[ReadableKeys.value]
        else { return node }
        return value
    }

    private static let wrapperClasses: Set<String> = [
        "java.lang.Long", "java.lang.Integer", "java.lang.Short", "java.lang.Byte", "java.lang.Double",
        "java.lang.Float", "java.lang.Boolean",
    ]

    private func integer(forKey key: String, _ describe: String) throws -> Int64 {
        // An integer of an object of the parsed text, read where it lies.
        switch parsedMember(key) {
        case .absent: return 0
        case .node(let node): if let number = parsed.integer(at: node) { return number }
        case .elsewhere: break
        }
        // A list's size, the one number its serializer reads of it.
        if let last = frames.indices.last, case .list(let array, _) = frames[last].members {
            return Int64(parsed.count(of: array))
        }
        guard let (stored, found) = lookup(key) else { return 0 }
        let node = ReadableReader.wrapped(found)
        switch node {
        case .integer(let number): return number
        case .null: return 0
        // A whole number written with a fraction or an exponent (`3.0`, `1e3`): only below 2^53,
        // where a double holds every whole number, so that no digit is lost on the way.
        case .real(let number) where number.rounded() == number && abs(number) < 0x1p53: return Int64(number)
        case .real(let number) where number.rounded() == number && number.isFinite:
            throw at(stored) {
                error(
                    .invalidValue,
                    expected: "\(describe) written without a fraction or an exponent (beyond 2^53 "
                        + "a number with one has lost digits)",
                    found: "\(number) (read as a double)")
            }
        default: throw at(stored) { error(.typeMismatch, expected: describe, found: ReadableReader.describe(node)) }
        }
    }

    private func exactly<T: FixedWidthInteger>(_ type: T.Type, forKey key: String, _ describe: String) throws -> T {
        let number = try integer(forKey: key, describe)
        guard let value = T(exactly: number) else {
            throw at(ReadableKeys.escape(key)) { error(.invalidValue, expected: describe, found: "\(number)") }
        }
        return value
    }

    private func real(forKey key: String) throws -> Double {
        guard let (stored, found) = lookup(key) else { return 0 }
        let node = ReadableReader.wrapped(found)
        switch node {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case .unsignedInteger(let number): return Double(number)
        case .null: return 0
        case .string(let string):
            if let number = ReadableReader.nonFinite(string) { return number }
            fallthrough
        default:
            throw at(stored) {
                error(
                    .typeMismatch, expected: "a number (or NaN, Infinity, -Infinity)",
                    found: ReadableReader.describe(node))
            }
        }
    }

    func readBool(forKey key: String) throws -> Bool {
        // A boolean of an object of the parsed text, read where it lies.
        switch parsedMember(key) {
        case .absent: return false
        case .node(let node): if let flag = parsed.bool(at: node) { return flag }
        case .elsewhere: break
        }
        guard let (stored, found) = lookup(key) else { return false }
        let node = ReadableReader.wrapped(found)
        switch node {
        case .bool(let flag): return flag
        case .null: return false
        case .integer(let number) where number == 0 || number == 1: return number == 1
        default: throw at(stored) { error(.typeMismatch, expected: "a boolean", found: ReadableReader.describe(node)) }
        }
    }

    func readInt8(forKey key: String) throws -> Int8 { try exactly(Int8.self, forKey: key, "an 8-bit integer") }
    func readInt16(forKey key: String) throws -> Int16 { try exactly(Int16.self, forKey: key, "a 16-bit integer") }
    /// A Java `char`: a one-character string (of one UTF-16 code unit), or its number (how an
    /// unpaired surrogate is written).
    func readChar(forKey key: String) throws -> UInt16 {
        guard let (stored, node) = lookup(key) else { return 0 }
        switch node {
        case .string(let text):
            let units = text.utf16
            guard units.count == 1, let unit = units.first else {
                throw at(stored) {
                    error(
                        .invalidValue, expected: "one character of one UTF-16 code unit, or its number",
                        found: ReadableReader.describe(node))
                }
            }
            return unit
        case .integer(let number):
            guard let unit = UInt16(exactly: number) else {
                throw at(stored) { error(.invalidValue, expected: "a UTF-16 code unit", found: "\(number)") }
            }
            return unit
        case .null: return 0
        default:
            throw at(stored) {
                error(.typeMismatch, expected: "a one-character string", found: ReadableReader.describe(node))
            }
        }
    }
    func readInt32(forKey key: String, encoding: IntegerEncoding) throws -> Int32 {
        try exactly(Int32.self, forKey: key, "a 32-bit integer")
    }
    func readInt64(forKey key: String, encoding: IntegerEncoding) throws -> Int64 {
        try integer(forKey: key, "a 64-bit integer")
    }
    func readFloat(forKey key: String) throws -> Float {
        let number = try real(forKey: key)
        // 1e39 and 1e-50 are doubles, not floats: Java's cast would give Infinity or 0 silently.
        return try at(ReadableKeys.escape(key)) { try StoredNumbers.float(number, reader: self) }
    }
    func readDouble(forKey key: String) throws -> Double { try real(forKey: key) }

    func readString(forKey key: String) throws -> String? {
        // A string or null of an object of the parsed text, read where it lies.
        switch parsedMember(key) {
        case .absent: return nil
        case .node(let node):
            if let string = parsed.string(at: node) { return string }
            if parsed.kind(of: node) == .null { return nil }
        case .elsewhere: break
        }
        guard let (stored, node) = lookup(key) else { return nil }
        switch node {
        case .string(let string): return string
        case .null: return nil
        default:
            guard let value = try at(stored, { try decode(node, as: nil) }) else { return nil }
            if let string = ReadableFoundation.string(value) { return string }
            throw at(stored) { error(.typeMismatch, expected: "a string", found: ReadableReader.describe(node)) }
        }
    }

    func readBytes(count: Int, forKey key: String) throws -> [UInt8] {
        let bytes: [UInt8]
        var storedKey = ReadableKeys.escape(key)
        switch lookup(key) {
        case nil: bytes = []
        case (let stored, .data(let data))?:
            storedKey = stored
            bytes = data
        case (let stored, .dictionary(let entries))? where entries[ReadableKeys.data] != nil:
            storedKey = stored
            bytes = try at(stored) { try self.bytes(in: entries) }
        case (let stored, let node)?:
            throw at(stored) { error(.typeMismatch, expected: "data", found: ReadableReader.describe(node)) }
        }
        guard bytes.count == count else {
            throw at(storedKey) { error(.invalidValue, expected: "\(count) bytes", found: "\(bytes.count)") }
        }
        return bytes
    }

    /// The bytes of a `$data` entry: base64 text (JSON) or data (plists).
    func bytes(in entries: ReadableDictionary) throws -> [UInt8] {
        switch entries[ReadableKeys.data] {
        case .data(let bytes)?: return bytes
        case .string(let text)?:
            do {
                return try Base64.decode(Array(text.utf8))
            } catch {
                throw at(ReadableKeys.data) {
                    self.error(
                        .invalidValue, expected: "base64 text",
                        found: "\(error.reason) at character \(error.offset)")
                }
            }
        case let other:
            throw at(ReadableKeys.data) {
                error(.typeMismatch, expected: "base64 text or data", found: ReadableReader.describe(other))
            }
        }
    }

    func readPrimitiveArray<P: JavaPrimitive>(_ type: P.Type, count: Int, forKey key: String) throws -> [P] {
        guard let (stored, node) = lookup(key), case .array(let elements) = node, elements.count == count else {
            throw at(ReadableKeys.escape(key)) {
                error(
                    .invalidValue, expected: "a list of \(count) numbers",
                    found: ReadableReader.describe(lookup(key)?.value))
            }
        }
        return try at(stored) {
            try elements.enumerated().map { index, element in
                guard let value = try at(String(index), { try decode(element, as: DeclaredType(P.self)) }) as? P else {
                    throw error(.typeMismatch, expected: "\(P.self)", found: ReadableReader.describe(element))
                }
                return value
            }
        }
    }

    // MARK: ValueReader: objects

    func readStringObject(canBeNull: Bool, forKey key: String) throws -> String? {
        try readString(forKey: key)
    }

    func readStringInstance(canBeNull: Bool, forKey key: String) throws -> Any? {
        guard let (stored, node) = lookupNode(key) else { return nil }
        // A string that an alias names, or an alias to one: its `SharedString`.
        guard let value = try at(stored, { try decode(node, as: nil) }) else { return nil }
        if value is SharedString { return value }
        if let string = ReadableFoundation.string(value) { return string }
        throw at(stored) {
            error(.typeMismatch, expected: "a string", found: ReadableReader.describe(self.value(of: node)))
        }
    }

    func readObject(as declared: DeclaredType, forKey key: String) throws -> Any? {
        lastValueWasAnAlias = false
        guard let (stored, node) = lookupNode(key) else { return nil }
        if case .value(.dictionary(let entries)) = node, entries[ReadableKeys.alias] != nil {
            lastValueWasAnAlias = true
        }
        return try at(stored) { try decode(node, as: declared) }
    }

    func readObject(in slot: ResolvedSlot, forKey key: String) throws -> Any? {
        try readObject(as: slot.declared, forKey: key)
    }

    /// A Java enum constant in a final slot whose registration keeps ``EnumSerializer``, in an
    /// object of the parsed text: taken by its name when the member is an object of the slot's
    /// own class whose `name` names one of its constants, as ``beginObject(in:forKey:)`` takes
    /// it (an enum constant is never aliased, so nothing is recorded). Anything else is left
    /// unread, for the usual path to read or report.
    func readEnumConstant(
        in slot: ResolvedSlot, constantCount: Int, forKey key: String, constant: (Int) -> Any
    ) -> EnumConstantRead {
        let object = innermostObject
        guard object >= 0, depth < options.limits.maxDepth, let expected = slot.unretainedRegistration else {
            return .unread
        }
        let stored = isStoredAsItIs(key) ? key : escaped(key)
        guard !stored.isEmpty, let member = memberIndex(of: key, stored: stored, in: object) else { return .unread }
        let value = parsed.value(member, of: object)
        // An object of the slot's class, named as the writer names it (`registeredObject(_:)`
        // finds the class of any other name), without an alias, a plain value or generic keys.
        guard parsed.kind(of: value) == .object,
            parsed.reservedKeys(of: value).intersection([.alias, .value, .firstGeneric]).isEmpty,
            let classMember = parsed.index(of: ReadableKeys.className, in: value, from: 0)
        else { return .unread }
        return expected._withUnsafeGuaranteedRef { registration in
            guard parsed.isString(registration.readableName, at: parsed.value(classMember, of: value)),
                holdsOnlyConstantKeys(value), let constants = registration.constantsByName,
                let nameMember = parsed.index(of: "name", in: value, from: 1),
                let name = parsed.string(at: parsed.value(nameMember, of: value)),
                let ordinal = constants.ordinal(named: name), ordinal < constantCount
            else { return .unread }
            cursor = member + 1
            return .ordinal(ordinal)
        }
    }

    func beginObject(in slot: ResolvedSlot, forKey key: String) throws -> ObjectReadStep {
        guard let (stored, node) = lookupNode(key) else { return .null }
        // An element of a list of strings (checked when it was entered): the string itself, as
        // the decoding of a string in a `String` slot gives it.
        if case .value(.string(let string)) = node, let last = frames.indices.last,
            case .list(_, .strings) = frames[last].members
        {
            return .reference(string)
        }
        path.append(stored)
        if case .parsed(let index) = node, parsed.kind(of: index) != .real {
            if let (registration, hasGenericKeys) = checkedListElement(index) ?? registeredObject(index) {
                // A Java enum constant of the slot's own class: taken by its name, as its
                // serializer would take it, without entering the object. (A constant of another
                // class is converted to the slot's type, which may fail: inside the object, as
                // before.)
                if !hasGenericKeys, let constants = registration.constantsByName,
                    slot.unretainedRegistration?.toOpaque() == Unmanaged.passUnretained(registration).toOpaque(),
                    let constant = constant(namedIn: index, by: constants)
                {
                    path.removeLast()
                    return .reference(constant)
                }
                do {
                    try enter(.parsed(index), target: nil, hasGenericKeys: hasGenericKeys)
                } catch {
                    path.removeLast()
                    throw error
                }
                return .body(registration, storesReference: true)
            }
            // A Swift array: its serializer reads the elements where they lie, each typed,
            // rather than a list of `Any?` converted as a whole.
            if let elementType = slot.registration?.listElementType, parsed.kind(of: index) == .array,
                let elements = listElements(index, of: elementType)
            {
                do {
                    try enter(.list(index, elements), target: nil, hasGenericKeys: false)
                } catch {
                    path.removeLast()
                    throw error
                }
                return .slotBody(storesReference: true)
            }
        }
        if case .value(.dictionary(let entries)) = node, case let reserved = ReservedKeys(of: entries),
            reserved.contains(.className), !reserved.contains(.alias), !reserved.contains(.value),
            case .string(let name)? = entries[ReadableKeys.className],
            let registration = registry.registration(forReadableName: name)
        {
            let target = currentTarget()
            if target.map({ decodedAt[$0] == nil }) ?? true {
                do {
                    try enter(.tree(entries), target: target, hasGenericKeys: reserved.contains(.firstGeneric))
                } catch {
                    path.removeLast()
                    throw error
                }
                return .body(registration, storesReference: true)
            }
        }
        defer { path.removeLast() }
        guard let value = try decode(node, as: slot.declared) else { return .null }
        return .reference(try converted(value, to: slot.declared))
    }

    /// A plain value stored with its class (`{"$class": "[I", "$value": [1, 2]}`): read as the
    /// Swift type of the class's registration.
    private func classedPlainValue(_ stored: ReadableValue, named name: String, as declared: DeclaredType?) throws
        -> Any?
    {
        if case .dictionary(let entries) = stored, entries[ReadableKeys.alias] != nil {
            // The value named is of its own class already: a class here would convert a copy.
            throw at(ReadableKeys.value) {
                error(
                    .invalidReference, expected: "a plain value under $value (an alias stands for the whole object)",
                    found: "an alias")
            }
        }
        guard let registration = registry.registration(forReadableName: name) else {
            throw at(ReadableKeys.className) {
                error(.unknownClassName, expected: "a registered class for a value stored with its class", found: name)
            }
        }
        // A slot of a final class holds values of that class only: another class named here
        // would be converted silently (a `long[]` into an `int[]`).
        if let declared, declared.swiftType != Any.self, registry.finality(of: declared).isFinal,
            let declaredName = registry.registration(forDeclared: declared)?.javaName,
            declaredName != registration.javaName
        {
            throw at(ReadableKeys.className) {
                error(.typeMismatch, expected: "a \(declaredName), the slot's final class", found: name)
            }
        }
        // A JDK collection or map interface holds the classes that implement it: another one named
        // here (an `ArrayList` in a `Set` field) would become the slot's class, dropping what it
        // does not hold (the duplicates of a list).
        if let declared,
            let interface = declared.javaName ?? declared.interfaceName ?? Self.interface(of: declared.swiftType),
            JDKAbstractClasses.admits(interface, valueClass: registration.javaName, isEnumConstant: false) == false
        {
            throw at(ReadableKeys.className) {
                error(.typeMismatch, expected: "a class that implements \(interface), the slot's", found: name)
            }
        }
        let typed = DeclaredType(
            registration.swiftType, finality: .final, genericArguments: declared?.genericArguments ?? [],
            javaName: registration.javaName)
        return try at(ReadableKeys.value) {
            guard let value = try decode(stored, as: typed) else { return nil }
            return try converted(value, to: typed)
        }
    }

    /// The JDK interface a slot of the dynamic path's `type` declares, where the type tells it
    /// alone (a `java.util.Set` or `java.util.Map`; a list type stands for `Collection` too).
    private static func interface(of type: any Any.Type) -> String? {
        if type == OrderedSet<AnyHashable>.self || type == Set<AnyHashable>.self { return "java.util.Set" }
        if type == OrderedDictionary<AnyHashable, Any?>.self || type == [AnyHashable: Any?].self {
            return "java.util.Map"
        }
        return nil
    }

    /// A `TreeMap`, `TreeSet` or `PriorityQueue` stored with its comparator beside its plain
    /// form (``ReadableWriter``'s `orderedTree`): the plain form read, then put in that order.
    private func orderedValue(
        _ stored: ReadableValue, _ comparatorNode: ReadableValue, named name: String, as declared: DeclaredType?
    ) throws -> Any? {
        guard let registration = registry.registration(forReadableName: name),
            registration.swiftType is any JavaComparatorOrdered.Type
        else {
            throw at(ReadableWriter.comparatorKey) {
                error(
                    .invalidValue, expected: "a comparator beside a TreeMap, TreeSet or PriorityQueue",
                    found: "one beside a \(name)")
            }
        }
        let order = try at(ReadableWriter.comparatorKey) {
            try JavaComparator.from(try decode(comparatorNode, as: .object), self)
        }
        if case .unordered = order, let orderedType = registration.swiftType as? any JavaComparatorOrdered.Type {
            // A comparator whose order is unknown: the elements in the document's order (Java's),
            // each of the class the slot's generic arguments declare (`TreeMap<String, Integer>`).
            let inOrder = orderedType.plainFormInOrder(declared?.genericArguments ?? [])
            let plain = try at(ReadableKeys.value) { try decode(stored, as: inOrder) }
            let contents = (plain as? SharedValue)?.value ?? plain
            if let contents,
                let made = try at(ReadableKeys.value, { try orderedType.make(keeping: contents, in: order) })
            {
                return made
            }
        }
        let value = try classedPlainValue(stored, named: name, as: declared)
        guard let ordered = value as? any JavaComparatorOrdered else { return value }
        return ordered.ordered(by: order)
    }

    /// `value` as the declared type, converted here so that a failure names the key path.
    private func converted(_ value: Any, to declared: DeclaredType) throws -> Any {
        let type = declared.swiftType
        guard type != Any.self, !ValueConversion.isOptionalType(Swift.type(of: value)), Swift.type(of: value) != type
        else { return value }
        func convert<T>(_: T.Type) -> Any? {
            guard let javaClass = declared.javaName else { return ValueConversion.convert(value, to: T.self) }
            return ValueConversion.convert(value, to: T.self, javaClass: javaClass)
        }
        guard let result = convert(type) else {
            // In Java's words: the class, and a `char` is one UTF-16 unit.
            let expected =
                type == UInt16.self
                ? "a java.lang.Character (a one-character string or its code)"
                : declared.javaName.map { "a \($0)" } ?? "\(type)"
            throw error(.typeMismatch, expected: expected, found: ValueConversion.describeType(of: value))
        }
        return result
    }

    func endObject(storing value: Any) {
        leave(storing: value)
        path.removeLast()
    }

    func endObject() {
        leave(storing: nil)
        path.removeLast()
    }

    func reference(_ object: @autoclosure () -> Any) {
        guard let last = frames.indices.last, let target = frames[last].target else { return }
        decodedAt[target] = object()
        decodingAt.remove(target)
    }

    func validateCount(_ count: Int, minimumBytesPerElement: Int, forKey key: String) throws {
        // Each element a serializer reads is a key of the object or an element of one of its lists.
        var most = 0
        // The innermost frame's members, looked at where they are (`frames.last` would copy the
        // frame).
        if let last = frames.indices.last {
            switch frames[last].members {
            case .list(let array, _):
                most = parsed.count(of: array)
            case .parsed(let object):
                for member in 0..<parsed.count(of: object) {
                    let node = parsed.value(member, of: object)
                    switch parsed.kind(of: node) {
                    case .array: most += parsed.count(of: node)
                    case .object:
                        // JSON's data: base64 text is longer than the bytes it holds.
                        if let data = parsed.index(of: ReadableKeys.data, in: node, from: 0),
                            let text = parsed.string(at: parsed.value(data, of: node))
                        {
                            most += text.utf8.count
                        } else {
                            most += 1
                        }
                    default: most += 1
                    }
                }
            case .tree(let entries):
                for node in entries.values.elements {
                    switch node {
                    case .array(let elements): most += elements.count
                    case .data(let bytes): most += bytes.count
                    case .dictionary(let entries):
                        // JSON's data: base64 text is longer than the bytes it holds.
                        switch entries[ReadableKeys.data] {
                        case .string(let text)?: most += text.utf8.count
                        case .data(let bytes)?: most += bytes.count
                        default: most += 1
                        }
                    default: most += 1
                    }
                }
            }
        }
        most = min(options.limits.maxElementCount, most)
        guard count >= 0, count <= most else {
            throw at(ReadableKeys.escape(key)) {
                error(.lengthExceedsInput, expected: "at most \(most) elements", found: "\(count)")
            }
        }
    }

    func error(_ kind: SerializationError.Kind, expected: String, found: String) -> SerializationError {
        SerializationError(kind, expected: expected, found: found, path: path)
    }
}

/// Swift arrays, whose element type a reader needs when the declared type has no generic
/// arguments (Java's primitive arrays).
protocol ReadableArrayType {
    static var readableElementType: any Any.Type { get }
}

extension Array: ReadableArrayType {
    static var readableElementType: any Any.Type { Element.self }
}

/// A Java array of arrays (`float[][]`), whose rows a person writes as plain lists.
extension JavaArray: ReadableArrayType {
    static var readableElementType: any Any.Type { Element.self }
}
