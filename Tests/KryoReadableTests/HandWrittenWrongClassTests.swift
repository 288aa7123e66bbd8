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
            fields: {id: int, label: String}
          - class: Monster
            extends: Entity
            fields: {level: int}
          - class: Player
            fields: {name: String}
          - class: World
            fields: {boss: Entity, players: List<Player>, any: Object}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "game.World") }

    func kryo(_ fields: String) throws -> [UInt8] {
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        return try kryo.encode(try document.object(fields))
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
        #expect(error.expected.hasSuffix("or of a subclass, the slot's class"), "\(error)")
        #expect(error.found.hasPrefix("an object of game."), "\(error)")
    }
}
