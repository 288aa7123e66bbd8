import Foundation
import SwiftKryo
import Testing

/// JDK values that came back from a document or keyed archive as another value, on the bytes Kryo
/// 5.6.2 and 4.0.3 wrote:
///
/// - `C { Class c; Class p; }` with `Integer.class` and `int.class`, which share Kryo's id 2:
///   Kryo 4 and 5 write whether it is the primitive, and a format with names names the class.
/// - `B { BitSet b; }` with bits 3 and 70: the document form is `words`, a list, whether the
///   set comes from Kryo 5's `BitSetSerializer` or from a Kryo 4 program that wrote it with
///   `CompatibleFieldSerializer` (its `long[] words` field).
/// - `T { TreeMap<LocalDate, Integer> t; }`: Java writes a `TreeMap` in its keys' natural order,
///   whatever order a document lists them in.
@Suite struct DocumentFormsOfJDKValuesTests {
    static let schema = """
        package: mini
        classes:
          - {class: Mini$C, id: 20, fields: {c: Class, p: Class}}
          - {class: Mini$B, id: 24, fields: {b: java.util.BitSet}}
          - {class: Mini$T, id: 23, fields: {t: "TreeMap<java.time.LocalDate, Integer>"}}
          - {class: java.util.TreeMap, id: 28}
          - {class: java.time.LocalDate, id: 31}
          - {class: java.util.BitSet, id: 32}
          - {class: java.lang.Class, id: 34}
        """

