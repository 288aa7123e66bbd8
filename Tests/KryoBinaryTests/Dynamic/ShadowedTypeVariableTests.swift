import SwiftKryo
import Testing

/// Kryo 5 matches a field's type variable to its superclass's type parameters by name
/// (`GenericsUtil.resolveType`): in `class Box<T> extends Base<List<T>> { T first; }`, held in a
/// `Box<String>` field, `first` resolves to `List<T>`'s raw class, so Kryo 5.6.2 writes it with
/// its class tag, where `Bag<U> extends Base<List<U>>` writes `U first` as a `String`. The bytes
/// are Java's (Kryo 5.6.2, registration required, references off, `writeClassAndObject`); the
/// edited ones Java read as `first = "beta"` in both.
@Suite struct ShadowedTypeVariableTests {
    static let schema = """
        package: sh
        settings: {dialect: kryo5}
        classes:
          - {class: Holder, id: 40, fields: {box: Box<String>, bag: Bag<String>}}
          - {class: Base, typeParameters: [T], fields: {payload: T}}
          - {class: Box, id: 41, typeParameters: [T], extends: "Base<List<T>>", fields: {first: T}}
          - {class: Bag, id: 42, typeParameters: [U], extends: "Base<List<U>>", fields: {first: U}}
          - {class: java.util.ArrayList, id: 43}
        """
    static let java = "2a 2c 61 6c 70 68 e1 2d 82 03 00 82 61 2b 03 61 6c 70 68 e1 2d 82 03 00 82 61"
    static let edited = "2a 2c 62 65 74 e1 2d 82 03 00 82 61 2b 03 62 65 74 e1 2d 82 03 00 82 61"

    @Test func aFieldNamedLikeTheSuperclassVariableKeepsItsClassTag() throws {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "sh.yaml"))
        let codec = KryoCodec(registry: registry, dialect: .v5)
        let bytes = hexBytes(Self.java)
        let holder = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        let box = try #require(holder["box"] as? DynamicObject)
        let bag = try #require(holder["bag"] as? DynamicObject)
        #expect(box["first"] as? String == "alpha")
        #expect(bag["first"] as? String == "alpha")
        #expect(try codec.encode(holder) == bytes)

        let readable = ReadableCodec(registry: registry)
        let document = String(decoding: try readable.encode(holder), as: UTF8.self)
        let changed = document.replacingOccurrences(of: "\"alpha\"", with: "\"beta\"")
        #expect(try codec.encode(try readable.decode(Any?.self, from: Array(changed.utf8))) == hexBytes(Self.edited))
    }
}
