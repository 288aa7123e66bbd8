import Foundation
import SwiftKryo
import Testing

/// Kryo 5's serializer options against the real Kryo 5.6.2, both directions: the compatible and
/// tagged serializers' `readUnknownFieldData`/`readUnknownTagData` and `chunkedEncoding`,
/// `variableLengthEncoding` of every field serializer and `kryo.setOptimizedGenerics(false)`, in
/// each combination of ``KryoFiveOptions/combinations``, on the field-serialized beans and on every
/// evolution case (tagged and compatible, between two versions of each class). Swift sets the same
/// options per call (`CompatibleFieldSetting`, `TaggedFieldSetting`, `VariableLengthFieldsSetting`,
/// `OptimizedGenericsSetting`).
@Suite(.enabled(if: PeerVersions.enabled.contains(5), "SWIFTKRYO_PEER_VERSIONS leaves out Kryo 5"))
struct KryoFiveOptionsPeerTests {
    static let caseNames = KryoFiveOptions.cases.map(\.name)
    static let evolutionNames = KryoFiveOptions.cases.filter { $0.readConfig != nil }.map(\.name)

    private func run(_ options: KryoFiveOptions) throws -> JavaPeerRun {
        switch try #require(JavaPeerRun.kryo5WithOptions[options]) {
        case .success(let run): return run
        case .failure(let failure): throw failure
        }
    }

    private func peerCase(_ name: String) throws -> PeerCase {
        try #require(PeerCases.all.first { $0.name == name })
    }

    /// Java's reader does with Swift's bytes what it does with its own: reads the value, or (in
    /// the evolution cases the options decide) rejects the bytes, or reads them where the
    /// default options would not let it.
    @Test("Java reads what Swift writes, as it reads its own bytes", arguments: KryoFiveOptions.combinations, caseNames)
    func javaReadsSwift(_ options: KryoFiveOptions, _ name: String) throws {
        let run = try run(options)
        let peerCase = try peerCase(name)
        let written = try #require(run.swiftBytes[name])
        if case .failure(let error) = written { Issue.record("Swift could not encode \(name): \(error)") }
        let verdict = run.javaVerdicts[name] ?? "no verdict"
        let javaOwn = try #require(run.javaOwnReads[name], "Java reported nothing for \(name)")
        if javaOwn.hasPrefix("THROWS") {
            // Java rejects its own bytes, so it must reject Swift's.
            #expect(
                verdict == "PASS" && peerCase.readFails || verdict.contains("read threw"),
                "Java's own bytes: \(javaOwn); Swift's: \(verdict)")
        } else if peerCase.readFails {
            // Rejected with the default options, read with these: Java must read Swift's bytes too.
            #expect(verdict.contains("expected Java's reader to reject the bytes, but it read"), "\(verdict)")
        } else {
            #expect(verdict == "PASS", "\(verdict)")
        }
    }

    @Test("Swift reads what Java writes, as Java's own reader does", arguments: KryoFiveOptions.combinations, caseNames)
    func swiftReadsJava(_ options: KryoFiveOptions, _ name: String) throws {
        let run = try run(options)
        let peerCase = try peerCase(name)
        let bytes = try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        let javaOutcome = try #require(run.javaOwnReads[name], "Java reported nothing for \(name)")
        let swiftRead = Result { try peerCase.decode(bytes, kryo: 5, options: options) }
        switch (javaOutcome.hasPrefix("THROWS"), swiftRead) {
        case (true, .success(let value)):
            Issue.record("Java's reader rejects these bytes (\(javaOutcome)); Swift read \(String(describing: value))")
        case (true, .failure(let error)):
            #expect(error is SerializationError, "\(error)")
        case (false, .failure(let error)):
            Issue.record("Java: \(javaOutcome); Swift threw \(error)")
        case (false, .success(let value)):
            // Where Java reads another value than the case expects (an evolution case), Swift
            // must differ too; else it reads the expected value.
            let swiftMatches = peerCase.check(value, kryo: 5) == nil
            #expect(
                swiftMatches == (javaOutcome == "READS"), "Java: \(javaOutcome); Swift: \(String(describing: value))")
        }
    }

    @Test("Swift writes the bytes Java writes", arguments: KryoFiveOptions.combinations, caseNames)
    func sameBytes(_ options: KryoFiveOptions, _ name: String) throws {
        let peerCase = try peerCase(name)
        guard peerCase.sameBytes else { return }
        let run = try run(options)
        let java = try #require(run.javaBytes[name])
        guard case .success(let swift) = try #require(run.swiftBytes[name]) else { return }
        if swift != java {
            let first =
                zip(swift, java).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(swift.count, java.count)
            let from = max(0, first - 8)
            let swiftPart: String = hex(Array(swift[from..<min(swift.count, first + 24)]))
            let javaPart: String = hex(Array(java[from..<min(java.count, first + 24)]))
            Issue.record("first difference at byte \(first): Swift …\(swiftPart), Java …\(javaPart)")
        }
    }

    /// The options change the bytes: without them Swift writes another stream (so the cases above
    /// compare what the options do, not only the defaults).
    @Test("The options change the bytes", arguments: KryoFiveOptions.combinations)
    func optionsChangeTheBytes(_ options: KryoFiveOptions) throws {
        let run = try run(options)
        var changed = 0
        for peerCase in KryoFiveOptions.cases {
            guard case .success(let swift)? = run.swiftBytes[peerCase.name] else { continue }
            if try peerCase.encode(kryo: 5) != swift { changed += 1 }
        }
        #expect(changed >= 5, "only \(changed) cases differ from the default options")
    }
}
