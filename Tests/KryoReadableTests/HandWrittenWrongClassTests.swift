import Foundation
import SwiftKryo
import Testing

/// An object of another schema class in a slot of a bean class: written to Kryo, Java would read it
/// into a field that cannot hold it (heap pollution, a `ClassCastException` later). A subclass has
/// every field of its superclass, so a class without them is refused; a subclass is welcome.
@Suite struct HandWrittenWrongClassTests {
    static let schema = """
        package: game
        classes:
          - class: Entity
            abstract: true
            fields: {id: int, label: String}
          - class: Monster
            extends: Entity
            fields: {level: int}
          - class: Player
            fields: {name: String}
          - class: World
            fields: {boss: Entity, players: List<Player>, any: Object, squad: "Player[]"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "game.World") }

    func kryo(_ fields: String, dialect: KryoDialect = .v5) throws -> [UInt8] {
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: dialect,
            options: SerializationOptions(registrationRequired: false))
        return try kryo.encode(try document.object(fields))
    }

    /// An interface declared in the schema (`abstract: true` without fields) that classes name in
    /// `implements:`: a slot of it holds their objects only (Java would otherwise find a class
    /// that does not implement it there, and fail later with a `ClassCastException`).
    @Test func anInterfaceSlotHoldsItsImplementationsOnly() throws {
        let document = try SchemaDocument(
            schema: """
                package: hc
                classes:
                  - {class: Billable, abstract: true, fields: {}}
                  - {class: Entity, abstract: true, fields: {id: int}}
                  - {class: Invoice, extends: Entity, implements: [Billable], fields: {total: int}}
                  - {class: Patient, extends: Entity, fields: {name: String}}
                  - {class: Claim, fields: {billable: Billable, owner: Entity}}
                """, javaClass: "hc.Claim")
        let claim = try document.object(
            #""billable": {"$class": "hc.Invoice", "total": 3}, "owner": {"$class": "hc.Patient", "name": "x"}"#)
        #expect((claim.fields["billable"] as? DynamicObject)?.javaClass == "hc.Invoice")
        let error = try #require(throws: SerializationError.self) {
            try document.object(#""billable": {"$class": "hc.Patient", "name": "not billable"}"#)
        }
        #expect(error.found.hasSuffix("which the schema says neither extends nor implements hc.Billable"), "\(error)")
        // The canonical schema file keeps what the class implements.
        let schemas = try SchemaFiles.parse(
            SchemaFiles.yaml(
                try SchemaFiles.parse(
                    """
                    package: hc
                    classes:
                      - {class: Billable, abstract: true, fields: {}}
                      - {class: Invoice, implements: [Billable], fields: {total: int}}
                    """, fileName: "a.yaml")), fileName: "b.yaml")
        #expect(schemas.classes.first { $0.javaName == "hc.Invoice" }?.supertypes == ["hc.Billable"])
    }

    /// A constant of another enum where an enum is declared (as a stream reads when two enums'
    /// ids are swapped in the schema): no enum extends another, so it is an error, in a field and
    /// in an array of the enum, rather than a value Java would find where it cannot be.
    @Test func aConstantOfAnotherEnumIsAnError() throws {
        let document = try SchemaDocument(
            schema: """
                package: music
                classes:
                  - {class: Genre, enum: [POP, JAZZ]}
                  - {class: Quality, enum: [LOW, HIGH], bodies: [HIGH]}
                  - class: Track
                    fields: {quality: Quality, qualities: "Quality[]"}
                """, javaClass: "music.Track")
        let jazz = #"{"$class": "music.Genre", "name": "JAZZ"}"#
        let field = try #require(throws: SerializationError.self) { try document.object(#""quality": \#(jazz)"#) }
        #expect(field.expected == "a constant of music.Quality in field music.Track.quality")
        #expect(field.found == "a constant of music.Genre")
        let array = try #require(throws: SerializationError.self) {
            try document.object(#""qualities": ["LOW", \#(jazz)]"#)
        }
        #expect(array.found == "a constant of music.Genre")
        #expect(array.path == ["qualities", "1"])
        let track = try document.object(#""quality": "HIGH", "qualities": ["LOW", null]"#)
        #expect((track.fields["quality"] as? DynamicEnum)?.name == "HIGH")
    }

    /// A string or a number where a schema class is declared is no object of it (Java throws
    /// `ArrayStoreException` for an array, `ClassCastException` later for a field or a list).
    @Test(arguments: [
        #""squad": ["r"]"#, #""squad": [{"$class": "game.Player"}, 5]"#, #""players": ["r"]"#,
        #""players": [{"$class": "game.Player"}, 5]"#, #""boss": "r""#,
    ])
    func aPlainValueIsNoObjectOfASchemaClass(_ fields: String) throws {
        for dialect in [KryoDialect.v2, .v4, .v5] {
            let error = try #require(throws: SerializationError.self, "\(dialect)") {
                try kryo(fields, dialect: dialect)
            }
            #expect(error.kind == .typeMismatch)
            #expect(error.expected.hasPrefix("an object of game."), "\(error)")
            #expect(error.found.contains("java.lang.String") || error.found.contains("java.lang.Long"), "\(error)")
        }
        // Objects of the class go there.
        _ = try kryo(#""squad": [{"$class": "game.Player"}, null], "players": [{"$class": "game.Player"}]"#)
    }

    /// An object of another schema class in a list's elements, in every release (Kryo 2.20 and 4
    /// write each element's class, Kryo 5 one class for all): refused, with its path.
    @Test(arguments: [KryoDialect.v2, .v4, .v5])
    func anotherSchemaClassInAListIsRefusedInEveryRelease(_ dialect: KryoDialect) throws {
        let error = try #require(throws: SerializationError.self) {
            try kryo(#""players": [{"$class": "game.Player"}, {"$class": "game.Monster", "id": 2}]"#, dialect: dialect)
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.found.hasPrefix("an object of game.Monster, which is no subclass"), "\(error)")
        #expect(error.path.first == "players", "\(error)")
    }

    @Test func aSubclassGoesWhereItsSuperclassIsDeclared() throws {
        _ = try kryo(#""boss": {"$class": "game.Monster", "id": 1, "level": 9}, "any": {"$class": "game.Player"}"#)
    }

    @Test(arguments: [
        #""boss": {"$class": "game.Player", "name": "not a monster"}"#,
        #""players": [{"$class": "game.Monster", "id": 2}]"#,
    ])
    func anotherClassIsRefused(_ fields: String) throws {
        let error = try #require(throws: SerializationError.self) { try kryo(fields) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.contains("or of a subclass"), "\(error)")
        #expect(error.found.hasPrefix("an object of game."), "\(error)")
    }

    @Test(arguments: [#""boss": {"id": 1}"#, #""boss": {"$class": "game.Entity", "id": 1}"#])
    func anObjectOfAnAbstractClassIsAnError(_ fields: String) throws {
        // Java cannot make one (InstantiationError): the document must name the subclass.
        let error = try #require(throws: SerializationError.self) { try kryo(fields) }
        #expect(error.expected == "an object of a subclass of game.Entity (give its $class)", "\(error)")
        #expect(error.found == "an object of game.Entity, which is abstract")
        #expect(error.path.first == "boss", "\(error.path)")
    }

    @Test func anAbstractClassWritesBackToItsSchemaFile() throws {
        let schemas = try SchemaFiles.parse(Self.schema, fileName: "game.yaml")
        #expect(schemas.schema(forJavaName: "game.Entity")?.isAbstract == true)
        #expect(schemas.schema(forJavaName: "game.Monster")?.isAbstract == false)
        let written = SchemaFiles.yaml(schemas)
        #expect(try SchemaFiles.parse(written, fileName: "again.yaml").classes == schemas.classes)
        #expect(throws: SchemaFileError.self) {
            try SchemaFiles.parse(
                "classes:\n  - class: a.A\n    abstract: true\n    final: true\n    fields: {x: int}\n",
                fileName: "bad.yaml")
        }
    }
}
