import Testing

@testable import SwiftKryo

/// `KryoCodec.inspect`: the real reader, traced. Its spans cover the bytes once, in order, and
/// name what the reader read.
@Suite struct KryoTraceTests {
    private func javaBytes(_ name: String) throws -> [UInt8] {
        switch JavaPeerRun.shared {
        case .success(let run): return try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        case .failure(let failure): throw failure
        }
    }

    private static func mediaContent() -> GeneratedMedia.MediaContent {
        let image = GeneratedMedia.Image(
            uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768,
            size: .large)
        let media = GeneratedMedia.Media(
            uri: "http://javaone.com/keynote.mpg", title: "Javaone Keynote", width: 640, height: 480,
            format: "video/mpg4", duration: 18_000_000, size: 58_982_400, bitrate: 262_144, hasBitrate: true,
            persons: ["Bill Gates", "Steve Jobs"], player: .java, copyright: nil)
        return GeneratedMedia.MediaContent(media: media, images: [image, image])
    }

    @Test("A MediaContent's spans cover its bytes and name its classes", arguments: [false, true])
    func mediaContent(references: Bool) throws {
        let registry = try Registry(GeneratedMedia.registrations())
        for dialect in [KryoDialect.v2, .v4, .v5] {
            var options = dialect.defaultOptions
            options.references = references
            let codec = KryoCodec(registry: registry, dialect: dialect, options: options)
            let bytes = try codec.encode(Self.mediaContent())
            let dump = codec.inspect(bytes)
            #expect(dump.stop == nil, "\(dialect): \(dump.stop?.description ?? "")")
            checkCoverage(dump, bytes, "MediaContent \(dialect)")
            #expect(!dump.entries.contains { $0.role == .raw || $0.role == .trailing }, "\(dialect)")
            let classes = dump.entries.filter { $0.role == .classTag }.map(\.text)
            #expect(classes.first?.hasPrefix("data.media.MediaContent (id ") == true, "\(dialect): \(classes)")
            #expect(
                dump.entries.contains { $0.role == .string && $0.text == "uri: \"http://javaone.com/keynote.mpg\"" })
            #expect(dump.entries.contains { $0.role == .long && $0.text == "duration: 18000000" })
            #expect(dump.entries.contains { $0.text == "[1]: \"Steve Jobs\"" }, "\(dialect)\n\(dump.render())")
            if references {
                // The second image is the first again.
                #expect(dump.entries.contains { $0.role == .reference && $0.text.contains("back-reference to #") })
            }
            // The root's fields are one level down.
            let uri = try #require(dump.entries.first { $0.text.hasPrefix("uri: \"http://javaone.com/keynote.mpg") })
            #expect(uri.depth == 2)
        }
    }

    /// The trace is what the decoder reads: the same bytes decode to the same value.
    @Test func aSampleBeanIsTracedAsTheInspectorExplainedIt() throws {
        let bytes = try javaBytes("sample")
        let codec = KryoCodec(registry: try Registry(schemas: PeerSchemas.cocoa), dialect: .v2)
        let dump = codec.inspect(bytes)
        #expect(dump.stop == nil)
        #expect(
            dump.render() == """
                0000  16             class      test.SampleBean (id 20)
                0001  01             reference  new object #0
                0002  54             int          key: 42
                0003  01             reference    name: new object #1
                0004  61 6e 73 77 …  String       name: "answer"

                """)
        checkCoverage(dump, bytes, "sample")
    }

    @Test func whatTheReaderCannotDecodeIsInspectedUpToTheFailure() throws {
        let bytes = try javaBytes("sample")
        // No schema: the reader knows no class id 20.
        let dump = KryoCodec(registry: try Registry(schemas: SchemaSet()), dialect: .v2).inspect(bytes)
        let stop = try #require(dump.stop)
        #expect(stop.kind == .unknownLayout)
        // The reader stops at the class tag: what follows it depends on the class.
        #expect(stop.offset == 1)
        #expect(
            stop.description
                == "stopped at 0x0001: class id 20 is not in the schema; cannot tell the layout of what follows (9 bytes left)"
        )
        #expect(dump.entries.map(\.role) == [.classTag, .raw])
        #expect(dump.entries.first?.text == "unknown class (id 20)")
        checkCoverage(dump, bytes, "sample without a schema")
        // Cut short: the string ends early.
        let cut = Array(bytes.prefix(6))
        let truncated = KryoCodec(registry: try Registry(schemas: PeerSchemas.cocoa), dialect: .v2).inspect(cut)
        #expect(truncated.stop?.kind == .truncated)
        #expect(truncated.entries.map(\.role) == [.classTag, .reference, .int, .reference, .raw])
        checkCoverage(truncated, cut, "sample cut short")
    }

    @Test func bytesAfterTheValueAreTrailing() throws {
        let codec = KryoCodec(registry: try Registry(schemas: SchemaSet()), dialect: .v2)
        let dump = codec.inspect([0x02, 0x54, 0xCA, 0xFE])
        #expect(
            dump.render() == """
                0000  02             class      java.lang.Integer (id 0)
                0001  54             int        42
                0002  ca fe          trailing   ca fe
                trailing: 2 bytes after the root value, from 0x0002

                """)
        var records: [Int] = []
        codec.inspectRecords([0x02, 0x54, 0x02, 0x56, 0x03]) { number, dump in
            records.append(dump.byteCount)
            return true
        }
        #expect(records == [2, 2, 1])
    }

    /// A record longer than the first window read for it is read whole: the window grows.
    @Test func aRecordLargerThanTheWindowIsReadWhole() throws {
        let codec = KryoCodec(registry: try Registry(schemas: SchemaSet()), dialect: .v2)
        let long = String(repeating: "ab", count: 5000)
        let stream = try codec.encode(long) + codec.encode(Int32(7)) + codec.encode(long)
        var records: [(count: Int, first: Int, text: String?)] = []
        codec.inspectRecords(stream) { number, dump in
            #expect(dump.stop == nil, "record \(number): \(dump.stop?.description ?? "")")
            records.append((dump.byteCount, dump.entries.first?.offset ?? -1, dump.entries.last?.text))
            return true
        }
        let first = try codec.encode(long).count
        #expect(records.map(\.count) == [first, 2, first])
        #expect(records.map(\.first) == [0, first, first + 2])
        #expect(records[1].text == "7")
        #expect(records[2].text?.hasPrefix("\"abab") == true)
    }
}
