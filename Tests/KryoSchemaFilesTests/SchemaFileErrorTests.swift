import Foundation
import KryoCore
import KryoSchemaFiles
import Testing

/// The one-line description of the error that parsing `text` throws, or `nil` when it loads.
private func failure(_ text: String, fileName: String = "t.yaml") -> String? {
    do {
        _ = try SchemaFiles.parse(text, fileName: fileName)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct SchemaFileErrorTests {
    @Test func unknownKeysAreNamedWithTheKeysExpected() {
        #expect(
            failure("package: test\nclases: []\n")
                == "t.yaml:2:1: unknown top-level key \"clases\" (expected package, settings, profiles, classes, $schema)"
        )
        #expect(
            failure("classes:\n  - class: java.util.ArrayList\n    idd: 3\n")
                == "t.yaml:3:5: unknown class key \"idd\" (expected class, id, fields, enum, bodies, serializer, final, abstract, "
                + "extends, implements, readableName, archiveName, typeParameters, publicFields, methods)")
        #expect(
            failure("classes:\n  - class: a.A\n    serializer: tagged\n    fields:\n      value: {type: int, tga: 1}\n")
                == "t.yaml:5:26: unknown field key \"tga\" (expected type, tag, deprecated, annexed, since, nullable, public, final, transient, erasure, name, elementsCanBeNull, keysCanBeNull, valuesCanBeNull, elementsFinal, keysFinal, valuesFinal)"
        )
        #expect(
            failure("settings:\n  reference: true\n")
                == "t.yaml:2:3: unknown settings key \"reference\" (expected dialect, references, registrationRequired, "
                + "streams, autoReset, optimizedGenerics, variableLengthEncoding, fieldsCanBeNull, fixedFieldTypes, compatibleFields, taggedFields)"
        )
    }

    @Test func badTypeSyntaxPointsInsideTheString() {
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      names: List<String\n")
                == "t.yaml:4:25: bad type \"List<String\": expected \",\" or \">\"")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      names: \"List<String\"\n")
                == "t.yaml:4:26: bad type \"List<String\": expected \",\" or \">\"")
        #expect(
            failure(#"{"classes": [{"class": "a.A", "fields": {"grid": "int[[]"}}]}"#, fileName: "t.json")
                == "t.json:1:55: bad type \"int[[]\": expected \"]\"")
    }

    /// A generic class given another number of type arguments than it has is an error at the
    /// class; its raw type (no arguments) is Java's too.
    @Test func typeArgumentCountsAreChecked() {
        #expect(
            failure("package: s\nclasses:\n  - class: A\n    fields: {m: \"Map<String>\"}\n")
                == "t.yaml:4:18: Map takes 2 type arguments (or none, its raw type), not 1")
        #expect(
            failure("package: s\nclasses:\n  - class: A\n    fields: {l: \"List<String, Integer>\"}\n")
                == "t.yaml:4:18: List takes 1 type argument (or none, its raw type), not 2")
        #expect(
            failure("package: s\nclasses:\n  - class: A\n    fields: {s: \"String<Integer>\"}\n")
                == "t.yaml:4:18: String takes no type arguments, not 1")
        let box = "package: s\nclasses:\n  - {class: Box, typeParameters: [T], fields: {item: T}}\n"
        #expect(
            failure(box + "  - class: A\n    fields: {c: \"Box<String, Long>\"}\n")
                == "t.yaml:5:18: s.Box takes 1 type argument (or none, its raw type), not 2")
        #expect(
            failure(box + "  - class: A\n    fields: {c: Box, d: Box<String>, e: \"Map<String, List<Box>>\"}\n") == nil)
    }

    /// chill's `TraversableSerializer` writes a collection: a map superclass or fields beside it
    /// are errors at their place.
    @Test func aTraversableClassIsACollection() {
        #expect(
            failure("classes:\n  - {class: a.M, serializer: traversable, extends: \"HashMap<Object, Object>\"}\n")?
                .hasPrefix("t.yaml:2:53: serializer: traversable writes a collection") == true)
        #expect(
            failure("classes:\n  - {class: a.M, serializer: traversable, fields: {x: int}}\n")?
                .contains("takes no fields or enum constants") == true)
        #expect(failure("classes:\n  - {class: a.L, id: 142, serializer: traversable}\n") == nil)
    }

    @Test func unknownClassesInTypesAreRefused() {
        #expect(
            failure("package: a\nclasses:\n  - class: A\n    fields:\n      other: Map<String, Missing>\n")
                == "t.yaml:5:26: unknown class a.Missing: declare it in a schema file, or write the full name of a "
                + "class the library knows (java.util.TreeMap; inner classes as a.Outer$Inner)")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: b.Other[]\n")?.hasPrefix(
                "t.yaml:4:10: unknown class b.Other:") == true)
        #expect(
            failure("classes:\n  - class: a.NotLibrary\n    id: 3\n")
                == "t.yaml:2:12: class a.NotLibrary has neither fields nor enum constants, and the library does not "
                + "know it")
        // A JDK collection the library has no type for: declared with `extends`, as Kryo writes it.
        #expect(
            failure("classes:\n  - class: java.util.Collections$UnmodifiableRandomAccessList\n")?.hasSuffix(
                "with its CollectionSerializer: declare it with extends: \"ArrayList<Object>\"") == true)
        #expect(
            failure("classes:\n  - class: java.util.Collections$SynchronizedMap\n")?.hasSuffix(
                "with its MapSerializer: declare it with extends: \"HashMap<Object, Object>\"") == true)
        // Declared as the hint says, both load.
        #expect(
            failure(
                "classes:\n  - {class: java.util.Collections$UnmodifiableRandomAccessList, extends: \"ArrayList<Object>\"}\n"
                    + "  - {class: java.util.Collections$SynchronizedMap, extends: \"HashMap<Object, Object>\"}\n")
                == nil)
        // A short name that is a JDK class's, declared with fields in a package: the package's was meant.
        #expect(
            failure("package: game\nclasses:\n  - class: Character\n    fields: {name: String}\n")
                == "t.yaml:3:12: class Character means java.lang.Character, a class the library knows: write "
                + "game.Character for the package's own class")
        // KryoNet's RMI classes are listed where Java registers them (a KryoNet reader gives them
        // their serializers); a reader that is not KryoNet's says so.
        let rmi = try? SchemaFiles.parse(
            "classes:\n  - class: com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod\n    id: 30\n",
            fileName: "t.yaml")
        #expect(rmi?.classes.first?.layout == .library)
        if let rmi {
            let refusal = Result { try Registry(schemas: rmi) }
            #expect(
                "\(refusal)".contains("KryoNet's remote method invocation, which only a KryoNet reader registers"),
                "\(refusal)")
        }
    }

    @Test func duplicatesAreReportedWhereTheSecondOneIs() {
        #expect(
            failure("classes:\n  - class: java.util.ArrayList\n    id: 1\n  - class: ArrayList\n    id: 2\n")
                == "t.yaml:4:12: class java.util.ArrayList is declared twice (first at t.yaml:2)")
        #expect(
            failure("classes:\n  - class: java.util.ArrayList\n    id: 20\n  - class: java.util.HashMap\n    id: 20\n")
                == "t.yaml:5:9: id 20 is given to both java.util.ArrayList and java.util.HashMap")
        #expect(
            failure(
                "classes:\n  - class: a.T\n    serializer: tagged\n    fields:\n      a: {type: int, tag: 1}\n"
                    + "      b: {type: int, tag: 1}\n") == "t.yaml:6:27: tag 1 is used twice in a.T (fields a and b)")
        #expect(
            failure("classes:\n  - class: a.E\n    enum: [A, B, A]\n")
                == "t.yaml:3:18: enum a.E lists A twice")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: int\n      x: long\n")
                == "t.yaml:4:7: key \"x\" appears more than once in this mapping")
    }

    @Test func enumsNeedConstants() {
        #expect(failure("classes:\n  - class: a.E\n    enum: []\n") == "t.yaml:3:5: enum a.E has no constants")
        #expect(
            failure("classes:\n  - class: a.E\n    enum: [A]\n    fields: {}\n")
                == "t.yaml:4:5: class a.E has both fields and enum constants")
    }

    @Test func wrongKindsOfNodesAreNamed() {
        #expect(
            failure("classes:\n  - class: a.A\n    fields: [a, b]\n")
                == "t.yaml:3:13: expected a mapping of field names to types, found a list")
        #expect(failure("- a\n- b\n") == "t.yaml:1:1: expected a mapping for the top of the file, found a list")
        #expect(failure("classes:\n  a: b\n") == "t.yaml:2:3: expected a list of classes, found a mapping")
        #expect(
            failure("classes:\n  - class: java.util.ArrayList\n    id: \"20\"\n")
                == "t.yaml:3:9: expected an id (a whole number), found \"20\"")
        #expect(
            failure("classes:\n  - class: java.util.ArrayList\n    id: -1\n")
                == "t.yaml:3:9: an id must be from 0 to 2147483647, found -1")
        #expect(
            failure("settings:\n  references: yes\n") == "t.yaml:2:15: expected true or false, found \"yes\"")
        #expect(
            failure("settings:\n  dialect: kryo3\n")
                == "t.yaml:2:12: unknown dialect \"kryo3\" (expected kryo2, kryo4 or kryo5)")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: [int]\n")
                == "t.yaml:4:10: expected a type or a mapping with a type for field \"x\", found a list")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: {tag: 1}\n")
                == "t.yaml:4:10: field \"x\" needs a \"type\" key")
        #expect(
            failure("classes:\n  - id: 3\n") == "t.yaml:2:5: a class entry needs a \"class\" key naming the Java class")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: {type: int, tag: 1}\n")
                == "t.yaml:4:27: field x has a tag, but class a.A is not serializer: tagged")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      x: {type: int, since: 2}\n")
                == "t.yaml:4:29: field x has a version (since), but class a.A is not serializer: version")
        #expect(
            failure("classes:\n  - class: a.A\n    serializer: version\n    fields:\n      x: {type: int, since: -1}\n")
                == "t.yaml:5:29: a version must be from 0 to 2147483647, found -1")
        #expect(failure("classes:\n  - class: int\n") == "t.yaml:2:12: int is a primitive type, not a class")
        #expect(
            failure("classes:\n  - class: a.A\n    fields:\n      2x: int\n") == "t.yaml:4:7: bad field name \"2x\"")
    }

    @Test func badYAMLSyntaxIsReportedWithItsPosition() {
        let message = failure("classes:\n  - class: a.A\n   id: 3\n")
        #expect(message?.hasPrefix("t.yaml:3:") == true && message?.contains("YAML syntax error:") == true)
        #expect(message?.contains("\n") == false)
        #expect(
            failure("classes: [a\n")?.hasPrefix("t.yaml:2:1: YAML syntax error: did not find expected ',' or ']'")
                == true)
        #expect(
            failure("a: &x [1]\nclasses: *x\n") == "t.yaml:2:10: YAML aliases (*name) are not supported in schema files"
        )
    }

    @Test func emptyFilesAreRefused() {
        #expect(failure("") == "t.yaml:1:1: the file is empty (expected a mapping with classes)")
        #expect(failure("# only a comment\n\n") == "t.yaml:1:1: the file is empty (expected a mapping with classes)")
        #expect(
            failure("   \n", fileName: "t.json") == "t.json:1:1: the file is empty (expected a mapping with classes)")
    }

    @Test func unknownExtensionsAreRefused() {
        #expect(
            failure("classes: []\n", fileName: "t.txt")
                == "t.txt: unknown file extension \"txt\" (expected .yaml, .yml or .json)")
        #expect(throws: Never.self) { try SchemaFiles.parse("classes: []\n", fileName: "stdin", format: .yaml) }
    }

    @Test func textsFromElsewhereAreToldByTheirContent() throws {
        #expect(SchemaFileFormat(content: "\u{FEFF}\n  {\"classes\": []}") == .json)
        #expect(SchemaFileFormat(content: "# a comment\nclasses: []\n") == .yaml)
        let piped = try SchemaFileText(data: Data("{\"classes\": [],}".utf8), fileName: "<stdin>")
        #expect(piped.format == .json)
        #expect(
            throws: SchemaFileError(
                file: "<stdin>", line: 1, column: 16,
                message: "not JSON: expected a string key after ',' (JSON has no trailing commas), found '}'")
        ) {
            try SchemaFiles.parse([piped])
        }
        #expect(throws: SchemaFileError(file: "<stdin>", message: "the file is not UTF-8 text")) {
            try SchemaFileText(data: Data([0xFF, 0xFE, 0x00]), fileName: "<stdin>")
        }
        let set = try SchemaFiles.parse([
            SchemaFileText("package: a\nclasses:\n  - class: A\n    fields: {b: B}\n", fileName: "one", format: .yaml),
            SchemaFileText(#"{"classes": [{"class": "a.B", "enum": ["X"]}]}"#, fileName: "two", format: .json),
        ])
        #expect(set.classes.map(\.javaName) == ["a.A", "a.B"])
    }

    @Test func jsonFilesMustBeJSON() {
        #expect(
            failure("classes: []\n", fileName: "t.json")
                == "t.json:1:1: not JSON: expected a JSON value, found 'classes'")
        #expect(
            failure("{'classes': []}", fileName: "t.json")
                == "t.json:1:2: not JSON: expected a string key or '}', found ''classes''")
        #expect(
            failure("{\"classes\": [] # comment\n}", fileName: "t.json")
                == "t.json:1:16: not JSON: expected ',' or '}' after an object member, found '#'")
        #expect(
            failure("{\"classes\": [],}", fileName: "t.json")
                == "t.json:1:16: not JSON: expected a string key after ',' (JSON has no trailing commas), found '}'")
        #expect(
            failure("{\"classes\": []} {}", fileName: "t.json")
                == "t.json:1:17: not JSON: expected the end of the input after the top-level value, found '{'")
        // JSON's own rules, not the readable backend's extras: no NaN or Infinity.
        #expect(
            failure("{\"classes\": [NaN]}", fileName: "t.json")
                == "t.json:1:14: not JSON: expected a JSON value, found 'NaN'")
        #expect(failure("{\"$schema\": \"kryo-schema.json\", \"classes\": []}", fileName: "t.json") == nil)
    }

    /// A field type of more than Java's 255 array dimensions is refused where the 256th begins,
    /// at once however long the type (a type of 100 000 was super-quadratic to check), and the
    /// message shows the start of the type, not all of it.
    @Test func moreArrayDimensionsThanJavasAreRefusedAtOnce() {
        func schema(_ dimensions: Int) -> String {
            "package: p\nclasses:\n  - {class: A, fields: {x: \"int" + String(repeating: "[]", count: dimensions)
                + "\"}}\n"
        }
        #expect(failure(schema(255)) == nil)
        let message = failure(schema(100_000))
        #expect(
            message
                == "t.yaml:3:542: bad type \"int" + String(repeating: "[]", count: 28) + "[…\": expected at most 255 "
                + "array dimensions (Java's limit)")
    }

    /// Java cannot extend a final class; a schema that says so is wrong somewhere.
    @Test func extendingAFinalClassIsRefused() {
        #expect(
            failure(
                "package: p\nclasses:\n  - {class: Base, final: true, fields: {a: int}}\n"
                    + "  - {class: Sub, extends: Base, fields: {b: int}}\n")
                == "t.yaml:4:27: superclass p.Base is declared final: true, and Java cannot extend a final class")
    }

    /// An interface named in `implements` is a class of the schema, or one of the JDK's common
    /// interfaces by its simple name, or any interface written with its package; a simple name
    /// that is none of these is a misspelling.
    @Test func implementingAnUnknownSimpleNameIsRefused() {
        let header = "package: p\nclasses:\n  - {class: Iface, abstract: true, fields: {}}\n"
        #expect(
            failure(
                header + "  - {class: A, implements: [Iface, Serializable, \"Comparable<A>\", java.io.Externalizable, "
                    + "com.x.Other], fields: {b: int}}\n") == nil)
        #expect(
            failure(header + "  - {class: B, implements: [Iface, Ifcae], fields: {b: int}}\n")
                == "t.yaml:4:36: implements Ifcae, which no class of the schema declares: declare it ({class: Ifcae, "
                + "abstract: true, fields: {}}), or write a JDK or library interface with its package "
                + "(java.io.Serializable)")
    }

    /// The JDK's interfaces and abstract classes by their simple names in bounds and field types
    /// (`ID extends Comparable<ID>`, `Number[]`), unless a class of the schema has the name.
    @Test func jdkInterfacesBySimpleName() throws {
        let text = """
            package: p
            classes:
              - class: Keyed
                typeParameters: [ID extends Comparable<ID>]
                fields: {id: ID, amounts: "Number[]", texts: "CharSequence[]", tail: "Deque<String>", s: Serializable}
            """
        let set = try SchemaFiles.parse(text, fileName: "t.yaml")
        let keyed = try #require(set.classes.first { $0.javaName == "p.Keyed" })
        #expect(keyed.typeParameterBounds["ID"] == .object("java.lang.Comparable", arguments: [.typeVariable("ID")]))
        #expect(
            keyed.fields.map(\.type.className)
                == [
                    "ID", "[Ljava.lang.Number;", "[Ljava.lang.CharSequence;", "java.util.Deque", "java.io.Serializable",
                ].map { $0 == "ID" ? "java.lang.Object" : $0 })
        // A schema's own class of that name comes first, as a package's class shadows java.lang's.
        let own = try SchemaFiles.parse(
            "package: p\nclasses:\n  - {class: Number, fields: {n: int}}\n  - {class: Box, fields: {x: Number}}\n",
            fileName: "t.yaml")
        let box = try #require(own.classes.first { $0.javaName == "p.Box" })
        #expect(box.fields.first?.type == .object("p.Number", arguments: []))
    }

    @Test func cyclesInExtendsAreRefused() {
        #expect(
            failure(
                "package: a\nclasses:\n  - class: A\n    extends: B\n    fields: {}\n  - class: B\n    extends: A\n    fields: {}\n"
            )
                == "t.yaml:4:14: a cycle in extends: a.A → a.B → a.A")
        #expect(
            failure("package: a\nclasses:\n  - class: A\n    extends: A\n    fields: {}\n")
                == "t.yaml:4:14: a cycle in extends: a.A → a.A")
        #expect(
            failure("package: a\nclasses:\n  - class: A\n    extends: Object\n    fields: {}\n")
                == "t.yaml:4:14: superclass java.lang.Object is not declared with its fields in a schema file")
    }

    @Test func superclassFieldsFollowTheClassesOwn() throws {
        let set = try SchemaFiles.parse(
            "package: a\nclasses:\n  - class: C\n    extends: B\n    fields: {c: int}\n  - class: B\n    extends: A\n"
                + "    fields: {b: int}\n  - class: A\n    fields: {a: String}\n",
            fileName: "t.yaml")
        #expect(set.schema(forJavaName: "a.C")?.fields.map(\.name) == ["c", "b", "a"])
        // A field of the name of a superclass's hides it; Java keeps both: the hidden one is keyed
        // by its class.
        let hidden = try SchemaFiles.parse(
            "package: a\nclasses:\n  - class: C\n    extends: B\n    fields: {x: int}\n  - class: B\n    extends: A\n"
                + "    fields: {x: long}\n  - class: A\n    fields: {x: String}\n",
            fileName: "t.yaml")
        #expect(hidden.schema(forJavaName: "a.C")?.fields.map(\.key) == ["x", "B.x", "A.x"])
        #expect(hidden.schema(forJavaName: "a.C")?.fields.map(\.name) == ["x", "x", "x"])
        #expect(
            failure("package: a\nclasses:\n  - class: A\n    fields: {B.x: int}\n")
                == "t.yaml:4:14: field \"B.x\" needs a \"name\" key: the Java name of the superclass field it keys")
    }

    @Test func deepOrHostileInputFailsWithoutTrapping() {
        let deepFlow = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(failure("classes: " + deepFlow) == "t.yaml:1:11: YAML syntax error: nested too deeply")
        let deepBlock = "classes:\n" + String(repeating: "- ", count: 3000) + "x\n"
        #expect(failure(deepBlock)?.hasSuffix(": YAML syntax error: nested too deeply") == true)
        #expect(
            failure("classes: []\n---\nclasses: []\n")
                == "t.yaml:2:1: YAML syntax error: a schema file holds one document, but found another")
        #expect(
            failure(deepFlow, fileName: "t.json")
                == "t.json:1:65: not JSON: expected at most 64 nested arrays and objects, found '[' opening level 65")
        let huge = String(repeating: "#", count: SchemaFiles.maximumFileSize + 1)
        #expect(failure(huge) == "t.yaml: the file is larger than 1048576 bytes")
        #expect(
            failure(
                "classes:\n  - class: a.A\n    fields:\n      x: List<" + String(repeating: "List<", count: 100) + "\n")
                != nil)
        #expect(failure("\u{0}") != nil)
        #expect(
            failure("classes:\n  - class: \"a.\\u0007\"\n")
                == "t.yaml:2:15: bad type \"a.\\u0007\": expected a type name")
        #expect(failure("classes:\n  - class: a..B\n") == "t.yaml:2:12: bad class name \"a..B\"")
    }

    @Test func problemsTheModelFindsAreNeverLeftUnreported() throws {
        for file in try SchemaFileLocations.allSchemaFiles() {
            #expect(try SchemaFiles.load(file).problems.isEmpty)
        }
    }
}
