import Foundation
import SwiftKryo

/// The KryoCocoa sample schema (Schemas/kryococoa.yaml) as a `SchemaSet`, and where the Swift
/// generated for it is committed (Tests/KryoBinaryTests/Generated).
enum GeneratedCocoaSchema {
    static let schemaSet = SchemaSet(classes: [
        JavaClassSchema(
            javaName: "test.SampleBean", id: 20,
            layout: .fields(
                .field,
                [
                    JavaFieldSchema(name: "key", type: .primitive(.int)),
                    JavaFieldSchema(name: "name", type: .string),
                ])),
        JavaClassSchema(
            javaName: "test.OtherBean", id: 21,
            layout: .fields(
                .field,
                [
                    JavaFieldSchema(
                        name: "map", type: .object("java.util.Map", arguments: [.named("java.lang.Integer"), .string])),
                    JavaFieldSchema(
                        name: "beans", type: .object("java.util.List", arguments: [.named("test.SampleBean")])),
                    JavaFieldSchema(name: "kind", type: .named("test.SampleEnum")),
                ])),
        JavaClassSchema(javaName: "test.SampleEnum", id: 22, layout: .enumeration(["FIRST", "SECOND", "THIRD"])),
        JavaClassSchema(javaName: "java.util.ArrayList", id: 23, layout: .library),
        JavaClassSchema(javaName: "java.util.HashMap", id: 24, layout: .library),
        JavaClassSchema(
            javaName: "test.TaggedBean", id: 25,
            layout: .fields(
                .tagged,
                [
                    JavaFieldSchema(name: "value", type: .primitive(.int), tag: 1),
                    JavaFieldSchema(name: "name", type: .string, tag: 2),
                    JavaFieldSchema(name: "deprecatedField", type: .primitive(.int), tag: 3, isDeprecated: true),
                ])),
    ])

    static let options = SwiftSchemaGenerator.Options(namespace: "GeneratedCocoa", source: "Schemas/kryococoa.yaml")

    /// Tests/KryoBinaryTests/Generated.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Generated")
}
