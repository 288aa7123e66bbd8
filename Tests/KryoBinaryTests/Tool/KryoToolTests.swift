import Foundation
import SwiftKryo
import Testing

/// The `kryo` executable, run as a user runs it, on streams the Java peer wrote.
@Suite struct KryoToolTests {
    /// Java-written streams and the schema files that describe them: beans, nested graphs with
    /// shared references and cycles, collections, maps, arrays, enums, tagged and compatible beans.
    static let cases: [(name: String, schema: String)] = [
        ("sample", "Schemas/kryococoa.yaml"), ("sample_norefs", "Schemas/kryococoa.yaml"),
        ("sample_writeobject", "Schemas/kryococoa.yaml"), ("sample_enum", "Schemas/kryococoa.yaml"),
        ("tagged_bean", "Schemas/kryococoa.yaml"), ("tagged_bean_norefs", "Schemas/kryococoa.yaml"),
        ("other", "Schemas/kryococoa.yaml"), ("other_big", "Schemas/kryococoa.yaml"),
        ("nested", "Tests/Fixtures/schemas/peer-reg.yaml"), ("shared", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("cycle", "Tests/Fixtures/schemas/peer-reg.yaml"), ("allkinds", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("hashmap_big", "Tests/Fixtures/schemas/peer-reg.yaml"), ("linkedlist", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("arr_int", "Tests/Fixtures/schemas/peer-reg.yaml"), ("arr_int2d", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("arr_string", "Tests/Fixtures/schemas/peer-reg.yaml"), ("enum_list", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("nested_generics", "Tests/Fixtures/schemas/peer-reg.yaml"),
        ("tagged_ref", "Tests/Fixtures/schemas/peer-evo1.yaml"),
        ("compat_ref", "Tests/Fixtures/schemas/peer-evo1.yaml"),
        ("compat_nested", "Tests/Fixtures/schemas/peer-evo1.yaml"),
    ]

    private func peer() throws -> JavaPeerRun {
        switch JavaPeerRun.shared {
        case .success(let run): return run
        case .failure(let failure): throw failure
        }
    }

    /// The flags that make the tool read a case as Java wrote it.
    private func flags(_ name: String, schema: String) throws -> [String] {
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        var flags = ["--schema", schema]
        if !peerCase.references { flags.append("--no-references") }
        if peerCase.framing != .classAndObject {
            flags += ["--type", try #require(Registration.defaultFor(peerCase.declaredType)?.javaName)]
        }
        return flags
    }

    @Test("kryo2 → json → kryo2 and through keyed archives gives Java's bytes", arguments: cases.map(\.name))
    func convertRoundTrips(_ name: String) throws {
        let schema = try #require(Self.cases.first { $0.name == name }).schema
        let bytes = try #require(try peer().javaBytes[name])
        let flags = try flags(name, schema: schema)
        let json = try KryoTool.run(["convert", "-", "--from", "kryo2", "--to", "json"] + flags, input: bytes)
        #expect(json.status == 0, "\(json.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", "json", "--to", "kryo2"] + flags, input: json.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(hex(back.stdout) == hex(bytes), "\(json.text)")
        for format in ["keyed-binary", "keyed-xml"] {
            let archive = try KryoTool.run(["convert", "-", "--from", "kryo2", "--to", format] + flags, input: bytes)
            #expect(archive.status == 0, "\(archive.stderr)")
            let again = try KryoTool.run(
                ["convert", "-", "--from", format, "--to", "kryo2"] + flags, input: archive.stdout)
            #expect(hex(again.stdout) == hex(bytes), "\(format): \(again.stderr)")
        }
    }

    /// A stream of one Kryo release converted to another gives the bytes that release's Java writes
    /// for the same value, every release to every other, against the real jars.
    @Test(
        "Converting between Kryo releases gives the other release's Java bytes",
        arguments: [(2, 4), (2, 5), (4, 2), (4, 5), (5, 2), (5, 4)], cases.map(\.name))
    func convertsBetweenReleases(_ pair: (from: Int, to: Int), _ name: String) throws {
        guard [pair.from, pair.to].allSatisfy({ $0 == 2 || PeerVersions.enabled.contains($0) }) else { return }
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        guard peerCase.sameBytes else { return }
        func javaBytes(_ version: Int) throws -> [UInt8] {
            switch JavaPeerRun.shared(for: version) {
            case .success(let run): return try #require(run.javaBytes[name], "Kryo \(version) wrote no \(name)")
            case .failure(let failure): throw failure
            }
        }
        let schema = try #require(Self.cases.first { $0.name == name }).schema
        var flags = try flags(name, schema: schema) + ["--no-registration-required"]
        if peerCase.references { flags.append("--references") }
        let converted = try KryoTool.run(
            ["convert", "-", "--from", "kryo\(pair.from)", "--to", "kryo\(pair.to)"] + flags,
            input: try javaBytes(pair.from))
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(hex(converted.stdout) == hex(try javaBytes(pair.to)))
    }

    /// Kryo's Kryo 4 compatibility files, written through `FastOutput` or `UnsafeOutput` and with
    /// optimized generics: a schema file's settings say so, and the tool converts them to JSON
    /// and back to Java's bytes.
    @Test(
        "Stream settings in a schema file: Kryo 4's fast and unsafe outputs, optimized generics",
        arguments: [
            ("TestData-fast-opt-generics", "fast", true), ("TestData-unsafe-le-nonopt-generics", "unsafe", false),
            ("TestDataJava8-standard-opt-generics", "standard", true),
        ])
    func streamSettingsFromASchemaFile(_ name: String, _ streams: String, _ optimizedGenerics: Bool) throws {
        let folder = "Tests/Fixtures/kryo-compat"
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = directory.appendingPathComponent("settings.yaml")
        try Data(
            "settings:\n  dialect: kryo4\n  streams: \(streams)\n  optimizedGenerics: \(optimizedGenerics)\n".utf8
        ).write(to: settings)
        let root =
            "com.esotericsoftware.kryo.SerializationCompatTestData$"
            + (name.hasPrefix("TestDataJava8") ? "TestDataJava8" : "TestData")
        let flags = [
            "--schema", "\(folder)/classes.yaml", "--schema", "\(folder)/kryo4/compat4.yaml", "--schema", settings.path,
            "--type", root,
        ]
        let bytes = [UInt8](try Data(contentsOf: KryoTool.root.appendingPathComponent("\(folder)/kryo4/\(name).ser")))
        let json = try KryoTool.run(["convert", "-", "--from", "kryo4", "--to", "json"] + flags, input: bytes)
        #expect(json.status == 0, "\(json.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", "json", "--to", "kryo4"] + flags, input: json.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == bytes)
        // Without the settings the same bytes do not read as Java's graph.
        let plain = try KryoTool.run(
            ["convert", "-", "--from", "kryo4", "--to", "json"] + Array(flags.prefix(4)) + ["--type", root],
            input: bytes)
        #expect(plain.status != 0 || plain.stdout != json.stdout)
    }

    /// Spark 4.3's `KryoSerializer` writes through Kryo 4's `UnsafeOutput` (its integers in the
    /// machine's byte order), which also reads as `FastOutput` writes (big-endian, every number
    /// byte-swapped): the hint names the reading whose numbers are the smaller. Spark's bytes of
    /// `int[]{1, 2, 3}`, references on, `int[]` registered as id 21.
    @Test func aSparkStreamIsHintedAsUnsafeOutput() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("spark.yaml")
        let settings = "settings: {dialect: kryo4, references: true, registrationRequired: false}\n"
        try Data((settings + "classes:\n  - {class: \"int[]\", id: 21}\n").utf8).write(to: schema)
        let spark = hexBytes("17 01 04 01 00 00 00 02 00 00 00 03 00 00 00")
        let message = failure(
            ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", schema.path], input: spark)
        #expect(
            message.hasSuffix(
                "the stream reads as Kryo 4's UnsafeOutput writes: give streams: unsafe in the schema's settings (it "
                    + "reads as FastOutput writes too, with larger numbers: its integers in the other byte order)\n"),
            "\(message)")
        let unsafe = directory.appendingPathComponent("unsafe.yaml")
        try Data("settings: {streams: unsafe}\n".utf8).write(to: unsafe)
        let read = try KryoTool.run(
            ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", schema.path, "--schema", unsafe.path],
            input: spark)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.text.filter { !$0.isWhitespace } == #"{"$class":"[I","$value":[1,2,3]}"#)
    }

    /// Scala's collections as Apache Spark 4.3 writes them (chill's `TraversableSerializer` in
    /// Kryo 4's `UnsafeOutput`: the size as 4 fixed bytes, every element with its class; a map as
    /// its `scala.Tuple2` entries), Spark's real bytes: to JSON and back to the same bytes with
    /// `serializer: traversable`; declared as a JDK collection, the hint names it.
    @Test(arguments: [
        (
            "90 01 01 03 00 00 00 02 01 00 00 00 02 02 00 00 00 02 03 00 00 00",
            #"[{"$class":"java.lang.Integer","$value":1},"#
        ),
        (
            "3c 01 02 00 00 00 48 01 03 01 82 61 02 01 00 00 00 48 01 03 01 82 62 02 02 00 00 00",
            #"[{"$class":"scala.Tuple2","_1":"a","#
        ),
        ("8f 01 01 00 00 00 00", #""$value":[]"#),
    ])
    func sparksScalaCollectionsConvert(hex: String, json: String) throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = "settings: {dialect: kryo4, references: true, registrationRequired: false, streams: unsafe}\n"
        func schema(_ collection: String) throws -> String {
            let file = directory.appendingPathComponent("\(collection.count).yaml")
            let classes = [
                "scala.collection.immutable.$colon$colon: 142", "scala.collection.immutable.Nil$: 141",
                "scala.collection.immutable.Map$Map2: 58",
            ].map { entry -> String in
                let parts = entry.components(separatedBy: ": ")
                return "  - {class: \"\(parts[0])\", id: \(parts[1]), \(collection)}\n"
            }
            try Data(
                (settings + "classes:\n" + classes.joined()
                    + "  - {class: scala.Tuple2, id: 70, fields: {_1: Object, _2: Object}}\n").utf8
            ).write(to: file)
            return file.path
        }
        let spark = hexBytes(hex)
        let traversable = try schema("serializer: traversable")
        let document = try KryoTool.run(
            ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", traversable], input: spark)
        #expect(document.status == 0, "\(document.stderr)")
        #expect(document.text.filter { !$0.isWhitespace }.contains(json), "\(document.text)")
        let back = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo4", "--schema", traversable], input: document.stdout)
        #expect(back.stdout == spark, "\(back.stderr)")
        // Declared as a JDK collection (Kryo's `CollectionSerializer`, a varint size): the hint.
        let message = failure(
            [
                "convert", "-", "--from", "kryo4", "--to", "json", "--schema",
                try schema(#"extends: "ArrayList<Object>""#),
            ],
            input: spark)
        #expect(message.contains("give them serializer: traversable"), "\(message)")
    }

    /// The shipped `Schemas/spark.yaml` reads what Apache Spark 4.3's `KryoSerializer` wrote (its
    /// real bytes, `UnsafeOutput`, references on): a `Row` with its schema (`StructType`, chill's
    /// empty `Map` in each field's `Metadata`), a `Range`, an array of `Tuple2`; back to the same
    /// bytes through JSON.
    @Test(arguments: [
        (
            "01 00 6f 72 67 2e 61 70 61 63 68 65 2e 73 70 61 72 6b 2e 73 71 6c 2e 63 61 74 61 6c 79 73 74 2e 65 78 70 "
                + "72 65 73 73 69 6f 6e 73 2e 47 65 6e 65 72 69 63 52 6f 77 57 69 74 68 53 63 68 65 6d e1 01 e0 01 01 00 00 "
                + "00 00 00 00 df 01 01 03 de 01 01 00 00 dd 01 01 dc 01 01 00 00 00 00 00 a1 01 01 00 00 00 00 01 6e 61 6d "
                + "e5 00 01 de 01 01 00 00 d8 01 01 dc 01 07 01 82 6e 00 00 00 00 00 00 00 81 01 01 03 03 01 82 61 02 01 00 "
                + "00 00",
            #""name":"name","nullDDL":null,"nullable":true"#
        ),
        (
            "40 01 0a 00 00 00 00 0a 00 00 00 0a 00 00 00 01 00 00 00 01 00 00 00",
            #""$class":"scala.collection.immutable.Range$Inclusive","end":10"#
        ),
        (
            "ad 01 01 03 48 01 03 01 82 61 02 01 00 00 00 48 01 03 01 82 62 02 02 00 00 00",
            #"{"$class":"scala.Tuple2","_1":"b","_2":{"$class":"java.lang.Integer","$value":2}}"#
        ),
    ])
    func theSparkSchemaReadsSparksStreams(hex: String, json: String) throws {
        let spark = hexBytes(hex)
        let document = try KryoTool.run(
            ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", "Schemas/spark.yaml"], input: spark)
        #expect(document.status == 0, "\(document.stderr)")
        #expect(document.text.filter { !$0.isWhitespace }.contains(json), "\(document.text)")
        let back = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo4", "--schema", "Schemas/spark.yaml"],
            input: document.stdout)
        #expect(back.stdout == spark, "\(back.stderr)")
    }

    /// A `TreeMap` or `TreeSet` sorted by a comparator whose order the tool does not know (a
    /// program's own `ByLen`, `String.CASE_INSENSITIVE_ORDER`) converts with its comparator and
    /// its entries in Java's order, through every format and back to Java's bytes. Java Kryo
    /// 5.6.2's bytes (Flink 2.3's Kryo, `TreeMap` registered as 85 after Flink's classes).
    @Test(arguments: [
        (
            "5701030100702e42794c65ee0103018264020403016363e30202", "p.ByLen", ["d", "ccc"]
        ),
        (
            "57018301006a6176612e6c616e672e537472696e672443617365496e73656e736974697665436f6d70617261746ff2010300018241018262",
            "java.lang.String$CaseInsensitiveComparator", ["A", "b"]
        ),
    ])
    func aCollectionSortedByAnUnknownComparatorConverts(hexText: String, comparator: String, order: [String]) throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("sorted.yaml")
        let collection = comparator == "p.ByLen" ? "java.util.TreeMap" : "java.util.TreeSet"
        let classes = "classes:\n  - {class: \(collection), id: 85}\n"
        try Data((classes + "  - {class: \"\(comparator)\", fields: {}}\n").utf8).write(to: schema)
        let flags = ["--schema", "Schemas/flink.yaml", "--schema", schema.path]
        let digits = Array(hexText)
        let java = stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0..<$0 + 2]), radix: 16) }
        for format in ["json", "plist-xml", "keyed-binary"] {
            let document = try KryoTool.run(["convert", "-", "--from", "kryo5", "--to", format] + flags, input: java)
            #expect(document.status == 0, "\(document.stderr)")
            if format == "json" {
                let text = document.text
                let places = order.compactMap { text.range(of: "\"\($0)\"")?.lowerBound }
                #expect(places.count == order.count && places == places.sorted(), "\(text)")
                #expect(text.contains("\"$class\": \"\(comparator)\""), "\(text)")
            }
            let back = try KryoTool.run(
                ["convert", "-", "--from", format, "--to", "kryo5"] + flags, input: document.stdout)
            #expect(back.status == 0, "\(back.stderr)")
            #expect(hex(back.stdout) == hex(java), "through \(format)")
        }
    }

    @Test func convertGivesTheExpectedReadableDocument() throws {
        let cycle = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", "Tests/Fixtures/schemas/peer-reg.yaml"],
            input: try #require(try peer().javaBytes["cycle"]))
        #expect(
            cycle.text == """
                {
                  "$class": "peer.Node",
                  "name": "a",
                  "next": {
                    "$class": "peer.Node",
                    "name": "b",
                    "next": {
                      "$alias": "$root"
                    }
                  }
                }

                """)
        let other = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", "Schemas/kryococoa.yaml"],
            input: try #require(try peer().javaBytes["other"]))
        #expect(
            other.text == """
                {
                  "$class": "test.OtherBean",
                  "beans": [
                    {
                      "$class": "test.SampleBean",
                      "key": 1,
                      "name": "a"
                    },
                    {
                      "$class": "test.SampleBean",
                      "key": 2,
                      "name": "b"
                    }
                  ],
                  "kind": {
                    "$class": "test.SampleEnum",
                    "name": "SECOND",
                    "ordinal": 1
                  },
                  "map": {
                    "1": "one"
                  }
                }

                """)
    }

