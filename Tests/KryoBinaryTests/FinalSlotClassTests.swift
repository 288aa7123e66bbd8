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

    /// Kryo writes an object's own class before its reference marker, so a back-reference whose
    /// tag names another class is not a stream Java wrote (Java fails storing a `LinkedList` in a
    /// `Map` field); read, the list would reach the map's slot and could not be written back.
    @Test func aBackReferenceToAnObjectOfAnotherClassThanItsTagIsAnError() throws {
        let text = try String(
            contentsOf: KryoTool.root.appendingPathComponent("Tests/Fixtures/kryo5/vectors5.yaml"), encoding: .utf8)
        let registry = try Registry(
            schemas: SchemaFiles.parse([SchemaFileText(text, fileName: "vectors5.yaml", format: .yaml)]))
        let options = SerializationOptions(references: true)
        // OtherBean { elements: a LinkedList (#1) of SampleBeans, infoMap: HashMap tag, then a
        // back-reference to #1 (the fuzzer's mutation of other_bean.refs.bin), price }.
        let bytes: [UInt8] = [
            0x0d, 0x01, 0x1c, 0x01, 0x84, 0x0c, 0x00, 0x01, 0x54, 0x01, 0x86, 0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f,
            0x01, 0x01, 0x00, 0x04, 0x15, 0x03, 0x01, 0xd3, 0x01, 0x91, 0x96,
        ]
        let error = try #require(throws: SerializationError.self) {
            try registry.decode(Any?.self, from: Data(bytes), as: .kryo(.v5), options: options)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.path == ["infoMap"])
        #expect(error.expected == "a reference to a java.util.HashMap, the class the stream names")
        #expect(error.found == "one to a java.util.LinkedList")
        // The stream as Java wrote it (infoMap a HashMap of its own) reads.
        let vectors = KryoTool.root.appendingPathComponent("Tests/Fixtures/kryo5/vectors/other_bean.refs.bin")
        let bean = try registry.decode(Any?.self, from: try Data(contentsOf: vectors), as: .kryo(.v5), options: options)
        #expect((bean as? DynamicObject)?.javaClass == "test.Vectors5$OtherBean")
    }
}
