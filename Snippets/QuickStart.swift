import SwiftKryo

@JavaClass("test.SampleBean")  // Java: package test; class SampleBean { int key; String name; }
final class SampleBean {
    var key: Int32 = 0
    var name: String?
    init() {}
}

let registry = try Registry { Register(SampleBean.self, id: 20) }
let bean = SampleBean()
bean.key = 42
bean.name = "first"
let bytes = try registry.encode(bean, as: .kryo(.v2))  // what Java's writeClassAndObject writes
let flink = try registry.encode(bean, as: .kryo(.v5))  // the same, as Kryo 5's new Kryo() writes it
let back = try registry.decode(SampleBean.self, from: bytes, as: .kryo(.v2))
let plist = try registry.encode(bean, as: .keyedArchive(.binary))  // what NSKeyedArchiver writes
let json = try registry.encode(bean, as: .readable(.prettyJSON))  // {"$class": "test.SampleBean", "key": 42, …}
print(back.name ?? "nil", bytes.count, flink.count, plist.count, json.count)
