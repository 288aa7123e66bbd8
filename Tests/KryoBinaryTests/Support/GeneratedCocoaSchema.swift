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

    /// The MediaContent benchmark graph (/work/shared/reference/media-content.md): public classes
    /// with public fields, nested enums, ids as the benchmark registers them; generated with
    /// closure accessors.
    static let mediaSchemaSet: SchemaSet = {
        func field(_ name: String, _ type: JavaType) -> JavaFieldSchema {
            JavaFieldSchema(name: name, type: type, isPublicField: true)
        }
        return SchemaSet(classes: [
            JavaClassSchema(javaName: "java.util.ArrayList", id: 9, layout: .library),
            JavaClassSchema(
                javaName: "data.media.MediaContent", id: 10,
                layout: .fields(
                    .field,
                    [
                        field("media", .named("data.media.Media")),
                        field("images", .object("java.util.List", arguments: [.named("data.media.Image")])),
                    ])),
            JavaClassSchema(javaName: "data.media.Media$Player", id: 11, layout: .enumeration(["JAVA", "FLASH"])),
            JavaClassSchema(
                javaName: "data.media.Media", id: 12,
                layout: .fields(
                    .field,
                    [
                        field("uri", .string), field("title", .string), field("width", .primitive(.int)),
                        field("height", .primitive(.int)), field("format", .string),
                        field("duration", .primitive(.long)), field("size", .primitive(.long)),
                        field("bitrate", .primitive(.int)), field("hasBitrate", .primitive(.boolean)),
                        field("persons", .object("java.util.List", arguments: [.string])),
                        field("player", .named("data.media.Media$Player")), field("copyright", .string),
                    ])),
            JavaClassSchema(javaName: "data.media.Image$Size", id: 13, layout: .enumeration(["SMALL", "LARGE"])),
            JavaClassSchema(
                javaName: "data.media.Image", id: 14,
                layout: .fields(
                    .field,
                    [
                        field("uri", .string), field("title", .string), field("width", .primitive(.int)),
                        field("height", .primitive(.int)), field("size", .named("data.media.Image$Size")),
                    ])),
        ])
    }()

    static let mediaOptions = SwiftSchemaGenerator.Options(
        namespace: "GeneratedMedia", fieldAccess: .closures, source: "reference/media-content.md")

    /// Tests/KryoBinaryTests/Generated.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Generated")
}
