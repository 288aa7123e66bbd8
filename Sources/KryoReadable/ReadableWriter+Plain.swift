import Foundation
import KryoCore
import KryoFoundationCollections
import KryoPlist
import OrderedCollections
import Synchronization

/// The plain forms of a readable document: what values are written without a registration.
///
/// Strings, numbers, booleans, data and dates are primitives; lists are arrays; dictionaries
/// with string keys are dictionaries (a Swift `Dictionary` in the stable order of its keys, so
/// that output is deterministic, unless the call turns it off; an `OrderedDictionary` in its own
/// order). Other values take the dictionary form
/// of their Foundation class, as HRCoder writes them: `NSDictionary` (`NS.keys`, `NS.objects`)
/// for keys that are not strings, `NSSet` and `NSOrderedSet` (`NS.objects`), `NSURL`
/// (`NS.base`, `NS.relative`), `NSUUID` (`NS.uuidstring`), `NSMutableString` (`NS.string`) and
/// `NSMutableData` (`$data`).
extension ReadableWriter {
    /// The tree of `value` in its plain form, or `nil` when it has none (an object of a
    /// registered type).
    func plainTree(of value: Any) throws -> ReadableValue? {
        let type = type(of: value)
        switch shape(of: type) {
        case .swiftForm(let form):
            // A string, the commonest plain value, taken out of `Any` without a dynamic cast.
            if type == String.self, let string = Self.exactString(value) { return .string(string) }
            return try form(self, value)
        case .collection, .streamedList:
            guard let collection = value as? any ReadableCollection else { return nil }
            return try collection.readableTree(in: self)
        case .exposing, .orderedExposing: return try otherCollectionTree(value, of: type)
        case .unknownObject:
            guard let unknown = value as? UnknownObject else { return nil }
            return try unknownTree(unknown)
        case .foundationObject: return try foundationObjectTree(value as AnyObject)
        case .registered: return nil
        }
    }

    /// `value` when its dynamic type is `String`, by opening the existential: `as? String` is a
    /// dynamic cast, a few hundred instructions.
    @inline(__always)
    private static func exactString(_ value: Any) -> String? {
        func open<Dynamic>(_ opened: Dynamic) -> String? {
            Dynamic.self == String.self ? unsafeBitCast(opened, to: String.self) : nil
        }
        return open(value)
    }

    /// What a type's values are, as far as plain forms go: worked out once per type (dynamic
    /// casts to protocols cost hundreds of instructions), then read from a table.
    enum Shape: Sendable {
        case swiftForm(Form)
        /// A collection that the writer also streams (a Swift array).
        case streamedList(StreamedListType)
        case collection
        case exposing
        /// A sorted collection (`TreeMap`…), whose order may need its comparator beside it.
        case orderedExposing
        case unknownObject
        case foundationObject
        case registered
    }

    private static let shapes = Mutex(ShapeTable())

    /// The shapes found so far, by type: an open-addressing table keyed by the address of the
    /// type's metadata (never 0), hashed by one multiplication, where a `Dictionary` hashes an
    /// `ObjectIdentifier` with SipHash (the writer asks about ten times an encode).
    struct ShapeTable: Sendable {
        /// The metadata address of each slot's type; 0 for an empty slot.
        private var keys = [UInt](repeating: 0, count: 64)
        private var shapes = [Shape](repeating: .registered, count: 64)
        private var count = 0

        /// The slot where `key` is, or the empty slot where it would go (at most half the slots
        /// are full, so there is one).
        private func slot(of key: UInt) -> Int {
            let mask = keys.count &- 1
            var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 32) & mask
            while keys[index] != 0 && keys[index] != key { index = (index &+ 1) & mask }
            return index
        }

        subscript(type: ObjectIdentifier) -> Shape? {
            let key = UInt(bitPattern: type)
            let index = slot(of: key)
            return keys[index] == key ? shapes[index] : nil
        }

        /// Records the shape of `type`.
        mutating func insert(_ shape: Shape, for type: ObjectIdentifier) {
            let key = UInt(bitPattern: type)
            let index = slot(of: key)
            if keys[index] == key {
                shapes[index] = shape
                return
            }
            keys[index] = key
            shapes[index] = shape
            count += 1
            if count * 2 > keys.count { grow() }
        }

