import FoundationEssentials
import OrderedCollections

// How the library's serializers copy (``Serializer/copy(_:with:)``). Immutable values return
// themselves; containers copy their contents through the copier.

/// Copies of containers that the library's serializers share.
@usableFromInline
enum ContainerCopy {
    /// Whether values of `type` are the same after a copy as before: trivial types and strings.
    @inlinable
    static func isShared(_ type: Any.Type) -> Bool { _isPOD(type) || type == String.self }

    /// A copy of a container that lists and rebuilds its contents without knowing their types
    /// (``AnyElementsExposing`` and ``AnyElementsConstructible``, or the entries' protocols); `nil`
    /// for other values.
    static func byContents<Value>(_ value: Value, with copier: ValueCopier) throws -> Value? {
        if let exposing = value as? any AnyElementsExposing,
            let constructible = Value.self as? any AnyElementsConstructible.Type
        {
            var elements: [Any?] = []
            elements.reserveCapacity(exposing.anyElements.count)
            for (index, element) in exposing.anyElements.enumerated() {
                do {
                    elements.append(try copier.copy(element))
                } catch {
                    throw copier.leaving("[\(index)]", with: error)
                }
            }
            if let ordered = value as? any JavaComparatorOrdered,
                let orderedType = Value.self as? any JavaComparatorOrdered.Type
            {
                // In the original's order: its comparator's, or, when that is unknown, as it is.
                return try orderedType.make(keeping: elements, in: ordered.comparator) as? Value
            }
            return try constructible.make(fromAnyElements: elements) as? Value
        }
        if let exposing = value as? any AnyEntriesExposing,
            let constructible = Value.self as? any AnyEntriesConstructible.Type
        {
            let entries = try exposing.anyEntries.map { entry in
                (key: try copier.copy(entry.key), value: try copier.copy(entry.value))
            }
            if let ordered = value as? any JavaComparatorOrdered,
                let orderedType = Value.self as? any JavaComparatorOrdered.Type
            {
                return try orderedType.make(keeping: entries, in: ordered.comparator) as? Value
            }
            return try constructible.make(fromAnyEntries: entries) as? Value
        }
        return nil
    }

    /// The entries of a map, each key and value copied, with the key in the error path.
    @inlinable
    static func entries<Key, Value>(
        _ entries: some Sequence<(key: Key, value: Value)>, count: Int, with copier: ValueCopier
    ) throws -> [(key: Key, value: Value)] {
        var result: [(key: Key, value: Value)] = []
        result.reserveCapacity(count)
        for (key, element) in entries {
            let copiedKey = try copier.copy(key)
            do {
                result.append((copiedKey, try copier.copy(element)))
            } catch {
                throw copier.leaving("\(key)", with: error)
            }
        }
        return result
    }

    /// The elements of `value`, each copied, with its index in the error path.
    @inlinable
    static func elements<S: Sequence>(_ value: S, with copier: ValueCopier) throws -> [S.Element] {
        var result: [S.Element] = []
        result.reserveCapacity(value.underestimatedCount)
        for element in value {
            do {
                result.append(try copier.copy(element))
            } catch {
                throw copier.leaving("[\(result.count)]", with: error)
            }
        }
        return result
    }
}

extension CollectionSerializer {
    /// Copies each element into a new collection (a list of strings or numbers is shared: Swift
    /// copies it on write).
    @inlinable
    public func copy(_ value: C, with copier: ValueCopier) throws -> C {
        if ContainerCopy.isShared(Element.self), !(C.self is AnyClass) { return value }
        var elements: [Element] = []
        elements.reserveCapacity(value.count)
        let slot = element.open
        for item in value {
            do {
                elements.append(try copier.copy(item, in: slot))
            } catch {
                throw copier.leaving("[\(elements.count)]", with: error)
            }
        }
        return C(javaElements: elements)
    }
}

extension MapSerializer {
    /// Copies each key and value into a new dictionary.
    @inlinable
    public func copy(_ value: [Key: Value], with copier: ValueCopier) throws -> [Key: Value] {
        if ContainerCopy.isShared(Key.self), ContainerCopy.isShared(Value.self) { return value }
        let entries = try ContainerCopy.entries(value, count: value.count, with: copier)
        return Dictionary(entries, uniquingKeysWith: { $1 })
    }
}

extension OrderedMapSerializer {
    /// Copies each key and value into a new dictionary, in the same order.
    public func copy(
        _ value: OrderedDictionary<Key, Value>, with copier: ValueCopier
    ) throws -> OrderedDictionary<Key, Value> {
        if ContainerCopy.isShared(Key.self), ContainerCopy.isShared(Value.self) { return value }
        let entries = try ContainerCopy.entries(value.elements, count: value.count, with: copier)
        return OrderedDictionary(entries, uniquingKeysWith: { $1 })
    }
}

extension JavaArraySerializer {
    /// Copies each element into a new array.
    public func copy(_ value: JavaArray<Element>, with copier: ValueCopier) throws -> JavaArray<Element> {
        if ContainerCopy.isShared(Element.self) { return value }
        return JavaArray(try ContainerCopy.elements(value.elements, with: copier))
    }
}

extension DynamicArraySerializer {
    func copy(_ value: DynamicArray, with copier: ValueCopier) throws -> DynamicArray {
        DynamicArray(javaClass: value.javaClass, try ContainerCopy.elements(value.elements, with: copier))
    }
}

