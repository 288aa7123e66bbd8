import Foundation
import SwiftKryo
import Testing

/// A value whose serializer reads keys around nested values: plain keys, keys given twice (which
/// the writer stores under generic keys) and nested objects of its own kind.
private final class Shell {
    var numbers: [Int32] = []
    var inner: Shell?
    var last: Int32 = 0
}

private struct ShellSerializer: Serializer {
    /// Given twice, as the writer of a plain object never does: the second is a generic key.
    let repeats: Bool

    func write(_ value: Shell, to writer: any ValueWriter) throws {
        try writer.writeInt32(value.numbers[0], forKey: "a")
        try writer.writeInt32(value.numbers[1], forKey: repeats ? "a" : "b")
        try writer.writeObject(value.inner, as: .object, forKey: "inner")
        try writer.writeInt32(value.last, forKey: repeats ? "a" : "last")
    }

    func read(from reader: any ValueReader) throws -> Shell {
        let shell = Shell()
        reader.reference(shell)
        let first = try reader.readInt32(forKey: "a")
        let second = try reader.readInt32(forKey: repeats ? "a" : "b")
        shell.numbers = [first, second]
        shell.inner = try reader.readObject(forKey: "inner") as? Shell
        #expect(reader.containsValue(forKey: repeats ? "a" : "last"))
        #expect(!reader.containsValue(forKey: "absent"))
        shell.last = try reader.readInt32(forKey: repeats ? "a" : "last")
        return shell
    }
}

/// The reader keeps the parsed object of its innermost frame apart from its frames (when that
/// object has no generic keys): every frame entered and left, of the parsed text, with generic
/// keys, or read through its tree, must leave the object the next field is read from its own.
@Suite struct ParsedFrameTests {
    /// A chain of shells `depth` deep, each with its own numbers.
    private func chain(depth: Int) -> Shell {
        var inner: Shell?
        for level in 0..<depth {
            let shell = Shell()
            shell.numbers = [Int32(level * 10 + 1), Int32(level * 10 + 2)]
            shell.last = Int32(level * 10 + 3)
            shell.inner = inner
            inner = shell
        }
        return inner ?? Shell()
    }

    private func numbers(_ shell: Shell?) -> [Int32] {
        var result: [Int32] = []
        var next = shell
        while let shell = next {
            result += shell.numbers + [shell.last]
            next = shell.inner
        }
        return result
    }

    @Test(arguments: [false, true])
    func fieldsAfterANestedObjectAreTheirObjects(repeats: Bool) throws {
        let registry = try Registry {
            Register(Shell.self, javaName: "test.Shell", serializer: ShellSerializer(repeats: repeats))
        }
        let codec = ReadableCodec(registry: registry, format: .json)
        let shell = chain(depth: 6)
        let bytes = try codec.encode(shell)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""$0":"#) == repeats)
        let parsed = try codec.decode(Shell.self, from: bytes)
        let tree = try codec.decode(Shell.self, from: ReadableJSON.decode(bytes))
        #expect(numbers(parsed) == numbers(shell))
        #expect(numbers(tree) == numbers(shell))
    }

    /// A plain object inside an object of more members than are searched (read through its
    /// tree), and the other way round.
    @Test func framesOfTreesAndOfTheTextAlternate() throws {
        let registry = try Registry {
            Register(Shell.self, javaName: "test.Shell", serializer: ShellSerializer(repeats: false))
        }
        let codec = ReadableCodec(registry: registry, format: .json)
        let padding = (0..<70).map { #""pad\#($0)": \#($0), "# }.joined()
        let text =
            #"{"$class": "test.Shell", "a": 1, "b": 2, "inner": {"$class": "test.Shell", \#(padding)"a": 11, "b": 12, "inner": {"$class": "test.Shell", "a": 21, "b": 22, "last": 23}, "last": 13}, "last": 3}"#
        let shell = try codec.decode(Shell.self, from: Array(text.utf8))
        #expect(numbers(shell) == [1, 2, 3, 11, 12, 13, 21, 22, 23])
    }
}
