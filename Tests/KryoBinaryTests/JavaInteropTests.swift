import Foundation
import SwiftKryo
import Testing

/// Byte exchange with the real Java Kryo 2.20 (Debian's libkryo-java), both directions.
@Suite struct JavaInteropTests {
    static let caseNames = PeerCases.all.map(\.name)

    private func run() throws -> JavaPeerRun {
        switch JavaPeerRun.shared {
        case .success(let run): return run
        case .failure(let failure): throw failure
        }
    }

    private func peerCase(_ name: String) throws -> PeerCase {
        try #require(PeerCases.all.first { $0.name == name })
    }

    @Test("Java reads what Swift writes", arguments: caseNames)
    func javaReadsSwift(_ name: String) throws {
        let run = try run()
        let written = try #require(run.swiftBytes[name])
        if case .failure(let error) = written { Issue.record("Swift could not encode \(name): \(error)") }
        #expect(run.javaVerdicts[name] == "PASS", "\(run.javaVerdicts[name] ?? "no verdict")")
    }

    @Test("Swift reads what Java writes", arguments: caseNames)
    func swiftReadsJava(_ name: String) throws {
        let run = try run()
        let peerCase = try peerCase(name)
        let bytes = try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        if peerCase.readFails {
            #expect(throws: SerializationError.self, "\(name): Swift must reject these bytes") {
                try peerCase.decode(bytes)
            }
            return
        }
        let value = try peerCase.decode(bytes)
        if let failure = peerCase.check(value) { Issue.record("\(name): \(failure)") }
    }

    /// Across versions, Swift's reader does what Java's own does with Java's bytes — except that
    /// it reads deprecated tagged fields, which Java 2.20 drops and then rejects.
    @Test("Across versions, Swift reads what Java reads", arguments: PeerCases.evolutionNames)
    func evolutionMatchesJava(_ name: String) throws {
        let run = try run()
        let peerCase = try peerCase(name)
        let javaOutcome = try #require(run.javaOwnReads[name], "Java reported nothing for \(name)")
        let bytes = try #require(run.javaBytes[name])
        let swiftReads = (try? peerCase.decode(bytes)).map { peerCase.check($0) == nil } ?? false
        if name == "tagdep_1to2" {
            #expect(javaOutcome.hasPrefix("THROWS") && javaOutcome.contains("Unknown field tag: 3"), "\(javaOutcome)")
            #expect(swiftReads)
        } else {
            #expect(swiftReads == (javaOutcome == "READS"), "Java: \(javaOutcome); Swift reads: \(swiftReads)")
        }
    }

    @Test("Swift writes the bytes Java writes", arguments: PeerCases.all.filter(\.sameBytes).map(\.name))
    func sameBytes(_ name: String) throws {
        let run = try run()
        let java = try #require(run.javaBytes[name])
        guard case .success(let swift) = try #require(run.swiftBytes[name]) else { return }
        #expect(hex(swift) == hex(java))
    }
}
