import Testing

@testable import KryoCore

private final class Mixed: Schematized {
    var b: Int32 = 0
    var upperB: Int32 = 0
    var underscoreA: Int32 = 0
    var a1: Int32 = 0
    var aa: Int32 = 0
    var dollarD: Int32 = 0
    var upperZ: Int32 = 0
    init() {}
    static let schema = Schema<Mixed>(java: "b.Mixed") {
        Field("b", \.b)
        Field("B", \.upperB)
        Field("_a", \.underscoreA)
        Field("a1", \.a1)
        Field("aa", \.aa)
        Field("$d", \.dollarD)
        Field("Z", \.upperZ)
    }
}

private final class Kinds: Schematized {
    var count: Int32 = 0
    var boxed: Int32?
    var names: [String]?
    var byID: [Int32: String]?
    var anything: Any?
    var required: String = ""
    init() {}
    static let schema = Schema<Kinds>(java: "b.Kinds", isFinal: true) {
        Field("count", \.count)
        Field("boxed", \.boxed, java: .init(isNullable: false))
        Field("names", \.names, java: .init(isPublicField: true))
        Field("byID", \.byID)
        Field("anything", \.anything)
        Field("required", \.required, java: .init(isFinal: false))
    }
}

@Suite struct SchemaTests {
    @Test func fieldsAreSortedAsJavaSortsNames() {
        // Observed with Kryo 2.20 for fields b, B, _a, a1, aa, $d, Z.
        #expect(Mixed.schema.fields.map(\.name) == ["$d", "B", "Z", "_a", "a1", "aa", "b"])
    }

    @Test func sortingComparesUTF16CodeUnitsNotCharacters() {
        #expect(Field<Mixed>.compareJavaNames("é", "z") > 0)
        #expect(Field<Mixed>.compareJavaNames("\u{FF21}", "😀") > 0)  // U+FF21 > D83D
        #expect(Field<Mixed>.compareJavaNames("ab", "abc") < 0)
    }

    @Test func declaredTypesComeFromSwiftTypesAndOptions() throws {
        let registry = try Registry()
        let fields = Dictionary(uniqueKeysWithValues: Kinds.schema.fields.map { ($0.name, $0) })
        #expect(fields["count"]?.declaredType == nil)  // a Java primitive
        let boxed = try #require(fields["boxed"]?.declaredType)
        #expect(boxed.swiftType == Int32.self && !boxed.canBeNull && registry.isFinal(boxed))
        let names = try #require(fields["names"]?.declaredType)
        // A public field: Kryo 2.20 drops its generics (ReflectASM), Kryo 5 uses them.
        #expect(names.genericArguments.count == 1 && names.genericArguments.allSatisfy(\.isIgnoredByKryo2))
        #expect(!registry.isFinal(names))
        let byID = try #require(fields["byID"]?.declaredType)
        #expect(
            byID.genericArguments.map { ObjectIdentifier($0.swiftType) } == [
                ObjectIdentifier(Int32.self), ObjectIdentifier(String.self),
            ])
        #expect(try #require(fields["anything"]?.declaredType).swiftType == Any.self)
        #expect(!registry.isFinal(try #require(fields["required"]?.declaredType)))
        #expect(Kinds.isJavaFinal)
    }

    @Test func conversionsHandleOptionalsCollectionsAndNumbers() {
        let untyped: [Any?] = [Int32(1), Int32(2)]
        #expect(ValueConversion.convert(untyped, to: [Int32].self) == [1, 2])
        #expect(ValueConversion.convert(untyped, to: [String].self) == nil)
        let map: [AnyHashable: Any?] = [Int32(1): "one"]
        #expect(ValueConversion.convert(map, to: [Int32: String].self) == [1: "one"])
        #expect(ValueConversion.convert(nil, to: String?.self) == .some(nil))
        #expect(ValueConversion.convert(nil, to: String.self) == nil)
        #expect(ValueConversion.convert(Int64(5), to: Int.self) == 5)
        #expect(ValueConversion.convert(Optional(Optional(Int32(3))) as Any, to: Int32.self) == 3)
    }
}
