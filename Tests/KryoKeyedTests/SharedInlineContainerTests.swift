import Foundation
import SwiftKryo
import Testing

/// A binary keyed archive whose inline arrays share their contents (`[A, A]` where `A` is
/// `[B, B]`…): a few hundred bytes that stand for millions of values. Decoding and inspecting it
/// are a clear size error, at once, not a dump that grows without end nor a "cycle" that is none.
@Suite struct SharedInlineContainerTests {
    /// `$top.root` is an object of class `Foo` whose key `x` holds `A(depth)`, where `A(0)` is
    /// `[1, 2]` and `A(k)` is `[A(k-1), A(k-1)]`: one object each, referred to twice.
    static func archive(depth: Int) -> [UInt8] {
        func uid(_ value: UInt8) -> [UInt8] { [0x80, value] }
        func array(_ elements: [Int]) -> [UInt8] { [0xA0 | UInt8(elements.count)] + elements.map { UInt8($0) } }
        func dictionary(_ keys: [Int], _ values: [Int]) -> [UInt8] {
            [0xD0 | UInt8(keys.count)] + keys.map { UInt8($0) } + values.map { UInt8($0) }
        }
        let chain = 24
        var objects: [[UInt8]] = [
            dictionary([1, 2, 3, 4], [5, 6, 7, 8]),
            binaryPlistString("$archiver"), binaryPlistString("$objects"), binaryPlistString("$top"),
            binaryPlistString("$version"),
            [0x5F, 0x10, 0x0F] + Array("NSKeyedArchiver".utf8),  // 5
            array([11, 12, 13]),  // 6: $objects
            dictionary([9], [10]),  // 7: $top
            [0x12, 0x00, 0x01, 0x86, 0xA0],  // 8: 100000
            binaryPlistString("root"), uid(1),  // 9, 10
            binaryPlistString("$null"),  // 11
            dictionary([14, 15], [16, chain + depth]),  // 12: the root object
            dictionary([17, 18], [19, 21]),  // 13: its class
            binaryPlistString("$class"), binaryPlistString("x"), uid(2),  // 14, 15, 16
            binaryPlistString("$classname"), binaryPlistString("$classes"),  // 17, 18
            binaryPlistString("Foo"), binaryPlistString("NSObject"),  // 19, 20
            array([19, 20]),  // 21
            [0x10, 0x01], [0x10, 0x02],  // 22, 23
            array([22, 23]),  // 24: A(0)
        ]
        for level in stride(from: 1, through: depth, by: 1) {
            objects.append(array([chain + level - 1, chain + level - 1]))
        }
        return handBuiltBinaryPlist(objects)
    }

    @Test func decodingIsASizeError() throws {
        let bytes = Self.archive(depth: 8)
        #expect(bytes.count < 256)
        let codec = KeyedArchiveCodec(registry: try Registry {})
        #expect {
            try codec.decode(Any?.self, from: bytes)
        } throws: { error in
            (error as? SerializationError)?.kind == .sizeLimitExceeded
        }
    }

    @Test func inspectingIsASizeError() throws {
        #expect {
            try KeyedArchiveInspector.inspect(Self.archive(depth: 8))
        } throws: { error in
            "\(error)".contains("sizeLimitExceeded")
        }
    }

    /// Sharing that stays within the archive's size reads, and the dump shows every place.
    @Test func littleSharingReads() throws {
        let dump = try KeyedArchiveInspector.inspect(Self.archive(depth: 2))
        let text = "\(dump)"
        #expect(text.components(separatedBy: "Foo").count > 1, "\(text)")
        let codec = KeyedArchiveCodec(registry: try Registry {})
        let root = try #require(try codec.decode(Any?.self, from: Self.archive(depth: 2)) as? UnknownObject)
        #expect(root.archiveClass.name == "Foo")
    }
}
