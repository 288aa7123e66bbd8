import Foundation
import KryoCore
import KryoPlist
import OrderedCollections

/// Values archived with their Java class.
///
/// A Foundation form has no place for a Java class: an `NSNumber` reads back as a `Long` or a
/// `Double`, an `NSArray` as an `ArrayList`, an `NSDictionary` as a `HashMap`. Where the slot
/// declares the class (a typed field, a `List<Integer>`'s elements) the reader converts to it;
/// where it does not (the root, an `Object` field, a raw `List`'s elements) and the form would
/// read back as another class, the value is archived as an object of its registration's archive
/// class whose one key, `$value`, holds the Foundation form: `{$class: java.lang.Integer,
/// $value: 5}`, `{$class: [I, $value: UID of an NSArray}`.
extension KeyedArchiveWriter {
    /// Writes `value` in its Foundation form, with its class when the slot `declared` does not
    /// tell it (see above), and returns its UID; `nil` when `value` has no Foundation form.
    func archivePlain(_ value: Any, declared: DeclaredType?) throws -> Int? {
        // A sorted collection in another order than the natural one: its class and comparator
        // beside its form, which alone would read back in natural order.
        if ComparatorOrderedTypes.contains(Swift.type(of: value)),
            let ordered = value as? any JavaComparatorOrdered, ordered.comparator != .natural,
            let registration = registry.registration(forValue: value), registration.usesDefaultSerializer
        {
            return try archiveClassed(
                value, as: registration, generics: declared?.genericArguments ?? [], comparator: ordered.comparator)
        }
        guard let declared else { return try archiveFoundationValue(value) }
        if let registration = classNeeded(for: value, in: declared) {
            return try archiveClassed(value, as: registration, generics: declared.genericArguments)
        }
        return try archiveFoundationValue(value, generics: declared.genericArguments)
    }

    /// The registration whose class `value` must be archived with in a slot of type `declared`,
    /// or `nil` when reading its Foundation form there gives a value of the same Java class: the
    /// declared type's class in a typed slot, else the class the form reads as (an integer a
    /// `Long`, an `NSArray` an `ArrayList`…). Only where reading by the class gives back a value
    /// of the same Swift type.
    func classNeeded(for value: Any, in declared: DeclaredType) -> Registration? {
        if !keepsJavaClasses || declared.finality == .final { return nil }
        let type = Swift.type(of: value)
        let untyped = declared.swiftType == Any.self
        if !untyped, type == declared.swiftType, !DynamicArray.isArray(value, ofAnotherClassThan: declared) {
            return nil
        }
        // Objects of the dynamic path name their class already.
        if type == DynamicObject.self || type == DynamicEnum.self { return nil }
        guard let registration = registry.registration(forValue: value),
            let readType = untypedReadType(of: value, registration)
        else { return nil }
        let readAs =
            untyped
            ? registry.registration(for: readType)?.javaName : registry.registration(forDeclared: declared)?.javaName
        guard registration.javaName != readAs,
            registry.registration(forClassedValueNamed: registration.archiveClass.name)?.swiftType == type
        else { return nil }
        return registration
    }

    /// The Swift type a reader gives for the Foundation form of `value` in a slot that declares
    /// nothing; `nil` when `value` has no Foundation form that could need its class.
    private func untypedReadType(of value: Any, _ registration: Registration) -> (any Any.Type)? {
        let type = Swift.type(of: value)
        if let plain = KeyedArchiveWriter.plainReadTypes[ObjectIdentifier(type)] { return plain }
        if let collection = value as? any KeyedArchiveCollection { return collection.untypedReadType(in: registry) }
        // An array of a schema's class (the dynamic path): an `NSArray`, which reads as a list.
        if type == DynamicArray.self { return [Any?].self }
        // Other lists and maps take a Foundation form only with their default serializer.
        guard registration.usesDefaultSerializer else { return nil }
        if value is any AnyEntriesExposing { return registry.untypedMapReadType }
        if value is any AnyElementsExposing { return [Any?].self }
        return nil
    }

    /// What the inline forms of Swift values read back as: every integer as `Int`, every real as
    /// `Double`.
    private static let plainReadTypes: [ObjectIdentifier: any Any.Type] = {
        var types: [ObjectIdentifier: any Any.Type] = [:]
        let integers: [any Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
            UInt64.self,
        ]
        for integer in integers { types[ObjectIdentifier(integer)] = Int.self }
        types[ObjectIdentifier(Float.self)] = Double.self
        types[ObjectIdentifier(Double.self)] = Double.self
        let themselves: [any Any.Type] = [
            String.self, Bool.self, Data.self, Date.self, URL.self, UUID.self, FoundationValue.self,
        ]
        for type in themselves { types[ObjectIdentifier(type)] = type }
        return types
    }()

    /// An object of `registration`'s archive class holding the Foundation form of `value` under
    /// `$value`: a number or boolean inline, anything else by reference. A value with identity is
    /// tracked by the object, so that every reference to it shares the one object. A sorted
    /// collection's `comparator`, when given, is archived beside it (``KeyedArchiveKeys/comparator``).
    private func archiveClassed(
        _ value: Any, as registration: Registration, generics: [DeclaredType], comparator: JavaComparator? = nil
    ) throws -> Int {
        try archiveObject(registration.archiveClass, identity: identity(of: value, registration)) { writer in
            if let comparator {
                let uid = try writer.at(KeyedArchiveKeys.comparator) {
                    try writer.archiveElement(comparator.javaValue, declared: .object)
                }
                writer.storeRaw(.uid(UInt64(uid)), forKey: KeyedArchiveKeys.comparator)
            }
            let key = KeyedArchiveKeys.classedValue
            if let number = value as? any JavaPrimitive {
                writer.storeRaw(KeyedArchiveWriter.propertyListNumber(number), forKey: key)
                return
            }
            guard let uid = try writer.at(key, { try writer.archiveFoundationValue(value, generics: generics) }) else {
                throw SerializationError(
                    .unsupported, expected: "a value with a Foundation form",
                    found: ValueConversion.describeType(of: value), path: writer.path)
            }
            writer.storeRaw(.uid(UInt64(uid)), forKey: key)
        }
    }
}

extension Registry {
    /// The registration a value archived with its class names: by archive class name, else by
    /// Java class name (a library class such as `java.lang.Integer` or `[I` is not registered by
    /// archive name). What the writer checks and the reader resolves, so both agree.
    func registration(forClassedValueNamed name: String) -> Registration? {
        registration(forArchiveClassName: name) ?? registration(forJavaName: name)
    }

    /// The Swift type a map read from an archive becomes in a slot that declares nothing
    /// (``mapValue(_:declared:)``).
    var untypedMapReadType: any Any.Type {
        untypedMapKeepsOrder ? OrderedDictionary<AnyHashable, Any?>.self : [AnyHashable: Any?].self
    }
}
