import Foundation
import KryoCore
import KryoSchemaFiles
import Testing

/// The repository's schema files, found from this source file.
enum SchemaFileLocations {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemas = repository.appendingPathComponent("Schemas")
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures/schemas")

    /// Every schema file in Schemas/ and Tests/Fixtures/schemas (not the JSON Schema itself).
    static func allSchemaFiles() throws -> [URL] {
        var files: [URL] = []
        for directory in [schemas, fixtures] {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where SchemaFileFormat(fileExtension: (name as NSString).pathExtension) != nil {
                guard name != "kryo-schema.json" else { continue }
                files.append(directory.appendingPathComponent(name))
            }
        }
        return files
    }
}

/// What Schemas/kryococoa.yaml and .json describe.
let expectedKryoCocoa = SchemaSet(
    classes: [
        JavaClassSchema(
            javaName: "test.SampleBean", id: 20,
            layout: .fields(
                .field,
                [JavaFieldSchema(name: "key", type: .primitive(.int)), JavaFieldSchema(name: "name", type: .string)]
            )),
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
    ],
    profiles: [
        "unregistered": StreamProfile(usesIDs: false),
        "sample-bean": StreamProfile(call: .writeObject(.named("test.SampleBean"))),
    ])

@Suite struct ShippedSchemaFileTests {
    @Test func everyShippedFileLoadsWithoutProblems() throws {
        let files = try SchemaFileLocations.allSchemaFiles()
        // Schemas: 5; Tests/Fixtures/schemas: the peer's 3, kryonet-sample, kryonet-rmi, the domain
        // peer's 2, the version peer's and the own-serializers peer's.
        #expect(files.count == 14)
        for file in files {
            let set = try SchemaFiles.load(file)
            #expect(!set.classes.isEmpty, "\(file.lastPathComponent)")
            #expect(set.problems.isEmpty, "\(file.lastPathComponent): \(set.problems)")
        }
    }

    @Test func kryoCocoaLoadsTheExpectedModelFromYAMLAndJSON() throws {
        let yaml = try SchemaFiles.load(SchemaFileLocations.schemas.appendingPathComponent("kryococoa.yaml"))
        let json = try SchemaFiles.load(SchemaFileLocations.schemas.appendingPathComponent("kryococoa.json"))
        #expect(yaml == expectedKryoCocoa)
        #expect(json == expectedKryoCocoa)
        #expect(yaml.settings == StreamSettings(dialect: .kryo2, references: true, registrationRequired: false))
    }

    @Test func writerOutputLoadsBackEqual() throws {
        for file in try SchemaFileLocations.allSchemaFiles() {
            let set = try SchemaFiles.load(file)
            let yaml = SchemaFiles.yaml(set)
            let json = SchemaFiles.json(set)
            #expect(try SchemaFiles.parse(yaml, fileName: "out.yaml") == set, "\(file.lastPathComponent)\n\(yaml)")
            #expect(try SchemaFiles.parse(json, fileName: "out.json") == set, "\(file.lastPathComponent)\n\(json)")
        }
    }

