import Foundation
import SwiftKryo
import Testing

/// A Java enum whose constants have bodies (`FIRST { int w() {…} }`) is not final, and each such
/// constant is a class of its own (`Step$1`, `Step$2`): a stream names that class when the enum
/// is written by name, gives the constants of an array or list their class, and does not take
/// two constants of different classes for a list of one class. A schema says which constants
/// have bodies (`bodies:`). The bytes are what the three jars (2.20, 4.0.3, 5.6.2) wrote for
/// `Steps{one = FIRST, all = [PLAIN, SECOND], any = SECOND, list = [FIRST, OTHER, FIRST],
/// set = {OTHER, SECOND}}`: unregistered with references, and registered without.
@Suite struct EnumConstantBodyTests {
    static let fields =
        #"fields: {one: Mini$Step, all: "Mini$Step[]", any: Object, list: "List<Mini$Step>", set: "EnumSet<Mini$Step>"}"#
    static let byName = """
        package: mini
        classes:
          - {class: Mini$Step, enum: [PLAIN, FIRST, OTHER, SECOND], bodies: [FIRST, SECOND]}
          - {class: Mini$Steps, \(fields)}
        """
    static let byID = """
        package: mini
        classes:
          - {class: Mini$Step, id: 50, enum: [PLAIN, FIRST, OTHER, SECOND], bodies: [FIRST, SECOND]}
          - {class: "Mini$Step[]", id: 51}
          - {class: Mini$Steps, id: 52, \(fields)}
          - {class: java.util.ArrayList, id: 53}
          - {class: java.util.EnumSet, id: 54}
        """
    static let head =
        "01 00 6d 69 6e 69 2e 4d 69 6e 69 24 53 74 65 70 f3 01 01 01 5b 4c 6d 69 6e 69 2e 4d 69 6e 69 24 53 74 65 "
        + "70 bb 01 03 01 02 6d 69 6e 69 2e 4d 69 6e 69 24 53 74 65 f0 01 "
    static let step2 = "6d 69 6e 69 2e 4d 69 6e 69 24 53 74 65 70 24 b2 "
    static let arrayList = "6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 "
    static let step1 = "6d 69 6e 69 2e 4d 69 6e 69 24 53 74 65 70 24 b1 "
    static let enumSet = "6a 61 76 61 2e 75 74 69 6c 2e 52 65 67 75 6c 61 72 45 6e 75 6d 53 65 f4 01 01 02 02 03 04"
    static let kryo2 =
        head + "01 01 03 " + step2 + "01 04 01 03 05 01 04 " + arrayList + "03 01 05 " + step1
        + "01 02 01 02 01 03 01 05 07 01 05 07 01 06 " + enumSet
    static let kryo5 =
        head + "01 03 " + step2 + "04 01 03 04 01 04 " + arrayList + "04 01 05 " + step1
        + "02 01 02 03 01 05 02 01 05 02 01 06 " + enumSet

    @Test(arguments: [
        (KryoDialect.v2, byName, true, kryo2), (.v4, byName, true, kryo2), (.v5, byName, true, kryo5),
        (.v2, byID, false, "36 35 03 34 01 34 04 34 04 37 03 34 02 34 03 34 02 34 02 38 34 02 03 04"),
        (.v4, byID, false, "36 35 03 34 01 34 04 34 04 37 03 34 02 34 03 34 02 34 02 38 34 02 03 04"),
        (.v5, byID, false, "36 35 03 34 01 34 04 34 04 37 04 34 02 34 03 34 02 34 02 38 34 02 03 04"),
    ])
    func constantsWithBodiesKeepTheirClasses(dialect: KryoDialect, schema: String, references: Bool, hex: String)
        throws
    {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(schema, dialect, references: references, registrationRequired: !references)
        let steps = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        #expect((steps["one"] as? DynamicEnum)?.name == "FIRST")
        #expect((steps["any"] as? DynamicEnum)?.name == "SECOND")
        #expect((steps["list"] as? [Any?])?.map { ($0 as? DynamicEnum)?.name } == ["FIRST", "OTHER", "FIRST"])
        #expect(
            (steps["all"] as? DynamicArray)?.elements.map { ($0 as? DynamicEnum)?.javaClass } == [
                "mini.Mini$Step", "mini.Mini$Step",
            ])
        #expect((steps["set"] as? DynamicEnumSet)?.elements.map(\.name) == ["OTHER", "SECOND"])
        #expect(try codec.encode(steps) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: references))
        let document = try readable.encode(steps)
        #expect(!String(decoding: document, as: UTF8.self).contains("Step$"))
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
    }

    @Test func bodiesNameConstants() {
        let schema = """
            classes:
              - {class: p.Step, enum: [A, B], bodies: [C]}
            """
        #expect(throws: SchemaFileError.self) { try SchemaFiles.parse(schema, fileName: "p.yaml") }
        do {
            _ = try SchemaFiles.parse(schema, fileName: "p.yaml")
        } catch {
            #expect("\(error)".contains("p.yaml:2") && "\(error)".contains("no constant C"), "\(error)")
        }
    }
}
