import FoundationEssentials

/// Converts decoded values to the Swift types that fields and callers ask for.
///
/// A value decoded without a static type (an `ArrayList` read as `[Any?]`, say) is converted
/// element by element when a field declares `[SampleBean]`.
public enum ValueConversion {
    /// Removes optional wrapping hidden inside an `Any`, and the `AnyHashable` or ``DistinctKey``
    /// around a map key.
    ///
    /// Inlinable for its common case, a plain value (one look at its dynamic type), so that the
    /// value is not copied into and out of a call.
    @inlinable
    @inline(__always)
    package static func flatten(_ value: Any?) -> Any? {
        guard let plain = value else { return nil }
        let dynamicType = AnyClassReference.dynamicType(of: plain)
        if !isOptionalType(dynamicType), dynamicType != AnyHashable.self, dynamicType != DistinctKey.self {
            return plain
        }
        return unwrapped(plain)
    }

    /// ``flatten(_:)`` for a value that is an optional, an `AnyHashable` or a ``DistinctKey``.
    @usableFromInline
    static func unwrapped(_ value: Any) -> Any? {
        var current = value
        while isOptionalType(type(of: current)), let optional = current as? any OptionalProtocol {
            guard let inner = optional.wrappedAny else { return nil }
            current = inner
        }
        if type(of: current) == AnyHashable.self, let hashable = current as? AnyHashable {
            return flatten(hashable.base)
        }
        if let distinct = current as? DistinctKey { return flatten(distinct.key.base) }
        return current
    }

    /// Java's `null` as a key of an untyped map (a `HashMap` may hold one) or an element of an
    /// untyped set: an `AnyHashable` whose value is nil, which every writer flattens back to nil
    /// (``flatten(_:)``).
    package static var nullKey: AnyHashable { AnyHashable(Int8?.none) }

    /// `value` as an `Any?` that holds no optional: an `Any?` or `Any??` value (an element of
    /// `[Any?]`) is unwrapped without the protocol cast ``flatten(_:)`` makes.
    @inlinable
    package static func erase<T>(_ value: T?) -> Any? {
        guard let value else { return nil }
        if T.self == Any?.self { return unsafeBitCast(value, to: Any?.self) }
        if T.self == Any.self { return unsafeBitCast(value, to: Any.self) }
        return isOptionalType(T.self) ? flatten(value) : value
    }

    /// Whether `type` is an `Optional`, without a protocol-conformance lookup: the first word of a
    /// type's runtime metadata is its kind, and Swift's stable ABI gives `Optional` the kind 0x202
    /// (`2 | MetadataKindIsNonHeap`) on every platform. Called for every value the backends write.
    @inlinable
    @inline(__always)
    package static func isOptionalType(_ type: any Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x202
    }

    /// `value` when its dynamic type is exactly `T`, without a dynamic cast (which costs a few
    /// hundred instructions); `nil` otherwise, including for a subclass instance or an optional,
    /// which callers then cast.
    @inlinable
    package static func exactly<T>(_ value: Any, as type: T.Type) -> T? {
        if let object = AnyClassReference.exactly(value, as: T.self) { return object }
        func open<Dynamic>(_ opened: Dynamic) -> T? {
            Dynamic.self == T.self ? unsafeBitCast(opened, to: T.self) : nil
        }
        return open(value)
    }

