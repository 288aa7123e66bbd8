import Foundation
import SwiftKryo
import Testing

/// An XML archive's reference (`{"CF$UID": n}`) with a number that is no UID (a negative one) is
/// named as such in errors and in `inspect`'s problems, not as "a dictionary".
@Suite struct NegativeReferenceTests {
    static let archive = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>$archiver</key><string>NSKeyedArchiver</string>
        <key>$version</key><integer>100000</integer>
        <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        <key>$objects</key><array>
        <string>$null</string>
        <dict><key>$class</key><dict><key>CF$UID</key><integer>-1</integer></dict></dict>
        </array>
        </dict></plist>
        """

    @Test func aNegativeReferenceIsNamed() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let error = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: Array(Self.archive.utf8))
        }
        #expect(error.found == "a CF$UID reference of the integer -1 (a reference is a whole number from 0)")
        #expect(error.expected == "a $class reference in object 1")
    }
}
