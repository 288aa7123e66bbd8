import Foundation
import SwiftKryo
import Testing

/// A slot whose declared class is final carries no class in the stream, so only a value of that
/// class may be written there (Java: a `ClassCastException`). A value of another class is an error
/// naming both, not bytes that read back as something else.
@Suite struct FinalSlotClassTests {
    static func registry() throws -> Registry {
        let text = try String(
            contentsOf: KryoTool.root.appendingPathComponent("Schemas/kryococoa.yaml"), encoding: .utf8)
        return try Registry(
            schemas: SchemaFiles.parse([SchemaFileText(text, fileName: "kryococoa.yaml", format: .yaml)]))
    }

    /// `OtherBean.map` is a `Map<Integer, String>`: keys and values are written without a class.
    static func bean(map: [AnyHashable: Any?]) -> DynamicObject {
        let bean = DynamicObject(javaClass: "test.OtherBean")
        bean.fields["map"] = map
        return bean
    }

    @Test(arguments: [KryoDialect.v2, .v5])
    func aKeyOfAnotherClassIsAnError(_ dialect: KryoDialect) throws {
        let registry = try Self.registry()
        let options = SerializationOptions(references: false, registrationRequired: false)
        // The right classes write and read back.
        let good = Self.bean(map: [AnyHashable(Int32(1)): "one"])
        let bytes = try registry.encode(good, as: .kryo(dialect), options: options)
        let back = try #require(
            try registry.decode(Any?.self, from: bytes, as: .kryo(dialect), options: options) as? DynamicObject)
        #expect(back.javaClass == "test.OtherBean")
        // A Long key, and a String key, where Integer is declared.
        for key in [AnyHashable(Int64(1)), AnyHashable("one")] {
            let error = try #require(throws: SerializationError.self) {
                try registry.encode(Self.bean(map: [key: "one"]), as: .kryo(dialect), options: options)
            }
            #expect(error.kind == .typeMismatch)
            #expect(error.description.contains("java.lang.Integer"), "\(error)")
        }
        // A String value where String is declared is fine; an Integer value is not.
        let wrongValue = Self.bean(map: [AnyHashable(Int32(1)): Int32(2)])
        let error = try #require(throws: SerializationError.self) {
            try registry.encode(wrongValue, as: .kryo(dialect), options: options)
        }
        #expect(error.description.contains("java.lang.String") && error.description.contains("java.lang.Integer"))
    }
}
