import Foundation
import SwiftKryo
import Testing

/// Top-level calls that name the value's type (`encode(_:as:)`, `encode(_:as:to:)`,
/// `decode(_:from:)`) go through the typed slot of that type: the same bytes and values as the
/// untyped calls, for every framing, with a slot kept per type from call to call.
@Suite struct TypedRootTests {
    static func registry() throws -> Registry {
        try Registry {
            Register(SampleBean.self, id: 20)
            Register([Any?].self, id: 21)
        }
    }

    static let framings: [KryoFraming] = [.classAndObject, .object, .objectOrNull]

    static func codec(_ framing: KryoFraming, references: Bool) throws -> KryoCodec {
        KryoCodec(registry: try registry(), framing: framing, options: .init(references: references))
    }

    /// The untyped call with the declared type, which the typed one must match byte for byte.
    static func untyped(_ value: Any?, as type: any Any.Type, _ codec: KryoCodec) throws -> [UInt8] {
        let output = KryoOutput()
        try codec.encode(value, declaredType: type, to: output)
        return output.buffer
    }

    @Test(arguments: framings, [false, true])
    func typedAndUntypedCallsWriteTheSameBytes(framing: KryoFraming, references: Bool) throws {
        let codec = try Self.codec(framing, references: references)
        let bean = SampleBean(key: 300, name: "typed")
        let typedBean = try codec.encode(bean, as: SampleBean.self)
        #expect(typedBean == (try Self.untyped(bean, as: SampleBean.self, codec)))
        #expect(try codec.decode(SampleBean.self, from: typedBean) == bean)

        let text = "héllo"
        let typedText = try codec.encode(text, as: String.self)
        #expect(typedText == (try Self.untyped(text, as: String.self, codec)))
        #expect(try codec.decode(String.self, from: typedText) == text)

        let number: Int32 = -70_000
        let typedNumber = try codec.encode(number, as: Int32.self)
        #expect(typedNumber == (try Self.untyped(number, as: Int32.self, codec)))
        #expect(try codec.decode(Int32.self, from: typedNumber) == number)

        // A list whose two elements are one bean: a back-reference when references are on.
        let list: [Any?] = [bean, bean, "s"]
        let typedList = try codec.encode(list, as: [Any?].self)
        #expect(typedList == (try Self.untyped(list, as: [Any?].self, codec)))
        let back = try codec.decode([Any?].self, from: typedList)
        #expect(back.count == 3)
        #expect(back[0] as? SampleBean == bean)
        #expect(back[2] as? String == "s")
        #expect(((back[0] as? SampleBean) === (back[1] as? SampleBean)) == references)

        // Into a caller's output, after what is already there.
        let output = KryoOutput()
        output.writeByte(0xAB)
        try codec.encode(bean, as: SampleBean.self, to: output)
        #expect(output.buffer == [0xAB] + typedBean)
    }

    @Test func classAndObjectWritesTheClassOfTheValue() throws {
        let codec = try Self.codec(.classAndObject, references: false)
        let bean = SampleBean(key: 1, name: "a")
        // Class id 20 (written + 2), then the fields: key 1 (zigzag), name "a" (Kryo 2.20 writes a
        // one-character string in its UTF-8 form: 0x80 | length + 1, then the byte).
        #expect(hex(try codec.encode(bean, as: SampleBean.self)) == "16 02 82 61")
        #expect(try codec.encode(bean, as: SampleBean.self) == (try codec.encode(bean)))
    }

    @Test func typesAlternatingOnOneThreadKeepTheirOwnSlots() throws {
        let codec = try Self.codec(.object, references: false)
        let bean = SampleBean(key: 5, name: "b")
        let expectedBean = try codec.encode(bean, as: SampleBean.self)
        let expectedText = try codec.encode("t", as: String.self)
        for round in 0..<5 {
            #expect(try codec.encode(bean, as: SampleBean.self) == expectedBean, "round \(round)")
            #expect(try codec.encode("t", as: String.self) == expectedText, "round \(round)")
            #expect(try codec.decode(SampleBean.self, from: expectedBean) == bean)
            #expect(try codec.decode(String.self, from: expectedText) == "t")
        }
        // The same type with another framing is another slot: writeObjectOrNull adds a not-null marker.
        let orNull = KryoCodec(registry: try Self.registry(), framing: .objectOrNull, options: .init(references: false))
        #expect(try orNull.encode(bean, as: SampleBean.self) == [0x01] + expectedBean)
        #expect(try codec.encode(bean, as: SampleBean.self) == expectedBean)
    }

    @Test func optionalTypesKeepTheUntypedPath() throws {
        let codec = try Self.codec(.objectOrNull, references: false)
        let none: SampleBean? = nil
        let bytes = try codec.encode(none, as: SampleBean?.self)
        #expect(bytes == [0x00])
        #expect(try codec.decode(SampleBean?.self, from: bytes) == nil)
        let some: SampleBean? = SampleBean(key: 2, name: nil)
        #expect(try codec.decode(SampleBean?.self, from: codec.encode(some, as: SampleBean?.self)) == some)
    }

    @Test func typedCallsFailWithTheSameErrors() throws {
        struct Unregistered {}
        let object = try Self.codec(.object, references: false)
        let unregistered = #expect(throws: SerializationError.self) {
            try object.encode(Unregistered(), as: Unregistered.self)
        }
        #expect(unregistered?.description.contains("Unregistered") == true)

