import Testing

/// The compile-time errors and warnings of the macros, each at its line and column, and what each
/// fix-it makes of the source, as the compiler reports them. The cases are one module (so their
/// type names differ); a case whose macro reports an error expands to nothing.
@Suite struct DiagnosticsTests {
    static let transient = "Mark the property @Transient (not serialized)"

    static let nonFinal = MacroCase(
        "NonFinal",
        """
        @JavaClass("shop.Library")
        class Library {
            var title: String?
        }
        """)

    static let nonFinalOnOneLine = MacroCase(
        "NonFinalOnOneLine",
        """
        @JavaClass("shop.Library") public class PublicLibrary {
            var title: String?
        }
        """)

    static let javaClassOnAnEnum = MacroCase(
        "JavaClassOnAnEnum",
        """
        @JavaClass("shop.Status")
        enum Status {
            case inStock, soldOut
        }
        """)

    static let javaEnumOnAStruct = MacroCase(
        "JavaEnumOnAStruct",
        """
        @JavaEnum("shop.Book")
        struct Book {
            var title: String?
        }
        """)

    static let onAProtocol = MacroCase(
        "OnAProtocol",
        """
        @JavaClass("shop.Item")
        protocol Item {}
        """)

    static let onAGenericType = MacroCase(
        "OnAGenericType",
        """
        @JavaClass("shop.Box")
        struct Box<T> {
            var item: T?
        }
        """)

    static let withoutAType = MacroCase(
        "WithoutAType",
        """
        @JavaClass("shop.Book")
        struct UntypedBook {
            var pages = 0
        }
        """)

    static let unsupportedTypes = MacroCase(
        "UnsupportedTypes",
        """
        @JavaClass("shop.Book")
        struct UnsignedBook {
            var pages: UInt32 = 0
            var sizes: [Swift.UInt64]?
            var bytes: [UInt8] = []
            var range: (Int32, Int32) = (0, 0)
        }
        """)

    static let letAndLazy = MacroCase(
        "LetAndLazy",
        """
        @JavaClass("shop.Book")
        final class LetBook {
            let title: String = ""
            lazy var summary: String = ""
        }
        """)

    static let duplicateTag = MacroCase(
        "DuplicateTag",
        """
        @JavaClass("shop.Account", serializer: .tagged)
        struct Account {
            @JavaField(tag: 1) var id: Int32 = 0
            @JavaField(tag: 2) var name: String?
            @JavaField(tag: 1) var email: String?
        }
        """)

    static let deprecatedWithoutATag = MacroCase(
        "DeprecatedWithoutATag",
        """
        @JavaClass("shop.Account", serializer: .tagged)
        struct LegacyAccount {
            @JavaField(tag: 1) var id: Int32 = 0
            @JavaField(name: "old", deprecated: true) var legacy: Int32 = 0
        }
        """)

    static let tagsWithoutTheTaggedSerializer = MacroCase(
        "TagsWithoutTheTaggedSerializer",
        """
        @JavaClass("shop.Account")
        struct TagAccount {
            @JavaField(tag: 1) var id: Int32 = 0
        }
        """)

    static let versionsWithoutTheVersionSerializer = MacroCase(
        "VersionsWithoutTheVersionSerializer",
        """
        @JavaClass("shop.Customer")
        struct VersionCustomer {
            var id: Int32 = 0
            @JavaField(since: 2) var email: String?
        }
        """)

    static let badArguments = MacroCase(
        "BadArguments",
        """
        @JavaClass("shop.Book")
        struct NamedBook {
            @JavaField(javaType: "List<int>") var pages: [Int32]?
            @JavaField(name: "title") var name: String?
            var title: String?
            @JavaField(tag: -1) var order: Int32 = 0
        }
        """)

