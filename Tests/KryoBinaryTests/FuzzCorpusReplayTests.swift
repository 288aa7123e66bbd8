import Foundation
import Testing

// FuzzLogic/ is a symbolic link to Fuzz/Sources/FuzzLogic: the same code the libFuzzer targets
// run (Docs/Reliability.md).

/// The inputs the fuzzers found that reached new coverage (minimized), and the reproducer of every
/// bug they found, each fed once to its target's decode and round trip: it must decode and survive
/// the round trip, or be refused with the library's typed error — never crash, never lose data.
@Suite struct FuzzCorpusReplayTests {
    /// Tests/Fixtures/fuzz: one folder per target.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    static let targets = FuzzTarget.all.map(\.name)

    /// The files of a target's corpus, sorted.
    static func inputs(_ name: String) throws -> [URL] {
        let folder = corpus.appendingPathComponent(name)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { folder.appendingPathComponent($0) }
    }

    @Test("The corpus of a fuzz target replays without a finding", arguments: targets)
    func replay(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let files = try Self.inputs(name)
        #expect(files.count >= 5, "\(name) has a corpus")
        // Most kept inputs are refusals (the smallest that reach an error path); that what
        // decodes round-trips is also checked by the seeds test below.
        for file in files {
            if case .finding(let problem) = target.run([UInt8](try Data(contentsOf: file))) {
                Issue.record("\(name)/\(file.lastPathComponent): \(problem)")
            }
        }
    }

    /// The targets whose seeds are all values the library encoded (the others also start from
    /// fixtures that need another setup, such as a Kryo stream of another schema).
    static let encodedSeeds: Set<String> = ["kryo-typed", "keyed-typed", "readable", "block-graph"]

    @Test("The seeds of a fuzz target decode and round-trip", arguments: targets)
    func seeds(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = target.seeds()
        #expect(seeds.count >= 4, "\(name) has seeds")
        var decoded = 0
        for (index, seed) in seeds.enumerated() {
            let outcome = target.run(seed)
            if case .finding = outcome { Issue.record("\(name) seed \(index): \(outcome)") }
            if outcome == .decoded {
                decoded += 1
            } else if Self.encodedSeeds.contains(name) {
                Issue.record("\(name) seed \(index), encoded by the library, does not decode: \(outcome)")
            }
        }
        #expect(decoded * 2 >= seeds.count, "\(name): \(decoded) of \(seeds.count) seeds decode")
    }
}

/// The round-trip targets compare values by `ValueDescription`; a false finding there would stop a
/// fuzzer on input the library handles correctly.
@Suite struct ValueDescriptionTests {
    final class Node {
        var name: String
        var next: Node?
        init(_ name: String) { self.name = name }
    }

    /// Two nodes referring to each other, listed by a dictionary in the order `first` says.
    static func pairInDictionary(firstListed: String) -> (graph: [String: Node], order: [String]) {
        let a = Node("a")
        let b = Node("b")
        a.next = b
        b.next = a
        // Dictionaries of different capacities (bucket counts, powers of two) list the same keys
        // in different orders; which order each gives depends on the process's hash seed, so
        // enough capacities are tried that one lists `firstListed` first (all 20 miss once in
        // a million runs).
        for capacity in (1...20).map({ 1 << $0 }) {
            var dictionary = [String: Node](minimumCapacity: capacity)
            dictionary["x"] = a
            dictionary["y"] = b
            if dictionary.keys.first == firstListed { return (dictionary, Array(dictionary.keys)) }
        }
        return (["x": a, "y": b], [])
    }

    @Test("Equal graphs with a cycle describe the same whichever member a dictionary lists first")
    func cycleInDictionary() throws {
        let xFirst = Self.pairInDictionary(firstListed: "x")
        let yFirst = Self.pairInDictionary(firstListed: "y")
        #expect(xFirst.order == ["x", "y"])
        #expect(yFirst.order == ["y", "x"])
        let first = try #require(ValueDescription.of(xFirst.graph))
        #expect(first == ValueDescription.of(yFirst.graph))
        #expect(first.contains("^"), "the cycle is written as a reference back")
    }

    @Test("A shared object that lies on no cycle is described the same at every use")
    func sharedAcyclic() throws {
        let shared = Node("s")
        let description = try #require(ValueDescription.of([shared, shared]))
        let separate = try #require(ValueDescription.of([Node("s"), Node("s")]))
        #expect(description == separate)
    }
}
