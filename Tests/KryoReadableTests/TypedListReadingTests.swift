import Foundation
import SwiftKryo
import Testing

/// Lists of every declared element kind, for the readings of lists where they lie.
final class Shelf: Schematized {
    var titles: [String] = []
    var items: [TodoItem] = []
    var grid: [[String]] = []
    var levels: [Priority] = []
    var maybe: [String?] = []
    var people: [Person] = []
    var anything: [Any?] = []
    var numbers: [Int] = []

    init() {}

    static let schema = Schema<Shelf>(java: "test.Shelf") {
        Field("titles", \.titles)
        Field("items", \.items)
        Field("grid", \.grid)
        Field("levels", \.levels)
        Field("maybe", \.maybe)
        Field("people", \.people)
        Field("anything", \.anything)
        Field("numbers", \.numbers)
    }
}

/// A JSON document's lists of strings and of registered objects are read where they lie, each
/// element in its typed slot (``ReadableCodec/decode(_:from:)`` on the text); any list whose
/// elements are not all of that kind is read as before. Both must give what the tree reading
/// (`decode(_:from: ReadableValue)`, which reads every list as `[Any?]` and converts it) gives:
/// the same values, and the same errors at the same key paths.
@Suite struct TypedListReadingTests {
    let registry: Registry
    init() throws {
        registry = try Registry {
            Register(TodoList.self, id: 50, readableName: "TodoList")
            Register(TodoItem.self, id: 51, readableName: "TodoItem")
            Register(Person.self, id: 52, readableName: "Person")
            Register(Priority.self, id: 56, readableName: "Priority")
            Register(Shelf.self, id: 57, readableName: "Shelf")
        }
    }