    /// `bytes` decoded, then through a JSON document and a keyed archive, each encoded again.
    static func throughDocuments(_ bytes: [UInt8], _ dialect: KryoDialect) throws -> [[UInt8]] {
        let codec = try schemaCodec(schema, dialect, references: false)
        let value = try codec.decode(Any?.self, from: bytes)
        let readable = ReadableCodec(registry: codec.registry)
        let keyed = KeyedArchiveCodec(registry: codec.registry)
        return [
            try codec.encode(try readable.decode(Any?.self, from: try readable.encode(value))),
            try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(value))),
        ]
    }

    @Test(arguments: [KryoDialect.v4, .v5])
    func aWrapperClassStaysTheWrapper(_ dialect: KryoDialect) throws {
        let bytes = hexBytes("16 02 00 02 01")
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect(object["c"] as? JavaClass == JavaClass(name: "java.lang.Integer"))
        #expect(object["p"] as? JavaClass == JavaClass(name: "int"))
        #expect(try Self.throughDocuments(bytes, dialect) == [bytes, bytes])
    }

    @Test func aBitSetIsItsWords() throws {
        let kryo5 = hexBytes("1a 22 02 08 00 00 00 00 00 00 00 40 00 00 00 00 00 00 00")
        #expect(try Self.throughDocuments(kryo5, .v5) == [kryo5, kryo5])
        let codec = try schemaCodec(Self.schema, .v5, references: false)
        let readable = ReadableCodec(registry: codec.registry, format: .json)
        let document = String(decoding: try readable.encode(try codec.decode(Any?.self, from: kryo5)), as: UTF8.self)
        #expect(document.contains(#""words":[8,64]"#))
        // A Kryo 4 program's compatible layout of the class, read with a schema that declares
        // its field, converts to Kryo 5's form through a document.
        let compatible = """
            package: mini
            classes:
              - {class: Mini$B, id: 24, serializer: compatible, fields: {b: java.util.BitSet}}
              - {class: java.util.BitSet, id: 32, serializer: compatible, fields: {words: "long[]"}}
            """
        let kryo4 = try schemaCodec(compatible, .v4, references: true)
        let fromFour = try kryo4.decode(
            Any?.self,
            from: hexBytes("1a 01 01 82 62 0e 22 01 01 77 6f 72 64 f3 05 01 03 10 80 01 01 00 00"))
        let fourDocument = try ReadableCodec(registry: kryo4.registry).encode(fromFour)
        #expect(try codec.encode(try readable.decode(Any?.self, from: fourDocument)) == kryo5)
    }

    @Test(arguments: [
        (
            KryoDialect.v5,
            "19 1e 09 00 01 d0 0f 01 01 01 00 01 d3 0f 02 02 01 02 01 d6 0f 03 03 01 04 01 d9 0f 04 04 01 06 01 dc 0f "
                + "05 05 01 08 01 df 0f 06 06 01 0a 01 e2 0f 07 07 01 0c 01 e5 0f 08 08 01 0e"
        ),
        (
            .v4,
            "19 1e 00 08 21 d0 0f 01 01 02 00 21 d3 0f 02 02 02 02 21 d6 0f 03 03 02 04 21 d9 0f 04 04 02 06 21 dc 0f "
                + "05 05 02 08 21 df 0f 06 06 02 0a 21 e2 0f 07 07 02 0c 21 e5 0f 08 08 02 0e"
        ),
    ])
    func aTreeMapOfDatesIsInTheirOrder(_ dialect: KryoDialect, _ hex: String) throws {
        let bytes = hexBytes(hex)
        #expect(try Self.throughDocuments(bytes, dialect) == [bytes, bytes])
        // The keys listed in another order.
        let codec = try schemaCodec(Self.schema, dialect, references: false)
        let readable = ReadableCodec(registry: codec.registry, format: .json)
        let keys = [5, 0, 7, 2, 4, 1, 6, 3].map {
            #"{"$class": "java.time.LocalDate", "year": \#(2000 + 3 * $0), "month": \#($0 + 1), "day": \#($0 + 1)}"#
        }
        let document =
            #"{"$class": "mini.Mini$T", "t": {"$class": "NSDictionary", "NS.keys": ["#
            + keys.joined(separator: ", ") + #"], "NS.objects": ["#
            + [5, 0, 7, 2, 4, 1, 6, 3].map { "\($0)" }.joined(separator: ", ") + "]}}"
        #expect(try codec.encode(try readable.decode(Any?.self, from: Array(document.utf8))) == bytes)
    }

    @Test func bigNumbersCompareByValue() throws {
        let order = JavaComparator.natural
        #expect(order.areInIncreasingOrder(JavaBigInteger(-300), JavaBigInteger(2)))
        #expect(order.areInIncreasingOrder(JavaBigInteger(127), JavaBigInteger(128)))
        #expect(!order.areInIncreasingOrder(JavaBigInteger(Int64.max), JavaBigInteger(-1)))
        let decimals = ["-12.5", "-1", "0.001", "1.0", "1.5", "12"].compactMap(JavaBigDecimal.init)
        for (lower, higher) in zip(decimals, decimals.dropFirst()) {
            #expect(order.areInIncreasingOrder(lower, higher), "\(lower) < \(higher)")
        }
        // Beyond Foundation's Decimal: by their digits.
        let huge = ["-1234567890123456789012345678901234567890123.5", "1234567890123456789012345678901234567890123.25"]
            .compactMap(JavaBigDecimal.init)
        #expect(huge.count == 2 && order.areInIncreasingOrder(huge[0], huge[1]))
        // Scales far beyond any text: compared by exponent, nothing of that size is made.
        let tiny = JavaBigDecimal(unscaledValue: JavaBigInteger(1), scale: 2_000_000_000)
        let vast = JavaBigDecimal(unscaledValue: JavaBigInteger(1), scale: -2_000_000_000)
        #expect(order.areInIncreasingOrder(tiny, vast) && !order.areInIncreasingOrder(vast, tiny))
        let zeros = [0, 7].map { JavaBigDecimal(unscaledValue: JavaBigInteger(0), scale: Int32($0) * 300_000_000) }
        #expect(!order.areInIncreasingOrder(zeros[0], zeros[1]) && !order.areInIncreasingOrder(zeros[1], zeros[0]))
        let one = try #require(JavaBigDecimal("1.0"))
        let sameOne = try #require(JavaBigDecimal("1.00"))
        #expect(!order.areInIncreasingOrder(one, sameOne) && !order.areInIncreasingOrder(sameOne, one))
    }

    /// `M { Map<String, Integer[]> m; Map<String, double[]> d; }`: an array that a map's generic
    /// arguments type is an `NSArray` in a keyed archive, and reads back as that array, not as an
    /// `ArrayList` (which Kryo 2.20 and 4 wrote into the map, and Kryo 5 refused).
    @Test(arguments: [
        (KryoDialect.v4, "18 1d 01 03 82 64 20 02 3f f8 00 00 00 00 00 00 1d 01 03 82 62 1f 03 01 02 00"),
        (.v5, "18 1d 02 82 64 02 00 00 00 00 00 00 f8 3f 1d 02 82 62 03 01 02 00"),
    ])
    func arraysInAMapKeepTheirClass(_ dialect: KryoDialect, _ hex: String) throws {
        let schema = """
            package: mini
            classes:
              - {class: Mini$M, id: 22, fields: {m: "Map<String, Integer[]>", d: "Map<String, double[]>"}}
              - {class: java.util.HashMap, id: 27}
              - {class: "Integer[]", id: 29}
              - {class: "double[]", id: 30}
            """
        let codec = try schemaCodec(schema, dialect, references: false)
        let bytes = hexBytes(hex)
        let value = try codec.decode(Any?.self, from: bytes)
        let keyed = KeyedArchiveCodec(registry: codec.registry)
        #expect(try codec.encode(try keyed.decode(Any?.self, from: try keyed.encode(value))) == bytes)
    }
}
