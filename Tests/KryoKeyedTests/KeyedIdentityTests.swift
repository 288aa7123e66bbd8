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

/// URLs relative to one base object (NSKeyedArchiver writes the base once when several URLs
/// share it) read on the dynamic path, and a document's alias to a base URL reads too.
@Suite struct SharedURLBaseTests {
    static let archive: [UInt8] = {
        let uid = HandWrittenArchive.uid
        func url(base: Int, relative: Int) -> String {
            "<dict><key>NS.base</key>\(uid(base))<key>NS.relative</key>\(uid(relative))<key>$class</key>\(uid(7))</dict>"
        }
        return HandWrittenArchive.xml(
            objects: "<dict><key>NS.objects</key><array>\(uid(2))\(uid(6))</array><key>$class</key>\(uid(8))</dict>"
                + url(base: 3, relative: 5) + url(base: 0, relative: 4)
                + "<string>https://example.com/dir/</string><string>p1</string>" + url(base: 3, relative: 9)
                + HandWrittenArchive.classDescription(["NSURL", "NSObject"])
                + HandWrittenArchive.classDescription(["NSArray", "NSObject"]) + "<string>p2</string>")
    }()

    @Test func urlsSharingABaseRead() throws {
        let registry = try Registry(schemas: SchemaSet())
        let keyed = KeyedArchiveCodec(registry: registry)
        let list = try #require(try keyed.decode(Any?.self, from: Self.archive) as? [Any?])
        let urls = list.map { ValueConversion.flatten($0) as? URL }
        #expect(urls.map { $0?.absoluteString } == ["https://example.com/dir/p1", "https://example.com/dir/p2"])
        // Through a readable document, where the second base is an alias to the first.
        let readable = ReadableCodec(registry: registry, format: .json)
        let document = try readable.encode(list as Any?)
        let back = try #require(try readable.decode(Any?.self, from: document) as? [Any?])
        #expect(back.map { (ValueConversion.flatten($0) as? URL)?.absoluteString } == urls.map { $0?.absoluteString })
    }

    @Test func aDocumentMayAliasABaseURL() throws {
        let readable = ReadableCodec(registry: try Registry(schemas: SchemaSet()), format: .json)
        let document = """
            {"$class": "Doc",
             "home": {"$class": "NSURL", "NS.relative": "https://example.com/x/"},
             "page": {"$class": "NSURL", "NS.base": {"$alias": "home"}, "NS.relative": "sub/page"}}
            """
        let doc = try #require(try readable.decode(Any?.self, from: Array(document.utf8)) as? UnknownObject)
        let page = try #require(ValueConversion.flatten(doc.field("page")) as? URL)
        #expect(page.absoluteString == "https://example.com/x/sub/page")
    }
}
