import Foundation
import SwiftKryo
import Testing

// The KryoCocoa sample classes and the Guide's examples written by hand, beside their macro forms
// (the KryoCocoa ones in Support/PeerModels.swift and Generated/, the Guide's below): the macro
// must make the schema the hand-written declaration makes, field by field, and the same bytes.

/// Hand-written schemas, as the Guide wrote them before the macros.
enum HandWritten {
    enum SampleEnum: JavaEnum {
        case first, second, third
        static let javaClassName = "test.SampleEnum"
    }

    final class SampleBean: Schematized {
        var key: Int32 = 0
        var name: String?
        init() {}
        static let schema = Schema<SampleBean>(java: "test.SampleBean") {
            Field("key", \.key)
            Field("name", \.name)
        }
    }

    final class OtherBean: Schematized {
        var map: [Int32: String]?
        var beans: [SampleBean]?
        var kind: SampleEnum?
        init() {}
        static let schema = Schema<OtherBean>(java: "test.OtherBean") {
            Field("map", \.map)
            Field("beans", \.beans)
            Field("kind", \.kind)
        }
    }

    final class TaggedBean: Schematized {
        var value: Int32 = 0
        var name: String?
        var deprecatedField: Int32 = 0
        init() {}
        static let schema = Schema<TaggedBean>(java: "test.TaggedBean", serializer: .tagged) {
            Field("value", \.value).tag(1)
            Field("name", \.name).tag(2)
            Field("deprecatedField", \.deprecatedField).tag(3, deprecated: true)
        }
    }

    final class Account: Schematized {
        var id: Int32 = 0
        var name: String?
        var legacy: Int32 = 0
        init() {}
        static let schema = Schema<Account>(java: "shop.Account", serializer: .tagged) {
            Field("id", \.id).tag(1)
            Field("name", \.name).tag(2)
            Field("legacy", \.legacy).tag(3, deprecated: true)
        }
    }

    final class Media: Schematized {
        var uri: String?
        var width: Int32 = 0
        var persons: [String] = []
        var code: String = ""
        var notes: [String]?
        init() {}
        static let schema = Schema<Media>(java: "data.media.Media", isFinal: true) {
            Field("uri", get: { $0.uri }, set: { $0.uri = $1 }, java: .init(isPublicField: true))
            Field("width", get: { $0.width }, set: { $0.width = $1 })
            Field("persons", get: { $0.persons }, set: { $0.persons = $1 }, java: .init(isPublicField: true))
            Field("_code", get: { $0.code }, set: { $0.code = $1 }, java: .init(isNullable: false))
            Field(
                "notes", \.notes,
                java: .init(isFinal: true, javaType: .object("java.util.ArrayList", arguments: [.string])))
        }
    }

    struct Point: Schematized {
        var x: Double = 0
        var y: Double = 0
        var label: String?
        init() {}
        static let schema = Schema<Point>(java: "geo.Point", serializer: .compatible) {
            Field("x", \.x)
            Field("y", \.y)
            Field("label", \.label)
        }
    }
}

// The Guide's examples with the macros.

@JavaClass("shop.Account", serializer: .tagged)
final class MacroAccount {  // Java: @Tag(1) int id; @Tag(2) String name; @Deprecated @Tag(3) int legacy;
    @JavaField(tag: 1) var id: Int32 = 0
    @JavaField(tag: 2) var name: String?
    @JavaField(tag: 3, deprecated: true) var legacy: Int32 = 0
    init() {}
}

@JavaClass("data.media.Media", isFinal: true)
final class MacroMedia {
    @JavaField(isPublicField: true) var uri: String?
    var width: Int32 = 0
    @JavaField(isPublicField: true) var persons: [String] = []
    @NotNull @JavaField(name: "_code") var code: String = ""
    @JavaField(javaType: "ArrayList<String>", isFinal: true) var notes: [String]?
    @Transient var cache: [String: Int32] = [:]
    var area: Int32 { width * width }
    init() {}
}

@JavaClass("geo.Point", serializer: .compatible)
struct MacroPoint: Equatable {
    var x: Double = 0
    var y: Double = 0
    var label: String?
}

