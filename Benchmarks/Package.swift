// swift-tools-version: 6.1
// Benchmarks for SwiftKryo, kept apart from the library so that its build and tests do not pay
// for these dependencies. `swift package benchmark` runs the package-benchmark target;
// `bash run.sh` runs the Swift workloads and the Java Kryo 5.6.2, 4.0.3 and 2.20 harness in one sitting,
// then the KryoNet benchmark (kryonet.sh: Swift and Java servers and clients over loopback).
import PackageDescription

let package = Package(
    name: "SwiftKryoBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "SwiftKryo", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
    ],
    targets: [
        .target(
            name: "MediaProto",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        .target(
            name: "Workloads", dependencies: [.product(name: "SwiftKryo", package: "SwiftKryo"), "MediaProto"],
            // The benchmark's model classes, like Java's, without run-time exclusivity checks on
            // their properties (see Docs/Performance.md); the library does not depend on this.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
        // Counts the calls to malloc and its kin (interposed on Linux with glibc) for kryo-compare's
        // allocations per operation. Only kryo-compare links it: package-benchmark's executable has
        // its own malloc interposer, and two definitions of malloc cannot meet in one program.
        .target(name: "AllocationCounter"),
        .executableTarget(name: "kryo-compare", dependencies: ["Workloads", "AllocationCounter"]),
        // The Swift side of the KryoNet benchmark (kryonet.sh), against JavaKryoNet/KryoNetBench.java.
        .executableTarget(
            name: "kryonet-bench", dependencies: ["Workloads", .product(name: "KryoNet", package: "SwiftKryo")]),
        .executableTarget(
            name: "KryoBenchmarks",
            dependencies: ["Workloads", .product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/KryoBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
