import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// Malformed colors, runs past the end of the text and attribute indexes out of range are thrown
/// errors that name the key path, never crashes.
@Suite struct MalformedRichTextTests {
    let codec: KeyedArchiveCodec

    init() throws {
        codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
    }

    /// The archive of `value` with the first object of class `className` changed by `change`.
    func archive(
        of value: Any, editing className: String, _ change: (inout PropertyListDictionary) -> Void
    ) throws -> KeyedArchive {
        var archive = try codec.archive(value)
        for (index, object) in archive.objects.enumerated() {
            guard case .dictionary(var entries) = object, case .uid(let uid)? = entries["$class"],
                case .dictionary(let description) = archive.objects[Int(uid)],
                description["$classname"] == .string(className)
            else { continue }
            change(&entries)
            archive.objects[index] = .dictionary(entries)
            return archive
        }
        Issue.record("no \(className) in the archive")
        return archive
    }

    func error(decoding archive: KeyedArchive) throws -> SerializationError {
        do {
            let text = try codec.decode(Any?.self, from: archive)
            Issue.record("decoded \(String(describing: text))")
            throw CancellationError()
        } catch let error as SerializationError {
            return error
        }
    }

    static func text() throws -> AttributedText {
        var red = TextAttributes()
        red.foregroundColor = .rgb(1, 0, 0)
        var bold = TextAttributes()
        bold.font = Font(name: "Helvetica-Bold", pointSize: 12)
        return try AttributedText(
            "Hello world", runs: [TextRun(length: 5, attributes: red), TextRun(length: 6, attributes: bold)])
    }

    /// A document written by hand with the keyed archive's keys: refused, where the text was lost.
    @Test(arguments: ["NSString", "NSAttributes"])
    func appleKeysInADocumentAreRefused(_ key: String) throws {
        let readable = ReadableCodec(registry: try Registry { RichText.registrations() }, format: .json)
        let value = key == "NSString" ? #""Hello""# : #"{"MyKey": "v"}"#
        let json = #"{"$class": "NSAttributedString", ""# + key + #"": "# + value + "}"
        let error = try #require(throws: SerializationError.self) {
            try readable.decode(Any?.self, from: Array(json.utf8))
        }
        #expect(error.found.contains("the keyed archive's key \(key)"), "\(error)")
        #expect(error.expected.contains("keys string, runs"))
        // The library's own form reads.
        let text = try readable.decode(Any?.self, from: try readable.encode(try Self.text())) as? AttributedText
        #expect(text?.string == "Hello world")
    }

    /// A number attribute stored in the other number form (a Sketch file's `NSKern` as the
    /// integer 0, an `NSUnderline` as a real) reads as its value.
    @Test func numberAttributesInEitherForm() throws {
        var attributes = TextAttributes()
        attributes.kern = 7
        attributes.underlineStyle = 9
        var archive = try codec.archive(try AttributedText("Hi", runs: [TextRun(length: 2, attributes: attributes)]))
        archive.objects = archive.objects.map { object in
            switch object {
            case .real(7): .integer(7)
            case .integer(9): .real(9)
            default: object
            }
        }
        #expect(archive.objects.contains(.integer(7)) && archive.objects.contains(.real(9)))
        let text = try codec.decode(AttributedText.self, from: archive)
        #expect(text.runs.first?.attributes.kern == 7)
        #expect(text.runs.first?.attributes.underlineStyle == 9)
        // A real with a fraction is no underline style.
        archive.objects = archive.objects.map { $0 == .real(9) ? .real(9.5) : $0 }
        let error = try error(decoding: archive)
        #expect(error.expected.contains("the attribute NSUnderline"))
    }

    @Test func wrongComponentCount() throws {
        let archive = try archive(of: Color.rgb(1, 0, 0), editing: "NSColor") {
            $0["NSRGB"] = .data(Array("1 0\u{0}".utf8))
        }
        let error = try error(decoding: archive)
        #expect(error.expected.contains("3 or 4 numbers in NSRGB"))
        #expect(error.found.contains("2"))
        #expect(error.path == ["root"])
    }

    @Test func nonNumericComponents() throws {
        let archive = try archive(of: try Self.text(), editing: "NSColor") {
            $0["NSRGB"] = .data(Array("1 red 0".utf8))
        }
        let error = try error(decoding: archive)
        #expect(error.expected.contains("numbers in NSRGB"))
        #expect(error.found.contains("red"))
        #expect(error.path.first == "root")
        #expect(error.path.contains("NSAttributes"))
    }

    @Test func unknownColorSpace() throws {
        let archive = try archive(of: Color.gray(0.5), editing: "NSColor") { $0["NSColorSpace"] = .integer(9) }
        let error = try error(decoding: archive)
        #expect(error.expected.contains("NSColorSpace 1–6"))
        #expect(error.found == "9")
    }

    @Test func runLengthPastTheEnd() throws {
        let archive = try archive(of: try Self.text(), editing: "NSAttributedString") { $0["NSAttributeInfo"] = nil }
        // Without run information an array of dictionaries is not one dictionary.
        let missing = try error(decoding: archive)
        #expect(missing.expected.contains("an attribute dictionary"))

        var longer = try codec.archive(try Self.text())
        try Self.replaceInfo(in: &longer, with: [5, 0, 7, 1])
        let error = try error(decoding: longer)
        #expect(error.expected.contains("a run of 1 to 6 UTF-16 units at offset 5 in NSAttributeInfo"))
        #expect(error.found == "a run of 7")
        #expect(error.path == ["root"])
    }

    @Test func attributeIndexOutOfRange() throws {
        var archive = try codec.archive(try Self.text())
        try Self.replaceInfo(in: &archive, with: [5, 0, 6, 2])
        let error = try error(decoding: archive)
        #expect(error.expected.contains("an attribute index below 2 in NSAttributeInfo"))
        #expect(error.found == "2")
    }

    @Test func truncatedRunInformation() throws {
        var archive = try codec.archive(try Self.text())
        try Self.replaceInfo(in: &archive, with: [5, 0, 0x86])
        let error = try error(decoding: archive)
        #expect(error.expected.contains("pairs of complete numbers in NSAttributeInfo"))
    }

    @Test func everyTruncationOfABinaryStreamThrows() throws {
        let registry = try Registry { RichText.registrations(firstID: 40) }
        let kryo = KryoCodec(registry: registry)
        let bytes = try kryo.encode(try RichTextRoundTripTests.sample())
        for count in 0..<bytes.count {
            #expect(throws: SerializationError.self) {
                try kryo.decode(AttributedText.self, from: Array(bytes.prefix(count)))
            }
        }
    }

    /// Replaces the bytes of the `NSMutableData` that holds `NSAttributeInfo`.
    static func replaceInfo(in archive: inout KeyedArchive, with bytes: [UInt8]) throws {
        for object in archive.objects {
            guard case .dictionary(let entries) = object, case .uid(let uid)? = entries["NSAttributeInfo"],
                case .dictionary(var data) = archive.objects[Int(uid)]
            else { continue }
            data["NS.data"] = .data(bytes)
            archive.objects[Int(uid)] = .dictionary(data)
            return
        }
        Issue.record("no NSAttributeInfo")
    }
}