        // nil where writeObjectOrNull wrote one and the type cannot hold it.
        let orNull = try Self.codec(.objectOrNull, references: false)
        let nilForBean = #expect(throws: SerializationError.self) { try orNull.decode(SampleBean.self, from: [0x00]) }
        #expect(nilForBean?.kind == .typeMismatch)

        // Another class than the one asked for, with its class written.
        let tagged = try Self.codec(.classAndObject, references: false)
        let textBytes = try tagged.encode("x", as: String.self)
        let mismatch = #expect(throws: SerializationError.self) { try tagged.decode(SampleBean.self, from: textBytes) }
        #expect(mismatch?.kind == .typeMismatch)

        // Truncated input: an error at the offset where the bytes ran out, never a crash.
        let beanBytes = try object.encode(SampleBean(key: 9, name: "long enough"), as: SampleBean.self)
        for length in 0..<beanBytes.count {
            let failure = #expect(throws: SerializationError.self) {
                try object.decode(SampleBean.self, from: Array(beanBytes.prefix(length)))
            }
            #expect(failure?.offset != nil, "prefix of \(length) bytes")
        }
        // Bytes left over after the value.
        let leftover = #expect(throws: SerializationError.self) {
            try object.decode(SampleBean.self, from: beanBytes + [0x00])
        }
        #expect(leftover?.found.contains("1 more bytes") == true)
    }

    /// Bytes held elsewhere (a network buffer, say) decode where they lie: the same values as
    /// from an array, typed and untyped, and the same errors for a value cut short or followed by
    /// more bytes, whatever surrounds the bytes given.
    @Test(arguments: framings)
    func bytesDecodeInPlaceAsFromAnArray(framing: KryoFraming) throws {
        let codec = try Self.codec(framing, references: true)
        let bean = SampleBean(key: 4_321, name: "in place")
        let beanBytes = try codec.encode(bean, as: SampleBean.self)
        let list: [Any?] = [bean, "s", bean]
        let listBytes = try codec.encode(list, as: [Any?].self)
        // Inside a larger buffer, with bytes before and after that must not be read.
        let surrounded: [UInt8] = [0xFF, 0xFF] + beanBytes + listBytes + [0x00, 0x07]
        try surrounded.withUnsafeBytes { raw in
            let beanRange = 2..<(2 + beanBytes.count)
            let listRange = beanRange.upperBound..<(beanRange.upperBound + listBytes.count)
            let inPlace = try codec.decode(SampleBean.self, from: UnsafeRawBufferPointer(rebasing: raw[beanRange]))
            #expect(inPlace == bean)
            let back = try codec.decode([Any?].self, from: UnsafeRawBufferPointer(rebasing: raw[listRange]))
            #expect(back.count == 3)
            #expect(back[0] as? SampleBean == bean)
            #expect(back[1] as? String == "s")
            #expect((back[0] as? SampleBean) === (back[2] as? SampleBean))
            if framing == .classAndObject {
                let untyped = try codec.decode(Any?.self, from: UnsafeRawBufferPointer(rebasing: raw[beanRange]))
                #expect(untyped as? SampleBean == bean)
            }
            let short = UnsafeRawBufferPointer(rebasing: raw[2..<(beanRange.upperBound - 1)])
            let cut = #expect(throws: SerializationError.self) { try codec.decode(SampleBean.self, from: short) }
            #expect(cut?.offset != nil)
            let long = UnsafeRawBufferPointer(rebasing: raw[2..<(beanRange.upperBound + 1)])
            let leftover = #expect(throws: SerializationError.self) { try codec.decode(SampleBean.self, from: long) }
            #expect(leftover?.found.contains("1 more bytes") == true)
        }
        // No bytes at all.
        let empty = #expect(throws: SerializationError.self) {
            try codec.decode(SampleBean.self, from: UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(empty != nil)
    }

    @Test(arguments: framings)
    func corruptedInputThroughTheTypedPathIsAnErrorNeverACrash(framing: KryoFraming) throws {
        let registry = try Registry {
            Register(SampleBean.self, id: 20)
            Register(OtherBean.self, id: 22)
            Register(SampleEnum.self, id: 23)
        }
        let codec = KryoCodec(registry: registry, framing: framing, options: .init(references: true))
        let beans = (0..<4).map { SampleBean(key: Int32($0) * 1_000, name: "bean \($0)") }
        let value = OtherBean(map: [1: "one", 2: "two"], beans: beans + [beans[0]], kind: .third)
        let bytes = try codec.encode(value, as: OtherBean.self)
        #expect(try codec.decode(OtherBean.self, from: bytes) == value)
        // Every byte set to a few values that mean something to the format (nil, not-nil, small
        // ids and references, a varint continuation, the end of an ASCII string).
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x02, 0x03, 0x17, 0x7F, 0x80, 0xFF] where bytes[index] != replacement
            {
                var corrupted = bytes
                corrupted[index] = replacement
                do {
                    _ = try codec.decode(OtherBean.self, from: corrupted)
                } catch let failure as SerializationError {
                    #expect(!failure.expected.isEmpty, "byte \(index) = \(replacement)")
                } catch {
                    Issue.record("byte \(index) = \(replacement): \(error), not a SerializationError")
                }
            }
        }
    }
}
