import Foundation
import SwiftKryo

extension FuzzTarget {
    /// The property-list readers, binary and XML (the layout is detected from the bytes). Round
    /// trip: the value written in the layout it was read from and read again is equal.
    public static let propertyList = FuzzTarget(
        name: "property-list", executable: "FuzzPropertyList",
        body: { input in
            let (value, format) = try PropertyList.decode(input)
            let written = try roundTripStep("writing the decoded value") {
                try PropertyList.encode(value, format: format)
            }
            let again = try roundTripStep("reading the written value") { try PropertyList.decode(written) }
            try requireEquivalent(value, again.value, "the property list written and read again")
            try requireEqual(format, again.format, "the layout written and read again")
        },
        seedInputs: {
            var seeds = RepositoryFiles.files(under: "Tests/Fixtures/keyed", extensions: [])
                .filter { !$0.starts(with: Array("# ".utf8)) }
            let sample = PropertyListValue.dictionary([
                "a": .array([.integer(1), .string("x"), .uid(3), .real(2.5), .date(1)]), "b": .data([1, 2]),
                "c": .bool(true), "é🙂": .string("ünïcode"),
            ])
            for format in [PropertyListFormat.binary, .xml] {
                if let bytes = try? PropertyList.encode(sample, format: format) { seeds.append(bytes) }
            }
            return seeds
        })

    /// Keyed archives decoded into the schema-declared `FuzzNode` graph. The bytes are a binary or
    /// XML property list (detected); the first byte picks the layout of the round trip (bit 0:
    /// binary, XML). Round trip: the graph archived and read again has the same shape and values.
    public static let keyedTyped = FuzzTarget(
        name: "keyed-typed", executable: "FuzzKeyedTyped",
        body: { input in
            let (mode, bytes) = split(input)
            let codec = try keyedCodec(mode, registry: FuzzNode.registry)
            let value = try codec.decode(FuzzNode?.self, from: bytes)
            defer { Dismantle.values(value) }
            let written = try roundTripStep("archiving the decoded graph") { try codec.encode(value) }
            let again = try roundTripStep("reading the archived graph") {
                try codec.decode(FuzzNode?.self, from: written)
            }
            defer { Dismantle.values(again) }
            // An XML property list writes any NaN as `nan`: its payload is not the format's.
            let nanPayloads = mode & 1 == 0
            try requireEqual(
                GraphDescription.of(value, integersByValue: true, nanPayloads: nanPayloads),
                GraphDescription.of(again, integersByValue: true, nanPayloads: nanPayloads),
                "the graph archived and read again")
            // A deep copy of what decoded has the same shape (sharing and cycles) and values.
            let copy = try roundTripStep("copying the decoded graph") { try codec.registry.copy(value) }
            defer { Dismantle.values(copy) }
            try requireEqual(GraphDescription.of(value), GraphDescription.of(copy), "the graph and its deep copy")
        },
        seedInputs: {
            guard let registry = FuzzNode.registry else { return [] }
            var seeds: [[UInt8]] = []
            let samples = FuzzNode.samples()
            defer { Dismantle.values(samples) }
            for (mode, format) in [(UInt8(0), PropertyListFormat.binary), (1, .xml)] {
                let codec = KeyedArchiveCodec(registry: registry, format: format)
                for sample in samples {
                    if let bytes = try? codec.encode(sample) { seeds.append([mode] + bytes) }
                }
            }
            return seeds
        })

    /// Keyed archives of anything (Foundation's classes, classes nobody registered: unknown
    /// objects, whole `$top` levels) through `KeyedArchiveCodec.decodeArchive(from:)`. The first
    /// byte picks the layout of the round trip (bit 0). Round trip: what decodes, archived and
    /// read again, is the same (see `ValueDescription`).
    public static let keyedUnknown = FuzzTarget(
        name: "keyed-unknown", executable: "FuzzKeyedUnknown",
        body: { input in
            let (mode, bytes) = split(input)
            let codec = try keyedCodec(mode, registry: plainRegistry)
            let value = try codec.decodeArchive(from: bytes)
            defer { Dismantle.values(value) }
            let written = try roundTripStep("archiving the decoded values") { try codec.encode(value) }
            let again = try roundTripStep("reading the archived values") { try codec.decodeArchive(from: written) }
            defer { Dismantle.values(again) }
            // An XML plist writes a date (an inline `<date>` of an unknown object) to the second
            // below, and any NaN as the text `nan`, as Apple's writer does (Docs/PropertyLists.md).
            let xml = codec.format == .xml
            try requireSameValues(
                value, again, "the values archived and read again", nanPayloads: !xml, datesToTheSecond: xml)
        },
        seedInputs: {
            RepositoryFiles.files(under: "Tests/Fixtures/keyed").filter { !$0.starts(with: Array("# ".utf8)) }
                .enumerated().map { index, bytes in [UInt8(index & 1)] + bytes }
        })

