import Foundation
import SwiftKryo
import Testing

/// The Kryo releases besides 2.20 whose peer tests run: 4 and 5 (their jars are the ones
/// Tests/run.sh fetches), unless `SWIFTKRYO_PEER_VERSIONS` names others (`5`, or empty for none).
enum PeerVersions {
    static let enabled: [Int] = {
        let setting = ProcessInfo.processInfo.environment["SWIFTKRYO_PEER_VERSIONS"] ?? "4,5"
        let named = Set(setting.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) })
        return [4, 5].filter(named.contains)
    }()

    /// The releases the tests are built for: the ones turned on, else both (the suite is then off).
    static let arguments = enabled.isEmpty ? [4, 5] : enabled
}

/// Byte exchange with the real Java Kryo 4.0.3 (Apache Spark's kryo-shaded) and Kryo 5.6.2 (as
/// Apache Flink 2 ships it), both directions: JavaInteropTests' four tests for each release, the
/// same cases, Swift in the release's dialect. The jars are the ones Tests/run.sh fetches.
///
/// `SWIFTKRYO_PEER_VERSIONS` may narrow the releases (`5`) or turn the suite off (empty).
@Suite(.enabled(if: !PeerVersions.enabled.isEmpty, "SWIFTKRYO_PEER_VERSIONS names no Kryo release"))
struct JavaInteropVersionsTests {
    static let arguments = PeerVersions.arguments
    static let caseNames = PeerCases.all.map(\.name)

    private func run(_ version: Int) throws -> JavaPeerRun {
        switch JavaPeerRun.shared(for: version) {
        case .success(let run): return run
        case .failure(let failure): throw failure
        }
    }

    private func peerCase(_ name: String) throws -> PeerCase {
        try #require(PeerCases.all.first { $0.name == name })
    }

    @Test("Java reads what Swift writes", arguments: arguments, caseNames)
    func javaReadsSwift(_ version: Int, _ name: String) throws {
        let run = try run(version)
        let written = try #require(run.swiftBytes[name])
        if case .failure(let error) = written {
            Issue.record("Kryo \(version): Swift could not encode \(name): \(error)")
        }
        #expect(run.javaVerdicts[name] == "PASS", "Kryo \(version): \(run.javaVerdicts[name] ?? "no verdict")")
    }

    @Test("Swift reads what Java writes", arguments: arguments, caseNames)
    func swiftReadsJava(_ version: Int, _ name: String) throws {
        let run = try run(version)
        let peerCase = try peerCase(name)
        let bytes = try #require(run.javaBytes[name], "Kryo \(version): Java wrote no bytes for \(name)")
        // Bytes Java's own reader rejects on this release (evolution cases), Swift must reject too.
        if run.javaOwnReads[name]?.hasPrefix("THROWS") ?? false {
            #expect(throws: SerializationError.self, "Kryo \(version): \(name): Swift must reject these bytes") {
                try peerCase.decode(bytes, kryo: version)
            }
            return
        }
        let value = try peerCase.decode(bytes, kryo: version)
        if let failure = peerCase.check(value, kryo: version) { Issue.record("Kryo \(version): \(name): \(failure)") }
    }

    /// Across versions of the classes, Swift's reader does what Java's own does with Java's bytes.
    @Test("Across versions, Swift reads what Java reads", arguments: arguments, PeerCases.evolutionNames)
    func evolutionMatchesJava(_ version: Int, _ name: String) throws {
        let run = try run(version)
        let peerCase = try peerCase(name)
        let javaOutcome = try #require(run.javaOwnReads[name], "Kryo \(version): Java reported nothing for \(name)")
        let bytes = try #require(run.javaBytes[name])
        let swiftReads =
            (try? peerCase.decode(bytes, kryo: version)).map { peerCase.check($0, kryo: version) == nil } ?? false
        #expect(
            swiftReads == (javaOutcome == "READS"), "Kryo \(version): Java: \(javaOutcome); Swift reads: \(swiftReads)")
    }

    @Test("Swift writes the bytes Java writes", arguments: arguments, PeerCases.all.filter(\.sameBytes).map(\.name))
    func sameBytes(_ version: Int, _ name: String) throws {
        let run = try run(version)
        let java = try #require(run.javaBytes[name])
        guard case .success(let swift) = try #require(run.swiftBytes[name]) else { return }
        #expect(hex(swift) == hex(java), "Kryo \(version)")
    }
}
