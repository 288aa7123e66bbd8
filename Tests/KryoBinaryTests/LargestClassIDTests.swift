import SwiftKryo
import Testing

/// Java writes a class tag as `id + 2` and reads the id as `tag - 2`, both in `int`s: the ids
/// 2^31 - 2 and 2^31 - 1 wrap to the tags -2^31 and -2^31 + 1 (five-byte varints) and back, and
/// Java reads its own streams with them (checked with Kryo 5.6.2, `register(Object[].class,
/// Integer.MAX_VALUE - 1)`).
@Suite struct LargestClassIDTests {
    @JavaClass("ids.Leaf")
    final class Leaf {
        var value: Int32 = 0
        init() {}
    }

    @Test(arguments: [
        (Int(Int32.max) - 1, [UInt8]([0x80, 0x80, 0x80, 0x80, 0x08])),
        (Int(Int32.max), [0x81, 0x80, 0x80, 0x80, 0x08]),
    ])
    func theLargestIDsWrapAsInJava(id: Int, tag: [UInt8]) throws {
        let registry = try Registry { Register(Leaf.self, id: id) }
        let leaf = Leaf()
        leaf.value = 7
        for dialect in [KryoDialect.v2, .v4, .v5] {
            let bytes = try registry.encode(leaf, as: .kryo(dialect))
            #expect(Array(bytes.prefix(5)) == tag, "\(dialect)")
            let back = try registry.decode(Leaf.self, from: bytes, as: .kryo(dialect))
            #expect(back.value == 7, "\(dialect)")
        }
    }
}
