// swift-tools-version: 6.0
// libFuzzer targets for SwiftKryo's decoders (Docs/Reliability.md). A package of its own, so that
// the library's build does not change; build it with ./build.sh, run it with ./run.sh.
import PackageDescription

/// One libFuzzer executable per target; its logic is in FuzzLogic (shared with the replay test).
let fuzzTargets = [
    "FuzzKryoTyped", "FuzzKryoDynamic", "FuzzPropertyList", "FuzzKeyedTyped", "FuzzKeyedUnknown", "FuzzReadable",
    "FuzzSchemaFiles", "FuzzBlockGraph", "FuzzRichText",
]

let package = Package(
    name: "SwiftKryoFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SwiftKryo", path: "..")],
    targets: [
        .target(name: "FuzzLogic", dependencies: [.product(name: "SwiftKryo", package: "SwiftKryo")]),
        .target(name: "FuzzHarness", dependencies: ["FuzzLogic"]),
    ]
        + fuzzTargets.map { name in
            .executableTarget(name: name, dependencies: ["FuzzHarness"])
        },
    swiftLanguageModes: [.v6]
)
