import Foundation
import SwiftKryo
import Testing

/// A 4-byte real of a binary plist (what `encodeFloat(_:forKey:)` writes) stays 4 bytes wide:
/// keyed archive to keyed archive, and through a readable document and back.
@Suite struct FourByteRealTests {
    /// An archive as Apple writes one: an object of a class nobody registered with a 4-byte real
    /// (`XDWidth`) and an 8-byte one (`XDLength`).
    private func appleArchive() throws -> [UInt8] {
        let objects: [PropertyListValue] = [
            .string("$null"),
            .dictionary(["$class": .uid(2), "XDWidth": .float(0.1), "XDLength": .real(0.1)]),
            .dictionary([
                "$classname": .string("XDLineEnd"), "$classes": .array([.string("XDLineEnd"), .string("NSObject")]),
            ]),
        ]
        let archive: PropertyListValue = .dictionary([
            "$version": .integer(100_000), "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(["root": .uid(1)]), "$objects": .array(objects),
        ])
        return try PropertyList.encode(archive, format: .binary)
    }

    /// The first object's stored `XDWidth` and `XDLength`.
    private func widths(_ bytes: [UInt8]) throws -> (PropertyListValue?, PropertyListValue?) {
        let archive = try KeyedArchive(bytes: bytes)
        guard case .dictionary(let entries) = archive.objects[1] else { return (nil, nil) }
        return (entries["XDWidth"], entries["XDLength"])
    }

    @Test func aFourByteRealIsReadAndWrittenFourBytesWide() throws {
        let bytes = try appleArchive()
        #expect(try widths(bytes) == (.float(0.1), .real(0.1)))
        // The bytes themselves: a 0x22 marker and Float(0.1)'s bits, big-endian.
        #expect(bytes.windowContains([0x22, 0x3D, 0xCC, 0xCC, 0xCD]))

        let codec = KeyedArchiveCodec(registry: try Registry())
        let again = try codec.encode(try codec.decodeArchive(from: bytes))
        #expect(try widths(again) == (.float(0.1), .real(0.1)))

        for format in [ReadableFormat.json, .propertyList(.xml), .propertyList(.binary)] {
            let readable = ReadableCodec(registry: try Registry(), format: format)
            let document = try readable.encode(try codec.decodeArchive(from: bytes))
            let back = try codec.encode(try readable.decode(Any?.self, from: document))
            #expect(try widths(back) == (.float(0.1), .real(0.1)), "\(format)")
        }
    }

    /// An XML plist has one kind of real: a 4-byte real is written as its value and read back as
    /// an 8-byte one.
    @Test func xmlWritesAFourByteRealAsItsValue() throws {
        let xml = try PropertyList.encode(.array([.float(0.5), .float(0.1)]), format: .xml)
        #expect(try PropertyList.decode(xml).value == .array([.real(0.5), .real(Double(Float(0.1)))]))
    }

    /// A serializer's `writeFloat` stores a 4-byte real; `readFloat` and `readDouble` read one.
    @Test func writeFloatStoresAFourByteReal() throws {
        let registry = try Registry { Register(Gauge.self, javaName: "test.Gauge", serializer: GaugeSerializer()) }
        let codec = KeyedArchiveCodec(registry: registry)
        let bytes = try codec.encode(Gauge(level: 0.75, exact: 0.75))
        #expect(try widths(bytes) == (.float(0.75), .real(0.75)))
        let back = try codec.decode(Gauge.self, from: bytes)
        #expect(back.level == 0.75 && back.exact == 0.75)
    }
}

private final class Gauge {
    let level: Float
    let exact: Double
    init(level: Float, exact: Double) {
        self.level = level
        self.exact = exact
    }
}

private struct GaugeSerializer: Serializer {
    func write(_ value: Gauge, to writer: any ValueWriter) throws {
        try writer.writeFloat(value.level, forKey: "XDWidth")
        try writer.writeDouble(value.exact, forKey: "XDLength")
    }

    func read(from reader: any ValueReader) throws -> Gauge {
        Gauge(level: try reader.readFloat(forKey: "XDWidth"), exact: try reader.readDouble(forKey: "XDLength"))
    }
}

extension [UInt8] {
    fileprivate func windowContains(_ needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
