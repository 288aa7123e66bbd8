import Foundation
import SwiftKryo
import Testing

/// Slots bound by the registry: when it is built for every slot its registrations reach, on first
/// use for a slot made later; any number of registries at once, each with its own bindings.
@Suite struct RegistryBindingTests {
    /// Three beans and whether the third one's slot is final.
    struct Trio: Sendable {
        var first: SampleBean?
        var second: SampleBean?
        var third: SampleBean?
        var thirdIsFinal: Bool
    }

    /// Writes its beans through a slot it holds (bound when a registry is built), the slot of a
    /// `static let` (made on first use, after the registries) and a slot it makes for each call,
    /// final or not as the value says (so that a binding of an earlier slot would show).
    struct TrioSerializer: Serializer {
        let held = ObjectSlot<SampleBean>(DeclaredType(SampleBean.self, finality: .nonFinal, canBeNull: true))
        static let shared = ObjectSlot<SampleBean>(DeclaredType(SampleBean.self, finality: .nonFinal, canBeNull: true))

        static func fresh(final: Bool) -> ObjectSlot<SampleBean> {
            ObjectSlot(DeclaredType(SampleBean.self, finality: final ? .final : .nonFinal, canBeNull: true))
        }

        func write(_ value: Trio, to writer: any ValueWriter) throws {
            try writer.writeBool(value.thirdIsFinal, forKey: "thirdIsFinal")
            try held.write(value.first, to: writer, forKey: "first")
            try Self.shared.write(value.second, to: writer, forKey: "second")
            try Self.fresh(final: value.thirdIsFinal).write(value.third, to: writer, forKey: "third")
        }

        func read(from reader: any ValueReader) throws -> Trio {
            let thirdIsFinal = try reader.readBool(forKey: "thirdIsFinal")
            return Trio(
                first: try held.read(from: reader, forKey: "first"),
                second: try Self.shared.read(from: reader, forKey: "second"),
                third: try Self.fresh(final: thirdIsFinal).read(from: reader, forKey: "third"),
                thirdIsFinal: thirdIsFinal)
        }
    }

    /// The id of `SampleBean` in registry `k`: a different one in each.
    static func beanID(_ k: Int) -> Int { 20 + 3 * k }

    /// Ten registries that register the same types under different ids (and `OtherBean`, whose
    /// schema reaches `SampleBean` too, in every other one).
    static func registries(serializer: TrioSerializer = TrioSerializer()) throws -> [Registry] {
        try (0..<10).map { k in
            try Registry(
                [
                    Register(SampleBean.self, id: beanID(k)),
                    Register(Trio.self, id: 80 + k, javaName: "test.Trio", serializer: serializer),
                ] + (k.isMultiple(of: 2) ? [Register(OtherBean.self, id: beanID(k) + 1)] : []))
        }
    }

    /// The bytes Kryo 2.20 writes for a trio in registry `k`, each bean `SampleBean(7, "n")`: the
    /// flag, then each bean with its class tag (id + 2) where the slot is not final, a not-nil
    /// marker where it is, then its fields (key 7 as a zigzag varint, "n" as a one-byte string).
    static func expectedHex(_ k: Int, thirdIsFinal: Bool) -> String {
        let tag = String(format: "%02x", beanID(k) + 2)
        let bean = "0e 82 6e"
        return [
            thirdIsFinal ? "01" : "00", tag, bean, tag, bean, thirdIsFinal ? "01" : tag, bean,
        ].joined(separator: " ")
    }

    static func trio(thirdIsFinal: Bool) -> Trio {
        Trio(
            first: SampleBean(key: 7, name: "n"), second: SampleBean(key: 7, name: "n"),
            third: SampleBean(key: 7, name: "n"), thirdIsFinal: thirdIsFinal)
    }

    @Test func tenRegistriesUsedInTurnEachWriteTheirOwnIDs() throws {
        let codecs = try Self.registries().map {
            KryoCodec(registry: $0, framing: .object, options: .init(references: false))
        }
        for round in 0..<4 {
            for (k, codec) in codecs.enumerated() {
                let thirdIsFinal = (round + k).isMultiple(of: 2)
                let bytes = try codec.encode(Self.trio(thirdIsFinal: thirdIsFinal), as: Trio.self)
                #expect(hex(bytes) == Self.expectedHex(k, thirdIsFinal: thirdIsFinal), "registry \(k), round \(round)")
                let back = try codec.decode(Trio.self, from: bytes)
                #expect(back.first == SampleBean(key: 7, name: "n"))
                #expect(back.second == SampleBean(key: 7, name: "n"))
                #expect(back.third == SampleBean(key: 7, name: "n"))
                #expect(back.thirdIsFinal == thirdIsFinal)
            }
        }
    }

