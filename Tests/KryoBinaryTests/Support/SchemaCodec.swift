import SwiftKryo

/// The Kryo codec of the dynamic path for a schema file's text, in `dialect` with the given
/// stream settings: what a test of one stream the Java jars wrote starts from. Its `registry`
/// serves the readable and keyed codecs the test converts through.
func schemaCodec(
    _ schema: String, _ dialect: KryoDialect, references: Bool, registrationRequired: Bool = false
) throws -> KryoCodec {
    let registry = try Registry(schemas: try SchemaFiles.parse(schema, fileName: "schema.yaml"))
    return KryoCodec(
        registry: registry, dialect: dialect,
        options: SerializationOptions(references: references, registrationRequired: registrationRequired))
}
