import Foundation
import SwiftKryo
import Testing

/// Bad input is a thrown error that says where, never a crash.
@Suite struct MalformedInputTests {
    let cocoa: KryoCodec

    init() throws { cocoa = KryoCodec(registry: try PeerConfig.cocoa.registry()) }

    @Test func everyTruncationOfABeanIsAnErrorWithAnOffset() throws {
        let bytes = try cocoa.encode(PeerCases.other())
        for length in 0..<bytes.count {
            let error = try #require(decodeError(cocoa, Array(bytes[..<length])), "prefix \(length) decoded")
            #expect(error.kind == .truncatedInput || error.kind == .lengthExceedsInput)
            let offset = try #require(error.offset)
            #expect(offset <= length)
        }
    }

    @Test func truncatedStringNamesTheFieldPath() throws {
        // SampleBean(42, "answer") with the name cut short: 16 01 54 01 61 6e 73
        let error = try #require(decodeError(cocoa, [0x16, 0x01, 0x54, 0x01, 0x61, 0x6E, 0x73]))
        #expect(error.kind == .truncatedInput)
        #expect(error.offset == 7)
        #expect(error.path == ["name"])
        #expect(error.description.contains("offset 7"))
    }

    @Test func unknownClassIDSaysWhichAndWhere() throws {
        let error = try #require(decodeError(cocoa, [0x01, 0x01, 0x63, 0x01]))  // nameless: wrong path below
        #expect(error.kind == .unknownClassName || error.kind == .truncatedInput)
        let wrongID = try #require(decodeError(cocoa, [0xCA, 0x01, 0x01]))  // id 200
        #expect(wrongID.kind == .unknownClassID)
        #expect(wrongID.found == "id 200")
        #expect(wrongID.offset == 0)
    }

    @Test func wrongClassIDInsideAFieldCarriesThePath() throws {
        // OtherBean: beans = class tag 0x7f (id 125, unknown)
        let error = try #require(decodeError(cocoa, [0x17, 0x01, 0x7F]))
        #expect(error.kind == .unknownClassID)
        #expect(error.offset == 2)
        #expect(error.path == ["beans"])
    }

    @Test func unknownClassNameIsRefusedWhenRegistrationIsRequired() throws {
        let open = KryoCodec(registry: try Registry())
        var strict = open
        strict.options.registrationRequired = true
        // What Java writes for an unregistered ArrayList: 01 00 "java.util.ArrayList" 01 00
        let list = try open.encode([String]())
        let error = try #require(decodeError(strict, list))
        #expect(error.kind == .unregisteredType)
        #expect(error.found.contains("java.util.ArrayList"))
        #expect(error.offset == 0)
        // Not required: the same bytes decode.
        #expect((try open.decode([Any?].self, from: list)).isEmpty)
        // Names nobody knows are an error in every mode.
        var unknown: [UInt8] = [0x01, 0x00]
        unknown += Array("no.such.Klass".utf8)
        unknown[unknown.count - 1] |= 0x80
        unknown.append(0x01)
        let unknownError = try #require(decodeError(cocoa, unknown))
        #expect(unknownError.kind == .unknownClassName)
        #expect(unknownError.found == "\"no.such.Klass\"")
    }

    @Test func writingAnUnregisteredTypeIsRefusedWhenRegistrationIsRequired() throws {
        var strict = KryoCodec(registry: try Registry { Register(SampleBean.self) })
        strict.options.registrationRequired = true
        #expect(throws: SerializationError.self) { try strict.encode(SampleBean(key: 1, name: nil)) }
        #expect(throws: SerializationError.self) { try strict.encode([Int32(1)]) }
        #expect(try strict.encode(Int32(1)) == [0x02, 0x02])
    }

    @Test func lengthPrefixLargerThanTheInputIsCaughtBeforeAllocating() throws {
        let registry = try PeerConfig.reg.registry()
        let codec = KryoCodec(registry: registry)
        // int[] (id 40) claiming 2^31-2 elements, then nothing.
        let error = try #require(decodeError(codec, [0x2A, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]))
        #expect(error.kind == .lengthExceedsInput)
        // A string claiming 1 000 000 UTF-16 units in 3 bytes.
        let stringError = try #require(decodeError(codec, [0x03, 0x01, 0xC1, 0x90, 0x7A, 0x61]))
        #expect(stringError.kind == .lengthExceedsInput)
        // ArrayList (id 30) claiming 500 000 000 elements.
        let listError = try #require(decodeError(codec, [0x20, 0x01, 0x80, 0xCA, 0xB5, 0xEE, 0x01]))
        #expect(listError.kind == .lengthExceedsInput)
        #expect(listError.path == [])
    }