extension JavaOptionalSerializer {
    /// Copies the wrapped value.
    public func copy(_ value: JavaOptional<Wrapped>, with copier: ValueCopier) throws -> JavaOptional<Wrapped> {
        JavaOptional(try copier.copy(value.value))
    }
}

extension DynamicBeanSerializer {
    /// A new object of the same class, each field copied.
    func copy(_ value: DynamicObject, with copier: ValueCopier) throws -> DynamicObject {
        let made = DynamicObject(javaClass: value.javaClass)
        copier.reference(made)
        made.fields.reserveCapacity(value.fields.count)
        for (name, field) in value.fields {
            do {
                made.fields.updateValue(try copier.copy(field), forKey: name)
            } catch {
                throw copier.leaving(name, with: error)
            }
        }
        return made
    }
}

// Immutable values: the value is its own copy.

extension StringSerializer {
    /// The string itself.
    public func copy(_ value: String, with copier: ValueCopier) -> String { value }
}

extension EnumSerializer {
    /// The constant itself (Java's enum constants are singletons).
    public func copy(_ value: Value, with copier: ValueCopier) -> Value { value }
}

extension EnumSetSerializer {
    /// The set itself (a value of constants).
    public func copy(_ value: JavaEnumSet<Element>, with copier: ValueCopier) -> JavaEnumSet<Element> { value }
}

extension DynamicEnumSerializer {
    func copy(_ value: DynamicEnum, with copier: ValueCopier) -> DynamicEnum { value }
}

extension DynamicEnumSetSerializer {
    func copy(_ value: DynamicEnumSet, with copier: ValueCopier) -> DynamicEnumSet { value }
}

extension PrimitiveArraySerializer {
    /// The array itself (Swift copies it on write).
    public func copy(_ value: [Element], with copier: ValueCopier) -> [Element] { value }
}

extension DataSerializer {
    /// The data itself (Swift copies it on write).
    public func copy(_ value: Data, with copier: ValueCopier) -> Data { value }
}

extension ByteArraySerializer {
    func copy(_ value: [UInt8], with copier: ValueCopier) -> [UInt8] { value }
}

extension DateSerializer {
    /// The date itself.
    public func copy(_ value: Date, with copier: ValueCopier) -> Date { value }
}

extension InstantDateSerializer {
    /// The date itself.
    public func copy(_ value: Date, with copier: ValueCopier) -> Date { value }
}

extension URLSerializer {
    /// The URL itself.
    public func copy(_ value: URL, with copier: ValueCopier) -> URL { value }
}

extension UUIDSerializer {
    /// The UUID itself.
    public func copy(_ value: UUID, with copier: ValueCopier) -> UUID { value }
}

extension LocaleSerializer {
    /// The locale itself.
    public func copy(_ value: Locale, with copier: ValueCopier) -> Locale { value }
}

extension CurrencySerializer {
    /// The currency itself.
    public func copy(_ value: Locale.Currency, with copier: ValueCopier) -> Locale.Currency { value }
}

extension TimeZoneSerializer {
    /// The time zone itself.
    public func copy(_ value: TimeZone, with copier: ValueCopier) -> TimeZone { value }
}

extension BigIntegerSerializer {
    /// The number itself.
    public func copy(_ value: JavaBigInteger, with copier: ValueCopier) -> JavaBigInteger { value }
}

extension BigDecimalSerializer {
    /// The number itself.
    public func copy(_ value: Decimal, with copier: ValueCopier) -> Decimal { value }
}

extension JavaBigDecimalSerializer {
    /// The number itself.
    public func copy(_ value: JavaBigDecimal, with copier: ValueCopier) -> JavaBigDecimal { value }
}

extension CalendarSerializer {
    /// The calendar value itself.
    public func copy(_ value: JavaCalendar, with copier: ValueCopier) -> JavaCalendar { value }
}

extension CharSequenceSerializer {
    /// The text value itself (a Swift value holding a string).
    public func copy(_ value: Text, with copier: ValueCopier) -> Text { value }
}

extension ClassSerializer {
    /// The class itself.
    public func copy(_ value: JavaClass, with copier: ValueCopier) -> JavaClass { value }
}

extension CharsetSerializer {
    /// The charset itself.
    public func copy(_ value: JavaCharset, with copier: ValueCopier) -> JavaCharset { value }
}

extension BitSetSerializer {
    /// The bit set itself (a value).
    public func copy(_ value: JavaBitSet, with copier: ValueCopier) -> JavaBitSet { value }
}

extension JavaValueSerializer {
    /// The `java.time` value itself (immutable).
    func copy(_ value: Value, with copier: ValueCopier) -> Value { value }
}

extension TreeMapSerializer {
    /// Copies each key and value into a new map with the same order (its comparator is shared:
    /// a comparator holds no state a copy could change).
    public func copy(_ value: JavaTreeMap<Key, Value>, with copier: ValueCopier) throws -> JavaTreeMap<Key, Value> {
        if ContainerCopy.isShared(Key.self), ContainerCopy.isShared(Value.self) { return value }
        let entries = try ContainerCopy.entries(value, count: value.count, with: copier)
        return JavaTreeMap(entries, comparator: value.comparator)
    }
}
