/// `java.util.Collections.emptyList()`: written by name with no body. Java's empty and singleton
/// collections read as plain Swift values (`[Any?]`, `Set<AnyHashable>`, `[AnyHashable: Any?]`, or
/// the declared type); write one of these types to send Java exactly that class.
public struct JavaEmptyList: Hashable, Sendable {
    /// Creates the empty list.
    public init() {}
}

/// `java.util.Collections.emptySet()`: see ``JavaEmptyList``.
public struct JavaEmptySet: Hashable, Sendable {
    /// Creates the empty set.
    public init() {}
}

/// `java.util.Collections.emptyMap()`: see ``JavaEmptyList``.
public struct JavaEmptyMap: Hashable, Sendable {
    /// Creates the empty map.
    public init() {}
}

/// `java.util.Collections.singletonList(element)`: the element with its class. See ``JavaEmptyList``.
///
/// Java 2.20 reads the element before numbering the list, so a Java reader mis-resolves a later
/// back-reference to an object written after a singleton when references are on (the writer and
/// Swift's reader number them correctly; reference/kryo-wire.md §6).
public struct JavaSingletonList<Element> {
    /// The one element.
    public var element: Element

    /// Creates the list.
    public init(_ element: Element) { self.element = element }
}

/// `java.util.Collections.singleton(element)`: see ``JavaSingletonList``.
public struct JavaSingletonSet<Element: Hashable> {
    /// The one element.
    public var element: Element

    /// Creates the set.
    public init(_ element: Element) { self.element = element }
}

/// `java.util.Collections.singletonMap(key, value)`: the key, then the value, each with its class.
/// See ``JavaSingletonList``.
public struct JavaSingletonMap<Key: Hashable, Value> {
    /// The one key.
    public var key: Key
    /// Its value.
    public var value: Value

    /// Creates the map.
    public init(key: Key, value: Value) {
        self.key = key
        self.value = value
    }
}

extension JavaSingletonList: Equatable where Element: Equatable {}
extension JavaSingletonList: Hashable where Element: Hashable {}
extension JavaSingletonList: Sendable where Element: Sendable {}
extension JavaSingletonSet: Equatable {}
extension JavaSingletonSet: Hashable {}
extension JavaSingletonSet: Sendable where Element: Sendable {}
extension JavaSingletonMap: Equatable where Value: Equatable {}
extension JavaSingletonMap: Hashable where Value: Hashable {}
extension JavaSingletonMap: Sendable where Key: Sendable, Value: Sendable {}

extension JavaEmptyList: JavaRepresentable, AnyElementsExposing, AnyElementsConstructible {
    public static var javaClassName: String { "java.util.Collections$EmptyList" }
    public static var defaultSerializer: AnySerializer { AnySerializer(NoBodySerializer { JavaEmptyList() }) }
    package var anyElements: [Any?] { [] }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaEmptyList {
        guard elements.isEmpty else {
            throw SerializationError(.typeMismatch, expected: "no elements", found: "\(elements.count)")
        }
        return JavaEmptyList()
    }
}

extension JavaEmptySet: JavaRepresentable, AnyElementsExposing, AnyElementsConstructible {
    public static var javaClassName: String { "java.util.Collections$EmptySet" }
    public static var defaultSerializer: AnySerializer { AnySerializer(NoBodySerializer { JavaEmptySet() }) }
    package var anyElements: [Any?] { [] }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaEmptySet {
        guard elements.isEmpty else {
            throw SerializationError(.typeMismatch, expected: "no elements", found: "\(elements.count)")
        }
        return JavaEmptySet()
    }
}

