import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The compile-time errors and warnings of the macros, and what each fix-it makes of the source.
@Suite struct DiagnosticsTests {
    static var transient: FixItSpec { FixItSpec(message: "Mark the property @Transient (not serialized)") }

    @Test func nonFinalClassGetsFinal() {
        let message =
            "@JavaClass needs a final class: decoding creates instances with init() and cannot create a subclass"
            + " (declare a Java subclass as its own final class)"
        assertExpansion(
            """
            @JavaClass("shop.Library")
            class Library {
                var title: String?
            }
            """,
            expandedSource: """
                class Library {
                    var title: String?
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: message, line: 2, column: 1, fixIts: [FixItSpec(message: "Add 'final'")])
            ],
            applyFixIts: ["Add 'final'"],
            fixedSource: """
                @JavaClass("shop.Library")
                final class Library {
                    var title: String?
                }
                """)
        assertExpansion(
            """
            @JavaClass("shop.Library") public class Library {
                var title: String?
            }
            """,
            expandedSource: """
                public class Library {
                    var title: String?
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: message, line: 1, column: 35, fixIts: [FixItSpec(message: "Add 'final'")])
            ],
            applyFixIts: ["Add 'final'"],
            fixedSource: """
                @JavaClass("shop.Library") public final class Library {
                    var title: String?
                }
                """)
    }

    @Test func javaClassOnAnEnumBecomesJavaEnum() {
        assertExpansion(
            """
            @JavaClass("shop.Status")
            enum Status {
                case inStock, soldOut
            }
            """,
            expandedSource: """
                enum Status {
                    case inStock, soldOut
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JavaClass declares a Java class; a Java enum is declared @JavaEnum", line: 2, column: 1,
                    fixIts: [FixItSpec(message: "Use @JavaEnum")])
            ],
            applyFixIts: ["Use @JavaEnum"],
            fixedSource: """
                @JavaEnum("shop.Status")
                enum Status {
                    case inStock, soldOut
                }
                """)
    }

    @Test func javaEnumOnAStructBecomesJavaClass() {
        assertExpansion(
            """
            @JavaEnum("shop.Book")
            struct Book {
                var title: String?
            }
            """,
            expandedSource: """
                struct Book {
                    var title: String?
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JavaEnum declares a Java enum; a Java class is declared @JavaClass", line: 1, column: 1,
                    fixIts: [FixItSpec(message: "Use @JavaClass")])
            ],
            applyFixIts: ["Use @JavaClass"],
            fixedSource: """
                @JavaClass("shop.Book")
                struct Book {
                    var title: String?
                }
                """)
    }

    @Test func protocolsActorsAndGenericTypesAreRefused() {
        assertExpansion(
            """
            @JavaClass("shop.Item")
            protocol Item {}
            """,
            expandedSource: """
                protocol Item {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@JavaClass applies to a final class or a struct, not to a protocol (a Java interface is not serialized; declare its classes)",
                    line: 1, column: 1)
            ])
        assertExpansion(
            """
            @JavaClass("shop.Box")
            struct Box<T> {
                var item: T?
            }
            """,
            expandedSource: """
                struct Box<T> {
                    var item: T?
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@JavaClass cannot declare a generic type: its schema is a static stored property; declare the Schema by hand in a computed property",
                    line: 2, column: 11)
            ])
    }

    @Test func propertyWithoutATypeGetsOne() {
        let source = """
            @JavaClass("shop.Book")
            struct Book {
                var pages = 0
            }
            """
        let diagnostic = DiagnosticSpec(
            message: "'pages' needs a type annotation: the Java field's type comes from it", line: 3, column: 9,
            fixIts: [FixItSpec(message: "Declare the type: Int"), Self.transient])
        let expanded = """
            struct Book {
                var pages = 0
            }

            extension Book: SwiftKryo.Schematized {
                static let schema = SwiftKryo.Schema<Book>(java: "shop.Book") {
                }
            }
            """
        assertExpansion(
            source, expandedSource: expanded, diagnostics: [diagnostic], applyFixIts: ["Declare the type: Int"],
            fixedSource: """
                @JavaClass("shop.Book")
                struct Book {
                    var pages: Int = 0
                }
                """)
        assertExpansion(
            source, expandedSource: expanded, diagnostics: [diagnostic],
            applyFixIts: ["Mark the property @Transient (not serialized)"],
            fixedSource: """
                @JavaClass("shop.Book")
                struct Book {
                    @Transient var pages = 0
                }
                """)
    }

    @Test func unsupportedTypeGetsAJavaOne() {
        let source = """
            @JavaClass("shop.Book")
            struct Book {
                var pages: UInt32 = 0
                var sizes: [Swift.UInt64]?
                var bytes: [UInt8] = []
                var range: (Int32, Int32) = (0, 0)
            }
            """
        let expanded = """
            struct Book {
                var pages: UInt32 = 0
                var sizes: [Swift.UInt64]?
                var bytes: [UInt8] = []
                var range: (Int32, Int32) = (0, 0)
            }

            extension Book: SwiftKryo.Schematized {
                static let schema = SwiftKryo.Schema<Book>(java: "shop.Book") {
                    SwiftKryo.Field("bytes", get: { $0.bytes }, set: { $0.bytes = $1 })
                }
            }
            """
        let diagnostics = [
            DiagnosticSpec(
                message: "'pages' has type UInt32, which no Java field holds: Java has no unsigned int", line: 3,
                column: 16, fixIts: [FixItSpec(message: "Use Int64"), Self.transient]),
            DiagnosticSpec(
                message: "'sizes' has type Swift.UInt64, which no Java field holds: Java has no unsigned long", line: 4,
                column: 17, fixIts: [FixItSpec(message: "Use Int64"), Self.transient]),
            DiagnosticSpec(
                message: "'range' has type (Int32, Int32), which no Java field holds: Java has no tuples", line: 6,
                column: 16, fixIts: [Self.transient]),
        ]
        assertExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics, applyFixIts: ["Use Int64"],
            fixedSource: """
                @JavaClass("shop.Book")
                struct Book {
                    var pages: Int64 = 0
                    var sizes: [Int64]?
                    var bytes: [UInt8] = []
                    var range: (Int32, Int32) = (0, 0)
                }
                """)
        assertExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics,
            applyFixIts: ["Mark the property @Transient (not serialized)"],
            fixedSource: """
                @JavaClass("shop.Book")
                struct Book {
                    @Transient var pages: UInt32 = 0
                    @Transient var sizes: [Swift.UInt64]?
                    var bytes: [UInt8] = []
                    @Transient var range: (Int32, Int32) = (0, 0)
                }
                """)
    }

    @Test func letAndLazyProperties() {
        let source = """
            @JavaClass("shop.Book")
            final class Book {
                let title: String = ""
                lazy var summary: String = ""
            }
            """
        let expanded = """
            final class Book {
                let title: String = ""
                lazy var summary: String = ""
            }

            extension Book: SwiftKryo.Schematized {
                static let schema = SwiftKryo.Schema<Book>(java: "shop.Book") {
                }
            }
            """
        let diagnostics = [
            DiagnosticSpec(
                message:
                    "'title' is a let: decoding sets every field after init(); declare it var or mark it @Transient",
                line: 3, column: 5, fixIts: [FixItSpec(message: "Declare it var"), Self.transient]),
            DiagnosticSpec(
                message: "'summary' is lazy: a field is read without being computed", line: 4, column: 14,
                fixIts: [Self.transient]),
        ]
        assertExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics, applyFixIts: ["Declare it var"],
            fixedSource: """
                @JavaClass("shop.Book")
                final class Book {
                    var title: String = ""
                    lazy var summary: String = ""
                }
                """)
        assertExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics,
            applyFixIts: ["Mark the property @Transient (not serialized)"],
            fixedSource: """
                @JavaClass("shop.Book")
                final class Book {
                    @Transient let title: String = ""
                    @Transient lazy var summary: String = ""
                }
                """)
    }

    @Test func duplicateTagGetsTheNextFreeOne() {
        assertExpansion(
            """
            @JavaClass("shop.Account", serializer: .tagged)
            struct Account {
                @JavaField(tag: 1) var id: Int32 = 0
                @JavaField(tag: 2) var name: String?
                @JavaField(tag: 1) var email: String?
            }
            """,
            expandedSource: """
                struct Account {
                    var id: Int32 = 0
                    var name: String?
                    var email: String?
                }

                extension Account: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<Account>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                        SwiftKryo.Field("name", get: { $0.name }, set: { $0.name = $1 }).tag(2)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "tag 1 of 'email' is already the tag of 'id'", line: 5, column: 21,
                    fixIts: [FixItSpec(message: "Use tag 3")])
            ],
            applyFixIts: ["Use tag 3"],
            fixedSource: """
                @JavaClass("shop.Account", serializer: .tagged)
                struct Account {
                    @JavaField(tag: 1) var id: Int32 = 0
                    @JavaField(tag: 2) var name: String?
                    @JavaField(tag: 3) var email: String?
                }
                """)
    }

    @Test func deprecatedFieldGetsATag() {
        assertExpansion(
            """
            @JavaClass("shop.Account", serializer: .tagged)
            struct Account {
                @JavaField(tag: 1) var id: Int32 = 0
                @JavaField(name: "old", deprecated: true) var legacy: Int32 = 0
            }
            """,
            expandedSource: """
                struct Account {
                    var id: Int32 = 0
                    var legacy: Int32 = 0
                }

                extension Account: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<Account>(java: "shop.Account", serializer: .tagged) {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'legacy' is deprecated without a tag: only the tagged serializer knows deprecated fields",
                    line: 4, column: 5, fixIts: [FixItSpec(message: "Add tag 2")])
            ],
            applyFixIts: ["Add tag 2"],
            fixedSource: """
                @JavaClass("shop.Account", serializer: .tagged)
                struct Account {
                    @JavaField(tag: 1) var id: Int32 = 0
                    @JavaField(name: "old", tag: 2, deprecated: true) var legacy: Int32 = 0
                }
                """)
    }

    @Test func tagsWithoutTheTaggedSerializer() {
        assertExpansion(
            """
            @JavaClass("shop.Account")
            struct Account {
                @JavaField(tag: 1) var id: Int32 = 0
            }
            """,
            expandedSource: """
                struct Account {
                    var id: Int32 = 0
                }

                extension Account: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<Account>(java: "shop.Account") {
                        SwiftKryo.Field("id", get: { $0.id }, set: { $0.id = $1 }).tag(1)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "tags are read only by the tagged serializer; this schema's serializer (.field) ignores them",
                    line: 3, column: 21, severity: .warning, fixIts: [FixItSpec(message: "Use the tagged serializer")])
            ],
            applyFixIts: ["Use the tagged serializer"],
            fixedSource: """
                @JavaClass("shop.Account", serializer: .tagged)
                struct Account {
                    @JavaField(tag: 1) var id: Int32 = 0
                }
                """)
    }

    @Test func badArgumentsAndNames() {
        assertExpansion(
            """
            @JavaClass("shop.Book")
            struct Book {
                @JavaField(javaType: "List<int>") var pages: [Int32]?
                @JavaField(name: "title") var name: String?
                var title: String?
                @JavaField(tag: -1) var order: Int32 = 0
            }
            """,
            expandedSource: """
                struct Book {
                    var pages: [Int32]?
                    var name: String?
                    var title: String?
                    var order: Int32 = 0
                }

                extension Book: SwiftKryo.Schematized {
                    static let schema = SwiftKryo.Schema<Book>(java: "shop.Book") {
                        SwiftKryo.Field("title", get: { $0.name }, set: { $0.name = $1 })
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "\"List<int>\" is not a Java type: expected a class type (generic arguments are classes) at column 9",
                    line: 3, column: 26),
                DiagnosticSpec(message: "tag -1 of 'order' is negative (tags are ≥ 0)", line: 6, column: 21),
                DiagnosticSpec(
                    message: "'title' and 'name' are both the Java field title", line: 5, column: 9),
            ])
        assertExpansion(
            """
            @JavaClass("shop Book")
            struct Book {}
            """,
            expandedSource: """
                struct Book {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "\"shop Book\" is not a Java binary class name (shop.Library, a.Outer$Inner)", line: 1,
                    column: 12)
            ])
    }

    @Test func enumProblems() {
        assertExpansion(
            """
            @JavaEnum("shop.Shape")
            enum Shape {
                case circle(radius: Double)
                case square
                @JavaConstant("SQUARE") case box
            }
            """,
            expandedSource: """
                enum Shape {
                    case circle(radius: Double)
                    case square
                    case box
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "case 'circle' has associated values, which a Java enum constant cannot hold (a Codable enum registers through the Codable bridge)",
                    line: 3, column: 16),
                DiagnosticSpec(
                    message: "cases 'square' and 'box' are both the Java constant SQUARE", line: 5, column: 19),
            ])
    }

    @Test func misplacedAttributes() {
        assertExpansion(
            """
            struct Book {
                @JavaField(tag: 1) func read() {}
                @JavaConstant("X") var title: String?
                @Transient static var count: Int32 = 0
            }
            """,
            expandedSource: """
                struct Book {
                    func read() {}
                    var title: String?
                    static var count: Int32 = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@JavaField applies to a stored property of a @JavaClass type", line: 2, column: 5),
                DiagnosticSpec(message: "@JavaConstant applies to a case of a @JavaEnum enum", line: 3, column: 5),
                DiagnosticSpec(
                    message: "@Transient applies to a stored instance property, not a static one", line: 4, column: 5),
            ])
    }
}
