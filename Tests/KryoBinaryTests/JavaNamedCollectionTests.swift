import Foundation
import SwiftKryo
import Testing

/// `JavaCollection` and `JavaMap`: the JDK collections and maps Kryo writes with its
/// `CollectionSerializer` and `MapSerializer` keep their Java class through every backend and a
/// deep copy. (The bytes against Java Kryo 4 and 5 are in `JdkTypesPeerTests`.)
@Suite struct JavaNamedCollectionTests {
    static let formats: [SerializationFormat] = [
        .kryo(.v2), .kryo(.v4), .kryo(.v5), .keyedArchive(.binary), .keyedArchive(.xml), .readable(.json),
        .readable(.propertyList(.binary)), .readable(.propertyList(.xml)),
    ]

    static let options = SerializationOptions(references: true, registrationRequired: false)

    /// A list of every kind: a named collection inside a named map inside a list.
    static func graph() -> [Any?] {
        // A CopyOnWriteArrayList may hold null (an ArrayDeque may not: see below).
        let deque = JavaCollection<Any?>(
            javaClass: "java.util.concurrent.CopyOnWriteArrayList", [Int32(1), "two", nil])
        let map = JavaMap<AnyHashable, Any?>(
            javaClass: "java.util.concurrent.ConcurrentHashMap", ["deque": deque, "n": Int64(3)])
        return [map, JavaCollection<Any?>(javaClass: "java.util.Vector", ["a"]), deque]
    }

    static func check(_ value: Any?, _ format: SerializationFormat) throws {
        let list = try #require(value as? [Any?], "\(format)")
        #expect(list.count == 3)
        let map = try #require(list[0] as? JavaMap<AnyHashable, Any?>, "\(format)")
        #expect(map.javaClass == "java.util.concurrent.ConcurrentHashMap")
        #expect(map.entries.keys.elements == ["deque", "n"])
        #expect(ValueConversion.convert(map.entries["n"] ?? nil, to: Int64.self) == 3)
        let deque = try #require(map.entries["deque"] as? JavaCollection<Any?>, "\(format)")
        #expect(deque.javaClass == "java.util.concurrent.CopyOnWriteArrayList")
        #expect(ValueConversion.convert(deque.elements[0], to: Int32.self) == 1)
        #expect(deque.elements[1] as? String == "two")
        #expect(deque.elements[2] == nil)
        let vector = try #require(list[1] as? JavaCollection<Any?>, "\(format)")
        #expect(vector.javaClass == "java.util.Vector" && vector.elements.map { $0 as? String } == ["a"])
    }

    @Test("A named collection and map keep their class and contents", arguments: formats)
    func roundTrip(_ format: SerializationFormat) throws {
        let registry = try Registry()
        let bytes = try registry.encode(Self.graph(), as: format, options: Self.options)
        let back = try registry.decode(Any?.self, from: bytes, as: format, options: Self.options)
        // Keyed archives hold Apple's forms unless asked to keep Java classes: nested in a list,
        // a named collection is an `NSArray` there (checked below with the classes kept).
        if format.family != .keyedArchive { try Self.check(back, format) }
        // Written again, the same bytes.
        #expect(try registry.encode(back, as: format, options: Self.options) == bytes, "\(format)")
    }

    @Test(
        "Keyed archives that keep Java classes keep a named collection's",
        arguments: [
            PropertyListFormat.binary, .xml,
        ])
    func keyedArchiveKeepingJavaClasses(_ format: PropertyListFormat) throws {
        var codec = KeyedArchiveCodec(registry: try Registry(), format: format, options: Self.options)
        codec.keepsJavaClasses = true
        let bytes = try codec.encode(Self.graph())
        let back = try codec.decode(Any?.self, from: bytes)
        try Self.check(back, .keyedArchive(format == .binary ? .binary : .xml))
        #expect(try codec.encode(back) == bytes)
    }

    @Test func typedElementsTakeTheClassOfTheirValue() throws {
        let registry = try Registry()
        let codec = KryoCodec(registry: registry, dialect: .v5, options: Self.options)
        let typed = try codec.encode(JavaCollection(javaClass: "java.util.Stack", ["x", "y"] as [String]))
        let untyped = try codec.encode(JavaCollection<Any?>(javaClass: "java.util.Stack", ["x", "y"]))
        #expect(typed == untyped)
        let back = try #require(try codec.decode(Any?.self, from: typed) as? JavaCollection<Any?>)
        #expect(back.javaClass == "java.util.Stack")
    }

