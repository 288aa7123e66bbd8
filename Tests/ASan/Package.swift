// swift-tools-version: 6.0
// The block graph tests (C structs in raw memory) again, under AddressSanitizer: a package of its
// own, so that the sanitized build makes only what these tests need (SwiftKryo and the C
// fixtures), not the whole suite's targets. Tests/run.sh runs it; the sources are the main
// package's, through symbolic links (Sources/, CBlockFixtures, CAllocationMeter,
// KryoBlockGraphTests).
//
// The library's targets are declared here again rather than taken from the main package, so that
// SwiftKryo is built without its macros (Macros.swift excluded): the macros' compiler plug-in would
// make this build compile swift-syntax too, which these tests do not use. Keep the targets and
// their dependencies in step with ../../Package.swift.
import PackageDescription

let package = Package(
    name: "SwiftKryoASan",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .target(
            name: "KryoCore", dependencies: [.product(name: "OrderedCollections", package: "swift-collections")],
            path: "Sources/KryoCore"),
        .target(name: "KryoCodable", dependencies: ["KryoCore"], path: "Sources/KryoCodable"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto"),
        .target(
            name: "KryoBinary",
            dependencies: [
                "KryoCore", "CZlib",
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ],
            path: "Sources/KryoBinary"),
        .target(
            name: "KryoPlist",
            dependencies: ["KryoCore", .product(name: "OrderedCollections", package: "swift-collections")],
            path: "Sources/KryoPlist"),
        // The elements of Foundation's collections (NSArray, NSDictionary…) as the keyed and readable
        // writers walk them; package access only.
        .target(name: "KryoFoundationCollections", path: "Sources/KryoFoundationCollections"),
        .target(
            name: "KryoKeyed",
            dependencies: [
                "KryoCore", "KryoFoundationCollections", "KryoPlist",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Sources/KryoKeyed"),
        .target(name: "KryoJSON", dependencies: ["KryoCore"], path: "Sources/KryoJSON"),
        .target(
            name: "KryoReadable",
            dependencies: [
                "KryoCore", "KryoFoundationCollections", "KryoJSON", "KryoPlist",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Sources/KryoReadable"),
        .target(
            name: "KryoRichText",
            dependencies: [
                "KryoCore", "KryoBinary", "KryoKeyed", "KryoReadable",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Sources/KryoRichText"),
        .target(
            name: "KryoSchemaFiles", dependencies: ["KryoCore", "KryoJSON", .product(name: "Yams", package: "Yams")],
            path: "Sources/KryoSchemaFiles"),
        .target(name: "KryoBlockGraph", dependencies: ["KryoCore"], path: "Sources/KryoBlockGraph"),
        .target(
            name: "SwiftKryo",
            dependencies: [
                "KryoCore", "KryoCodable", "KryoBinary", "KryoPlist", "KryoKeyed", "KryoReadable", "KryoRichText",
                "KryoSchemaFiles", "KryoBlockGraph", .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Sources/SwiftKryo", exclude: ["Macros.swift"]),
        .target(name: "CBlockFixtures", path: "CBlockFixtures"),
        .target(name: "CAllocationMeter", path: "CAllocationMeter"),
        .testTarget(
            name: "KryoBlockGraphTests",
            dependencies: ["SwiftKryo", "CBlockFixtures", "CAllocationMeter"],
            path: "KryoBlockGraphTests"),
    ],
    swiftLanguageModes: [.v6]
)