    /// The parsed and tree readings of `fields` (the members of a `Shelf` after its `$class`),
    /// checked to agree: the same value written back, or the same error. Returns the parsed
    /// reading.
    @discardableResult
    func agree(
        _ fields: String, options: SerializationOptions = SerializationOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result<Shelf, SerializationError> {
        let codec = ReadableCodec(registry: registry, format: .json, options: options)
        let bytes = Array(#"{"$class": "Shelf"\#(fields.isEmpty ? "" : ", ")\#(fields)}"#.utf8)
        return ParsedAndTreeReadings.agree(
            Shelf.self, bytes, codec: codec, writer: ReadableCodec(registry: registry, format: .json), context: fields,
            sourceLocation: sourceLocation
        ).parsed
    }

    @Test func listsOfStringsReadAsTheTreeReadsThem() throws {
        let shelf = try agree(#""titles": ["a", "b", "a text longer than a small string", "caf\u00e9"]"#).get()
        #expect(shelf.titles == ["a", "b", "a text longer than a small string", "café"])
        #expect(try agree(#""titles": []"#).get().titles == [])
        // Not strings, or not all: read as a list of `Any?` and converted, failing the same way.
        for titles in [
            #"["a", null]"#, "[null]", #"["a", 5]"#, #"[true]"#, #"[["a"]]"#, #"[{"$class": "TodoItem"}]"#,
            #"[{"$class": "NSString", "NS.string": "x"}]"#, #""abc""#, "5", "{}",
        ] {
            try agree(#""titles": \#(titles)"#)
        }
    }

    @Test func listsOfObjectsReadAsTheTreeReadsThem() throws {
        let shelf = try agree(
            #""items": [{"$class": "TodoItem", "label": "Milk", "priority": 2}, {"$class": "TodoItem", "done": true}]"#
        ).get()
        #expect(shelf.items.map(\.label) == ["Milk", ""])
        #expect(shelf.items.map(\.priority) == [2, 0])
        #expect(shelf.items.map(\.done) == [false, true])
        #expect(try agree(#""items": []"#).get().items.isEmpty)
        // An error inside an element names its index.
        let error = try #require(
            try agree(#""items": [{"$class": "TodoItem"}, {"$class": "TodoItem", "priority": "high"}]"#).failure)
        #expect(error.path == ["items", "1", "priority"])
        for items in [
            #"[{"$class": "TodoItem"}, null]"#, #"[{"$class": "Person", "name": "Ann"}]"#,
            #"[{"$class": "TodoItem"}, {"$class": "NoSuchClass", "x": 1}]"#, #"["TodoItem"]"#,
            #"[{"label": "no class"}]"#, #"[{"$class": "TodoItem", "$value": 5}]"#,
            #"[[{"$class": "TodoItem"}]]"#, #"{"$class": "java.util.ArrayList", "$value": [{"$class": "TodoItem"}]}"#,
            #"{"$class": "TodoItem"}"#,
        ] {
            try agree(#""items": \#(items)"#)
        }
    }

    /// Lists of lists, of enum constants, of optional strings, of untyped values and of `Int`s
    /// (whose elements are not of the checked kinds) read as before, inside lists read in place.
    @Test func otherListsReadAsBefore() throws {
        let shelf = try agree(#""grid": [["a"], [], ["b", "c"]], "maybe": ["x", null]"#).get()
        #expect(shelf.grid == [["a"], [], ["b", "c"]])
        #expect(shelf.maybe == ["x", nil])
        try agree(#""grid": [["a", null]]"#)
        try agree(#""grid": [["a"], 5]"#)
        let levels = try agree(
            #""levels": [{"$class": "Priority", "name": "HIGH"}, {"$class": "Priority", "ordinal": 0}]"#)
        #expect(try levels.get().levels == [.high, .low])
        let named = try agree(#""levels": ["NORMAL", {"$class": "Priority", "name": "HIGH"}]"#)
        #expect(try named.get().levels == [.normal, .high])
        try agree(#""levels": [{"$class": "Priority", "name": "HUGE"}]"#)
        try agree(#""anything": ["a", 1, null, {"$class": "TodoItem"}, ["b"]], "numbers": [1, 2]"#)
        try agree(#""numbers": [1, "2"]"#)
        let people = try agree(
            #""people": [{"$class": "Person", "name": "Ann", "friends": [{"$class": "Person", "name": "Bob"}]}]"#)
        #expect(try people.get().people.first?.friends.first?.name == "Bob")
    }

    /// A document with aliases is read through its tree, aliases into lists and out of them
    /// included.
    @Test func aliasesIntoListsAreFollowed() throws {
        let shelf = try agree(
            #""people": [{"$class": "Person", "name": "Ann", "best": {"$alias": "items.0.assignee"}}], "#
                + #""items": [{"$class": "TodoItem", "assignee": {"$class": "Person", "name": "Bob"}}, "#
                + #"{"$class": "TodoItem", "assignee": {"$alias": "people.0"}}]"#
        ).get()
        #expect(shelf.people[0].best === shelf.items[0].assignee)
        #expect(shelf.items[1].assignee === shelf.people[0])
    }

    /// The limits hold the same way: the depth (a list is a level, each object in it another),
    /// and a list longer than the element count limit, which documents are not held to.
    @Test func limitsAreTheSame() throws {
        for depth in 1...4 {
            try agree(
                #""items": [{"$class": "TodoItem", "assignee": {"$class": "Person"}}], "titles": ["a"]"#,
                options: SerializationOptions(limits: Limits(maxDepth: depth)))
        }
        let shelf = try agree(
            #""titles": ["a", "b", "c"], "items": [{"$class": "TodoItem"}, {"$class": "TodoItem"}]"#,
            options: SerializationOptions(limits: Limits(maxElementCount: 1)))
        #expect(try shelf.get().titles == ["a", "b", "c"])
    }

    /// An element of more members than are searched one by one, and one with generic keys.
    @Test func largeElementsAreReadWhole() throws {
        let padding = (0..<100).map { #""pad\#($0)": \#($0)"# }.joined(separator: ", ")
        let shelf = try agree(#""items": [{"$class": "TodoItem", \#(padding), "label": "late", "priority": 9}]"#).get()
        #expect(shelf.items.first?.label == "late")
        #expect(shelf.items.first?.priority == 9)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
