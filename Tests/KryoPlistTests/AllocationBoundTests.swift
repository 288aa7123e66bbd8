import KryoCore
import KryoPlist
import Testing

/// The decode error of `bytes` and the peak heap growth of refusing them.
private func refusal(_ label: String, claiming claim: Int, _ bytes: [UInt8]) -> (SerializationError?, Int) {
    let (error, peak) = AllocationMeter.failure(label, claiming: claim) { _ = try PropertyList.decode(bytes) }
    return (error as? SerializationError, peak)
}

/// A property list that claims a huge count or length in a few bytes is refused before anything
/// of that size is allocated (the peak is measured by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    static let max32 = Int(Int32.max)

    @Test func aTrailerClaimingBillionsOfObjects() {
        for count: UInt64 in [UInt64(Self.max32), 1 << 62] {
            let bytes = handBuiltBinaryPlist([[0x10, 7]], objectCount: count)
            let (error, peak) = refusal("bplist trailer object count", claiming: Int(clamping: count), bytes)
            #expect(error?.kind == .lengthExceedsInput)
            #expect(error?.offset == bytes.count - 32 + 8)
            #expect(peak < AllocationMeter.bound)
        }
    }

    @Test func anOffsetTableBeyondTheFile() {
        let bytes = handBuiltBinaryPlist([[0x10, 7]], tableOffset: UInt64(Self.max32))
        let (error, peak) = refusal("bplist offset table offset", claiming: Self.max32, bytes)
        #expect(error?.kind == .lengthExceedsInput)
        #expect(error?.offset == bytes.count - 32 + 24)
        #expect(peak < AllocationMeter.bound)
    }

    @Test func objectsClaimingBillionsOfElementsOrBytes() {
        // Each count is 2^31 - 1, written as a 4-byte integer after the marker's 0xF.
        let count: [UInt8] = [0x12, 0x7F, 0xFF, 0xFF, 0xFF]
        let cases: [(label: String, object: [UInt8])] = [
            ("bplist array count", [0xAF] + count),
            ("bplist set count", [0xCF] + count),
            ("bplist dictionary count", [0xDF] + count),
            ("bplist data length", [0x4F] + count),
            ("bplist ASCII string length", [0x5F] + count),
            ("bplist UTF-16 string length", [0x6F] + count),
        ]
        for (label, object) in cases {
            let (error, peak) = refusal(label, claiming: Self.max32, handBuiltBinaryPlist([object]))
            #expect(error?.kind == .lengthExceedsInput, "\(label)")
            #expect(error?.offset.map { $0 >= 8 } == true, "\(label)")
            #expect(peak < AllocationMeter.bound, "\(label)")
        }
    }

    @Test func xmlGrowsWithItsTextOnly() {
        // XML states no counts: what a short document can make the reader build is bounded by its
        // length. Entities are not expanded (a "billion laughs" is an error), and an array of many
        // small values that never closes costs a small multiple of its text (a 7-byte `<true/>` is
        // a value of the tree, in an array that grows by doubling).
        let laughs = utf8(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
            <plist><string>&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;</string></plist>
            """)
        let (laughError, laughPeak) = refusal("XML plist entities", claiming: 16 * 20_000, laughs)
        #expect(laughError?.kind == .invalidValue)
        #expect(laughPeak < AllocationMeter.bound)
        let many = utf8("<plist><array>" + String(repeating: "<true/>", count: 20_000))
        let (manyError, manyPeak) = refusal("XML plist 20 000 values, unclosed", claiming: 20_000, many)
        #expect(manyError?.kind == .truncatedInput)
        #expect(manyPeak < 16 * many.count)
    }
}