    /// A Java string with half of a surrogate pair (`"a\uD800b"`, as `substring` can cut an emoji)
    /// cannot be a Swift string: it converts with U+FFFD in its place, and the tool says so. A
    /// U+FFFD that the stream holds itself is no such case.
    @Test func anUnpairedSurrogateIsNamed() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Kryo 5, writeClassAndObject of a String: class 1 (+2), 3 chars (+1, UTF-8 flag), a, U+D800 as
        // Java writes a lone char (ED A0 80), b; then the same with U+FFFD (EF BF BD).
        let streams: [(String, [UInt8], Bool)] = [
            ("lone.kryo", [0x03, 0x84, 0x61, 0xED, 0xA0, 0x80, 0x62], true),
            ("replacement.kryo", [0x03, 0x84, 0x61, 0xEF, 0xBF, 0xBD, 0x62], false),
        ]
        for (name, bytes, named) in streams {
            let file = directory.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            let result = try KryoTool.run(["convert", file.path, "--from", "kryo5", "--to", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.text.contains("\"a\u{FFFD}b\""), "\(result.text)")
            #expect(result.stderr.contains("unpaired UTF-16 surrogate") == named, "\(name): \(result.stderr)")
        }
    }

    @Test func convertWritesTheOutputFile() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("sample.json").path
        let result = try KryoTool.run(
            [
                "convert", "Schemas/examples/sample-bean.kryo", "--from", "kryo2", "--to", "json", "--type",
                "test.SampleBean", "--schema", "Schemas/kryococoa.yaml", "--output", output,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains(#""name": "three""#))
    }

    /// An iOS text storage through the tool: to a readable document, back to a keyed archive in
    /// AppKit's and UIKit's flavours, each decoding to the text Apple's archive holds.
    @Test func convertsRichTextBetweenFlavours() throws {
        let file = "Tests/Fixtures/keyed/ios/vectornator-textstorage-styles-7runs.bplist"
        let codec = KeyedArchiveCodec(registry: try Registry { RichText.registrations() })
        let original = try codec.decode(
            AttributedText.self, from: [UInt8](try Data(contentsOf: KryoTool.root.appendingPathComponent(file))))
        let json = try KryoTool.run(["convert", file, "--from", "keyed-binary", "--to", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.text.contains(#""$class" : "AttributedText""#) || json.text.contains(#""$class": "AttributedText""#))
        #expect(json.text.contains("Helvetica-BoldOblique"))
        for (flavor, fontClass) in [("appkit", "NSFont"), ("uikit", "UIFont")] {
            let archive = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "keyed-binary", "--text-flavor", flavor], input: json.stdout)
            #expect(archive.status == 0, "\(archive.stderr)")
            #expect(try codec.decode(AttributedText.self, from: archive.stdout) == original)
            let table = try KryoTool.run(["inspect", "-", "--format", "keyed-binary"], input: archive.stdout)
            #expect(table.text.contains("\(fontClass) (class"), "\(flavor)")
        }
    }

    @Test func inspectNamesEveryByteRange() throws {
        let result = try KryoTool.run(
            ["inspect", "-", "--format", "kryo2", "--schema", "Schemas/kryococoa.yaml"],
            input: try #require(try peer().javaBytes["sample"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text == """
                0000  16             class      test.SampleBean (id 20)
                0001  01             reference  new object #0
                0002  54             int          key: 42
                0003  01             reference    name: new object #1
                0004  61 6e 73 77 …  String       name: "answer"

                """)
    }

    @Test func inspectWithoutASchemaSaysWhereItStopped() throws {
        let result = try KryoTool.run(
            ["inspect", "-", "--format", "kryo2"], input: try #require(try peer().javaBytes["sample"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.hasSuffix(
                "stopped at 0x0001: class id 20 is not in the schema; cannot tell the layout of what follows (9 bytes left)\n"
            ))
    }

    /// Bytes after the root value are shown, and make the exit status 1, as `convert` refuses them.
    @Test func inspectFailsOnBytesAfterTheRoot() throws {
        let result = try KryoTool.run(["inspect", "-", "--format", "kryo2"], input: [0x02, 0x03, 0xCA, 0xFE])
        #expect(result.status == 1)
        #expect(result.text.hasSuffix("trailing: 2 bytes after the root value, from 0x0002\n"), "\(result.text)")
        #expect(result.stderr.hasPrefix("kryo: the stream holds more than one value"), "\(result.stderr)")
        #expect(result.stderr.contains("--records all"), "\(result.stderr)")
    }

    @Test func inspectReadsKryo5() throws {
        let vector = "Tests/Fixtures/kryo5/vectors/hashmap.bin"
        let schema = "Tests/Fixtures/kryo5/vectors5.yaml"
        let expected = """
            0000  15             class      java.util.HashMap (id 19)
            0001  02             length     size 1 (written + 1)
            0002  03             class        key[0]: java.lang.String (id 1)
            0003  82 61          String       key[0]: "a"
            0005  02             class        value[0]: java.lang.Integer (id 0)
            0006  02             int          value[0]: 1

            """
        let result = try KryoTool.run(["inspect", vector, "--format", "kryo5", "--schema", schema])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == expected)
        // Without a schema: Kryo 5's defaults (references off) and byte order.
        let bare = try KryoTool.run(["inspect", "Tests/Fixtures/kryo5/vectors/double_1.5.bin", "--format", "kryo5"])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(
            bare.text
                == "0000  0a             class      java.lang.Double (id 8)\n0001  00 00 00 00 …  double     1.5\n")
        // --format wins over the schema's dialect, and the dump says so.
        let asFour = try KryoTool.run(["inspect", vector, "--format", "kryo4", "--schema", schema])
        #expect(asFour.text.hasPrefix("note: read as Kryo 4 (--format kryo4); the schema says Kryo 5\n"))
        #expect(asFour.text.contains("length     size 2\n"))
    }

    @Test func inspectShowsAKeyedArchiveObjectTable() throws {
        let archive = try KryoTool.run(
            [
                "convert", "Schemas/examples/sample-bean.kryo", "--from", "kryo2", "--to", "keyed-xml", "--type",
                "test.SampleBean", "--schema", "Schemas/kryococoa.yaml",
            ])
        let result = try KryoTool.run(["inspect", "-", "--format", "keyed-xml"], input: archive.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("test.SampleBean"))
        #expect(result.text.contains(#""three""#))
    }

    /// What is wrong in a keyed archive is listed in the dump, which goes on, and makes the exit
    /// status 1, with the first problem on standard error.
    @Test func inspectOfAKeyedArchiveWithAProblemFails() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$objects</key><array><string>$null</string>
            <dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
            <key>next</key><dict><key>CF$UID</key><integer>9</integer></dict></dict>
            <dict><key>$classname</key><string>Node</string><key>$classes</key>
            <array><string>Node</string><string>NSObject</string></array></dict></array>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$version</key><integer>100000</integer>
            </dict></plist>
            """
        let result = try KryoTool.run(["inspect", "-", "--format", "keyed-xml"], input: Array(xml.utf8))
        #expect(result.status == 1)
        #expect(result.text.contains("Node"), "\(result.text)")
        #expect(result.stderr.hasPrefix("kryo: the archive has a problem: "), "\(result.stderr)")
        #expect(result.stderr.contains("9"), "\(result.stderr)")
    }

    @Test func schemaCheckAndGenerate() throws {
        let check = try KryoTool.run(["schema", "check", "Schemas/kryococoa.yaml"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.text == "ok: 6 classes (3 beans, 1 enums), profiles sample-bean, unregistered in 1 file(s)\n")
        let clash = try KryoTool.run(["schema", "check", "Schemas/kryococoa.yaml", "Schemas/media-content.yaml"])
        #expect(clash.status != 0)
        #expect(clash.stderr.contains("class java.util.ArrayList is declared twice"), "\(clash.stderr)")
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generate = try KryoTool.run(
            ["schema", "generate", "Schemas/kryococoa.yaml", "--output", directory.path, "--namespace", "Cocoa"])
        #expect(generate.status == 0, "\(generate.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.contains("Cocoa.SampleBean.swift"))
        let bean = try String(contentsOf: directory.appendingPathComponent("Cocoa.SampleBean.swift"), encoding: .utf8)
        #expect(bean.contains("@JavaClass(\"test.SampleBean\")\n    public final class SampleBean {"))
        let schemaStyle = try KryoTool.run(
            ["schema", "generate", "Schemas/kryococoa.yaml", "--output", directory.path, "--style", "schema"])
        #expect(schemaStyle.status == 0, "\(schemaStyle.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent("SampleBean.swift"), encoding: .utf8)
        #expect(written.contains(#"Schema<SampleBean>(java: "test.SampleBean")"#))
    }

    /// Every bad input: one line on stderr, a non-zero status, never a crash.
    @Test(
        arguments: [
            (["convert", "Schemas/examples/missing.kryo", "--from", "kryo2", "--to", "json"], "no such file"),
            (["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo9", "--to", "json"], "kryo9"),
            (["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json"], "id 21"),
            (
                [
                    "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                    "Tests/Fixtures/schemas/peer-reg.yaml",
                ], "id 23"
            ),
            (
                [
                    "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo5", "--to", "json", "--schema",
                    "Schemas/kryococoa.yaml",
                ], "kryo5"
            ),
            (["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2"], "--to"),
            (
                [
                    "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                    "Schemas/nope.yaml",
                ], "nope.yaml"
            ),
            (["schema", "check", "Schemas/README.md"], "extension"),
            (["frobnicate"], "frobnicate"),
        ])
    func badInputIsOneLine(_ arguments: [String], _ mention: String) throws {
        let result = try KryoTool.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("kryo: "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mention), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Java-written streams of one Java domain in several forms, each read with a profile of the
    /// one schema file that declares the classes: registered (the default profile), written
    /// without `register` calls (classes by name), without references, and with `writeObject`.
    static let profileCases: [(name: String, schema: String, profile: String?)] = [
        ("allkinds", "Tests/Fixtures/schemas/peer-reg.yaml", nil),
        ("allkinds_unreg", "Tests/Fixtures/schemas/peer-reg.yaml", "unregistered"),
        ("allkinds_norefs", "Tests/Fixtures/schemas/peer-reg.yaml", "norefs"),
        ("sample", "Schemas/kryococoa.yaml", nil),
        ("sample_unregistered", "Schemas/kryococoa.yaml", "unregistered"),
        ("sample_writeobject", "Schemas/kryococoa.json", "sample-bean"),
    ]

    @Test(
        "One schema file's profiles read each kind of stream to JSON and back to Java's bytes",
        arguments: profileCases.map(\.name))
    func profilesConvertEveryKindOfStream(_ name: String) throws {
        let entry = try #require(Self.profileCases.first { $0.name == name })
        let bytes = try #require(try peer().javaBytes[name])
        let flags = ["--schema", entry.schema] + (entry.profile.map { ["--profile", $0] } ?? [])
        let json = try KryoTool.run(["convert", "-", "--from", "kryo2", "--to", "json"] + flags, input: bytes)
        #expect(json.status == 0, "\(json.stderr)")
        let back = try KryoTool.run(["convert", "-", "--from", "json", "--to", "kryo2"] + flags, input: json.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(hex(back.stdout) == hex(bytes), "\(json.text)")
        if entry.profile != nil {
            // Without its profile the document is written in the default profile's form.
            let plain = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", entry.schema], input: json.stdout)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout != bytes)
        }
    }

    @Test func aDocumentReadWithOneProfileIsWrittenWithAnother() throws {
        let schema = ["--schema", "Tests/Fixtures/schemas/peer-reg.yaml"]
        let json = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "json"] + schema,
            input: try #require(try peer().javaBytes["allkinds"]))
        #expect(json.status == 0, "\(json.stderr)")
        for (profile, javaCase) in [("unregistered", "allkinds_unreg"), ("norefs", "allkinds_norefs")] {
            let written = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "kryo2", "--profile", profile] + schema, input: json.stdout)
            #expect(written.status == 0, "\(written.stderr)")
            #expect(hex(written.stdout) == hex(try #require(try peer().javaBytes[javaCase])), "\(profile)")
        }
        // Flags override the profile: a stream with references read with the profile without.
        let overridden = try KryoTool.run(
            ["convert", "-", "--from", "kryo2", "--to", "json", "--profile", "norefs", "--references"] + schema,
            input: try #require(try peer().javaBytes["allkinds"]))
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdout == json.stdout)
    }

    @Test func theShippedExamplesReadWithTheirProfiles() throws {
        let unregistered = try KryoTool.run([
            "convert", "Schemas/examples/sample-bean-unregistered.kryo", "--from", "kryo2", "--to", "json", "--schema",
            "Schemas/kryococoa.yaml", "--profile", "unregistered",
        ])
        #expect(unregistered.status == 0, "\(unregistered.stderr)")
        #expect(unregistered.text == "{\n  \"$class\": \"test.SampleBean\",\n  \"key\": 1,\n  \"name\": \"one\"\n}\n")
        let file = try Data(
            contentsOf: KryoTool.root.appendingPathComponent("Schemas/examples/sample-bean-unregistered.kryo"))
        #expect([UInt8](file) == (try #require(try peer().javaBytes["sample_unregistered"])))
        // The profile's writeObject call and root class, in inspect too; --type wins over it.
        let dump = try KryoTool.run([
            "inspect", "Schemas/examples/sample-bean.kryo", "--format", "kryo2", "--schema", "Schemas/kryococoa.yaml",
            "--profile", "sample-bean",
        ])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(
            dump.text == """
                0000  01             reference  new object #0
                0001  06             int          key: 3
                0002  01             reference    name: new object #1
                0003  74 68 72 65 …  String       name: "three"

                """)
        let typed = try KryoTool.run([
            "convert", "Schemas/examples/sample-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
            "Schemas/kryococoa.yaml", "--profile", "sample-bean", "--type", "test.OtherBean",
        ])
        #expect(typed.status == 1)
    }

    @Test func anUnknownProfileIsNamedWithTheKnownOnes() throws {
        let convert = ["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json"]
        #expect(
            failure(convert + ["--schema", "Schemas/kryococoa.yaml", "--profile", "unregistred"])
                == "kryo: unknown profile \"unregistred\" (expected sample-bean, unregistered)\n")
        #expect(
            failure(convert + ["--schema", "Tests/Fixtures/schemas/peer-evo1.yaml", "--profile", "flink"])
                == "kryo: unknown profile \"flink\": the schema files declare no profiles\n")
        #expect(
            failure(convert + ["--profile", "flink"])
                == "kryo: unknown profile \"flink\": give the schema files that declare it with --schema FILE\n")
        #expect(
            failure([
                "inspect", "Schemas/examples/other-bean.kryo", "--format", "kryo2", "--schema",
                "Schemas/kryococoa.yaml", "--profile", "x",
            ]) == "kryo: unknown profile \"x\" (expected sample-bean, unregistered)\n")
    }

