import SwiftKryo
import Testing

/// A value in a form its declared class does not take names the forms it does take, the Java
/// class (not a Swift type) and, for a set of enum constants, the element that is none.
@Suite struct HandWrittenFormHintTests {
    static let schema = """
        package: game
        classes:
          - class: Perk
            enum: [LUCK, SPEED]
          - class: Save
            fields:
              perks: EnumSet<Perk>
              id: java.util.UUID
              elapsed: java.time.Duration
              initial: Character
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "game.Save") }

    @Test(arguments: [
        (
            #""perks": ["LUCK", null]"#, "java.util.EnumSet in field perks (a list of constant names", "null",
            ["perks", "1"]
        ),
        (
            #""perks": {"$class": "java.util.HashSet", "$value": ["LUCK"]}"#, "java.util.EnumSet in field perks",
            "a java.util.HashSet", ["perks"]
        ),
        (#""id": {"mostSigBits": 1}"#, "java.util.UUID in field id (its text, such as", "a map", ["id"]),
        (
            #""elapsed": "PT1H30M""#, #"java.time.Duration in field elapsed (its parts: {"seconds""#, "a string",
            ["elapsed"]
        ),
        (#""initial": "ab""#, "java.lang.Character in field initial (one character", "a string", ["initial"]),
    ])
    func aFormTheClassDoesNotTakeNamesTheForms(fields: String, expected: String, found: String, path: [String]) throws {
        let error = try #require(document.failure(fields))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.hasPrefix(expected), "\(error)")
        #expect(error.found == found, "\(error)")
        #expect(error.path == path)
    }
}
