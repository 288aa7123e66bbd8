import Foundation
import SwiftKryo
import Testing

/// Kryo 5's `EnumMapSerializer`, which a program registers with the key's enum class
/// (`kryo.register(EnumMap.class, new EnumMapSerializer(Role.class), 60)`), writes
/// `MapSerializer`'s body: an `EnumMap` reads as a ``JavaMap`` of that class, in a field declared
/// `EnumMap<Role, Integer>` (keys without their class) or `Object` (keys with theirs), and writes
/// back to the same bytes, directly and through a readable document. The bytes are what Kryo 5.6.2
/// wrote for `EM { EnumMap<Role, Integer> m = {USER=3, GUEST=null}; Object any = {ADMIN=1}; }`.
@Suite struct EnumMapTests {
    static let schema = """
        package: gv
        classes:
          - {class: Role, enum: [ADMIN, USER, GUEST]}
          - {class: EM, fields: {m: "java.util.EnumMap<Role, Integer>", any: Object}}
          - {class: java.util.EnumMap, id: 60}
        """

    @Test(arguments: [
        (true, "01 00 67 76 2e 45 cd 01 3e 01 02 01 01 67 76 2e 52 6f 6c e5 01 02 02 3e 01 03 01 02 01 06 01 03 00"),
        (false, "01 00 67 76 2e 45 cd 3e 02 01 01 67 76 2e 52 6f 6c e5 01 02 02 3e 03 02 01 06 03 00"),
    ])
    func anEnumMapReadsAndWritesAsItsClass(references: Bool, hex: String) throws {
        let codec = try schemaCodec(Self.schema, .v5, references: references)
        let bytes = hexBytes(hex)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let map = try #require(object["m"] as? JavaMap<AnyHashable, Any?>)
        #expect(map.javaClass == "java.util.EnumMap")
        #expect(map.entries.keys.map { ($0.base as? DynamicEnum)?.name } == ["USER", "GUEST"])
        #expect(ValueConversion.convert(map.entries.values.first ?? nil, to: Int32.self) == 3)
        let any = try #require(object["any"] as? JavaMap<AnyHashable, Any?>)
        #expect(any.javaClass == "java.util.EnumMap")
        #expect(any.entries.keys.map { ($0.base as? DynamicEnum)?.name } == ["ADMIN"])
        #expect(try codec.encode(object) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: references))
        #expect(try codec.encode(try readable.decode(Any?.self, from: try readable.encode(object))) == bytes)
    }
}