/// A nested type whose fields are private: the expansion reaches them as the type's own code does.
enum MacroNamespace {
    @JavaClass("shop.Secret")
    struct Secret: Equatable {
        private var code: Int32 = 0
        fileprivate(set) var label: String?
        init() {}
        init(code: Int32, label: String?) {
            self.code = code
            self.label = label
        }
    }
}

@Suite struct MacroSchemaTests {
    /// Everything a field tells the formats and the model.
    static func describe<Root>(_ field: Field<Root>) -> String {
        "\(field.name) tag=\(String(describing: field.tag)) deprecated=\(field.isDeprecated)"
            + " declared=\(field.declaredType.map(describe) ?? "primitive") model=\(field.model)"
    }

    static func describe(_ type: DeclaredType) -> String {
        "\(type.swiftType) \(type.finality) null=\(type.canBeNull) java=\(type.javaName ?? "-")"
            + " kryo2=\(type.isIgnoredByKryo2) <\(type.genericArguments.map(describe).joined(separator: ", "))>"
    }

    static func same<A, B>(_ macro: Schema<A>, _ hand: Schema<B>) {
        #expect(macro.javaName == hand.javaName)
        #expect(macro.isFinal == hand.isFinal)
        #expect(macro.kind == hand.kind)
        #expect(macro.fields.count == hand.fields.count)
        for (made, written) in zip(macro.fields, hand.fields) {
            #expect(describe(made) == describe(written))
        }
        #expect(macro.model == hand.model)
    }

    @Test func macroSchemasAreTheHandWrittenOnes() {
        Self.same(SampleBean.schema, HandWritten.SampleBean.schema)
        Self.same(OtherBean.schema, HandWritten.OtherBean.schema)
        Self.same(GeneratedCocoa.SampleBean.schema, HandWritten.SampleBean.schema)
        Self.same(GeneratedCocoa.TaggedBean.schema, HandWritten.TaggedBean.schema)
        Self.same(MacroAccount.schema, HandWritten.Account.schema)
        Self.same(MacroMedia.schema, HandWritten.Media.schema)
        Self.same(MacroPoint.schema, HandWritten.Point.schema)
        #expect(SampleEnum.javaClassName == HandWritten.SampleEnum.javaClassName)
        #expect(SampleEnum.schemaModel == HandWritten.SampleEnum.schemaModel)
        #expect(MacroMedia.schema.fields.map(\.name) == ["_code", "notes", "persons", "uri", "width"])
    }

    static let handRegistry: Registry = {
        do {
            return try Registry {
                Register(HandWritten.SampleBean.self, id: 20)
                Register(HandWritten.OtherBean.self, id: 21)
                Register(HandWritten.SampleEnum.self, id: 22)
                Register([Any?].self, id: 23)
                Register([AnyHashable: Any?].self, id: 24)
                Register(HandWritten.TaggedBean.self, id: 25)
                Register(HandWritten.Account.self, id: 30)
                Register(HandWritten.Media.self, id: 31)
                Register(HandWritten.Point.self, id: 32)
            }
        } catch {
            fatalError("\(error)")
        }
    }()

    static let macroRegistry: Registry = {
        do {
            return try Registry {
                Register(SampleBean.self, id: 20)
                Register(OtherBean.self, id: 21)
                Register(SampleEnum.self, id: 22)
                Register([Any?].self, id: 23)
                Register([AnyHashable: Any?].self, id: 24)
                Register(GeneratedCocoa.TaggedBean.self, id: 25)
                Register(MacroAccount.self, id: 30)
                Register(MacroMedia.self, id: 31)
                Register(MacroPoint.self, id: 32)
            }
        } catch {
            fatalError("\(error)")
        }
    }()