    /// Converts `value` to `T`, or returns `nil` when it cannot.
    public static func convert<T>(_ value: Any?, to type: T.Type) -> T? {
        let flat = flatten(value)
        guard let flat else {
            if let optional = T.self as? any OptionalProtocol.Type { return optional.nilValue as? T }
            return nil
        }
        if let direct = flat as? T { return direct }
        if let shared = flat as? SharedString { return convert(shared.value, to: T.self) }
        if let shared = flat as? SharedValue { return convert(shared.value, to: T.self) }
        if let optional = T.self as? any OptionalProtocol.Type {
            // A value that does not convert is no value, not a nil one.
            guard let wrapped = convertToWrapped(flat, optional.wrappedType) else { return nil }
            return wrapped as? T
        }
        // A byte array a document lists as Java's signed bytes (`[0, 1, -1]`) or as unsigned ones.
        if T.self == Data.self, let source = flat as? any AnyElementsExposing {
            var bytes: [UInt8] = []
            for element in source.anyElements {
                guard let number = convert(element, to: Int64.self), (-128...255).contains(number) else { return nil }
                bytes.append(UInt8(truncatingIfNeeded: number))
            }
            return Data(bytes) as? T
        }
        if let target = T.self as? any AnyElementsConstructible.Type, let source = flat as? any AnyElementsExposing {
            return (try? target.make(fromAnyElements: source.anyElements)) as? T
        }
        if let target = T.self as? any AnyEntriesConstructible.Type, let source = flat as? any AnyEntriesExposing {
            return (try? target.make(fromAnyEntries: source.anyEntries)) as? T
        }
        // Java's BigDecimal, read untyped, wanted as Foundation's `Decimal`, and back.
        if T.self == Decimal.self, let big = flat as? JavaBigDecimal { return big.decimalValue as? T }
        if T.self == JavaBigDecimal.self, let decimal = flat as? Decimal {
            return JavaBigDecimal(decimal).flatMap { $0 as? T }
        }
        // A number a document gives for a BigDecimal or a BigInteger (`"price": 9.90`): its
        // shortest decimal text (`9.9`), as Java's `BigDecimal.valueOf(double)` takes it.
        if T.self == JavaBigDecimal.self, let integer = flat as? any BinaryInteger {
            return JavaBigDecimal("\(integer)") as? T
        }
        if T.self == JavaBigDecimal.self, let real = flat as? Double, real.isFinite {
            return JavaBigDecimal("\(real)") as? T
        }
        // Its digits (`"9.90"`), as a keyed archive or a plain map value gives them.
        if T.self == JavaBigDecimal.self, let text = flat as? String {
            return JavaBigDecimal(text).flatMap { $0 as? T }
        }
        if T.self == JavaBigInteger.self, let text = flat as? String {
            return JavaBigInteger(text).flatMap { $0 as? T }
        }
        if T.self == JavaBigInteger.self, let integer = flat as? any BinaryInteger {
            return JavaBigInteger(integer) as? T
        }
        // A property list's `<date>` (or an `NSDate`) for an `Instant`: the same point in time.
        if T.self == JavaInstant.self, let date = flat as? Date { return JavaInstant(date) as? T }
        // Integers of another width, when the value fits (self-describing formats store numbers
        // without their Swift width: an untyped list read from a keyed archive holds `Int`s).
        if let integerType = T.self as? any FixedWidthInteger.Type, let integer = flat as? any BinaryInteger {
            return integerType.init(exactly: integer) as? T
        }
        // A key of an untyped map or an element of an untyped set that Swift cannot hash (a
        // `List<String>` key, which Java hashes by its contents): in a box that is the key, by
        // identity, as each such key Java wrote is one object.
        if T.self == AnyHashable.self { return hashable(flat) as? T }
        // A Java map or list read without a static type, wanted as a Codable type (KryoCodable).
        return DecodableTarget<T>.conversion(of: flat)?.converted(flat) as? T
    }

    /// `value` as a key of an untyped map or an element of an untyped set: itself when Swift can
    /// hash it, else in a ``SharedValue`` that is the key by identity (a `List<String>` key, which
    /// Java hashes by its contents: each such key Java wrote is one object of its map).
    package static func hashable(_ value: Any) -> AnyHashable {
        value as? AnyHashable ?? AnyHashable(SharedValue(value))
    }

    /// Converts `value`, read as the plain form of a value of the Java class `javaClass`, to
    /// `T`: as ``convert(_:to:)``, but a type whose values keep their Java class
    /// (``/KryoCore/JavaCollection``, ``/KryoCore/JavaMap``) is made of that class.
    public static func convert<T>(_ value: Any?, to type: T.Type, javaClass: String) -> T? {
        if let target = T.self as? any JavaClassNamedConstructible.Type {
            return (try? target.make(from: flatten(value), javaClass: javaClass)) as? T
        }
        return convert(value, to: type)
    }

    private static func convertToWrapped(_ value: Any, _ wrapped: any Any.Type) -> Any? {
        func open<W>(_: W.Type) -> Any? { convert(value, to: W.self) }
        return open(wrapped)
    }

    /// The name of `type` a person who writes Java or documents knows: its Java class for a type
    /// with one (`java.lang.Integer` for `Int32`, `java.time.LocalDate`), else the Swift name.
    package static func javaTypeName(of type: any Any.Type) -> String {
        (type as? any JavaRepresentable.Type)?.javaClassName ?? "\(type)"
    }

