import SwiftKryo
import Testing

/// Kryo 5 writes a list of untyped elements with their shared class once when they have one, so
/// it looks at every element's class first. The elements of `[Any?]` are looked at where they lie;
/// an element wrapped in an optional or an `AnyHashable` must still count as the value it holds.
@Suite struct KryoFiveUntypedListTests {
    static func codec(references: Bool) throws -> KryoCodec {
        let registry = try Registry {
            Register([Any?].self, id: 10)
            Register(SampleBean.self, id: 20)
        }
        return KryoCodec(registry: registry, dialect: .v5, options: .init(references: references))
    }

    @Test(arguments: [false, true])
    func wrappedElementsAreWrittenAsTheValuesTheyHold(references: Bool) throws {
        let codec = try Self.codec(references: references)
        let bean = SampleBean(key: 7, name: "b")
        let cases: [(plain: [Any?], wrapped: [Any?])] = [
            // One class throughout, then with a nil among them.
            ([bean, bean, bean], [bean, SampleBean?.some(bean) as Any, bean]),
            ([Int32(1), nil, Int32(3)], [AnyHashable(Int32(1)), Int32?.none as Any, Int32?.some(3) as Any]),
            // Classes that differ, the first run of one type long.
            ([bean, bean, Int32(4), "x"], [bean, bean, AnyHashable(Int32(4)), String?.some("x") as Any]),
            // Every element nil, one way or another.
            ([nil, nil], [SampleBean?.none as Any, nil]),
        ]
        for (index, (plain, wrapped)) in cases.enumerated() {
            let expected = try codec.encode(plain)
            #expect(try codec.encode(wrapped) == expected, "case \(index)")
            let back = try #require(try codec.decode([Any?].self, from: expected), "case \(index)")
            #expect(back.count == plain.count)
            #expect(back.map { $0 == nil } == plain.map { $0 == nil }, "case \(index)")
        }
    }

    @Test func aSharedClassIsWrittenOnceAndADifferentOneAfterItPerElement() throws {
        let codec = try Self.codec(references: false)
        let bean = SampleBean(key: 7, name: "b")
        let same = try codec.encode([bean, bean] as [Any?])
        let mixed = try codec.encode([bean, Int32(1)] as [Any?])
        // ArrayList's id, its size 3 (2 + 1) with the "same class" flag, then SampleBean's id once.
        #expect(Array(same.prefix(3)) == [12, 0x83, 22])
        // Without the flag, each element carries its class.
        #expect(Array(mixed.prefix(3)) == [12, 0x03, 22])
    }
}
