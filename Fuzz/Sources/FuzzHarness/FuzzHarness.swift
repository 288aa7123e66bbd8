import Foundation
import FuzzLogic

/// What the libFuzzer executables run (the replay test calls `FuzzTarget.run` directly).
public enum FuzzHarness {
    /// Feeds libFuzzer's input to `target`; a finding traps, which is how libFuzzer learns of it.
    public static func run(_ target: FuzzTarget, _ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let input = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
        if case .finding(let problem) = target.run(input) {
            fatalError("\(target.name): \(problem)")
        }
        return 0
    }

    /// With `FUZZ_WRITE_SEEDS=folder` in the environment, writes the target's seed inputs into
    /// that folder and exits (run.sh does this before the first run); otherwise does nothing.
    public static func initialize(_ target: FuzzTarget) -> CInt {
        guard let folder = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
        let directory = URL(fileURLWithPath: folder)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let seeds = target.seeds()
        for (index, seed) in seeds.enumerated() {
            let url = directory.appendingPathComponent("seed-\(String(index + 1_000).dropFirst())")
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(seed))
        }
        print("\(target.name): wrote \(seeds.count) seeds to \(folder)")
        exit(0)
    }
}