    /// Kryo 5 writes a list's element class once when every element has the same class: elements
    /// of one Swift type that each choose their Java class are not of one class.
    @Test func elementsOfOneSwiftTypeWithTheirOwnClassesKeepThem() throws {
        let codec = KryoCodec(registry: try Registry(), dialect: .v5, options: Self.options)
        let list: [Any?] = [
            JavaCollection<Any?>(javaClass: "java.util.Vector", ["a"]),
            JavaCollection<Any?>(javaClass: "java.util.Vector", ["b"]), nil,
            JavaCollection<Any?>(javaClass: "java.util.ArrayDeque", ["c"]),
        ]
        let bytes = try codec.encode(list)
        let back = try #require(try codec.decode(Any?.self, from: bytes) as? [Any?])
        #expect(
            back.map { ($0 as? JavaCollection<Any?>)?.javaClass } == [
                "java.util.Vector", "java.util.Vector", nil, "java.util.ArrayDeque",
            ])
        // Of one class, they share it: the class once, then a nil flag and the elements.
        let same: [Any?] = [
            JavaCollection<Any?>(javaClass: "java.util.Stack", ["a"]), nil,
            JavaCollection<Any?>(javaClass: "java.util.Stack", ["b"]),
        ]
        let sameBack = try #require(try codec.decode(Any?.self, from: try codec.encode(same)) as? [Any?])
        #expect(
            sameBack.map { ($0 as? JavaCollection<Any?>)?.javaClass } == ["java.util.Stack", nil, "java.util.Stack"])
        #expect(try codec.encode(sameBack) == (try codec.encode(same)))
    }

    @Test func typedImmutableCollectionsAreWrittenAsTheirClass() throws {
        let codec = KryoCodec(registry: try Registry(), dialect: .v5, options: Self.options)
        let typed = try codec.encode(JavaImmutableList(["x", "y"] as [String]))
        #expect(typed == (try codec.encode(JavaImmutableList<Any?>(["x", "y"]))))
        let back = try #require(try codec.decode(Any?.self, from: typed) as? JavaImmutableList<Any?>)
        #expect(back.elements.map { $0 as? String } == ["x", "y"])
    }

    @Test func aDeepCopyKeepsTheClass() throws {
        let registry = try Registry()
        let copy = try registry.copy(Self.graph() as Any?, options: Self.options)
        try Self.check(copy, .kryo(.v5))
    }

    @Test func aClassNoSerializerKnowsIsRefusedWhenWritten() throws {
        let codec = KryoCodec(registry: try Registry(), dialect: .v5, options: Self.options)
        #expect(throws: SerializationError.self) {
            try codec.encode(JavaCollection<Any?>(javaClass: "com.example.MyList", ["x"]))
        }
    }

    @Test(
        "A null in a JDK collection or map that refuses null is an error where it is",
        // The formats with keys write these in their own forms (an `NSArray`, an `NSDictionary`);
        // Kryo's is where Java meets them.
        arguments: formats.filter { $0.family == .kryoBinary })
    func nullWhereJavaRefusesIt(_ format: SerializationFormat) throws {
        let registry = try Registry()
        let deque = JavaCollection<Any?>(javaClass: "java.util.ArrayDeque", ["a", nil])
        let dequeError = try #require(throws: SerializationError.self) {
            try registry.encode([deque] as [Any?], as: format, options: Self.options)
        }
        #expect(dequeError.expected == "an element (a java.util.ArrayDeque holds no null)", "\(format)")
        #expect(dequeError.path.suffix(1) == ["1"], "\(format): \(dequeError.path)")
        let map = JavaMap<AnyHashable, Any?>(javaClass: "java.util.concurrent.ConcurrentHashMap", ["k": nil])
        let mapError = try #require(throws: SerializationError.self) {
            try registry.encode(map, as: format, options: Self.options)
        }
        #expect(mapError.expected == "a value (a java.util.concurrent.ConcurrentHashMap holds no null)", "\(format)")
        // A Vector and a Hashtable's neighbour HashMap may.
        let vector = JavaCollection<Any?>(javaClass: "java.util.Vector", ["a", nil])
        #expect(
            try registry.decode(
                Any?.self, from: try registry.encode(vector, as: format, options: Self.options), as: format,
                options: Self.options) != nil)
    }
}
