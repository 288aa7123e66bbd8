import Testing

/// What `@JavaClass` and `@JavaEnum` expand to, as the compiler expands them. The cases are one
/// module that type-checks without a diagnostic: each expansion compiles against SwiftKryo.
@Suite struct ExpansionTests {
    static let plainFields = MacroCase(
        "PlainFields",
        """
        @JavaClass("test.SampleBean")
        final class SampleBean {
            var key: Int32 = 0
            var name: String?
            init() {}
        }
        """)

    static let everyAttribute = MacroCase(
        "EveryAttribute",
        """
        @JavaClass("shop.Account", serializer: .tagged)
        public struct Account {
            @JavaField(tag: 1) public var id: Int32 = 0
            @JavaField(name: "full_name", tag: 2) var name: String?
            @JavaField(tag: 3, deprecated: true) var legacy: Int32 = 0
            @JavaField(tag: 4, javaType: "ArrayList<String>", isFinal: true, isPublicField: true) var notes: [String]?
            @NotNull @JavaField(tag: 5, annexed: true) var code: String = ""
            @Transient var cache: [String: Int32] = [:]
            var total: Int64 { 0 }
            static let shared = 1
            var low, high: Int32
            var seen: Bool = false { didSet {} }
            public init() { (low, high) = (0, 0) }
        }
        """)

    static let publicFields = MacroCase(
        "PublicFields",
        """
        @JavaClass("data.media.Image", isFinal: true, publicFields: true)
        public final class Image {
            public var uri: String = ""
            public var width: Int32 = 0
            @JavaField(javaType: "int[][]", isPublicField: false) var grid: JavaArray<[Int32]>?
            public init() {}
        }
        """)

    static let derivedConstants = MacroCase(
        "DerivedConstants",
        """
        @JavaEnum("test.SampleEnum")
        public enum SampleEnum {
            case first, second
            case darkRed
        }
        """)

    static let javaConstant = MacroCase(
        "JavaConstant",
        """
        @JavaEnum("shop.Status")
        enum Status: Int {
            case inStock
            @JavaConstant("ON_ORDER") case ordered
            case `default`
        }
        """)

    static let alreadyConforms = MacroCase(
        "AlreadyConforms",
        """
        @JavaClass("a.Outer$Inner")
        struct Inner: Schematized {
            var value: Int32 = 0
        }
        """)

    static let javaTypes = MacroCase(
        "JavaTypes",
        """
        @JavaClass("test.JavaTypes")
        struct JavaTypes {
            @JavaField(javaType: "int") var count: Int32 = 0
            @JavaField(javaType: "long[][]") var grid: JavaArray<[Int64]>?
            @JavaField(javaType: "String") var name: String?
            @JavaField(javaType: "Map<Integer, List<shop.Book>>") var books: [Int32: [String]]?
            @JavaField(javaType: "a.Outer$Inner[]") var inners: [String]?
        }
        """)

    static let constantNames = MacroCase(
        "ConstantNames",
        """
        @JavaEnum("test.Scheme")
        enum Scheme {
            @JavaConstant("FTP") case fileTransfer
            case httpURL
            case darkRed
        }
        """)

    static let results = Result {
        try MacroCompiler.compile([
            plainFields, everyAttribute, publicFields, derivedConstants, javaConstant, alreadyConforms, javaTypes,
            constantNames,
        ])
    }

    @Test func theCasesCompileWithoutADiagnostic() throws {
        let results = try Self.results.get()
        #expect(results.status == 0, "\(results.output)")
        #expect(results.diagnostics.map(\.message) == [], "\(results.output)")
        // @JavaField, @NotNull, @Transient and @JavaConstant (peer macros, `fMp_` in the buffer's
        // name) mark properties and cases: each is expanded, to nothing.
        let markers = results.expansions.filter { $0.buffer.hasSuffix("fMp_.swift") }
        #expect(markers.count == 15, "\(results.output)")
        #expect(markers.filter { !$0.text.allSatisfy(\.isWhitespace) }.map(\.text) == [], "\(results.output)")
    }