    @Test func canonicalYAMLOfKryoCocoa() {
        #expect(
            SchemaFiles.yaml(expectedKryoCocoa) == """
                settings:
                  dialect: kryo2
                  references: true
                  registrationRequired: false
                profiles:
                  sample-bean:
                    call: writeObject
                    type: test.SampleBean
                  unregistered:
                    ids: false
                classes:
                  - class: test.SampleBean
                    id: 20
                    fields:
                      key: int
                      name: String
                  - class: test.OtherBean
                    id: 21
                    fields:
                      map: Map<Integer, String>
                      beans: List<test.SampleBean>
                      kind: test.SampleEnum
                  - class: test.SampleEnum
                    id: 22
                    enum: [FIRST, SECOND, THIRD]
                  - class: java.util.ArrayList
                    id: 23
                  - class: java.util.HashMap
                    id: 24
                  - class: test.TaggedBean
                    id: 25
                    serializer: tagged
                    fields:
                      value: {type: int, tag: 1}
                      name: {type: String, tag: 2}
                      deprecatedField: {type: int, tag: 3, deprecated: true}

                """)
    }

    @Test func writerQuotesWhatYAMLWouldReadOtherwise() throws {
        let set = SchemaSet(classes: [
            JavaClassSchema(
                javaName: "a.B", isFinal: true,
                layout: .fields(
                    .compatible,
                    [
                        JavaFieldSchema(
                            name: "m", type: .object("java.util.Map", arguments: [.string, .primitive(.int)]),
                            isNullable: false, isPublicField: true, isFinal: false)
                    ]), readableName: "true", archiveName: "Odd: #name"),
            JavaClassSchema(javaName: "a.E", layout: .enumeration(["ON", "off"])),
            JavaClassSchema(javaName: "[[La.B;", id: 7, layout: .library),
        ])
        let yaml = SchemaFiles.yaml(set)
        #expect(yaml.contains("m: {type: \"Map<String, int>\", nullable: false, public: true, final: false}"))
        #expect(yaml.contains("readableName: \"true\""))
        #expect(yaml.contains("enum: [\"ON\", \"off\"]"))
        #expect(yaml.contains("- class: a.B[][]"))
        #expect(try SchemaFiles.parse(yaml, fileName: "q.yaml") == set)
        #expect(try SchemaFiles.parse(SchemaFiles.json(set), fileName: "q.json") == set)
    }

    /// The field serializers' configuration settings are written in the canonical forms and read
    /// back, in settings and in a profile.
    @Test func fieldConfigurationSettingsRoundTrip() throws {
        let text = """
            settings: {dialect: kryo4, fieldsCanBeNull: false}
            profiles:
              fixed: {fixedFieldTypes: true}
            classes:
              - {class: a.B, fields: {n: Integer}}
            """
        let set = try SchemaFiles.parse(text, fileName: "f.yaml")
        #expect(set.settings.fieldsCanBeNull == false && set.settings.fixedFieldTypes == false)
        let fixed = try #require(set.applyingProfile(named: "fixed"))
        #expect(fixed.settings.fieldsCanBeNull == false && fixed.settings.fixedFieldTypes == true)
        let yaml = SchemaFiles.yaml(set)
        #expect(yaml.contains("fieldsCanBeNull: false"), "\(yaml)")
        #expect(try SchemaFiles.parse(yaml, fileName: "q.yaml") == set)
        #expect(try SchemaFiles.parse(SchemaFiles.json(set), fileName: "q.json") == set)
    }

    @Test func peerRegSpotChecks() throws {
        let set = try SchemaFiles.load(SchemaFileLocations.fixtures.appendingPathComponent("peer-reg.yaml"))
        #expect(
            set.classes.map(\.id) == [
                10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 30, 31, 32, 33, 40, 41, 42, 43, 44, 45,
            ])
        #expect(
            set.classes.suffix(10).map(\.javaName) == [
                "java.util.ArrayList", "java.util.HashMap", "java.util.HashSet", "java.util.LinkedList", "[I",
                "[Ljava.lang.String;", "[Ljava.lang.Object;", "[[I", "[B", "java.util.Date",
            ])
        #expect(set.classes.suffix(10).allSatisfy { $0.layout == .library })
        #expect(
            set.schema(forJavaName: "peer.Derived")?.fields == [
                JavaFieldSchema(name: "extra", type: .string), JavaFieldSchema(name: "x", type: .primitive(.int)),
            ])
        #expect(
            set.schema(forJavaName: "peer.PubBean")?.fields == [
                JavaFieldSchema(
                    name: "map", type: .object("java.util.Map", arguments: [.string, .named("java.lang.Integer")]),
                    isPublicField: true),
                JavaFieldSchema(
                    name: "names", type: .object("java.util.List", arguments: [.string]), isPublicField: true),
            ])
        #expect(set.schema(forJavaName: "peer.Color")?.enumConstants == ["RED", "GREEN", "BLUE"])
        let nested = set.schema(forJavaName: "peer.NestedGenerics")?.fields.map(\.type)
        #expect(nested?.last == .array(.named("peer.Color")))
        #expect(nested?.first?.sourceName == "java.util.Map<java.lang.String, java.util.List<java.lang.String>>")
        let allKinds = try #require(set.schema(forJavaName: "peer.AllKinds"))
        #expect(allKinds.fields.count == 28)
        #expect(allKinds.fields.filter(\.type.isPrimitive).count == 8)
        #expect(allKinds.fields.first { $0.name == "when" }?.type == .named("java.util.Date"))
        #expect(allKinds.fields.first { $0.name == "blob" }?.type.className == "[B")
        #expect(set.classes.flatMap(\.fields).allSatisfy { $0.isNullable && $0.isFinal == nil && $0.tag == nil })
    }

    /// `publicFields: true` on a class is `public: true` on each of its fields (a public class
    /// with public fields, as KryoNet and libGDX programs write them), unless a field says
    /// otherwise; the same model as writing it field by field.
    @Test func publicFieldsMarksEveryFieldUnlessOneSaysOtherwise() throws {
        let classLevel = try SchemaFiles.parse(
            """
            classes:
              - class: net.Chat
                publicFields: true
                fields:
                  names: List<String>
                  scores: {type: "Map<String, Integer>", public: false}
                  text: String
            """, fileName: "chat.yaml")
        let fieldLevel = try SchemaFiles.parse(
            """
            {"classes": [{"class": "net.Chat", "fields": {
              "names": {"type": "List<String>", "public": true},
              "scores": "Map<String, Integer>",
              "text": {"type": "String", "public": true}}}]}
            """, fileName: "chat.json")
        let fields = try #require(classLevel.schema(forJavaName: "net.Chat")?.fields)
        #expect(fields.map(\.isPublicField) == [true, false, true])
        #expect(classLevel == fieldLevel)
        #expect {
            try SchemaFiles.parse("classes:\n  - class: a.A\n    id: 9\n    publicFields: true\n", fileName: "t.yaml")
        } throws: { "\($0)" == "t.yaml:4:19: only a class with fields takes publicFields" }
    }

    @Test func evolutionSpotChecks() throws {
        let one = try SchemaFiles.load(SchemaFileLocations.fixtures.appendingPathComponent("peer-evo1.yaml"))
        let two = try SchemaFiles.load(SchemaFileLocations.fixtures.appendingPathComponent("peer-evo2.yaml"))
        #expect(one.classes.map(\.id) == two.classes.map(\.id))
        #expect(one.classes.prefix(4) == two.classes.prefix(4))
        let tagged = try #require(one.schema(forJavaName: "peer.Evolution$Tagged"))
        #expect(tagged.serializerKind == .tagged)
        #expect(tagged.fields.map(\.tag) == [10, 2, 3, nil, 1])
        #expect(tagged.fields.map(\.isDeprecated) == [false, false, true, false, false])
        #expect(
            one.schema(forJavaName: "peer.Evolution$CompatNested")?.fields.map(\.type.sourceName) == [
                "peer.Evolution$Compat", "java.util.ArrayList<java.lang.Object>", "java.lang.String",
                "peer.Evolution$Compat",
            ])
        #expect(one.schema(forJavaName: "peer.Evolution$TagDepV1")?.fields.last?.isDeprecated == false)
        #expect(two.schema(forJavaName: "peer.Evolution$TagDepV2")?.fields.last?.isDeprecated == true)
        #expect(
            two.schema(forJavaName: "peer.Evolution$CompDepV2")?.fields.last
                == JavaFieldSchema(name: "old", type: .primitive(.int), isDeprecated: true))
        #expect(two.schema(forJavaName: "peer.Evolution$CompAddV2")?.fields.map(\.name) == ["extra", "x", "name"])
    }

    @Test func mediaContentSpotChecks() throws {
        let set = try SchemaFiles.load(SchemaFileLocations.schemas.appendingPathComponent("media-content.yaml"))
        #expect(
            set.classes.map(\.javaName) == [
                "java.util.ArrayList", "data.media.MediaContent", "data.media.Media$Player", "data.media.Media",
                "data.media.Image$Size", "data.media.Image",
            ])
        #expect(set.classes.map(\.id) == [10, 11, 12, 13, 14, 15])
        let media = try #require(set.schema(forJavaName: "data.media.Media"))
        #expect(
            media.fields.map(\.name) == [
                "uri", "title", "width", "height", "format", "duration", "size", "bitrate", "hasBitrate", "persons",
                "player", "copyright",
            ])
        #expect(media.fields.allSatisfy { $0.isPublicField })
        #expect(media.fields.first { $0.name == "player" }?.type == .named("data.media.Media$Player"))
        #expect(set.schema(forJavaName: "data.media.Image$Size")?.enumConstants == ["SMALL", "LARGE"])
    }
}

