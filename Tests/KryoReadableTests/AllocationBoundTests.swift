import Foundation
import SwiftKryo
import Testing

/// Readable documents that claim a huge count (a binary plist's array), point an alias billions
/// of elements past an array, or go on without end are refused without allocating more than
/// their text justifies (the peak is measured by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    let codec: ReadableCodec
    init() throws { codec = ReadableCodec(registry: try readableRegistry()) }

    func refusal(_ label: String, claiming claim: Int, _ bytes: [UInt8]) -> (SerializationError?, Int) {
        let (error, peak) = AllocationMeter.failure("readable \(label)", claiming: claim) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        return (error as? SerializationError, peak)
    }

    @Test func aBinaryPlistDocumentClaimingBillionsOfElements() {
        let markers: [(String, UInt8)] = [("array", 0xAF), ("dictionary", 0xDF), ("data", 0x4F), ("string", 0x5F)]
        for (label, marker) in markers {
            let bytes = handBuiltBinaryPlist([[marker, 0x12, 0x7F, 0xFF, 0xFF, 0xFF]])
            let (error, peak) = refusal("binary plist \(label) count", claiming: Int(Int32.max), bytes)
            #expect(error?.kind == .lengthExceedsInput, "\(label): \(String(describing: error))")
            #expect(error?.offset == 9, "\(label): \(String(describing: error))")
            #expect(peak < AllocationMeter.bound, "\(label)")
        }
    }

    @Test func anAliasBillionsOfElementsPastAnArray() {
        let bytes = Array(#"{"$class": "TodoList", "items": [], "owner": {"$alias": "items.2147483647"}}"#.utf8)
        let (error, peak) = refusal("alias index 2^31 - 1", claiming: Int(Int32.max), bytes)
        #expect(error?.kind == .invalidReference)
        #expect(error?.path == ["owner"])
        #expect(peak < AllocationMeter.bound)
    }

    @Test func jsonGrowsWithItsTextOnly() {
        // JSON states no counts: an array of many small values that never closes costs a small
        // multiple of its text (a 2-byte `1,` is a value of the tree, in an array that grows by
        // doubling), and so does a string of escapes.
        let numbers = Array(("[" + String(repeating: "1,", count: 20_000)).utf8)
        let (numbersError, numbersPeak) = refusal("JSON 20 000 numbers, unclosed", claiming: 20_000, numbers)
        #expect(numbersError?.kind == .truncatedInput)
        #expect(numbersPeak < 64 * numbers.count)
        let escapes = Array(("[\"" + String(repeating: #"\u00e9"#, count: 20_000)).utf8)
        let (escapesError, escapesPeak) = refusal("JSON 20 000 escapes, unclosed", claiming: 20_000, escapes)
        #expect(escapesError?.kind == .truncatedInput)
        #expect(escapesPeak < 4 * escapes.count)
    }

    @Test func aBinaryPlistWhoseArraysShareTheirElements() {
        // 0 = [1 × 10], 1 = [2 × 10], …, 5 = "lol": 10^6 strings from 117 bytes once expanded.
        var objects: [[UInt8]] = (0..<6).map { [0xAA] + Array(repeating: UInt8($0 + 1), count: 10) }
        objects.append(binaryPlistString("lol"))
        let bytes = handBuiltBinaryPlist(objects)
        #expect(bytes.count == 117)
        let (error, peak) = refusal("binary plist of shared arrays", claiming: 1_000_000, bytes)
        #expect(error?.kind == .sizeLimitExceeded, "\(String(describing: error))")
        #expect(peak < AllocationMeter.bound)
    }

    @Test func aliasesToArraysOfAliases() {
        // a0 = ["lol" × 10], a1 = [a0 × 10], …, a6 = [a5 × 10]: 10^7 strings once expanded.
        var text = #"{"a0": ["# + Array(repeating: #""lol""#, count: 10).joined(separator: ",") + "]"
        for level in 1...6 {
            let alias = #"{"$alias": "a\#(level - 1)"}"#
            text += #", "a\#(level)": ["# + Array(repeating: alias, count: 10).joined(separator: ",") + "]"
        }
        text += "}"
        let bytes = Array(text.utf8)
        let (thrown, peak) = AllocationMeter.failure("readable JSON aliases of aliases", claiming: 10_000_000) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        #expect(peak < 64 * bytes.count, "\(String(describing: thrown))")
    }
}