        /// Doubles the slots.
        private mutating func grow() {
            let old = zip(keys, shapes).filter { $0.0 != 0 }
            keys = [UInt](repeating: 0, count: keys.count * 2)
            shapes = [Shape](repeating: .registered, count: keys.count)
            for (key, shape) in old {
                let index = slot(of: key)
                keys[index] = key
                shapes[index] = shape
            }
        }
    }

    /// ``shape(of:)-swift.type.method``, remembering the last type asked about: the elements of
    /// a list, and the fields of one type, come one after another.
    private func shape(of type: any Any.Type) -> Shape {
        let key = ObjectIdentifier(type)
        if let last = lastShape, last.type == key { return last.shape }
        let shape = Self.shape(of: type)
        lastShape = (key, shape)
        return shape
    }

    private static func shape(of type: any Any.Type) -> Shape {
        let key = ObjectIdentifier(type)
        if let known = shapes.withLock({ $0[key] }) { return known }
        let shape: Shape
        if let form = swiftForms[key] {
            shape = .swiftForm(form)
        } else if let list = type as? any ReadableStreamedList.Type {
            shape = .streamedList(StreamedListType(type: list))
        } else if type is any ReadableCollection.Type {
            shape = .collection
        } else if type is any AnyEntriesExposing.Type || type is any AnyElementsExposing.Type {
            shape = type is any JavaComparatorOrdered.Type ? .orderedExposing : .exposing
        } else if type == UnknownObject.self {
            shape = .unknownObject
        } else if type is NSObject.Type {
            shape = .foundationObject
        } else {
            shape = .registered
        }
        shapes.withLock { $0.insert(shape, for: key) }
        return shape
    }

    /// What `value`'s type is, as far as plain forms go.
    func plainShape(of value: Any) -> Shape { shape(of: type(of: value)) }

    /// Whether values of `type` are written as objects with their fields through their
    /// registration's serializer, having no plain form (no string, number, list or map).
    static func writesObjects(of type: any Any.Type) -> Bool {
        guard case .registered = shape(of: type) else { return false }
        return true
    }

    /// The type of `value` when the writer streams its values as a list (a Swift array).
    func streamedList(_ value: Any) -> (any ReadableStreamedList.Type)? {
        guard case .streamedList(let list) = shape(of: type(of: value)) else { return nil }
        return list.type
    }

    /// A list type, in the table of shapes (a metatype never changes).
    struct StreamedListType: @unchecked Sendable {
        let type: any ReadableStreamedList.Type
    }

    typealias Form = @Sendable (ReadableWriter, Any) throws -> ReadableValue

    private static func form<T>(_: T.Type, _ write: @escaping @Sendable (ReadableWriter, T) throws -> ReadableValue)
        -> (ObjectIdentifier, Form)
    {
        let form: Form = { writer, value in
            guard let typed = value as? T else {
                throw SerializationError(
                    .typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value),
                    path: writer.path)
            }
            return try write(writer, typed)
        }
        return (ObjectIdentifier(T.self), form)
    }

    /// Swift value types with a plain form, by exact type.
    private static let swiftForms: [ObjectIdentifier: Form] = Dictionary(
        uniqueKeysWithValues: [
            form(String.self) { _, string in .string(string) },
            // Written once, then as an alias to where it was that carries the text too (with
            // references on): the text is what is read, so an edit at either place changes only it.
            form(SharedString.self) { writer, shared in
                guard case .dictionary(var alias)? = writer.alias(of: shared) else { return .string(shared.value) }
                alias[ReadableKeys.value] = .string(shared.value)
                return .dictionary(alias)
            },
            form(Bool.self) { _, flag in .bool(flag) },
            form(Int.self) { _, number in .integer(Int64(number)) },
            form(Int8.self) { _, number in .integer(Int64(number)) },
            form(Int16.self) { _, number in .integer(Int64(number)) },
            form(Int32.self) { _, number in .integer(Int64(number)) },
            form(Int64.self) { _, number in .integer(number) },
            form(UInt8.self) { _, number in .integer(Int64(number)) },
            // A Java `char` (a `Character` field's, an untyped one's): as `writeChar` writes it.
            form(UInt16.self) { _, unit in ReadableWriter.charTree(unit) },
            form(UInt32.self) { _, number in .integer(Int64(number)) },
            form(UInt64.self) { _, number in ReadableWriter.unsigned(number) },
            form(UInt.self) { _, number in ReadableWriter.unsigned(UInt64(number)) },
            form(Float.self) { _, number in .real(Double(number)) },
            form(Double.self) { _, number in .real(number) },
            form(Data.self) { _, data in .data([UInt8](data)) },
            form(Date.self) { _, date in .date(date.timeIntervalSinceReferenceDate) },
            form(URL.self) { writer, url in try writer.urlTree(url) },
            form(ArchiveTopLevel.self) { writer, top in try writer.topLevelTree(top) },
            form(FoundationValue.self) { _, value in ReadableWriter.tree(of: value) },
            form(UUID.self) { _, uuid in
                .dictionary([
                    ReadableKeys.className: .string("NSUUID"), FoundationCoderKeys.uuidString: .string(uuid.uuidString),
                ])
            },
        ])

    private static func unsigned(_ number: UInt64) -> ReadableValue {
        number > UInt64(Int64.max) ? .unsignedInteger(number) : .integer(Int64(number))
    }

    private func urlTree(_ url: URL) throws -> ReadableValue {
        var entries: ReadableDictionary = [ReadableKeys.className: .string("NSURL")]
        if let base = url.baseURL {
            entries[FoundationCoderKeys.base] = try at(FoundationCoderKeys.base) { try urlTree(base) }
            entries[FoundationCoderKeys.relative] = .string(url.relativeString)
        } else {
            entries[FoundationCoderKeys.relative] = .string(url.absoluteString)
        }
        return .dictionary(entries)
    }

    // MARK: Collections

    /// A list: one array element per element, its key path component being its index.
    func listTree(_ elements: [Any?], identity: AnyObject? = nil, elementType: DeclaredType? = nil) throws
        -> ReadableValue
    {
        try listTree(count: elements.count, identity: identity, elementType: elementType) { elements[$0] }
    }

    /// A list of `count` elements, each given by `element`.
    ///
    /// - Parameter elementType: The declared type of the elements, for elements that need their
    ///   class in an untyped list (see ``tree(of:declared:)``); `nil` when the list is typed.
    func listTree(
        count: Int, identity: AnyObject? = nil, elementType: DeclaredType? = nil, element: (Int) -> Any?
    ) throws -> ReadableValue {
        if let alias = alias(of: identity) { return alias }
        try descend()
        defer { ascend() }
        var trees: [ReadableValue] = []
        trees.reserveCapacity(count)
        for index in 0..<count {
            trees.append(try at(index: index) { try tree(of: element(index), declared: elementType) })
        }
        return .array(trees)
    }

    /// A mutable collection read from a keyed archive (a ``SharedValue`` naming
    /// `NSMutableArray`, `NSMutableSet` or `NSMutableDictionary`) in HRCoder's form, which names
    /// the class: `{"$class": "NSMutableArray", "NS.objects": [...]}`, a dictionary's keys under
    /// `NS.keys`, in the order read. `nil` for another class or value.
    func mutableCollectionTree(of value: Any, named className: String) throws -> ReadableValue? {
        var tree: ReadableDictionary = [ReadableKeys.className: .string(className)]
        switch className {
        case "NSMutableArray", "NSMutableSet":
            guard let list = value as? any AnyElementsExposing else { return nil }
            tree[FoundationCoderKeys.objects] = try at(FoundationCoderKeys.objects) { try listTree(list.anyElements) }
        case "NSMutableDictionary":
            guard let map = value as? any AnyEntriesExposing else { return nil }
            let entries = map.anyEntries
            tree[FoundationCoderKeys.keys] = try at(FoundationCoderKeys.keys) {
                try listTree(entries.map { $0.key as Any? })
            }
            tree[FoundationCoderKeys.objects] = try at(FoundationCoderKeys.objects) {
                try listTree(entries.map(\.value))
            }
        default:
            return nil
        }
        return .dictionary(tree)
    }

    /// A set: `{"$class": className, "NS.objects": [...]}`, in the stable order unless `ordered`
    /// or the call turns it off (``writesStableOrder``).
    func setTree(
        _ elements: [Any?], className: String, ordered: Bool, identity: AnyObject? = nil,
        elementType: DeclaredType? = nil
    ) throws -> ReadableValue {
        if let alias = alias(of: identity) { return alias }
        try descend()
        defer { ascend() }
        let elements = ordered || !writesStableOrder ? elements : StableOrder.sorted(elements)
        let list = try at(FoundationCoderKeys.objects) { try listTree(elements, elementType: elementType) }
        return .dictionary([ReadableKeys.className: .string(className), FoundationCoderKeys.objects: list])
    }

    /// A dictionary: a plain one when every key is a string, else
    /// `{"$class": "NSDictionary", "NS.keys": [...], "NS.objects": [...]}`; in the stable order of
    /// the keys unless `ordered` or the call turns it off (``writesStableOrder``).
    func dictionaryTree(
        _ entries: [(key: Any, value: Any?)], ordered: Bool, identity: AnyObject? = nil,
        keyType: DeclaredType? = nil, valueType: DeclaredType? = nil
    ) throws -> ReadableValue {
        if let alias = alias(of: identity) { return alias }
        try descend()
        defer { ascend() }
        let sorts = !ordered && writesStableOrder
        let strings = entries.compactMap { ReadableWriter.stringKey($0.key) }
        if strings.count == entries.count {
            var pairs = Array(zip(strings, entries.map(\.value)))
            if sorts { StableOrder.sort(&pairs) { $0.0 } }
            var result = ReadableDictionary(minimumCapacity: pairs.count)
            for (key, value) in pairs {
                let stored = ReadableKeys.escape(key)
                result[stored] = try at(stored) { try tree(of: value, declared: valueType) }
            }
            return .dictionary(result)
        }
        let sorted = sorts ? StableOrder.sortedEntries(entries) : entries
        if let keyType, let texts = Self.keyTexts(sorted.map(\.key), as: keyType) {
            // Keys the declared key type reads back from text (`Map<Integer, String>`,
            // `Map<Level, Integer>`): a plain dictionary, as a person would write it.
            var result = ReadableDictionary(minimumCapacity: texts.count)
            for (text, entry) in zip(texts, sorted) {
                let stored = ReadableKeys.escape(text)
                result[stored] = try at(stored) { try tree(of: entry.value, declared: valueType) }
            }
            return .dictionary(result)
        }
        let keys = try at(FoundationCoderKeys.keys) {
            try listTree(sorted.map { $0.key as Any? }, elementType: keyType)
        }
        let values = try at(FoundationCoderKeys.objects) { try listTree(sorted.map(\.value), elementType: valueType) }
        return .dictionary([
            ReadableKeys.className: .string("NSDictionary"), FoundationCoderKeys.keys: keys,
            FoundationCoderKeys.objects: values,
        ])
    }

    /// The keys as the text a reader turns back into them through `keyType`: integers of exactly
    /// the declared type as digits, the dynamic path's enum constants of the declared enum by
    /// name; `nil` when one key is anything else (it then keeps its class in `NS.keys`).
    private static func keyTexts(_ keys: [Any], as keyType: DeclaredType) -> [String]? {
        let type = keyType.swiftType
        guard type is any FixedWidthInteger.Type || type == DynamicEnum.self else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(keys.count)
        for key in keys {
            guard let key = ValueConversion.flatten(key), Swift.type(of: key) == type else { return nil }
            if let constant = key as? DynamicEnum {
                guard constant.javaClass == keyType.javaName else { return nil }
                texts.append(constant.name)
            } else {
                texts.append("\(key)")
            }
        }
        return texts
    }

    static func stringKey(_ key: Any) -> String? {
        if let string = key as? String { return string }
        if let hashable = key as? AnyHashable { return hashable.base as? String }
        return nil
    }

    /// Other lists and maps with the library's default serializer (Java's `LinkedList`,
    /// `TreeMap`, the containers of Codable values…).
    private func otherCollectionTree(_ value: Any, of type: any Any.Type) throws -> ReadableValue? {
        guard registry.registration(for: type)?.usesDefaultSerializer ?? true else { return nil }
        // The slot's generic arguments, when it declares them (`TreeSet<Integer>`): elements of
        // those classes need no `$class` of their own, as in a `List<Integer>`.
        let generics = plainGenerics
        func argument(_ index: Int) -> DeclaredType { index < generics.count ? generics[index] : .object }
        if let map = value as? any AnyEntriesExposing {
            return try dictionaryTree(map.anyEntries, ordered: true, keyType: argument(0), valueType: argument(1))
        }
        if let list = value as? any AnyElementsExposing {
            return try listTree(list.anyElements, elementType: argument(0))
        }
        return nil
    }

    // MARK: Foundation objects

    /// Instances of Foundation classes (`NSMutableString`, `NSNumber`, `NSArray`…).
    private func foundationObjectTree(_ object: AnyObject) throws -> ReadableValue? {
        switch object {
        case let string as NSMutableString where type(of: object) != NSString.self:
            if let alias = alias(of: string) { return alias }
            return .dictionary([
                ReadableKeys.className: .string("NSMutableString"),
                FoundationCoderKeys.string: .string(string as String),
            ])
        case let string as NSString:
            return .string(string as String)
        case let number as NSNumber:
            return ReadableWriter.tree(of: number)
        case let data as NSMutableData where type(of: object) != NSData.self:
            if let alias = alias(of: data) { return alias }
            let bytes = [UInt8](data as Data)
            return .dictionary([
                ReadableKeys.className: .string("NSMutableData"),
                ReadableKeys.data: format.isJSON
                    ? .string(String(decoding: Base64.encode(bytes), as: UTF8.self)) : .data(bytes),
            ])
        case let data as NSData:
            return .data([UInt8](data as Data))
        case let date as NSDate:
            return .date(date.timeIntervalSinceReferenceDate)
        case let url as NSURL:
            return try urlTree(url as URL)
        case let uuid as NSUUID:
            return try plainTree(of: uuid as UUID)
        case is NSNull:
            return .null
        case let array as NSArray:
            let elements = FoundationElements.list(array)
            return try inside(array, named: array is NSMutableArray ? "NSMutableArray" : "NSArray") {
                try listTree(elements, identity: array)
            }
        case let set as NSOrderedSet:
            let elements = FoundationElements.list(set)
            return try inside(set, named: set is NSMutableOrderedSet ? "NSMutableOrderedSet" : "NSOrderedSet") {
                try setTree(elements, className: "NSOrderedSet", ordered: true, identity: set)
            }
        case let set as NSSet:
            let elements = FoundationElements.list(set)
            return try inside(set, named: set is NSMutableSet ? "NSMutableSet" : "NSSet") {
                try setTree(elements, className: "NSSet", ordered: false, identity: set)
            }
        case let dictionary as NSDictionary:
            let entries = FoundationElements.entries(dictionary)
            return try inside(
                dictionary, named: dictionary is NSMutableDictionary ? "NSMutableDictionary" : "NSDictionary"
            ) {
                try dictionaryTree(entries, ordered: false, identity: dictionary)
            }
        default:
            return nil
        }
    }

    /// An `NSNumber` as the number it holds.
    private static func tree(of number: NSNumber) -> ReadableValue {
        if let flag = number as? Bool { return .bool(flag) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return .real(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"): return unsigned(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// An `NSValue` under the keys `NSValue`'s own coding writes: `NS.special`, then the text of a
    /// point, size or rectangle, or a range's location and length.
    private static func tree(of value: FoundationValue) -> ReadableValue {
        var entries: ReadableDictionary = [
            ReadableKeys.className: .string("NSValue"), "NS.special": .integer(value.special),
        ]
        if let key = value.textKey, let text = value.text { entries[key] = .string(text) }
        if case .range(let location, let length) = value {
            entries["NS.rangeval.location"] = .integer(Int64(location))
            entries["NS.rangeval.length"] = .integer(Int64(length))
        }
        return .dictionary(entries)
    }

    /// A keyed archive's whole top level: `{"$top": {…}, "$archiver": "…"}`.
    private func topLevelTree(_ top: ArchiveTopLevel) throws -> ReadableValue {
        try descend()
        defer { ascend() }
        var values: ReadableDictionary = [:]
        try at(ReadableKeys.top) {
            for (key, value) in top.values {
                let stored = ReadableKeys.escape(key)
                values[stored] = try at(stored) { try tree(of: value, declared: .object) }
            }
        }
        var entries: ReadableDictionary = [ReadableKeys.top: .dictionary(values)]
        if top.archiver != ArchiveTopLevel.keyedArchiver { entries[ReadableKeys.archiver] = .string(top.archiver) }
        let inline = top.values.keys.filter { top.inlineKeys.contains($0) }
        if !inline.isEmpty { entries[ReadableKeys.inline] = .array(inline.map { .string($0) }) }
        return .dictionary(entries)
    }

    /// An object of a class the registry did not know: written with its class (and its class
    /// chain, hints and inline keys when they are not the defaults) and every field.
    private func unknownTree(_ object: UnknownObject) throws -> ReadableValue {
        if let alias = alias(of: object) { return alias }
        try descend(into: object.archiveClass.name)
        defer { ascend() }
        let archiveClass = object.archiveClass
        var entries: ReadableDictionary = [ReadableKeys.className: .string(archiveClass.name)]
        if archiveClass.superclasses != ArchiveClass(archiveClass.name).superclasses {
            entries[ReadableKeys.classes] = .array(archiveClass.chain.map { .string($0) })
        }
        if !archiveClass.hints.isEmpty {
            entries[ReadableKeys.classHints] = .array(archiveClass.hints.map { .string($0) })
        }
        let inline = object.fields.keys.filter { object.inlineKeys.contains($0) }
        if Set(inline) != UnknownObject.defaultInlineKeys(of: object.fields) {
            entries[ReadableKeys.inline] = .array(inline.map { .string($0) })
        }
        let inlineElements = inline.filter { object.inlineElementKeys.contains($0) }
        if !inlineElements.isEmpty {
            entries[ReadableKeys.inlineElements] = .array(inlineElements.map { .string($0) })
        }
        for (key, value) in object.fields {
            guard ReadableKeys.isFieldKey(key) else {
                throw at(key) {
                    SerializationError(
                        .unsupported, expected: "field keys of \(archiveClass.name) that a readable document can hold",
                        found: "\(key.isEmpty ? "an empty key" : "the key \(key)"), which readable documents reserve",
                        path: path)
                }
            }
            // Untyped, as Java's `Object`: a value whose plain form reads back as another class
            // (an `Int32`, which would come back an `Int`) keeps its class.
            entries[key] = try at(key) { try tree(of: value, declared: .object) }
        }
        return .dictionary(entries)
    }
}

extension ReadableWriter {
    /// The declared type of the elements (generic argument `index`) of an untyped collection
    /// (`[Any?]`, `Set<AnyHashable>`): the slot's generic argument when it has one, else Java's
    /// `Object`, so that values that need their class get it; `nil` for typed elements, which a
    /// reader converts to.
    fileprivate func untypedSlot<Element>(_: Element.Type, argument index: Int) -> DeclaredType? {
        guard Element.self == Any?.self || Element.self == Any.self || Element.self == AnyHashable.self else {
            return nil
        }
        return index < plainGenerics.count ? plainGenerics[index] : .object
    }
}

/// Swift collections that a readable document stores as arrays, dictionaries or sets.
protocol ReadableCollection {
    /// The collection's tree.
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue
}

extension Array: ReadableCollection {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        try withUnsafeBufferPointer { elements in
            try writer.listTree(count: elements.count, elementType: writer.untypedSlot(Element.self, argument: 0)) {
                elements[$0]
            }
        }
    }
}

/// Collections whose elements a streaming writer writes one by one, as an array.
protocol ReadableStreamedList: ReadableCollection {
    /// Writes `value`, a value of this type, as ``ReadableCollection/readableTree(in:)`` builds it.
    static func streamReadable(_ value: Any, in writer: ReadableWriter) throws
}

extension Array: ReadableStreamedList {
    static func streamReadable(_ value: Any, in writer: ReadableWriter) throws {
        guard let array = exactly(value) ?? value as? [Element] else {
            throw SerializationError(
                .typeMismatch, expected: "\([Element].self)", found: ValueConversion.describeType(of: value),
                path: writer.path)
        }
        try array.withUnsafeBufferPointer { elements in
            try writer.streamList(count: elements.count, elementType: writer.untypedSlot(Element.self, argument: 0)) {
                elements[$0]
            }
        }
    }

    /// `value` when its dynamic type is this array type (as it is when the writer found the
    /// type by `value`'s), by opening the existential and comparing its metadata with `self`, the
    /// metatype the call was given: `as?` is a dynamic cast, a few hundred instructions, and so is
    /// naming `Self.self` here (the array's metadata looked up at run time).
    @inline(__always)
    private static func exactly(_ value: Any) -> [Element]? {
        let type: Any.Type = self
        func open<Dynamic>(_ opened: Dynamic) -> [Element]? {
            Dynamic.self == type ? unsafeBitCast(opened, to: [Element].self) : nil
        }
        return open(value)
    }
}

/// A set, which a slot declaring its type holds as a plain list: the list reads back as the
/// slot's set, where an untyped slot needs the set's class (`NSSet`).
protocol ReadableSet: ReadableCollection {
    /// The set as a plain list, in the order ``ReadableCollection/readableTree(in:)`` gives it.
    func plainListTree(in writer: ReadableWriter, elementType: DeclaredType?) throws -> ReadableValue
}

extension Set: ReadableSet {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        try writer.setTree(
            elements(in: writer), className: "NSSet", ordered: true,
            elementType: writer.untypedSlot(Element.self, argument: 0))
    }

    func plainListTree(in writer: ReadableWriter, elementType: DeclaredType?) throws -> ReadableValue {
        try writer.listTree(elements(in: writer), elementType: elementType)
    }

    /// Sorted here, by the elements' own type, when the call asks for a stable order.
    private func elements(in writer: ReadableWriter) -> [Any?] {
        (writer.writesStableOrder ? StableOrder.sorted(self) : Array(self)).map { $0 as Any? }
    }
}