/// Corrupted copies of the real archives decode or throw; none crashes.
@Suite struct CorruptedRichTextArchiveTests {
    @Test(arguments: FlavorTranslationTests.iosFiles + FlavorTranslationTests.macFiles + ["mac/dracula-Font.bplist"])
    func corruptedBytes(file: String) throws {
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        let original = try FixtureFiles.bytes(file)
        let decoded = CorruptedRichTextStreamTests().corrupt(original, seed: 0) {
            try codec.decode(Any?.self, from: $0) as Any
        }
        // Some corruptions hit bytes that do not matter (padding, unused strings): not all fail.
        #expect(decoded < 300)
    }
}

/// Corrupted rich-text streams and documents written by this library decode or throw; none crashes.
@Suite struct CorruptedRichTextStreamTests {
    /// A deterministic stream of numbers (SplitMix64).
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    func corrupt(_ bytes: [UInt8], seed: UInt64, decode: ([UInt8]) throws -> Any) -> Int {
        var numbers = Numbers(state: seed)
        var decoded = 0
        for _ in 0..<300 {
            var copy = bytes
            for _ in 0..<Int(1 + numbers.next() % 3) {
                let index = Int(numbers.next() % UInt64(copy.count))
                copy[index] = UInt8(truncatingIfNeeded: numbers.next())
            }
            do {
                _ = try decode(copy)
                decoded += 1
            } catch {
                #expect(error is SerializationError, "\(error)")
            }
        }
        return decoded
    }

    @Test func kryoBinary() throws {
        let registry = try Registry { RichText.registrations(firstID: 40) }
        let codec = KryoCodec(registry: registry)
        let bytes = try codec.encode(try RichTextRoundTripTests.sample())
        let decoded = corrupt(bytes, seed: 1) { try codec.decode(AttributedText.self, from: $0) }
        #expect(decoded < 300)
    }

    @Test func readableJSON() throws {
        let registry = try Registry { RichText.registrations() }
        let codec = ReadableCodec(registry: registry, format: .json)
        let bytes = try codec.encode(try RichTextRoundTripTests.sample())
        let decoded = corrupt(bytes, seed: 2) { try codec.decode(AttributedText.self, from: $0) }
        #expect(decoded < 300)
    }

    @Test(arguments: [ArchiveFlavor.appKit, .uiKit])
    func keyedArchive(_ flavor: ArchiveFlavor) throws {
        var options = SerializationOptions()
        options.richText.flavor = flavor
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() }, options: options)
        let bytes = try codec.encode(try RichTextRoundTripTests.sample())
        let decoded = corrupt(bytes, seed: 3) { try codec.decode(AttributedText.self, from: $0) }
        #expect(decoded < 300)
    }
}
