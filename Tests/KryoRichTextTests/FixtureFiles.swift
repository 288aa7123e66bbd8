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