    @Test func classWithPlainFields() throws {
        try Self.results.get().expect(
            Self.plainFields, type: "SampleBean",
            expansions: [
                """
                extension SampleBean: SwiftKryo.Schematized {
                    static let schema: SwiftKryo.Schema<SampleBean> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\SampleBean.key, "key")
                        let field1 = SwiftKryo.FieldCodec.of(\\SampleBean.name, "name")
                        let direct = SwiftKryo.DirectFields<SampleBean>(
                            names: ["key", "name"],
                            write: { value, writer in
                                try field0.write(value.key, to: writer)
                                try field1.write(value.name, to: writer)
                            },
                            read: { value, reader in
                                value.key = try field0.read(from: reader)
                                value.name = try field1.read(from: reader)
                            })
                        return SwiftKryo.Schema<SampleBean>(java: "test.SampleBean", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.key }, set: { $0.key = $1 })
                            SwiftKryo.Field(field1, get: { $0.name }, set: { $0.name = $1 })
                        }
                    }()
                }
                """
            ])
    }

    @Test func everyPropertyAttribute() throws {
        try Self.results.get().expect(
            Self.everyAttribute, type: "Account",
            expansions: [
                """
                extension Account: SwiftKryo.Schematized {
                    public static let schema = SwiftKryo.Schema<Account>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                        SwiftKryo.Field("full_name", get: { $0.name }, set: { $0.name = $1 }).tag(2)
                        SwiftKryo.Field("legacy", get: { $0.legacy }, set: { $0.legacy = $1 }).tag(3, deprecated: true)
                        SwiftKryo.Field("notes", get: { $0.notes }, set: { $0.notes = $1 }, java: .init(isFinal: true, isPublicField: true, javaType: .object("java.util.ArrayList", arguments: [.named("java.lang.String")]))).tag(4)
                        SwiftKryo.Field("code", get: { $0.code }, set: { $0.code = $1 }, java: .init(isNullable: false)).tag(5, annexed: true)
                        SwiftKryo.Field("low", get: { $0.low }, set: { $0.low = $1 })
                        SwiftKryo.Field("high", get: { $0.high }, set: { $0.high = $1 })
                        SwiftKryo.Field("seen", get: { $0.seen }, set: { $0.seen = $1 })
                    }
                }
                """
            ])
    }

    @Test func publicFieldsFinalClassAndArrays() throws {
        try Self.results.get().expect(
            Self.publicFields, type: "Image",
            expansions: [
                """
                extension Image: SwiftKryo.Schematized {
                    public static let schema: SwiftKryo.Schema<Image> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\Image.uri, "uri", java: .init(isPublicField: true))
                        let field1 = SwiftKryo.FieldCodec.of(\\Image.width, "width", java: .init(isPublicField: true))
                        let field2 = SwiftKryo.FieldCodec.of(\\Image.grid, "grid", java: .init(javaType: .array(.array(.primitive(.int)))))
                        let direct = SwiftKryo.DirectFields<Image>(
                            names: ["grid", "uri", "width"],
                            write: { value, writer in
                                try field2.write(value.grid, to: writer)
                                try field0.write(value.uri, to: writer)
                                try field1.write(value.width, to: writer)
                            },
                            read: { value, reader in
                                value.grid = try field2.read(from: reader)
                                value.uri = try field0.read(from: reader)
                                value.width = try field1.read(from: reader)
                            })
                        return SwiftKryo.Schema<Image>(java: "data.media.Image", isFinal: true, direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.uri }, set: { $0.uri = $1 })
                            SwiftKryo.Field(field1, get: { $0.width }, set: { $0.width = $1 })
                            SwiftKryo.Field(field2, get: { $0.grid }, set: { $0.grid = $1 })
                        }
                    }()
                }
                """
            ])
    }

    @Test func enumWithDerivedConstantNames() throws {
        try Self.results.get().expect(
            Self.derivedConstants, type: "SampleEnum",
            expansions: [
                """
                extension SampleEnum: SwiftKryo.JavaEnum {
                    public static let javaClassName = "test.SampleEnum"
                }
                """
            ])
    }

