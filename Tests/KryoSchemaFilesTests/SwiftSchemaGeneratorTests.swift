import Foundation
import KryoCore
import Testing

@testable import KryoSchemaFiles

/// A bean and an enum for the mapping cross-checks: what the generator would generate for
/// `test.Bean` and `test.Color`.
private final class Bean: Schematized {
    var x: Int32 = 0
    init() {}
    static let schema = Schema<Bean>(java: "test.Bean") { Field("x", \.x) }
}

private enum Color: JavaEnum {
    case red, darkRed
    static let javaClassName = "test.Color"
}

@Suite struct SwiftSchemaGeneratorTests {
    static let bean = JavaClassSchema(
        javaName: "test.Bean", id: 30, layout: .fields(.field, [JavaFieldSchema(name: "x", type: .primitive(.int))]))
    static let color = JavaClassSchema(javaName: "test.Color", id: 31, layout: .enumeration(["RED", "DARK_RED"]))

    static func type(_ text: String) -> JavaType {
        // The test's own types are written fully qualified; the parser cannot fail on them.
        (try? JavaType(parsing: text)) ?? .anyObject
    }

    /// The generated text of a class `test.Holder` with the fields, beside `test.Bean` and `test.Color`
    /// (by default in the schema style, whose text names every fact).
    static func holder(
        _ fields: [JavaFieldSchema], kind: FieldSerializerKind = .field, isFinal: Bool = false,
        options: SwiftSchemaGenerator.Options = .init(style: .schema)
    ) throws -> String {
        let set = SchemaSet(classes: [
            JavaClassSchema(javaName: "test.Holder", id: 40, isFinal: isFinal, layout: .fields(kind, fields)), bean,
            color,
        ])
        let files = try SwiftSchemaGenerator(options: options).generate(set)
        return try #require(files.first { $0.name.hasSuffix("Holder.swift") }).contents
    }

    static let mapper = SwiftTypeMapper(
        names: SchemaTypeNames(classes: [
            "test.Bean": ("Bean", false, nil), "test.Color": ("Color", true, ".red"),
        ]))

    /// Java type → Swift field type, and the Swift type whose declaration reports the mapped
    /// Java type (``JavaType/init(swiftType:)``).
    static let mappings: [(java: String, swift: String, runtime: any Any.Type)] = [
        ("boolean", "Bool", Bool.self), ("byte", "Int8", Int8.self), ("char", "UInt16", UInt16.self),
        ("short", "Int16", Int16.self), ("int", "Int32", Int32.self), ("long", "Int64", Int64.self),
        ("float", "Float", Float.self), ("double", "Double", Double.self),
        ("Integer", "Int32?", Int32?.self), ("Long", "Int64?", Int64?.self), ("Boolean", "Bool?", Bool?.self),
        ("Character", "UInt16?", UInt16?.self), ("Double", "Double?", Double?.self),
        ("String", "String", String.self), ("Object", "Any?", Any?.self),
        ("List<String>", "[String]", [String].self), ("List<Integer>", "[Int32?]", [Int32?].self),
        ("List", "[Any?]", [Any?].self), ("List<int[]>", "[[Int32]]", [[Int32]].self),
        ("List<test.Bean>", "[Bean]", [Bean].self),
        ("Map<Integer, String>", "[Int32: String]", [Int32: String].self),
        ("Map<String, Object>", "[String: Any?]", [String: Any?].self),
        ("Map", "[AnyHashable: Any?]", [AnyHashable: Any?].self),
        ("Map<String, List<String>>", "[String: [String]]", [String: [String]].self),
        ("Map<test.Color, Long>", "[Color: Int64]", [Color: Int64].self),
        ("Set<String>", "Set<String>", Set<String>.self), ("Set", "Set<AnyHashable>", Set<AnyHashable>.self),
        ("LinkedList<String>", "JavaLinkedList<String>", JavaLinkedList<String>.self),
        ("TreeMap<String, Integer>", "JavaTreeMap<String, Int32>", JavaTreeMap<String, Int32>.self),
        ("TreeSet<String>", "JavaTreeSet<String>", JavaTreeSet<String>.self),
        ("int[]", "[Int32]", [Int32].self), ("long[]", "[Int64]", [Int64].self),
        ("boolean[]", "[Bool]", [Bool].self), ("char[]", "[UInt16]", [UInt16].self),
        ("byte[]", "Data", Data.self), ("String[]", "JavaArray<String>", JavaArray<String>.self),
        ("Object[]", "JavaArray<Any>", JavaArray<Any>.self), ("int[][]", "JavaArray<[Int32]>", JavaArray<[Int32]>.self),
        ("Integer[]", "JavaArray<Int32>", JavaArray<Int32>.self),
        ("test.Bean[]", "JavaArray<Bean>", JavaArray<Bean>.self),
        ("Date", "Date", Date.self), ("BigInteger", "JavaBigInteger", JavaBigInteger.self),
        ("BigDecimal", "Decimal", Decimal.self), ("Currency", "Locale.Currency", Locale.Currency.self),
        ("TimeZone", "TimeZone", TimeZone.self), ("Calendar", "JavaCalendar", JavaCalendar.self),
        ("StringBuilder", "JavaStringBuilder", JavaStringBuilder.self),
        ("StringBuffer", "JavaStringBuffer", JavaStringBuffer.self), ("Class", "JavaClass", JavaClass.self),
        ("test.Bean", "Bean", Bean.self), ("test.Color", "Color", Color.self),
        ("EnumSet<test.Color>", "JavaEnumSet<Color>", JavaEnumSet<Color>.self),
    ]

