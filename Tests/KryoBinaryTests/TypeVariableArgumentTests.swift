import Foundation
import SwiftKryo
import Testing

/// A field typed by a type variable (`T item` in `Box<T>`) stands for its argument's class alone:
/// every Kryo release resolves `T` to a class and passes the value no generic arguments of its
/// own, so the elements of `Box<List<String>>`'s list, and the item of `Box<Box<String>>`'s inner
/// box, carry their class. The bytes are what the real jars (2.20, 4.0.3, 5.6.2) wrote,
/// unregistered, references on: `BoxList{b = Box{item = ["x"]}}` and
/// `BoxBox{b = Box{item = Box{item = "deep"}}}`.
@Suite struct TypeVariableArgumentTests {
    static let schema = """
        package: edge
        classes:
          - {class: Edge$BoxList, fields: {b: "Edge$Box<List<String>>"}}
          - {class: Edge$BoxBox, fields: {b: "Edge$Box<Edge$Box<String>>"}}
          - {class: Edge$Box, typeParameters: [T], fields: {item: T}}
        """

    static let streams: [(KryoDialect, String, String)] = [
        (
            .v2, "boxlist",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 4c 69 73 f4 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 03 01 82 78"
        ),
        (
            .v2, "boxbox",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 42 6f f8 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 01 01 03 01 64 65 65 f0"
        ),
        (
            .v4, "boxlist",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 4c 69 73 f4 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 01 03 01 82 78"
        ),
        (
            .v4, "boxbox",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 42 6f f8 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 01 01 03 01 64 65 65 f0"
        ),
        (
            .v5, "boxlist",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 4c 69 73 f4 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 82 03 00 01 82 78"
        ),
        (
            .v5, "boxbox",
            "01 00 65 64 67 65 2e 45 64 67 65 24 42 6f 78 42 6f f8 01 01 01 65 64 67 65 2e 45 64 67 65 24 42 6f f8 01 01 01 01 03 01 64 65 65 f0"
        ),
    ]

    @Test(arguments: 0..<streams.count)
    func aTypeVariableIsItsArgumentsClass(_ index: Int) throws {
        let (dialect, name, text) = Self.streams[index]
        let bytes = hexBytes(text)
        let codec = KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "edge.yaml")),
            dialect: dialect, options: SerializationOptions(references: true, registrationRequired: false))
        let value = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject, "\(name) \(dialect)")
        let box = try #require(value["b"] as? DynamicObject)
        if name == "boxlist" {
            #expect((box["item"] as? [Any?])?.map { $0 as? String } == ["x"], "\(dialect)")
        } else {
            #expect((box["item"] as? DynamicObject)?["item"] as? String == "deep", "\(dialect)")
        }
        #expect(try codec.encode(value) == bytes, "\(name) \(dialect)")
    }
}
