import Foundation
import SwiftKryo
import Testing

/// Kryo 4's `CompatibleFieldSerializer` writes each field through an `OutputChunked`, a standard
/// `Output` over the caller's: on `FastOutput` and `UnsafeOutput` a field's value is written in
/// chunks of varints and big-endian numbers, while the stream around them is not. The bytes are
/// what Kryo 4.0.3 wrote through both classes (the same bytes), unregistered, references on.
@Suite struct FastStreamChunkTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$CompatInner, serializer: compatible, fields: {x: int, y: double}}
          - class: Mini$CompatRich
            serializer: compatible
            fields: {a: int, b: long, c: double, f: float, s: String, inner: Mini$CompatInner, arr: "int[]"}
        """
    static let bytes =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 43 6f 6d 70 61 74 52 69 63 e8 01 07 82 61 61 72 f2 82 62 82 63 82 66 "
        + "69 6e 6e 65 f2 82 73 01 01 00 07 01 04 02 03 e0 c5 08 00 02 d8 04 00 08 3f f8 00 00 00 00 00 00 00 04 c0 "
        + "10 00 00 00 20 01 01 6d 69 6e 69 2e 4d 69 6e 69 24 43 6f 6d 70 61 74 49 6e 6e 65 f2 01 02 82 78 82 79 "
        + "02 d0 0f 0a 00 08 bf e0 00 00 00 00 00 00 01 00 00 03 01 68 e9 00"

    @Test(arguments: [KryoStreamClasses.fast, .unsafe])
    func compatibleFieldsAreChunkedInTheStandardForms(streams: KryoStreamClasses) throws {
        let bytes = hexBytes(Self.bytes)
        let codec = try schemaCodec(Self.schema, KryoDialect.v4.using(streams), references: true)
        let rich = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(rich["a"] as? Int32 == -1)
        #expect(rich["b"] as? Int64 == 300)
        #expect(rich["c"] as? Double == 1.5)
        #expect(rich["f"] as? Float == -2.25)
        #expect(rich["s"] as? String == "hi")
        #expect(rich["arr"] as? [Int32] == [1, -2, 70000])
        let inner = try #require(rich["inner"] as? DynamicObject)
        #expect(inner["x"] as? Int32 == 1000)
        #expect(inner["y"] as? Double == -0.5)
        #expect(try codec.encode(rich) == bytes)
    }
}
