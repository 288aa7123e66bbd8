import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// A registered stand-in for AppKit's NSColor: reads the color space and the gray or RGB text.
struct ArchivedColor: Equatable {
    var space: Int32
    var components: String
}

struct ArchivedColorSerializer: Serializer {
    func write(_ value: ArchivedColor, to writer: any ValueWriter) throws {
        try writer.writeInt32(value.space, forKey: "NSColorSpace", encoding: .zigzag)
        try writer.writeString(value.components, forKey: "NSRGB")
    }
    func read(from reader: any ValueReader) throws -> ArchivedColor {
        ArchivedColor(
            space: try reader.readInt32(forKey: "NSColorSpace", encoding: .zigzag),
            components: try reader.readString(forKey: "NSRGB") ?? "")
    }
}

/// The tolerant reader: class fallbacks through `$classes` and `$classhints`, plain values in
/// `$top`, other top keys.
@Suite struct TolerantReaderTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(
            registry: try Registry {
                Register(
                    ArchivedColor.self, javaName: "test.Color", serializer: ArchivedColorSerializer(),
                    archiveClass: ArchiveClass("NSColor"))
            })
    }

    private func archive(classes: [String], hints: [String]?) -> KeyedArchive {
        var description: PropertyListDictionary = [
            "$classname": .string(classes[0]), "$classes": .array(classes.map { .string($0) }),
        ]
        if let hints { description["$classhints"] = .array(hints.map { .string($0) }) }
        return KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2), "NSColorSpace": .integer(2), "NSRGB": .uid(3)]),
                .dictionary(description), .string("1 0 0"),
            ])
    }

    @Test func anUnknownClassResolvesThroughItsSuperclasses() throws {
        let color = try codec.decode(
            ArchivedColor.self, from: archive(classes: ["MyColor", "NSColor", "NSObject"], hints: nil))
        #expect(color == ArchivedColor(space: 2, components: "1 0 0"))
    }

    @Test func anUnknownClassResolvesThroughItsHints() throws {
        // UIKit writes UIColor with the hint NSColor, so that a Mac reads it.
        let color = try codec.decode(
            ArchivedColor.self, from: archive(classes: ["UIColor", "NSObject"], hints: ["NSColor"]))
        #expect(color == ArchivedColor(space: 2, components: "1 0 0"))
        let unknown = try codec.decode(Any?.self, from: archive(classes: ["UIColor", "NSObject"], hints: nil))
        #expect((unknown as? UnknownObject)?.archiveClass.name == "UIColor")
    }

    @Test func writtenClassesCarryTheirChainAndHints() throws {
        let registry = try Registry {
            Register(
                ArchivedColor.self, javaName: "test.Color", serializer: ArchivedColorSerializer(),
                archiveClass: ArchiveClass("UIColor", superclasses: ["NSColor", "NSObject"], hints: ["NSColor"]))
        }
        let archive = try KeyedArchiveCodec(registry: registry).archive(ArchivedColor(space: 4, components: "0.5"))
        let description = archive.objects.compactMap { entry -> PropertyListDictionary? in
            guard case .dictionary(let entries) = entry, entries["$classname"] != nil else { return nil }
            return entries
        }.first
        #expect(description?["$classes"] == .array([.string("UIColor"), .string("NSColor"), .string("NSObject")]))
        #expect(description?["$classhints"] == .array([.string("NSColor")]))
    }

    @Test func plainValuesAndOtherKeysInTop() throws {
        // Newer nibs put an integer next to the root in $top.
        let archive = KeyedArchive(
            top: ["IB.systemFontUpdateVersion": .integer(1), "IB.objectdata": .uid(1)],
            objects: [.string("$null"), .string("the root")])
        #expect(try codec.decode(String.self, from: archive) == "the root")
        let top = try codec.decodeTopLevel(from: archive)
        #expect(top["IB.systemFontUpdateVersion"] as? Int == 1)
        #expect(top["IB.objectdata"] as? String == "the root")
    }
}