extension OrderedSet: ReadableSet {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        // The dynamic path's `OrderedSet` is Java's `HashSet`: an `NSSet`, in stream order.
        // Sorted only when the call asks for a stable order itself.
        let standsForHashSet = writer.registry.untypedSetKeepsOrder
        return try writer.setTree(
            map { $0 as Any? }, className: standsForHashSet ? "NSSet" : "NSOrderedSet", ordered: !sorts(in: writer),
            elementType: writer.untypedSlot(Element.self, argument: 0))
    }

    func plainListTree(in writer: ReadableWriter, elementType: DeclaredType?) throws -> ReadableValue {
        let elements = map { $0 as Any? }
        return try writer.listTree(
            sorts(in: writer) ? StableOrder.sorted(elements) : elements, elementType: elementType)
    }

    private func sorts(in writer: ReadableWriter) -> Bool {
        writer.registry.untypedSetKeepsOrder && Element.self == AnyHashable.self
            && StableOrder.sortsHashStandIns(writer, set: true)
    }
}

extension FoundationOrderedSet: ReadableCollection {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        try writer.setTree(
            elements.map { $0.base as Any? }, className: isMutable ? "NSMutableOrderedSet" : "NSOrderedSet",
            ordered: true, elementType: .object)
    }
}

extension Dictionary: ReadableCollection {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        // Sorted here, by the keys' own type, when the call asks for a stable order.
        let entries = writer.writesStableOrder ? StableOrder.sortedEntries(self) : Array(self)
        return try writer.dictionaryTree(
            entries.map { (key: $0.key as Any, value: $0.value as Any?) }, ordered: true,
            keyType: writer.untypedSlot(Key.self, argument: 0),
            valueType: writer.untypedSlot(Value.self, argument: 1))
    }
}

extension OrderedDictionary: ReadableCollection {
    func readableTree(in writer: ReadableWriter) throws -> ReadableValue {
        // In its own order, but for a dynamic registry's `HashMap` in a call that asks for a
        // stable order itself.
        let sorts = Key.self == AnyHashable.self && Value.self == Any?.self && StableOrder.sortsHashStandIns(writer)
        return try writer.dictionaryTree(
            map { (key: $0.key as Any, value: $0.value as Any?) }, ordered: !sorts,
            keyType: writer.untypedSlot(Key.self, argument: 0),
            valueType: writer.untypedSlot(Value.self, argument: 1))
    }
}
