// snippet.hide
import SwiftKryo

@JavaClass("test.SampleBean")
final class SampleBean {
    var key: Int32 = 0
    var name: String?
    init() {}
}
// snippet.show
@JavaClass("test.OtherBean")  // Java: class OtherBean { Map<Integer,String> map; List<SampleBean> beans; SampleEnum kind; }
final class OtherBean {
    var map: [Int32: String]?
    var beans: [SampleBean]?
    var kind: SampleEnum?
    init() {}
}

@JavaEnum("test.SampleEnum")  // Java: enum SampleEnum { FIRST, SECOND, THIRD }
enum SampleEnum {
    case first, second, third
}
// snippet.hide
let registry = try Registry {
    Register(SampleBean.self, id: 20)
    Register(OtherBean.self, id: 21)
    Register(SampleEnum.self, id: 22)
}
let bean = OtherBean()
bean.kind = .second
let back = try registry.decode(OtherBean.self, from: try registry.encode(bean, as: .kryo(.v2)), as: .kryo(.v2))
print(back.kind == .second)
