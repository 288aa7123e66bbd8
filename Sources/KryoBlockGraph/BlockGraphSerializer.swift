import KryoCore

/// Archives a ``BlockGraph`` — C structs joined by pointers — in every backend, through the core's
/// reference tracking: each block is an object written once, and every pointer to it after that is
/// a back-reference, so shared blocks and cycles come back as they were.
///
/// The archive form, in every backend:
///
/// | key | value |
/// |---|---|
/// | `version` | 1 |
/// | `byteOrder` | `littleEndian` or `bigEndian`: the order of the scalars in the blocks' bytes |
/// | `pointerSize` | the writer's pointer size in bytes |
/// | `layouts` | the layouts the graph uses (``BlockLayout`` records), the root's first |
/// | `blocks` | every reachable block once, the root first, then breadth first: each its layout's index in `layouts`, its `size` and its `bytes` (pointer slots zeroed) |
/// | `linksByNumber` | `false` when references are on (the links are references), `true` otherwise |
/// | `links` | for each block in order, for each pointer slot in offset order: the block it points at (a back-reference) or nil; with references off, its number in `blocks` counted from 1, or 0 for `NULL` (`linkCount` numbers) |
///
/// Writing walks the graph with an explicit worklist and writes the blocks as one flat list before
/// the links, so the depth stays three levels whatever the graph's shape (a million-node list
/// included). Reading checks everything the input controls — the pointer size, the byte order
/// (swapping the scalars the layouts declare, or refusing), every layout record against this
/// program's declaration of the layout, layout indices, block sizes, link counts and targets —
/// and throws a ``/KryoCore/SerializationError`` with the path of the problem.
///
/// Register it with ``BlockLayouts/registrations(firstID:byteOrder:)``, which also registers the
/// blocks and layout records it writes.
public struct BlockGraphSerializer: Serializer {
    /// The layouts of the blocks this serializer writes and reads.
    public let layouts: BlockLayouts
    /// The byte order archives are written in.
    public let byteOrder: BlockByteOrder

    /// The archive form's version.
    static let version: Int32 = 1

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - layouts: The layouts of every block a graph may hold.
    ///   - byteOrder: The byte order of the archives it writes; the machine's own by default. Another
    ///     order needs every layout a graph uses to declare its scalars.
    public init(layouts: BlockLayouts, byteOrder: BlockByteOrder = .native) {
        self.layouts = layouts
        self.byteOrder = byteOrder
    }

    /// Final: a graph in a slot declared as a graph carries no class tag.
    public var isFinal: Bool { true }

    static let layoutList = list([BlockLayout].self, of: BlockLayout.self, canBeNull: false)
    static let blockList = list([BlockBox].self, of: BlockBox.self, canBeNull: false)
    static let linkList = list([BlockBox?].self, of: BlockBox.self, canBeNull: true)

    /// A final list of final elements: the binary format writes no class tag for either.
    private static func list<List>(_ list: List.Type, of element: any Any.Type, canBeNull: Bool) -> DeclaredType {
        DeclaredType(
            List.self, finality: .final,
            genericArguments: [DeclaredType(element, finality: .final, canBeNull: canBeNull)], canBeNull: false)
    }

    /// Walks `graph` and writes its layouts, its blocks and their links.
    public func write(_ graph: BlockGraph, to writer: any ValueWriter) throws {
        let walk = try BlockGraphWalk(graph, layouts: layouts, swapsBytes: byteOrder != .native)
        try writer.writeInt32(Self.version, forKey: "version", encoding: .positive)
        try writer.writeString(byteOrder.rawValue, forKey: "byteOrder")
        try writer.writeInt32(Int32(BlockLayout.pointerSize), forKey: "pointerSize", encoding: .positive)
        try writer.writeObject(walk.encodings.map(\.layout), as: Self.layoutList, forKey: "layouts")
        try writer.writeObject(walk.boxes, as: Self.blockList, forKey: "blocks")
        let byNumber = !writer.options.references
        try writer.writeBool(byNumber, forKey: "linksByNumber")
        if byNumber {
            guard let linkCount = Int32(exactly: walk.links.count) else {
                throw SerializationError(
                    .sizeLimitExceeded, expected: "fewer than 2^31 pointer slots", found: "\(walk.links.count)")
            }
            try writer.writeInt32(linkCount, forKey: "linkCount", encoding: .positive)
            try writer.writePrimitiveArray(walk.links, forKey: "links")
        } else {
            let boxes = walk.boxes
            let links = walk.links.map { number in number == 0 ? nil : boxes[Int(number) - 1] }
            try writer.writeObject(links, as: Self.linkList, forKey: "links")
        }
    }

