import Foundation
import SwiftKryo
import Testing

/// Documents written by a person, or by HRCoder: forward aliases, missing and extra fields,
/// HRCoder's plist layout.
@Suite struct HandWrittenDocumentTests {
    let codec: ReadableCodec
    init() throws { codec = ReadableCodec(registry: try readableRegistry()) }

    /// Written by hand, kept verbatim: the first item's assignee is an alias to the owner, which
    /// is read after it (fields are read in Java's order) and written after it in the file; the
    /// first item has no `done`, `priority` or `estimate`; extra keys (`version`, `color`) are
    /// not fields of the model.
    static let handWritten = #"""
        {
          "$class": "TodoList",
          "version": 2,
          "name": "Weekend",
          "items": [
            {
              "$class": "TodoItem",
              "label": "Buy paint",
              "color": "red",
              "assignee": {"$alias": "owner"},
              "list": {"$alias": "$root"}
            },
            {
              "$class": "TodoItem",
              "label": "Paint the shed",
              "done": true,
              "priority": 2,
              "estimate": 3.5,
              "due": {"$class": "NSDate", "NS.time": 800000000},
              "assignee": {"$alias": "items.0.assignee"},
              "list": {"$alias": "$root"}
            }
          ],
          "owner": {
            "$class": "Person",
            "name": "Ann",
            "friends": [{"$class": "Person", "name": "Bob", "best": {"$alias": "owner"}}]
          }
        }
        """#

    @Test func handWrittenJSONLoadsIntoTheExpectedObjects() throws {
        let list = try codec.decode(TodoList.self, from: Array(Self.handWritten.utf8))
        #expect(list.name == "Weekend")
        #expect(list.items.count == 2)
        let first = list.items[0]
        let second = list.items[1]
        #expect(first.label == "Buy paint")
        // Missing fields keep their defaults.
        #expect(first.done == false && first.priority == 0 && first.estimate == 0 && first.due == nil)
        #expect(second.label == "Paint the shed" && second.done && second.priority == 2 && second.estimate == 3.5)
        #expect(second.due == Date(timeIntervalSinceReferenceDate: 800_000_000))
        // The forward alias and the alias through it name the owner itself.
        let owner = try #require(list.owner)
        #expect(owner.name == "Ann")
        #expect(first.assignee === owner)
        #expect(second.assignee === owner)
        #expect(first.list === list && second.list === list)
        #expect(owner.friends.map(\.name) == ["Bob"])
        #expect(owner.friends.first?.best === owner)
    }

    @Test func aGreetingsObjectAsHRCodersReadmeShowsIt() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>$class</key>
                <string>Person</string>
                <key>name</key>
                <string>Hello</string>
                <key>nickname</key>
                <string>Goodbye</string>
            </dict>
            </plist>
            """
        let person = try codec.decode(Person.self, from: Array(plist.utf8))
        #expect(person.name == "Hello")
        #expect(person.friends.isEmpty)
    }

    @Test func aliasesToPlainValuesAndArrayIndices() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>object1</key>
                <string>Hello World</string>
                <key>object2</key>
                <dict>
                    <key>$alias</key>
                    <string>object1</string>
                </dict>
                <key>list</key>
                <array>
                    <string>first</string>
                    <dict>
                        <key>$alias</key>
                        <string>list.0</string>
                    </dict>
                </array>
            </dict>
            </plist>
            """
        let value = try codec.decode([String: Any].self, from: Array(plist.utf8))
        #expect(value["object1"] as? String == "Hello World")
        #expect(value["object2"] as? String == "Hello World")
        #expect(value["list"] as? [Any?] as? [String] == ["first", "first"])
    }

    @Test func anHRCoderTodoListPlist() throws {
        // The layout HRCoder's TodoList example saves: a `$class` dictionary holding an array of
        // `$class` dictionaries, plain booleans and strings.
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>$class</key>
            \t<string>TodoList</string>
            \t<key>items</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>$class</key>
            \t\t\t<string>TodoItem</string>
            \t\t\t<key>label</key>
            \t\t\t<string>Pick up dry cleaning</string>
            \t\t\t<key>done</key>
            \t\t\t<true/>
            \t\t</dict>
            \t\t<dict>
            \t\t\t<key>$class</key>
            \t\t\t<string>TodoItem</string>
            \t\t\t<key>label</key>
            \t\t\t<string>Buy milk</string>
            \t\t\t<key>done</key>
            \t\t\t<false/>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>
            """
        let list = try codec.decode(TodoList.self, from: Array(plist.utf8))
        #expect(list.items.map(\.label) == ["Pick up dry cleaning", "Buy milk"])
        #expect(list.items.map(\.done) == [true, false])
        #expect(list.name == "")
    }

    @Test func aForwardAliasToAnObjectInAnArray() throws {
        let json = #"""
            [{"$alias": "1"}, {"$class": "Person", "name": "Zoe"}, {"$alias": "0"}]
            """#
        let people = try codec.decode([Person].self, from: Array(json.utf8))
        #expect(people.map(\.name) == ["Zoe", "Zoe", "Zoe"])
        #expect(people[0] === people[1] && people[2] === people[1])
    }

    @Test func unknownClassesAreKeptWholeAndWrittenBack() throws {
        let json = #"""
            {"$class":"Robot","model":"R2","parts":[1,2],"maker":{"$class":"Person","best":null,"friends":[],"name":"Ann"},"again":{"$alias":"$root"}}
            """#
        let robot = try #require(try codec.decode(Any?.self, from: Array(json.utf8)) as? UnknownObject)
        #expect(robot.className == "Robot")
        #expect(Array(robot.fields.keys) == ["model", "parts", "maker", "again"])
        #expect(robot.field("model") as? String == "R2")
        #expect((robot.field("maker") as? Person)?.name == "Ann")
        #expect(robot.field("again") as? UnknownObject === robot)
        // Written back, it is the same document.
        #expect(String(decoding: try codec.encode(robot), as: UTF8.self) == json)
    }

    @Test func unknownObjectFieldsKeepTheirJavaClass() throws {
        // An `Integer` field of an unknown class: written plain it would read back a `Long` (`Int`).
        let json = #"{"$class":"Gauge","level":{"$class":"java.lang.Integer","$value":7},"total":8}"#
        let gauge = try #require(try codec.decode(Any?.self, from: Array(json.utf8)) as? UnknownObject)
        #expect(gauge.field("level") as? Int32 == 7)
        #expect(gauge.field("total") as? Int == 8)
        let written = try codec.encode(gauge)
        #expect(String(decoding: written, as: UTF8.self) == json)
        let again = try #require(try codec.decode(Any?.self, from: written) as? UnknownObject)
        #expect(again.field("level") as? Int32 == 7)
        // The same in the values of a keyed archive's top level.
        let top = ArchiveTopLevel(values: ["level": Int32(7), "total": 8])
        let topAgain = try #require(try codec.decode(Any?.self, from: try codec.encode(top)) as? ArchiveTopLevel)
        #expect(topAgain.values["level"] as? Int32 == 7)
        #expect(topAgain.values["total"] as? Int == 8)
    }

    /// In a keyed archive's `$top` form the root is no object: an alias names `$top.KEY…`.
    @Test func anAliasInATopLevelDocumentStartsAtTop() throws {
        let json = #"{"$top": {"root": {"$class": "Robot", "self": {"$alias": "$root"}}}}"#
        let error = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: Array(json.utf8))
        }
        #expect(error.kind == .invalidReference)
        #expect(error.found == #""$root", outside $top"#)
        #expect(error.path == ["$top", "root", "self", "$alias"])
        let good = #"{"$top": {"root": {"$class": "Robot", "self": {"$alias": "$top.root"}}}}"#
        let top = try #require(try codec.decode(Any?.self, from: Array(good.utf8)) as? ArchiveTopLevel)
        let robot = try #require(top.values["root"] as? UnknownObject)
        #expect(robot.field("self") as? UnknownObject === robot)
    }

    @Test func unknownClassesAreErrorsWhenRegistrationIsRequired() throws {
        var strict = codec
        strict.options.registrationRequired = true
        let json = #"{"$class": "TodoList", "owner": {"$class": "Robot"}}"#
        let error = try #require(throws: SerializationError.self) {
            try strict.decode(TodoList.self, from: Array(json.utf8))
        }
        #expect(error.kind == .unknownClassName)
        #expect(error.path == ["owner", "$class"])
        #expect(error.found == "Robot")
    }
}
