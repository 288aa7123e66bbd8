import Foundation
import SwiftKryo

/// The backends a mode byte picks for the block-graph and rich-text targets.
enum Backend: CaseIterable {
    case kryo2, kryo5, keyedBinary, keyedXML, readableJSON, readablePlist

    init(_ mode: UInt8) { self = Backend.allCases[Int(mode) % Backend.allCases.count] }

    var byte: UInt8 { UInt8(Backend.allCases.firstIndex(of: self) ?? 0) }

    var format: SerializationFormat {
        switch self {
        case .kryo2: .kryo(.v2)
        case .kryo5: .kryo(.v5)
        case .keyedBinary: .keyedArchive(.binary)
        case .keyedXML: .keyedArchive(.xml)
        case .readableJSON: .readable(.json)
        case .readablePlist: .readable(.propertyList(.binary))
        }
    }
}

/// Two C-like block layouts declared by their numbers: a 40-byte node with three pointers (two to
/// nodes, one to a leaf) and two scalars, and a 16-byte leaf with two scalars and raw bytes.
enum FuzzBlocks {
    static let layouts: BlockLayouts? = try? BlockLayouts([
        BlockLayout(
            name: "Node", size: 40, alignment: 8,
            pointers: [
                BlockPointer(offset: 0, to: "Node"), BlockPointer(offset: 8, to: "Node"),
                BlockPointer(offset: 16, to: "Leaf"),
            ],
            scalars: [BlockScalar(offset: 24, width: 8), BlockScalar(offset: 32, width: 4)]),
        BlockLayout(name: "Leaf", size: 16, alignment: 4, scalars: [BlockScalar(offset: 0, width: 4)]),
    ])

    /// Registries writing the machine's byte order and the other one.
    static let registries: [Registry?] = BlockByteOrder.allCases.map { order in
        layouts.flatMap { layouts in try? Registry { layouts.registrations(firstID: 40, byteOrder: order) } }
    }

    /// Encodes a sample graph: a ring of three nodes whose first two share one leaf, built in
    /// memory this function owns and frees.
    static func sample(_ registry: Registry, as format: SerializationFormat) -> [UInt8]? {
        let nodes = (0..<3).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 40, alignment: 8) }
        let leaf = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        defer {
            for node in nodes { node.deallocate() }
            leaf.deallocate()
        }
        leaf.initializeMemory(as: UInt8.self, repeating: 0x41, count: 16)
        leaf.storeBytes(of: UInt32(0xDEAD_BEEF), as: UInt32.self)
        for (index, node) in nodes.enumerated() {
            node.initializeMemory(as: UInt8.self, repeating: 0, count: 40)
            node.storeBytes(of: nodes[(index + 1) % 3], toByteOffset: 0, as: UnsafeMutableRawPointer?.self)
            node.storeBytes(of: index == 0 ? nil : nodes[0], toByteOffset: 8, as: UnsafeMutableRawPointer?.self)
            node.storeBytes(of: index < 2 ? leaf : nil, toByteOffset: 16, as: UnsafeMutableRawPointer?.self)
            node.storeBytes(of: Double(index) + 0.5, toByteOffset: 24, as: Double.self)
            node.storeBytes(of: Int32(-index), toByteOffset: 32, as: Int32.self)
        }
        let data = try? registry.encode(BlockGraph(root: nodes[0], layout: "Node"), as: format)
        return data.map { [UInt8]($0) }
    }
}

extension FuzzTarget {
    /// Block graphs (C structs joined by pointers) in every backend. The first byte picks the
    /// backend (`% 6`: Kryo 2.20, Kryo 5, keyed binary, keyed XML, readable JSON, readable binary
    /// plist) and the byte order archives are written in (bit 3: the machine's, the other).
    /// Round trip: the graph decoded, written, read and written again gives the same bytes (the
    /// writer lists blocks breadth first from the root, so equal graphs give equal bytes).
    public static let blockGraph = FuzzTarget(
        name: "block-graph", executable: "FuzzBlockGraph",
        body: { input in
            let (mode, bytes) = split(input)
            guard let registry = FuzzBlocks.registries[Int(mode >> 3) & 1] else {
                throw RoundTripMismatch(description: "the block layouts do not build")
            }
            let format = Backend(mode & 0x07).format
            let graph = try registry.decode(BlockGraph.self, from: Data(bytes), as: format)
            let written = try roundTripStep("writing the decoded graph") { try registry.encode(graph, as: format) }
            let again = try roundTripStep("reading the written graph") {
                try registry.decode(BlockGraph.self, from: written, as: format)
            }
            let rewritten = try roundTripStep("writing the graph read again") { try registry.encode(again, as: format) }
            try requireEqual(written, rewritten, "the bytes of the graph written, read and written again")
        },
        seedInputs: {
            var seeds: [[UInt8]] = []
            for (orderIndex, registry) in FuzzBlocks.registries.enumerated() {
                guard let registry else { continue }
                for backend in Backend.allCases {
                    if let bytes = FuzzBlocks.sample(registry, as: backend.format) {
                        seeds.append([backend.byte | UInt8(orderIndex << 3)] + bytes)
                    }
                }
            }
            return seeds
        })

