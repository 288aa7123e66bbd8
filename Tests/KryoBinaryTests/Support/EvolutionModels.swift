import Foundation
import SwiftKryo

// Swift mirrors of Tests/JavaPeer/peer/Evolution.java: beans in two versions, each pair
// registered under one id (version 1 in `PeerConfig.evo1`, version 2 in `.evo2`).

/// Equality and text over a bean's field values.
protocol EvolvedBean: AnyObject, Equatable, CustomStringConvertible {
    var values: [Any?] { get }
}

extension EvolvedBean {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.values.count == rhs.values.count && zip(lhs.values, rhs.values).allSatisfy { deepEqual($0, $1) }
    }
    var description: String {
        "\(Self.self)(" + values.map { String(describing: $0 ?? "nil") }.joined(separator: ", ") + ")"
    }
}

// MARK: TaggedFieldSerializer

final class TaggedRef: Schematized, EvolvedBean {
    var aaa: Int32 = 0
    var name: String?
    var old: Int32 = 0
    var untagged: Int32 = 0
    var value: Int32 = 0
    init() {}
    init(aaa: Int32, name: String?, old: Int32, untagged: Int32, value: Int32) {
        (self.aaa, self.name, self.old, self.untagged, self.value) = (aaa, name, old, untagged, value)
    }
    var values: [Any?] { [aaa, name, old, untagged, value] }
    static let schema = Schema<TaggedRef>(java: "peer.Evolution$Tagged", serializer: .tagged) {
        Field("aaa", \.aaa).tag(10)
        Field("name", \.name).tag(2)
        Field("old", \.old).tag(3, deprecated: true)
        Field("untagged", \.untagged)
        Field("value", \.value).tag(1)
    }
}

final class TagAddV1: Schematized, EvolvedBean {
    var id: Int32 = 0
    var name: String?
    init() {}
    init(_ id: Int32, _ name: String?) { (self.id, self.name) = (id, name) }
    var values: [Any?] { [id, name] }
    static let schema = Schema<TagAddV1>(java: "peer.Evolution$TagAddV1", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("name", \.name).tag(2)
    }
}

final class TagAddV2: Schematized, EvolvedBean {
    var id: Int32 = 0
    var name: String?
    var extra: Int64 = 0
    init() {}
    init(_ id: Int32, _ name: String?, _ extra: Int64) { (self.id, self.name, self.extra) = (id, name, extra) }
    var values: [Any?] { [id, name, extra] }
    static let schema = Schema<TagAddV2>(java: "peer.Evolution$TagAddV2", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("name", \.name).tag(2)
        Field("extra", \.extra).tag(5)
    }
}

final class TagRemV1: Schematized, EvolvedBean {
    var id: Int32 = 0
    var gone: String?
    var name: String?
    init() {}
    init(_ id: Int32, _ gone: String?, _ name: String?) { (self.id, self.gone, self.name) = (id, gone, name) }
    var values: [Any?] { [id, gone, name] }
    static let schema = Schema<TagRemV1>(java: "peer.Evolution$TagRemV1", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("gone", \.gone).tag(4)
        Field("name", \.name).tag(2)
    }
}

final class TagRemV2: Schematized, EvolvedBean {
    var id: Int32 = 0
    var name: String?
    init() {}
    init(_ id: Int32, _ name: String?) { (self.id, self.name) = (id, name) }
    var values: [Any?] { [id, name] }
    static let schema = Schema<TagRemV2>(java: "peer.Evolution$TagRemV2", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("name", \.name).tag(2)
    }
}

final class TagDepV1: Schematized, EvolvedBean {
    var id: Int32 = 0
    var name: String?
    var old: Int32 = 0
    init() {}
    init(_ id: Int32, _ name: String?, _ old: Int32) { (self.id, self.name, self.old) = (id, name, old) }
    var values: [Any?] { [id, name, old] }
    static let schema = Schema<TagDepV1>(java: "peer.Evolution$TagDepV1", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("name", \.name).tag(2)
        Field("old", \.old).tag(3)
    }
}

final class TagDepV2: Schematized, EvolvedBean {
    var id: Int32 = 0
    var name: String?
    var old: Int32 = 0
    init() {}
    init(_ id: Int32, _ name: String?, _ old: Int32) { (self.id, self.name, self.old) = (id, name, old) }
    var values: [Any?] { [id, name, old] }
    static let schema = Schema<TagDepV2>(java: "peer.Evolution$TagDepV2", serializer: .tagged) {
        Field("id", \.id).tag(1)
        Field("name", \.name).tag(2)
        Field("old", \.old).tag(3, deprecated: true)
    }
}

// MARK: CompatibleFieldSerializer

final class Compat: Schematized, EvolvedBean {
    var x: Int32 = 0
    var name: String?
    init() {}
    init(_ x: Int32, _ name: String?) { (self.x, self.name) = (x, name) }
    var values: [Any?] { [x, name] }
    static let schema = Schema<Compat>(java: "peer.Evolution$Compat", serializer: .compatible) {
        Field("x", \.x)
        Field("name", \.name)
    }
}

