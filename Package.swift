// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

/// Set by Fuzz/build.sh: the libFuzzer build instruments and links every module it builds with
/// libFuzzer, the macros' compiler plug-in included, whose `main` then clashes with libFuzzer's
/// (and swift-syntax would be built with AddressSanitizer for nothing). The fuzz targets use no
/// macro, so that build leaves the macros out of SwiftKryo.
let withoutMacros = Context.environment["SWIFTKRYO_WITHOUT_MACROS"] != nil

let package = Package(
    name: "SwiftKryo",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SwiftKryo", targets: ["SwiftKryo"]),
        .executable(name: "kryo", targets: ["KryoTool"]),
        .executable(name: "kryo-example", targets: ["KryoExample"]),
        .library(name: "KryoNet", targets: ["KryoNet"]),
        // KryoNet's protocol without the network: its framework messages and registration order,
        // frames, and the inspector of captured streams (no SwiftNIO).
        .library(name: "KryoNetProtocol", targets: ["KryoNetProtocol"]),
        .executable(name: "kryonet-chat-server", targets: ["KryoNetChatServer"]),
        .executable(name: "kryonet-chat-client", targets: ["KryoNetChatClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // `swift package generate-documentation` (Docs/generate-documentation.sh); a plugin only, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // For the @JavaClass and @JavaEnum macros: any of 600, 601, 602 and 603 (`from:` would stay
        // within 600). 602 and later speak the plug-in protocol of Swift 6.2 and 6.3 compilers
        // without noise; 600's plug-in prints "Internal Error: DecodingError" when they close it.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        .target(
            name: "KryoCore", dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]),
        // The Codable bridge: any Codable type registered without a serializer (CodableSerializer).
        // The core finds its conversions of untyped maps and lists at run time (DecodableConversion).
        .target(name: "KryoCodable", dependencies: ["KryoCore"]),
        // The system's zlib, for DeflateSerializer (Debian/Ubuntu: zlib1g-dev; in Apple's SDKs).
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The system's OpenSSL libcrypto, for BlowfishSerializer's cipher (Debian/Ubuntu: libssl-dev).
        // Linked on Linux only: Apple platforms use CommonCrypto, which their SDKs ship.
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "KryoBinary",
            dependencies: [
                "KryoCore", "CZlib",
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ]),
        .target(
            name: "KryoPlist",
            dependencies: ["KryoCore", .product(name: "OrderedCollections", package: "swift-collections")]),
        // The elements of Foundation's collections (NSArray, NSDictionary…) as the keyed and readable
        // writers walk them; package access only.
        .target(name: "KryoFoundationCollections"),
        .target(
            name: "KryoKeyed",
            dependencies: [
                "KryoCore", "KryoFoundationCollections", "KryoPlist",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        // The one strict JSON parser: the readable backend's and the schema files' syntax check.
        .target(name: "KryoJSON", dependencies: ["KryoCore"]),
        .target(
            name: "KryoReadable",
            dependencies: [
                "KryoCore", "KryoFoundationCollections", "KryoJSON", "KryoPlist",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        .target(
            name: "KryoRichText",
            // The three backends declare the format families whose forms the rich-text types have.
            dependencies: [
                "KryoCore", "KryoBinary", "KryoKeyed", "KryoReadable",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        .target(
            name: "KryoSchemaFiles", dependencies: ["KryoCore", "KryoJSON", .product(name: "Yams", package: "Yams")]),
        .target(name: "KryoBlockGraph", dependencies: ["KryoCore"]),
        // The compiler plug-in of the @JavaClass and @JavaEnum macros, which SwiftKryo declares.
        .macro(
            name: "KryoMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        .target(
            name: "SwiftKryo",
            dependencies: [
                "KryoCore", "KryoCodable", "KryoBinary", "KryoPlist", "KryoKeyed", "KryoReadable", "KryoRichText",
                "KryoSchemaFiles", "KryoBlockGraph", .product(name: "OrderedCollections", package: "swift-collections"),
            ] + (withoutMacros ? [] : ["KryoMacros"]),
            exclude: withoutMacros ? ["Macros.swift"] : []),
        .executableTarget(name: "KryoExample", dependencies: ["SwiftKryo"]),
        // KryoNet's protocol without the network: the framework messages, KryoNetSerialization's
        // registrations and options, the TCP frame, and the inspector of captured streams. The
        // `kryo` tool uses it without SwiftNIO; KryoNet re-exports it.
        .target(name: "KryoNetProtocol", dependencies: ["KryoCore", "KryoBinary"]),
        // KryoNet's protocol on SwiftNIO: a library of its own, so that users of the serialization
        // library alone do not build SwiftNIO.
        .target(
            name: "KryoNet",
            dependencies: [
                "KryoCore", "KryoBinary", "KryoNetProtocol", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // KryoNet's chat example, wire-compatible with the Java one (Examples/Chat).
        .target(name: "KryoNetChat", dependencies: ["SwiftKryo", "KryoNet"], path: "Examples/Chat/KryoNetChat"),
        .executableTarget(
            name: "KryoNetChatServer", dependencies: ["SwiftKryo", "KryoNet", "KryoNetChat"],
            path: "Examples/Chat/Server"),
        .executableTarget(
            name: "KryoNetChatClient", dependencies: ["SwiftKryo", "KryoNet", "KryoNetChat"],
            path: "Examples/Chat/Client"),
        .executableTarget(
            name: "KryoTool",
            dependencies: [
                "SwiftKryo", "KryoNetProtocol", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // A counting allocator for the tests that check a decoder's allocation is bounded by its
        // input: on glibc it replaces `malloc` for the test process (Tests/Shared/AllocationMeter.swift).
        .target(name: "CAllocationMeter", path: "Tests/CAllocationMeter"),
        .testTarget(name: "KryoCoreTests", dependencies: ["KryoCore"]),
        // The macros as a user's compiler runs them: the tests type-check small sources with
        // swiftc, the built KryoMacros plug-in and the built SwiftKryo module, and read back the
        // expansions, diagnostics and fix-its. No swift-syntax here: only the plug-in builds it,
        // once, for the host.
        .testTarget(name: "KryoMacrosTests", dependencies: ["SwiftKryo"]),
        .testTarget(name: "KryoBinaryTests", dependencies: ["SwiftKryo", "KryoTool", "CAllocationMeter"]),
        .testTarget(name: "KryoPlistTests", dependencies: ["KryoPlist", "CAllocationMeter"]),
        .testTarget(name: "KryoKeyedTests", dependencies: ["SwiftKryo", "CAllocationMeter"]),
        .testTarget(name: "KryoReadableTests", dependencies: ["SwiftKryo", "CAllocationMeter"]),
        .testTarget(name: "KryoSchemaFilesTests", dependencies: ["KryoSchemaFiles", "CAllocationMeter"]),
        .testTarget(name: "KryoRichTextTests", dependencies: ["SwiftKryo", "CAllocationMeter"]),
        // C structs joined by pointers, and the C functions that build, check and free them.
        .target(name: "CBlockFixtures", path: "Tests/CBlockFixtures"),
        .testTarget(name: "KryoBlockGraphTests", dependencies: ["SwiftKryo", "CBlockFixtures", "CAllocationMeter"]),
        // KryoTool: the tests run `kryo inspect` on captures the Java endpoint sent.
        .testTarget(name: "KryoNetTests", dependencies: ["SwiftKryo", "KryoNet", "KryoNetChat", "KryoTool"]),
    ],
    swiftLanguageModes: [.v6]
)
