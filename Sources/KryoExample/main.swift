// A small tour of SwiftKryo: declare a Java-compatible type, register it, encode it as Java
// Kryo 2.20 would, decode it back, and show the bytes; then the same value as an NSKeyedArchiver
// archive.
import Foundation
import SwiftKryo

/// Java: `package test; public class SampleBean { int key; String name; }`
@JavaClass("test.SampleBean")
final class SampleBean: CustomStringConvertible {
    var key: Int32 = 0
    var name: String?
    init() {}
    init(key: Int32, name: String?) {
        self.key = key
        self.name = name
    }
    var description: String { "SampleBean(key: \(key), name: \(name.map { "\"\($0)\"" } ?? "nil"))" }
}

/// Java: `package test; public enum SampleEnum { FIRST, SECOND, THIRD }`
@JavaEnum("test.SampleEnum")
enum SampleEnum {
    case first, second, third
}

func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined(separator: " ") }

do {
    let registry = try Registry {
        Register(SampleBean.self, id: 20)
        Register(SampleEnum.self, id: 22)
    }
    let bean = SampleBean(key: 42, name: "answer")
    for references in [true, false] {
        let options = SerializationOptions(references: references)
        let bytes = try registry.encode(bean, as: .kryo(.v2), options: options)
        let back = try registry.decode(SampleBean.self, from: bytes, as: .kryo(.v2), options: options)
        print("SampleBean, references \(references ? "on " : "off"):  \(hex(bytes))  ->  \(back)")
    }
    let list: [Any?] = [Int32(1), "two", SampleEnum.third, nil, [Int32(4), 5]]
    let listBytes = try registry.encode(list, as: .kryo(.v2))
    let listBack = try registry.decode([Any?].self, from: listBytes, as: .kryo(.v2))
    print("ArrayList [1, \"two\", THIRD, null, int[]{4,5}]:  \(hex(listBytes))")
    print("  decoded: \(listBack.map { $0.map { "\($0)" } ?? "nil" })")
    let plist = try registry.encode(bean, as: .keyedArchive(.xml))
    let plistBack = try registry.decode(SampleBean.self, from: plist, as: .keyedArchive(.xml))
    print("The same bean as an NSKeyedArchiver archive (XML plist), read back as \(plistBack):")
    print(String(decoding: plist, as: UTF8.self))
    let json = try registry.encode(bean, as: .readable(.prettyJSON))
    let jsonBack = try registry.decode(SampleBean.self, from: json, as: .readable(.json))
    print("The same bean as a readable document (JSON), read back as \(jsonBack):")
    print(String(decoding: json, as: UTF8.self))
    do {
        _ = try registry.decode(SampleBean.self, from: Data([0x16, 0x01, 0x54]), as: .kryo(.v2))
    } catch {
        print("Truncated input is an error, not a crash: \(error)")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
