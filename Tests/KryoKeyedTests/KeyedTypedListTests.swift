import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// A Swift array of a registered class or of strings is read from an `NSArray`'s `NS.objects`
/// where they lie, each element in its typed slot; any other list (nil or `NSNull` elements,
/// numbers, `NSString` objects, other classes) is decoded as a list of `Any?` and converted, as
/// before. Both readings give the same values, and the same errors at the same key paths.
@Suite struct KeyedTypedListTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(registry: try keyedRegistry())
    }

    private static let noteClass = PropertyListValue.dictionary([
        "$classname": .string("KryoTests.Note"), "$classes": .array([.string("KryoTests.Note"), .string("NSObject")]),
    ])
    private static let arrayClass = PropertyListValue.dictionary([
        "$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")]),
    ])
    private static let nullClass = PropertyListValue.dictionary([
        "$classname": .string("NSNull"), "$classes": .array([.string("NSNull"), .string("NSObject")]),
    ])
    private static let stringClass = PropertyListValue.dictionary([
        "$classname": .string("NSString"), "$classes": .array([.string("NSString"), .string("NSObject")]),
    ])

    /// A root note with two children in an `NSArray` (each pointing back at the root, each
    /// holding the same list of one grandchild) and a list of tags that share the titles'
    /// strings. `edit` changes the table before it is archived.
    private func archive(_ edit: (inout [PropertyListValue]) -> Void = { _ in }) -> KeyedArchive {
        var objects: [PropertyListValue] = [
            .string("$null"),
            // 1: the root
            .dictionary(["$class": .uid(2), "title": .uid(3), "children": .uid(4), "tags": .uid(7)]),
            Self.noteClass,
            .string("Root"),
            // 4: the children
            .dictionary(["$class": .uid(5), "NS.objects": .array([.uid(6), .uid(8)])]),
            Self.arrayClass,
            // 6, 8: the children; 7: the tags
            .dictionary([
                "$class": .uid(2), "title": .uid(9), "parent": .uid(1), "pages": .integer(3), "children": .uid(10),
            ]),
            .dictionary(["$class": .uid(5), "NS.objects": .array([.uid(9), .uid(3)])]),
            .dictionary([
                "$class": .uid(2), "title": .uid(3), "parent": .uid(1), "pages": .integer(4), "children": .uid(10),
            ]),
            .string("Child"),
            // 10: the grandchildren, one list that both children hold
            .dictionary(["$class": .uid(5), "NS.objects": .array([.uid(11)])]),
            .dictionary(["$class": .uid(2), "title": .uid(12)]),
            .string("Grandchild"),
            // 13, 14: an NSNull; 15, 16: an NSString object
            .dictionary(["$class": .uid(14)]), Self.nullClass,
            .dictionary(["$class": .uid(16), "NS.string": .string("Object")]), Self.stringClass,
        ]
        edit(&objects)
        return KeyedArchive(top: ["root": .uid(1)], objects: objects)
    }

    /// Decodes `archive` as binary and XML property lists, which must agree.
    private func decode(_ archive: KeyedArchive) throws -> Result<Note, SerializationError> {
        var results: [Result<Note, SerializationError>] = []
        for format in [PropertyListFormat.binary, .xml] {
            let bytes = try archive.bytes(format: format)
            do {
                results.append(.success(try codec.decode(Note.self, from: bytes)))
            } catch let error as SerializationError {
                results.append(.failure(error))
            }
        }
        if case .failure(let binary) = results[0], case .failure(let xml) = results[1] {
            #expect(binary.kind == xml.kind && binary.path == xml.path)
        }
        return results[0]
    }

    @Test func listsOfObjectsAndStringsAreReadWithSharingKept() throws {
        let root = try decode(archive()).get()
        #expect(root.title == "Root")
        #expect(root.children.map(\.title) == ["Child", "Root"])
        #expect(root.children.map(\.pages) == [3, 4])
        #expect(root.children.allSatisfy { $0.parent === root })
        #expect(root.tags == ["Child", "Root"])
        // The list both children hold is one list of one grandchild.
        let grandchildren = root.children.map(\.children)
        #expect(grandchildren.map(\.count) == [1, 1])
        #expect(grandchildren[0].first === grandchildren[1].first)
        #expect(grandchildren[0].first?.title == "Grandchild")
    }

    @Test func anErrorInAnElementNamesItsIndex() throws {
        let failure = try #require(
            try decode(archive { $0[8] = Self.replacing("pages", with: .string("four"), in: $0[8]) }).failure)
        #expect(failure.kind == .typeMismatch)
        #expect(failure.path == ["root", "children", "1", "pages"])
        let inGrandchild = try #require(
            try decode(archive { $0[11] = Self.replacing("title", with: .integer(5), in: $0[11]) }).failure)
        #expect(inGrandchild.kind == .typeMismatch)
        #expect(inGrandchild.path == ["root", "children", "0", "children", "0", "title"])
    }

    @Test func otherListsAreDecodedAndConvertedAsBefore() throws {
        // An NSNull, a number, an NSString object or a list among notes: not notes.
        for element in [PropertyListValue.uid(13), .uid(3), .uid(15), .uid(10), .integer(1), .uid(0)] {
            let failure = try #require(
                try decode(archive { $0[4] = Self.listOf([.uid(6), element]) }).failure, "\(element)")
            // Converting the list fails where the list was read.
            #expect(failure.kind == .typeMismatch, "\(element)")
            #expect(failure.path == ["root"], "\(element)")
        }
        // Tags: an NSString object among plain strings is a string too; a number or NSNull is not.
        let tagged = try decode(archive { $0[7] = Self.listOf([.uid(9), .uid(15), .string("inline")]) }).get()
        #expect(tagged.tags == ["Child", "Object", "inline"])
        for element in [PropertyListValue.uid(13), .integer(1), .uid(6), .uid(0)] {
            let failure = try #require(
                try decode(archive { $0[7] = Self.listOf([.uid(9), element]) }).failure, "\(element)")
            #expect(failure.kind == .typeMismatch, "\(element)")
            #expect(failure.path == ["root", "[1]"], "\(element)")
        }
        // A list that holds itself, through a child: a cycle through a value without identity.
        let cycle = try #require(
            try decode(archive { $0[6] = Self.replacing("children", with: .uid(4), in: $0[6]) }).failure)
        #expect(cycle.kind == .invalidReference)
        #expect(cycle.path == ["root", "children", "0", "children"])
    }

    @Test func emptyListsAndListsPastTheElementLimit() throws {
        let empty = try decode(archive { $0[4] = Self.listOf([]) }).get()
        #expect(empty.children.isEmpty)
        // More elements than the element count limit: read as before (Foundation's lists are
        // held to the limit of the archive's object table, not to this one).
        let limited = KeyedArchiveCodec(
            registry: try keyedRegistry(), options: SerializationOptions(limits: Limits(maxElementCount: 1)))
        let root = try limited.decode(Note.self, from: try archive().bytes(format: .binary))
        #expect(root.children.map(\.title) == ["Child", "Root"])
        #expect(root.tags == ["Child", "Root"])
        #expect(root.children[0].children.first === root.children[1].children.first)
    }

    private static func listOf(_ elements: [PropertyListValue]) -> PropertyListValue {
        .dictionary(["$class": .uid(5), "NS.objects": .array(elements)])
    }

    private static func replacing(_ key: String, with value: PropertyListValue, in object: PropertyListValue)
        -> PropertyListValue
    {
        guard case .dictionary(var entries) = object else { return object }
        entries[key] = value
        return .dictionary(entries)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
