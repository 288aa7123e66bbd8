import Foundation
import SwiftKryo
import Testing

/// A keyed archive's graph goes keyed → readable → keyed and comes back equal, in each readable
/// layout: the readable format keeps every field, the sharing and the cycles.
@Suite struct KeyedReadableBridgeTests {
    static let layouts: [ReadableFormat] = [.json, .prettyJSON, .propertyList(.xml), .propertyList(.binary)]

    /// The fields of a note tree as comparable text, with each parent given by its title.
    func summary(_ note: Note) -> [String] {
        var lines = [
            "\(note.title)|\(note.pages)|\(note.rating)|\(note.pinned)|\(note.created.timeIntervalSinceReferenceDate)"
                + "|\(note.link?.absoluteString ?? "-")|\(note.id)|\(note.tags)|\(note.counts.sorted { $0.key < $1.key })"
                + "|\([UInt8](note.attachment))|\(note.parent?.title ?? "-")|\(note.comment ?? "-")"
        ]
        for child in note.children { lines += summary(child) }
        return lines
    }

    @Test(arguments: layouts) func keyedThroughReadable(layout: ReadableFormat) throws {
        let registry = try keyedRegistry()
        let keyed = KeyedArchiveCodec(registry: registry)
        let archive = try keyed.encode(sampleNotes())
        let fromArchive = try keyed.decode(Note.self, from: archive)

        let readable = ReadableCodec(registry: registry, format: layout)
        let document = try readable.encode(fromArchive)
        let fromDocument = try readable.decode(Note.self, from: document)
        #expect(fromDocument.children.allSatisfy { $0.parent === fromDocument })

        let again = try keyed.decode(Note.self, from: keyed.encode(fromDocument))
        #expect(summary(again) == summary(fromArchive))
        #expect(summary(again) == summary(sampleNotes()))
        #expect(again.children.allSatisfy { $0.parent === again })
        #expect(again.children.count == 2)
    }
}
