import SwiftKryo

// The KryoCocoa README's examples (Tests/JavaPeer/test, Tests/KryoNetPeer/test), declared with the
// macros: shared by the binary tests (MacroSchemaTests compares them with the same classes written
// by hand) and, through a symbolic link, the KryoNet tests. Sendable for the KryoNet tests, which
// hand them between tasks; a test that changes one owns it.

@JavaEnum("test.SampleEnum")
enum SampleEnum {
    case first, second, third
}

@JavaClass("test.SampleBean")
final class SampleBean: Equatable, CustomStringConvertible, @unchecked Sendable {
    var key: Int32 = 0
    var name: String?
    init() {}
    init(key: Int32, name: String?) {
        self.key = key
        self.name = name
    }
    static func == (lhs: SampleBean, rhs: SampleBean) -> Bool { lhs.key == rhs.key && lhs.name == rhs.name }
    var description: String { "SampleBean(\(key), \(name ?? "nil"))" }
}

@JavaClass("test.OtherBean")
final class OtherBean: Equatable, @unchecked Sendable {
    var map: [Int32: String]?
    var beans: [SampleBean]?
    var kind: SampleEnum?
    init() {}
    init(map: [Int32: String]?, beans: [SampleBean]?, kind: SampleEnum?) {
        self.map = map
        self.beans = beans
        self.kind = kind
    }
    static func == (lhs: OtherBean, rhs: OtherBean) -> Bool {
        lhs.map == rhs.map && lhs.beans == rhs.beans && lhs.kind == rhs.kind
    }
}
