import Foundation
import SwiftKryo
import Testing

/// A serializer that writes its integers without an `encoding:` writes what Java's default
/// serializers of `Integer` and `Long` write, in every dialect and through every Java output class.
@Suite struct IntegerEncodingDefaultTests {
    /// A Swift type that declares no Java class: registered with `javaName:`.
    struct Reading: Equatable {
        var count: Int32
        var total: Int64
    }

    /// Writes both numbers with the default encoding.
    struct DefaultReadingSerializer: Serializer {
        func write(_ value: Reading, to writer: any ValueWriter) throws {
            try writer.writeInt32(value.count, forKey: "count")
            try writer.writeInt64(value.total, forKey: "total")
        }
        func read(from reader: any ValueReader) throws -> Reading {
            Reading(count: try reader.readInt32(forKey: "count"), total: try reader.readInt64(forKey: "total"))
        }
    }

    /// References off: a boxed `Integer` is never tracked, and `Reading` then is not either.
    static let noReferences = SerializationOptions(references: false)

    static let dialects: [KryoDialect] = [
        .v2, .v4, .v4.using(.fast), .v4.using(.unsafe), .v5, .v5.using(.fast), .v5.using(.unsafe),
    ]

    @Test(arguments: dialects)
    func defaultEncodingIsWhatIntegerAndLongSerializersWrite(_ dialect: KryoDialect) throws {
        let registry = try Registry {
            Register(Reading.self, id: 20, javaName: "meter.Reading", serializer: DefaultReadingSerializer())
        }
        let reading = Reading(count: -65, total: 300_000_000_000)
        let format = SerializationFormat.kryo(dialect)
        let written = [UInt8](try registry.encode(reading, as: format, options: Self.noReferences))
        // Java's IntSerializer and LongSerializer: the boxed values, each after its one-byte class id.
        let integer = [UInt8](try registry.encode(reading.count as Any?, as: format, options: Self.noReferences))
        let long = [UInt8](try registry.encode(reading.total as Any?, as: format, options: Self.noReferences))
        #expect(written.count > 1 && integer.count > 1 && long.count > 1)
        #expect(Array(written.dropFirst()) == Array(integer.dropFirst()) + Array(long.dropFirst()))
        #expect(
            try registry.decode(Reading.self, from: Data(written), as: format, options: Self.noReferences) == reading)
    }

    @Test func standardOutputIsZigzagAndFastOutputIsFixed() throws {
        let registry = try Registry {
            Register(Reading.self, id: 20, javaName: "meter.Reading", serializer: DefaultReadingSerializer())
        }
        let reading = Reading(count: -65, total: 300)
        // Class id 20 is written as 22; then zigzag varints: -65 → 81 01, 300 → d8 04.
        #expect(
            hex([UInt8](try registry.encode(reading, as: .kryo(.v2), options: Self.noReferences))) == "16 81 01 d8 04")
        // Kryo 4's FastOutput writes the same calls at fixed width, big-endian.
        #expect(
            hex([UInt8](try registry.encode(reading, as: .kryo(.v4.using(.fast)), options: Self.noReferences)))
                == "16 ff ff ff bf 00 00 00 00 00 00 01 2c")
    }
}