final class CompatNested: Schematized, EvolvedBean {
    var first: Compat?
    var items: [Any?]?
    var text: String?
    var again: Compat?
    init() {}
    init(first: Compat?, items: [Any?]?, text: String?, again: Compat?) {
        (self.first, self.items, self.text, self.again) = (first, items, text, again)
    }
    var values: [Any?] { [first, items, text, again] }
    static let schema = Schema<CompatNested>(java: "peer.Evolution$CompatNested", serializer: .compatible) {
        Field("first", \.first)
        Field("items", \.items)
        Field("text", \.text)
        Field("again", \.again)
    }
}

final class CompAddV1: Schematized, EvolvedBean {
    var x: Int32 = 0
    var name: String?
    init() {}
    init(_ x: Int32, _ name: String?) { (self.x, self.name) = (x, name) }
    var values: [Any?] { [x, name] }
    static let schema = Schema<CompAddV1>(java: "peer.Evolution$CompAddV1", serializer: .compatible) {
        Field("x", \.x)
        Field("name", \.name)
    }
}

final class CompAddV2: Schematized, EvolvedBean {
    var extra: Int64 = 0
    var x: Int32 = 0
    var name: String?
    init() {}
    init(_ extra: Int64, _ x: Int32, _ name: String?) { (self.extra, self.x, self.name) = (extra, x, name) }
    var values: [Any?] { [extra, x, name] }
    static let schema = Schema<CompAddV2>(java: "peer.Evolution$CompAddV2", serializer: .compatible) {
        Field("extra", \.extra)
        Field("x", \.x)
        Field("name", \.name)
    }
}

final class CompRemV1: Schematized, EvolvedBean {
    var x: Int32 = 0
    var gone: Compat?
    var name: String?
    init() {}
    init(_ x: Int32, _ gone: Compat?, _ name: String?) { (self.x, self.gone, self.name) = (x, gone, name) }
    var values: [Any?] { [x, gone, name] }
    static let schema = Schema<CompRemV1>(java: "peer.Evolution$CompRemV1", serializer: .compatible) {
        Field("x", \.x)
        Field("gone", \.gone)
        Field("name", \.name)
    }
}

final class CompRemV2: Schematized, EvolvedBean {
    var x: Int32 = 0
    var name: String?
    init() {}
    init(_ x: Int32, _ name: String?) { (self.x, self.name) = (x, name) }
    var values: [Any?] { [x, name] }
    static let schema = Schema<CompRemV2>(java: "peer.Evolution$CompRemV2", serializer: .compatible) {
        Field("x", \.x)
        Field("name", \.name)
    }
}

final class CompDepV1: Schematized, EvolvedBean {
    var x: Int32 = 0
    var old: Int32 = 0
    init() {}
    init(_ x: Int32, _ old: Int32) { (self.x, self.old) = (x, old) }
    var values: [Any?] { [x, old] }
    static let schema = Schema<CompDepV1>(java: "peer.Evolution$CompDepV1", serializer: .compatible) {
        Field("x", \.x)
        Field("old", \.old)
    }
}

final class CompDepV2: Schematized, EvolvedBean {
    var x: Int32 = 0
    var old: Int32 = 0
    init() {}
    init(_ x: Int32, _ old: Int32) { (self.x, self.old) = (x, old) }
    var values: [Any?] { [x, old] }
    // A deprecation mark means nothing to the compatible serializer, as in Java.
    static let schema = Schema<CompDepV2>(java: "peer.Evolution$CompDepV2", serializer: .compatible) {
        Field("x", \.x)
        Field("old", \.old).tag(3, deprecated: true)
    }
}

extension PeerConfig {
    /// The evolution beans of one version, each pair under one id (Tests/JavaPeer `evo1`/`evo2`).
    static func evolutionRegistry(version: Int) throws -> Registry {
        let one = version == 1
        return try Registry {
            Register([Any?].self, id: 60)
            Register(TaggedRef.self, id: 61)
            Register(Compat.self, id: 62)
            Register(CompatNested.self, id: 63)
            if one {
                Register(TagAddV1.self, id: 64)
                Register(TagRemV1.self, id: 65)
                Register(TagDepV1.self, id: 66)
                Register(CompAddV1.self, id: 67)
                Register(CompRemV1.self, id: 68)
                Register(CompDepV1.self, id: 69)
            } else {
                Register(TagAddV2.self, id: 64)
                Register(TagRemV2.self, id: 65)
                Register(TagDepV2.self, id: 66)
                Register(CompAddV2.self, id: 67)
                Register(CompRemV2.self, id: 68)
                Register(CompDepV2.self, id: 69)
            }
        }
    }
}

// MARK: KryoSerializable

/// Mirror of Tests/JavaPeer/peer/SelfWritten.java, which implements Kryo's `KryoSerializable`.
final class SelfWritten: KryoSelfSerializing, EvolvedBean {
    static let javaClassName = "peer.SelfWritten"
    var count: Int32 = 0
    var label: String?
    var extra: Any?
    init() {}
    init(_ count: Int32, _ label: String?, _ extra: Any?) {
        (self.count, self.label, self.extra) = (count, label, extra)
    }
    var values: [Any?] { [count, label, extra] }

    func write(to writer: any ValueWriter) throws {
        try writer.writeInt32(count, forKey: "count", encoding: .zigzag)
        try writer.writeString(label, forKey: "label")
        try writer.writeObject(extra, forKey: "extra")
    }

    func read(from reader: any ValueReader) throws {
        count = try reader.readInt32(forKey: "count", encoding: .zigzag)
        label = try reader.readString(forKey: "label")
        extra = try reader.readObject(forKey: "extra")
    }
}