    /// Reads and checks an archived graph and rebuilds it in new memory that the result owns.
    public func read(from reader: any ValueReader) throws -> BlockGraph {
        let version = try reader.readInt32(forKey: "version", encoding: .positive)
        guard version == Self.version else {
            throw reader.error(
                .unsupported, expected: "block graph archive version \(Self.version)", found: "\(version)")
        }
        let orderName = try reader.readString(forKey: "byteOrder")
        guard let order = orderName.flatMap(BlockByteOrder.init(rawValue:)) else {
            throw reader.error(
                .invalidValue, expected: "a byte order (littleEndian or bigEndian)", found: orderName ?? "nil")
        }
        let pointerSize = try reader.readInt32(forKey: "pointerSize", encoding: .positive)
        guard pointerSize == BlockLayout.pointerSize else {
            throw reader.error(
                .unsupported, expected: "an archive of \(BlockLayout.pointerSize)-byte pointers (this machine's)",
                found: "\(pointerSize)-byte pointers")
        }
        let swapsBytes = order != .native
        let records = try reader.readObject([BlockLayout].self, as: Self.layoutList, forKey: "layouts")
        let table = try localLayouts(for: records, swapsBytes: swapsBytes, archiveOrder: order, reader: reader)
        let boxes = try reader.readObject([BlockBox].self, as: Self.blockList, forKey: "blocks")
        let assembly = try BlockGraphAssembly(table: table, boxes: boxes, swapsBytes: swapsBytes, reader: reader)
        if try reader.readBool(forKey: "linksByNumber") {
            let count = try reader.readInt32(forKey: "linkCount", encoding: .positive)
            guard count >= 0 else { throw reader.error(.invalidValue, expected: "a link count ≥ 0", found: "\(count)") }
            guard Int(count) == assembly.slotCount else {
                throw reader.error(
                    .invalidValue, expected: "\(assembly.slotCount) links (one per pointer slot of the blocks)",
                    found: "\(count)")
            }
            try assembly.link(numbers: reader.readPrimitiveArray(Int32.self, count: Int(count), forKey: "links"))
        } else {
            try assembly.link(reader.readObject([BlockBox?].self, as: Self.linkList, forKey: "links"))
        }
        return assembly.graph
    }

    /// This program's declarations of the layouts an archive's table names, checked against the
    /// archive's records.
    private func localLayouts(
        for records: [BlockLayout], swapsBytes: Bool, archiveOrder: BlockByteOrder, reader: any ValueReader
    ) throws -> [BlockLayout] {
        guard !records.isEmpty else {
            throw reader.error(
                .invalidValue, expected: "a layout table holding at least the root's layout", found: "none")
        }
        var seen: Set<String> = []
        return try records.enumerated().map { index, record in
            func failure(_ kind: SerializationError.Kind, _ expected: String, _ found: String) -> SerializationError {
                var error = reader.error(kind, expected: expected, found: found)
                error.path += ["layouts", String(index)]
                return error
            }
            guard seen.insert(record.name).inserted else {
                throw failure(.invalidValue, "each layout once in the table", "\(record.name) twice")
            }
            guard let local = layouts[record.name] else {
                throw failure(
                    .invalidValue, "a layout this program declares (\(layouts.all.map(\.name)))", record.name)
            }
            let sameScalars = local.scalars == nil || record.scalars == nil || local.scalars == record.scalars
            guard local.size == record.size, local.alignment == record.alignment, local.pointers == record.pointers,
                sameScalars
            else {
                throw failure(.typeMismatch, "layout \(local)", "\(record)")
            }
            if swapsBytes, local.scalars == nil {
                throw failure(
                    .unsupported,
                    "layout \(local.name) to declare its scalars, to read an archive of \(archiveOrder.rawValue) "
                        + "order on this \(BlockByteOrder.native.rawValue) machine", "no scalar declarations")
            }
            return local
        }
    }
}
