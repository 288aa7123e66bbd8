import Foundation
import SwiftKryo
import Testing

/// A codec reuses one writer and one reader per thread from call to call: each call must still
/// start afresh (Java's auto-reset), keep nothing it wrote or read alive, and work when a call
/// runs inside another on the same thread.
@Suite struct CallReuseTests {
    /// Writes its bean as the bytes of a separate encode of the same codec (a call inside a call).
    struct NestedSerializer: Serializer {
        let inner: KryoCodec

        func write(_ value: Envelope, to writer: any ValueWriter) throws {
            let bytes = try inner.encode(value.bean)
            try writer.writeInt32(Int32(bytes.count), forKey: "count", encoding: .positive)
            try writer.writeBytes(bytes, forKey: "bytes")
        }

        func read(from reader: any ValueReader) throws -> Envelope {
            let count = Int(try reader.readInt32(forKey: "count", encoding: .positive))
            let bytes = try reader.readBytes(count: count, forKey: "bytes")
            return Envelope(bean: try inner.decode(SampleBean.self, from: bytes))
        }
    }

    struct Envelope {
        var bean: SampleBean
    }

    @Test func aCallInsideACallOnTheSameThreadGetsItsOwnWriterAndReader() throws {
        let inner = KryoCodec(registry: try Registry { Register(SampleBean.self, id: 20) })
        let registry = try Registry {
            Register(SampleBean.self, id: 20)
            Register(Envelope.self, id: 21, javaName: "test.Envelope", serializer: NestedSerializer(inner: inner))
        }
        let codec = KryoCodec(registry: registry, options: .init(references: true))
        let bean = SampleBean(key: 3, name: "x")
        let bytes = try codec.encode([Envelope(bean: bean), bean] as [Any?])
        let back = try codec.decode([Any?].self, from: bytes)
        #expect((back[0] as? Envelope)?.bean == bean)
        #expect(back[1] as? SampleBean == bean)
        // The outer call's tables survived the inner calls: the same bytes again.
        #expect(try codec.encode([Envelope(bean: bean), bean] as [Any?]) == bytes)
    }

    @Test func eachCallStartsWithEmptyReferenceTables() throws {
        let codec = KryoCodec(registry: try Registry { Register(SampleBean.self, id: 20) })
        let bean = SampleBean(key: 1, name: "a")
        let first = try codec.encode([bean, bean] as [Any?])
        let second = try codec.encode([bean, bean] as [Any?])
        #expect(first == second)
        // One object: the second element is a back-reference within the call, never across calls.
        let single = try codec.encode(bean)
        #expect(try codec.encode(bean) == single)
        let back = try codec.decode([Any?].self, from: first)
        #expect((back[0] as? SampleBean) === (back[1] as? SampleBean))
        let again = try codec.decode([Any?].self, from: first)
        #expect((again[0] as? SampleBean) !== (back[0] as? SampleBean))
    }

    @Test func aFailedCallLeavesNothingBehindForTheNext() throws {
        let codec = KryoCodec(registry: try Registry { Register(SampleBean.self, id: 20) })
        let bean = SampleBean(key: 1, name: "a")
        let expected = try codec.encode([bean, bean] as [Any?])
        struct Unregistered {}
        #expect(throws: SerializationError.self) { try codec.encode([bean, Unregistered()] as [Any?]) }
        #expect(try codec.encode([bean, bean] as [Any?]) == expected)
        #expect(throws: SerializationError.self) { try codec.decode([Any?].self, from: Array(expected.dropLast())) }
        let back = try codec.decode([Any?].self, from: expected)
        #expect(back.count == 2)
        #expect(back[0] as? SampleBean == bean)
    }

    @Test func noValueOfACallStaysAlive() throws {
        let codec = KryoCodec(registry: try Registry { Register(SampleBean.self, id: 20) })
        weak var written: SampleBean?
        weak var read: SampleBean?
        var bytes: [UInt8] = []
        do {
            let bean = SampleBean(key: 1, name: "a")
            written = bean
            bytes = try codec.encode([bean, bean] as [Any?])
        }
        #expect(written == nil)
        do {
            let back = try codec.decode([Any?].self, from: bytes)
            read = back[0] as? SampleBean
            #expect(read != nil)
        }
        #expect(read == nil)
    }

