import Foundation
import SwiftKryo
import Testing

/// Hand-written JSON documents of one class that a schema file declares, read on the dynamic path.
struct SchemaDocument {
    let codec: ReadableCodec
    /// The class every document is an object of.
    let javaClass: String

    init(schema: String, javaClass: String) throws {
        codec = ReadableCodec(
            registry: try Registry(schemas: try SchemaFiles.parse(schema, fileName: "test.yaml")), format: .json)
        self.javaClass = javaClass
    }

    /// The error the object `{"$class": javaClass, <fields>}` gives; `nil` when it reads.
    func failure(_ fields: String) -> SerializationError? {
        do {
            _ = try object(fields)
            return nil
        } catch {
            return error as? SerializationError
        }
    }

    /// The object `{"$class": javaClass, <fields>}` reads as.
    func object(_ fields: String) throws -> DynamicObject {
        let json = #"{"$class": ""# + javaClass + #"", "# + fields + "}"
        return try #require(try codec.decode(Any?.self, from: Array(json.utf8)) as? DynamicObject)
    }
}
