import Foundation
import KryoCore
import KryoPlist
import OrderedCollections

/// Apple's archive forms of the Foundation values, written without a registration: a string,
/// number or immutable data is stored inline in `$objects`; a date, URL, UUID, null, mutable
/// string or data, and every collection is an object of its Foundation class.
extension KeyedArchiveWriter {
    /// Writes `value` in its Foundation form and returns its UID, or returns `nil` when `value`
    /// has no such form (a registered type).
    func archiveFoundationValue(_ value: Any) throws -> Int? {
        let type = type(of: value)
        if let form = KeyedArchiveWriter.swiftForms[ObjectIdentifier(type)] { return try form(self, value) }
        if let collection = value as? any KeyedArchiveCollection { return try collection.archive(into: self) }
        if let form = try archiveOtherCollection(value, of: type) { return form }
        guard type is AnyClass else { return nil }
        if let unknown = value as? UnknownArchivedObject { return try archiveUnknown(unknown) }
        return try archiveFoundationObject(value as AnyObject)
    }

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
            form(Float.self) { writer, number in writer.inline(.real(Double(number))) },
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
    func archiveList(_ elements: some Sequence<Any?>, as archiveClass: ArchiveClass, identity: AnyObject? = nil)
        throws -> Int
    {
        try archiveObject(archiveClass, identity: identity) { writer in
            var uids: [PropertyListValue] = []
            for (index, element) in elements.enumerated() {
                uids.append(.uid(UInt64(try writer.at(String(index)) { try writer.archive(element) })))
            }
            try writer.store(.array(uids), forKey: FoundationCoderKeys.objects)
        }
    }

    /// An `NSOrderedSet`: one `NS.object.N` key per element, as Apple writes it.
    func archiveOrderedSet(_ elements: some Sequence<Any?>, as archiveClass: ArchiveClass, identity: AnyObject? = nil)
        throws -> Int
    {
        try archiveObject(archiveClass, identity: identity) { writer in
            for (index, element) in elements.enumerated() {
                let key = FoundationCoderKeys.object(index)
                try writer.storeObject(element, forKey: key)
            }
        }
    }

    /// An `NSDictionary`: parallel `NS.keys` and `NS.objects` lists of UIDs.
    func archiveDictionary(
        _ entries: some Sequence<(key: Any, value: Any?)>, as archiveClass: ArchiveClass, identity: AnyObject? = nil
    ) throws -> Int {
        try archiveObject(archiveClass, identity: identity) { writer in
            var keys: [PropertyListValue] = []
            var objects: [PropertyListValue] = []
            for (key, value) in entries {
                let name = (key as? String) ?? String(keys.count)
                keys.append(.uid(UInt64(try writer.at(name) { try writer.archive(key) })))
                objects.append(.uid(UInt64(try writer.at(name) { try writer.archive(value) })))
            }
            try writer.store(.array(keys), forKey: FoundationCoderKeys.keys)
            try writer.store(.array(objects), forKey: FoundationCoderKeys.objects)
        }
    }

    /// Other lists and maps with the library's default serializer (Java's `LinkedList`,
    /// `TreeMap`, the containers of Codable values…), as `NSArray` and `NSDictionary`.
    private func archiveOtherCollection(_ value: Any, of type: any Any.Type) throws -> Int? {
        guard value is any AnyEntriesExposing || value is any AnyElementsExposing,
            registry.registration(for: type)?.usesDefaultSerializer ?? true
        else { return nil }
        if let map = value as? any AnyEntriesExposing {
            return try archiveDictionary(map.anyEntries, as: .nsDictionary)
        }
        if let list = value as? any AnyElementsExposing { return try archiveList(list.anyElements, as: .nsArray) }
        return nil
    }

    /// Instances of Foundation classes (`NSMutableString`, `NSNumber`, `NSArray`…).
    private func archiveFoundationObject(_ object: AnyObject) throws -> Int? {
        switch object {
        case let string as NSMutableString where type(of: object) != NSString.self:
            return try archiveObject(.nsMutableString, identity: string) { writer in
                try writer.writeString(string as String, forKey: FoundationCoderKeys.string)
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
        case let array as NSMutableArray:
            return try archiveList(array.map { $0 as Any? }, as: .nsMutableArray, identity: array)
        case let array as NSArray:
            return try archiveList(array.map { $0 as Any? }, as: .nsArray, identity: array)
        case let set as NSMutableOrderedSet:
            return try archiveOrderedSet(set.map { $0 as Any? }, as: .nsMutableOrderedSet, identity: set)
        case let set as NSOrderedSet:
            return try archiveOrderedSet(set.map { $0 as Any? }, as: .nsOrderedSet, identity: set)
        case let set as NSMutableSet:
            return try archiveList(set.map { $0 as Any? }, as: .nsMutableSet, identity: set)
        case let set as NSSet:
            return try archiveList(set.map { $0 as Any? }, as: .nsSet, identity: set)
        case let dictionary as NSMutableDictionary:
            return try archiveDictionary(
                dictionary.map { (key: $0.key, value: $0.value as Any?) }, as: .nsMutableDictionary,
                identity: dictionary)
        case let dictionary as NSDictionary:
            return try archiveDictionary(
                dictionary.map { (key: $0.key, value: $0.value as Any?) }, as: .nsDictionary, identity: dictionary)
        default:
            return nil
        }
    }

    /// An `NSNumber` as the plist value Apple stores for it.
    private static func propertyListValue(of number: NSNumber) -> PropertyListValue {
        if let flag = number as? Bool { return .bool(flag) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return .real(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            return unsigned(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// An object of a class nothing here knows, read from an archive: written back with every key
    /// it had.
    private func archiveUnknown(_ object: UnknownArchivedObject) throws -> Int {
        try archiveObject(object.archiveClass, identity: object) { writer in
            for (key, value) in object.values {
                writer.storeRaw(try writer.at(key) { try writer.archived(value) }, forKey: key)
            }
        }
    }

    private func archived(_ value: ArchivedValue) throws -> PropertyListValue {
        switch value {
        case .plain(let plain): return plain
        case .object(let object): return .uid(UInt64(try archive(object)))
        case .array(let elements): return .array(try elements.map { try archived($0) })
        }
    }
}

/// Swift collections that a keyed archive stores as Foundation collections.
protocol KeyedArchiveCollection {
    /// Writes the collection and returns its UID.
    func archive(into writer: KeyedArchiveWriter) throws -> Int
}

extension Array: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter) throws -> Int {
        try writer.archiveList(lazy.map { $0 as Any? }, as: .nsArray)
    }
}

extension Set: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter) throws -> Int {
        try writer.archiveList(lazy.map { $0 as Any? }, as: .nsSet)
    }
}

extension OrderedSet: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter) throws -> Int {
        try writer.archiveOrderedSet(lazy.map { $0 as Any? }, as: .nsOrderedSet)
    }
}

extension Dictionary: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter) throws -> Int {
        try writer.archiveDictionary(lazy.map { (key: $0.key as Any, value: $0.value as Any?) }, as: .nsDictionary)
    }
}

extension OrderedDictionary: KeyedArchiveCollection {
    func archive(into writer: KeyedArchiveWriter) throws -> Int {
        try writer.archiveDictionary(
            lazy.map { (key: $0.key as Any, value: $0.value as Any?) }, as: .nsDictionary)
    }
}
