import Foundation
import SwiftKryo
import Testing

/// The JDK collection types (Class, EnumSet, TreeMap, TreeSet, LinkedHashMap/Set, Java's empty and
/// singleton collections) without the Java peer: bad input and the Swift-side models. Their bytes
/// are checked against Java Kryo 2.20 in JavaInteropTests (`PeerCases.jdkCollections`).
@Suite struct JDKCollectionTests {
    enum Shade: JavaEnum {
        case light, dark
        static let javaClassName = "test.Shade"
    }

    enum Other: JavaEnum {
        case one
        static let javaClassName = "test.Other"
    }

    /// Sorts strings by length, then naturally: a Java comparator class Swift knows.
    struct ByLength: JavaKeyComparator, JavaRepresentable {
        static let javaClassName = "test.ByLength"
        static var defaultSerializer: AnySerializer { AnySerializer(ByLengthSerializer()) }
        func areInIncreasingOrder(_ lhs: Any, _ rhs: Any) -> Bool {
            let left = lhs as? String ?? ""
            let right = rhs as? String ?? ""
            return (left.count, left) < (right.count, right)
        }
    }

    /// A comparator without fields: nothing to write.
    struct ByLengthSerializer: Serializer {
        func write(_ value: ByLength, to writer: any ValueWriter) throws {}
        func read(from reader: any ValueReader) throws -> ByLength { ByLength() }
    }

    let codec: KryoCodec

    init() throws {
        codec = KryoCodec(
            registry: try Registry {
                Register(Shade.self)
                Register(Other.self)
                Register(ByLength.self)
            })
    }

    /// The bytes of an unregistered class tag: `01`, a new name id, the name.
    private func className(_ javaName: String, id: UInt8 = 0) -> [UInt8] {
        let output = KryoOutput()
        output.writeByte(0x01)
        output.writeByte(id)
        output.writeString(javaName)
        return output.buffer
    }

    /// An object of an unregistered class, references on: its class tag and the new-object marker.
    private func named(_ javaName: String) -> [UInt8] { className(javaName) + [0x01] }

    private func string(_ value: String) -> [UInt8] {
        let output = KryoOutput()
        output.writeString(value)
        return output.buffer
    }

    // MARK: Class

    @Test func classValuesRoundTrip() throws {
        for name in ["java.lang.String", "int", "long", "test.Shade", "com.example.Unknown", "[J"] {
            let bytes = try codec.encode(JavaClass(name: name))
            #expect(try codec.decode(JavaClass.self, from: bytes) == JavaClass(name: name))
        }
        // Integer shares int's id, as in Java 2.20.
        let integer = try codec.encode(JavaClass(name: "java.lang.Integer"))
        #expect(integer == (try codec.encode(JavaClass(name: "int"))))
        #expect(try codec.decode(JavaClass.self, from: integer) == JavaClass(name: "int"))
        #expect(JavaClass(of: String.self) == JavaClass(name: "java.lang.String"))
    }

    @Test func aTruncatedClassIsAnError() throws {
        let error = try #require(decodeError(codec, named("java.lang.Class")))
        #expect(error.kind == .truncatedInput)
        #expect(error.offset != nil)
    }

    @Test func aClassWithAnUnknownIDIsAnError() throws {
        let error = try #require(decodeError(codec, named("java.lang.Class") + [0x7F]))
        #expect(error.kind == .unknownClassID)
        #expect(error.found.contains("125"))
    }

    @Test func anUnknownClassNameIsRefusedWhenRegistrationIsRequired() throws {
        let strict = KryoCodec(registry: codec.registry, options: SerializationOptions(registrationRequired: true))
        #expect(throws: SerializationError.self) { try strict.encode(JavaClass(name: "com.example.Unknown")) }
    }

    // MARK: EnumSet

    @Test func enumSetsRoundTripTypedAndUntyped() throws {
        let set: JavaEnumSet<Shade> = [.dark, .light]
        let bytes = try codec.encode(set)
        #expect(try codec.decode(JavaEnumSet<Shade>.self, from: bytes) == set)
        #expect(try codec.decode(Any?.self, from: bytes) as? JavaEnumSet<Shade> == set)
        #expect(set.inOrdinalOrder == [.light, .dark])
    }

    @Test func anEmptyEnumSetCannotBeWrittenAsInJava() throws {
        let error = try #require(throws: SerializationError.self) { try codec.encode(JavaEnumSet<Shade>()) }
        #expect(error.kind == .unsupported)
        #expect(error.found.contains("empty"))
    }