    static let badJavaTypes = MacroCase(
        "BadJavaTypes",
        """
        @JavaClass("shop.Types")
        struct TypedBook {
            @JavaField(javaType: "List<String") var names: [String]?
            @JavaField(javaType: "int[") var numbers: JavaArray<[Int32]>?
            @JavaField(javaType: "") var count: Int32 = 0
        }
        """)

    static let badClassName = MacroCase(
        "BadClassName",
        """
        @JavaClass("shop Book")
        struct SpacedBook {}
        """)

    static let enumProblems = MacroCase(
        "EnumProblems",
        """
        @JavaEnum("shop.Shape")
        enum Shape {
            case circle(radius: Double)
            case square
            @JavaConstant("SQUARE") case box
        }
        """)

    static let misplacedAttributes = MacroCase(
        "MisplacedAttributes",
        """
        struct PlainBook {
            @JavaField(tag: 1) func read() {}
            @JavaConstant("X") var title: String?
            @Transient static let count: Int32 = 0
        }
        """)

    static let results = Result {
        try MacroCompiler.compile([
            nonFinal, nonFinalOnOneLine, javaClassOnAnEnum, javaEnumOnAStruct, onAProtocol, onAGenericType,
            withoutAType, unsupportedTypes, letAndLazy, duplicateTag, deprecatedWithoutATag,
            tagsWithoutTheTaggedSerializer, versionsWithoutTheVersionSerializer, badArguments, badJavaTypes,
            badClassName, enumProblems, misplacedAttributes,
        ])
    }

    /// Every diagnostic of the run is one the cases expect: none in an expansion, none of the
    /// compiler's own.
    @Test func everyDiagnosticIsInACase() throws {
        let results = try Self.results.get()
        let files = Set(results.sources.keys.map { $0 + ".swift" })
        let elsewhere = results.diagnostics.filter { !files.contains(where: $0.location.file.hasSuffix) }
        #expect(elsewhere.map(\.message) == [], "\(results.output)")
        #expect(results.status != 0)
    }