    /// The one line on stderr of a run that must fail with `status` and nothing on stdout (or
    /// why the tool could not run).
    private func failure(_ arguments: [String], input: [UInt8] = [], status: Int32 = 1) -> String {
        do {
            let result = try KryoTool.run(arguments, input: input)
            #expect(result.status == status)
            #expect(result.stdout.isEmpty)
            return result.stderr
        } catch {
            return "\(error)"
        }
    }

    /// `--type` names an array class as Java source writes it or as Java names it, in both
    /// commands (a `writeObject` of a `String[]` or an `int[][]`).
    @Test func typeTakesBothSpellingsOfAnArrayClass() throws {
        for (source, binary, document) in [
            ("String[]", "[Ljava.lang.String;", #"["a", null]"#), ("int[][]", "[[I", "[[1, 2], null, []]"),
        ] {
            let written = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "kryo5", "--type", source], input: Array(document.utf8))
            #expect(written.status == 0, "\(written.stderr)")
            for spelling in [source, binary] {
                let back = try KryoTool.run(
                    ["convert", "-", "--from", "kryo5", "--to", "json", "--type", spelling], input: written.stdout)
                #expect(back.status == 0, "\(back.stderr)")
                let again = try KryoTool.run(
                    ["convert", "-", "--from", "json", "--to", "kryo5", "--type", spelling], input: back.stdout)
                #expect(again.stdout == written.stdout)
                let dump = try KryoTool.run(
                    ["inspect", "-", "--format", "kryo5", "--type", spelling], input: written.stdout)
                #expect(dump.status == 0, "\(dump.stderr)")
            }
        }
        #expect(
            failure(["convert", "-", "--from", "kryo5", "--to", "json", "--type", "[Q"], input: [0])
                .hasPrefix("kryo: --type [Q: not an array class name"))
    }

    /// An error inside a map names the entry by its key, as the document does (not `value`).
    @Test func errorsInMapsNameTheKey() {
        let document = #"{"prices": {"apple": 1, "pear": 18446744073709551615}, "n": 2}"#
        let message = failure(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--no-registration-required"],
            input: Array(document.utf8))
        #expect(message.hasSuffix("(path: prices.pear) (written as kryo5, Kryo 5)\n"), "\(message)")
    }

    /// A misspelt `$class` in a document names the schema class meant.
    @Test func aMisspeltClassNameSuggestsTheNearOne() {
        let message = failure(
            ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", "Schemas/kryococoa.yaml"],
            input: Array(#"{"$class": "test.SampleBaen", "key": 1}"#.utf8))
        #expect(message.contains("read without one; did you mean test.SampleBean?"), "\(message)")
    }

    /// A Kryo 5 stream written with `CompatibleFieldSerializer`'s chunked encoding, read with the
    /// default config: the hint names the setting that reads it.
    @Test func theCompatibleFieldSettingsAreHinted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let classes =
            "classes:\n  - {class: hint.Event, id: 20, serializer: compatible, fields: {name: String, count: int}}\n"
        let plain = folder.appendingPathComponent("plain.yaml")
        let chunked = folder.appendingPathComponent("chunked.yaml")
        try Data(("settings: {dialect: kryo5}\n" + classes).utf8).write(to: plain)
        try Data(("settings: {dialect: kryo5, compatibleFields: {chunkedEncoding: true}}\n" + classes).utf8)
            .write(to: chunked)
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", chunked.path],
            input: Array(#"{"$class": "hint.Event", "name": "boot", "count": 3}"#.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", plain.path], input: written.stdout)
        #expect(
            message.contains("give compatibleFields: {readUnknownFieldData: true, chunkedEncoding: true}"),
            "\(message)")
    }

    /// A value written with its class is its `$value`: a key beside it, or no `$value` at all,
    /// is an error naming the place, not a field dropped or a zero.
    @Test func aValueFormTakesNothingBesideItsValue() {
        #expect(
            failure(
                ["convert", "-", "--from", "json", "--to", "kryo5"],
                input: Array(#"{"$class": "java.lang.Integer", "$value": 5, "foo": 1}"#.utf8))
                == "kryo: invalidValue: expected a java.lang.Integer under $value alone (beside $class), found the "
                + "key foo beside $value (path: foo)\n")
        #expect(
            failure(
                ["convert", "-", "--from", "json", "--to", "kryo5"],
                input: Array(#"{"$class": "java.util.ArrayList", "$value": [{"$class": "java.lang.Long"}]}"#.utf8))
                == "kryo: invalidValue: expected the value of a java.lang.Long under $value, found $class alone "
                + "(path: $value.0)\n")
        #expect(
            failure(
                ["convert", "-", "--from", "json", "--to", "kryo5"],
                input: Array(#"{"$class": "java.util.ArrayList", "$value": [{"$value": 5}]}"#.utf8))
                == "kryo: invalidValue: expected $class beside $value (a value written with its class), found $value "
                + "without $class (path: $value.0.$value)\n")
    }

    /// A list given for a `Set` field that names an element twice is an error at the second,
    /// not a set that dropped it.
    @Test func aSetGivenAnElementTwiceIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("tags.yaml")
        try Data(
            ("settings: {dialect: kryo5}\nclasses:\n  - {class: t.Tagged, id: 20, fields: {tags: \"Set<String>\"}}\n"
                + "  - {class: java.util.HashSet, id: 21}\n").utf8
        ).write(to: schema)
        let command = ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", schema.path]
        #expect(
            failure(command, input: Array(#"{"$class": "t.Tagged", "tags": ["a", "b", "a"]}"#.utf8))
                == "kryo: invalidValue: expected distinct elements (a java.util.HashSet holds each once), found \"a\" "
                + "a second time (path: tags.2)\n")
        let distinct = try KryoTool.run(command, input: Array(#"{"$class": "t.Tagged", "tags": ["a", "b"]}"#.utf8))
        #expect(distinct.status == 0, "\(distinct.stderr)")
    }

    /// A whole number above Java's `long` in an untyped slot names the limit and the
    /// `BigInteger` form that holds it, which then converts.
    @Test func aNumberAboveALongNamesBigInteger() throws {
        let command = ["convert", "-", "--from", "json", "--to", "kryo5", "--no-registration-required"]
        #expect(
            failure(
                command, input: Array(#"{"$class": "java.util.HashMap", "$value": {"o3": 9223372036854775808}}"#.utf8))
                == "kryo: unsupported: expected a number a Java long holds (at most 9223372036854775807), or a "
                + #"java.math.BigInteger ({"$class": "java.math.BigInteger", "$value": "9223372036854775808"}), "#
                + "found 9223372036854775808 (path: o3) (written as kryo5, Kryo 5)\n")
        let big = #"{"$class": "java.math.BigInteger", "$value": "9223372036854775808"}"#
        let written = try KryoTool.run(
            command, input: Array(#"{"$class": "java.util.HashMap", "$value": {"o3": \#(big)}}"#.utf8))
        #expect(written.status == 0, "\(written.stderr)")
    }

    /// `inspect` says what a Kryo 5 map's size bytes mean for every map class, those kept in a
    /// wrapper of their own too (Kryo writes the size + 1).
    @Test(arguments: ["java.util.HashMap", "java.util.LinkedHashMap", "java.util.Hashtable", "java.util.TreeMap"])
    func inspectNamesAKryoFiveMapsSize(_ javaClass: String) throws {
        let flags = ["--no-registration-required"]
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5"] + flags,
            input: Array(#"{"$class": "\#(javaClass)", "$value": {"a": 1, "b": 2}}"#.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let dump = try KryoTool.run(["inspect", "-", "--format", "kryo5"] + flags, input: written.stdout)
        let lengths = String(decoding: dump.stdout, as: UTF8.self).split(separator: "\n").filter {
            $0.contains("length")
        }
        #expect(lengths.count == 1 && lengths[0].hasSuffix("size 2 (written + 1)"), "\(lengths)")
    }

    /// A misspelt key of a hand-written color or font is an error at its place, not a property
    /// left at its default.
    @Test func aColorOrFontKeyMisspeltIsAnError() {
        let command = ["convert", "-", "--from", "json", "--to", "keyed-xml"]
        #expect(
            failure(command, input: Array(#"{"$class": "Font", "name": "Helvetica", "size": 12, "weight": 700}"#.utf8))
                == "kryo: invalidValue: expected a key of Font (appKitFlags, archived, name, size, systemFont, traits), "
                + "found the key \"weight\" (path: weight)\n")
        let color = #"{"$class": "Color", "red": 1, "green": 0, "blue": 0, "colour": "red"}"#
        #expect(failure(command, input: Array(color.utf8)).hasSuffix("found the key \"colour\" (path: colour)\n"))
    }

    /// A key beside a keyed archive's `$top` other than `$archiver` and `$inline`, and a key
    /// `$inline` lists that is not there, are errors rather than dropped.
    @Test func keysBesideTopAndInlineListsAreChecked() {
        let command = ["convert", "-", "--from", "json", "--to", "keyed-xml"]
        #expect(
            failure(command, input: Array(#"{"$top": {"a": 1}, "$archivr": "X"}"#.utf8))
                == "kryo: invalidValue: expected a keyed archive's $top, with $archiver and $inline beside it, "
                + "found the key $archivr (path: $archivr)\n")
        #expect(
            failure(command, input: Array(#"{"$top": {"a": 1, "b": "s"}, "$inline": ["a", "zz"]}"#.utf8))
                == "kryo: invalidValue: expected one of the keys a, b, found zz (path: $inline.1)\n")
        #expect(
            failure(command, input: Array(#"{"$class": "MyDoc", "x": 1, "$inline": ["x", "nope"]}"#.utf8))
                == "kryo: invalidValue: expected one of the keys x, found nope (path: $inline.1)\n")
    }

    /// A class named by its simple name, as a Swift programmer writes it, gets the schema's
    /// class suggested; a `BigInteger` field given a floating-point number (`1e30`) says how to
    /// write a whole number.
    @Test func shortClassNamesAndBigIntegerNumbersAreHinted() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("big.yaml")
        try Data("classes:\n  - {class: t.Holder, fields: {big: BigInteger}}\n".utf8).write(to: schema)
        let command = ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", schema.path]
        let short = failure(command, input: Array(#"{"$class": "Holder", "big": 1}"#.utf8))
        #expect(short.contains("did you mean t.Holder?"), "\(short)")
        let real = failure(command, input: Array(#"{"$class": "t.Holder", "big": 1e30}"#.utf8))
        #expect(
            real.contains(
                #"expected java.math.BigInteger in field big (a whole number, or its digits as a string: "1000000000000000000000000000000")"#
            ), "\(real)")
        let whole = try KryoTool.run(
            command, input: Array(#"{"$class": "t.Holder", "big": "1000000000000000000000000000000"}"#.utf8))
        #expect(whole.status == 0, "\(whole.stderr)")
    }

    /// Where a schema declares `java.time` classes with the JDK's private fields (a plain Kryo
    /// 2.20's form, as Schemas/README.md advises), a document may still give them as ISO text:
    /// the same bytes as the fields written out.
    @Test func isoTextFillsJavaTimeClassesDeclaredWithFields() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("time2.yaml")
        try Data(
            """
            classes:
              - {class: java.time.Instant, final: true, fields: {seconds: long, nanos: int}}
              - {class: java.time.LocalDate, final: true, fields: {year: int, month: short, day: short}}
              - {class: java.time.LocalTime, final: true, fields: {hour: byte, minute: byte, second: byte, nano: int}}
              - {class: java.time.LocalDateTime, final: true, fields: {date: java.time.LocalDate, time: java.time.LocalTime}}
              - {class: t.Event, fields: {at: java.time.Instant, day: java.time.LocalDate, local: java.time.LocalDateTime}}

            """.utf8
        ).write(to: schema)
        let command = ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", schema.path]
        let iso = try KryoTool.run(
            command,
            input: Array(
                #"{"$class": "t.Event", "at": "2026-11-26T10:30:15.25Z", "day": "1990-02-28", "local": "2026-11-26T10:30:15.000000005"}"#
                    .utf8))
        #expect(iso.status == 0, "\(iso.stderr)")
        let fields = try KryoTool.run(
            command,
            input: Array(
                (#"{"$class": "t.Event", "at": {"seconds": 1795689015, "nanos": 250000000}, "#
                    + #""day": {"year": 1990, "month": 2, "day": 28}, "local": {"date": {"year": 2026, "month": 11, "day": 26}, "#
                    + #""time": {"hour": 10, "minute": 30, "second": 15, "nano": 5}}}"#).utf8))
        #expect(fields.status == 0, "\(fields.stderr)")
        #expect(!iso.stdout.isEmpty && hex(iso.stdout) == hex(fields.stdout))
        // Text that names no date is an error at its key.
        let bad = failure(command, input: Array(#"{"$class": "t.Event", "day": "1990-02-30"}"#.utf8))
        #expect(bad.hasSuffix("(path: day)\n"), "\(bad)")
    }

    /// A key beside an enum constant's name or a big number's text would be dropped: an error.
    @Test func keysBesideAValuesOwnFormAreErrors() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("shop.yaml")
        try Data(
            "classes:\n  - {class: t.Status, enum: [NEW, PAID]}\n  - {class: t.Order, fields: {status: t.Status, amount: BigDecimal}}\n"
                .utf8
        ).write(to: schema)
        let command = ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", schema.path]
        let constant = failure(
            command, input: Array(#"{"$class": "t.Order", "status": {"name": "PAID", "color": "red"}}"#.utf8))
        #expect(
            constant.hasSuffix(
                "expected a key of a t.Status constant (name, ordinal), found the key \"color\" (path: status.color)\n"),
            "\(constant)")
        let number = failure(
            command, input: Array(#"{"$class": "t.Order", "amount": {"value": "3.140", "scale": 5}}"#.utf8))
        #expect(number.hasSuffix("found the key \"scale\" (path: amount.scale)\n"), "\(number)")
        let fine = try KryoTool.run(
            command,
            input: Array(#"{"$class": "t.Order", "status": {"name": "PAID"}, "amount": {"value": "3.140"}}"#.utf8))
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    /// An alias that names a null (an element inserted before the one it meant) is an error: nil
    /// is never shared, and reading null would drop what the alias meant.
    @Test func anAliasToNullIsAnError() {
        let document = #"{"$class": "test.SampleBean", "key": 1, "name": "a", "more": [null, {"$alias": "more.0"}]}"#
        let message = failure(
            ["convert", "-", "--from", "json", "--to", "keyed-xml"], input: Array(document.utf8))
        #expect(
            message.hasSuffix(
                #"expected an alias to an object, found "more.0", which names null (path: more.1.$alias)"# + "\n"),
            "\(message)")
    }

    /// A URL's text that a URL cannot hold is an error, not percent-encoded without a word.
    @Test func aURLWithASpaceIsAnError() throws {
        let command = ["convert", "-", "--from", "json", "--to", "keyed-xml"]
        let bad = failure(
            command,
            input: Array(#"{"$class": "Doc", "home": {"$class": "NSURL", "NS.relative": "https://e.com/x y"}}"#.utf8))
        #expect(bad.contains("percent-encoded: %20), found https://e.com/x y (path: home.NS.relative)"), "\(bad)")
        let good = try KryoTool.run(
            command,
            input: Array(#"{"$class": "Doc", "home": {"$class": "NSURL", "NS.relative": "https://e.com/x%20y"}}"#.utf8))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.text.contains("https://e.com/x%20y"))
    }

    /// A plain property list given as a keyed archive is named as such, by `convert` and `inspect`,
    /// with the format that reads it.
    @Test func aPlainPropertyListIsNoKeyedArchive() throws {
        let plain = try PropertyList.encode(.dictionary(["CFBundleName": .string("X")]), format: .binary)
        let converted = failure(["convert", "-", "--from", "keyed-binary", "--to", "json"], input: plain)
        #expect(converted.contains("a plain property list, not an archive"), "\(converted)")
        #expect(converted.hasSuffix("; give --from plist-binary\n"), "\(converted)")
        let inspected = failure(["inspect", "-", "--format", "keyed-binary"], input: plain)
        #expect(inspected.contains("a plain property list, not a keyed archive"), "\(inspected)")
        #expect(inspected.hasSuffix("; give --format plist-binary\n"), "\(inspected)")
        let xml = try PropertyList.encode(.dictionary(["CFBundleName": .string("X")]), format: .xml)
        let convertedXML = failure(["convert", "-", "--from", "keyed-xml", "--to", "json"], input: xml)
        #expect(convertedXML.hasSuffix("; give --from plist-xml\n"), "\(convertedXML)")
    }

    /// So is an unknown key of any other class of rich text: each names the keys it expected.
    @Test(arguments: [
        (#""shadow": {"$class": "Shadow", "offset": 1}"#, "Shadow", "shadow.offset"),
        (
            #""paragraphStyle": {"$class": "ParagraphStyle", "linespacing": 2}"#, "ParagraphStyle",
            "paragraphStyle.linespacing"
        ),
        (
            #""paragraphStyle": {"$class": "ParagraphStyle", "tabStops": [{"$class": "TextTab", "align": "left"}]}"#,
            "TextTab", "paragraphStyle.tabStops.0.align"
        ),
        (#""foregroundColour": 1"#, "an attribute", "foregroundColour"),
        (#""NSBaselineOffset": 2"#, "an attribute", "NSBaselineOffset"),
        (#""link": {"$class": "Link", "href": "x"}"#, "Link", "link.href"),
        (#""attachment": {"$class": "TextAttachment", "name": "x"}"#, "TextAttachment", "attachment.name"),
    ])
    func aRichTextKeyMisspeltIsAnError(attribute: String, owner: String, path: String) {
        let text =
            #"{"$class": "AttributedText", "string": "ab", "runs": [{"$class": "TextRun", "length": 2, "#
            + #""attributes": {\#(attribute)}}]}"#
        let message = failure(["convert", "-", "--from", "json", "--to", "keyed-xml"], input: Array(text.utf8))
        #expect(message.contains("expected \(owner == "an attribute" ? owner : "a key of \(owner)")"), "\(message)")
        #expect(message.hasSuffix("(path: runs.0.attributes.\(path))\n"), "\(message)")
        // A run's and the text's own keys too.
        let run = #"{"$class": "AttributedText", "string": "ab", "runs": [{"$class": "TextRun", "lenght": 2}]}"#
        #expect(
            failure(["convert", "-", "--from", "json", "--to", "keyed-xml"], input: Array(run.utf8))
                .hasSuffix("found the key \"lenght\" (path: runs.0.lenght)\n"))
    }

    /// A map that holds itself and a key that is not a string (`NS.keys` form in documents)
    /// reads back from the document it was converted to: Java Kryo 5.6.2's bytes of
    /// `m.put(1, 1); m.put("me", m)`, references on, classes by name.
    @Test(arguments: ["json", "plist-xml", "plist-binary"])
    func aMapThatHoldsItselfComesBackFromADocument(_ format: String) throws {
        let java = hexBytes(
            "01 00 6a 61 76 61 2e 75 74 69 6c 2e 48 61 73 68 4d 61 f0 01 03 02 02 02 02 03 01 6d e5 01 00 02")
        let flags = ["--references", "--no-registration-required"]
        let document = try KryoTool.run(["convert", "-", "--from", "kryo5", "--to", format] + flags, input: java)
        #expect(document.status == 0, "\(document.stderr)")
        let back = try KryoTool.run(
            ["convert", "-", "--from", format, "--to", "kryo5"] + flags, input: document.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(hex(back.stdout) == hex(java))
    }

    /// A Kryo 5 stream written with `kryo.setOptimizedGenerics(false)` reads with
    /// `optimizedGenerics: false`, and without it the error names the setting.
    @Test func kryoFiveOptimizedGenericsOffReadsAndIsHinted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kryo-generics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let classes =
            "classes:\n  - {class: g.Tagged, id: 10, fields: {names: \"List<String>\", counts: \"Map<String, Integer>\"}}\n"
            + "  - {class: java.util.ArrayList, id: 11}\n  - {class: java.util.HashMap, id: 12}\n"
        let off = folder.appendingPathComponent("off.yaml")
        let plain = folder.appendingPathComponent("plain.yaml")
        try Data(("settings: {dialect: kryo5, optimizedGenerics: false}\n" + classes).utf8).write(to: off)
        try Data(("settings: {dialect: kryo5}\n" + classes).utf8).write(to: plain)
        let document = #"{"$class": "g.Tagged", "names": ["x", "y"], "counts": {"k": 1}}"#
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", off.path], input: Array(document.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        // What Kryo 5.6.2 writes with setOptimizedGenerics(false) (measured): every key and value
        // with its class (03: String, 02: Integer), the list in the form of untyped elements
        // (83: two elements, all of one class, 03).
        #expect(hex(written.stdout) == "0c 0e 02 03 82 6b 02 02 0d 83 03 00 82 78 82 79")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", plain.path], input: written.stdout)
        #expect(message.contains("give optimizedGenerics: false in the schema's settings"), "\(message)")
    }

    /// `inspect` names Java serialization inside a stream, as `convert` does.
    @Test func inspectNamesJavaSerialization() throws {
        // The dump goes to standard output as far as it reads; the error names the format.
        let result = try KryoTool.run(
            ["inspect", "-", "--format", "kryo2"], input: [0x01, 0x00, 0xAC, 0xED, 0x00, 0x05, 0x73, 0x72])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the stream holds Java serialization"), "\(result.stderr)")
    }

    @Test func anUnknownClassIDWithoutASchemaAsksForOne() throws {
        #expect(
            failure(["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json"])
                == "kryo: unknownClassID: expected a registered class id, found id 21 at byte offset 0 "
                + "(read as kryo2, Kryo 2.20); give the classes with --schema FILE\n")
        // A class written by name, that no schema declares.
        #expect(
            failure(
                ["convert", "-", "--from", "kryo2", "--to", "json"],
                input: try #require(try peer().javaBytes["sample_unregistered"]))
                == "kryo: unknownClassName: expected a class the registry knows, found \"test.SampleBean\" at byte "
                + "offset 0 (read as kryo2, Kryo 2.20); give the classes with --schema FILE\n")
        // With a schema, an id it lacks inside the value is the schema's problem: no hint.
        #expect(
            failure([
                "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                "Tests/Fixtures/schemas/peer-reg.yaml",
            ])
                == "kryo: unknownClassID: expected a registered class id, found id 23 at byte offset 2 (path: map) "
                + "(read as kryo2, Kryo 2.20)\n")
    }

    @Test func aWriteObjectStreamReadWithoutTypeAsksForIt() throws {
        let hint = "; if the stream was written with writeObject, give its class with --type JAVA_CLASS\n"
        // With references on, writeObject starts with a reference marker, which reads as the tag
        // of a class written by name: the byte after it is no first name id.
        #expect(
            failure([
                "convert", "Schemas/examples/sample-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                "Schemas/kryococoa.yaml",
            ])
                == "kryo: unknownClassName: expected class name id 0, a new name, or one of the 0 named before it, "
                + "found name id 6 (a value written with writeObject has no class tag; a stream written with Kryo's "
                + "setAutoReset(false) names each class once, then gives its id in the values after) at byte offset 0 "
                + "(read as kryo2, Kryo 2.20)\n")
        // The schema knows every class, yet not the root's id.
        #expect(
            failure(
                [
                    "convert", "-", "--from", "kryo2", "--to", "json", "--schema",
                    "Tests/Fixtures/schemas/peer-reg.yaml",
                ],
                input: [0x34, 0x01, 0x61])
                == "kryo: unknownClassID: expected a registered class id, found id 50 at byte offset 0 "
                + "(read as kryo2, Kryo 2.20)" + hint)
        // A value read whole before the end of the stream.
        #expect(
            failure(
                ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", "Schemas/kryococoa.yaml"],
                input: [0x06, 0x01, 0x01, 0x61])
                == "kryo: invalidValue: expected the end of the input after one value, found 2 more bytes at byte "
                + "offset 2 (read as kryo2, Kryo 2.20)" + hint.dropLast()
                + "; if it holds several values one after another, convert them with --records all\n")
        // Registration required, and the stream names a class.
        #expect(
            failure(
                ["convert", "-", "--from", "kryo2", "--to", "json", "--registration-required"],
                input: try #require(try peer().javaBytes["arr_int_unreg"]))
                == "kryo: unregisteredType: expected a registered class (registration is required), found class name "
                + "\"[I\" at byte offset 0 (read as kryo2, Kryo 2.20); the stream names classes, which a Kryo that "
                + "requires registration never writes; give --no-registration-required\n")
    }

    /// Classes listed without ids (as Spark's `registerKryoClasses` lists them) for a stream of
    /// registered classes: the hint names the missing ids, not `writeObject`.
    @Test func aSchemaWithoutIDsForAnIDStreamNamesTheIDs() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("no-ids.yaml")
        try """
        package: test
        classes:
          - class: SampleBean
            fields: {key: int, name: String}
        """.write(to: schema, atomically: true, encoding: .utf8)
        #expect(
            failure([
                "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                schema.path,
            ])
                == "kryo: unknownClassID: expected a registered class id, found id 21 at byte offset 0 "
                + "(read as kryo2, Kryo 2.20); the schema's classes have no id, so they are read as written by name: "
                + "give each class the id its Java program registers it with (kryo.register(Class) takes the next "
                + "free id, in registration order)\n")
    }

    /// A schema whose ids are all one off (a `register` call left out before the others): the
    /// hint names the shift.
    @Test func idsOneOffAreNamed() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ name: String, _ first: Int) throws -> String {
            let url = directory.appendingPathComponent(name)
            try """
            package: shop
            settings: {dialect: kryo5}
            classes:
              - {class: Item, id: \(first), fields: {name: String, price: int}}
              - {class: Order, id: \(first + 1), fields: {item: Item, note: String}}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let right = try schema("right.yaml", 20)
        let shifted = try schema("shifted.yaml", 21)
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", right],
            input: Array(#"{"$class": "shop.Order", "item": {"name": "tea", "price": 3}, "note": "x"}"#.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", shifted], input: written.stdout)
        #expect(
            message.hasSuffix(
                "the stream reads with the schema's ids 1 lower (shop.Item 20, shop.Order 21): check the order of "
                    + "the program's register calls (kryo.register(Class) takes the next free id)\n"), "\(message)")
    }

    /// A field declared that Java does not write (a `transient` one): the hint names it.
    @Test func aFieldJavaDoesNotWriteIsNamed() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ name: String, _ extra: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try """
            package: shop
            settings: {dialect: kryo5}
            classes:
              - {class: Item, id: 20, fields: {name: String, price: int\(extra)}}
              - {class: Order, id: 21, fields: {items: "Item[]", note: String}}
              - {class: "shop.Item[]", id: 22}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let java = try schema("java.yaml", "")
        let declared = try schema("declared.yaml", ", cache: String")
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", java],
            input: Array(
                #"{"$class": "shop.Order", "items": [{"name": "tea", "price": 3}, {"name": "milk", "price": 2}], "note": "x"}"#
                    .utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", declared], input: written.stdout)
        #expect(
            message.contains(
                "the stream reads without one of the fields shop.Item.name, shop.Item.cache (a transient or static "
                    + "field, which Kryo does not write, or one the Java class no longer has): leave it out of the "
                    + "schema"), "\(message)")
    }

    /// A stream that names an enum constant's body class (`Quality$2`) the schema's `bodies`
    /// does not list: the hint says what the name is.
    @Test func anAnonymousClassIsExplained() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ name: String, _ bodies: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try """
            package: music
            settings: {dialect: kryo5, registrationRequired: false}
            classes:
              - {class: Quality, enum: [LOW, HIGH], bodies: \(bodies)}
              - {class: Track, fields: {quality: Quality}}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let both = try schema("both.yaml", "[LOW, HIGH]")
        let one = try schema("one.yaml", "[HIGH]")
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", both],
            input: Array(#"{"$class": "music.Track", "quality": "HIGH"}"#.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", one], input: written.stdout)
        #expect(
            message.contains(
                "music.Quality$2 is an anonymous class of music.Quality: if music.Quality is an enum whose constants "
                    + "have bodies ({ … }), list those constants in its bodies: [...]"), "\(message)")
    }

    /// A class Java wrote with Kryo's `JavaSerializer` holds `ObjectOutputStream`'s bytes: the
    /// error says so, rather than leave the user with a reference marker of 13 996.
    @Test func javaSerializationIsNamed() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("att.yaml")
        try """
        settings: {dialect: kryo2}
        classes:
          - {class: x.Att, id: 20, fields: {data: "byte[]"}}
        """.write(to: schema, atomically: true, encoding: .utf8)
        let message = failure(
            ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", schema.path],
            input: hexBytes("16 01 ac ed 00 05 73 72 00 05"))
        #expect(
            message.hasSuffix(
                "the stream holds Java serialization (ObjectOutputStream's header ac ed 00 05 at byte offset 2): a "
                    + "class written by Kryo's JavaSerializer has java.io's layout, which no schema describes\n"),
            "\(message)")
    }

    /// Java's `writeObjectOrNull` with references off writes a nil marker before the root: a
    /// profile says `call: writeObjectOrNull`; read as `writeObject`, the marker becomes text,
    /// and a note names the call.
    @Test func writeObjectOrNullIsAProfileCall() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("labels.yaml")
        try """
        package: np
        settings: {dialect: kryo2, references: false}
        profiles:
          orNull: {type: Label, call: writeObjectOrNull}
          plain: {type: Label}
        classes:
          - {class: Color, enum: [RED, GREEN], id: 20}
          - {class: Label, id: 21, fields: {color: Color, name: String}}
        """.write(to: schema, atomically: true, encoding: .utf8)
        func run(_ profile: String, _ from: String, _ to: String, _ input: [UInt8]) throws -> KryoTool.Result {
            try KryoTool.run(
                ["convert", "-", "--from", from, "--to", to, "--schema", schema.path, "--profile", profile],
                input: input)
        }
        // As Kryo 2.20 wrote `writeObjectOrNull(output, new Label(RED, "urgent"), Label.class)`.
        let java = hexBytes("01 01 75 72 67 65 6e f4")
        let json = try run("orNull", "kryo2", "json", java)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(String(decoding: json.stdout, as: UTF8.self).contains(#""name": "urgent""#))
        #expect(try run("orNull", "json", "kryo2", json.stdout).stdout == java)
        // A nil root is the marker alone.
        #expect(try run("orNull", "json", "kryo2", Array("null".utf8)).stdout == [0])
        let misread = try run("plain", "kryo2", "json", java)
        #expect(misread.status == 0)
        #expect(misread.stderr.hasSuffix("give call: writeObjectOrNull in the schema's profile\n"), "\(misread.stderr)")
    }

    /// An enum whose constants have bodies, declared without `bodies`: in a list, Java wrote a
    /// class before each constant, and the hint for the failing record names the enum (and
    /// not the other enum, whose constants have none).
    @Test func anEnumWithBodiesIsNamedForARecordStream() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ name: String, _ bodies: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try """
            package: ad
            settings: {dialect: kryo5, registrationRequired: false}
            classes:
              - class: Placement
                enum: [BANNER, VIDEO, NATIVE]\(bodies)
              - class: Channel
                enum: [WEB, APP]
              - class: Click
                fields: {channel: Channel, placements: List<Placement>}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let withBodies = try schema("bodies.yaml", "\n    bodies: [VIDEO]")
        let without = try schema("plain.yaml", "")
        let record = #"{"$class": "ad.Click", "channel": "APP", "placements": ["VIDEO", "BANNER"]}"#
        let written = try KryoTool.run(
            ["convert", "-", "--from", "jsonl", "--to", "kryo5", "--records", "all", "--schema", withBodies],
            input: Array((record + "\n" + record + "\n").utf8))
        #expect(written.status == 0, "\(written.stderr)")
        // Read the wrong way, the first record may even pass: the stream fails on a later one.
        let read = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "jsonl", "--records", "all", "--schema", without],
            input: written.stdout)
        #expect(read.status != 0)
        #expect(read.stderr.hasPrefix("kryo: record "), "\(read.stderr)")
        #expect(
            read.stderr.hasSuffix("give the constants that have one in bodies: [...] (ad.Placement)\n"),
            "\(read.stderr)")
    }

    /// A Kryo 5 stream of `document` written with the schema of package `lg` holding `classes`
    /// and the extra settings `settings`, and the tool's error on reading it without them.
    private func readWithoutSettings(_ settings: String, classes: String, document: String) throws -> (
        message: String, written: [UInt8], schema: String
    ) {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func schema(_ settings: String) -> String {
            "package: lg\nsettings: {dialect: kryo5, registrationRequired: false\(settings)}\nclasses:\n" + classes
        }
        let withSettings = directory.appendingPathComponent("with.yaml")
        let without = directory.appendingPathComponent("without.yaml")
        try schema(settings).write(to: withSettings, atomically: true, encoding: .utf8)
        try schema("").write(to: without, atomically: true, encoding: .utf8)
        let written = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo5", "--schema", withSettings.path],
            input: Array(document.utf8))
        #expect(written.status == 0, "\(written.stderr)")
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", without.path], input: written.stdout)
        return (message, written.stdout, schema(settings))
    }

    /// A Kryo 5 program that calls `setVariableLengthEncoding(false)`: its fields' ints and
    /// longs are fixed width, and the hint names the setting (the leftover bytes it leaves read
    /// otherwise suggested writeObject).
    @Test func fixedWidthFieldsAreNamed() throws {
        let message = try readWithoutSettings(
            ", variableLengthEncoding: false",
            classes: "  - {class: Stop, fields: {seq: int, at: long, name: String, weight: long}}\n",
            document: #"{"$class": "lg.Stop", "seq": 300, "at": 1700000000000, "name": "Bern", "weight": 7}"#
        ).message
        #expect(
            message.hasSuffix(
                "the stream reads with the field serializers' int and long fields fixed width (a program that calls "
                    + "getFieldSerializerConfig().setVariableLengthEncoding(false)): give variableLengthEncoding: "
                    + "false in the schema's settings\n"),
            "\(message)")
    }

    /// A Kryo 5 program whose `Output` has `setVariableLengthEncoding(false)`: its boxed
    /// `Integer`s and `int[]` elements are fixed width (its fields are not), and the hint names
    /// `streams: fast` (which JdkTypesPeerTests proves against Java's own bytes).
    @Test func anOutputWithVarintsOffIsNamed() throws {
        let (message, written, schema) = try readWithoutSettings(
            ", streams: fast",
            classes: #"  - {class: Batch, fields: {codes: "int[]", counts: "List<Integer>", label: String}}"# + "\n",
            document: #"{"$class": "lg.Batch", "codes": [1, -2, 300], "counts": [7, -100000], "label": "x"}"#)
        #expect(
            message.hasSuffix(
                "the stream reads as an Output with varints off writes (a program that calls "
                    + "output.setVariableLengthEncoding(false)): give streams: fast in the schema's settings\n"),
            "\(message)")
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schemaFile = directory.appendingPathComponent("fast.yaml")
        try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
        let read = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "jsonl", "--schema", schemaFile.path], input: written)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(
            String(decoding: read.stdout, as: UTF8.self)
                == #"{"$class":"lg.Batch","codes":[1,-2,300],"counts":[7,-100000],"label":"x"}"# + "\n")
    }

    /// A document whose root leaves `$class` out becomes a `HashMap` in Kryo: when its keys are
    /// the fields of a schema class, the tool says so (and still converts).
    @Test func aRootWithoutClassWhoseKeysAreFieldsIsNoted() throws {
        let note =
            "kryo: note: the document's root has no $class and is written as a java.util.HashMap; its keys are "
            + "fields of test.SampleBean: name the root's class with $class or --type\n"
        let bean = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", "Schemas/kryococoa.yaml"],
            input: Array(#"{"key": 3, "name": "three"}"#.utf8))
        #expect(bean.status == 0)
        #expect(bean.stderr == note)
        #expect(!bean.stdout.isEmpty)
        // A root that an alias names (a cycle through it) is noted too.
        let cyclic = try KryoTool.run(
            ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", "Schemas/kryococoa.yaml"],
            input: Array(#"{"map": {"1": "a"}, "beans": [{"$alias": "$root"}]}"#.utf8))
        #expect(cyclic.status == 0)
        #expect(cyclic.stderr.contains("its keys are fields of test.OtherBean"), "\(cyclic.stderr)")
        // Keys that are no class's fields, and a root with its class: nothing to note.
        for document in [#"{"key": 3, "colour": "red"}"#, #"{"$class": "test.SampleBean", "key": 3}"#] {
            let other = try KryoTool.run(
                ["convert", "-", "--from", "json", "--to", "kryo2", "--schema", "Schemas/kryococoa.yaml"],
                input: Array(document.utf8))
            #expect(other.status == 0)
            #expect(other.stderr.isEmpty)
        }
        // --type names the root's class: read as a SampleBean.
        let typed = try KryoTool.run(
            [
                "convert", "-", "--from", "json", "--to", "kryo2", "--schema", "Schemas/kryococoa.yaml", "--type",
                "test.SampleBean",
            ],
            input: Array(#"{"key": 3, "name": "three"}"#.utf8))
        #expect(typed.status == 0)
        #expect(typed.stderr.isEmpty)
    }

    /// A stream that reads another way than asked: the tool tries the settings a new user most
    /// often has wrong and names the one that reads (bytes Java wrote: the domain peer's).
    @Test func aStreamThatReadsAnotherWayNamesTheWay() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = try String(
            contentsOf: DomainPeerTests.fixtures.appendingPathComponent("schemas/domain-university.yaml"),
            encoding: .utf8)
        let withoutPublic = directory.appendingPathComponent("no-public.yaml")
        try schema.replacingOccurrences(of: "    publicFields: true\n", with: "").write(
            to: withoutPublic, atomically: true, encoding: .utf8)
        let withoutReferences = directory.appendingPathComponent("no-references.yaml")
        try schema.replacingOccurrences(
            of: "v5: {dialect: kryo5, references: true", with: "v5: {dialect: kryo5, references: false"
        )
        .write(to: withoutReferences, atomically: true, encoding: .utf8)
        let version2 = try #require(try DomainPeerRun.shared(2).javaBytes["university_field_v2"])
        #expect(
            failure(
                ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", withoutPublic.path, "--profile", "v2"],
                input: version2
            ).hasSuffix(
                "(read as kryo2, Kryo 2.20); the stream reads when the fields with generic arguments are public "
                    + "(Kryo 2.20 drops the generic arguments of a public class's public fields): mark them public: "
                    + "true, or publicFields: true on their classes (DomainPeer$Student.credits, "
                    + "DomainPeer$Professor.advisees, DomainPeer$Professor.quota, DomainPeer$Dept.rooms and 1 more)\n"))
        // A program that made CompatibleFieldSerializer its default, read with the plain schema.
        let compatible2 = try #require(try DomainPeerRun.shared(2).javaBytes["university_compatible_v2"])
        let plainSchema = DomainPeerTests.fixtures.appendingPathComponent("schemas/domain-university.yaml").path
        #expect(
            failure(
                ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", plainSchema, "--profile", "v2"],
                input: compatible2
            ).hasSuffix(
                "the stream reads when the classes use CompatibleFieldSerializer (a program that calls "
                    + "setDefaultSerializer(CompatibleFieldSerializer.class)): give them serializer: compatible "
                    + "(DomainPeer$Person, DomainPeer$Student, DomainPeer$Professor, DomainPeer$Dept)\n"))
        guard PeerVersions.enabled.contains(5) else { return }
        let version5 = try #require(try DomainPeerRun.shared(5).javaBytes["university_field_v5"])
        let schemaPath = DomainPeerTests.fixtures.appendingPathComponent("schemas/domain-university.yaml").path
        #expect(
            failure(
                ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", schemaPath, "--profile", "v5"],
                input: version5
            ).hasSuffix("(read as kryo4, Kryo 4); the stream reads as kryo5 (Kryo 5): give --from kryo5\n"))
        #expect(
            failure(
                [
                    "convert", "-", "--from", "kryo5", "--to", "json", "--schema", withoutReferences.path, "--profile",
                    "v5",
                ],
                input: version5
            ).hasSuffix(
                "(read as kryo5, Kryo 5); the stream reads with reference tracking on: give --references (or "
                    + "references: true in the schema's settings)\n"))
        // inspect shows how far the stream reads, then the reading that works.
        let inspected = try KryoTool.run(
            ["inspect", "-", "--format", "kryo4", "--schema", schemaPath, "--profile", "v5"], input: version5)
        #expect(
            String(decoding: inspected.stdout, as: UTF8.self).hasSuffix(
                "note: the stream reads as kryo5 (Kryo 5): give --format kryo5\n"))
        // A flag the user gave is not second-guessed.
        #expect(
            failure(
                [
                    "convert", "-", "--from", "kryo5", "--to", "json", "--schema", schemaPath, "--profile", "v5",
                    "--no-references",
                ],
                input: version5
            ).hasSuffix("(read as kryo5, Kryo 5)\n"))
    }

    @Test func aKryoFourFastStreamNamesItsStreams() throws {
        // The university, written through Kryo 4's FastOutput (integers fixed width), read with
        // the schema's standard streams.
        let schemaPath = DomainPeerTests.fixtures.appendingPathComponent("schemas/domain-university.yaml").path
        let (kryo, readable) = try DomainPeerTests.codecs(.init(version: 4, compatible: false, chunked: false))
        let document = try Data(contentsOf: DomainPeerTests.fixtures.appendingPathComponent("domain/university.json"))
        for streams in [KryoStreamClasses.fast, .unsafe] {
            let codec = KryoCodec(
                registry: kryo.registry, dialect: kryo.dialect.using(streams), framing: kryo.framing,
                options: kryo.options)
            let bytes = try codec.encode(try readable.decode(Any?.self, from: [UInt8](document)))
            let message = failure(
                ["convert", "-", "--from", "kryo4", "--to", "json", "--schema", schemaPath, "--profile", "v4"],
                input: bytes)
            #expect(message.hasSuffix("give streams: \(streams.rawValue) in the schema's settings\n"), "\(message)")
        }
    }

    @Test func aReadingWhoseTextIsNotTextIsNoSuggestion() throws {
        // iot.Calib of a Kryo 5 program, references on, written by VersionFieldSerializer
        // (version 2: by = "tech", gain = -2.0, offset = 0.25).
        let bytes = hexBytes("2f 01 03 01 74 65 63 e8 00 00 00 00 00 00 00 c0 00 00 00 00 00 00 d0 3f")
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = "package: iot\nsettings: {dialect: kryo5, references: true, registrationRequired: true}\n"
        let plain = directory.appendingPathComponent("plain.yaml")
        try (settings + "classes:\n  - {class: Calib, id: 45, fields: {offset: double, gain: double, by: String}}\n")
            .write(to: plain, atomically: true, encoding: .utf8)
        // Declared as a plain field class, the stream also decodes without references, with the
        // version and the markers in the text ("\u{1}\u{3}\u{1}tech"): no setting is named.
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", plain.path], input: bytes)
        #expect(message.hasPrefix("kryo: "))
        #expect(!message.contains("references"), "\(message)")
        // Declared as Java wrote it, it reads.
        let versioned = directory.appendingPathComponent("versioned.yaml")
        try
            (settings
            + "classes:\n  - {class: Calib, id: 45, serializer: version, fields: {offset: double, "
            + "gain: {type: double, since: 1}, by: {type: String, since: 2}}}\n")
            .write(to: versioned, atomically: true, encoding: .utf8)
        let result = try KryoTool.run(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", versioned.path], input: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains(#""by": "tech""#) && text.contains(#""gain": -2.0"#) && text.contains(#""offset": 0.25"#))
    }

    @Test func aReadingWhoseTextBeginsWithALengthIsNoSuggestion() throws {
        // p.Ks of a Kryo 5 program, references on: a KryoSerializable class that writes
        // `writeInt(9, true)` and `writeString("ks")` itself. Declared by its fields, the stream
        // also decodes with references off, with a = -1 and the 9 as a tab before "ks": no setting
        // is named, since that reading is wrong.
        let bytes = hexBytes("26 01 09 6b f3")
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("ks.yaml")
        try
            ("package: p\nsettings: {dialect: kryo5, references: true}\n"
            + "classes:\n  - {class: Ks, id: 36, fields: {a: int, b: String}}\n")
            .write(to: schema, atomically: true, encoding: .utf8)
        let message = failure(
            ["convert", "-", "--from", "kryo5", "--to", "json", "--schema", schema.path], input: bytes)
        #expect(message.contains("invalidReference"), "\(message)")
        #expect(!message.contains("--no-references"), "\(message)")
    }

    @Test func aDirectoryIsNamedAsSuch() throws {
        let directory = try KryoTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            failure(["convert", "Schemas", "--from", "kryo2", "--to", "json"])
                == "kryo: Schemas is a directory, expected a file\n")
        #expect(
            failure([
                "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                "Schemas/kryococoa.yaml", "--output", directory.path,
            ]) == "kryo: \(directory.path) is a directory, expected a file\n")
        #expect(
            failure(["schema", "check", "Schemas/examples"])
                == "kryo: Schemas/examples: is a directory, expected a file\n")
        #expect(
            failure([
                "convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", "json", "--schema",
                "Schemas/kryococoa.yaml", "--output", directory.appendingPathComponent("missing/out.json").path,
            ]) == "kryo: cannot write \(directory.path)/missing/out.json: no such directory\n")
    }

    @Test func aTruncatedBinaryPropertyListSaysSo() throws {
        let schema = ["--schema", "Schemas/kryococoa.yaml"]
        for format in ["keyed-binary", "plist-binary"] {
            let whole = try KryoTool.run(
                ["convert", "Schemas/examples/other-bean.kryo", "--from", "kryo2", "--to", format] + schema)
            #expect(whole.status == 0, "\(whole.stderr)")
            #expect(
                failure(
                    ["convert", "-", "--from", format, "--to", "json"] + schema, input: Array(whole.stdout.prefix(100)))
                    == "kryo: truncatedInput: expected the 32-byte trailer at the end of the binary property list, "
                    + "found a truncated file (its last 32 bytes are not a trailer) at byte offset 100\n")
            #expect(
                failure(
                    ["convert", "-", "--from", format, "--to", "json"] + schema, input: Array(whole.stdout.prefix(5)))
                    == "kryo: truncatedInput: expected the 8-byte magic 'bplist00', found a truncated file of 5 bytes "
                    + "at byte offset 5\n")
            // Every shorter file is a truncation error: read in this process by what the tool
            // reads it with, and through the tool itself for a sample of lengths (starting the
            // tool once per length took a minute).
            let count = whole.stdout.count
            let sample: Set = [1, 7, 8, 9, 31, 32, 33, count / 2, count - 33, count - 32, count - 1]
            for length in 1..<count {
                let prefix = Array(whole.stdout.prefix(length))
                do {
                    if format == "keyed-binary" {
                        _ = try KeyedArchiveCodec(registry: try Registry()).decodeArchive(from: prefix)
                    } else {
                        _ = try ReadableCodec(registry: try Registry(), format: .propertyList(.binary))
                            .decode(Any?.self, from: prefix)
                    }
                    Issue.record("\(format), \(length) bytes: read without an error")
                } catch let error as SerializationError {
                    #expect(error.kind == .truncatedInput, "\(format), \(length) bytes: \(error)")
                }
                guard sample.contains(length) else { continue }
                let result = try KryoTool.run(
                    ["convert", "-", "--from", format, "--to", "json"] + schema, input: prefix)
                #expect(result.stderr.hasPrefix("kryo: truncatedInput: "), "\(format), \(length) bytes")
            }
        }
    }

    @Test func schemaCheckReadsStandardInput() throws {
        let yaml = try Data(contentsOf: KryoTool.root.appendingPathComponent("Schemas/kryococoa.yaml"))
        let json = try Data(contentsOf: KryoTool.root.appendingPathComponent("Schemas/kryococoa.json"))
        for text in [yaml, json] {
            let check = try KryoTool.run(["schema", "check", "-"], input: Array(text))
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.text == "ok: 6 classes (3 beans, 1 enums), profiles sample-bean, unregistered in 1 file(s)\n")
        }
        // JSON is told by its first character, and read strictly.
        #expect(
            failure(["schema", "check", "-"], input: Array(#"{"classes": [],}"#.utf8))
                == "kryo: <stdin>:1:16: not JSON: expected a string key after ',' (JSON has no trailing commas), found '}'\n"
        )
        #expect(
            failure(["schema", "check", "-"], input: Array("classes:\n  - class: a.A\n    idd: 3\n".utf8))
                == "kryo: <stdin>:3:5: unknown class key \"idd\" (expected class, id, fields, enum, bodies, serializer, final, abstract, "
                + "extends, implements, readableName, archiveName, typeParameters, publicFields, methods)\n")
        // Resolved together with files; as --schema of convert when the data is a file.
        let both = try KryoTool.run(
            ["schema", "check", "-", "Tests/Fixtures/schemas/peer-evo1.yaml"],
            input: Array("classes:\n  - class: peer.Other\n    fields: {inner: peer.Evolution$Tagged}\n".utf8))
        #expect(both.text == "ok: 11 classes (10 beans, 0 enums) in 2 file(s)\n", "\(both.stderr)")
        let converted = try KryoTool.run(
            [
                "convert", "Schemas/examples/sample-bean.kryo", "--from", "kryo2", "--to", "json", "--type",
                "test.SampleBean", "--schema", "-",
            ], input: Array(yaml))
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(
            failure(["convert", "-", "--from", "kryo2", "--to", "json", "--schema", "-"], status: 64)
                == "kryo: standard input (-) is the input: give the schema files as files\n")
    }

    @Test func everyTruncationOfAStreamIsAnErrorNotACrash() throws {
        let bytes = try #require(try peer().javaBytes["other"])
        for length in 0..<bytes.count {
            let result = try KryoTool.run(
                ["convert", "-", "--from", "kryo2", "--to", "json", "--schema", "Schemas/kryococoa.yaml"],
                input: Array(bytes.prefix(length)))
            #expect(result.status == 1, "\(length) bytes: \(result.stderr)")
            #expect(result.stderr.hasPrefix("kryo: ") && result.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func helpIsEverywhere() throws {
        for arguments in [["--help"], ["convert", "--help"], ["inspect", "--help"], ["schema", "check", "--help"]] {
            let result = try KryoTool.run(arguments)
            #expect(result.status == 0)
            #expect(result.text.contains("USAGE"))
        }
    }
}

/// Shell completion scripts from swift-argument-parser's generator: every subcommand, option and
/// format is offered, and schema files are completed by their extensions.
@Suite struct CompletionScriptTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptNamesEverything(_ shell: String) throws {
        let result = try KryoTool.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let script = result.text
        // Options without their dashes: fish writes `-l 'records'`.
        for word in [
            "convert", "inspect", "schema", "records", "bytes-per-line", "kryonet", "no-references", "kryo5",
            "keyed-binary", "jsonl",
        ] {
            #expect(script.contains(word), "\(shell) script without \(word)")
        }
        #expect(script.contains("yaml"), "schema files completed by extension")
    }
}
