import Foundation
import SwiftKryo
import Testing

/// An `NSURL`'s `NS.relative`: a string another object shares reads on the dynamic path too,
/// and anything else is an error saying what was found there.
@Suite struct NSURLRelativeTests {
    /// An archive whose root is an `NSArray` of two `NSURL`s that share one relative string
    /// object (`$objects[4]`), or whose first `NS.relative` is `relative` instead.
    private func archive(relative: PropertyListValue = .uid(4)) throws -> [UInt8] {
        let objects: [PropertyListValue] = [
            .string("$null"),
            .dictionary(["$class": .uid(6), "NS.objects": .array([.uid(2), .uid(3)])]),
            .dictionary(["$class": .uid(5), "NS.base": .uid(0), "NS.relative": relative]),
            .dictionary(["$class": .uid(5), "NS.base": .uid(0), "NS.relative": .uid(4)]),
            .string("https://example.com/a"),
            .dictionary(["$classname": .string("NSURL"), "$classes": .array([.string("NSURL"), .string("NSObject")])]),
            .dictionary([
                "$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")]),
            ]),
            .integer(7),
        ]
        return try PropertyList.encode(
            .dictionary([
                "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"),
                "$top": .dictionary(["root": .uid(1)]), "$objects": .array(objects),
            ]), format: .binary)
    }

    @Test func aSharedRelativeStringReadsOnEveryPath() throws {
        let dynamic = try Registry(schemas: try SchemaFiles.parse("classes: []", fileName: "empty.yaml"))
        for registry in [try Registry(), dynamic] {
            let codec = KeyedArchiveCodec(registry: registry)
            let root = try codec.decode(Any?.self, from: try archive())
            let urls = try #require(ValueConversion.convert(root, to: [Any?].self))
            #expect(urls.count == 2)
            for url in urls {
                #expect((ValueConversion.flatten(url) as? URL)?.absoluteString == "https://example.com/a")
            }
        }
    }

    @Test func aRelativePartOfAnotherKindIsNamed() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let error = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: try archive(relative: .uid(7)))
        }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a string")
        #expect(error.found == "the number 7")
        #expect(error.path.last == "NS.relative")
    }
}
