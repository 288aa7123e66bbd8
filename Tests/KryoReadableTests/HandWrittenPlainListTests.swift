import Foundation
import SwiftKryo
import Testing

/// Plain lists where the schema gives the class: the rows of a `float[][]` and the constants of
/// an `EnumSet<Kind>` field, as a person writes them, read as the forms the tool writes.
@Suite struct HandWrittenPlainListTests {
    static let schema = """
        package: doc
        classes:
          - class: Land
            fields: {terrain: "float[][]", kinds: EnumSet<Kind>, cells: "double[][][]"}
          - class: Kind
            enum: [MONSTER, ITEM, BOSS]
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Land") }

    /// The Kryo 5 bytes of the document `{"$class": "doc.Land", <fields>}`.
    func bytes(_ fields: String) throws -> [UInt8] {
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        return try kryo.encode(try document.object(fields))
    }

    @Test func rowsOfAnArrayOfArraysArePlainLists() throws {
        #expect(
            try bytes(#""terrain": [[1.5, 2], []], "cells": [[[0.25]]]"#)
                == (try bytes(
                    #""terrain": [{"$class": "[F", "$value": [1.5, 2]}, {"$class": "[F", "$value": []}], "#
                        + #""cells": [{"$class": "[[D", "$value": [{"$class": "[D", "$value": [0.25]}]}]"#)))
    }

    @Test func anEnumSetIsAListOfItsConstants() throws {
        #expect(
            try bytes(#""kinds": ["BOSS", "MONSTER"]"#)
                == (try bytes(
                    #""kinds": {"$class": "java.util.RegularEnumSet", "elementClass": "doc.Kind", "elements": ["BOSS", "MONSTER"]}"#
                )))
        #expect(
            try bytes(#""kinds": []"#)
                == (try bytes(
                    #""kinds": {"$class": "java.util.RegularEnumSet", "elementClass": "doc.Kind", "elements": []}"#)))
        // A name that is no constant is the enum's error.
        #expect(throws: SerializationError.self) { try bytes(#""kinds": ["DRAGON"]"#) }
    }

    @Test func aListWhereAMapIsDeclaredSaysSoInJavasWords() throws {
        let error = try #require(throws: SerializationError.self) { try bytes(#""terrain": {"a": 1}"#) }
        #expect(!error.found.contains("Optional") && !error.found.contains("Dictionary"), "\(error)")
    }
}
