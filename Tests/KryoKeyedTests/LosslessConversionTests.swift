import Foundation
import SwiftKryo
import Testing

/// Every real archive converts to each readable layout and back to a keyed archive as the same
/// graph: the same classes (chains and hints included), keys in the same order, values, inline
/// keys and sharing, and the whole `$top` with the archiver's name. Run with the plain registry
/// (fonts, colors and attributed strings are then unknown objects) and with the rich-text
/// translators `kryo convert` uses.
@Suite struct LosslessConversionTests {
    static let layouts: [ReadableFormat] = [.prettyJSON, .propertyList(.xml), .propertyList(.binary)]

    @Test(arguments: AppleArchiveFixtureTests.files)
    func keyedToReadableAndBack(file: String) throws {
        try expectLossless(file, registry: Registry())
    }

    /// With the rich-text translators `kryo convert` uses, attributed strings, fonts, colors and
    /// paragraph styles compare as their models: a readable document carries the model, not the
    /// keys only a keyed archive keeps (`PreservedKeys`: a `UIFontDescriptor`, the
    /// `NSMutableAttributedString` class).
    @Test(arguments: AppleArchiveFixtureTests.files)
    func keyedToReadableAndBackWithRichText(file: String) throws {
        try expectLossless(file, registry: Registry(RichText.registrations()))
    }

    /// Through the rich-text translators, the archive itself stays the same too: read with the
    /// plain registry, the archive written from the readable document has the original's
    /// classes (`UIColor`, `NSTextStorage`…), keys, values and sharing (one `NSColorSpace` for
    /// many colors).
    @Test(arguments: AppleArchiveFixtureTests.files)
    func translatedArchiveIsTheSameArchive(file: String) throws {
        let plain = KeyedArchiveCodec(registry: try Registry())
        let registry = try Registry(RichText.registrations())
        let translating = KeyedArchiveCodec(registry: registry)
        let bytes = try FixtureFiles.bytes(file)
        let original = try plain.decodeArchive(from: bytes)
        let translated = try translating.decodeArchive(from: bytes)
        let direct = try plain.decodeArchive(from: translating.encode(translated))
        #expect(ArchiveGraph.difference(original, direct, keyOrder: false) == nil, "\(file) keyed to keyed")
        for layout in Self.layouts {
            let readable = ReadableCodec(registry: registry, format: layout)
            let document = try readable.decode(Any?.self, from: readable.encode(translated))
            for format in [PropertyListFormat.binary, .xml] {
                var writer = translating
                writer.format = format
                let back = try plain.decodeArchive(from: writer.encode(document))
                #expect(
                    ArchiveGraph.difference(original, back, keyOrder: false, widening: format == .xml) == nil,
                    "\(file) through \(layout) to a \(format) archive")
            }
        }
    }

    private func expectLossless(_ file: String, registry: Registry) throws {
        let keyed = KeyedArchiveCodec(registry: registry)
        // The whole archive: its `$top` keys and archiver name too.
        let original = try keyed.decodeArchive(from: FixtureFiles.bytes(file))
        for layout in Self.layouts {
            let readable = ReadableCodec(registry: registry, format: layout)
            let document = try readable.decode(Any?.self, from: readable.encode(original))
            let read = ArchiveGraph.difference(original, document)
            #expect(read == nil, "\(file) read back from \(layout)")
            for format in [PropertyListFormat.binary, .xml] {
                var writer = keyed
                writer.format = format
                let back = try keyed.decodeArchive(from: writer.encode(document))
                let written = ArchiveGraph.difference(original, back, widening: format == .xml)
                #expect(written == nil, "\(file) through \(layout) to a \(format) archive")
            }
        }
    }

    /// A document written by hand in HRCoder's style: classes nobody registered (one with a
    /// class chain), a forward alias, a cycle back to the root, data, a key of the user's that
    /// starts with `$`, and a plain dictionary.
    static let handWritten = """
        {
          "$class": "Library",
          "name": "Main",
          "featured": {"$alias": "shelves.0.books.1"},
          "shelves": [
            {
              "$class": "Shelf",
              "label": "A",
              "library": {"$alias": "$root"},
              "books": [
                {"$class": "Book", "title": "Dune", "pages": 412, "price": 9.5,
                 "cover": {"$class": "NSData", "$data": "AAEC"}},
                {"$class": "Book", "title": "Emma", "pages": 320, "tags": ["classic", "novel"],
                 "meta": {"year": 1815}}
              ]
            }
          ],
          "owner": {"$class": "Person", "$classes": ["Person", "Agent", "NSObject"], "name": "Ann", "$$id": 7}
        }
        """

    @Test(arguments: ["keyed-binary", "keyed-xml", "plist-xml", "plist-binary"])
    func handWrittenDocumentSurvivesEveryFormat(through format: String) throws {
        let registry = try Registry()
        let json = ReadableCodec(registry: registry, format: .json)
        let original = try json.decode(Any?.self, from: Array(Self.handWritten.utf8))
        let library = try #require(original as? UnknownObject)
        #expect(library.field("featured") as? UnknownObject === Self.book(1, of: library))
        #expect(Self.shelf(of: library)?.field("library") as? UnknownObject === library)
        let owner = try #require(library.field("owner") as? UnknownObject)
        #expect(owner.archiveClass == ArchiveClass("Person", superclasses: ["Agent", "NSObject"]))
        #expect(owner.field("$id") as? Int == 7)

        let back: Any?
        switch format {
        case "keyed-binary", "keyed-xml":
            var keyed = KeyedArchiveCodec(registry: registry)
            keyed.format = format == "keyed-xml" ? .xml : .binary
            back = try keyed.decode(Any?.self, from: keyed.encode(original))
        default:
            let plist = ReadableCodec(registry: registry, format: .propertyList(format == "plist-xml" ? .xml : .binary))
            back = try plist.decode(Any?.self, from: plist.encode(original))
        }
        let again = try json.decode(Any?.self, from: json.encode(back))
        #expect(ArchiveGraph.difference(original, again) == nil)
        let copy = try #require(again as? UnknownObject)
        #expect(copy.field("featured") as? UnknownObject === Self.book(1, of: copy))
        #expect(Self.shelf(of: copy)?.field("library") as? UnknownObject === copy)
    }

    private static func shelf(of library: UnknownObject) -> UnknownObject? {
        (library.field("shelves") as? [Any?])?.first as? UnknownObject
    }

    private static func book(_ index: Int, of library: UnknownObject) -> UnknownObject? {
        guard let books = shelf(of: library)?.field("books") as? [Any?], index < books.count else { return nil }
        return books[index] as? UnknownObject
    }

    @Test func anUnknownObjectCannotBeWrittenToKryo() throws {
        let codec = KryoCodec(registry: try Registry())
        #expect {
            try codec.encode(UnknownObject(className: "shop.Thing", fields: ["id": 5]))
        } throws: { error in
            "\(error)"
                == "unregisteredType: expected a schema of shop.Thing (its fields' Java types), to write it to Kryo, "
                + "found an object of shop.Thing read without one at byte offset 0"
        }
    }
}
