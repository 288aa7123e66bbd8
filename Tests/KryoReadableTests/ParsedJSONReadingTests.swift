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

    /// Keys stay in the text when they are ASCII without escapes, and are strings otherwise; a
    /// repeated key is refused however it is spelled (an escape, a canonically equivalent
    /// spelling), in small and large objects, as the tree's parser refuses it.
    @Test(arguments: [0, 20])
    func aRepeatedKeyIsRefusedHoweverSpelled(padding: Int) throws {
        let codec = ReadableCodec(registry: registry, format: .json)
        let pad = (0..<padding).map { #""p\#($0)": 0, "# }.joined()
        let cases = [
            #"{"$class": "TodoItem", \#(pad)"label": "a", "\u006cabel": "b"}"#,
            #"{"$class": "TodoItem", \#(pad)"\u006cabel": "a", "label": "b"}"#,
            "{\"$class\": \"TodoItem\", \(pad)\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}",
            #"{"$class": "TodoItem", \#(pad)"label": "a", "label": "b"}"#,
        ]
        for text in cases {
            let bytes = Array(text.utf8)
            let parsed = #expect(throws: SerializationError.self) { try codec.decode(TodoItem.self, from: bytes) }
            let tree = #expect(throws: SerializationError.self) { try ReadableJSON.decode(bytes) }
            #expect(parsed?.found.hasPrefix("a second key") == true, "\(text)")
            #expect(parsed?.offset == tree?.offset, "\(text)")
            #expect(parsed.map { "\($0)" } == tree.map { "\($0)" }, "\(text)")
        }
    }

    /// A field whose key is written with an escape, or is not ASCII, is found by its key.
    @Test func keysWithEscapesAreFound() throws {
        let codec = ReadableCodec(registry: registry, format: .json)
        let text = #"{"$class": "TodoItem", "\u006cabel": "escaped", "priority": 4, "d\u006fne": true}"#
        let item = try codec.decode(TodoItem.self, from: Array(text.utf8))
        #expect(item.label == "escaped")
        #expect(item.priority == 4)
        #expect(item.done)
    }

    /// A codec keeps how long `$class` names resolved, by their bytes; what it kept with one
    /// registry is not used with another, where the same name may be another class.
    @Test func longClassNamesResolvedWithOneRegistryAreNotReusedWithAnother() throws {
        let name = "test.readable.AClassNameLongerThanFifteenBytes"
        let people = try Registry { Register(Person.self, id: 60, readableName: name) }
        let items = try Registry { Register(TodoItem.self, id: 60, readableName: name) }
        var codec = ReadableCodec(registry: people, format: .json)
        let text = Array(#"{"$class": "\#(name)", "name": "Ann", "label": "Milk"}"#.utf8)
        for _ in 0..<2 {
            let person = try #require(try codec.decode(Any?.self, from: text) as? Person)
            #expect(person.name == "Ann")
        }
        codec.registry = items
        for _ in 0..<2 {
            let item = try #require(try codec.decode(Any?.self, from: text) as? TodoItem)
            #expect(item.label == "Milk")
        }
        // A copy of the codec shares what it kept, and an unknown long name is still refused.
        let unknown = Array(#"{"$class": "test.readable.NoSuchClassWithALongName"}"#.utf8)
        let strict = ReadableCodec(
            registry: items, format: .json, options: SerializationOptions(registrationRequired: true))
        let error = #expect(throws: SerializationError.self) { try strict.decode(Any?.self, from: unknown) }
        #expect(error?.kind == .unknownClassName)
    }
}