    @Test("Every Java type maps to its Swift type, which reports the same Java type", arguments: mappings.indices)
    func mapping(_ index: Int) throws {
        let (java, swift, runtime) = Self.mappings[index]
        let mapped = try Self.mapper.map(Self.type(java), at: .field, context: "test")
        #expect(mapped.text == swift)
        // What a Swift field of the type reports: a non-optional primitive is Java's primitive.
        let reported =
            if case .primitive = mapped.canonical, let primitive = runtime as? any JavaPrimitive.Type {
                JavaType.primitive(JavaPrimitiveType(swiftType: primitive))
            } else {
                JavaType(swiftType: runtime)
            }
        #expect(mapped.canonical == reported, "\(java)")
    }

    @Test func declaredTypesOtherThanTheSwiftTypesAreKeptInTheOptions() throws {
        let text = try Self.holder([
            JavaFieldSchema(name: "list", type: Self.type("ArrayList<String>")),
            JavaFieldSchema(name: "plain", type: Self.type("List<String>")),
            JavaFieldSchema(name: "colors", type: Self.type("EnumSet<test.Color>")),
        ])
        #expect(text.contains("public var list: [String]?"))
        #expect(
            text.contains(
                #"Field("list", \.list, java: .init(javaType: .object("java.util.ArrayList", arguments: [.named("java.lang.String")])))"#
            ) || text.contains(#"javaType: .object("java.util.ArrayList", arguments: [.named("java.lang.String")])"#))
        #expect(text.contains(#"Field("plain", \.plain)"#))
        #expect(text.contains(#"javaType: .object("java.util.EnumSet", arguments: [.named("test.Color")])"#))
    }

    @Test func javaOptionsAndNullability() throws {
        let text = try Self.holder(
            [
                JavaFieldSchema(name: "name", type: .string, isNullable: false),
                JavaFieldSchema(name: "count", type: .named("java.lang.Integer"), isNullable: false),
                JavaFieldSchema(name: "tags", type: Self.type("List<String>"), isNullable: false),
                JavaFieldSchema(name: "color", type: .named("test.Color"), isNullable: false),
                JavaFieldSchema(name: "bean", type: .named("test.Bean"), isNullable: false),
                JavaFieldSchema(name: "open", type: .named("test.Bean"), isFinal: true),
                JavaFieldSchema(name: "width", type: .primitive(.int), isPublicField: true),
            ], isFinal: true)
        #expect(text.contains("public var name: String = \"\""))
        #expect(text.contains(#"Field("name", \.name, java: .init(isNullable: false))"#))
        #expect(text.contains("public var count: Int32?"))
        #expect(text.contains("public var tags: [String] = []"))
        #expect(text.contains("public var color: Color = .red"))
        #expect(text.contains("public var bean: Bean?"))
        #expect(text.contains(#"Field("open", \.`open`, java: .init(isFinal: true))"#))
        #expect(text.contains(#"Field("width", \.width, java: .init(isPublicField: true))"#))
        #expect(text.contains(#"Schema<Holder>(java: "test.Holder", isFinal: true)"#))
    }

    @Test func taggedAndCompatibleLayouts() throws {
        let tagged = try Self.holder(
            [
                JavaFieldSchema(name: "a", type: .primitive(.int), tag: 1),
                JavaFieldSchema(name: "b", type: .string, tag: 2, isDeprecated: true),
                JavaFieldSchema(name: "c", type: .string),
            ], kind: .tagged)
        #expect(tagged.contains(#"Schema<Holder>(java: "test.Holder", serializer: .tagged)"#))
        #expect(tagged.contains(#"Field("a", \.a).tag(1)"#))
        #expect(tagged.contains(#"Field("b", \.b).tag(2, deprecated: true)"#))
        #expect(tagged.contains(#"Field("c", \.c)"# + "\n"))
        let compatible = try Self.holder([JavaFieldSchema(name: "a", type: .primitive(.int))], kind: .compatible)
        #expect(compatible.contains("serializer: .compatible"))
        let versioned = [
            JavaFieldSchema(name: "a", type: .primitive(.int)), JavaFieldSchema(name: "b", type: .string, since: 2),
        ]
        let version = try Self.holder(versioned, kind: .version)
        #expect(version.contains("serializer: .version"))
        #expect(version.contains(#"Field("a", \.a)"# + "\n"))
        #expect(version.contains(#"Field("b", \.b).since(2)"#))
        let macro = try Self.holder(versioned, kind: .version, options: .init())
        #expect(macro.contains("@JavaClass(\"test.Holder\", serializer: .version)\n"))
        #expect(macro.contains("    @JavaField(since: 2) public var b: String?\n"))
    }

    @Test func identifiersAreEscapedOrRenamed() throws {
        #expect(SwiftIdentifiers.memberName(forJavaName: "MAX_VALUE") == "maxValue")
        #expect(SwiftIdentifiers.memberName(forJavaName: "first_name") == "firstName")
        #expect(SwiftIdentifiers.memberName(forJavaName: "URL") == "url")
        #expect(SwiftIdentifiers.memberName(forJavaName: "Name") == "name")
        #expect(SwiftIdentifiers.memberName(forJavaName: "a$b") == "aB")
        #expect(SwiftIdentifiers.memberName(forJavaName: "self") == "self_")
        #expect(SwiftIdentifiers.memberName(forJavaName: "camelCase") == "camelCase")
        #expect(SwiftIdentifiers.memberName(forJavaName: "__") == nil)
        let text = try Self.holder([
            JavaFieldSchema(name: "in", type: .primitive(.int)),
            JavaFieldSchema(name: "default", type: .string),
            JavaFieldSchema(name: "self", type: .primitive(.long)),
        ])
        #expect(text.contains("public var `in`: Int32 = 0"))
        #expect(text.contains("public var `default`: String?"))
        #expect(text.contains("public var self_: Int64 = 0"))
        #expect(text.contains("convenience init(`in`: Int32, `default`: String?, self_: Int64)"))
        #expect(text.contains("self.`in` = `in`"))
        #expect(text.contains(#"Field("default", \.`default`)"#))
        #expect(text.contains(#"Field("self", \.self_)"#))
    }

    @Test func enumsGetLowerCamelCasesAndTheirJavaNames() throws {
        let set = SchemaSet(classes: [
            JavaClassSchema(javaName: "a.Outer$Shade", layout: .enumeration(["DARK_RED", "default", "ALL_CASES"]))
        ])
        let files = try SwiftSchemaGenerator(options: .init(style: .schema)).generate(set)
        #expect(files.map(\.name) == ["Outer_Shade.swift", "registrations.swift"])
        let text = files[0].contents
        #expect(text.contains("public enum Outer_Shade: JavaEnum {"))
        #expect(text.contains("    case darkRed\n    case `default`\n    case allCases_\n"))
        #expect(text.contains(#"public static let javaClassName = "a.Outer$Shade""#))
        #expect(text.contains(#"public static let javaConstantNames = ["DARK_RED", "default", "ALL_CASES"]"#))
        #expect(
            files[1].contents.contains(
                "public func registrations() -> [Register] {\n    [\n        Register(Outer_Shade.self),"))
    }

