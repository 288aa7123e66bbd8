import Foundation
import SwiftKryo
import Testing

/// The Swift generated for the KryoCocoa sample schema (Generated/) against the Java peer's
/// bytes, through every backend, and its schema models against the schema it came from.
@Suite struct GeneratedCocoaTests {
    typealias SampleBean = GeneratedCocoa.SampleBean
    typealias OtherBean = GeneratedCocoa.OtherBean
    typealias SampleEnum = GeneratedCocoa.SampleEnum
    typealias TaggedBean = GeneratedCocoa.TaggedBean

    static let registry: Registry = {
        do {
            return try Registry(GeneratedCocoa.registrations())
        } catch {
            fatalError("the generated registrations do not build a registry: \(error)")
        }
    }()

    /// A cocoa case of the Java peer: how Java wrote it and what Swift must read.
    struct JavaCase: Sendable, CustomTestStringConvertible {
        let name: String
        let references: Bool
        let framing: KryoFraming
        let expected: @Sendable () -> Any
        var testDescription: String { name }
    }

    static func other() -> OtherBean {
        OtherBean(
            map: [1: "one"], beans: [SampleBean(key: 1, name: "a"), SampleBean(key: 2, name: "b")], kind: .second)
    }

    static let javaCases: [JavaCase] = [
        JavaCase(name: "sample", references: true, framing: .classAndObject) {
            SampleBean(key: 42, name: "answer")
        },
        JavaCase(name: "sample_null_name", references: true, framing: .classAndObject) {
            SampleBean(key: -7, name: nil)
        },
        JavaCase(name: "sample_norefs", references: false, framing: .classAndObject) {
            SampleBean(key: 42, name: "answer")
        },
        JavaCase(name: "sample_writeobject", references: true, framing: .object) {
            SampleBean(key: 3, name: "three")
        },
        JavaCase(name: "sample_enum", references: true, framing: .classAndObject) { SampleEnum.third },
        JavaCase(name: "other", references: true, framing: .classAndObject) { other() },
        JavaCase(name: "other_norefs", references: false, framing: .classAndObject) { other() },
    ]

    private func javaBytes(_ name: String) throws -> [UInt8] {
        switch JavaPeerRun.shared {
        case .success(let run): return try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        case .failure(let failure): throw failure
        }
    }

    @Test("Generated types read Java's bytes and write them again", arguments: javaCases)
    func javaBytesRoundTrip(_ javaCase: JavaCase) throws {
        let bytes = try javaBytes(javaCase.name)
        let options = SerializationOptions(references: javaCase.references)
        let format = SerializationFormat.kryo(.v2, framing: javaCase.framing)
        let decoded: Any?
        if javaCase.framing == .object {
            decoded = try Self.registry.decode(SampleBean.self, from: Data(bytes), as: format, options: options)
        } else {
            decoded = try Self.registry.decode(Any?.self, from: Data(bytes), as: format, options: options)
        }
        let expected = javaCase.expected()
        #expect(Self.same(decoded, expected), "\(javaCase.name): read \(String(describing: decoded))")
        let again = try Self.registry.encode(decoded, as: format, options: options)
        #expect([UInt8](again) == bytes, "\(javaCase.name): Swift's bytes differ from Java's")
    }

    @Test(
        "Generated types round-trip through the keyed and readable backends",
        arguments: [
            SerializationFormat.keyedArchive(.binary), .keyedArchive(.xml), .readable(.json),
            .readable(.propertyList(.xml)),
        ])
    func otherBackends(_ format: SerializationFormat) throws {
        let values: [Any] = [
            SampleBean(key: 42, name: "answer"), SampleBean(key: -7, name: nil), Self.other(), SampleEnum.first,
            TaggedBean(value: 5, name: "tagged", deprecatedField: 0),
        ]
        for value in values {
            let data = try Self.registry.encode(value, as: format)
            let back = try Self.registry.decode(Any?.self, from: data, as: format)
            #expect(Self.same(back, value), "\(format): \(value) came back as \(String(describing: back))")
        }
        // A deprecated tagged field is never written, in any format.
        let tagged = try Self.registry.encode(TaggedBean(value: 5, name: "tagged", deprecatedField: 9), as: format)
        let back = try Self.registry.decode(TaggedBean.self, from: tagged, as: format)
        #expect(back.value == 5 && back.name == "tagged" && back.deprecatedField == 0)
    }

    @Test func taggedBeanWritesItsTagsAndSkipsTheDeprecatedField() throws {
        let bean = TaggedBean(value: 5, name: "x", deprecatedField: 9)
        let bytes = try Self.registry.encode(bean, as: .kryo(.v2), options: SerializationOptions(references: false))
        // Id 25 (+2), two fields in Java's order: tag 2, "x"; tag 1, zigzag 5. The deprecated field is
        // not written.
        #expect([UInt8](bytes) == [0x1B, 0x02, 0x02, 0x82, 0x78, 0x01, 0x0A])
        let back = try Self.registry.decode(
            TaggedBean.self, from: bytes, as: .kryo(.v2), options: SerializationOptions(references: false))
        #expect(back.value == 5 && back.name == "x" && back.deprecatedField == 0)
    }

