import Foundation
import SwiftKryo
import Testing

/// The typed object path: slots bound per registry, specialized list serializers that give way to
/// registered ones, and enum constants as back-references.
@Suite struct ObjectSlotTests {
    /// A hand-written serializer that writes its nested bean through a static slot.
    struct HolderSerializer: Serializer {
        static let bean = ObjectSlot<SampleBean>(DeclaredType(SampleBean.self, finality: .final, canBeNull: true))
        func write(_ value: Holder, to writer: any ValueWriter) throws {
            try Self.bean.write(value.bean, to: writer, forKey: "bean")
        }
        func read(from reader: any ValueReader) throws -> Holder {
            Holder(bean: try Self.bean.read(from: reader, forKey: "bean"))
        }
    }

    struct Holder {
        var bean: SampleBean?
    }

    @Test func oneSlotServesManyRegistriesEachWithItsOwnIDs() throws {
        // Eight registries, each binding the static slot on its first use there (with its own id).
        for id in 20..<28 {
            let registry = try Registry {
                Register(SampleBean.self, id: id)
                Register(Holder.self, id: 40, javaName: "test.Holder", serializer: HolderSerializer())
            }
            let codec = KryoCodec(registry: registry, framing: .object, options: .init(references: false))
            let bean = SampleBean()
            bean.key = 7
            bean.name = "n"
            let bytes = try codec.encode(Holder(bean: bean), as: Holder.self)
            // The bean's slot is final: a not-nil marker, then its fields (key, name).
            #expect(hex(bytes) == "01 0e 82 6e")
            let back = try codec.decode(Holder.self, from: bytes)
            #expect(back.bean?.key == 7)
            #expect(back.bean?.name == "n")
            #expect(try codec.decode(Holder.self, from: codec.encode(Holder(bean: nil), as: Holder.self)).bean == nil)
        }
    }

    final class Tagged: Schematized {
        var tags: [String] = []
        init() {}
        static let schema = Schema<Tagged>(java: "test.Tagged") {
            Field("tags", get: { $0.tags }, set: { $0.tags = $1 })
        }
    }

    /// Writes a list of strings as one comma-joined string.
    struct JoinedSerializer: Serializer {
        func write(_ value: [String], to writer: any ValueWriter) throws {
            try writer.writeString(value.joined(separator: ","), forKey: "joined")
        }
        func read(from reader: any ValueReader) throws -> [String] {
            (try reader.readString(forKey: "joined") ?? "").split(separator: ",").map(String.init)
        }
    }

    @Test func aRegisteredListSerializerWinsOverTheFieldsSpecializedOne() throws {
        let off = SerializationOptions(references: false)
        let standard = KryoCodec(registry: try Registry { Register(Tagged.self, id: 20) }, options: off)
        let custom = KryoCodec(
            registry: try Registry {
                Register(Tagged.self, id: 20)
                Register([String].self, id: 21, javaName: "test.Joined", serializer: JoinedSerializer())
            }, options: off)
        let value = Tagged()
        value.tags = ["a", "b"]
        // Default: an ArrayList (the field is `List<String>`: strings without class tags).
        let standardBytes = try standard.encode(value)
        #expect(try standard.decode(Tagged.self, from: standardBytes).tags == ["a", "b"])
        let customBytes = try custom.encode(value)
        // Custom: class id 21 (+2), then the joined string "a,b".
        #expect(hex(customBytes) == "16 17 61 2c e2")
        #expect(try custom.decode(Tagged.self, from: customBytes).tags == ["a", "b"])
        #expect(standardBytes != customBytes)
    }

    @Test func aRepeatedEnumConstantIsABackReference() throws {
        let codec = KryoCodec(
            registry: try Registry {
                Register([Any?].self, id: 20)
                Register(SampleEnum.self, id: 21)
            }, options: .init(references: true))
        let list: [Any?] = [SampleEnum.second, SampleEnum.second, SampleEnum.first]
        let bytes = try codec.encode(list)
        // ArrayList new, size 3 | enum(21) new ordinal 1 | enum back-ref #1 | enum new ordinal 0
        #expect(hex(bytes) == "16 01 03 17 01 02 17 03 17 01 01")
        let back = try codec.decode([SampleEnum].self, from: bytes)
        #expect(back == [.second, .second, .first])
    }
    /// The same Java class declared with key paths and with accessors (the `String` and `String?`
    /// forms), with final `String` fields and with fields Java declares non-final.
    protocol Named: Schematized {
        var name: String { get set }
        var alias: String? { get set }
        init()
    }

