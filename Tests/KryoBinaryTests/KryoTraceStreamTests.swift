import Foundation
import SwiftKryo
import Testing

/// `kryo inspect` on Kryo 2.20 streams, through the real reader traced (`KryoCodec.inspect`):
/// full dumps of streams the real Java peer wrote, checked line by line against the wire rules
/// (reference/kryo-wire.md), coverage of every byte of every peer case, evolution, streams
/// without a schema, truncated, malformed or random.
@Suite struct KryoTraceStreamTests {
    private func javaBytes(_ name: String) throws -> [UInt8] {
        switch JavaPeerRun.shared {
        case .success(let run): return try #require(run.javaBytes[name], "Java wrote no bytes for \(name)")
        case .failure(let failure): throw failure
        }
    }

    private func peerCase(_ name: String) throws -> PeerCase {
        try #require(PeerCases.all.first { $0.name == name })
    }

    private func traced(_ name: String) throws -> TracedReader {
        try #require(try PeerSchemas.traced(try peerCase(name)), "no schema for \(name)")
    }

    /// A codec of `schema` in Kryo 2.20.
    private func codec(_ schema: SchemaSet = SchemaSet(), references: Bool = true) throws -> KryoCodec {
        KryoCodec(
            registry: try Registry(schemas: schema), dialect: .v2, options: SerializationOptions(references: references)
        )
    }

    // MARK: Full dumps

