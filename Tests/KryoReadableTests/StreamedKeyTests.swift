import Foundation
import SwiftKryo
import Testing

/// A value whose serializer writes keys that collide: an empty key, a key given twice, keys of
/// one length, and a key that starts with `$`.
private final class Collider {
    var values: [Int32] = []
}

private struct ColliderSerializer: Serializer {
    static let keys = ["", "ab", "cd", "ab", "$x", "ef", "cd", ""]

    func write(_ value: Collider, to writer: any ValueWriter) throws {
        for (key, number) in zip(Self.keys, value.values) { try writer.writeInt32(number, forKey: key) }
    }

    func read(from reader: any ValueReader) throws -> Collider {
        let collider = Collider()
        reader.reference(collider)
        collider.values = try Self.keys.map { try reader.readInt32(forKey: $0) }
        return collider
    }
}

/// The keys a serializer writes are stored as they are, escaped (`$x` as `$$x`), or, when empty
/// or already used in the object, under the next generic key (`$0`, `$1`…), and read back in the
/// same order: streamed, through the tree, and in every readable format.
@Suite struct StreamedKeyTests {
    let registry: Registry
    init() throws {
        registry = try Registry {
            Register(Collider.self, javaName: "test.Collider", serializer: ColliderSerializer())
        }
    }

    @Test func collidingKeysTakeGenericKeysInOrder() throws {
        let collider = Collider()
        collider.values = [10, 20, 30, 40, 50, 60, 70, 80]
        let codec = ReadableCodec(registry: registry, format: .json)
        let text = String(decoding: try codec.encode(collider), as: UTF8.self)
        #expect(
            text == #"{"$class":"test.Collider","$0":10,"ab":20,"cd":30,"$1":40,"$$x":50,"ef":60,"$2":70,"$3":80}"#)
        let tree = try ReadableCodec.bytes(of: codec.document(collider), format: .json)
        #expect(String(decoding: tree, as: UTF8.self) == text)
        for format in [ReadableFormat.json, .prettyJSON, .propertyList(.xml), .propertyList(.binary)] {
            let formatCodec = ReadableCodec(registry: registry, format: format)
            let back = try formatCodec.decode(Collider.self, from: formatCodec.encode(collider))
            #expect(back.values == collider.values, "\(format)")
        }
    }

    /// Strings longer than the writer's first buffer, with escapes at the start, in the middle and
    /// at the end, are written as an independent escaping gives them.
    @Test func longStringsWithEscapesGrowTheBuffer() throws {
        for length in [255, 256, 257, 1_000, 5_000] {
            var characters = Array(repeating: Character("a"), count: length)
            for index in [0, length / 2, length - 1] { characters[index] = index % 2 == 0 ? "\"" : "\n" }
            let string = String(characters)
            let text = String(decoding: ReadableJSON.encode(.string(string)), as: UTF8.self)
            let escaped = string.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
                of: "\n", with: "\\n")
            #expect(text == "\"" + escaped + "\"")
            #expect(try ReadableJSON.decode(Array(text.utf8)) == .string(string))
        }
    }
}