extension JavaEmptyMap: JavaRepresentable, AnyEntriesExposing, AnyEntriesConstructible {
    public static var javaClassName: String { "java.util.Collections$EmptyMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(NoBodySerializer { JavaEmptyMap() }) }
    package var anyEntries: [(key: Any, value: Any?)] { [] }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> JavaEmptyMap {
        guard entries.isEmpty else {
            throw SerializationError(.typeMismatch, expected: "no entries", found: "\(entries.count)")
        }
        return JavaEmptyMap()
    }
}

extension JavaSingletonList: JavaRepresentable, AnyElementsExposing, AnyElementsConstructible {
    public static var javaClassName: String { "java.util.Collections$SingletonList" }
    public static var defaultSerializer: AnySerializer { AnySerializer(SingletonListSerializer<Element>()) }
    package var anyElements: [Any?] { [element] }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaSingletonList<Element> {
        guard elements.count == 1 else {
            throw SerializationError(.typeMismatch, expected: "one element", found: "\(elements.count)")
        }
        return JavaSingletonList(try convertElement(elements[0], to: Element.self))
    }
}

extension JavaSingletonSet: JavaRepresentable, AnyElementsExposing, AnyElementsConstructible {
    public static var javaClassName: String { "java.util.Collections$SingletonSet" }
    public static var defaultSerializer: AnySerializer { AnySerializer(SingletonSetSerializer<Element>()) }
    package var anyElements: [Any?] { [element] }
    package static func make(fromAnyElements elements: [Any?]) throws -> JavaSingletonSet<Element> {
        guard elements.count == 1 else {
            throw SerializationError(.typeMismatch, expected: "one element", found: "\(elements.count)")
        }
        return JavaSingletonSet(try convertElement(elements[0], to: Element.self))
    }
}

extension JavaSingletonMap: JavaRepresentable, AnyEntriesExposing, AnyEntriesConstructible {
    public static var javaClassName: String { "java.util.Collections$SingletonMap" }
    public static var defaultSerializer: AnySerializer { AnySerializer(SingletonMapSerializer<Key, Value>()) }
    package var anyEntries: [(key: Any, value: Any?)] { [(key: key as Any, value: value as Any?)] }
    package static func make(fromAnyEntries entries: [(key: Any, value: Any?)]) throws -> JavaSingletonMap<Key, Value> {
        guard entries.count == 1 else {
            throw SerializationError(.typeMismatch, expected: "one entry", found: "\(entries.count)")
        }
        return JavaSingletonMap(
            key: try convertElement(entries[0].key, to: Key.self),
            value: try convertElement(entries[0].value, to: Value.self))
    }
}

/// A value whose body is empty: Java's empty collections and stateless comparators.
struct NoBodySerializer<Value>: Serializer {
    let make: @Sendable () -> Value
    init(_ make: @escaping @Sendable () -> Value) { self.make = make }
    func write(_ value: Value, to writer: any ValueWriter) throws {}
    func read(from reader: any ValueReader) throws -> Value { make() }
}

/// Java's `CollectionsSingletonListSerializer`: the element via `writeClassAndObject`.
struct SingletonListSerializer<Element>: Serializer {
    func write(_ value: JavaSingletonList<Element>, to writer: any ValueWriter) throws {
        try writer.writeObject(value.element, forKey: "element")
    }
    func read(from reader: any ValueReader) throws -> JavaSingletonList<Element> {
        JavaSingletonList(try reader.readObject(Element.self, as: .object, forKey: "element"))
    }
}

/// Java's `CollectionsSingletonSetSerializer`: the element via `writeClassAndObject`.
struct SingletonSetSerializer<Element: Hashable>: Serializer {
    func write(_ value: JavaSingletonSet<Element>, to writer: any ValueWriter) throws {
        try writer.writeObject(value.element, forKey: "element")
    }
    func read(from reader: any ValueReader) throws -> JavaSingletonSet<Element> {
        JavaSingletonSet(try reader.readObject(Element.self, as: .object, forKey: "element"))
    }
}

/// Java's `CollectionsSingletonMapSerializer`: key and value, each via `writeClassAndObject`.
struct SingletonMapSerializer<Key: Hashable, Value>: Serializer {
    func write(_ value: JavaSingletonMap<Key, Value>, to writer: any ValueWriter) throws {
        try writer.writeObject(value.key, forKey: "key")
        try writer.writeObject(value.value, forKey: "value")
    }
    func read(from reader: any ValueReader) throws -> JavaSingletonMap<Key, Value> {
        let key = try reader.readObject(Key.self, as: .object, forKey: "key")
        return JavaSingletonMap(key: key, value: try reader.readObject(Value.self, as: .object, forKey: "value"))
    }
}

extension Registry {
    /// Java classes that read as plain Swift values but that Swift writes only through a wrapper
    /// type: Java's empty and singleton collections, and `EnumSet`s whose element type the input names.
    static let readOnlyNames: [String: Registration] = {
        func reading<S: Serializer>(_ javaName: String, _ serializer: S) -> (String, Registration) {
            (
                javaName,
                Registration(
                    swiftType: S.Value.self, id: nil, javaName: javaName, serializer: AnySerializer(serializer),
                    isFinal: false, tracksReferences: true)
            )
        }
        let entries: [(String, Registration)] = [
            reading(JavaEmptyList.javaClassName, NoBodySerializer { [] as [Any?] }),
            reading(JavaEmptySet.javaClassName, NoBodySerializer { [] as Set<AnyHashable> }),
            reading(JavaEmptyMap.javaClassName, NoBodySerializer { [:] as [AnyHashable: Any?] }),
            reading(JavaSingletonList<Any?>.javaClassName, PlainSingletonSerializer(kind: .list)),
            reading(JavaSingletonSet<AnyHashable>.javaClassName, PlainSingletonSerializer(kind: .set)),
            reading(JavaSingletonMap<AnyHashable, Any?>.javaClassName, PlainSingletonSerializer(kind: .map)),
            reading("java.util.RegularEnumSet", UntypedEnumSetSerializer()),
            reading("java.util.JumboEnumSet", UntypedEnumSetSerializer()),
        ]
        return Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }()
}

/// Reads a Java singleton collection as the plain Swift value an untyped read gives.
struct PlainSingletonSerializer: Serializer {
    enum Kind { case list, set, map }
    let kind: Kind

    func write(_ value: Any, to writer: any ValueWriter) throws {
        throw SerializationError(
            .unsupported, expected: "a JavaSingletonList, JavaSingletonSet or JavaSingletonMap",
            found: ValueConversion.describeType(of: value))
    }

    func read(from reader: any ValueReader) throws -> Any {
        switch kind {
        case .list:
            return [try reader.readObject(forKey: "element")] as [Any?]
        case .set:
            return [try reader.readObject(AnyHashable.self, as: .object, forKey: "element")] as Set<AnyHashable>
        case .map:
            let key = try reader.readObject(AnyHashable.self, as: .object, forKey: "key")
            return [key: try reader.readObject(forKey: "value")] as [AnyHashable: Any?]
        }
    }
}
