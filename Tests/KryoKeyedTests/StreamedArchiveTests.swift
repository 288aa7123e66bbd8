import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// `KeyedArchiveCodec.encode` writes a binary archive as its objects are finished, without the
/// object table `archive(_:)` builds: read back, its bytes must be that table, entry for entry.
@Suite struct StreamedArchiveTests {
    /// The table in `bytes`, and the table `codec` builds for `value`, are the same.
    private func expectSameTable(_ codec: KeyedArchiveCodec, _ value: Any?, _ name: String) throws {
        let streamed = try KeyedArchive(bytes: codec.encode(value))
        let table = try codec.archive(value)
        #expect(streamed.archiver == table.archiver, "\(name)")
        #expect(streamed.version == table.version, "\(name)")
        #expect(streamed.top == table.top, "\(name)")
        #expect(streamed.objects.count == table.objects.count, "\(name)")
        for (index, (left, right)) in zip(streamed.objects, table.objects).enumerated() where left != right {
            Issue.record("\(name): $objects[\(index)] is \(left) streamed, \(right) in the table")
            break
        }
    }

    @Test(arguments: [true, false])
    func aGraphOfBeansStreamsItsTable(references: Bool) throws {
        let codec = KeyedArchiveCodec(
            registry: try keyedRegistry(), options: SerializationOptions(references: references))
        let notes = sampleNotes()
        // Without references the children's back-pointers are a cycle: the same error either way.
        guard references else {
            #expect(throws: SerializationError.self) { try codec.encode(notes) }
            #expect(throws: SerializationError.self) { try codec.archive(notes) }
            return
        }
        try expectSameTable(codec, notes, "notes")
        try expectSameTable(codec, [notes, notes.children[0], nil, "$null", "text", Int32(5)] as [Any?], "list")
        try expectSameTable(codec, nil, "nil")
        try expectSameTable(codec, "$null", "the string $null")
    }

    /// A conditional reference reserves an entry that stays `$null` unless the object is written
    /// elsewhere, before or after it.
    @Test func conditionalReferencesStreamTheirTable() throws {
        let codec = KeyedArchiveCodec(registry: try linkRegistry())
        let target = Note()
        target.title = "target"
        try expectSameTable(codec, Link(target: target), "never written")
        try expectSameTable(codec, [Link(target: target), target] as [Any?], "written after")
        try expectSameTable(codec, [target, Link(target: target)] as [Any?], "written before")
    }

    /// Every real archive, read whole and written again: Foundation's collections, unknown
    /// classes kept with their keys, several `$top` keys, other archivers.
    @Test(arguments: AppleArchiveFixtureTests.files)
    func aRealArchiveStreamsItsTable(file: String) throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let value = try codec.decodeArchive(from: FixtureFiles.bytes(file))
        try expectSameTable(codec, value, file)
    }

    @Test func foundationReadsTheStreamedLayout() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let bytes = try codec.encode(["one", Int32(2), ["three": 3.5] as [String: Double], Data([4])] as [Any?])
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let objects = (plist as? [String: Any])?["$objects"] as? [Any]
        #expect(objects?.first as? String == "$null")
        #expect(objects?.contains { $0 as? String == "one" } == true)
    }
}
