import KryoCore

/// KryoCocoa's `UIColorSerializer` form of a color, for Java peers that use it: one positive
/// varint holding `0xRRGGBB` (8 bits a channel, alpha dropped).
///
/// A form of the Kryo binary only: register it for that family beside ``ColorSerializer``, which
/// keyed archives and readable documents keep using
/// (`RichText.registrations(colorSerializer: RGBIntColorSerializer())` does), or
///
/// ```swift
/// Register(
///     Color.self, id: 21, javaName: "swiftkryo.text.Color", serializer: ColorSerializer(),
///     formats: [.kryoBinary: RGBIntColorSerializer()], archiveClass: ArchiveClass("NSColor"))
/// ```
public struct RGBIntColorSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ color: Color, to writer: any ValueWriter) throws {
        let (red, green, blue, _) = color.rgba
        // A channel out of range is clamped; NaN (which a decoded color may hold) is 0.
        func channel(_ value: Double) -> Int32 { value.isNaN ? 0 : Int32((min(max(value, 0), 1) * 255).rounded()) }
        let packed = channel(red) << 16 | channel(green) << 8 | channel(blue)
        try writer.writeInt32(packed, forKey: "rgb", encoding: .positive)
    }

    public func read(from reader: any ValueReader) throws -> Color {
        let packed = try reader.readInt32(forKey: "rgb", encoding: .positive)
        guard packed >= 0, packed <= 0xFF_FFFF else {
            throw reader.error(.invalidValue, expected: "a color 0xRRGGBB", found: "0x\(String(packed, radix: 16))")
        }
        func channel(_ shift: Int32) -> Double { Double((packed >> shift) & 0xFF) / 255 }
        return .rgb(channel(16), channel(8), channel(0))
    }
}