    /// Readable documents (JSON, XML and binary property lists; the layout is detected). The first
    /// byte picks typed (`FuzzNode`, bit 0 clear) or untyped (`Any?`) decoding and the layout of
    /// the round trip (bits 1–2: JSON, pretty JSON, binary plist, XML plist). Round trips: the
    /// document tree written and read again is what that layout's conventions make of it (see
    /// `ReadableValue.written(as:)`); a typed graph written and read again has the same shape and
    /// values; untyped values written and read again are the same.
    public static let readable = FuzzTarget(
        name: "readable", executable: "FuzzReadable",
        body: { input in
            let (mode, bytes) = split(input)
            guard let registry = FuzzNode.registry else {
                throw RoundTripMismatch(description: "the fuzz registry does not build")
            }
            let format = readableFormats[Int(mode >> 1) & 0x03]
            let codec = ReadableCodec(registry: registry, format: format)
            let (document, _) = try ReadableCodec.document(from: bytes)
            let documentBytes = try roundTripStep("writing the document") {
                try ReadableCodec.bytes(of: document, format: format)
            }
            let documentAgain = try roundTripStep("reading the written document") {
                try ReadableCodec.document(from: documentBytes).document
            }
            try requireEquivalent(
                document.written(as: format), documentAgain, "the document written and read again")
            if mode & 1 == 0 {
                // JSON text is read where it lies: as its tree is, to the same graph or error.
                let fromTree = Result { try codec.decode(FuzzNode?.self, from: document) }
                defer { if case .success(let value) = fromTree { Dismantle.values(value) } }
                let value: FuzzNode?
                do {
                    value = try codec.decode(FuzzNode?.self, from: bytes)
                } catch {
                    guard case .failure(let treeError) = fromTree else {
                        throw RoundTripMismatch(description: "the text failed (\(error)), its tree did not")
                    }
                    try requireEqual("\(error)", "\(treeError)", "the errors of the text and of its tree")
                    throw error
                }
                defer { Dismantle.values(value) }
                guard case .success(let treeValue) = fromTree else {
                    throw RoundTripMismatch(description: "the tree failed, its text did not")
                }
                try requireEqual(
                    GraphDescription.of(value), GraphDescription.of(treeValue), "the graphs of the text and of its tree"
                )
                let written = try roundTripStep("writing the decoded graph") { try codec.encode(value) }
                let again = try roundTripStep("reading the written graph") {
                    try codec.decode(FuzzNode?.self, from: written)
                }
                defer { Dismantle.values(again) }
                try requireEqual(
                    GraphDescription.of(value), GraphDescription.of(again), "the graph written and read again")
            } else {
                let value = try codec.decode(Any?.self, from: bytes)
                defer { Dismantle.values(value) }
                let written = try roundTripStep("writing the decoded values") { try codec.encode(value) }
                let again = try roundTripStep("reading the written values") {
                    try codec.decode(Any?.self, from: written)
                }
                defer { Dismantle.values(again) }
                // JSON writes any NaN as `NaN`, XML as `nan`: only a binary plist keeps its bits.
                try requireSameValues(
                    value, again, "the values written and read again", nanPayloads: format == .propertyList(.binary))
            }
        },
        seedInputs: {
            guard let registry = FuzzNode.registry else { return [] }
            var seeds: [[UInt8]] = []
            let samples = FuzzNode.samples()
            defer { Dismantle.values(samples) }
            for (index, format) in readableFormats.enumerated() {
                let codec = ReadableCodec(registry: registry, format: format)
                for sample in samples {
                    guard let bytes = try? codec.encode(sample) else { continue }
                    seeds.append([UInt8(index << 1)] + bytes)
                    seeds.append([UInt8(index << 1 | 1)] + bytes)
                }
            }
            let handWritten = """
                {"$class": "Library", "name": "Main", "featured": {"$alias": "shelves.0.books.1"},
                 "shelves": [{"$class": "Shelf", "library": {"$alias": "$root"}, "books": [
                   {"$class": "Book", "title": "Dune", "pages": 412, "price": 9.5,
                    "cover": {"$class": "NSData", "$data": "AAEC"}},
                   {"$class": "Book", "title": "Emma", "tags": ["classic"], "meta": {"year": 1815}}]}],
                 "owner": {"$class": "Person", "$classes": ["Person", "NSObject"], "name": "Ann", "$$id": 7}}
                """
            seeds.append([1] + Array(handWritten.utf8))
            return seeds
        })