    private func enumSet(_ element: String, _ body: [UInt8]) -> [UInt8] {
        named("java.util.RegularEnumSet") + className(element, id: 1) + body
    }

    @Test func anEnumSetOrdinalOutOfRangeIsAnError() throws {
        let error = try #require(decodeError(codec, enumSet("test.Shade", [0x01, 0x03])))
        #expect(error.kind == .invalidValue)
        #expect(error.found == "ordinal 2")
        #expect(error.expected.contains("test.Shade"))
        let null = try #require(decodeError(codec, enumSet("test.Shade", [0x01, 0x00])))
        #expect(null.kind == .invalidValue)
    }

    @Test func anEnumSetLongerThanTheInputIsAnError() throws {
        let error = try #require(decodeError(codec, enumSet("test.Shade", [0x05, 0x01])))
        #expect(error.kind == .lengthExceedsInput)
        let truncated = try #require(decodeError(codec, enumSet("test.Shade", [])))
        #expect(truncated.kind == .truncatedInput)
    }

    @Test func anEnumSetOfAClassThatIsNoEnumIsAnError() throws {
        let unknown = try #require(decodeError(codec, enumSet("com.example.Mood", [0x01, 0x01])))
        #expect(unknown.kind == .unknownClassName)
        #expect(unknown.found.contains("com.example.Mood"))
        let string = try #require(decodeError(codec, named("java.util.RegularEnumSet") + [0x03, 0x01, 0x01]))
        #expect(string.kind == .unknownClassName)
        #expect(string.found.contains("java.lang.String"))
    }

