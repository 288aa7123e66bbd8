import Foundation
import KryoCore
import KryoFoundationCollections
import KryoPlist
import OrderedCollections
import Synchronization

/// Apple's archive forms of the Foundation values, written without a registration: a string,
/// number or immutable data is stored inline in `$objects`; a date, URL, UUID, null, mutable
/// string or data, and every collection is an object of its Foundation class.
extension KeyedArchiveWriter {
    /// Writes `value` in its Foundation form and returns its UID, or returns `nil` when `value`
    /// has no such form (a registered type).
    ///
    /// - Parameter generics: The generic arguments of the slot `value` is in: the declared types
    ///   of the elements of an untyped collection (`[Any?]` in a `List<Integer>` slot), so that
    ///   only elements whose class the slot does not tell are archived with their class.
    func archiveFoundationValue(_ value: Any, generics: [DeclaredType] = []) throws -> Int? {
        let type = type(of: value)
        if let form = KeyedArchiveWriter.swiftForms[ObjectIdentifier(type)] { return try form(self, value) }
        // Most values that reach here are objects of registered types: worked out once per type
        // (dynamic casts to protocols cost hundreds of instructions), then read from a table.
        if !KeyedArchiveWriter.mayHaveFoundationForm(type) { return nil }
        if let collection = value as? any KeyedArchiveCollection {
            return try collection.archive(into: self, generics: generics)
        }
        if let form = try archiveOtherCollection(value, of: type, generics: generics) { return form }
        guard type is AnyClass else { return nil }
        if let unknown = value as? UnknownObject { return try archiveUnknown(unknown) }
        return try archiveFoundationObject(value as AnyObject)
    }

    /// Whether values of `type` may have a Foundation form besides those of ``swiftForms``: a
    /// collection, a class (Foundation's, or an unknown object). `false` for the other Swift
    /// types, whose values ``archiveFoundationValue(_:generics:)`` gives `nil` for.
    private static func mayHaveFoundationForm(_ type: any Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = foundationFormTypes.withLock({ $0[key] }) { return known }
        let may =
            type is any KeyedArchiveCollection.Type || type is any AnyEntriesExposing.Type
            || type is any AnyElementsExposing.Type || type == UnknownObject.self || type is NSObject.Type
            // Casts look inside an `AnyHashable`.
            || type == AnyHashable.self
        foundationFormTypes.withLock { $0[key] = may }
        return may
    }

    private static let foundationFormTypes = Mutex<[ObjectIdentifier: Bool]>([:])

    private typealias Form = @Sendable (KeyedArchiveWriter, Any) throws -> Int

