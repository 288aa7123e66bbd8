import Foundation
import SwiftKryo
import Testing

/// `ReadableCodec.decode(_:from:)` reads JSON text where it lies (objects of registered classes
/// and arrays straight from the parsed text); `decode(_:from: ReadableValue)` reads a tree. Both
/// must give the same values and the same errors, and a document with aliases goes through its
/// tree whatever its text looks like.
@Suite struct ParsedJSONReadingTests {
    let registry: Registry
    init() throws { registry = try readableRegistry() }

    /// Every value of the streaming writer's samples, without references (no aliases, so read in
    /// place) and with them: both readings write back the text they were read from.
    @Test(arguments: [true, false])
    func parsedAndTreeReadingsAgree(references: Bool) throws {
        let codec = ReadableCodec(
            registry: registry, format: .json, options: SerializationOptions(references: references))
        var compared = 0
        for (name, value) in try StreamedJSONTests().samples() {
            guard let bytes = try? codec.encode(value) else { continue }
            let parsed = try codec.decode(Any?.self, from: bytes)
            let tree = try codec.decode(Any?.self, from: ReadableJSON.decode(bytes))
            #expect(try codec.encode(parsed) == bytes, "\(name)")
            #expect(try codec.encode(tree) == bytes, "\(name)")
            compared += 1
        }
        #expect(compared >= 4)
    }

    /// A field of the wrong kind, an unknown class and a value of another type fail with the same
    /// error and key path both ways.
    @Test(arguments: [
        #"{"$class": "TodoList", "name": "x", "items": [{"$class": "TodoItem", "priority": "high"}]}"#,
        #"{"$class": "TodoList", "owner": {"$class": "Person", "friends": [{"$class": "Person", "best": 7}]}}"#,
        #"{"$class": "TodoList", "items": [{"$class": "NoSuchClass"}]}"#,
        #"{"$class": "TodoList", "items": {"$class": "TodoItem"}}"#,
        #"{"$class": "TodoList", "owner": {"$class": 5}}"#,
    ])
    func errorsAreTheSameBothWays(text: String) throws {
        let codec = ReadableCodec(
            registry: registry, format: .json, options: SerializationOptions(registrationRequired: true))
        let bytes = Array(text.utf8)
        let parsedError = #expect(throws: SerializationError.self) { try codec.decode(TodoList.self, from: bytes) }
        let treeError = #expect(throws: SerializationError.self) {
            try codec.decode(TodoList.self, from: ReadableJSON.decode(bytes))
        }
        #expect(parsedError?.kind == treeError?.kind)
        #expect(parsedError?.path == treeError?.path)
        #expect(parsedError?.path.isEmpty == false)
        #expect(parsedError.map { "\($0)" } == treeError.map { "\($0)" })
    }

    /// An `$alias` key spelled with an escape is still an alias: the document is read through its
    /// tree, and the objects it names are shared.
    @Test func anEscapedAliasKeyIsAnAlias() throws {
        let codec = ReadableCodec(registry: registry, format: .json)
        let text = String(decoding: try codec.encode(sampleList()), as: UTF8.self)
        #expect(text.contains(#""$alias""#))
        let escaped = Array(text.replacingOccurrences(of: #""$alias""#, with: #""\u0024alias""#).utf8)
        let list = try codec.decode(TodoList.self, from: escaped)
        #expect(list.items.count == 2)
        #expect(list.items[0].list === list)
        #expect(list.items[0].assignee === list.items[1].assignee)
        #expect(list.owner?.friends.first === list.items[0].assignee)
    }

    /// An object of more members than are searched one by one is read through its tree: its
    /// fields are found wherever they are.
    @Test func anObjectOfManyMembersIsReadWhole() throws {
        let codec = ReadableCodec(registry: registry, format: .json)
        let padding = (0..<100).map { #""pad\#($0)": \#($0)"# }.joined(separator: ", ")
        let text = #"{"$class": "TodoItem", \#(padding), "label": "late", "priority": 9}"#
        let item = try codec.decode(TodoItem.self, from: Array(text.utf8))
        #expect(item.label == "late")
        #expect(item.priority == 9)
    }
}