    @Test func anEnumSetOfAnotherEnumIsATypeMismatch() throws {
        let bytes = try codec.encode(JavaEnumSet<Other>([.one]))
        let error = try #require(throws: SerializationError.self) {
            try codec.decode(JavaEnumSet<Shade>.self, from: bytes)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.found.contains("test.Other"))
    }

    // MARK: TreeMap and TreeSet

    @Test func aTreeMapKeepsItsKeysSorted() throws {
        var map = JavaTreeMap<String, Int32>(comparator: .reverse)
        for (index, key) in ["b", "d", "a", "c"].enumerated() { map[key] = Int32(index) }
        #expect(map.keys == ["d", "c", "b", "a"])
        map["b"] = nil
        #expect(map.keys == ["d", "c", "a"])
        let natural: JavaTreeMap<String, Int32> = ["\u{FFFF}": 1, "😀": 2, "a": 3]
        // Java compares strings by UTF-16 code unit: U+D83D (😀's first unit) sorts before U+FFFF.
        #expect(natural.keys == ["a", "😀", "\u{FFFF}"])
        // Java's Double.compare: NaN after everything (Swift keys cannot tell -0.0 from 0.0).
        let numbers: JavaTreeMap<Double, Int32> = [1: 1, -0.0: 2, .nan: 3, -5: 4]
        #expect(numbers.keys.map(\.bitPattern) == [-5, -0.0, 1, .nan].map { ($0 as Double).bitPattern })
    }

    @Test func aTreeMapRoundTripsWithItsComparator() throws {
        let map = JavaTreeMap(
            [(key: "bb", value: Int32(1)), (key: "a", value: 2), (key: "ccc", value: 3)],
            comparator: .custom(ByLength()))
        #expect(map.keys == ["a", "bb", "ccc"])
        let bytes = try codec.encode(map)
        let back = try codec.decode(JavaTreeMap<String, Int32>.self, from: bytes)
        #expect(back == map)
        #expect(back.comparator == .custom(ByLength()))
        let reversed = JavaTreeMap(map.map { $0 }, comparator: .reverse)
        #expect(try codec.decode(JavaTreeMap<String, Int32>.self, from: try codec.encode(reversed)) == reversed)
    }

    @Test func anUnknownComparatorClassIsAnErrorNamingIt() throws {
        let bytes =
            named("java.util.TreeMap") + className("java.lang.String$CaseInsensitiveComparator", id: 1) + [0x00]
        let error = try #require(decodeError(codec, bytes))
        #expect(error.kind == .unknownClassName)
        #expect(error.found.contains("java.lang.String$CaseInsensitiveComparator"))
    }

    @Test func aComparatorThatIsNoComparatorIsAnError() throws {
        // A String where the comparator goes (references are off for it: no marker).
        let bytes = named("java.util.TreeMap") + [0x03] + string("x") + [0x00]
        let error = try #require(decodeError(codec, bytes))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.contains("Comparator"))
    }

    @Test func aTreeMapWithMoreEntriesThanTheInputIsAnError() throws {
        let tooMany = try #require(decodeError(codec, named("java.util.TreeMap") + [0x00, 0x0A, 0x02, 0x02]))
        #expect(tooMany.kind == .lengthExceedsInput)
        let truncated = try #require(
            decodeError(codec, named("java.util.TreeMap") + [0x00, 0x02, 0x02, 0x02, 0x02, 0x02, 0x03]))
        #expect(truncated.kind == .truncatedInput)
        let noComparator = try #require(decodeError(codec, named("java.util.TreeMap")))
        #expect(noComparator.kind == .truncatedInput)
    }

    @Test func aTreeSetIsReadInNaturalOrder() throws {
        let set = JavaTreeSet(["a", "c", "b"], comparator: .reverse)
        #expect(Array(set) == ["c", "b", "a"])
        let back = try codec.decode(JavaTreeSet<String>.self, from: try codec.encode(set))
        #expect(Array(back) == ["a", "b", "c"])
        #expect(back.comparator == .natural)
        let error = try #require(decodeError(codec, named("java.util.TreeSet") + [0x03, 0x02]))
        #expect(error.kind == .lengthExceedsInput)
    }

    // MARK: LinkedHashMap and LinkedHashSet

    @Test func linkedCollectionsKeepInsertionOrder() throws {
        let map: OrderedDictionary<String, Int32> = ["z": 1, "a": 2, "m": 3]
        let back = try codec.decode(OrderedDictionary<String, Int32>.self, from: try codec.encode(map))
        #expect(back == map)
        #expect(back.keys.elements == ["z", "a", "m"])
        let set: OrderedSet<Int32> = [3, 1, 2]
        #expect(try codec.decode(OrderedSet<Int32>.self, from: try codec.encode(set)) == set)
    }

    @Test func aLinkedHashMapWithMoreEntriesThanTheInputIsAnError() throws {
        let error = try #require(decodeError(codec, named("java.util.LinkedHashMap") + [0x80, 0x01, 0x02, 0x02]))
        #expect(error.kind == .lengthExceedsInput)
        let truncated = try #require(decodeError(codec, named("java.util.LinkedHashSet") + [0x02, 0x02, 0x02]))
        #expect(truncated.kind == .truncatedInput)
    }

    // MARK: Collections.empty* and singleton*

    @Test func singletonsReadAsPlainValuesOrAsTheirWrappers() throws {
        let bytes = try codec.encode(JavaSingletonList("x"))
        #expect(try codec.decode([String].self, from: bytes) == ["x"])
        #expect(try codec.decode(JavaSingletonList<String>.self, from: bytes) == JavaSingletonList("x"))
        // A plain array never becomes a singleton list.
        #expect(try codec.encode(["x"]) != bytes)
        let map = try codec.encode(JavaSingletonMap(key: "k", value: Int32(1)))
        #expect(try codec.decode([String: Int32].self, from: map) == ["k": 1])
        #expect(try codec.decode([Int32].self, from: try codec.encode(JavaEmptyList())) == [])
        #expect(try codec.decode(Set<String>.self, from: try codec.encode(JavaEmptySet())) == [])
    }

    @Test func aTruncatedSingletonIsAnError() throws {
        for name in ["java.util.Collections$SingletonList", "java.util.Collections$SingletonSet"] {
            let error = try #require(decodeError(codec, named(name)))
            #expect(error.kind == .truncatedInput)
        }
        let map = try #require(decodeError(codec, named("java.util.Collections$SingletonMap") + [0x02, 0x02]))
        #expect(map.kind == .truncatedInput)
    }

    @Test func aSingletonSetOfNilIsAnError() throws {
        let error = try #require(decodeError(codec, named("java.util.Collections$SingletonSet") + [0x00]))
        #expect(error.kind == .typeMismatch)
        #expect(error.found == "nil")
    }

    @Test func readOnlyJavaClassesCannotBeWrittenFromPlainValues() throws {
        // Reading Java's class gives a plain array; writing that array writes an ArrayList.
        let plain = try codec.decode(Any?.self, from: named("java.util.Collections$EmptyList"))
        #expect(plain as? [Any?] != nil)
        let written = try codec.encode(plain)
        #expect(try codec.decode(Any?.self, from: written) as? [Any?] != nil)
        #expect(written.starts(with: className("java.util.ArrayList")))
    }
}