    @Test func schemaModelsEqualTheSchemaTheyWereGeneratedFrom() throws {
        let models: [String: JavaClassSchema] = [
            "test.SampleBean": SampleBean.schema.model, "test.OtherBean": OtherBean.schema.model,
            "test.SampleEnum": SampleEnum.schemaModel, "test.TaggedBean": TaggedBean.schemaModel,
        ]
        for input in GeneratedCocoaSchema.schemaSet.classes {
            if input.layout == .library { continue }
            var expected = input
            expected.id = nil  // ids belong to registrations
            #expect(models[input.javaName] == expected)
        }
    }

    @Test func registrationsCarryTheSchemaIds() throws {
        let registry = Self.registry
        #expect(registry.registration(for: SampleBean.self)?.id == 20)
        #expect(registry.registration(for: OtherBean.self)?.id == 21)
        #expect(registry.registration(for: SampleEnum.self)?.id == 22)
        #expect(registry.registration(for: [Any?].self)?.id == 23)
        #expect(registry.registration(for: [AnyHashable: Any?].self)?.id == 24)
        #expect(registry.registration(for: TaggedBean.self)?.id == 25)
        #expect(registry.registration(for: [SampleBean].self)?.id == 23)
    }

    /// Field-by-field equality of the generated types (they are not `Equatable`).
    static func same(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (let a as SampleBean, let b as SampleBean): return a.key == b.key && a.name == b.name
        case (let a as SampleEnum, let b as SampleEnum): return a == b
        case (let a as TaggedBean, let b as TaggedBean):
            return a.value == b.value && a.name == b.name && a.deprecatedField == b.deprecatedField
        case (let a as OtherBean, let b as OtherBean):
            guard a.map == b.map, a.kind == b.kind, a.beans?.count == b.beans?.count else { return false }
            return zip(a.beans ?? [], b.beans ?? []).allSatisfy { same($0, $1) }
        default: return false
        }
    }
}

/// The Swift generated for the MediaContent graph (closure accessors, public fields).
@Suite struct GeneratedMediaTests {
    typealias Media = GeneratedMedia.Media
    typealias Image = GeneratedMedia.Image

    static func content() -> GeneratedMedia.MediaContent {
        let media = Media(
            uri: "http://javaone.com/keynote.mpg", title: "Javaone Keynote", width: 640, height: 480,
            format: "video/mpg4", duration: 18_000_000, size: 58_982_400, bitrate: 262_144, hasBitrate: true,
            persons: ["Bill Gates", "Steve Jobs\u{C2A4}"], player: .java, copyright: nil)
        return GeneratedMedia.MediaContent(
            media: media,
            images: [
                Image(
                    uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768,
                    size: .large),
                Image(
                    uri: "http://javaone.com/keynote_small.jpg", title: "Javaone Keynote", width: 320, height: 240,
                    size: .small),
            ])
    }

    @Test func schemaModelsEqualTheSchema() {
        let models: [String: JavaClassSchema] = [
            "data.media.MediaContent": GeneratedMedia.MediaContent.schemaModel, "data.media.Media": Media.schemaModel,
            "data.media.Image": Image.schemaModel, "data.media.Media$Player": GeneratedMedia.Media_Player.schemaModel,
            "data.media.Image$Size": GeneratedMedia.Image_Size.schemaModel,
        ]
        for input in GeneratedCocoaSchema.mediaSchemaSet.classes where input.layout != .library {
            var expected = input
            expected.id = nil
            #expect(models[input.javaName] == expected)
        }
    }

    @Test(arguments: [SerializationFormat.kryo(.v2), .keyedArchive(.binary), .readable(.json)])
    func roundTrips(_ format: SerializationFormat) throws {
        let registry = try Registry(GeneratedMedia.registrations())
        let data = try registry.encode(Self.content(), as: format)
        let back = try registry.decode(GeneratedMedia.MediaContent.self, from: data, as: format)
        let media = try #require(back.media)
        #expect(media.uri == "http://javaone.com/keynote.mpg" && media.title == "Javaone Keynote")
        #expect(media.width == 640 && media.height == 480 && media.duration == 18_000_000 && media.hasBitrate)
        #expect(
            media.persons == ["Bill Gates", "Steve Jobs\u{C2A4}"] && media.player == .java && media.copyright == nil)
        #expect(back.images?.map(\.size) == [.large, .small])
        #expect(back.images?.map(\.width) == [1024, 320])
    }
}
