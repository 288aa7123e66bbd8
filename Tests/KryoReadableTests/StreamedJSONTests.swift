import Foundation
import SwiftKryo
import Testing

/// `ReadableCodec.encode` writes JSON as it goes, without the document's tree: its bytes must be
/// those of the tree (`document(_:)`) written by `ReadableCodec.bytes(of:format:)`.
@Suite struct StreamedJSONTests {
    let registry: Registry
    init() throws { registry = try readableRegistry() }

    /// Values that reach every path of the streaming writer: objects in fields, in lists and in
    /// dictionaries (written as trees), aliases, plain values in untyped slots (with their class),
    /// empty and nested lists, data, dates and non-finite numbers.
    func samples() -> [(name: String, value: Any?)] {
        let extremes = Extremes()
        extremes.small = .min
        extremes.large = .max
        extremes.char = 0xD800
        extremes.single = .infinity
        extremes.double = .nan
        extremes.doubles = [1.5, -0.0, 1e300]
        extremes.anything = [
            Int32(7), "text", nil, [Int32(1), Int32(2)], [Any?](), Data([1, 2, 3]),
            Date(timeIntervalSinceReferenceDate: 1_000), ["key": Person("Cy")], sampleList(), Priority.high,
        ]
        let settings = Settings()
        settings.values = ["$class": "not a class", "": "empty", "b": "bee"]
        let dan = Person("Dan")
        settings.shared = ["first": dan, "second": dan]
        let list = sampleList()
        return [
            ("sample list", list), ("extremes", extremes), ("settings", settings),
            ("list of objects", [list, list.owner as Any?, list.items[0]] as [Any?]),
            ("nested lists", [[Int32(1)], [], [Int32(2), Int32(3)]] as [[Int32]]),
            ("plain string", "just text"), ("nil", nil), ("point", Point(x: 1, y: 2, label: nil)),
            ("enum", Priority.normal),
        ]
    }

    @Test(arguments: [ReadableFormat.json, .prettyJSON], [true, false])
    func streamedBytesEqualTheTreesBytes(format: ReadableFormat, references: Bool) throws {
        let codec = ReadableCodec(
            registry: registry, format: format, options: SerializationOptions(references: references))
        var written = 0
        for (name, value) in samples() {
            let streamed = Result { try codec.encode(value) }
            let tree = Result { try ReadableCodec.bytes(of: codec.document(value), format: format) }
            switch (streamed, tree) {
            case (.success(let streamed), .success(let tree)):
                #expect(String(decoding: streamed, as: UTF8.self) == String(decoding: tree, as: UTF8.self), "\(name)")
                written += 1
            case (.failure(let streamed), .failure(let tree)):
                // Cycles without references: the same error either way.
                #expect(!references)
                #expect("\(streamed)" == "\(tree)", "\(name)")
            default:
                Issue.record("\(name): one way threw, the other did not")
            }
        }
        #expect(written >= (references ? samples().count : 4))
    }
}