@Suite struct MultipleFileTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemafiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func classesResolveAcrossFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.yaml")
        let second = directory.appendingPathComponent("b.json")
        try "package: a\nclasses:\n  - class: A\n    id: 30\n    fields:\n      b: List<B>\n".write(
            to: first, atomically: true, encoding: .utf8)
        try #"{"package": "b", "settings": {"references": false}, "classes": [{"class": "B", "enum": ["X"]}]}"#
            .write(to: second, atomically: true, encoding: .utf8)
        let set = try SchemaFiles.load([first, second])
        #expect(set.classes.map(\.javaName) == ["a.A", "b.B"])
        #expect(
            set.schema(forJavaName: "a.A")?.fields.first?.type == .object("java.util.List", arguments: [.named("b.B")]))
        #expect(set.settings.references == false)
        #expect(throws: SchemaFileError.self) { try SchemaFiles.load(first) }
    }

    @Test func filesThatDisagreeOnASettingAreRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.yaml")
        let second = directory.appendingPathComponent("b.yaml")
        try "settings:\n  dialect: kryo5\nclasses: []\n".write(to: first, atomically: true, encoding: .utf8)
        try "settings:\n  dialect: kryo2\nclasses: []\n".write(to: second, atomically: true, encoding: .utf8)
        let error = try #require(throws: SchemaFileError.self) { try SchemaFiles.load([first, second]) }
        #expect(error.file == second.relativePath)
        #expect(error.line == 2 && error.column == 12)
        #expect(error.message == "dialect is kryo2 here but kryo5 in \(first.relativePath)")
    }

    @Test func serializerSettingsLoadAndWriteBackInBothSyntaxes() throws {
        let yaml = """
            settings:
              dialect: kryo5
              streams: standard
              variableLengthEncoding: false
              compatibleFields: {readUnknownFieldData: false, chunkedEncoding: true}
              taggedFields: {chunkedEncoding: true}
            classes: []
            """
        let set = try SchemaFiles.parse(yaml, fileName: "s.yaml")
        #expect(set.settings.variableLengthEncoding == false)
        #expect(set.settings.compatibleFields == KryoEvolutionOptions(readUnknownData: false, chunkedEncoding: true))
        // An option left out keeps Java's default (readUnknownTagData off).
        #expect(set.settings.taggedFields == KryoEvolutionOptions(readUnknownData: false, chunkedEncoding: true))
        #expect(set.settings.optimizedGenerics == nil && set.settings.streams == .standard)
        var options = SerializationOptions()
        set.settings.applySerializerSettings(to: &options)
        #expect(options.settings[VariableLengthFieldsSetting.self] == false)
        #expect(options.settings[CompatibleFieldSetting.self].chunkedEncoding)
        #expect(options.settings[TaggedFieldSetting.self].chunkedEncoding)
        // The canonical files hold every setting that differs from Java's defaults, and load again.
        for (text, name) in [(SchemaFiles.yaml(set), "s.yaml"), (SchemaFiles.json(set), "s.json")] {
            #expect(try SchemaFiles.parse(text, fileName: name).settings == set.settings, "\(text)")
        }
        let kryo4 = try SchemaFiles.parse(
            "settings:\n  dialect: kryo4\n  streams: unsafe\n  optimizedGenerics: true\n", fileName: "k.yaml")
        #expect(kryo4.settings.streams == .unsafe && kryo4.settings.optimizedGenerics == true)
        #expect(try SchemaFiles.parse(SchemaFiles.json(kryo4), fileName: "k.json").settings == kryo4.settings)
        let error = try #require(throws: SchemaFileError.self) {
            try SchemaFiles.parse("settings:\n  streams: quick\n", fileName: "e.yaml")
        }
        #expect(error.message == "unknown streams \"quick\" (expected standard, fast, unsafe)")
        #expect(error.line == 2)
    }

    @Test func missingFilesAndUnknownExtensionsAreNamed() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/schemas/missing.yaml")
        #expect(throws: SchemaFileError(file: "/nonexistent/schemas/missing.yaml", message: "no such file")) {
            try SchemaFiles.load(missing)
        }
        #expect(
            (try? SchemaFiles.load(missing)) == nil
                && "\(SchemaFileError(file: "missing.yaml", message: "no such file"))" == "missing.yaml: no such file")
        let toml = URL(fileURLWithPath: "/tmp/schema.toml")
        #expect(
            throws: SchemaFileError(
                file: "/tmp/schema.toml", message: "unknown file extension \"toml\" (expected .yaml, .yml or .json)")
        ) { try SchemaFiles.load(toml) }
    }
}
