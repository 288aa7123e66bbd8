import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Identity in keyed archives: shared objects are written once and come back as one object,
/// cycles close, and conditional references resolve only when the object is written elsewhere.
@Suite struct KeyedIdentityTests {
    @Test func aMutableStringReferencedTwiceIsOneObject() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let shared = NSMutableString(string: "shared text")
        let bytes = try codec.encode([shared, shared, NSMutableString(string: "shared text")] as [Any])
        let back = try codec.decode([Any?].self, from: bytes)
        let first = try #require(back[0] as? NSMutableString)
        let second = try #require(back[1] as? NSMutableString)
        let third = try #require(back[2] as? NSMutableString)
        #expect(first === second)
        #expect(first !== third)
        #expect(first as String == "shared text")
        first.append(" changed")
        #expect(second as String == "shared text changed")
    }

    @Test func cyclesThroughRegisteredObjectsInBothLayouts() throws {
        for format in [PropertyListFormat.binary, .xml] {
            let codec = KeyedArchiveCodec(registry: try keyedRegistry(), format: format)
            let root = sampleNotes()
            root.parent = root
            let back = try codec.decode(Note.self, from: try codec.encode(root))
            #expect(back.parent === back)
            #expect(back.children.allSatisfy { $0.parent === back })
            #expect(back.children[0] !== back.children[1])
        }
    }

    @Test func referencesOffWritesSharedObjectsAgain() throws {
        var options = SerializationOptions()
        options.references = false
        let codec = KeyedArchiveCodec(registry: try keyedRegistry(), options: options)
        let child = Note()
        child.title = "twice"
        let root = Note()
        root.children = [child, child]
        let back = try codec.decode(Note.self, from: try codec.encode(root))
        #expect(back.children.map(\.title) == ["twice", "twice"])
        #expect(back.children[0] !== back.children[1])
        // A cycle cannot be written without references: the depth limit stops it.
        root.parent = root
        #expect(throws: SerializationError.self) { try codec.encode(root) }
    }

    @Test func conditionalObjectsResolveOnlyWhenWrittenElsewhere() throws {
        let codec = KeyedArchiveCodec(registry: try linkRegistry())
        let target = Note()
        target.title = "target"
        // Written unconditionally after the conditional reference: the reference resolves.
        let resolved = try codec.decode([Any?].self, from: try codec.encode([Link(target: target), target] as [Any]))
        let link = try #require(resolved[0] as? Link)
        #expect(link.target === resolved[1] as? Note)
        // Never written unconditionally: the reference reads as nil, and $objects keeps a "$null"
        // placeholder for it, as Apple's archiver does.
        let archive = try codec.archive(Link(target: target))
        #expect(archive.objects.filter { $0 == .string("$null") }.count == 2)
        let alone = try codec.decode(Link.self, from: archive)
        #expect(alone.target == nil)
    }
}

/// A registry with ``Link`` and ``Note``.
func linkRegistry() throws -> Registry {
    try Registry {
        Register(Link.self, javaName: "test.Link", serializer: LinkSerializer(), archiveClass: ArchiveClass("Link"))
        Register(Note.self, id: 40, archiveClass: ArchiveClass("KryoTests.Note"))
    }
}

/// A class with a weak-style reference that it archives conditionally.
final class Link {
    var target: Note?
    init(target: Note?) { self.target = target }
}

struct LinkSerializer: Serializer {
    func write(_ value: Link, to writer: any ValueWriter) throws {
        try writer.writeConditionalObject(value.target, forKey: "target")
    }
    func read(from reader: any ValueReader) throws -> Link {
        let link = Link(target: nil)
        reader.reference(link)
        link.target = try reader.readObject(forKey: "target") as? Note
        return link
    }
}

/// Registration-required mode refuses types that were not registered, wherever they occur.
@Suite struct KeyedRegistrationRequiredTests {
    @Test func anUnregisteredFieldTypeIsRefused() throws {
        var options = SerializationOptions()
        options.registrationRequired = true
        let strict = KeyedArchiveCodec(registry: try Registry { Register(Holder.self, id: 61) }, options: options)
        let holder = Holder()
        holder.inner = Note()
        do {
            _ = try strict.encode(holder)
            Issue.record("wrote an unregistered Note")
        } catch let error as SerializationError {
            #expect(error.kind == .unregisteredType)
            #expect(error.path == ["root", "inner"])
        }
        holder.inner = nil
        #expect(try strict.decode(Holder.self, from: try strict.encode(holder)).inner == nil)
    }
}

final class Holder: Schematized {
    var inner: Note?
    init() {}
    static let schema = Schema<Holder>(java: "test.Holder") { Field("inner", \.inner) }
}
