import SwiftKryo
import Testing

/// A Java field annotated `@NotNull`: no nil marker is written for it.
final class NotNullBean: Schematized {
    var boxed: Int32? = 5
    var text: String? = "hi"
    init() {}
    static let schema = Schema<NotNullBean>(java: "b.NotNullBean") {
        Field("boxed", \.boxed, java: .init(isNullable: false))
        Field("text", \.text, java: .init(isNullable: false))
    }
}

@Suite struct NotNullFieldTests {
    let registry: Registry
    init() throws { registry = try Registry { Register(NotNullBean.self, id: 30) } }

    @Test func noNilMarkerWithReferencesOn() throws {
        let codec = KryoCodec(registry: registry)
        let bytes = try codec.encode(NotNullBean())
        #expect(hex(bytes) == "20 01 0a 01 68 e9")  // wrapper: nothing; String: reference marker only
        let back = try codec.decode(NotNullBean.self, from: bytes)
        #expect(back.boxed == 5 && back.text == "hi")
    }

    @Test func noNilMarkerWithReferencesOff() throws {
        let codec = KryoCodec(registry: registry, options: SerializationOptions(references: false))
        let bytes = try codec.encode(NotNullBean())
        #expect(hex(bytes) == "20 0a 68 e9")
        #expect(try codec.decode(NotNullBean.self, from: bytes).text == "hi")
    }

    @Test func nilInANotNullFieldIsAnEncodingError() throws {
        let bean = NotNullBean()
        bean.boxed = nil
        #expect(throws: SerializationError.self) { try KryoCodec(registry: registry).encode(bean) }
    }
}
