import Foundation
import SwiftKryo
import Testing

/// Numbers stored in `$objects` (the elements of an untyped list) take one entry per distinct
/// value, as Apple's archives share one `NSNumber`; each place reads its value back.
@Suite struct SharedNumberEntryTests {
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func equalNumbersShareAnEntry(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry(), format: format)
        let list: [Any?] = [Int32(7), Int32(7), 1.5, 1.5, true, true, Int32(8), -0.0, 0.0]
        let bytes = try codec.encode(list)
        let archive = try KeyedArchive(bytes: bytes)
        let numbers = archive.objects.compactMap { object -> String? in
            switch object {
            case .integer(let number): "i\(number)"
            case .real(let number): "r\(number)"
            case .bool(let flag): "b\(flag)"
            default: nil
            }
        }
        // 7, 1.5, true, 8, -0.0 and 0.0 (apart: their bits differ), once each.
        #expect(numbers.sorted() == ["b\(true)", "i7", "i8", "r-0.0", "r0.0", "r1.5"])
        let back = try codec.decode([Any?].self, from: bytes)
        #expect(back.count == list.count)
        #expect(back.map { "\($0 ?? "nil")" } == list.map { "\($0 ?? "nil")" })
        #expect(((back[7] as? Double)?.sign) == .minus)
    }
}
