import SwiftSyntaxMacroExpansion
import Testing

/// What `@JavaClass` and `@JavaEnum` expand to.
@Suite struct ExpansionTests {
    @Test func classWithPlainFields() {
        assertExpansion(
            """
            @JavaClass("test.SampleBean")
            final class SampleBean {
                var key: Int32 = 0
                var name: String?
                init() {}
            }
            """,
            expandedSource: """
                final class SampleBean {
                    var key: Int32 = 0
                    var name: String?
                    init() {}
                }

                extension SampleBean: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<SampleBean>(java: "test.SampleBean") {
                        SwiftKryo.Field("key", get: { $0.key }, set: { $0.key = $1 })
                        SwiftKryo.Field("name", get: { $0.name }, set: { $0.name = $1 })
                    }
                }
                """)
    }

    @Test func everyPropertyAttribute() {
        assertExpansion(
            """
            @JavaClass("shop.Account", serializer: .tagged)
            public struct Account {
                @JavaField(tag: 1) public var id: Int32 = 0
                @JavaField(name: "full_name", tag: 2) var name: String?
                @JavaField(tag: 3, deprecated: true) var legacy: Int32 = 0
                @JavaField(tag: 4, javaType: "ArrayList<String>", isFinal: true, isPublicField: true) var notes: [String]?
                @NotNull @JavaField(tag: 5) var code: String = ""
                @Transient var cache: [String: Int32] = [:]
                var total: Int64 { 0 }
                static let shared = 1
                var low, high: Int32
                var seen: Bool = false { didSet {} }
                public init() { (low, high) = (0, 0) }
            }
            """,
            expandedSource: """
                public struct Account {
                    public var id: Int32 = 0
                    var name: String?
                    var legacy: Int32 = 0
                    var notes: [String]?
                    var code: String = ""
                    var cache: [String: Int32] = [:]
                    var total: Int64 { 0 }
                    static let shared = 1
                    var low, high: Int32
                    var seen: Bool = false { didSet {} }
                    public init() { (low, high) = (0, 0) }
                }

                extension Account: SwiftKryo.Schematized {
                    public static let schema = SwiftKryo.Schema<Account>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                        SwiftKryo.Field("full_name", get: { $0.name }, set: { $0.name = $1 }).tag(2)
                        SwiftKryo.Field("legacy", get: { $0.legacy }, set: { $0.legacy = $1 }).tag(3, deprecated: true)
                        SwiftKryo.Field("notes", get: { $0.notes }, set: { $0.notes = $1 }, java: .init(isFinal: true, isPublicField: true, javaType: .object("java.util.ArrayList", arguments: [.named("java.lang.String")]))).tag(4)
                        SwiftKryo.Field("code", get: { $0.code }, set: { $0.code = $1 }, java: .init(isNullable: false)).tag(5)
                        SwiftKryo.Field("low", get: { $0.low }, set: { $0.low = $1 })
                        SwiftKryo.Field("high", get: { $0.high }, set: { $0.high = $1 })
                        SwiftKryo.Field("seen", get: { $0.seen }, set: { $0.seen = $1 })
                    }
                }
                """)
    }

    @Test func publicFieldsFinalClassAndArrays() {
        assertExpansion(
            """
            @JavaClass("data.media.Image", isFinal: true, publicFields: true)
            public final class Image {
                public var uri: String = ""
                public var width: Int32 = 0
                @JavaField(javaType: "int[][]", isPublicField: false) var grid: JavaArray<[Int32]>?
                public init() {}
            }
            """,
            expandedSource: """
                public final class Image {
                    public var uri: String = ""
                    public var width: Int32 = 0
                    var grid: JavaArray<[Int32]>?
                    public init() {}
                }

                extension Image: SwiftKryo.Schematized {
                    public static let schema = SwiftKryo.Schema<Image>(java: "data.media.Image", isFinal: true) {
                        SwiftKryo.Field("uri", get: { $0.uri }, set: { $0.uri = $1 }, java: .init(isPublicField: true))
                        SwiftKryo.Field("width", get: { $0.width }, set: { $0.width = $1 }, java: .init(isPublicField: true))
                        SwiftKryo.Field("grid", get: { $0.grid }, set: { $0.grid = $1 }, java: .init(javaType: .array(.array(.primitive(.int)))))
                    }
                }
                """)
    }

    @Test func enumWithDerivedConstantNames() {
        assertExpansion(
            """
            @JavaEnum("test.SampleEnum")
            public enum SampleEnum {
                case first, second
                case darkRed
            }
            """,
            expandedSource: """
                public enum SampleEnum {
                    case first, second
                    case darkRed
                }

                extension SampleEnum: SwiftKryo.JavaEnum {
                    public static let javaClassName = "test.SampleEnum"
                }
                """)
    }

    @Test func enumWithAJavaConstant() {
        assertExpansion(
            """
            @JavaEnum("shop.Status")
            enum Status: Int {
                case inStock
                @JavaConstant("ON_ORDER") case ordered
                case `default`
            }
            """,
            expandedSource: """
                enum Status: Int {
                    case inStock
                    case ordered
                    case `default`
                }

                extension Status: SwiftKryo.JavaEnum {
                    static let javaClassName = "shop.Status"
                    static let javaConstantNames = ["IN_STOCK", "ON_ORDER", "DEFAULT"]
                }
                """)
    }

    @Test func typeThatAlreadyConforms() {
        var macros = kryoMacros
        macros["JavaClass"] = MacroSpec(type: JavaClassMacro.self)
        assertExpansion(
            """
            @JavaClass("a.Outer$Inner")
            struct Inner: Schematized {
                var value: Int32 = 0
            }
            """,
            expandedSource: """
                struct Inner: Schematized {
                    var value: Int32 = 0
                }

                extension Inner {
                    static let schema = SwiftKryo.Schema<Inner>(java: "a.Outer$Inner") {
                        SwiftKryo.Field("value", get: { $0.value }, set: { $0.value = $1 })
                    }
                }
                """,
            macros: macros)
    }

    @Test func javaTypeTexts() {
        func expression(_ text: String) -> String? {
            if case .success(let parsed) = JavaTypeText.parse(text) { return parsed.expression }
            return nil
        }
        #expect(expression("int") == ".primitive(.int)")
        #expect(expression("long[][]") == ".array(.array(.primitive(.long)))")
        #expect(expression("String") == ".named(\"java.lang.String\")")
        #expect(
            expression("Map<Integer, List<shop.Book>>")
                == ".object(\"java.util.Map\", arguments: [.named(\"java.lang.Integer\"), .object(\"java.util.List\", arguments: [.named(\"shop.Book\")])])"
        )
        #expect(expression("a.Outer$Inner[]") == ".array(.named(\"a.Outer$Inner\"))")
        #expect(
            JavaTypeText.parse("List<int>")
                == .failure(.init(column: 9, expected: "a class type (generic arguments are classes)")))
        #expect(JavaTypeText.parse("List<String") == .failure(.init(column: 12, expected: "',' or '>'")))
        #expect(JavaTypeText.parse("int[") == .failure(.init(column: 5, expected: "']'")))
        #expect(JavaTypeText.parse("") == .failure(.init(column: 1, expected: "a type name")))
        #expect(JavaEnumMacro.javaConstantName(forCaseName: "httpURL") == "HTTP_URL")
        #expect(JavaEnumMacro.javaConstantName(forCaseName: "darkRed") == "DARK_RED")
    }
}
