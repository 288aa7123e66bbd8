import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Keyed archives, binary and XML, that claim a huge `$objects` table or refer to an object
/// billions of places past its end are refused before anything of that size is allocated (the
/// peak is measured by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    let codec: KeyedArchiveCodec

    init() throws { codec = KeyedArchiveCodec(registry: try keyedRegistry()) }

    /// A binary archive: `$top` = {root: `root`}, `$objects` = `objects` (each a plist object;
    /// `objects[0]` is the `$objects` array, whose references count from object 10).
    static func archive(root: [UInt8], objects: [[UInt8]]) -> [UInt8] {
        handBuiltBinaryPlist(
            [
                [0xD4, 1, 3, 5, 9, 2, 4, 6, 10], binaryPlistString("$archiver"),
                [0x5F, 0x10, 0x0F]
                    + Array("NSKeyedArchiver".utf8), binaryPlistString("$version"), [0x12, 0x00, 0x01, 0x86, 0xA0],
                binaryPlistString("$top"), [0xD1, 7, 8], binaryPlistString("root"), root,
                binaryPlistString("$objects"),
            ] + objects)
    }

    /// The decode error and the peak heap growth of decoding `bytes`, typed and untyped.
    func refusals(_ label: String, claiming claim: Int, _ bytes: [UInt8]) -> [(SerializationError?, Int)] {
        let untyped = AllocationMeter.failure("keyed \(label)", claiming: claim) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        let typed = AllocationMeter.failure("keyed \(label), typed", claiming: claim) {
            _ = try codec.decode(Note.self, from: bytes)
        }
        let unknown = AllocationMeter.failure("keyed \(label), unknown objects", claiming: claim) {
            _ = try codec.decodeArchive(from: bytes)
        }
        return [untyped, typed, unknown].map { ($0.error as? SerializationError, $0.peakBytes) }
    }

    @Test func anObjectsTableClaimingBillionsOfObjects() {
        // `$objects`: an array claiming 2^31 - 1 references.
        let bytes = Self.archive(root: [0x80, 0x01], objects: [[0xAF, 0x12, 0x7F, 0xFF, 0xFF, 0xFF]])
        for (error, peak) in refusals("$objects count", claiming: Int(Int32.max), bytes) {
            #expect(error?.kind == .lengthExceedsInput, "\(String(describing: error))")
            #expect(error?.offset != nil)
            #expect(peak < AllocationMeter.bound)
        }
    }

    @Test func aReferenceBillionsOfObjectsPastTheTable() {
        // root = UID 2^31 - 1; `$objects` = ["$null"].
        let bytes = Self.archive(
            root: [0x83, 0x7F, 0xFF, 0xFF, 0xFF], objects: [[0xA1, 11], binaryPlistString("$null")])
        for (error, peak) in refusals("UID 2^31 - 1", claiming: Int(Int32.max), bytes) {
            #expect(error?.kind == .invalidReference, "\(String(describing: error))")
            #expect(error?.path == ["root"], "\(String(describing: error))")
            #expect(peak < AllocationMeter.bound)
        }
    }

    @Test func anXMLArchiveReferringBillionsOfObjectsPastTheTable() {
        let bytes = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>2147483647</integer></dict></dict>
            <key>$objects</key><array><string>$null</string></array></dict></plist>
            """.utf8)
        for (error, peak) in refusals("XML UID 2^31 - 1", claiming: Int(Int32.max), bytes) {
            #expect(error?.kind == .invalidReference, "\(String(describing: error))")
            #expect(error?.path == ["root"], "\(String(describing: error))")
            #expect(peak < AllocationMeter.bound)
        }
    }

    @Test func anArrayReferringBillionsOfObjectsPastTheTable() {
        // root = an NSArray whose one element is UID 2^31 - 1.
        let bytes = Self.archive(
            root: [0x80, 0x01],
            objects: [
                [0xA3, 11, 12, 13], binaryPlistString("$null"), [0xD2, 14, 15, 16, 17], [0xD2, 18, 19, 20, 21],
                binaryPlistString("$class"), binaryPlistString("NS.objects"), [0x80, 0x02], [0xA1, 22],
                binaryPlistString("$classname"), binaryPlistString("$classes"), binaryPlistString("NSArray"),
                [0xA1, 20], [0x83, 0x7F, 0xFF, 0xFF, 0xFF],
            ])
        let (error, peak) = AllocationMeter.failure("keyed NSArray element UID 2^31 - 1", claiming: Int(Int32.max)) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        let failure = error as? SerializationError
        #expect(failure?.kind == .invalidReference, "\(String(describing: error))")
        #expect(failure?.path.first == "root", "\(String(describing: error))")
        #expect(peak < AllocationMeter.bound)
    }

    @Test func anObjectWhoseInlineArraysShareTheirElements() {
        // root = an object of class Laughs whose field f holds, inline, a0 = [a1 × 10], …,
        // a4 = ["lol" × 10]: 10^5 strings from 261 bytes once expanded.
        let laughs: [[UInt8]] = (0..<5).map { [0xAA] + Array(repeating: UInt8(18 + $0), count: 10) }
        let bytes = Self.archive(
            root: [0x80, 0x01],
            objects: [
                [0xA3, 11, 12, 13], binaryPlistString("$null"), [0xD2, 14, 15, 16, 17], [0xD2, 23, 24, 25, 26],
                binaryPlistString("$class"), binaryPlistString("f"), [0x80, 0x02],
            ] + laughs + [
                binaryPlistString("lol"), binaryPlistString("$classname"), binaryPlistString("$classes"),
                binaryPlistString("Laughs"), [0xA1, 25],
            ])
        #expect(bytes.count == 261)
        for (error, peak) in refusals("inline arrays sharing their elements", claiming: 100_000, bytes) {
            #expect(error?.kind == .sizeLimitExceeded, "\(String(describing: error))")
            #expect(peak < AllocationMeter.bound)
        }
    }
}