    /// A short description of a value's type for error messages.
    @usableFromInline
    package static func describeType(of value: Any?) -> String {
        guard let value = flatten(value) else { return "nil" }
        // What a document or archive holds, in the words a person wrote it with.
        switch value {
        case let object as DynamicObject: return "an object of \(object.javaClass)"
        case let constant as DynamicEnum: return "a constant of \(constant.javaClass)"
        case let shared as SharedValue:
            // A collection still being read, which contains what holds it (an alias inside it to
            // an object that refers back to it).
            if shared.isOpen { return "a collection still being read (it contains this place, through an alias)" }
            return describeType(of: shared.value)
        case is String, is SharedString: return "a string"
        case is Bool: return "a boolean"
        case is Date: return "a date"
        case is Data: return "data (bytes)"
        case is any BinaryInteger, is Double, is Float: return "the number \(value)"
        case is any AnyEntriesExposing, is [AnyHashable: Any?], is [String: Any?]: return "a map"
        case is [Any?], is any AnyElementsExposing: return "a list"
        case let unknown as UnknownObject: return "an object of \(unknown.archiveClass.name)"
        case is URL: return "a URL"
        default: return "a value of type \(type(of: value))"
        }
    }
}

/// A collection whose elements can be listed without knowing their type.
package protocol AnyElementsExposing {
    /// The elements, boxed.
    var anyElements: [Any?] { get }
}

/// A collection that can be built from boxed elements, converting each.
package protocol AnyElementsConstructible {
    /// Builds the collection, or throws when an element does not convert.
    static func make(fromAnyElements elements: [Any?]) throws -> Self
}

/// A value made of a plain collection or map and the Java class it was stored with
/// (``JavaCollection``, ``JavaMap``): the self-describing formats store the class beside the
/// plain form.
package protocol JavaClassNamedConstructible {
    /// The value of the Java class `javaClass` whose plain form is `value`, or `nil` when `value`
    /// is not of the plain form; throws when an element does not convert.
    static func make(from value: Any?, javaClass: String) throws -> Self?
}

/// A map whose entries can be listed without knowing their types.
package protocol AnyEntriesExposing {
    /// The entries, boxed.
    var anyEntries: [(key: Any, value: Any?)] { get }
}

/// A map that can be built from boxed entries, converting each.
package protocol AnyEntriesConstructible {
    /// Builds the map, or throws when a key or value does not convert.
    static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> Self
}

/// The elements of a set, each converted to `Element`; elements Swift calls equal and Java does
/// not (`"\u{E9}"` and `"e\u{301}"`, `1` and `1L`) stay apart (``DistinctKey``).
func convertedSetElements<Element>(_ elements: [Any?], to _: Element.Type) throws -> [Element] {
    DistinctKey.keptApart(try elements.map { try convertElement($0, to: Element.self) })
}

/// The entries of a map, each key and value converted; keys Swift calls equal and Java does not
/// stay apart (``DistinctKey``).
func convertedMapEntries<Key, Value>(_ entries: [(key: Any, value: Any?)], to _: Key.Type, _: Value.Type) throws
    -> [(key: Key, value: Value)]
{
    let keys = DistinctKey.keptApart(try entries.map { try convertElement($0.key, to: Key.self) })
    return try zip(keys, entries).map { key, entry in (key: key, value: try convertElement(entry.value, to: Value.self))
    }
}

func convertElement<T>(_ value: Any?, to type: T.Type) throws -> T {
    // Java's null in an untyped set or as a map key (a `HashSet` holds one).
    if T.self == AnyHashable.self, ValueConversion.flatten(value) == nil, let key = ValueConversion.nullKey as? T {
        return key
    }
    guard let converted = ValueConversion.convert(value, to: T.self) else {
        throw SerializationError(.typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value))
    }
    return converted
}

extension Array: AnyElementsExposing {
    package var anyElements: [Any?] { map { $0 } }
}

extension Array: AnyElementsConstructible {
    package static func make(fromAnyElements elements: [Any?]) throws -> [Element] {
        try elements.map { try convertElement($0, to: Element.self) }
    }
}

extension Set: AnyElementsExposing {
    package var anyElements: [Any?] { map { $0 } }
}

extension Set: AnyElementsConstructible {
    package static func make(fromAnyElements elements: [Any?]) throws -> Set<Element> {
        Set(try convertedSetElements(elements, to: Element.self))
    }
}

extension Dictionary: AnyEntriesExposing {
    package var anyEntries: [(key: Any, value: Any?)] { map { (key: $0.key as Any, value: $0.value as Any?) } }
}

extension Dictionary: AnyEntriesConstructible {
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> [Key: Value] {
        var result: [Key: Value] = [:]
        result.reserveCapacity(entries.count)
        for (key, value) in try convertedMapEntries(entries, to: Key.self, Value.self) {
            result.updateValue(value, forKey: key)
        }
        return result
    }
}
