import Foundation
import SwiftKryo
import Testing

/// Objects that ask whether keys are there before they read them, with nested objects between
/// the question and the read, whose own keys are the same at other places.
final class Probe {
    var first: Int32 = 0
    var second: Int32 = 0
    var inner: Probe?
    var asked: [Bool] = []
}

private struct ProbeSerializer: Serializer {
    func write(_ value: Probe, to writer: any ValueWriter) throws {
        try writer.writeInt32(value.first, forKey: "a")
        try writer.writeInt32(value.second, forKey: "b")
        try writer.writeObject(value.inner, as: .object, forKey: "inner")
    }

    func read(from reader: any ValueReader) throws -> Probe {
        let probe = Probe()
        reader.reference(probe)
        // Asked before the nested object is read (which asks for the same keys in its own
        // object), read after it; asked for one key, then read another.
        probe.asked = [reader.containsValue(forKey: "b"), reader.containsValue(forKey: "a")]
        probe.inner = try reader.readObject(forKey: "inner") as? Probe
        probe.second = try reader.readInt32(forKey: "b")
        probe.first = try reader.readInt32(forKey: "a")
        probe.asked.append(reader.containsValue(forKey: "$a"))
        probe.asked.append(reader.containsValue(forKey: "absent"))
        return probe
    }
}

/// The member a serializer asked about (``ValueReader/containsValue(forKey:)``) is taken again by
/// the read of the same key in the same object, without a second search: reads of other keys,
/// of the same key in other objects and after nested objects must still find their own member.
@Suite struct FoundMemberTests {
    let codec: ReadableCodec
    init() throws {
        codec = ReadableCodec(
            registry: try Registry { Register(Probe.self, javaName: "test.Probe", serializer: ProbeSerializer()) },
            format: .json)
    }

    /// The probes of `json`, outermost first, read from the text and from its tree.
    func probes(_ json: String) throws -> [[String]] {
        let bytes = Array(json.utf8)
        func chain(_ probe: Probe?) -> [String] {
            var lines: [String] = []
            var next = probe
            while let probe = next {
                lines.append("\(probe.first) \(probe.second) \(probe.asked)")
                next = probe.inner
            }
            return lines
        }
        let parsed = chain(try codec.decode(Probe.self, from: bytes))
        let tree = chain(try codec.decode(Probe.self, from: ReadableJSON.decode(bytes)))
        #expect(parsed == tree, "\(json)")
        return [parsed, tree]
    }

    @Test func eachObjectReadsItsOwnMembers() throws {
        let json =
            #"{"$class": "test.Probe", "b": 2, "inner": {"$class": "test.Probe", "inner": null, "a": 10, "#
            + #""b": 20, "$$a": 5}, "a": 1}"#
        let lines = try probes(json)[0]
        #expect(lines == ["1 2 [true, true, false, false]", "10 20 [true, true, true, false]"])
    }

    @Test func keysInEveryOrder() throws {
        let members = [#""a": 1"#, #""b": 2"#, #""inner": {"$class": "test.Probe", "b": 4, "a": 3}"#, #""$$a": 7"#]
        for first in members.indices {
            for second in members.indices where second != first {
                let rest = members.indices.filter { $0 != first && $0 != second }.map { members[$0] }
                let order = [members[first], members[second]] + rest
                _ = try probes(#"{"$class": "test.Probe", \#(order.joined(separator: ", "))}"#)
            }
        }
    }
}
