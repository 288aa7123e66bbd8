import SwiftKryo
import Testing

/// Java's `Kryo.setAutoReset(false)` keeps the class names of one `writeClassAndObject` for the
/// next: the second value names a class by its id alone. Each value is read here on its own, as
/// Java's default writes it, so such a value is an error that says so, never a wrong graph.
/// The bytes are Kryo 5.6.2's: three `Ev{name, n, tags = ArrayList["a", "b"]}`, references off,
/// unregistered, `setAutoReset(false)`.
@Suite struct AutoResetOffStreamTests {
    static let schema = """
        classes:
          - {class: R$Ev, fields: {name: String, n: int, tags: "List<String>"}}
        """
    static let stream = hexBytes(
        "01 00 52 24 45 f6 00 65 76 b0 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 03 82 61 82 62 "
            + "01 00 02 65 76 b1 01 01 03 82 61 82 62 01 00 04 65 76 b2 01 01 03 82 61 82 62")

    static func codec() throws -> KryoCodec {
        KryoCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(schema, fileName: "r.yaml")), dialect: .v5,
            options: SerializationOptions(references: false, registrationRequired: false))
    }

    @Test func aValueThatNamesAClassByAnEarlierValuesIDIsAnError() throws {
        let reader = KryoStreamReader(codec: try Self.codec(), bytes: Self.stream)
        let first = try #require(try reader.next(Any?.self) as? DynamicObject)
        #expect(first["name"] as? String == "ev0")
        #expect((first["tags"] as? [Any?])?.count == 2)
        do {
            _ = try reader.next(Any?.self)
            Issue.record("the second value read")
        } catch let error as SerializationError {
            #expect(error.kind == .unknownClassName)
            #expect(error.offset == 36)
            #expect(error.found.contains("setAutoReset(false)"), "\(error)")
        }
    }

    /// A new name's id is the number of names before it in the value: a value that begins with
    /// name id 1 carries ids over.
    @Test func aNameIDAheadOfTheNamesReadIsAnError() throws {
        let bytes = hexBytes("01 01 82 61")
        let error = try #require(decodeError(try Self.codec(), bytes))
        #expect(error.kind == .unknownClassName)
        #expect(error.expected.contains("class name id 0"), "\(error)")
        #expect(error.found.contains("name id 1"), "\(error)")
    }
}
