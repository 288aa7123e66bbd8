// swift-tools-version: 6.0
// The block graph tests (C structs in raw memory) again, under AddressSanitizer: a package of its
// own, so that the sanitized build makes only what these tests need (SwiftKryo and the C
// fixtures), not the whole suite's targets. Tests/run.sh runs it; the sources are the main
// package's, through symbolic links.
import PackageDescription

let package = Package(
    name: "SwiftKryoASan",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SwiftKryo", path: "../..")],
    targets: [
        .target(name: "CBlockFixtures", path: "CBlockFixtures"),
        .target(name: "CAllocationMeter", path: "CAllocationMeter"),
        .testTarget(
            name: "KryoBlockGraphTests",
            dependencies: [.product(name: "SwiftKryo", package: "SwiftKryo"), "CBlockFixtures", "CAllocationMeter"],
            path: "KryoBlockGraphTests"),
    ],
    swiftLanguageModes: [.v6]
)