    /// Schema files, YAML (first byte's bit 0 clear) or JSON. Round trip: the schema set written
    /// in both syntaxes and parsed again is equal; then a registry is built from it.
    public static let schemaFiles = FuzzTarget(
        name: "schema-files", executable: "FuzzSchemaFiles",
        body: { input in
            let (mode, bytes) = split(input)
            let format: SchemaFileFormat = mode & 1 == 0 ? .yaml : .json
            let text = String(decoding: bytes, as: UTF8.self)
            let set = try SchemaFiles.parse([SchemaFileText(text, fileName: "fuzz", format: format)])
            for (syntax, written) in [(SchemaFileFormat.yaml, SchemaFiles.yaml(set)), (.json, SchemaFiles.json(set))] {
                let again = try roundTripStep("parsing the \(syntax) written") {
                    try SchemaFiles.parse([SchemaFileText(written, fileName: "again", format: syntax)])
                }
                try requireEquivalent(set, again, "the schema set written as \(syntax) and parsed again")
            }
            _ = try Registry(schemas: set)
        },
        seedInputs: {
            let yaml =
                RepositoryFiles.files(under: "Schemas", extensions: [".yaml"])
                + RepositoryFiles.files(under: "Tests/Fixtures", extensions: [".yaml"])
            // Schemas/kryo-schema.json is the JSON Schema of schema files, not one of them.
            let json = RepositoryFiles.files(under: "Schemas", extensions: ["kryococoa.json"])
            return yaml.map { [0] + $0 } + json.map { [1] + $0 }
        })
}

/// The registry of Foundation's classes and the library's defaults.
let plainRegistry: Registry? = try? Registry()

/// The layouts readable round trips write, by bits 1–2 of a mode byte.
let readableFormats: [ReadableFormat] = [.json, .prettyJSON, .propertyList(.binary), .propertyList(.xml)]

/// A keyed-archive codec of `registry` that writes the layout bit 0 of `mode` picks.
func keyedCodec(_ mode: UInt8, registry: Registry?) throws -> KeyedArchiveCodec {
    guard let registry else { throw RoundTripMismatch(description: "the fuzz registry does not build") }
    return KeyedArchiveCodec(registry: registry, format: mode & 1 == 0 ? .binary : .xml)
}

extension ReadableValue {
    /// What this document tree is once written in `format` and read again, by each layout's
    /// documented conventions: JSON has no data, dates or non-finite numbers, and writes them as
    /// `{"$class": "NSData", "$data": base64}`, `{"$class": "NSDate", "NS.time": seconds}` and the
    /// strings `"NaN"`, `"Infinity"`, `"-Infinity"`, which it reads back as they are written
    /// (`ReadableJSON`); property lists have no null, and write it as `{"$class": "NSNull"}`, and
    /// XML writes a date it cannot hold to the second as the `NSDate` dictionary
    /// (`propertyListValue(layout:)`). The readable reader decodes each form as the value it
    /// stands for; the tree itself changes form, and that is no loss.
    func written(as format: ReadableFormat) -> ReadableValue {
        switch format {
        case .json, .prettyJSON:
            return writtenAsJSON()
        case .propertyList(let layout):
            // A tree from readable bytes holds no UID, the one value a readable tree refuses.
            let tree = (try? ReadableValue(propertyList: propertyListValue(layout: layout))) ?? self
            // XML writes any NaN as the text `nan`, which reads back as the one NaN (no payload).
            return layout == .xml ? tree.withPlainNaNs() : tree
        }
    }

    /// The tree with every NaN real the plain NaN.
    private func withPlainNaNs() -> ReadableValue {
        switch self {
        case .real(let number) where number.isNaN: return .real(.nan)
        case .array(let elements): return .array(elements.map { $0.withPlainNaNs() })
        case .dictionary(let entries): return .dictionary(entries.mapValues { $0.withPlainNaNs() })
        default: return self
        }
    }

    private func writtenAsJSON() -> ReadableValue {
        switch self {
        case .real(let number) where !number.isFinite:
            return .string(number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity")
        case .data(let bytes):
            return .dictionary(["$class": .string("NSData"), "$data": .string(Data(bytes).base64EncodedString())])
        case .date(let seconds):
            return .dictionary(["$class": .string("NSDate"), "NS.time": ReadableValue.real(seconds).writtenAsJSON()])
        case .array(let elements):
            return .array(elements.map { $0.writtenAsJSON() })
        case .dictionary(let entries):
            return .dictionary(entries.mapValues { $0.writtenAsJSON() })
        default:
            return self
        }
    }
}