    @Test func enumWithAJavaConstant() throws {
        try Self.results.get().expect(
            Self.javaConstant, type: "Status",
            expansions: [
                """
                extension Status: SwiftKryo.JavaEnum {
                    static let javaClassName = "shop.Status"
                    static let javaConstantNames = ["IN_STOCK", "ON_ORDER", "DEFAULT"]
                }
                """
            ])
    }

    /// A type that declares the conformance itself gets the schema in an extension without one.
    @Test func typeThatAlreadyConforms() throws {
        try Self.results.get().expect(
            Self.alreadyConforms, type: "Inner",
            expansions: [
                """
                extension Inner {
                    static let schema: SwiftKryo.Schema<Inner> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\Inner.value, "value")
                        let direct = SwiftKryo.DirectFields<Inner>(
                            names: ["value"],
                            write: { value, writer in
                                try field0.write(value.value, to: writer)
                            },
                            read: { value, reader in
                                value.value = try field0.read(from: reader)
                            })
                        return SwiftKryo.Schema<Inner>(java: "a.Outer$Inner", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.value }, set: { $0.value = $1 })
                        }
                    }()
                }
                """
            ])
    }

    /// Java types written as text (`javaType:`), parsed into `JavaType` expressions: primitives,
    /// arrays of arrays, short names of java.lang and java.util classes, generic arguments, nested
    /// classes.
    @Test func javaTypeTexts() throws {
        try Self.results.get().expect(
            Self.javaTypes, type: "JavaTypes",
            expansions: [
                """
                extension JavaTypes: SwiftKryo.Schematized {
                    static let schema: SwiftKryo.Schema<JavaTypes> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\JavaTypes.count, "count", java: .init(javaType: .primitive(.int)))
                        let field1 = SwiftKryo.FieldCodec.of(\\JavaTypes.grid, "grid", java: .init(javaType: .array(.array(.primitive(.long)))))
                        let field2 = SwiftKryo.FieldCodec.of(\\JavaTypes.name, "name", java: .init(javaType: .named("java.lang.String")))
                        let field3 = SwiftKryo.FieldCodec.of(\\JavaTypes.books, "books", java: .init(javaType: .object("java.util.Map", arguments: [.named("java.lang.Integer"), .object("java.util.List", arguments: [.named("shop.Book")])])))
                        let field4 = SwiftKryo.FieldCodec.of(\\JavaTypes.inners, "inners", java: .init(javaType: .array(.named("a.Outer$Inner"))))
                        let direct = SwiftKryo.DirectFields<JavaTypes>(
                            names: ["books", "count", "grid", "inners", "name"],
                            write: { value, writer in
                                try field3.write(value.books, to: writer)
                                try field0.write(value.count, to: writer)
                                try field1.write(value.grid, to: writer)
                                try field4.write(value.inners, to: writer)
                                try field2.write(value.name, to: writer)
                            },
                            read: { value, reader in
                                value.books = try field3.read(from: reader)
                                value.count = try field0.read(from: reader)
                                value.grid = try field1.read(from: reader)
                                value.inners = try field4.read(from: reader)
                                value.name = try field2.read(from: reader)
                            })
                        return SwiftKryo.Schema<JavaTypes>(java: "test.JavaTypes", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.count }, set: { $0.count = $1 })
                            SwiftKryo.Field(field1, get: { $0.grid }, set: { $0.grid = $1 })
                            SwiftKryo.Field(field2, get: { $0.name }, set: { $0.name = $1 })
                            SwiftKryo.Field(field3, get: { $0.books }, set: { $0.books = $1 })
                            SwiftKryo.Field(field4, get: { $0.inners }, set: { $0.inners = $1 })
                        }
                    }()
                }
                """
            ])
    }

    /// Case names in Java's style (`httpURL` → `HTTP_URL`), listed in full once a case names its
    /// constant itself.
    @Test func javaConstantNamesOfCases() throws {
        try Self.results.get().expect(
            Self.constantNames, type: "Scheme",
            expansions: [
                """
                extension Scheme: SwiftKryo.JavaEnum {
                    static let javaClassName = "test.Scheme"
                    static let javaConstantNames = ["FTP", "HTTP_URL", "DARK_RED"]
                }
                """
            ])
    }
}
