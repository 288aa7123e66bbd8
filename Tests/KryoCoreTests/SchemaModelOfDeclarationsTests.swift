import FoundationEssentials
import KryoCore
import Testing

private enum Shade: JavaEnum {
    case light, darkRed, httpURL, x2Large
    static let javaClassName = "test.Shade"
}

private enum Named: JavaEnum {
    case one, two
    static let javaClassName = "test.Named"
    static let javaConstantNames = ["Uno", "Dos"]
}

private final class Declared: Schematized {
    var count: Int32 = 0
    var total: Int = 0
    var boxed: Int64?
    var name: String?
    var title = ""
    var list: [String]?
    var ints: [Int32] = []
    var map: [Int32: String]?
    var shade: Shade?
    var plain: Shade = .light
    var anything: Any?
    var blob: Data?
    var flag = false
    init() {}
    static let schema = Schema<Declared>(java: "test.Declared", isFinal: true, serializer: .tagged) {
        Field("count", \.count).tag(1)
        Field("total", get: { $0.total }, set: { $0.total = $1 }, java: .init(isPublicField: true)).tag(2)
        Field("boxed", \.boxed, java: .init(isNullable: false)).tag(3, deprecated: true)
        Field("name", get: { $0.name }, set: { $0.name = $1 })
        Field("title", \.title, java: .init(isFinal: false))
        Field("list", \.list, java: .init(javaType: .object("java.util.ArrayList", arguments: [.string])))
        Field("ints", get: { $0.ints }, set: { $0.ints = $1 })
        Field("map", \.map, java: .init(isPublicField: true))
        Field("shade", \.shade)
        Field("plain", get: { $0.plain }, set: { $0.plain = $1 })
        Field("anything", \.anything)
        Field("blob", \.blob)
        Field("flag", \.flag, java: .init(isPublicField: true))
    }
}

@Suite struct SchemaModelOfDeclarationsTests {
    @Test func schemaModelListsTheFieldsAsDeclared() {
        let expected = JavaClassSchema(
            javaName: "test.Declared", isFinal: true,
            layout: .fields(
                .tagged,
                [
                    JavaFieldSchema(name: "count", type: .primitive(.int), tag: 1),
                    JavaFieldSchema(name: "total", type: .primitive(.long), tag: 2, isPublicField: true),
                    JavaFieldSchema(
                        name: "boxed", type: .named("java.lang.Long"), isNullable: false, tag: 3, isDeprecated: true),
                    JavaFieldSchema(name: "name", type: .string),
                    JavaFieldSchema(name: "title", type: .string, isFinal: false),
                    JavaFieldSchema(name: "list", type: .object("java.util.ArrayList", arguments: [.string])),
                    JavaFieldSchema(name: "ints", type: .array(.primitive(.int))),
                    JavaFieldSchema(
                        name: "map", type: .object("java.util.Map", arguments: [.named("java.lang.Integer"), .string]),
                        isPublicField: true),
                    JavaFieldSchema(name: "shade", type: .named("test.Shade")),
                    JavaFieldSchema(name: "plain", type: .named("test.Shade")),
                    JavaFieldSchema(name: "anything", type: .anyObject),
                    JavaFieldSchema(name: "blob", type: .array(.primitive(.byte))),
                    JavaFieldSchema(name: "flag", type: .primitive(.boolean), isPublicField: true),
                ]))
        #expect(Declared.schema.model == expected)
        #expect(Declared.schemaModel == expected)
        #expect(Declared.schema.model.fieldsInJavaOrder.map(\.name) == Declared.schema.fields.map(\.name))
    }

    @Test func enumConstantNamesDefaultToJavaStyle() {
        #expect(Shade.javaConstantNames == ["LIGHT", "DARK_RED", "HTTP_URL", "X2_LARGE"])
        #expect(
            Shade.schemaModel == JavaClassSchema(javaName: "test.Shade", layout: .enumeration(Shade.javaConstantNames)))
        #expect(Named.schemaModel.enumConstants == ["Uno", "Dos"])
    }

    @Test func javaTypesOfSwiftTypes() {
        #expect(JavaType(swiftType: Int32?.self) == .named("java.lang.Integer"))
        #expect(
            JavaType(swiftType: [Int32?].self) == .object("java.util.List", arguments: [.named("java.lang.Integer")]))
        #expect(JavaType(swiftType: Set<AnyHashable>.self) == .object("java.util.Set", arguments: [.anyObject]))
        #expect(JavaType(swiftType: JavaArray<[Int32]>.self) == .array(.array(.primitive(.int))))
        #expect(JavaType(swiftType: JavaArray<Declared>.self) == .array(.named("test.Declared")))
        #expect(JavaType(swiftType: TimeZone.self) == .named("java.util.TimeZone"))
        #expect(JavaType(swiftType: (any Sendable).self) == .anyObject)
        #expect(JavaPrimitiveType(swiftType: Int.self) == .long)
        #expect(JavaPrimitiveType(swiftType: UInt16.self) == .char)
    }

    @Test func classNamesParseBackIntoTypes() {
        for type: JavaType in [
            .array(.primitive(.int)), .array(.array(.string)), .array(.named("a.B$C")), .primitive(.double), .string,
        ] {
            #expect(JavaType(className: type.className) == type)
        }
        #expect(JavaType(className: "[Q") == nil)
        #expect(JavaType(className: "[L;") == nil)
    }
}
