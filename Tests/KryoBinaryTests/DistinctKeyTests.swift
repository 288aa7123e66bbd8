import Foundation
import SwiftKryo
import Testing

/// Java's `Integer 1`, `Long 1`, `Short 1`, `Byte 1`, `Double 1.0` and `Float 1.0` are six keys of
/// one `HashMap`, but Swift's `AnyHashable` calls them equal: the dynamic path keeps them apart
/// (`DistinctKey`) so that no entry is lost. The bytes are what the real jars (2.20, 4.0.3, 5.6.2)
/// wrote for `Twins{a = HashMap{1.0d, 1.0f, 1, 1L, (short) 1, (byte) 1}, b = HashSet{2.0d, 2, 2L}}`,
/// unregistered, references on.
@Suite struct DistinctKeyTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$Twins, fields: {a: Object, b: Object}}
        """
    static let head =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 54 77 69 6e f3 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 "
    static let kryo2 =
        head
        + "06 0a 3f f0 00 00 00 00 00 00 03 01 64 6f 75 62 6c e5 04 3f 80 00 00 03 01 66 6c 6f 61 f4 02 02 03 01 69 6e f4 "
        + "09 02 03 01 6c 6f 6e e7 08 00 01 03 01 73 68 6f 72 f4 06 01 03 01 62 79 74 e5 01 02 6a 61 76 61 2e 75 74 69 6c "
        + "2e 48 61 73 68 53 65 f4 01 03 0a 40 00 00 00 00 00 00 00 02 04 09 04"
    static let kryo5 =
        head
        + "07 0a 00 00 00 00 00 00 f0 3f 03 01 64 6f 75 62 6c e5 04 00 00 80 3f 03 01 66 6c 6f 61 f4 02 02 03 01 69 6e f4 "
        + "09 02 03 01 6c 6f 6e e7 08 01 00 03 01 73 68 6f 72 f4 06 01 03 01 62 79 74 e5 01 02 6a 61 76 61 2e 75 74 69 6c "
        + "2e 48 61 73 68 53 65 f4 01 04 0a 00 00 00 00 00 00 00 40 02 04 09 04"

    @Test(arguments: [(KryoDialect.v2, kryo2), (.v4, kryo2), (.v5, kryo5)])
    func numbersOfDifferentJavaTypesStayDifferentKeys(dialect: KryoDialect, hex: String) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let twins = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let map = try #require(twins["a"] as? OrderedDictionary<AnyHashable, Any?>, "\(String(describing: twins["a"]))")
        #expect(map.count == 6)
        let entries = map.elements.map {
            (ValueConversion.flatten($0.key).map { "\(type(of: $0))" }, $0.value as? String)
        }
        #expect(entries.map(\.0) == ["Double", "Float", "Int32", "Int64", "Int16", "Int8"])
        #expect(entries.map(\.1) == ["double", "float", "int", "long", "short", "byte"])
        // The first key is as read; the later ones are kept apart from it.
        #expect(map.keys.first?.base is Double)
        #expect(map.keys.dropFirst().allSatisfy { $0.base is DistinctKey })
        #expect(map[AnyHashable(1.0)] as? String == "double")
        #expect(map[AnyHashable(DistinctKey(AnyHashable(Int64(1))))] as? String == "long")
        let set = try #require(twins["b"] as? OrderedSet<AnyHashable>, "\(String(describing: twins["b"]))")
        #expect(set.map { ValueConversion.flatten($0).map { "\(type(of: $0))" } } == ["Double", "Int32", "Int64"])

        #expect(try codec.encode(twins) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let document = try readable.encode(twins)
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
        var keyed = KeyedArchiveCodec(registry: codec.registry, options: SerializationOptions(references: true))
        keyed.keepsJavaClasses = true
        let back = try keyed.decode(Any?.self, from: try keyed.encode(twins))
        #expect(try codec.encode(back) == bytes, "\(String(describing: back))")
    }

    @Test func keysOfOneTypeAreLeftAsTheyAre() {
        let keys: [AnyHashable] = [Int32(1), Int32(2), Int32(1)]
        #expect(DistinctKey.keptApart(keys).allSatisfy { !($0.base is DistinctKey) })
        let mixed: [AnyHashable] = ["a", Int32(1), Int64(2), Int64(1), Int16(1)]
        let apart = DistinctKey.keptApart(mixed)
        #expect(apart.map { $0.base is DistinctKey } == [false, false, false, true, true])
        #expect(Set(apart).count == 5)
    }
}
