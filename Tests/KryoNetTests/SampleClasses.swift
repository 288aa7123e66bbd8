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