    /// Java's bytes of the KryoCocoa samples: the macro classes read them and write them again,
    /// and the hand-written classes read and write the same.
    @Test(arguments: ["sample", "sample_null_name", "sample_norefs", "other", "other_norefs", "tagged_bean"])
    func javaBytesThroughMacroAndHandWrittenClasses(_ name: String) throws {
        let run: JavaPeerRun
        switch JavaPeerRun.shared {
        case .success(let shared): run = shared
        case .failure(let failure): throw failure
        }
        let bytes = try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        let options = SerializationOptions(references: !name.hasSuffix("norefs"))
        for registry in [Self.macroRegistry, Self.handRegistry] {
            let value = try registry.decode(Any?.self, from: Data(bytes), as: .kryo(.v2), options: options)
            let again = try registry.encode(value, as: .kryo(.v2), options: options)
            #expect([UInt8](again) == bytes, "\(name): not Java's bytes again")
        }
        let macroValue = try Self.macroRegistry.decode(Any?.self, from: Data(bytes), as: .kryo(.v2), options: options)
        if let bean = macroValue as? SampleBean { #expect(bean.key == 42 || bean.key == -7) }
        if let other = macroValue as? OtherBean { #expect(other.kind == .second && other.beans?.count == 2) }
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func guideExamplesWriteTheHandWrittenBytes(_ dialect: KryoDialect) throws {
        let account = MacroAccount()
        account.id = 7
        account.name = "seven"
        account.legacy = 9
        let handAccount = HandWritten.Account()
        handAccount.id = 7
        handAccount.name = "seven"
        handAccount.legacy = 9
        let media = MacroMedia()
        media.uri = "u"
        media.width = 640
        media.persons = ["a", "b"]
        media.code = "c"
        media.notes = ["n"]
        media.cache = ["x": 1]
        let handMedia = HandWritten.Media()
        handMedia.uri = "u"
        handMedia.width = 640
        handMedia.persons = ["a", "b"]
        handMedia.code = "c"
        handMedia.notes = ["n"]
        let point = MacroPoint(x: 1.5, y: -2, label: "p")
        var handPoint = HandWritten.Point()
        handPoint.x = 1.5
        handPoint.y = -2
        handPoint.label = "p"
        let format = SerializationFormat.kryo(dialect)
        let options = SerializationOptions(references: true, registrationRequired: true)
        let pairs: [(Any, Any)] = [(account, handAccount), (media, handMedia), (point, handPoint)]
        for (made, written) in pairs {
            let macroBytes = try Self.macroRegistry.encode(made, as: format, options: options)
            let handBytes = try Self.handRegistry.encode(written, as: format, options: options)
            #expect(macroBytes == handBytes, "\(type(of: made)) in \(dialect)")
        }
        let back = try Self.macroRegistry.decode(
            MacroMedia.self, from: try Self.macroRegistry.encode(media, as: format, options: options), as: format,
            options: options)
        #expect(back.uri == "u" && back.width == 640 && back.persons == ["a", "b"] && back.code == "c")
        #expect(back.notes == ["n"] && back.cache.isEmpty)
        let account2 = try Self.macroRegistry.decode(
            MacroAccount.self, from: try Self.macroRegistry.encode(account, as: format, options: options), as: format,
            options: options)
        #expect(account2.id == 7 && account2.name == "seven" && account2.legacy == 0)
        let point2 = try Self.macroRegistry.decode(
            MacroPoint.self, from: try Self.macroRegistry.encode(point, as: format, options: options), as: format,
            options: options)
        #expect(point2 == point)
    }

    @Test func privateFieldsOfANestedType() throws {
        let registry = try Registry { Register(MacroNamespace.Secret.self, id: 40) }
        let secret = MacroNamespace.Secret(code: 7, label: "s")
        for format in [SerializationFormat.kryo(.v2), .kryo(.v5), .keyedArchive(.binary), .readable(.json)] {
            let data = try registry.encode(secret, as: format)
            #expect(try registry.decode(MacroNamespace.Secret.self, from: data, as: format) == secret)
        }
        #expect(MacroNamespace.Secret.schema.fields.map(\.name) == ["code", "label"])
    }

    @Test(arguments: [SerializationFormat.keyedArchive(.binary), .readable(.json)])
    func macroTypesInTheOtherBackends(_ format: SerializationFormat) throws {
        let other = OtherBean(map: [1: "one"], beans: [SampleBean(key: 1, name: "a")], kind: .third)
        let data = try Self.macroRegistry.encode(other, as: format)
        let back = try Self.macroRegistry.decode(OtherBean.self, from: data, as: format)
        #expect(back == other)
    }
}