    @Test func tenThousandNestedLevelsAreADepthError() throws {
        let codec = KryoCodec(registry: try PeerConfig.reg.registry())
        // Node (id 12): name null, next = class Node, new object, … 10 000 times.
        var bytes: [UInt8] = [0x0E, 0x01]
        for _ in 0..<10_000 { bytes += [0x00, 0x0E, 0x01] }
        bytes += [0x00, 0x00]
        let error = try #require(decodeError(codec, bytes))
        #expect(error.kind == .depthLimitExceeded)
        // Node 400 is the deepest the limit allows; its `next` is one level too deep.
        #expect(error.path == Array(repeating: "next", count: 400))
        let typed = try #require(decodeError(codec, bytes, as: Node.self))
        #expect(typed.kind == .depthLimitExceeded)
        #expect(typed.path == Array(repeating: "next", count: 400))
        // Deep nesting written by Swift is refused too, with references off (no cycle check).
        var noReferences = codec
        noReferences.options.references = false
        var chain = Tree(0)
        for level in 1...10_000 { chain = Tree(Int32(level), chain) }
        let encodeError = try #require(throws: SerializationError.self) { try noReferences.encode(chain) }
        // The writer's path, built as the error leaves each object: the 401st tree, left of the 400th.
        #expect(encodeError.kind == .depthLimitExceeded)
        #expect(encodeError.path == Array(repeating: "left", count: 400))
        // The description shows the first and last 8 keys of so deep a path.
        let eight = Array(repeating: "left", count: 8).joined(separator: ".")
        #expect(encodeError.description.hasSuffix("(path: \(eight).…384 more….\(eight))"))
        dismantle(chain)
    }

    @Test func nestingJustUnderTheLimitRoundTrips() throws {
        var codec = KryoCodec(registry: try PeerConfig.reg.registry())
        codec.options.references = false
        var chain = Tree(0)
        for level in 1..<(codec.options.limits.maxDepth - 1) { chain = Tree(Int32(level), chain) }
        let back = try codec.decode(Tree.self, from: try codec.encode(chain))
        #expect(back == chain)
        dismantle(chain)
        dismantle(back)
    }

    @Test func backReferenceToAnObjectNotYetReadIsAnError() throws {
        let codec = KryoCodec(registry: try PeerConfig.reg.registry())
        // Pair (13): left = class Inner, back-reference #5 (only #0 exists).
        let error = try #require(decodeError(codec, [0x0F, 0x01, 0x0C, 0x07]))
        #expect(error.kind == .invalidReference)
        #expect(error.path == ["left"])
    }

    @Test func badEnumOrdinalAndBadUTF8AreErrors() throws {
        let ordinal = try #require(decodeError(cocoa, [0x18, 0x01, 0x09]))  // SampleEnum ordinal 8
        #expect(ordinal.kind == .invalidValue)
        #expect(ordinal.found == "ordinal 8")
        let utf8 = try #require(decodeError(cocoa, [0x03, 0x01, 0x83, 0xC3, 0x41, 0x41]))
        #expect(utf8.kind == .invalidValue)
        #expect(utf8.offset == 4)
    }

    @Test func randomGarbageNeverCrashes() throws {
        let codec = KryoCodec(registry: try PeerConfig.reg.registry())
        var generator = SystemRandomNumberGenerator()
        let seeds = try PeerCases.all.prefix(80).map { try $0.encode() }
        for seed in seeds where !seed.isEmpty {
            for _ in 0..<40 {
                var bytes = seed
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
                _ = try? codec.decode(Any?.self, from: bytes)
            }
        }
    }
}

/// Breaks a long chain iteratively so that releasing it does not recurse 10 000 levels deep.
func dismantle(_ tree: Tree) {
    var node: Tree? = tree
    while let current = node {
        node = current.left
        current.left = nil
    }
}