    /// Rich text (attributed text, fonts, colors, paragraph styles, shadows, attachments) in every
    /// backend, decoded as whatever the input holds. The first byte picks the backend (as for
    /// block graphs) and, for keyed archives, the flavour written back (bit 3 clear: as read; set:
    /// bit 4 picks AppKit or UIKit). Round trip: a decoded value written and read again is equal
    /// (values that are not `Hashable`: the same, see `ValueDescription`). A flavour asked for
    /// translates the classes read (a `UIColor` written as an `NSColor`) by design, so then the
    /// value read back must be a fixed point: written and read once more, the same.
    public static let richText = FuzzTarget(
        name: "rich-text", executable: "FuzzRichText",
        body: { input in
            let (mode, bytes) = split(input)
            guard let registry = richTextRegistry else {
                throw RoundTripMismatch(description: "the rich-text registry does not build")
            }
            let format = Backend(mode & 0x07).format
            // The Kryo binary takes its dialect's defaults (Kryo 5: references off); keyed archives
            // are written in the flavour the mode picks.
            var options: SerializationOptions?
            let translates = format.family == .keyedArchive && mode & 0x08 != 0
            if translates {
                var keyed = SerializationOptions.default
                keyed.richText = RichTextOptions(flavor: mode & 0x10 == 0 ? .appKit : .uiKit)
                options = keyed
            }
            let value = try registry.decode(Any?.self, from: Data(bytes), as: format, options: options)
            defer { Dismantle.values(value) }
            func writtenAndRead(_ original: Any?, _ what: String) throws -> Any? {
                let written = try roundTripStep("writing the \(what)") {
                    try registry.encode(original, as: format, options: options)
                }
                return try roundTripStep("reading the written \(what)") {
                    try registry.decode(Any?.self, from: written, as: format, options: options)
                }
            }
            let again = try writtenAndRead(value, "decoded value")
            defer { Dismantle.values(again) }
            let (first, second): (Any?, Any?)
            if translates {
                let fixed = try writtenAndRead(again, "value read back")
                (first, second) = (again, fixed)
            } else {
                (first, second) = (value, again)
            }
            defer { if translates { Dismantle.values(second) } }
            // XML writes any NaN as `nan`, JSON as `NaN`: their NaNs read back as the one NaN.
            let nanPayloads = ![.keyedXML, .readableJSON].contains(Backend(mode & 0x07))
            if let first = first as? AnyHashable, let second = second as? AnyHashable {
                try requireEquivalent(first, second, "the value written and read again", nanPayloads: nanPayloads)
            } else {
                try requireSameValues(first, second, "the values written and read again", nanPayloads: nanPayloads)
            }
            // A deep copy of the rich text that decoded is the same rich text.
            let copy = try roundTripStep("copying the decoded value") { try registry.copy(value) }
            defer { Dismantle.values(copy) }
            if let first = value as? AnyHashable, let second = copy as? AnyHashable {
                try requireEquivalent(first, second, "the value and its deep copy")
            } else {
                try requireSameValues(value, copy, "the value and its deep copy")
            }
        },
        seedInputs: {
            guard let registry = richTextRegistry else { return [] }
            var seeds: [[UInt8]] = []
            let fixtures = [
                "mac/scf-NSAttributedString.archive", "mac/scf-NSMutableAttributedString.archive",
                "mac/dracula-Font.bplist", "mac/dracula-BackgroundColor.bplist",
                "ios/vectornator-textstorage-styles-7runs.bplist",
            ]
            for (index, fixture) in fixtures.enumerated() {
                if let bytes = RepositoryFiles.bytes("Tests/Fixtures/keyed/" + fixture) {
                    seeds.append([Backend.keyedBinary.byte | [0x00, 0x08, 0x18][index % 3]] + bytes)
                }
            }
            for value in sampleRichText() {
                for backend in Backend.allCases {
                    if let data = try? registry.encode(value, as: backend.format) {
                        seeds.append([backend.byte] + data)
                    }
                }
            }
            return seeds
        })

    /// The library's rich-text registrations, with ids for the Kryo binary.
    static let richTextRegistry: Registry? = try? Registry { RichText.registrations(firstID: 40) }

    static func sampleRichText() -> [Any] {
        var heading = TextAttributes()
        heading.font = Font(name: "Helvetica-Bold", pointSize: 24)
        heading.foregroundColor = .rgb(0.2, 0.4, 0.6, alpha: 0.8, space: .sRGB)
        var style = ParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 2
        style.tabStops = [TextTab(location: 28), TextTab(location: 56, alignment: .right)]
        heading.paragraphStyle = style
        var body = TextAttributes()
        body.backgroundColor = .gray(0.9, alpha: 0.5, space: .calibrated)
        body.underlineStyle = 9
        body.underlineColor = Color(.cmyk(cyan: 0.1, magenta: 0.2, yellow: 0.3, black: 0.4))
        body.shadow = Shadow(uiKitOffset: 2, 3, blurRadius: 4, color: .gray(0, alpha: 0.33))
        body.link = .string("mailto:someone@example.com")
        body.attachment = TextAttachment(contents: [0x89, 0x50, 0x4E, 0x47], fileName: "pixel.png")
        let text = try? AttributedText(
            "Heading\nBody é🙂\u{FFFC}",
            runs: [TextRun(length: 8, attributes: heading), TextRun(length: 9, attributes: body)])
        return [text as Any, Color.rgb(1, 0, 0), Font(name: "Menlo", pointSize: 11), style]
    }
}
