import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Rich text that claims billions of runs (Kryo binary) or a run of billions of characters (a
/// keyed archive's `NSAttributeInfo`) is refused before anything of that size is allocated (the
/// peak is measured by `AllocationMeter`, not guessed from time).
@Suite struct AllocationBoundTests {
    @Test(arguments: KryoDialect.all)
    func aClaimedRunCount(_ dialect: KryoDialect) throws {
        let registry = try Registry { RichText.registrations(firstID: 40) }
        let kryo = KryoCodec(registry: registry, dialect: dialect)
        // The empty text: its string, then its run count (0), the last byte.
        let empty = try kryo.encode(try AttributedText("", runs: []))
        #expect(empty.last == 0)
        let claim = Array(empty.dropLast()) + [0xFF, 0xFF, 0xFF, 0xFF, 0x07]
        let (thrown, peak) = AllocationMeter.failure("rich text \(dialect) run count", claiming: Int(Int32.max)) {
            _ = try kryo.decode(AttributedText.self, from: claim)
        }
        let error = try #require(thrown as? SerializationError, "\(String(describing: thrown))")
        #expect(error.kind == .lengthExceedsInput, "\(error)")
        #expect(error.offset == claim.count, "\(error)")  // where the runs would start
        #expect(peak < AllocationMeter.bound)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func aClaimedRunLength(_ format: PropertyListFormat) throws {
        var codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        codec.format = format
        var archive = try codec.archive(try MalformedRichTextTests.text())
        // One run of 2^56 - 1 characters (the longest LEB128 number `NSAttributeInfo` takes).
        try MalformedRichTextTests.replaceInfo(in: &archive, with: Array(repeating: 0xFF, count: 7) + [0x7F, 0])
        let bytes = try archive.bytes(format: format)
        let (thrown, peak) = AllocationMeter.failure("rich text \(format) run length", claiming: 1 << 56 - 1) {
            _ = try codec.decode(Any?.self, from: bytes)
        }
        let error = try #require(thrown as? SerializationError, "\(String(describing: thrown))")
        #expect(error.kind == .invalidValue, "\(error)")
        #expect(error.expected.contains("a run of 1 to 11 UTF-16 units"), "\(error)")
        #expect(error.path == ["root"], "\(error)")
        #expect(peak < AllocationMeter.bound)
    }
}