    @Test func callsOnOneThreadMayAlternateRegistriesAndOptions() throws {
        let first = try Registry { Register(SampleBean.self, id: 20) }
        let second = try Registry { Register(SampleBean.self, id: 30) }
        let bean = SampleBean(key: 1, name: "a")
        for _ in 0..<3 {
            for (registry, references) in [(first, true), (second, false), (first, false), (second, true)] {
                let codec = KryoCodec(registry: registry, options: .init(references: references))
                let fresh = KryoCodec(
                    registry: try Registry { Register(SampleBean.self, id: registry === first ? 20 : 30) },
                    options: .init(references: references))
                let bytes = try codec.encode(bean)
                #expect(bytes == (try fresh.encode(bean)))
                #expect(try codec.decode(SampleBean.self, from: bytes) == bean)
                let output = KryoOutput()
                try codec.encode(bean, to: output)
                #expect(output.buffer == bytes)
                #expect(try codec.decode(SampleBean.self, from: KryoInput(bytes)) == bean)
            }
        }
    }

    /// The writer remembers the type of the last untyped value with its registration: another
    /// registry, an optional or a string in the same place, or a different type must each still
    /// be written as a new writer (which remembers nothing) writes them.
    @Test func untypedValuesAfterOthersAreWrittenAsANewWriterWritesThem() throws {
        let first = try Registry { Register(SampleBean.self, id: 20) }
        let second = try Registry { Register(SampleBean.self, id: 30) }
        let bean = SampleBean(key: 7, name: "b")
        let wrapped: Any = SampleBean?.some(bean) as Any
        let none: Any = SampleBean?.none as Any
        let values: [Any?] = [bean, wrapped, "text", bean, none, Int32(5), bean, nil, [bean, "x", wrapped] as [Any?]]
        for _ in 0..<2 {
            for (registry, id) in [(first, 20), (second, 30), (first, 20)] {
                let codec = KryoCodec(registry: registry)
                for (index, value) in values.enumerated() {
                    let bytes = try codec.encode(value)
                    let output = KryoOutput()
                    try KryoBinaryWriter(registry: registry, options: .default, output: output)
                        .writeRoot(value, framing: .classAndObject)
                    #expect(bytes == output.buffer, "value \(index)")
                    if index == 0 || index == 1 || index == 3 || index == 6 {
                        // The bean's class id and new-object marker (references are on by
                        // default), then its fields: key 7 (zigzag), name "b" after its marker.
                        #expect(hex(bytes) == hex([UInt8(id + 2), 0x01, 0x0E, 0x01, 0x82, 0x62]), "value \(index)")
                    }
                }
                #expect(try codec.decode(SampleBean.self, from: try codec.encode(wrapped)) == bean)
            }
        }
    }

    /// The reader remembers the registrations of the class ids it met in the registry it is
    /// bound to: another registry that gives the same id to another class must be read with its
    /// own registrations.
    @Test func aClassIDMeansWhatEachCallsRegistrySays() throws {
        let beans = try Registry { Register(SampleBean.self, id: 20) }
        let inners = try Registry { Register(Inner.self, id: 20) }
        let bean = SampleBean(key: 4, name: "n")
        let inner = Inner(9, "i")
        let beanBytes = try KryoCodec(registry: beans).encode([bean, bean] as [Any?])
        let innerBytes = try KryoCodec(registry: inners).encode([inner] as [Any?])
        for _ in 0..<3 {
            let readBeans = try KryoCodec(registry: beans).decode([Any?].self, from: beanBytes)
            #expect(readBeans.count == 2)
            #expect(readBeans.allSatisfy { ($0 as? SampleBean) == bean })
            let readInners = try KryoCodec(registry: inners).decode([Any?].self, from: innerBytes)
            #expect(readInners.count == 1)
            #expect(readInners.first.flatMap { $0 as? Inner } == inner)
            // And a class id the bound registry does not have is still an error naming it.
            let unknown = KryoCodec(registry: try Registry { Register(Inner.self, id: 21) })
            let failure = #expect(throws: SerializationError.self) {
                try unknown.decode([Any?].self, from: innerBytes)
            }
            #expect(failure?.kind == .unknownClassID)
            #expect(failure?.found == "id 20")
        }
    }

    @Test func aDeepGraphThenAShallowOneOnTheSameThread() throws {
        let options = SerializationOptions(references: true, limits: Limits(maxDepth: 2000))
        let codec = KryoCodec(registry: try Registry { Register(SampleBean.self, id: 20) }, options: options)
        // 1 100 nested lists: the reader's stack of open objects grows past what it keeps.
        var deep: [Any?] = [SampleBean(key: 1, name: "deep")]
        for _ in 0..<1100 { deep = [deep] }
        let bytes = try codec.encode(deep)
        var back = try codec.decode([Any?].self, from: bytes)
        for _ in 0..<1100 { back = try #require(back.first as? [Any?]) }
        #expect(back.first as? SampleBean == SampleBean(key: 1, name: "deep"))
        let bean = SampleBean(key: 2, name: "shallow")
        #expect(try codec.decode(SampleBean.self, from: codec.encode(bean)) == bean)
    }
}
