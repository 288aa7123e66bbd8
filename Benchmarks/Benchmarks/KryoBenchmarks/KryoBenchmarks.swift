// package-benchmark entry: `swift package benchmark` (from Benchmarks/) runs every workload with
// wall-clock time, malloc counts and peak memory.
import Benchmark
import Workloads

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
    let workloads: [Workload]
    do {
        workloads = try makeWorkloads()
    } catch {
        fatalError("cannot build the workloads: \(error)")
    }
    for workload in workloads {
        Benchmark(workload.name) { benchmark in
            for _ in benchmark.scaledIterations {
                do { try workload.run() } catch { benchmark.error("\(error)") }
            }
        }
    }
}
