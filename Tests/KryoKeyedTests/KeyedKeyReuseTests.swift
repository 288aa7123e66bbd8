import SwiftKryo
import Testing

/// The reader finds each key a serializer reads as the writer stored it: a key written twice is
/// stored the second time under the next generic key (`$0`…), which the second read takes, in
/// objects of any size, in both layouts.
@Suite struct KeyedKeyReuseTests {
    static let formats: [PropertyListFormat] = [.binary, .xml]

    static func registry() throws -> Registry {
        try Registry {
            Register(
                Positional.self, javaName: "test.Positional", serializer: PositionalSerializer(),
                archiveClass: ArchiveClass("Positional"))
        }
    }

    @Test("A key written twice reads back twice, in order", arguments: formats)
    func aKeyWrittenTwiceReadsBackInOrder(_ format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Self.registry(), format: format)
        for count in [0, 1, 2, 63, 64, 65, 130] {
            let value = Positional(values: (0..<count).map { Int32($0 * 7 - 100) })
            let back = try codec.decode(Positional.self, from: try codec.encode(value))
            #expect(back.values == value.values, "\(count) values")
        }
    }
}

/// A value whose serializer writes every element under the same key, as a positional serializer
/// does; it also reads a key it never writes.
struct Positional: Equatable {
    var values: [Int32]
}

struct PositionalSerializer: Serializer {
    func write(_ value: Positional, to writer: any ValueWriter) throws {
        try writer.writeInt32(Int32(value.values.count), forKey: "count", encoding: .positive)
        for element in value.values { try writer.writeInt32(element, forKey: "element", encoding: .zigzag) }
        // Seventy keys of their own, and the last again: read twice past the 64th entry.
        for index in 0..<70 { try writer.writeInt32(Int32(index), forKey: "f\(index)", encoding: .zigzag) }
        try writer.writeInt32(-1, forKey: "f69", encoding: .zigzag)
    }

    func read(from reader: any ValueReader) throws -> Positional {
        let count = try reader.readInt32(forKey: "count", encoding: .positive)
        guard (0...1000).contains(count) else {
            throw SerializationError(.invalidValue, expected: "at most 1000 values", found: "\(count)")
        }
        // A key the writer never wrote reads as zero.
        let absent = try reader.readInt32(forKey: "absent", encoding: .zigzag)
        guard absent == 0 else {
            throw SerializationError(.invalidValue, expected: "0 for an absent key", found: "\(absent)")
        }
        let values = try (0..<count).map { _ in try reader.readInt32(forKey: "element", encoding: .zigzag) }
        for index in 0..<70 {
            let read = try reader.readInt32(forKey: "f\(index)", encoding: .zigzag)
            guard read == index else { throw SerializationError(.invalidValue, expected: "\(index)", found: "\(read)") }
        }
        let last = try reader.readInt32(forKey: "f69", encoding: .zigzag)
        guard last == -1 else { throw SerializationError(.invalidValue, expected: "-1", found: "\(last)") }
        return Positional(values: values)
    }
}
