import Foundation
import SwiftKryo
import Testing

/// What a ``ProbeSerializer`` read: its steps' results in order, and its child's.
private class Probe {
    var seen: [String] = []
    var child: Probe?
    required init() {}
}

/// Asks whether keys are there and reads keys in orders that a look-up remembered from
/// `containsValue(forKey:)` must not confuse: a key asked for and another read, a key asked for
/// in the parent and read in the child at the same cursor, an empty key (read under `$0`), a key
/// that starts with `$`, and generic keys. A child (`asks` false) reads its keys without asking.
private struct ProbeSerializer<Value: Probe>: Serializer {
    let asks: Bool

    func write(_ value: Value, to writer: any ValueWriter) throws {}

    func read(from reader: any ValueReader) throws -> Value {
        let probe = Value()
        reader.reference(probe)
        func string(_ key: String) throws -> String { try reader.readString(forKey: key) ?? "nil" }
        guard asks else {
            probe.seen = [try string("a"), try string("b")]
            return probe
        }
        probe.seen.append("has a: \(reader.containsValue(forKey: "a"))")
        probe.child = try reader.readObject(forKey: "child") as? Probe
        probe.seen.append("a: \(try string("a"))")
        probe.seen.append("has a: \(reader.containsValue(forKey: "a"))")
        probe.seen.append("b: \(try string("b"))")
        probe.seen.append("has empty: \(reader.containsValue(forKey: ""))")
        probe.seen.append("empty: \(try string(""))")
        probe.seen.append("has $x: \(reader.containsValue(forKey: "$x"))")
        probe.seen.append("$x: \(try string("$x"))")
        probe.seen.append("has c: \(reader.containsValue(forKey: "c"))")
        probe.seen.append("c: \(try string("c"))")
        probe.seen.append("c again: \(try string("c"))")
        return probe
    }
}

/// The class of a ``Probe``'s child, whose serializer reads without asking.
private final class ChildProbe: Probe {}

/// A field asked for with `containsValue(forKey:)` and then read is read without a second search
/// of the object's keys (JSON text read where it lies): the value read must be the one the tree
/// reading finds, whatever was asked for before.
@Suite struct ContainedKeyTests {
    let codec: ReadableCodec

    init() throws {
        let registry = try Registry {
            Register(Probe.self, javaName: "test.Probe", serializer: ProbeSerializer<Probe>(asks: true))
            Register(ChildProbe.self, javaName: "test.ChildProbe", serializer: ProbeSerializer<ChildProbe>(asks: false))
        }
        codec = ReadableCodec(registry: registry, format: .json)
    }

    private func seen(_ probe: Probe?) -> [String] {
        guard let probe else { return ["nil"] }
        return probe.seen + ["child:"] + (probe.child.map(seen) ?? ["none"])
    }

    @Test(arguments: [
        #"{"$class": "test.Probe", "a": "parent", "b": "B", "child": {"$class": "test.ChildProbe", "b": "b2", "a": "child"}}"#,
        #"{"$class": "test.Probe", "child": {"$class": "test.ChildProbe", "a": "child", "b": "b2"}, "a": "parent"}"#,
        #"{"$class": "test.Probe", "a": "parent", "": "empty", "$0": "generic", "$$x": "dollar", "c": "C"}"#,
        #"{"$class": "test.Probe", "a": "parent", "": "empty", "$$x": "dollar", "$x": "reserved", "c": "C"}"#,
        #"{"$class": "test.Probe", "$0": "first", "a": "A", "$1": "second", "c": "C", "$2": "third"}"#,
        #"{"$class": "test.Probe", "b": "only b", "child": {"$class": "test.ChildProbe", "a": "child a"}}"#,
        #"{"$class": "test.Probe", "a": 5}"#,
    ])
    func readsAsTheTreeReads(text: String) throws {
        let bytes = Array(text.utf8)
        func outcome(_ read: () throws -> Any?) -> [String] {
            do { return seen(try read() as? Probe) } catch { return ["error \(error)"] }
        }
        let parsed = outcome { try codec.decode(Any?.self, from: bytes) }
        let tree = outcome { try codec.decode(Any?.self, from: ReadableJSON.decode(bytes)) }
        #expect(parsed == tree)
    }

    @Test func theValuesReadAreTheKeys() throws {
        let text =
            #"{"$class": "test.Probe", "a": "parent", "b": "B", "": "empty", "$$x": "dollar", "c": "C", "#
            + #""child": {"$class": "test.ChildProbe", "b": "b2", "a": "child"}}"#
        let probe = try #require(try codec.decode(Any?.self, from: Array(text.utf8)) as? Probe)
        #expect(
            probe.seen == [
                "has a: true", "a: parent", "has a: true", "b: B", "has empty: true", "empty: nil", "has $x: true",
                "$x: dollar", "has c: true", "c: C", "c again: C",
            ])
        #expect(probe.child?.seen == ["child", "b2"])
    }
}
