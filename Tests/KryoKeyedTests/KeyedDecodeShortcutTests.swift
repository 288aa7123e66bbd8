import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// The reader's shortcuts give what the look-ups and casts they skip would: a list's `NSNull`
/// elements are nil among elements of other classes, and a key found by `containsValue` is taken
/// at the position found only when the same key is read from the same object and cursor.
@Suite struct KeyedDecodeShortcutTests {
    static let formats: [PropertyListFormat] = [.binary, .xml]

    @Test("NSNull elements are nil among objects and strings, however often they repeat", arguments: formats)
    func nsNullElementsAmongObjectsAndStringsAreNil(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try keyedRegistry(), format: format)
        let first = Note()
        first.title = "first"
        let second = Note()
        second.title = "second"
        // One NSNull object, referred to four times, after itself and between instances of one class.
        let notes: [Note?] = [first, nil, nil, second, nil, first, nil]
        let back = try codec.decode([Note?].self, from: try codec.encode(notes))
        #expect(back.map { $0?.title } == ["first", nil, nil, "second", nil, "first", nil])

        let mixed: [Any?] = ["a", nil, nil, first, nil, "b", second, nil, Int32(3)]
        let untyped = try codec.decode([Any?].self, from: try codec.encode(mixed))
        #expect(untyped.count == mixed.count)
        #expect(untyped.map { $0 == nil } == [false, true, true, false, true, false, false, true, false])
        #expect((untyped[3] as? Note)?.title == "first" && (untyped[6] as? Note)?.title == "second")
        #expect(untyped[0] as? String == "a" && untyped[5] as? String == "b")
    }

    @Test("The archive's own keys read where they lie give the tree's values and errors")
    func theArchivesOwnKeysGiveTheTreesValuesAndErrors() throws {
        let codec = KeyedArchiveCodec(registry: try keyedRegistry())
        let archive = try codec.archive(sampleNotes())
        guard case .dictionary(let whole) = archive.propertyList else {
            Issue.record("no dictionary")
            return
        }
        var variants: [PropertyListDictionary] = [whole]
        // Other keys (short and long, before and after), missing keys, and keys of the wrong kind.
        var extra = whole
        extra["$extra"] = .integer(1)
        extra["$anotherKeyLongerThanASmallString"] = .array([.string("x")])
        variants.append(extra)
        var reordered: PropertyListDictionary = ["$zz": .bool(true)]
        for key in whole.keys.reversed() { reordered[key] = whole[key] }
        variants.append(reordered)
        for key in ["$version", "$archiver", "$top", "$objects"] {
            var missing = whole
            missing[key] = nil
            variants.append(missing)
            var wrong = whole
            wrong[key] = key == "$archiver" ? .integer(3) : .string("three")
            variants.append(wrong)
        }
        for variant in variants {
            let bytes = try PropertyList.encode(.dictionary(variant), format: .binary)
            let inPlace = Result { try codec.decode(Note.self, from: bytes) }
            let tree = Result { try codec.decode(Note.self, from: try KeyedArchive(bytes: bytes)) }
            switch (inPlace, tree) {
            case (.success(let left), .success(let right)):
                #expect(left.title == right.title && left.children.count == right.children.count)
            case (.failure(let left), .failure(let right)):
                #expect("\(left)" == "\(right)", "\(Array(variant.keys))")
            default:
                Issue.record("in place \(inPlace), tree \(tree) for \(Array(variant.keys))")
            }
        }
    }

    static func probeRegistry() throws -> Registry {
        try Registry {
            Register(
                ProbeParent.self, javaName: "test.ProbeParent", serializer: ProbeParentSerializer(),
                archiveClass: ArchiveClass("ProbeParent"))
            Register(
                ProbeChild.self, javaName: "test.ProbeChild", serializer: ProbeChildSerializer(),
                archiveClass: ArchiveClass("ProbeChild"))
        }
    }

    @Test("A key found in one object is looked up again in the next at the same depth", arguments: formats)
    func aKeyFoundInOneObjectIsLookedUpAgainInTheNext(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Self.probeRegistry(), format: format)
        // The first child has `x` after a padding key and is only asked whether it has `x`; the
        // second has `x` right after `mode` and reads it, from the same cursor at the same depth.
        let value = ProbeParent(
            first: ProbeChild(probes: true, x: 11), second: ProbeChild(probes: false, x: 22))
        let back = try codec.decode(ProbeParent.self, from: try codec.encode(value))
        #expect(back.first == ProbeChild(probes: true, x: 0))
        #expect(back.second == ProbeChild(probes: false, x: 22))
    }
}

struct ProbeChild: Equatable {
    var probes: Bool
    var x: Int32
}

struct ProbeParent: Equatable {
    var first: ProbeChild
    var second: ProbeChild
}

struct ProbeChildSerializer: Serializer {
    func write(_ value: ProbeChild, to writer: any ValueWriter) throws {
        try writer.writeBool(value.probes, forKey: "probes")
        if value.probes { try writer.writeInt32(5, forKey: "pad", encoding: .zigzag) }
        try writer.writeInt32(value.x, forKey: "x", encoding: .zigzag)
    }

    func read(from reader: any ValueReader) throws -> ProbeChild {
        let probes = try reader.readBool(forKey: "probes")
        if probes {
            guard reader.containsValue(forKey: "x") else {
                throw SerializationError(.invalidValue, expected: "a key x", found: "none")
            }
            return ProbeChild(probes: true, x: 0)
        }
        return ProbeChild(probes: false, x: try reader.readInt32(forKey: "x", encoding: .zigzag))
    }
}

struct ProbeParentSerializer: Serializer {
    func write(_ value: ProbeParent, to writer: any ValueWriter) throws {
        try writer.writeObject(value.first, as: DeclaredType(ProbeChild.self), forKey: "first")
        try writer.writeObject(value.second, as: DeclaredType(ProbeChild.self), forKey: "second")
    }

    func read(from reader: any ValueReader) throws -> ProbeParent {
        guard let first = try reader.readObject(as: DeclaredType(ProbeChild.self), forKey: "first") as? ProbeChild,
            let second = try reader.readObject(as: DeclaredType(ProbeChild.self), forKey: "second") as? ProbeChild
        else { throw SerializationError(.invalidValue, expected: "two children", found: "fewer") }
        return ProbeParent(first: first, second: second)
    }
}
