import Foundation
import SwiftKryo
import Testing

/// `java.time.Year` holds -999 999 999 to 999 999 999: a year beyond is an error both ways, as
/// Java's `Year.of` throws (a hand-edited document gave Java a stream it could not read).
@Suite struct JavaYearRangeTests {
    @Test(arguments: [KryoDialect.v4, .v5])
    func aYearBeyondJavasRangeIsAnError(_ dialect: KryoDialect) throws {
        let codec = KryoCodec(
            registry: try Registry(), dialect: dialect, options: SerializationOptions(registrationRequired: false))
        let last = JavaYear(999_999_999)
        #expect(try codec.decode(JavaYear.self, from: try codec.encode(last)) == last)
        let error = try #require(throws: SerializationError.self) { try codec.encode(JavaYear(1_000_000_000)) }
        #expect(error.kind == .unsupported)
        // The same year as Java would never write it: the bytes of 999 999 999 with one more.
        var bytes = try codec.encode(last)
        let tooFar = try codec.encode(JavaYear(-999_999_999))
        #expect(try codec.decode(JavaYear.self, from: tooFar) == JavaYear(-999_999_999))
        bytes = Array(bytes.dropLast(5)) + [0x80, 0x94, 0xEB, 0xDC, 0x03]  // 1 000 000 000 as a varint
        let readError = try #require(throws: SerializationError.self) { try codec.decode(JavaYear.self, from: bytes) }
        #expect(readError.kind == .invalidValue)
        #expect(readError.expected.hasPrefix("a year in"))
    }
}
