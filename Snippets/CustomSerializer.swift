// snippet.hide
import SwiftKryo

struct RGB: Equatable {
    var packed: Int32
}
// snippet.show
struct RGBSerializer: Serializer {  // Java: output.writeInt(rgb, true)
    func write(_ value: RGB, to writer: any ValueWriter) throws {
        try writer.writeInt32(value.packed, forKey: "rgb", encoding: .outputPositive)
    }
    func read(from reader: any ValueReader) throws -> RGB {
        RGB(packed: try reader.readInt32(forKey: "rgb", encoding: .outputPositive))
    }
}

let registry = try Registry {
    Register(RGB.self, id: 21, javaName: "paint.RGB", serializer: RGBSerializer())
}
// snippet.hide
let color = RGB(packed: 0x33_66_99)
print(try registry.decode(RGB.self, from: try registry.encode(color, as: .kryo(.v2)), as: .kryo(.v2)) == color)
