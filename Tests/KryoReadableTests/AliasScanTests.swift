import Foundation
import SwiftKryo
import Testing

@testable import KryoReadable

/// A JSON document whose text does not spell `$alias` skips the walk that finds the aliases'
/// targets (``ReadableCodec/mayHoldAlias(_:)``): the scan must never miss a key that is one.
@Suite struct AliasScanTests {
    let codec: ReadableCodec
    init() throws { codec = ReadableCodec(registry: try readableRegistry()) }

    /// The hand-written document with every `$alias` key spelled with an escape (`\u0024alias`,
    /// `$\u0061lias`): the same key to JSON, so the same objects.
    @Test(arguments: [#"\u0024alias"#, #"$\u0061lias"#, #"\u0024\u0061\u006c\u0069\u0061\u0073"#])
    func anEscapedAliasKeyIsStillAnAlias(_ spelling: String) throws {
        let text = HandWrittenDocumentTests.handWritten.replacingOccurrences(of: "$alias", with: spelling)
        #expect(!text.contains("$alias"))
        let list = try codec.decode(TodoList.self, from: Array(text.utf8))
        let owner = try #require(list.owner)
        #expect(list.items.count == 2)
        #expect(list.items[0].assignee === owner)
        #expect(list.items[1].assignee === owner)
        #expect(list.items[0].list === list)
        #expect(owner.friends.first?.best === owner)
    }

    /// `$alias` and a backslash are found wherever they are, inside an eight-byte word or across
    /// two; text with neither (but `$class` keys and `$` elsewhere) holds no alias.
    @Test func theScanFindsAnAliasOrAnEscapeAtEveryPlace() throws {
        for padding in 0..<40 {
            let pad = String(repeating: " ", count: padding)
            #expect(ReadableCodec.mayHoldAlias(Array("\(pad){\"$alias\":\"x\"}".utf8)))
            #expect(ReadableCodec.mayHoldAlias(Array("\(pad)$alias".utf8)))
            #expect(ReadableCodec.mayHoldAlias(Array("\(pad)\"a\\\"b\"".utf8)))
            #expect(ReadableCodec.mayHoldAlias(Array("\(pad)\\".utf8)))
            #expect(!ReadableCodec.mayHoldAlias(Array("\(pad){\"$class\":\"$alia\",\"$ali\":1}".utf8)))
            #expect(!ReadableCodec.mayHoldAlias(Array("\(pad)$alia".utf8)))
        }
        #expect(!ReadableCodec.mayHoldAlias([]))
        let media = #"{"$class":"data.media.Image$Size","name":"LARGE","uri":"http://javaone.com/a.jpg"}"#
        #expect(!ReadableCodec.mayHoldAlias(Array(media.utf8)))
        #expect(try ReadableCodec.document(from: Array(media.utf8)).format == .json)
    }

    /// A document written with shared objects (aliases) reads back with them shared, and one
    /// without reads back equal: both paths of the decode.
    @Test func documentsWithAndWithoutAliasesReadBack() throws {
        let owner = Person()
        owner.name = "Ann"
        let list = TodoList()
        list.name = "Weekend"
        list.owner = owner
        let item = TodoItem()
        item.label = "Paint"
        item.assignee = owner
        list.items = [item]
        let shared = try codec.encode(list)
        #expect(ReadableCodec.mayHoldAlias(shared))
        let back = try codec.decode(TodoList.self, from: shared)
        #expect(back.items.first?.assignee === back.owner)

        let plain = try codec.encode(owner)
        #expect(!ReadableCodec.mayHoldAlias(plain))
        #expect(try codec.decode(Person.self, from: plain).name == "Ann")
    }
}
