import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Hostile and broken archives give a thrown error that names the key path, never a crash.
@Suite struct MalformedArchiveTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(registry: try keyedRegistry())
    }

    private static let noteClass = PropertyListValue.dictionary([
        "$classname": .string("KryoTests.Note"), "$classes": .array([.string("KryoTests.Note"), .string("NSObject")]),
    ])

    private func error(_ archive: KeyedArchive) -> SerializationError? {
        do {
            _ = try codec.decode(Any?.self, from: archive)
            return nil
        } catch let error as SerializationError {
            return error
        } catch {
            Issue.record("not a SerializationError: \(error)")
            return nil
        }
    }

    @Test func aReferenceOutOfRange() throws {
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [.string("$null"), .dictionary(["$class": .uid(2), "title": .uid(99)]), Self.noteClass])
        let failure = try #require(error(archive))
        #expect(failure.kind == .invalidReference)
        #expect(failure.path == ["root", "title"])
        #expect(failure.found.contains("99"))
    }

    @Test func aClassReferenceThatIsNotAClassDictionary() throws {
        // $class points at an object (which has a $class of its own), not at a class description.
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [.string("$null"), .dictionary(["$class": .uid(2)]), .dictionary(["$class": .uid(1)])])
        let failure = try #require(error(archive))
        #expect(failure.kind == .invalidValue)
        #expect(failure.expected.contains("$classname"))
        #expect(failure.path == ["root"])
    }

    @Test func aCycleThroughClasses() throws {
        // $classes lists a reference back to the class dictionary instead of names.
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2)]),
                .dictionary(["$classname": .string("Loop"), "$classes": .array([.uid(2)])]),
            ])
        let failure = try #require(error(archive))
        #expect(failure.kind == .invalidValue)
        #expect(failure.expected.contains("class names"))
    }

    @Test func aClassThatIsAString() throws {
        let archive = KeyedArchive(
            top: ["root": .uid(1)], objects: [.string("$null"), .dictionary(["$class": .uid(2)]), .string("NSArray")])
        let failure = try #require(error(archive))
        #expect(failure.expected.contains("class dictionary"))
    }

    @Test func tenThousandNestedObjects() throws {
        // Note → parent → parent … 10 000 deep: the depth limit stops it with the path so far.
        var objects: [PropertyListValue] = [.string("$null"), Self.noteClass]
        for index in 0..<10_000 {
            let next = index == 9_999 ? PropertyListValue.uid(0) : .uid(UInt64(objects.count + 1))
            objects.append(.dictionary(["$class": .uid(1), "parent": next]))
        }
        let archive = KeyedArchive(top: ["root": .uid(2)], objects: objects)
        let failure = try #require(error(archive))
        #expect(failure.kind == .depthLimitExceeded)
        #expect(failure.path.count > 300)
        #expect(failure.path.first == "root")
        #expect(failure.path.dropFirst().allSatisfy { $0 == "parent" })
    }

    @Test func tenThousandNestedArrays() throws {
        var objects: [PropertyListValue] = [
            .string("$null"),
            .dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray")])]),
        ]
        for _ in 0..<10_000 {
            objects.append(.dictionary(["$class": .uid(1), "NS.objects": .array([.uid(UInt64(objects.count + 1))])]))
        }
        objects.append(.string("bottom"))
        let failure = try #require(error(KeyedArchive(top: ["root": .uid(2)], objects: objects)))
        #expect(failure.kind == .depthLimitExceeded)
    }

    @Test func aCycleThroughValuesWithoutIdentity() throws {
        // An NSArray that contains itself: a Swift array cannot.
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(1)])]),
                .dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray")])]),
            ])
        let failure = try #require(error(archive))
        #expect(failure.kind == .invalidReference)
        #expect(failure.path == ["root", "0"])
    }

    @Test func aFieldOfTheWrongKind() throws {
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [.string("$null"), .dictionary(["$class": .uid(2), "pages": .string("many")]), Self.noteClass])
        let failure = try #require(error(archive))
        #expect(failure.kind == .typeMismatch)
        #expect(failure.path == ["root", "pages"])
    }

    @Test func missingTopLevelKeysAndObjects() throws {
        for bad: PropertyListValue in [
            .array([]), .dictionary(["$archiver": .string("NSKeyedArchiver")]),
            .dictionary(["$archiver": .string("NSKeyedArchiver"), "$top": .dictionary([:]), "$objects": .string("x")]),
        ] {
            #expect(throws: SerializationError.self) { try KeyedArchive(propertyList: bad) }
        }
        let empty = KeyedArchive(top: [:], objects: [.string("$null")])
        #expect(error(empty)?.path == ["$top"])
    }

    @Test func registrationRequiredRefusesUnknownClasses() throws {
        var strict = codec
        strict.options.registrationRequired = true
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2)]),
                .dictionary(["$classname": .string("Mystery"), "$classes": .array([.string("Mystery")])]),
            ])
        #expect(throws: SerializationError.self) { try strict.decode(Any?.self, from: archive) }
        let lenient = try codec.decode(Any?.self, from: archive)
        #expect((lenient as? UnknownObject)?.archiveClass.name == "Mystery")
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func truncatedArchivesThrow(format: PropertyListFormat) throws {
        var writer = codec
        writer.format = format
        let bytes = try writer.encode(sampleNotes())
        #expect(try codec.decode(Note.self, from: bytes).title == "Groceries")
        // Every cut of the binary form; every few bytes of the longer XML form, up to its closing
        // tag (a cut in the whitespace after it leaves a whole document).
        let end = bytes.count - bytes.reversed().prefix { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: " ") }.count
        for length in stride(from: 0, to: end, by: format == .binary ? 1 : 5) {
            #expect(throws: SerializationError.self) { try codec.decode(Any?.self, from: Array(bytes.prefix(length))) }
        }
    }

    @Test func tenThousandNestedObjectsFromBytes() throws {
        var objects: [PropertyListValue] = [.string("$null"), Self.noteClass]
        for index in 0..<10_000 {
            let next = index == 9_999 ? PropertyListValue.uid(0) : .uid(UInt64(objects.count + 1))
            objects.append(.dictionary(["$class": .uid(1), "parent": next]))
        }
        let bytes = try KeyedArchive(top: ["root": .uid(2)], objects: objects).bytes(format: .binary)
        do {
            _ = try codec.decode(Any?.self, from: bytes)
            Issue.record("decoded 10 000 nested objects")
        } catch let failure as SerializationError {
            #expect(failure.kind == .depthLimitExceeded)
            #expect(failure.path.prefix(3) == ["root", "parent", "parent"])
        }
    }
}
