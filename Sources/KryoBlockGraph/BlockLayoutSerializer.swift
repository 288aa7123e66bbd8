import KryoCore

/// The archive form of a ``BlockLayout``, as a graph's layout table holds it: name, size,
/// alignment, pointer offsets and targets, and the scalars when the layout declares them. A reader
/// checks it against its own declaration of the layout.
struct BlockLayoutSerializer: Serializer {
    var isFinal: Bool { true }

    /// A list of layout names, as the pointer targets are written.
    static let names = DeclaredType(
        [String].self, finality: .final, genericArguments: [DeclaredType(String.self, finality: .final)],
        canBeNull: false)

    func write(_ layout: BlockLayout, to writer: any ValueWriter) throws {
        try writer.writeString(layout.name, forKey: "name")
        try writer.writeInt32(try int32(layout.size, "size"), forKey: "size", encoding: .positive)
        try writer.writeInt32(try int32(layout.alignment, "alignment"), forKey: "alignment", encoding: .positive)
        try writer.writeInt32(Int32(layout.pointers.count), forKey: "pointerCount", encoding: .positive)
        try writer.writePrimitiveArray(layout.pointers.map { Int32($0.offset) }, forKey: "pointerOffsets")
        try writer.writeObject(layout.pointers.map(\.target), as: Self.names, forKey: "pointerTargets")
        try writer.writeBool(layout.scalars != nil, forKey: "declaresScalars")
        let scalars = layout.scalars ?? []
        try writer.writeInt32(Int32(scalars.count), forKey: "scalarCount", encoding: .positive)
        try writer.writePrimitiveArray(scalars.map { Int32($0.offset) }, forKey: "scalarOffsets")
        try writer.writePrimitiveArray(scalars.map { Int8($0.width) }, forKey: "scalarWidths")
    }

    func read(from reader: any ValueReader) throws -> BlockLayout {
        guard let name = try reader.readString(forKey: "name") else {
            throw reader.error(.invalidValue, expected: "a layout name", found: "nil")
        }
        let size = try reader.readInt32(forKey: "size", encoding: .positive)
        let alignment = try reader.readInt32(forKey: "alignment", encoding: .positive)
        let pointerCount = try count(from: reader, forKey: "pointerCount")
        let offsets = try reader.readPrimitiveArray(Int32.self, count: pointerCount, forKey: "pointerOffsets")
        let targets = try reader.readObject([String].self, as: Self.names, forKey: "pointerTargets")
        guard targets.count == pointerCount else {
            throw reader.error(
                .invalidValue, expected: "\(pointerCount) pointer targets in layout \(name)", found: "\(targets.count)")
        }
        let declaresScalars = try reader.readBool(forKey: "declaresScalars")
        let scalarCount = try count(from: reader, forKey: "scalarCount")
        let scalarOffsets = try reader.readPrimitiveArray(Int32.self, count: scalarCount, forKey: "scalarOffsets")
        let widths = try reader.readPrimitiveArray(Int8.self, count: scalarCount, forKey: "scalarWidths")
        guard declaresScalars || scalarCount == 0 else {
            throw reader.error(
                .invalidValue, expected: "no scalars in layout \(name), which does not declare them",
                found: "\(scalarCount)")
        }
        let pointers = zip(offsets, targets).map { BlockPointer(offset: Int($0), to: $1) }
        let scalars = zip(scalarOffsets, widths).map { BlockScalar(offset: Int($0), width: Int($1)) }
        do {
            return try BlockLayout(
                name: name, size: Int(size), alignment: Int(alignment), pointers: pointers,
                scalars: declaresScalars ? scalars : nil)
        } catch let problem as SerializationError {
            throw reader.error(problem.kind, expected: problem.expected, found: problem.found)
        }
    }

    /// A count of elements to follow, checked against the input.
    private func count(from reader: any ValueReader, forKey key: String) throws -> Int {
        let count = try reader.readInt32(forKey: key, encoding: .positive)
        guard count >= 0 else { throw reader.error(.invalidValue, expected: "a count ≥ 0", found: "\(count)") }
        try reader.validateCount(Int(count), minimumBytesPerElement: 1, forKey: key)
        return Int(count)
    }

    private func int32(_ value: Int, _ what: String) throws -> Int32 {
        guard let narrow = Int32(exactly: value) else {
            throw SerializationError(.unsupported, expected: "a layout \(what) below 2^31", found: "\(value)")
        }
        return narrow
    }
}