    /// Each dump was derived by hand from the bytes Java writes (the hex is in each line) and the
    /// rules of reference/kryo-wire.md, and checked against what
    /// the traced reader reads: class tags are id+2 (§5), reference markers 01 = new object
    /// numbered in pre-order and id+2 = back-reference (§6), fields sorted by name (§7), final
    /// declared types without a class tag and first-level final generics dropping element class
    /// tags (§8.3), arrays length+1 (§9), enums ordinal+1 (§10), tagged count/tag (§11),
    /// compatible header and chunks (§12).
    static let expectedDumps: [String: String] = [
        "sample": """
        0000  16             class      test.SampleBean (id 20)
        0001  01             reference  new object #0
        0002  54             int          key: 42
        0003  01             reference    name: new object #1
        0004  61 6e 73 77 …  String       name: "answer"
        """,
        "sample_writeobject": """
        0000  01             reference  new object #0
        0001  06             int          key: 3
        0002  01             reference    name: new object #1
        0003  74 68 72 65 …  String       name: "three"
        """,
        "other": """
        0000  17             class      test.OtherBean (id 21)
        0001  01             reference  new object #0
        0002  19             class        beans: java.util.ArrayList (id 23)
        0003  01             reference    beans: new object #1
        0004  02             length       beans: size 2
        0005  16             class          [0]: test.SampleBean (id 20)
        0006  01             reference      [0]: new object #2
        0007  02             int              key: 1
        0008  01             reference        name: new object #3
        0009  82 61          String           name: "a"
        000b  16             class          [1]: test.SampleBean (id 20)
        000c  01             reference      [1]: new object #4
        000d  04             int              key: 2
        000e  01             reference        name: new object #5
        000f  82 62          String           name: "b"
        0011  01             reference    kind: new object #6
        0012  02             enum         kind: SECOND (ordinal 1)
        0013  1a             class        map: java.util.HashMap (id 24)
        0014  01             reference    map: new object #7
        0015  01             length       map: size 1
        0016  01             marker         key[0]: not null
        0017  02             int            key[0]: 1
        0018  01             reference      value[0]: new object #8
        0019  6f 6e e5       String         value[0]: "one"
        """,
        "cycle": """
        0000  0e             class      peer.Node (id 12)
        0001  01             reference  new object #0
        0002  01             reference    name: new object #1
        0003  82 61          String       name: "a"
        0005  0e             class        next: peer.Node (id 12)
        0006  01             reference    next: new object #2
        0007  01             reference      name: new object #3
        0008  82 62          String         name: "b"
        000a  0e             class          next: peer.Node (id 12)
        000b  02             reference      next: back-reference to #0 (peer.Node at 0x0001)
        """,
        "shared": """
        0000  0f             class      peer.Pair (id 13)
        0001  01             reference  new object #0
        0002  0c             class        left: peer.Inner (id 10)
        0003  01             reference    left: new object #1
        0004  01             reference      label: new object #2
        0005  73 68 61 72 …  String         label: "shared"
        000b  0e             int            value: 7
        000c  0c             class        right: peer.Inner (id 10)
        000d  03             reference    right: back-reference to #1 (peer.Inner at 0x0003)
        """,
        "hashmap_one": """
        0000  21             class      java.util.HashMap (id 31)
        0001  01             reference  new object #0
        0002  01             length     size 1
        0003  03             class        key[0]: java.lang.String (id 1)
        0004  01             reference    key[0]: new object #1
        0005  82 61          String       key[0]: "a"
        0007  02             class        value[0]: java.lang.Integer (id 0)
        0008  02             int          value[0]: 1
        """,
        "list_mixed_unreg": """
        0000  01 00 6a 61 …  class      java.util.ArrayList (by name, name id 0)
        0015  01             reference  new object #0
        0016  03             length     size 3
        0017  02             class        [0]: java.lang.Integer (id 0)
        0018  02             int          [0]: 1
        0019  03             class        [1]: java.lang.String (id 1)
        001a  01             reference    [1]: new object #1
        001b  82 61          String       [1]: "a"
        001d  00             class        [2]: null
        """,
        "arr_int": """
        0000  2a             class      [I (id 40)
        0001  01             reference  new object #0
        0002  06             length     length 5
        0003  00             int          [0]: 0
        0004  02             int          [1]: 1
        0005  01             int          [2]: -1
        0006  ff ff ff ff …  int          [3]: -2147483648
        000b  fe ff ff ff …  int          [4]: 2147483647
        """,
        "arr_string": """
        0000  2b             class      [Ljava.lang.String; (id 41)
        0001  01             reference  new object #0
        0002  04             length     length 3
        0003  82 61          String       [0]: "a"
        0005  80             String       [1]: null
        0006  82 c3 a9       String       [2]: "é"
        """,
        "arr_object_unreg": """
        0000  01 00 5b 4c …  class      [Ljava.lang.Object; (by name, name id 0)
        0015  01             reference  new object #0
        0016  05             length     length 4
        0017  02             class        [0]: java.lang.Integer (id 0)
        0018  02             int          [0]: 1
        0019  03             class        [1]: java.lang.String (id 1)
        001a  01             reference    [1]: new object #1
        001b  82 61          String       [1]: "a"
        001d  00             class        [2]: null
        001e  01 01 70 65 …  class        [3]: peer.Inner (by name, name id 1)
        002a  01             reference    [3]: new object #2
        002b  01             reference      label: new object #3
        002c  82 62          String         label: "b"
        002e  04             int            value: 2
        """,
        "arr_int2d": """
        0000  2d             class      [[I (id 43)
        0001  01             reference  new object #0
        0002  04             length     length 3
        0003  01             reference    [0]: new object #1
        0004  02             length       [0]: length 1
        0005  02             int            [0]: 1
        0006  01             reference    [1]: new object #2
        0007  03             length       [1]: length 2
        0008  04             int            [0]: 2
        0009  06             int            [1]: 3
        000a  00             reference    [2]: null
        """,
        "arr_byte": """
        0000  2e             class      [B (id 44)
        0001  01             reference  new object #0
        0002  06             length     length 5
        0003  00 01 ff 80 …  bytes        00 01 ff 80 7f
        """,
        "enum_blue": """
        0000  12             class      peer.Color (id 16)
        0001  01             reference  new object #0
        0002  03             enum       BLUE (ordinal 2)
        """,
        "tagged_ref": """
        0000  3f             class      peer.Evolution$Tagged (id 61)
        0001  01             reference  new object #0
        0002  03             count        3 tagged fields
        0003  0a             tag          tag 10 (aaa)
        0004  02             int          aaa: 1
        0005  02             tag          tag 2 (name)
        0006  01             reference    name: new object #1
        0007  68 e9          String       name: "hi"
        0009  01             tag          tag 1 (value)
        000a  0a             int          value: 5
        """,
        "compat_ref": """
        0000  40             class      peer.Evolution$Compat (id 62)
        0001  01             reference  new object #0
        0002  02             count        header: 2 fields
        0003  6e 61 6d e5    name         header[0]: "name"
        0007  82 78          name         header[1]: "x"
        0009  03             chunk        3 bytes of name
        000a  01             reference    name: new object #1
        000b  68 e9          String       name: "hi"
        000d  00             chunk        end of name
        000e  01             chunk        1 byte of x
        000f  0a             int          x: 5
        0010  00             chunk        end of x
        """,
    ]

