import KryoCore

/// KryoCocoa's `UIColorSerializer` form of a color, for Java peers that use it: one positive
/// varint holding `0xRRGGBB` (8 bits a channel, alpha dropped).
///
/// In keyed archives and readable documents it writes what ``ColorSerializer`` writes, so that
/// registering it changes only the binary form.
public struct RGBIntColorSerializer: Serializer {
    /// Creates the serializer.
    public init() {}

    public func write(_ color: Color, to writer: any ValueWriter) throws {
        guard writer.formatFamily == .kryoBinary else { return try ColorSerializer().write(color, to: writer) }
        let (red, green, blue, _) = color.rgba
        // A channel out of range is clamped; NaN (which a decoded color may hold) is 0.
        func channel(_ value: Double) -> Int32 { value.isNaN ? 0 : Int32((min(max(value, 0), 1) * 255).rounded()) }
        let packed = channel(red) << 16 | channel(green) << 8 | channel(blue)
        try writer.writeInt32(packed, forKey: "rgb", encoding: .positive)
    }

    public func read(from reader: any ValueReader) throws -> Color {
        guard reader.formatFamily == .kryoBinary else { return try ColorSerializer().read(from: reader) }
        let packed = try reader.readInt32(forKey: "rgb", encoding: .positive)
        guard packed >= 0, packed <= 0xFF_FFFF else {
            throw reader.error(.invalidValue, expected: "a color 0xRRGGBB", found: "0x\(String(packed, radix: 16))")
        }
        func channel(_ shift: Int32) -> Double { Double((packed >> shift) & 0xFF) / 255 }
        return .rgb(channel(16), channel(8), channel(0))
    }
}
