import Foundation
import SwiftKryo
import Testing

/// Bad documents give thrown errors that say what and where, never a crash.
@Suite struct MalformedDocumentTests {
    let codec: ReadableCodec
    init() throws { codec = ReadableCodec(registry: try readableRegistry()) }

    func error<T>(_ type: T.Type, _ json: String) throws -> SerializationError {
        try #require(throws: SerializationError.self) { try codec.decode(T.self, from: Array(json.utf8)) }
    }

    @Test func malformedJSONNamesTheOffset() throws {
        let failure = try error(Person.self, #"{"$class": "Person", "name": "Ann",}"#)
        #expect(failure.kind == .invalidValue)
        #expect(failure.offset == 35)
    }

    @Test func anAliasToAPathThatDoesNotExist() throws {
        let failure = try error(TodoList.self, #"{"$class": "TodoList", "items": [], "owner": {"$alias": "items.5"}}"#)
        #expect(failure.kind == .invalidReference)
        #expect(failure.path == ["owner"])
        #expect(failure.found.contains("items.5"))
    }

    @Test func anAliasCycleWithNoObjectBehindIt() throws {
        let failure = try error(
            TodoList.self, #"{"$class": "TodoList", "owner": {"$alias": "spare"}, "spare": {"$alias": "owner"}}"#)
        #expect(failure.kind == .invalidReference)
        #expect(failure.path == ["owner"])
        #expect(failure.found.contains("cycle"))
        let selfAlias = try error([Any?].self, #"[{"$alias": "0"}]"#)
        #expect(selfAlias.kind == .invalidReference)
        #expect(selfAlias.path == ["0"])
    }

    @Test func aValueThatContainsAnAliasToItself() throws {
        let failure = try error([String: Any].self, #"{"a": [1, {"$alias": "a"}]}"#)
        #expect(failure.kind == .invalidReference)
        #expect(failure.path == ["a", "1"])
    }

    /// Found by the `readable` fuzz target (Tests/Fixtures/fuzz/readable/repro-reserved-key-in-unknown-class):
    /// an unknown class with a key the format reserves decoded, then could not be written back.
    @Test func aReservedKeyInAnUnknownClassIsRefused() throws {
        let failure = try error([Any?].self, #"[{"$class": "Book", "title": "Dune", "$data": "AAEC"}]"#)
        #expect(failure.kind == .invalidValue)
        #expect(failure.path == ["0", "$data"])
        #expect(failure.found == "the key $data, which readable documents reserve")
        // Escaped, the same key is the object's own field, and it round-trips.
        let book = try #require(
            try codec.decode(Any?.self, from: Array(#"{"$class": "Book", "$$data": "AAEC"}"#.utf8)) as? UnknownObject)
        #expect(book.fields["$$data"] as? String == "AAEC")
        let back = try codec.decode(Any?.self, from: try codec.encode(book)) as? UnknownObject
        #expect(back?.fields["$$data"] as? String == "AAEC")
    }

    /// A keyed archive's object may have an empty key, which no readable document can hold: the
    /// error says so in words (a blank would read as a missing word).
    @Test func anEmptyKeyOfAnUnknownClassIsNamed() throws {
        let thing = UnknownObject(className: "MyThing", fields: ["": "t", "NSTitle": "t"])
        let failure = try #require(throws: SerializationError.self) { try codec.encode(thing) }
        #expect(failure.kind == .unsupported)
        #expect(failure.found == "an empty key, which readable documents reserve")
    }

    @Test func fieldsOfTheWrongType() throws {
        let text = try error(TodoItem.self, #"{"$class": "TodoItem", "label": "ok", "priority": "high"}"#)
        #expect(text.kind == .typeMismatch)
        #expect(text.path == ["priority"])
        #expect(text.found == #"the string "high""#)
        let label = try error(TodoItem.self, #"{"$class": "TodoItem", "label": 5}"#)
        #expect(label.kind == .typeMismatch)
        #expect(label.path == ["label"])
        let tooLarge = try error(TodoItem.self, #"{"$class": "TodoItem", "priority": 3000000000}"#)
        #expect(tooLarge.kind == .invalidValue)
        #expect(tooLarge.path == ["priority"])
        let nested = try error(
            TodoList.self, #"{"$class": "TodoList", "items": [{"$class": "TodoItem", "done": "yes"}]}"#)
        #expect(nested.path == ["items", "0", "done"])
        let list = try error(TodoList.self, #"{"$class": "TodoList", "items": {"a": 1}}"#)
        #expect(list.kind == .typeMismatch)
        #expect(list.path.first == "items")
        let wrongClass = try error(TodoList.self, #"{"$class": "TodoList", "owner": {"$class": "TodoItem"}}"#)
        #expect(wrongClass.kind == .typeMismatch)
        #expect(wrongClass.path == ["owner"])
    }

    @Test func reservedKeysOfTheWrongKind() throws {
        #expect(try error(Person.self, #"{"$class": 7}"#).path == ["$class"])
        #expect(
            try error(TodoList.self, #"{"$class": "TodoList", "owner": {"$alias": 3}}"#).path == ["owner", "$alias"])
        let data = try error([Any?].self, #"[{"$class": "NSData", "$data": "not base64!"}]"#)
        #expect(data.path == ["0", "$data"])
    }

    @Test func tenThousandLevelsOfNesting() throws {
        let arrays = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let deepArrays = try error(Any?.self, arrays)
        #expect(deepArrays.kind == .depthLimitExceeded)
        #expect(deepArrays.path.prefix(3) == ["0", "0", "0"])

        let people =
            String(repeating: #"{"$class": "Person", "best": "#, count: 10_000) + "null"
            + String(repeating: "}", count: 10_000)
        let deepPeople = try error(Person.self, people)
        #expect(deepPeople.kind == .depthLimitExceeded)
        #expect(deepPeople.path.prefix(3) == ["best", "best", "best"])

        // Within what the parser accepts, but deeper than the object limit: the reader says where.
        let fiveHundred =
            String(repeating: #"{"$class": "Person", "best": "#, count: 500) + "null"
            + String(repeating: "}", count: 500)
        let deepObjects = try error(Person.self, fiveHundred)
        #expect(deepObjects.kind == .depthLimitExceeded)
        #expect(deepObjects.path.count == 400)
        #expect(Set(deepObjects.path) == ["best"])
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let full = Array(try codec.encode(sampleList()))
        for length in 0..<full.count {
            #expect(throws: SerializationError.self) { try codec.decode(TodoList.self, from: Array(full[..<length])) }
        }
        let plist = try ReadableCodec(registry: codec.registry, format: .propertyList(.binary)).encode(sampleList())
        for length in stride(from: 0, to: plist.count, by: 7) {
            #expect(throws: SerializationError.self) { try codec.decode(TodoList.self, from: Array(plist[..<length])) }
        }
    }

    @Test func aKeyedArchiveIsNotAReadableDocument() throws {
        let archive = try KeyedArchiveCodec(registry: codec.registry).encode(Person("Ann"))
        let failure = try #require(throws: SerializationError.self) { try codec.decode(Person.self, from: archive) }
        #expect(failure.found.contains("UID"))
    }
}