    @Test func aRegistryBindsTheSlotsItReachesWhenItIsBuilt() throws {
        let serializer = TrioSerializer()
        let registries = try Self.registries(serializer: serializer)
        for (k, registry) in registries.enumerated() {
            // The slot the registered serializer holds, and the slots of the fields of every
            // schema reached (SampleBean's, and OtherBean's where it is registered).
            #expect(serializer.held.isBound(in: registry.slotBindings))
            let fields =
                SampleBean.schema.fields.map { ($0.name, $0.slot) }
                + (k.isMultiple(of: 2) ? OtherBean.schema.fields.map { ($0.name, $0.slot) } : [])
            #expect(fields.contains { $0.1 != nil } == k.isMultiple(of: 2))
            for (name, slot) in fields {
                guard let slot else { continue }
                #expect(slot.isBound(in: registry.slotBindings), "field \(name)")
            }
        }
        // A slot made after the registries is bound in one of them on its first use there only.
        let later = TrioSerializer.fresh(final: false)
        #expect(!later.isBound(in: registries[3].slotBindings))
        let codec = KryoCodec(registry: registries[3], framing: .object, options: .init(references: false))
        _ = try codec.encode(Self.trio(thirdIsFinal: false), as: Trio.self)
        #expect(serializer.held.isBound(in: registries[3].slotBindings))
        #expect(TrioSerializer.shared.isBound(in: registries[3].slotBindings))
        #expect(!later.isBound(in: registries[3].slotBindings))
        let bytes = try KryoCodec(registry: registries[3], options: .init(references: false)).encode(
            SampleBean(key: 7, name: "n"))
        #expect(!bytes.isEmpty)
    }

    /// Holds the slot that ``ViaSlotSerializer`` writes through, set after the registries are built.
    final class SlotBox: @unchecked Sendable {
        var slot: ObjectSlot<SampleBean>?
    }

    /// A bean written through the slot in its box.
    struct ViaSlotSerializer: Serializer {
        let box: SlotBox
        func write(_ value: SampleBean, to writer: any ValueWriter) throws {
            guard let slot = box.slot else { throw SerializationError(.unsupported, expected: "a slot", found: "none") }
            try slot.write(value, to: writer, forKey: "bean")
        }
        func read(from reader: any ValueReader) throws -> SampleBean {
            guard let slot = box.slot else { throw SerializationError(.unsupported, expected: "a slot", found: "none") }
            return try slot.readRequired(from: reader, forKey: "bean")
        }
    }

    /// A bean in a wrapper of its own, so that the bean goes through the box's slot.
    struct Wrapped: Sendable { var bean: SampleBean }

    struct WrappedSerializer: Serializer {
        let inner: ViaSlotSerializer
        func write(_ value: Wrapped, to writer: any ValueWriter) throws { try inner.write(value.bean, to: writer) }
        func read(from reader: any ValueReader) throws -> Wrapped { Wrapped(bean: try inner.read(from: reader)) }
    }

    @Test func aSlotMadeAfterTheRegistriesIsBoundOnFirstUseInEach() throws {
        let box = SlotBox()
        let registries = try (0..<10).map { k in
            try Registry {
                Register(SampleBean.self, id: Self.beanID(k))
                Register(
                    Wrapped.self, id: 90, javaName: "test.Wrapped",
                    serializer: WrappedSerializer(inner: ViaSlotSerializer(box: box)))
            }
        }
        let slot = ObjectSlot<SampleBean>(DeclaredType(SampleBean.self, finality: .nonFinal, canBeNull: false))
        box.slot = slot
        #expect(registries.allSatisfy { !slot.isBound(in: $0.slotBindings) })
        for round in 0..<3 {
            for (k, registry) in registries.enumerated() {
                let codec = KryoCodec(registry: registry, framing: .object, options: .init(references: false))
                let bytes = try codec.encode(Wrapped(bean: SampleBean(key: 7, name: "n")), as: Wrapped.self)
                #expect(
                    hex(bytes) == String(format: "%02x", Self.beanID(k) + 2) + " 0e 82 6e",
                    "registry \(k), round \(round)")
                #expect(try codec.decode(Wrapped.self, from: bytes).bean == SampleBean(key: 7, name: "n"))
                #expect(slot.isBound(in: registry.slotBindings))
                if round == 0, k + 1 < registries.count { #expect(!slot.isBound(in: registries[k + 1].slotBindings)) }
            }
        }
    }

    @Test func registriesUsedAtOnceFromManyTasks() async throws {
        let registries = try Self.registries()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for iteration in 0..<150 {
                        let k = (task + iteration) % registries.count
                        let codec = KryoCodec(
                            registry: registries[k], framing: .object, options: .init(references: false))
                        let thirdIsFinal = (task + iteration).isMultiple(of: 3)
                        let bytes = try codec.encode(Self.trio(thirdIsFinal: thirdIsFinal), as: Trio.self)
                        #expect(hex(bytes) == Self.expectedHex(k, thirdIsFinal: thirdIsFinal))
                        #expect(try codec.decode(Trio.self, from: bytes).third == SampleBean(key: 7, name: "n"))
                    }
                }
            }
            // Registries built while the others are in use bind their own slots.
            group.addTask {
                for _ in 0..<20 {
                    let more = try Self.registries()
                    let codec = KryoCodec(registry: more[5], framing: .object, options: .init(references: false))
                    let bytes = try codec.encode(Self.trio(thirdIsFinal: false), as: Trio.self)
                    #expect(hex(bytes) == Self.expectedHex(5, thirdIsFinal: false))
                }
            }
            try await group.waitForAll()
        }
    }
}
