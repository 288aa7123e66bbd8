import KryoCore

/// One block of a graph as the backends see it: an object, so that they track it by identity
/// (a block's identity is its address) and write a second pointer to it as a back-reference.
///
/// Written, it points at the block in memory and at how its bytes are archived; read, it holds
/// the archived bytes until the graph copies them into an aligned block.
final class BlockBox {
    /// The block in memory and how to archive it (writing only).
    let source: (address: UnsafeRawPointer, encoding: BlockEncoding)?
    /// The index of the block's layout in the archive's layout table.
    var layoutIndex = 0
    /// The archived bytes (reading only; emptied once copied).
    var bytes: [UInt8] = []
    /// The number of the graph whose block list holds the box, 0 while none does (reading only).
    var graphNumber = 0
    /// The box's index in that list.
    var position = 0

    /// A box for a block being written.
    init(address: UnsafeRawPointer, encoding: BlockEncoding) {
        source = (address, encoding)
        layoutIndex = encoding.layoutIndex
    }

    /// A box being read.
    init() {
        source = nil
    }
}

/// The archive form of a block: its layout's index in the graph's layout table, its byte count and
/// its bytes, pointer slots zeroed (the graph's links say where they point).
struct BlockBoxSerializer: Serializer {
    var isFinal: Bool { true }

    func write(_ box: BlockBox, to writer: any ValueWriter) throws {
        guard let (address, encoding) = box.source else {
            throw SerializationError(
                .unsupported, expected: "a block of a graph being written", found: "a block read from an archive")
        }
        try writer.writeInt32(Int32(encoding.layoutIndex), forKey: "layout", encoding: .positive)
        try writer.writeInt32(Int32(encoding.layout.size), forKey: "size", encoding: .positive)
        try encoding.withArchivedBytes(of: address) { bytes in try writer.writeBytes(bytes, forKey: "bytes") }
    }

    func read(from reader: any ValueReader) throws -> BlockBox {
        let box = BlockBox()
        reader.reference(box)
        let layoutIndex = try reader.readInt32(forKey: "layout", encoding: .positive)
        guard layoutIndex >= 0 else {
            throw reader.error(.invalidValue, expected: "a layout index ≥ 0", found: "\(layoutIndex)")
        }
        let size = try reader.readInt32(forKey: "size", encoding: .positive)
        guard size >= 0 else {
            throw reader.error(.invalidValue, expected: "a block size ≥ 0", found: "\(size)")
        }
        box.layoutIndex = Int(layoutIndex)
        box.bytes = try reader.readBytes(count: Int(size), forKey: "bytes")
        return box
    }
}
