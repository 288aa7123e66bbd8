import Foundation
import SwiftKryo
import Testing

/// A readable document leaves a list's or map's class unnamed where the declared type names it;
/// reading it back gives a value of that class there too, inside a list or a map as in a field:
/// a `List<int[]>`'s element is an `int[]`, a `List<Map<String, String>>`'s a `HashMap`. The
/// bytes are what the real jars (2.20, 4.0.3, 5.6.2) wrote, unregistered, references on.
@Suite struct DeclaredElementClassTests {
    static let schema = """
        package: edge
        classes:
          - {class: Edge$MapIntArr, fields: {m: "Map<String, int[]>"}}
          - {class: Edge$ListIntArr, fields: {l: "List<int[]>"}}
          - {class: Edge$ListOfMaps, fields: {l: "List<Map<String, String>>"}}
        """
    static let listOfMaps =
        "01 00 65 64 67 65 2e 45 64 67 65 24 4c 69 73 74 4f 66 4d 61 70 f3 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e "
        + "41 72 72 61 79 4c 69 73 f4 01 "
    static let listOfIntArrays =
        "01 00 65 64 67 65 2e 45 64 67 65 24 4c 69 73 74 49 6e 74 41 72 f2 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e "
        + "41 72 72 61 79 4c 69 73 f4 01 "
    static let mapOfIntArrays =
        "01 00 65 64 67 65 2e 45 64 67 65 24 4d 61 70 49 6e 74 41 72 f2 01 01 01 6a 61 76 61 2e 75 74 69 6c 2e "
        + "48 61 73 68 4d 61 f0 01 "
    static let hashMap = "6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 "

    @Test(arguments: [
        (KryoDialect.v2, listOfMaps + "01 01 02 " + hashMap + "01 00", "[{}]"),
        (.v4, listOfMaps + "01 01 02 " + hashMap + "01 00", "[{}]"),
        (.v5, listOfMaps + "82 01 02 " + hashMap + "00 01 01", "[{}]"),
        (.v4, listOfIntArrays + "01 01 02 5b c9 01 02 02", "[[1]]"),
        (.v5, listOfIntArrays + "02 01 02 02", "[[1]]"),
        (.v4, mapOfIntArrays + "01 03 01 82 78 01 02 5b c9 01 02 02", #"{"x":[1]}"#),
        (.v5, mapOfIntArrays + "02 01 82 78 01 02 02", #"{"x":[1]}"#),
    ])
    func anUnnamedElementReadsAsItsDeclaredClass(dialect: KryoDialect, hex: String, plainForm: String) throws {
        let bytes = hexBytes(hex)
        let codec = try schemaCodec(Self.schema, dialect, references: true)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: true))
        let value = try codec.decode(Any?.self, from: bytes)
        let document = try readable.encode(value)
        let bean = try #require(value as? DynamicObject)
        let field = try #require(bean.javaClass.hasSuffix("MapIntArr") ? "m" : "l")
        // The element's class is left to the declared type.
        let handWritten = #"{"$class":"\#(bean.javaClass)","\#(field)":\#(plainForm)}"#
        #expect(String(decoding: document, as: UTF8.self).filter { !$0.isWhitespace } == handWritten)
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
        // A document written by hand in that form, and its XML property list, read the same.
        #expect(try codec.encode(try readable.decode(Any?.self, from: Array(handWritten.utf8))) == bytes)
        let plist = ReadableCodec(
            registry: codec.registry, format: .propertyList(.xml), options: SerializationOptions(references: true))
        #expect(try codec.encode(try plist.decode(Any?.self, from: try plist.encode(value))) == bytes)
    }
}
