import Foundation
import SwiftKryo
import Testing

/// Kryo 2.20 and 4 track Java enum constants as objects when references are on: the same constant
/// written twice is a back-reference, and constants of two enums are two objects even when their
/// ordinals are equal. The dynamic path reads every enum as one Swift type (``DynamicEnum``), so
/// the writer must tell constants apart by their class, not by their Swift type.
///
/// The bytes are what the real jars wrote (Kryo 2.20 and 4.0.3 wrote the same), unregistered,
/// references on, `writeClassAndObject`: `TwoEnums{color = GREEN, size = LARGE}` and
/// `ArrayList[RED, SMALL, RED]`.
@Suite struct DynamicEnumReferenceTests {
    static let schema = """
        package: mini
        classes:
          - class: Mini$Color
            enum: [RED, GREEN]
          - class: Mini$Size
            enum: [SMALL, LARGE]
          - class: Mini$TwoEnums
            fields: {color: Mini$Color, size: Mini$Size}
        """

    /// `mini.Mini$TwoEnums` by name, its reference marker, then each field: a marker and the
    /// ordinal + 1 (GREEN and LARGE are both 2).
    static let twoEnums = hexBytes(
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 54 77 6f 45 6e 75 6d f3 01 01 02 01 02")
    /// `java.util.ArrayList` by name, size 3, then RED (class by name, marker, 1), SMALL (class
    /// by name, marker, 1) and RED again: its class by its name's number, and a back-reference
    /// to the first object (`03`, object 1 + 2).
    static let enumList = hexBytes(
        "01 00 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 03 01 01 6d 69 6e 69 2e 4d 69 6e 69 24 "
            + "43 6f 6c 6f f2 01 01 01 02 6d 69 6e 69 2e 4d 69 6e 69 24 53 69 7a e5 01 01 01 01 03")

    func codec(_ dialect: KryoDialect) throws -> KryoCodec {
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "mini.yaml")
        return KryoCodec(
            registry: try Registry(schemas: schemas), dialect: dialect,
            options: SerializationOptions(references: true, registrationRequired: false))
    }

    @Test(arguments: [KryoDialect.v2, .v4])
    func constantsOfTwoEnumsWithOneOrdinalAreTwoObjects(dialect: KryoDialect) throws {
        let codec = try codec(dialect)
        let bean = try #require(try codec.decode(Any?.self, from: Self.twoEnums) as? DynamicObject)
        #expect((bean["color"] as? DynamicEnum)?.name == "GREEN")
        #expect((bean["size"] as? DynamicEnum)?.name == "LARGE")
        #expect(try codec.encode(bean) == Self.twoEnums)
    }

    @Test(arguments: [KryoDialect.v2, .v4])
    func theSameConstantTwiceIsABackReference(dialect: KryoDialect) throws {
        let codec = try codec(dialect)
        let list = try #require(try codec.decode(Any?.self, from: Self.enumList) as? [Any?])
        #expect(
            list.map { ($0 as? DynamicEnum)?.description } == [
                "mini.Mini$Color.RED", "mini.Mini$Size.SMALL", "mini.Mini$Color.RED",
            ])
        #expect(try codec.encode(list) == Self.enumList)
    }
}