    @Test("Full dump of a Java-written stream", arguments: expectedDumps.keys.sorted())
    func fullDump(_ name: String) throws {
        let bytes = try javaBytes(name)
        let dump = try traced(name).inspect(bytes)
        #expect(dump.stop == nil)
        #expect(dump.render() == (Self.expectedDumps[name] ?? "") + "\n")
        checkCoverage(dump, bytes, name)
    }

    /// Every Java peer case whose configuration has a schema: entries cover every byte once, in
    /// order, and the reader reads the whole stream, except KryoSerializable classes, whose
    /// layout no schema can tell.
    @Test("Every Java peer case with a schema is read to the last byte")
    func everyPeerCase() throws {
        var checked = 0
        var failures: [String] = []
        for peerCase in PeerCases.all {
            guard let traced = try PeerSchemas.traced(peerCase) else { continue }
            let bytes = try javaBytes(peerCase.name)
            let dump = traced.inspect(bytes)
            checkCoverage(dump, bytes, peerCase.name)
            if peerCase.name.hasPrefix("self_written") {
                #expect(dump.stop?.kind == .unknownLayout, "\(peerCase.name)")
                #expect(
                    dump.stop?.reason.hasPrefix("class peer.SelfWritten is not in the schema") == true,
                    "\(peerCase.name): \(dump.stop?.description ?? "")")
                continue
            }
            if let stop = dump.stop {
                failures.append("\(peerCase.name): \(stop)")
            } else if dump.entries.contains(where: { $0.role == .raw || $0.role == .trailing }) {
                failures.append("\(peerCase.name): raw or trailing bytes\n\(dump.render())")
            } else {
                checked += 1
            }
        }
        #expect(failures == [])
        #expect(checked > 150)
    }

    // MARK: Evolution: a stream read with the other version's schema

    /// CompAddV2's bytes with CompAddV1's schema: the unknown field is skipped, as Kryo skips it.
    @Test func compatibleFieldMissingFromTheSchemaIsSkipped() throws {
        let bytes = try javaBytes("compadd_2to1")
        let dump = try codec(PeerSchemas.evolution(version: 1)).inspect(bytes)
        #expect(dump.stop == nil, "\(dump.render())")
        let skipped = try #require(dump.entries.first { $0.role == .raw }, "\(dump.render())")
        #expect(skipped.text == "extra: not a field of peer.Evolution$CompAddV1 in the schema; skipped, as Kryo does")
        #expect(skipped.bytes == [0xC6, 0x01])  // zigzag varlong 99
        #expect(dump.entries.contains { $0.text == "x: 5" })
        checkCoverage(dump, bytes, "compadd_2to1")
    }

    /// TagAddV2's bytes with TagAddV1's schema: tag 5 is unknown, so is everything after it.
    @Test func unknownTagStops() throws {
        let bytes = try javaBytes("tagadd_2to1")
        let dump = try codec(PeerSchemas.evolution(version: 1)).inspect(bytes)
        let stop = try #require(dump.stop)
        #expect(stop.kind == .unknownLayout)
        let tag = try #require(dump.entries.last { $0.role == .tag }, "\(dump.render())")
        #expect(tag.text == "tag 5")
        #expect(stop.offset == tag.offset + 1)
        let left = bytes.count - stop.offset
        #expect(
            stop.description
                == "stopped at \(String(format: "0x%04x", stop.offset)): tag 5 is not a field of peer.Evolution$TagAddV1; "
                + "cannot tell the layout of what follows (\(left) byte\(left == 1 ? "" : "s") left)")
        checkCoverage(dump, bytes, "tagadd_2to1")
    }

    // MARK: Without a schema

    /// Only the JDK registrations: the reader stops at the first class tag it does not know,
    /// after explaining it; what follows depends on the class.
    @Test func cocoaStreamWithoutSchemaStopsAfterTheClassTag() throws {
        let bytes = try javaBytes("sample")
        let dump = try codec().inspect(bytes)
        #expect(
            dump.render() == """
                0000  16             class      unknown class (id 20)
                0001  01 54 01 61 …  raw        01 54 01 61 6e 73 77 65 f2
                stopped at 0x0001: class id 20 is not in the schema; cannot tell the layout of what follows (9 bytes left)

                """)
        checkCoverage(dump, bytes, "sample")
    }

    @Test func cocoaStreamWithoutSchemaAndReferencesOff() throws {
        let bytes = try javaBytes("other_norefs")
        let dump = try codec(references: false).inspect(bytes)
        #expect(dump.stop?.offset == 1)
        #expect(
            dump.stop?.description
                == "stopped at 0x0001: class id 21 is not in the schema; cannot tell the layout of what follows (\(bytes.count - 1) bytes left)"
        )
        checkCoverage(dump, bytes, "other_norefs")
    }

    /// Library classes and strings need no schema: an unregistered array is read until the first
    /// bean, whose class name the stream gives but the schema does not.
    @Test func libraryClassesWithoutSchema() throws {
        let bytes = try javaBytes("arr_object_unreg")
        let dump = try codec().inspect(bytes)
        let stop = try #require(dump.stop)
        #expect(stop.kind == .unknownLayout)
        #expect(
            stop.reason.hasPrefix("class peer.Inner is not in the schema; cannot tell the layout of what follows"),
            "\(stop)")
        #expect(dump.entries.contains { $0.text == "[1]: \"a\"" }, "\(dump.render())")
        checkCoverage(dump, bytes, "arr_object_unreg")
        let full = try javaBytes("list_mixed_unreg")
        let listDump = try codec().inspect(full)
        #expect(listDump.stop == nil, "\(listDump.render())")
        checkCoverage(listDump, full, "list_mixed_unreg")
    }

    // MARK: Truncated, malformed, random

    @Test func truncatedVarint() throws {
        let dump = try codec().inspect([0x02, 0x80])
        #expect(
            dump.render() == """
                0000  02             class      java.lang.Integer (id 0)
                0001  80             raw        80
                truncated: expected a varint at 0x0001, found the end

                """)
    }

    @Test func trailingBytesAreReported() throws {
        let dump = try codec().inspect([0x02, 0x54, 0xCA, 0xFE])
        #expect(dump.trailingByteCount == 2)
        #expect(
            dump.render() == """
                0000  02             class      java.lang.Integer (id 0)
                0001  54             int        42
                0002  ca fe          trailing   ca fe
                trailing: 2 bytes after the root value, from 0x0002

                """)
    }

    // MARK: One record of a larger input

    @Test func aRangeIsExplainedWithTheInputsOffsets() throws {
        // A 4-byte header, an Integer 42 and two bytes after it, then another record.
        let input: [UInt8] = [0, 0, 0, 4, 0x02, 0x54, 0xCA, 0xFE, 0x02, 0x56]
        let dump = try codec().inspect(input, in: 4..<8)
        #expect(dump.byteCount == 4)
        #expect(dump.entries.map(\.offset) == [4, 5, 6])
        #expect(dump.trailingByteCount == 2)
        #expect(
            dump.render() == """
                0004  02             class      java.lang.Integer (id 0)
                0005  54             int        42
                0006  ca fe          trailing   ca fe
                trailing: 2 bytes after the root value, from 0x0006

                """)
        #expect(dump.entryLines(offsetDigits: 6).first == "000004  02             class      java.lang.Integer (id 0)")
    }

    @Test func aRangeEndsWhereItEnds() throws {
        // The String's bytes run on past the range: the read stops at its end, not the input's.
        let input: [UInt8] = [0xFF, 0x03, 0x61, 0x62, 0xE3, 0x00]
        let dump = try codec(references: false).inspect(input, in: 1..<4)
        #expect(dump.stop?.kind == .truncated)
        #expect(dump.stop?.description == "truncated: expected a string at 0x0002, found the end")
        #expect(dump.entries.map(\.range) == [1..<2, 2..<4])
        let unknown = try codec(references: false).inspect([0x00, 0x17, 0x01, 0x02, 0x03], in: 1..<4)
        #expect(
            unknown.stop?.description
                == "stopped at 0x0002: class id 21 is not in the schema; cannot tell the layout of what follows "
                + "(2 bytes left)")
        #expect(try codec().inspect([0x02, 0x54], in: 1..<9).entries.map(\.range) == [1..<2])
    }

    @Test func backReferenceBeforeAnyObjectIsMalformed() throws {
        let dump = try codec().inspect([0x03, 0x05])
        #expect(dump.stop?.kind == .malformed)
        #expect(
            dump.stop?.description
                == "stopped at 0x0001: expected a reference to one of the 0 objects read so far, found reference marker 5 "
                + "(1 byte left)")
        #expect(dump.entries.map(\.role) == [.classTag, .raw])
        checkCoverage(dump, [0x03, 0x05], "back-reference")
    }

    @Test func hugeSizesAllocateNothing() throws {
        // An ArrayList (by name) of 2^31 - 1 elements, with four bytes after the size.
        let name = Array("java.util.ArrayLis".utf8) + [UInt8(ascii: "t") | 0x80]
        let bytes = [0x01, 0x00] + name + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 1, 2, 3, 4]
        let dump = try codec().inspect(bytes)
        #expect(dump.stop?.kind == .truncated)
        #expect(
            dump.stop?.description
                == "truncated: expected size 2147483647 to fit in the input at 0x001b, found fewer bytes left than "
                + "2147483647 elements need")
        #expect(dump.entries.last { $0.role == .length }?.text == "size 2147483647")
        checkCoverage(dump, bytes, "huge size")
    }

    @Test(
        "Every truncation of a Java stream ends with a truncated line",
        arguments: ["other", "cycle", "allkinds", "compat_list", "compat_long_norefs", "jdkc_treemap_rev", "cal_paris"])
    func everyTruncation(_ name: String) throws {
        let traced = try traced(name)
        let bytes = try javaBytes(name)
        for count in 0..<bytes.count {
            let prefix = Array(bytes.prefix(count))
            let dump = traced.inspect(prefix)
            checkCoverage(dump, prefix, "\(name)[..<\(count)]")
            #expect(dump.stop?.kind == .truncated, "\(name)[..<\(count)]: \(dump.stop?.description ?? "no stop")")
            let lastLine = dump.render().split(separator: "\n").last.map(String.init) ?? ""
            #expect(lastLine.hasPrefix("truncated: expected "), "\(name)[..<\(count)]: \(lastLine)")
        }
    }

    @Test func randomBytesNeverTrap() throws {
        var generator = SplitMix(seed: 20)
        let registries = try [
            SchemaSet(), PeerSchemas.reg, PeerSchemas.cocoa, PeerSchemas.evolution(version: 1),
        ].map { try Registry(schemas: $0) }
        for round in 0..<3000 {
            let count = Int(generator.next() % 48)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Start most streams with a class tag the schema knows, to get further in.
            if round % 2 == 0, !bytes.isEmpty { bytes[0] = UInt8(2 + generator.next() % 70) }
            let codec = KryoCodec(
                registry: registries[round % registries.count], dialect: .v2,
                options: SerializationOptions(references: round % 3 != 0))
            let dump = codec.inspect(bytes)
            checkCoverage(dump, bytes, "random \(round)")
            let rendered = dump.render()
            if let stop = dump.stop {
                #expect(rendered.hasSuffix(stop.description + "\n"))
            }
        }
    }
}