    @Test func nonFinalClassGetsFinal() throws {
        let results = try Self.results.get()
        let message =
            "@JavaClass needs a final class: decoding creates instances with init() and cannot create a subclass"
            + " (declare a Java subclass as its own final class)"
        results.expect(
            Self.nonFinal, type: "Library", expansions: [],
            diagnostics: [ExpectedDiagnostic(message, line: 2, column: 1, fixIts: ["Add 'final'"])])
        #expect(
            results.applying(["Add 'final'"], to: Self.nonFinal) == """
                @JavaClass("shop.Library")
                final class Library {
                    var title: String?
                }
                """)
        results.expect(
            Self.nonFinalOnOneLine, type: "PublicLibrary", expansions: [],
            diagnostics: [ExpectedDiagnostic(message, line: 1, column: 35, fixIts: ["Add 'final'"])])
        #expect(
            results.applying(["Add 'final'"], to: Self.nonFinalOnOneLine) == """
                @JavaClass("shop.Library") public final class PublicLibrary {
                    var title: String?
                }
                """)
    }

    @Test func javaClassOnAnEnumBecomesJavaEnum() throws {
        let results = try Self.results.get()
        results.expect(
            Self.javaClassOnAnEnum, type: "Status", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "@JavaClass declares a Java class; a Java enum is declared @JavaEnum", line: 2, column: 1,
                    fixIts: ["Use @JavaEnum"])
            ])
        #expect(
            results.applying(["Use @JavaEnum"], to: Self.javaClassOnAnEnum) == """
                @JavaEnum("shop.Status")
                enum Status {
                    case inStock, soldOut
                }
                """)
    }

    @Test func javaEnumOnAStructBecomesJavaClass() throws {
        let results = try Self.results.get()
        results.expect(
            Self.javaEnumOnAStruct, type: "Book", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "@JavaEnum declares a Java enum; a Java class is declared @JavaClass", line: 1, column: 1,
                    fixIts: ["Use @JavaClass"])
            ])
        #expect(
            results.applying(["Use @JavaClass"], to: Self.javaEnumOnAStruct) == """
                @JavaClass("shop.Book")
                struct Book {
                    var title: String?
                }
                """)
    }

    @Test func protocolsActorsAndGenericTypesAreRefused() throws {
        let results = try Self.results.get()
        results.expect(
            Self.onAProtocol, type: "Item", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "@JavaClass applies to a final class or a struct, not to a protocol (a Java interface is not serialized; declare its classes)",
                    line: 1, column: 1)
            ])
        results.expect(
            Self.onAGenericType, type: "Box", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "@JavaClass cannot declare a generic type: its schema is a static stored property; declare the Schema by hand in a computed property",
                    line: 2, column: 11)
            ])
    }

    @Test func propertyWithoutATypeGetsOne() throws {
        let results = try Self.results.get()
        results.expect(
            Self.withoutAType, type: "UntypedBook",
            expansions: [
                """
                extension UntypedBook: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<UntypedBook>(java: "shop.Book") {
                    }
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "'pages' needs a type annotation: the Java field's type comes from it", line: 3, column: 9,
                    fixIts: ["Declare the type: Int", Self.transient])
            ])
        #expect(
            results.applying(["Declare the type: Int"], to: Self.withoutAType) == """
                @JavaClass("shop.Book")
                struct UntypedBook {
                    var pages: Int = 0
                }
                """)
        #expect(
            results.applying([Self.transient], to: Self.withoutAType) == """
                @JavaClass("shop.Book")
                struct UntypedBook {
                    @Transient var pages = 0
                }
                """)
    }

    @Test func unsupportedTypeGetsAJavaOne() throws {
        let results = try Self.results.get()
        results.expect(
            Self.unsupportedTypes, type: "UnsignedBook",
            expansions: [
                """
                extension UnsignedBook: SwiftKryo.Schematized {
                    static let schema: SwiftKryo.Schema<UnsignedBook> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\UnsignedBook.bytes, "bytes")
                        let direct = SwiftKryo.DirectFields<UnsignedBook>(
                            names: ["bytes"],
                            write: { value, writer in
                                try field0.write(value.bytes, to: writer)
                            },
                            read: { value, reader in
                                value.bytes = try field0.read(from: reader)
                            })
                        return SwiftKryo.Schema<UnsignedBook>(java: "shop.Book", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.bytes }, set: { $0.bytes = $1 })
                        }
                    }()
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "'pages' has type UInt32, which no Java field holds: Java has no unsigned int", line: 3,
                    column: 16, fixIts: ["Use Int64", Self.transient]),
                ExpectedDiagnostic(
                    "'sizes' has type Swift.UInt64, which no Java field holds: Java has no unsigned long", line: 4,
                    column: 17, fixIts: ["Use Int64", Self.transient]),
                ExpectedDiagnostic(
                    "'range' has type (Int32, Int32), which no Java field holds: Java has no tuples", line: 6,
                    column: 16, fixIts: [Self.transient]),
            ])
        #expect(
            results.applying(["Use Int64"], to: Self.unsupportedTypes) == """
                @JavaClass("shop.Book")
                struct UnsignedBook {
                    var pages: Int64 = 0
                    var sizes: [Int64]?
                    var bytes: [UInt8] = []
                    var range: (Int32, Int32) = (0, 0)
                }
                """)
        #expect(
            results.applying([Self.transient], to: Self.unsupportedTypes) == """
                @JavaClass("shop.Book")
                struct UnsignedBook {
                    @Transient var pages: UInt32 = 0
                    @Transient var sizes: [Swift.UInt64]?
                    var bytes: [UInt8] = []
                    @Transient var range: (Int32, Int32) = (0, 0)
                }
                """)
    }

    @Test func letAndLazyProperties() throws {
        let results = try Self.results.get()
        results.expect(
            Self.letAndLazy, type: "LetBook",
            expansions: [
                """
                extension LetBook: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<LetBook>(java: "shop.Book") {
                    }
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "'title' is a let: decoding sets every field after init(); declare it var or mark it @Transient",
                    line: 3, column: 5, fixIts: ["Declare it var", Self.transient]),
                ExpectedDiagnostic(
                    "'summary' is lazy: a field is read without being computed", line: 4, column: 14,
                    fixIts: [Self.transient]),
            ])
        #expect(
            results.applying(["Declare it var"], to: Self.letAndLazy) == """
                @JavaClass("shop.Book")
                final class LetBook {
                    var title: String = ""
                    lazy var summary: String = ""
                }
                """)
        #expect(
            results.applying([Self.transient], to: Self.letAndLazy) == """
                @JavaClass("shop.Book")
                final class LetBook {
                    @Transient let title: String = ""
                    @Transient lazy var summary: String = ""
                }
                """)
    }

    @Test func duplicateTagGetsTheNextFreeOne() throws {
        let results = try Self.results.get()
        results.expect(
            Self.duplicateTag, type: "Account",
            expansions: [
                """
                extension Account: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<Account>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                        SwiftKryo.Field("name", get: { $0.name }, set: { $0.name = $1 }).tag(2)
                    }
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "tag 1 of 'email' is already the tag of 'id'", line: 5, column: 21, fixIts: ["Use tag 3"])
            ])
        #expect(
            results.applying(["Use tag 3"], to: Self.duplicateTag) == """
                @JavaClass("shop.Account", serializer: .tagged)
                struct Account {
                    @JavaField(tag: 1) var id: Int32 = 0
                    @JavaField(tag: 2) var name: String?
                    @JavaField(tag: 3) var email: String?
                }
                """)
    }

    @Test func deprecatedFieldGetsATag() throws {
        let results = try Self.results.get()
        results.expect(
            Self.deprecatedWithoutATag, type: "LegacyAccount",
            expansions: [
                """
                extension LegacyAccount: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<LegacyAccount>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                    }
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "'legacy' is deprecated without a tag: only the tagged serializer knows deprecated fields",
                    line: 4, column: 5, fixIts: ["Add tag 2"])
            ])
        #expect(
            results.applying(["Add tag 2"], to: Self.deprecatedWithoutATag) == """
                @JavaClass("shop.Account", serializer: .tagged)
                struct LegacyAccount {
                    @JavaField(tag: 1) var id: Int32 = 0
                    @JavaField(name: "old", tag: 2, deprecated: true) var legacy: Int32 = 0
                }
                """)
    }

    @Test func tagsWithoutTheTaggedSerializer() throws {
        let results = try Self.results.get()
        results.expect(
            Self.tagsWithoutTheTaggedSerializer, type: "TagAccount",
            expansions: [
                """
                extension TagAccount: SwiftKryo.Schematized {
                    static let schema: SwiftKryo.Schema<TagAccount> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\TagAccount.id, "id")
                        let direct = SwiftKryo.DirectFields<TagAccount>(
                            names: ["id"],
                            write: { value, writer in
                                try field0.write(value.id, to: writer)
                            },
                            read: { value, reader in
                                value.id = try field0.read(from: reader)
                            })
                        return SwiftKryo.Schema<TagAccount>(java: "shop.Account", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.id }, set: { $0.id = $1 }).tag(1)
                        }
                    }()
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "tags are read only by the tagged serializer; this schema's serializer (.field) ignores them",
                    line: 3, column: 21, severity: .warning, fixIts: ["Use the tagged serializer"])
            ])
        #expect(
            results.applying(["Use the tagged serializer"], to: Self.tagsWithoutTheTaggedSerializer) == """
                @JavaClass("shop.Account", serializer: .tagged)
                struct TagAccount {
                    @JavaField(tag: 1) var id: Int32 = 0
                }
                """)
    }

    @Test func versionsWithoutTheVersionSerializer() throws {
        let results = try Self.results.get()
        let warnings = results.diagnostics.filter {
            $0.location.file.hasSuffix("VersionsWithoutTheVersionSerializer.swift")
        }
        #expect(
            warnings.map(\.message) == [
                "versions are read only by the version serializer; this schema's serializer (.field) ignores them (from macro 'JavaClass')"
            ])
        #expect(warnings.first?.location.line == 4)
        #expect(
            results.applying(["Use the version serializer"], to: Self.versionsWithoutTheVersionSerializer) == """
                @JavaClass("shop.Customer", serializer: .version)
                struct VersionCustomer {
                    var id: Int32 = 0
                    @JavaField(since: 2) var email: String?
                }
                """)
    }

    @Test func badArgumentsAndNames() throws {
        let results = try Self.results.get()
        results.expect(
            Self.badArguments, type: "NamedBook",
            expansions: [
                """
                extension NamedBook: SwiftKryo.Schematized {
                    static let schema: SwiftKryo.Schema<NamedBook> = {
                        let field0 = SwiftKryo.FieldCodec.of(\\NamedBook.name, "title")
                        let direct = SwiftKryo.DirectFields<NamedBook>(
                            names: ["title"],
                            write: { value, writer in
                                try field0.write(value.name, to: writer)
                            },
                            read: { value, reader in
                                value.name = try field0.read(from: reader)
                            })
                        return SwiftKryo.Schema<NamedBook>(java: "shop.Book", direct: direct) {
                            SwiftKryo.Field(field0, get: { $0.name }, set: { $0.name = $1 })
                        }
                    }()
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "\"List<int>\" is not a Java type: expected a class type (generic arguments are classes) at column 9",
                    line: 3, column: 26),
                ExpectedDiagnostic("'title' and 'name' are both the Java field title", line: 5, column: 9),
                ExpectedDiagnostic("tag -1 of 'order' is negative (tags are ≥ 0)", line: 6, column: 21),
            ])
        results.expect(
            Self.badClassName, type: "SpacedBook", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "\"shop Book\" is not a Java binary class name (shop.Library, a.Outer$Inner)", line: 1, column: 12)
            ])
    }

    /// Java types written as text that do not parse: what was expected, at which column of the text.
    @Test func javaTypeTextsThatDoNotParse() throws {
        let results = try Self.results.get()
        results.expect(
            Self.badJavaTypes, type: "TypedBook",
            expansions: [
                """
                extension TypedBook: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<TypedBook>(java: "shop.Types") {
                    }
                }
                """
            ],
            diagnostics: [
                ExpectedDiagnostic(
                    "\"List<String\" is not a Java type: expected ',' or '>' at column 12", line: 3, column: 26),
                ExpectedDiagnostic("\"int[\" is not a Java type: expected ']' at column 5", line: 4, column: 26),
                ExpectedDiagnostic("\"\" is not a Java type: expected a type name at column 1", line: 5, column: 26),
            ])
    }

    @Test func enumProblems() throws {
        let results = try Self.results.get()
        results.expect(
            Self.enumProblems, type: "Shape", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "case 'circle' has associated values, which a Java enum constant cannot hold (a Codable enum registers through the Codable bridge)",
                    line: 3, column: 16),
                ExpectedDiagnostic(
                    "cases 'square' and 'box' are both the Java constant SQUARE", line: 5, column: 19),
            ])
    }

    @Test func misplacedAttributes() throws {
        let results = try Self.results.get()
        results.expect(
            Self.misplacedAttributes, type: "PlainBook", expansions: [],
            diagnostics: [
                ExpectedDiagnostic(
                    "@JavaField applies to a stored property of a @JavaClass type", line: 2, column: 5),
                ExpectedDiagnostic("@JavaConstant applies to a case of a @JavaEnum enum", line: 3, column: 5),
                ExpectedDiagnostic(
                    "@Transient applies to a stored instance property, not a static one", line: 4, column: 5),
            ])
    }
}
