import Foundation
import KryoPlist
import OrderedCollections
import SwiftKryo
import Testing

/// A binary keyed archive decoded from its bytes is read where it lies, without a property-list
/// tree: it must give what the tree gives (``KeyedArchive``), for every real archive in the
/// fixtures and for the library's own archives.
@Suite struct InPlaceArchiveTests {
    let codec: KeyedArchiveCodec

    init() throws { codec = KeyedArchiveCodec(registry: try keyedRegistry()) }

    /// What the tree gives for the same bytes, in the form `decodeArchive(from:)` returns.
    private func throughTheTree(_ bytes: [UInt8]) throws -> Any? {
        let archive = try KeyedArchive(bytes: bytes)
        if archive.top.count == 1, archive.top[codec.rootKey] != nil, archive.archiver == codec.archiver {
            return try codec.decode(Any?.self, from: archive)
        }
        return ArchiveTopLevel(values: try codec.decodeTopLevel(from: archive), archiver: archive.archiver)
    }

    private func sameValues(_ inPlace: Any?, _ tree: Any?) -> Bool {
        switch (inPlace, tree) {
        case (let left as ArchiveTopLevel, let right as ArchiveTopLevel):
            return left.archiver == right.archiver && Array(left.values.keys) == Array(right.values.keys)
                && left.values.keys.allSatisfy { ArchiveGraph.equal(left.values[$0] ?? nil, right.values[$0] ?? nil) }
        default:
            return ArchiveGraph.equal(inPlace, tree)
        }
    }

    @Test(arguments: AppleArchiveFixtureTests.files)
    func realArchivesDecodeAsTheirTreeDoes(file: String) throws {
        let bytes = try FixtureFiles.bytes(file)
        let binary = try PropertyList.encode(try PropertyList.decode(bytes).value, format: .binary)
        // The file as it is (binary or XML), and as a binary property list of the same values.
        for input in [bytes, binary] {
            let inPlace = try codec.decodeArchive(from: input)
            #expect(sameValues(inPlace, try throughTheTree(input)), "\(file)")
        }
    }

    @Test func aGraphWithSharingAndCyclesDecodesAsItsTreeDoes() throws {
        let notes = sampleNotes()
        let bytes = try codec.encode(notes)
        let inPlace = try codec.decode(Note.self, from: bytes)
        let tree = try codec.decode(Note.self, from: KeyedArchive(bytes: bytes))
        // The writer is deterministic: the same graph, sharing included, writes the same bytes.
        #expect(try codec.encode(inPlace) == bytes)
        #expect(try codec.encode(tree) == bytes)
        #expect(inPlace.title == notes.title)
        #expect(inPlace.children.first?.parent === inPlace)
    }

    @Test func classesResolvedWithOneRegistryAreNotReusedWithAnother() throws {
        // The codec keeps how each class description resolved, between decodes.
        var codec = self.codec
        let bytes = try codec.encode(sampleNotes())
        #expect(try codec.decodeArchive(from: bytes) is Note)
        let again = try codec.decode(Note.self, from: bytes)
        #expect(again.children.first?.parent === again)
        codec.registry = try Registry()
        let unknown = try codec.decodeArchive(from: bytes) as? UnknownObject
        #expect(unknown?.archiveClass.name == "KryoTests.Note")
        codec.registry = try keyedRegistry()
        #expect(try codec.decodeArchive(from: bytes) is Note)
    }

    @Test func errorsInPlaceNameTheKeyPathAsTheTreeDoes() throws {
        // A Note whose `pages` holds a string: the same error, at the same key path.
        var archive = try codec.archive(sampleNotes())
        guard
            case .dictionary(var note)? = archive.objects.first(where: { value in
                if case .dictionary(let entries) = value { return entries["pages"] != nil }
                return false
            }), let index = archive.objects.firstIndex(of: .dictionary(note))
        else {
            Issue.record("no note in \(archive.objects)")
            return
        }
        note["pages"] = .string("three")
        archive.objects[index] = .dictionary(note)
        let bytes = try archive.bytes(format: .binary)
        let inPlace = #expect(throws: SerializationError.self) { try codec.decode(Note.self, from: bytes) }
        let tree = #expect(throws: SerializationError.self) { try codec.decode(Note.self, from: archive) }
        #expect(inPlace?.kind == .typeMismatch)
        #expect(inPlace?.kind == tree?.kind)
        #expect(inPlace?.path == tree?.path)
        #expect(inPlace?.path.last == "pages")
    }

    @Test func aClassDescriptionAtAUIDMetBeforeIsComparedNotTrusted() throws {
        // The codec remembers the description last resolved at each UID; archives whose class
        // tables differ there (another name of the same length, another chain, hints) must
        // resolve what they hold. (A note alone: its children would be read as notes.)
        let note = Note()
        note.title = "Alone"
        let archive = try codec.archive(note)
        guard
            let index = archive.objects.firstIndex(where: { value in
                if case .dictionary(let entries) = value { return entries["$classname"] == .string("KryoTests.Note") }
                return false
            })
        else {
            Issue.record("no class description of a note in \(archive.objects)")
            return
        }
        func described(_ archiveClass: ArchiveClass) throws -> [UInt8] {
            var changed = archive
            var entries: PropertyListDictionary = [
                "$classname": .string(archiveClass.name),
                "$classes": .array(([archiveClass.name] + archiveClass.superclasses).map { .string($0) }),
            ]
            if !archiveClass.hints.isEmpty { entries["$classhints"] = .array(archiveClass.hints.map { .string($0) }) }
            changed.objects[index] = .dictionary(entries)
            return try changed.bytes(format: .binary)
        }
        let original = try archive.bytes(format: .binary)
        let others = [
            ArchiveClass("KryoTests.Nota"), ArchiveClass("KryoTests.Nota", superclasses: ["Base", "NSObject"]),
            ArchiveClass("KryoTests.Nota", superclasses: ["Base", "NSObject"], hints: ["Hint"]),
            ArchiveClass("KryoTests.Nota", superclasses: ["Base", "NSObject"], hints: ["Hinu"]),
            ArchiveClass("KryoTests.Not", superclasses: ["eNSObject"]),
        ]
        for _ in 0..<2 {
            #expect(try codec.decodeArchive(from: original) is Note)
            for other in others {
                let unknown = try codec.decodeArchive(from: try described(other)) as? UnknownObject
                #expect(unknown?.archiveClass == other)
                // Met twice in a row at the same UID: the remembered description is the right one.
                let again = try codec.decodeArchive(from: try described(other)) as? UnknownObject
                #expect(again?.archiveClass == other)
            }
        }
        #expect(try codec.decodeArchive(from: original) is Note)
    }
}
