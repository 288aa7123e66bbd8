import Foundation

/// The real keyed archives in Tests/Fixtures/keyed (see its README for where each comes from).
enum FixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/keyed")

    /// The bytes of `name` (a path under Tests/Fixtures/keyed).
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// A keyed archive written by hand as an XML property list: `$objects` after `$null` (so the
/// first given is UID 1, the root), references written with ``uid(_:)``.
enum HandWrittenArchive {
    static func xml(objects: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key>\(uid(1))</dict>
            <key>$objects</key><array><string>$null</string>
            \(objects)
            </array></dict></plist>
            """.utf8)
    }

    /// The XML form of a reference to entry `index` of `$objects`.
    static func uid(_ index: Int) -> String { "<dict><key>CF$UID</key><integer>\(index)</integer></dict>" }

    /// The class description of `chain` (the class first).
    static func classDescription(_ chain: [String]) -> String {
        "<dict><key>$classname</key><string>\(chain[0])</string><key>$classes</key><array>"
            + chain.map { "<string>\($0)</string>" }.joined() + "</array></dict>"
    }
}