    final class NamedByKeyPath: Named {
        var name = ""
        var alias: String?
        init() {}
        static let schema = Schema<NamedByKeyPath>(java: "test.Named") {
            Field("name", \.name)
            Field("alias", \.alias)
        }
    }

    final class NamedByAccessor: Named {
        var name = ""
        var alias: String?
        init() {}
        static let schema = Schema<NamedByAccessor>(java: "test.Named") {
            Field("name", get: { $0.name }, set: { $0.name = $1 })
            Field("alias", get: { $0.alias }, set: { $0.alias = $1 })
        }
    }

    static let open = JavaFieldOptions(isFinal: false)

    final class OpenNamedByKeyPath: Named {
        var name = ""
        var alias: String?
        init() {}
        static let schema = Schema<OpenNamedByKeyPath>(java: "test.Named") {
            Field("name", \.name, java: open)
            Field("alias", \.alias, java: open)
        }
    }

    final class OpenNamedByAccessor: Named {
        var name = ""
        var alias: String?
        init() {}
        static let schema = Schema<OpenNamedByAccessor>(java: "test.Named") {
            Field("name", get: { $0.name }, set: { $0.name = $1 }, java: open)
            Field("alias", get: { $0.alias }, set: { $0.alias = $1 }, java: open)
        }
    }

    /// The bytes of `name` and `alias` in a `T`, checked to decode back.
    static func bytes<T: Named>(_: T.Type, _ name: String, _ alias: String?, references: Bool) throws -> [UInt8] {
        let codec = KryoCodec(
            registry: try Registry { Register(T.self, id: 20) }, options: .init(references: references))
        var value = T()
        value.name = name
        value.alias = alias
        let bytes = try codec.encode(value, as: T.self)
        let back = try codec.decode(T.self, from: bytes)
        #expect(back.name == name)
        #expect(back.alias == alias)
        return bytes
    }

    @Test(arguments: [false, true])
    func stringAccessorsWriteWhatKeyPathsWrite(references: Bool) throws {
        for (name, alias) in [("Ann", nil), ("", "A. Smith, née Öberg")] as [(String, String?)] {
            let final = try Self.bytes(NamedByKeyPath.self, name, alias, references: references)
            #expect(try Self.bytes(NamedByAccessor.self, name, alias, references: references) == final)
            let open = try Self.bytes(OpenNamedByKeyPath.self, name, alias, references: references)
            #expect(try Self.bytes(OpenNamedByAccessor.self, name, alias, references: references) == open)
            // Non-final fields carry the class of each string they hold.
            #expect(open != final)
        }
    }
    @Test(arguments: [false, true])
    func untypedElementsAndMapValuesKeepNilsClassesAndSharing(references: Bool) throws {
        let registry = try Registry {
            Register(SampleBean.self, id: 20)
            Register([Any?].self, id: 21)
            Register([AnyHashable: Any?].self, id: 22)
        }
        let codec = KryoCodec(registry: registry, options: .init(references: references))
        let bean = SampleBean(key: 4, name: "shared")
        let list: [Any?] = [Int32(1), nil, "a", bean, bean, Int64(-2)]
        let listBytes = try codec.encode(list, as: [Any?].self)
        // ArrayList (id 21), size 6, Integer 1, null, String "a", …
        // (Kryo 2.20 tracks strings but not the primitive wrappers.)
        let head = references ? "17 01 06 02 02 00 03 01 82 61" : "17 06 02 02 00 03 82 61"
        #expect(hex(listBytes).hasPrefix(head))
        let back = try codec.decode([Any?].self, from: listBytes)
        #expect(back.count == 6)
        #expect(back[0] as? Int32 == 1)
        #expect(back[1] == nil)
        #expect(back[2] as? String == "a")
        #expect(back[3] as? SampleBean == bean)
        #expect(((back[3] as? SampleBean) === (back[4] as? SampleBean)) == references)
        #expect(back[5] as? Int64 == -2)

        let map: [AnyHashable: Any?] = ["none": nil, "bean": bean, Int32(7): "seven"]
        let mapBack = try codec.decode([AnyHashable: Any?].self, from: codec.encode(map, as: [AnyHashable: Any?].self))
        #expect(mapBack.count == 3)
        #expect(mapBack["none"].map { $0 == nil } == true)
        #expect(mapBack["bean"] as? SampleBean == bean)
        #expect(mapBack[Int32(7)] as? String == "seven")
    }
}