    @Test func optionsChooseAccessNamespaceFunctionAndAccessors() throws {
        let options = SwiftSchemaGenerator.Options(
            accessLevel: .internal, namespace: "Model", registrationsFunctionName: "all", style: .schema,
            fieldAccess: .closures,
            typeNames: ["test.Bean": "Thing"], source: "beans.yaml")
        let files = try SwiftSchemaGenerator(options: options).generate(
            SchemaSet(classes: [Self.bean, JavaClassSchema(javaName: "java.util.ArrayList", id: 9, layout: .library)]))
        #expect(files.map(\.name) == ["Model.Thing.swift", "Model.swift"])
        let bean = files[0].contents
        #expect(bean.hasPrefix("// Generated by SwiftKryo (kryo schema generate) from beans.yaml. Do not edit.\n"))
        #expect(
            bean.contains("extension Model {\n    /// Java class `test.Bean`.\n    final class Thing: Schematized {"))
        #expect(bean.contains("        var x: Int32 = 0\n"))
        #expect(bean.contains(#"Field("x", get: { $0.x }, set: { $0.x = $1 })"#))
        #expect(!bean.contains("public"))
        let registrations = files[1].contents
        #expect(registrations.contains("enum Model {}"))
        #expect(registrations.contains("    static func all() -> [Register] {"))
        #expect(registrations.contains("Register(Thing.self, id: 30),\n"))
        #expect(registrations.contains("Register([Any?].self, id: 9),\n"))
    }

    @Test func libraryClassesAreRegisteredWithTheirSwiftTypes() throws {
        let names = ["java.util.HashMap", "java.util.HashSet", "[I", "[Ljava.lang.String;", "java.util.Date", "[B"]
        let set = SchemaSet(
            classes: names.enumerated().map { JavaClassSchema(javaName: $1, id: 50 + $0, layout: .library) })
        let text = try #require(try SwiftSchemaGenerator().generate(set).last).contents
        for entry in [
            "Register([AnyHashable: Any?].self, id: 50)", "Register(Set<AnyHashable>.self, id: 51)",
            "Register([Int32].self, id: 52)", "Register(JavaArray<String>.self, id: 53)",
            "Register(Date.self, id: 54)", "Register(Data.self, id: 55)",
        ] {
            #expect(text.contains(entry))
        }
        #expect(text.contains("import Foundation\nimport SwiftKryo\n"))
    }

    @Test func longLinesAreBrokenOneItemPerLine() throws {
        let text = try Self.holder([
            JavaFieldSchema(
                name: "aVeryLongFieldNameIndeed", type: Self.type("ArrayList<test.Bean>"), isNullable: false,
                isPublicField: true, isFinal: false)
        ])
        for line in text.split(separator: "\n") { #expect(line.count <= 120, "\(line)") }
        #expect(text.contains("        Field(\n            \"aVeryLongFieldNameIndeed\",\n"))
        #expect(text.contains("            java: .init(\n                isFinal: false,\n"))
    }

    @Test func macroFormDeclaresWhatTheSwiftTypeCannotSay() throws {
        let text = try Self.holder(
            [
                JavaFieldSchema(name: "first_name", type: .string, isNullable: false, tag: 1),
                JavaFieldSchema(name: "count", type: .primitive(.int), tag: 2, isDeprecated: true),
                JavaFieldSchema(name: "list", type: Self.type("ArrayList<String>"), tag: 3),
                JavaFieldSchema(name: "open", type: .named("test.Bean"), isPublicField: true, isFinal: true),
                JavaFieldSchema(name: "plain", type: Self.type("List<String>")),
            ], kind: .tagged, isFinal: true, options: .init())
        #expect(
            text.contains(
                "/// Java class `test.Holder`.\n@JavaClass(\"test.Holder\", isFinal: true, serializer: .tagged)\n"))
        #expect(text.contains("public final class Holder {\n"))
        #expect(
            text.contains(#"    @NotNull @JavaField(name: "first_name", tag: 1) public var firstName: String = """#))
        #expect(text.contains("    @JavaField(tag: 2, deprecated: true) public var count: Int32 = 0\n"))
        #expect(text.contains(#"    @JavaField(tag: 3, javaType: "ArrayList<String>") public var list: [String]?"#))
        #expect(text.contains("    @JavaField(isFinal: true, isPublicField: true) public var `open`: Bean?\n"))
        #expect(text.contains("    public var plain: [String]?\n"))
        #expect(!text.contains("Schematized") && !text.contains("static let schema"))
        #expect(text.contains("public convenience init("))
        // Every field public: the class says so once.
        let media = try Self.holder(
            [
                JavaFieldSchema(name: "uri", type: .string, isPublicField: true),
                JavaFieldSchema(name: "width", type: .primitive(.int), isPublicField: true),
            ], options: .init())
        #expect(media.contains("@JavaClass(\"test.Holder\", publicFields: true)\n"))
        #expect(media.contains("    public var uri: String?\n    public var width: Int32 = 0\n"))
        // Attributes too long for the property's line go on their own lines.
        let long = try Self.holder(
            [
                JavaFieldSchema(
                    name: "a_very_long_field_name_indeed", type: Self.type("ArrayList<test.Bean>"), isNullable: false,
                    isFinal: false)
            ], options: .init())
        for line in long.split(separator: "\n") { #expect(line.count <= 120, "\(line)") }
        #expect(
            long.contains(
                "    @NotNull\n    @JavaField(name: \"a_very_long_field_name_indeed\", javaType: \"ArrayList<test.Bean>\", isFinal: false)\n    public var aVeryLongFieldNameIndeed: [Bean] = []\n"
            ))
    }

    @Test func macroFormEnumsNameOnlyTheConstantsSwiftWouldNotDerive() throws {
        let set = SchemaSet(classes: [
            JavaClassSchema(javaName: "a.Outer$Shade", layout: .enumeration(["DARK_RED", "default", "ALL_CASES"]))
        ])
        let text = try SwiftSchemaGenerator().generate(set)[0].contents
        #expect(
            text.contains(
                "/// Java enum `a.Outer$Shade`.\n@JavaEnum(\"a.Outer$Shade\")\npublic enum Outer_Shade {\n    case darkRed\n"
                    + "    @JavaConstant(\"default\") case `default`\n    @JavaConstant(\"ALL_CASES\") case allCases_\n}\n"
            ))
    }

    @Test func typeVariablesNeedTheSchemaStyle() throws {
        let fields = [JavaFieldSchema(name: "item", type: .typeVariable("T"))]
        #expect(throws: SwiftSchemaGenerationError.self) { try Self.holder(fields, options: .init()) }
    }

    @Test func outputIsDeterministic() throws {
        let set = SchemaSet(classes: [Self.bean, Self.color])
        #expect(try SwiftSchemaGenerator().generate(set) == (try SwiftSchemaGenerator().generate(set)))
    }

    static let failures: [(set: SchemaSet, options: SwiftSchemaGenerator.Options, message: String)] = [
        (
            SchemaSet(classes: [JavaClassSchema(javaName: "a.b-c", layout: .fields(.field, []))]), .init(),
            "class a.b-c cannot become a Swift type: \"b-c\" is not an identifier (name it in typeNames)"
        ),
        (
            SchemaSet(classes: [
                JavaClassSchema(
                    javaName: "a.B", layout: .fields(.field, [JavaFieldSchema(name: "x", type: .named("a.Unknown"))]))
            ]), .init(),
            "field x of a.B: cannot map Java type a.Unknown to Swift (neither a class of the schema nor a library class)"
        ),
        (
            SchemaSet(classes: [
                bean,
                JavaClassSchema(
                    javaName: "a.B", layout: .fields(.field, [JavaFieldSchema(name: "s", type: type("Set<test.Bean>"))])
                ),
            ]), .init(), "field s of a.B: set element test.Bean is not Hashable in Swift (Bean)"
        ),
        (
            SchemaSet(classes: [
                JavaClassSchema(javaName: "a.X", layout: .fields(.field, [])),
                JavaClassSchema(javaName: "b.X", layout: .fields(.field, [])),
            ]), .init(), "classes a.X and b.X would both be the Swift type X (name one in typeNames)"
        ),
        (
            SchemaSet(classes: [JavaClassSchema(javaName: "a.Field", layout: .fields(.field, []))]), .init(),
            "class a.Field would be the Swift type Field, which hides a type generated code uses (name it in typeNames)"
        ),
        (
            SchemaSet(classes: [bean, bean]), .init(), "the schema set is invalid: class test.Bean is declared twice"
        ),
        (
            SchemaSet(classes: [
                JavaClassSchema(
                    javaName: "a.B",
                    layout: .fields(.field, [JavaFieldSchema(name: "x", type: .primitive(.int), isDeprecated: true)]))
            ]), .init(),
            "field x of a.B is deprecated without a tag; Swift marks deprecation with .tag(_:deprecated:)"
        ),
        (
            SchemaSet(classes: [
                JavaClassSchema(
                    javaName: "a.B", layout: .fields(.field, [JavaFieldSchema(name: "x", type: type("List<int>"))]))
            ]), .init(), "field x of a.B: a primitive (int) cannot be a generic argument in Java"
        ),
        (
            SchemaSet(classes: [
                JavaClassSchema(
                    javaName: "a.B",
                    layout: .fields(
                        .field,
                        [
                            JavaFieldSchema(name: "a_b", type: .primitive(.int)),
                            JavaFieldSchema(name: "aB", type: .primitive(.int)),
                        ]))
            ]), .init(), "fields a_b and aB of a.B would both be the Swift property aB"
        ),
        (
            SchemaSet(classes: [JavaClassSchema(javaName: "a.Thing", id: 1, layout: .library)]), .init(),
            "library class a.Thing has no Swift type to register"
        ),
        (SchemaSet(), .init(namespace: "class"), "namespace \"class\" is not a usable Swift type name"),
        (
            SchemaSet(), .init(registrationsFunctionName: "all-of-them"),
            "registrations function name \"all-of-them\" is not a Swift identifier"
        ),
    ]

    @Test("Errors are one line that says what is wrong", arguments: failures.indices)
    func errors(_ index: Int) {
        let failure = Self.failures[index]
        #expect(throws: SwiftSchemaGenerationError(failure.message)) {
            try SwiftSchemaGenerator(options: failure.options).generate(failure.set)
        }
        #expect(!failure.message.contains("\n"))
    }
}
