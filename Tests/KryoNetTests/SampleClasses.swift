import KryoNet
import SwiftKryo

/// KryoCocoa's sample classes (Tests/KryoNetPeer/test), registered as the Java peer's
/// `--classes sample` registers them: SampleBean, OtherBean, SampleEnum, ArrayList, HashMap.
enum SampleClasses {
    static func serialization(dialect: KryoDialect) throws -> KryoNetSerialization {
        try KryoNetSerialization(dialect: dialect) {
            Register(SampleBean.self)
            Register(OtherBean.self)
            Register(SampleEnum.self)
            Register([Any?].self)
            Register([AnyHashable: Any?].self)
        }
    }

    /// The OtherBean the peer's `other` value is.
    static var other: OtherBean {
        OtherBean(
            map: [1: "one", 2: "two"], beans: [SampleBean(key: 1, name: "a"), SampleBean(key: 2, name: "b")],
            kind: .second)
    }
}

enum SampleEnum: JavaEnum {
    case first, second, third
    static let javaClassName = "test.SampleEnum"
}

final class SampleBean: Schematized, Equatable, @unchecked Sendable {
    var key: Int32 = 0
    var name: String?
    init() {}
    init(key: Int32, name: String?) {
        self.key = key
        self.name = name
    }
    static let schema = Schema<SampleBean>(java: "test.SampleBean") {
        Field("key", \.key)
        Field("name", \.name)
    }
    static func == (lhs: SampleBean, rhs: SampleBean) -> Bool { lhs.key == rhs.key && lhs.name == rhs.name }
}

final class OtherBean: Schematized, Equatable, @unchecked Sendable {
    var map: [Int32: String]?
    var beans: [SampleBean]?
    var kind: SampleEnum?
    init() {}
    init(map: [Int32: String]?, beans: [SampleBean]?, kind: SampleEnum?) {
        self.map = map
        self.beans = beans
        self.kind = kind
    }
    static let schema = Schema<OtherBean>(java: "test.OtherBean") {
        Field("map", \.map)
        Field("beans", \.beans)
        Field("kind", \.kind)
    }
    static func == (lhs: OtherBean, rhs: OtherBean) -> Bool {
        lhs.map == rhs.map && lhs.beans == rhs.beans && lhs.kind == rhs.kind
    }
}
