import Foundation
import SwiftKryo
import Testing

/// What a person writes where the library writes a longer form: an enum constant by its name
/// alone, and a map whose keys are numbers or enum constants as a plain JSON object. Both read as
/// the library's own form would, through the schema's declared types.
@Suite struct HandWrittenKeyTests {
    static let schema = """
        package: uni
        settings: {dialect: kryo5, references: true, registrationRequired: false}
        classes:
          - class: Level
            enum: [BACHELOR, MASTER, PHD]
          - class: Student
            fields:
              name: String
              level: Level
              past: List<Level>
              quota: Map<Level, Integer>
              rooms: TreeMap<Integer, String>
              weights: Map<Double, String>
        """

    let codec: ReadableCodec
    init() throws {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "uni.yaml"))
        codec = ReadableCodec(registry: registry, format: .json)
    }

    func student(_ json: String) throws -> DynamicObject {
        try #require(try codec.decode(Any?.self, from: Array(json.utf8)) as? DynamicObject)
    }

    @Test func enumConstantsAndKeysWrittenByHandReadAsTheLibrarysOwnForm() throws {
        let hand = try student(
            """
            {"$class": "uni.Student", "name": "Bo", "level": "PHD", "past": ["BACHELOR", "MASTER"],
             "quota": {"MASTER": 5, "PHD": 2}, "rooms": {"3": "lab", "-1": "cellar"},
             "weights": {"0.5": "half", "Infinity": "all"}}
            """)
        #expect((hand.fields["level"] as? DynamicEnum)?.name == "PHD")
        #expect((hand.fields["past"] as? [Any?])?.compactMap { ($0 as? DynamicEnum)?.ordinal } == [0, 1])
        let quota = try #require(hand.fields["quota"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(quota.keys.compactMap { ($0.base as? DynamicEnum)?.name } == ["MASTER", "PHD"])
        #expect(quota.values.compactMap { $0 as? Int32 } == [5, 2])
        // A TreeMap: in its keys' order.
        let rooms = try #require(hand.fields["rooms"] as? JavaTreeMap<AnyHashable, Any?>)
        #expect(rooms.keys.compactMap { $0.base as? Int32 } == [-1, 3])
        #expect(rooms.values.compactMap { $0 as? String } == ["cellar", "lab"])
        let weights = try #require(hand.fields["weights"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect(weights.keys.compactMap { $0.base as? Double } == [0.5, .infinity])

        // Written back, the library's own (longer) form; read again, the same document.
        let written = try codec.encode(hand)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#""level":{"$class":"uni.Level","name":"PHD","ordinal":2}"#))
        let again = try codec.encode(try #require(try codec.decode(Any?.self, from: written)))
        #expect(again == written)
    }

    @Test(arguments: [
        (
            #"{"$class": "uni.Student", "level": "DEAN"}"#,
            #"invalidValue: expected a constant of uni.Level (BACHELOR, MASTER, PHD), found "DEAN" (path: level)"#
        ),
        (
            #"{"$class": "uni.Student", "rooms": {"3": "lab", "three": "attic"}}"#,
            #"typeMismatch: expected an integer key (decimal digits), found the key "three" (path: rooms.three)"#
        ),
        (
            #"{"$class": "uni.Student", "rooms": {"3": "lab", "03": "attic"}}"#,
            "invalidValue: expected distinct keys, found a second key 03 of the same value (path: rooms.03)"
        ),
        (
            #"{"$class": "uni.Student", "quota": {"DEAN": 1}}"#,
            #"invalidValue: expected a constant of uni.Level (BACHELOR, MASTER, PHD), found "DEAN" (path: quota.DEAN)"#
        ),
        (
            #"{"$class": "uni.Student", "rooms": {"99999999999": "far"}}"#,
            "invalidValue: expected a number that fits an int, found 99999999999 (path: rooms.99999999999)"
        ),
    ])
    func aKeyOrNameThatIsNoneOfTheTypesIsAnErrorAtItsPath(json: String, message: String) throws {
        #expect {
            _ = try codec.decode(Any?.self, from: Array(json.utf8))
        } throws: { error in
            "\(error)" == message
        }
    }
}