    private static func form<T>(_: T.Type, _ write: @escaping @Sendable (KeyedArchiveWriter, T) throws -> Int) -> (
        ObjectIdentifier, Form
    ) {
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

    /// Swift value types with a Foundation form, by exact type.
    private static let swiftForms: [ObjectIdentifier: Form] = Dictionary(
        uniqueKeysWithValues: [
            form(String.self) { writer, string in writer.inlineString(string) },
            form(SharedString.self) { writer, shared in writer.sharedStringObject(shared) },
            form(Bool.self) { writer, flag in writer.inline(.bool(flag)) },
            form(Int.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(Int8.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(Int16.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(Int32.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(Int64.self) { writer, number in writer.inline(.integer(number)) },
            form(UInt8.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(UInt16.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(UInt32.self) { writer, number in writer.inline(.integer(Int64(number))) },
            form(UInt64.self) { writer, number in writer.inline(KeyedArchiveWriter.unsigned(number)) },
            form(UInt.self) { writer, number in writer.inline(KeyedArchiveWriter.unsigned(UInt64(number))) },
            form(Float.self) { writer, number in writer.inline(.float(number)) },
            form(Double.self) { writer, number in writer.inline(.real(number)) },
            form(Data.self) { writer, data in writer.inline(.data([UInt8](data))) },
            form(Date.self) { writer, date in try writer.archiveDate(date) },
            form(URL.self) { writer, url in try writer.archiveURL(url) },
            form(UUID.self) { writer, uuid in try writer.archiveUUID(uuid) },
            form(FoundationValue.self) { writer, value in try writer.archiveFoundationValue(value) },
        ])

    private static func unsigned(_ number: UInt64) -> PropertyListValue {
        number > UInt64(Int64.max) ? .unsignedInteger(number) : .integer(Int64(number))
    }

    private func archiveDate(_ date: Date) throws -> Int {
        try archiveObject(.nsDate) { writer in
            try writer.store(.real(date.timeIntervalSinceReferenceDate), forKey: FoundationCoderKeys.time)
        }
    }

    private func archiveURL(_ url: URL) throws -> Int {
        try archiveObject(.nsURL) { writer in
            try writer.storeObject(url.baseURL, forKey: FoundationCoderKeys.base)
            try writer.writeString(
                url.baseURL == nil ? url.absoluteString : url.relativeString, forKey: FoundationCoderKeys.relative)
        }
    }

    private func archiveUUID(_ uuid: UUID) throws -> Int {
        try archiveObject(.nsUUID) { writer in
            let bytes = withUnsafeBytes(of: uuid.uuid) { [UInt8]($0) }
            try writer.store(.data(bytes), forKey: FoundationCoderKeys.uuidBytes)
        }
    }

    /// An `NSArray` or `NSSet`: its elements' UIDs under `NS.objects`.
    ///
    /// - Parameter elementType: The declared type of the elements when the collection is
    ///   untyped (see ``archive(_:declared:)``); `nil` when its element type is a Swift type.
    func archiveList(
        _ elements: some Sequence<Any?>, as archiveClass: ArchiveClass, identity: AnyObject? = nil,
        elementType: DeclaredType? = nil
    ) throws -> Int {
        let all = Array(elements)
        return try archiveList(
            count: all.count, element: { all[$0] }, as: archiveClass, identity: identity, elementType: elementType)
    }

    /// ``archiveList(_:as:identity:elementType:)`` for `count` elements that `element` gives
    /// by index. Not generic, so that it runs specialized whatever the collection: a generic
    /// sequence of an `Array` reached through ``KeyedArchiveCollection`` (whose `Element` is
    /// known only at run time) looked up the metadata of its iterators and optionals at every
    /// element.
    func archiveList(
        count: Int, element: (Int) -> Any?, as archiveClass: ArchiveClass, identity: AnyObject? = nil,
        elementType: DeclaredType? = nil
    ) throws -> Int {
        try archiveObject(archiveClass, identity: identity) { writer in
            var uids: [PropertyListValue] = []
            uids.reserveCapacity(count)
            for index in 0..<count {
                let uid = try writer.at(String(index)) {
                    try writer.archiveElement(element(index), declared: elementType)
                }
                uids.append(.uid(UInt64(uid)))
            }
            try writer.store(.array(uids), forKey: FoundationCoderKeys.objects)
        }
    }

    /// An `NSOrderedSet`: one `NS.object.N` key per element, as Apple writes it.
    func archiveOrderedSet(
        _ elements: some Sequence<Any?>, as archiveClass: ArchiveClass, identity: AnyObject? = nil,
        elementType: DeclaredType? = nil
    ) throws -> Int {
        try archiveObject(archiveClass, identity: identity) { writer in
            for (index, element) in elements.enumerated() {
                let key = FoundationCoderKeys.object(index)
                try writer.storeObject(element, forKey: key, declared: elementType)
            }
        }
    }

    /// An `NSDictionary`: parallel `NS.keys` and `NS.objects` lists of UIDs.
    ///
    /// - Parameters:
    ///   - keyType: The declared type of the keys when they are untyped, else `nil`.
    ///   - valueType: The declared type of the values when they are untyped, else `nil`.
    func archiveDictionary(
        _ entries: some Sequence<(key: Any, value: Any?)>, as archiveClass: ArchiveClass, identity: AnyObject? = nil,
        keyType: DeclaredType? = nil, valueType: DeclaredType? = nil
    ) throws -> Int {
        try archiveObject(archiveClass, identity: identity) { writer in
            var keys: [PropertyListValue] = []
            var objects: [PropertyListValue] = []
            for (key, value) in entries {
                let name = (key as? String) ?? String(keys.count)
                keys.append(.uid(UInt64(try writer.at(name) { try writer.archive(key, declared: keyType) })))
                objects.append(
                    .uid(UInt64(try writer.at(name) { try writer.archiveElement(value, declared: valueType) })))
            }
            try writer.store(.array(keys), forKey: FoundationCoderKeys.keys)
            try writer.store(.array(objects), forKey: FoundationCoderKeys.objects)
        }
    }

    /// Other lists and maps with the library's default serializer (Java's `LinkedList`,
    /// `TreeMap`, the containers of Codable values…), as `NSArray` and `NSDictionary`. Their
    /// elements are boxed, so each is declared as the slot's generic argument, else `Object`.
    private func archiveOtherCollection(_ value: Any, of type: any Any.Type, generics: [DeclaredType]) throws -> Int? {
        guard value is any AnyEntriesExposing || value is any AnyElementsExposing,
            registry.registration(for: type)?.usesDefaultSerializer ?? true
        else { return nil }
        func argument(_ index: Int) -> DeclaredType { index < generics.count ? generics[index] : .object }
        if let map = value as? any AnyEntriesExposing {
            return try archiveDictionary(
                map.anyEntries, as: .nsDictionary, keyType: argument(0), valueType: argument(1))
        }
        if let list = value as? any AnyElementsExposing {
            return try archiveList(list.anyElements, as: .nsArray, elementType: argument(0))
        }
        return nil
    }

    /// Instances of Foundation classes (`NSMutableString`, `NSNumber`, `NSArray`…).
    private func archiveFoundationObject(_ object: AnyObject) throws -> Int? {
        switch object {
        case let string as NSMutableString where type(of: object) != NSString.self:
            // Apple stores the text inline (`NS.string` a string, not a reference to one), and
            // Foundation's unarchiver reads nothing else.
            return try archiveObject(.nsMutableString, identity: string) { writer in
                try writer.store(.string(string as String), forKey: FoundationCoderKeys.string)
            }
        case let string as NSString:
            return inlineString(string as String)
        case let number as NSNumber:
            return inline(KeyedArchiveWriter.propertyListValue(of: number))
        case let data as NSMutableData where type(of: object) != NSData.self:
            return try archiveObject(.nsMutableData, identity: data) { writer in
                try writer.store(.data([UInt8](data as Data)), forKey: FoundationCoderKeys.data)
            }
        case let data as NSData:
            return inline(.data([UInt8](data as Data)))
        case let date as NSDate:
            return try archiveDate(date as Date)
        case let url as NSURL:
            return try archiveURL(url as URL)
        case let uuid as NSUUID:
            return try archiveUUID(uuid as UUID)
        case is NSNull:
            return try archiveObject(.nsNull, identity: object) { _ in }
        case let array as NSArray:
            let elements = FoundationElements.list(array)
            let mutable = array is NSMutableArray
            return try inside(array, named: mutable ? "NSMutableArray" : "NSArray") {
                try archiveList(elements, as: mutable ? .nsMutableArray : .nsArray, identity: array)
            }
        case let set as NSOrderedSet:
            let elements = FoundationElements.list(set)
            let mutable = set is NSMutableOrderedSet
            return try inside(set, named: mutable ? "NSMutableOrderedSet" : "NSOrderedSet") {
                try archiveOrderedSet(elements, as: mutable ? .nsMutableOrderedSet : .nsOrderedSet, identity: set)
            }
        case let set as NSSet:
            var elements = FoundationElements.list(set)
            if writesStableOrder { elements = StableOrder.sorted(elements) }
            let mutable = set is NSMutableSet
            return try inside(set, named: mutable ? "NSMutableSet" : "NSSet") {
                try archiveList(elements, as: mutable ? .nsMutableSet : .nsSet, identity: set)
            }
        case let dictionary as NSDictionary:
            var entries = FoundationElements.entries(dictionary)
            if writesStableOrder { entries = StableOrder.sortedEntries(entries) }
            let mutable = dictionary is NSMutableDictionary
            return try inside(dictionary, named: mutable ? "NSMutableDictionary" : "NSDictionary") {
                try archiveDictionary(
                    entries, as: mutable ? .nsMutableDictionary : .nsDictionary, identity: dictionary)
            }
        default:
            return nil
        }
    }

    /// An `NSNumber` as the plist value Apple stores for it.
    private static func propertyListValue(of number: NSNumber) -> PropertyListValue {
        if let flag = number as? Bool { return .bool(flag) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"): return .float(number.floatValue)
        case UInt8(ascii: "d"): return .real(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            return unsigned(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// An object of a class nothing here knows: written back with every field it had, inline or
    /// as a reference as ``UnknownObject/inlineKeys`` says.
    private func archiveUnknown(_ object: UnknownObject) throws -> Int {
        try archiveObject(object.archiveClass, identity: object) { writer in
            for (key, value) in object.fields {
                let stored = try writer.at(key) {
                    object.inlineKeys.contains(key)
                        ? try writer.inlineValue(value, elementsInline: object.inlineElementKeys.contains(key))
                        : .uid(UInt64(try writer.archive(value)))
                }
                writer.storeRaw(stored, forKey: key)
            }
        }
    }

    /// `value` stored in an object's own dictionary: a number, boolean, data, string or date as
    /// itself; a list or a dictionary with every element a reference, as Apple's archivers store
    /// `NS.objects`, or, with `elementsInline`, with its numbers, booleans and data in line. A
    /// value with no inline form (nil, an object) is a reference.
    func inlineValue(_ value: Any?, elementsInline: Bool = false) throws -> PropertyListValue {
        guard let value = ValueConversion.flatten(value) else { return .uid(UInt64(try archive(nil))) }
        if let plain = KeyedArchiveWriter.inlineForms[ObjectIdentifier(type(of: value))]?(value) { return plain }
        if let list = value as? [Any?] {
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(list.count)
            for (index, element) in list.enumerated() {
                elements.append(try at(String(index)) { try inlineElement(element, inline: elementsInline) })
            }
            return .array(elements)
        }
        if let dictionary = value as? [String: Any?] {
            var entries: PropertyListDictionary = [:]
            for key in dictionary.keys.sorted() {
                entries[key] = try at(key) { try inlineElement(dictionary[key] ?? nil, inline: elementsInline) }
            }
            return .dictionary(entries)
        }
        return .uid(UInt64(try archive(value)))
    }

    private func inlineElement(_ value: Any?, inline: Bool) throws -> PropertyListValue {
        inline && UnknownObject.isInlineByDefault(value) ? try inlineValue(value) : .uid(UInt64(try archive(value)))
    }

    /// The values with an inline form, by exact type.
    private static let inlineForms: [ObjectIdentifier: @Sendable (Any) -> PropertyListValue?] = {
        func form<T>(_: T.Type, _ make: @escaping @Sendable (T) -> PropertyListValue)
            -> (ObjectIdentifier, @Sendable (Any) -> PropertyListValue?)
        {
            (ObjectIdentifier(T.self), { value in (value as? T).map(make) })
        }
        return Dictionary(
            uniqueKeysWithValues: [
                form(Bool.self) { .bool($0) },
                form(Int.self) { .integer(Int64($0)) },
                form(Int8.self) { .integer(Int64($0)) },
                form(Int16.self) { .integer(Int64($0)) },
                form(Int32.self) { .integer(Int64($0)) },
                form(Int64.self) { .integer($0) },
                form(UInt8.self) { .integer(Int64($0)) },
                form(UInt16.self) { .integer(Int64($0)) },
                form(UInt32.self) { .integer(Int64($0)) },
                form(UInt64.self) { unsigned($0) },
                form(UInt.self) { unsigned(UInt64($0)) },
                form(Float.self) { .float($0) },
                form(Double.self) { .real($0) },
                form(Data.self) { .data([UInt8]($0)) },
                form(String.self) { .string($0) },
                form(Date.self) { .date($0.timeIntervalSinceReferenceDate) },
            ])
    }()
}

/// Swift collections that a keyed archive stores as Foundation collections.
protocol KeyedArchiveCollection {
    /// Writes the collection and returns its UID.
    ///
    /// - Parameter generics: The generic arguments of the slot the collection is in, which
    ///   declare untyped elements (``KeyedArchiveWriter/untypedSlot(_:_:argument:)``).
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int

    /// The Swift type a reader gives for the collection's Foundation form in a slot that declares
    /// nothing (an `NSArray` reads as `[Any?]`).
    func untypedReadType(in registry: Registry) -> any Any.Type
}

extension KeyedArchiveWriter {
    /// The declared type of the elements (generic argument `index`) of an untyped collection
    /// (`[Any?]`, `Set<AnyHashable>`): the slot's generic argument when it has one, else Java's
    /// `Object`, so that elements that need their class get it; `nil` for typed elements, which
    /// a reader converts to.
    static func untypedSlot<Element>(_: Element.Type, _ generics: [DeclaredType], argument index: Int)
        -> DeclaredType?
    {
        guard Element.self == Any?.self || Element.self == Any.self || Element.self == AnyHashable.self else {
            return nil
        }
        return index < generics.count ? generics[index] : .object
    }
}

extension Array: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        try writer.archiveList(
            count: count, element: { self[$0] }, as: .nsArray,
            elementType: KeyedArchiveWriter.untypedSlot(Element.self, generics, argument: 0))
    }

    func untypedReadType(in registry: Registry) -> any Any.Type { [Any?].self }
}

extension Set: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        let elementType = KeyedArchiveWriter.untypedSlot(Element.self, generics, argument: 0)
        if writer.writesStableOrder {
            return try writer.archiveList(
                StableOrder.sorted(self).lazy.map { $0 as Any? }, as: .nsSet, elementType: elementType)
        }
        return try writer.archiveList(lazy.map { $0 as Any? }, as: .nsSet, elementType: elementType)
    }

    func untypedReadType(in registry: Registry) -> any Any.Type {
        registry.untypedSetKeepsOrder ? OrderedSet<AnyHashable>.self : Set<AnyHashable>.self
    }
}

extension OrderedSet: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        if writer.registry.untypedSetKeepsOrder {
            // The dynamic path's `OrderedSet` is Java's `HashSet`: an `NSSet`, in stream order
            // unless the call asks for a stable order itself.
            let elementType = KeyedArchiveWriter.untypedSlot(Element.self, generics, argument: 0)
            if Element.self == AnyHashable.self, StableOrder.sortsHashStandIns(writer, set: true) {
                return try writer.archiveList(
                    StableOrder.sorted(self).lazy.map { $0 as Any? }, as: .nsSet, elementType: elementType)
            }
            return try writer.archiveList(lazy.map { $0 as Any? }, as: .nsSet, elementType: elementType)
        }
        return try writer.archiveOrderedSet(
            lazy.map { $0 as Any? }, as: .nsOrderedSet,
            elementType: KeyedArchiveWriter.untypedSlot(Element.self, generics, argument: 0))
    }

    func untypedReadType(in registry: Registry) -> any Any.Type { OrderedSet<AnyHashable>.self }
}

extension FoundationOrderedSet: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        try writer.archiveOrderedSet(
            elements.lazy.map { $0.base as Any? }, as: isMutable ? .nsMutableOrderedSet : .nsOrderedSet,
            elementType: .object)
    }

    func untypedReadType(in registry: Registry) -> any Any.Type { FoundationOrderedSet.self }
}

/// A Swift map (`Dictionary`, `OrderedDictionary`): an `NSDictionary`, its keys and values declared
/// by the slot's generic arguments.
protocol KeyedArchiveMap: KeyedArchiveCollection, Sequence where Element == (key: MapKey, value: MapValue) {
    associatedtype MapKey
    associatedtype MapValue
}

extension KeyedArchiveMap {
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        try archive(self, into: writer, generics: generics)
    }

    /// Writes `entries`, the map's entries in the order to write them.
    func archive(
        _ entries: some Sequence<(key: MapKey, value: MapValue)>, into writer: KeyedArchiveWriter,
        generics: [DeclaredType]
    ) throws -> Int {
        try writer.archiveDictionary(
            entries.lazy.map { (key: $0.key as Any, value: $0.value as Any?) }, as: .nsDictionary,
            keyType: KeyedArchiveWriter.untypedSlot(MapKey.self, generics, argument: 0),
            valueType: KeyedArchiveWriter.untypedSlot(MapValue.self, generics, argument: 1))
    }

    func untypedReadType(in registry: Registry) -> any Any.Type { registry.untypedMapReadType }
}

extension Dictionary: KeyedArchiveMap {
    typealias MapKey = Key
    typealias MapValue = Value

    /// In the stable order of its keys when the call asks for it (the default).
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        guard writer.writesStableOrder else { return try archive(self, into: writer, generics: generics) }
        return try archive(StableOrder.sortedEntries(self), into: writer, generics: generics)
    }
}

extension OrderedDictionary: KeyedArchiveMap {
    typealias MapKey = Key
    typealias MapValue = Value

    /// In its own order, but for a dynamic registry's `HashMap` in a call that asks for a
    /// stable order itself (``StableOrder/sortsHashStandIns(_:set:)``).
    func archive(into writer: KeyedArchiveWriter, generics: [DeclaredType]) throws -> Int {
        guard Key.self == AnyHashable.self, Value.self == Any?.self, StableOrder.sortsHashStandIns(writer) else {
            return try archive(elements, into: writer, generics: generics)
        }
        return try archive(StableOrder.sortedEntries(elements), into: writer, generics: generics)
    }
}
