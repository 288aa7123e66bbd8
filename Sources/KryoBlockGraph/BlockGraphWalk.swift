import KryoCore

/// Every block reachable from a graph's root, found without recursion (an explicit worklist, so a
/// list of a million nodes is as easy as one of three), in the order an archive lists them: the
/// root first, then breadth first. Each block is listed once, however many pointers reach it.
struct BlockGraphWalk {
    /// The layouts the graph uses, the root's first: the archive's layout table.
    private(set) var encodings: [BlockEncoding] = []
    /// The blocks, in archive order.
    private(set) var boxes: [BlockBox] = []
    /// Where every pointer slot points, block after block and slot after slot in layout order:
    /// 0 for `NULL`, n for `boxes[n - 1]`.
    private(set) var links: [Int32] = []

    private let layouts: BlockLayouts
    private let swapsBytes: Bool
    private var tableIndex: [String: Int] = [:]

    /// Walks `graph`.
    ///
    /// - Throws: ``KryoCore/SerializationError`` for a layout the set does not hold, a block
    ///   reached through pointers of two layouts, a misaligned block, or blocks that overlap.
    init(_ graph: BlockGraph, layouts: BlockLayouts, swapsBytes: Bool) throws {
        self.layouts = layouts
        self.swapsBytes = swapsBytes
        let rootEncoding = try encoding(of: graph.rootLayout, reachedFrom: "the root")
        guard let root = graph.root else { return }
        var indexByAddress: [UnsafeRawPointer: Int] = [:]
        try add(UnsafeRawPointer(root), rootEncoding, &indexByAddress)
        var next = 0
        while next < boxes.count {
            guard let (address, encoding) = boxes[next].source else { break }
            for pointer in encoding.layout.pointers {
                let bits = address.loadUnaligned(fromByteOffset: pointer.offset, as: UInt.self)
                guard let target = UnsafeRawPointer(bitPattern: bits) else {
                    links.append(0)
                    continue
                }
                let targetEncoding = try self.encoding(
                    of: pointer.target, reachedFrom: "offset \(pointer.offset) of layout \(encoding.layout.name)"
                )
                if let known = indexByAddress[target] {
                    let knownLayout = boxes[known].layoutIndex
                    guard knownLayout == targetEncoding.layoutIndex else {
                        throw SerializationError(
                            .unsupported, expected: "every pointer to the block at \(target) declared with one layout",
                            found: "\(encodings[knownLayout].layout.name) and \(pointer.target)")
                    }
                    links.append(Int32(known + 1))
                } else {
                    try add(target, targetEncoding, &indexByAddress)
                    links.append(Int32(boxes.count))
                }
            }
            next += 1
        }
        try requireNoOverlap()
    }

    private mutating func add(
        _ address: UnsafeRawPointer, _ encoding: BlockEncoding, _ indexByAddress: inout [UnsafeRawPointer: Int]
    ) throws {
        guard Int(bitPattern: address) % encoding.layout.alignment == 0 else {
            throw SerializationError(
                .invalidValue,
                expected: "a block of layout \(encoding.layout.name) aligned to \(encoding.layout.alignment)",
                found: "one at \(address)")
        }
        guard boxes.count < Int(Int32.max) - 1 else {
            throw SerializationError(.sizeLimitExceeded, expected: "fewer than 2^31-1 blocks", found: "more")
        }
        indexByAddress[address] = boxes.count
        boxes.append(BlockBox(address: address, encoding: encoding))
    }

    /// The encoding of the layout `name`, added to the table when first used.
    private mutating func encoding(of name: String, reachedFrom place: @autoclosure () -> String) throws
        -> BlockEncoding
    {
        if let index = tableIndex[name] { return encodings[index] }
        guard let layout = layouts[name] else {
            throw SerializationError(
                .invalidValue, expected: "a layout of the serializer's set (\(layouts.all.map(\.name)))",
                found: "\(name) at \(place())")
        }
        if swapsBytes, layout.scalars == nil {
            throw SerializationError(
                .unsupported,
                expected: "layout \(name) to declare its scalars (the archive's byte order is not this machine's)",
                found: "no scalar declarations")
        }
        let encoding = BlockEncoding(layout: layout, layoutIndex: encodings.count, swapsBytes: swapsBytes)
        tableIndex[name] = encodings.count
        encodings.append(encoding)
        return encoding
    }

    /// Refuses blocks that overlap (a pointer into the middle of another block): an archive would
    /// hold the shared bytes twice and the decoded graph would no longer share them.
    private func requireNoOverlap() throws {
        guard boxes.count > 1 else { return }
        var spans: [(start: UInt, end: UInt)] = []
        spans.reserveCapacity(boxes.count)
        for box in boxes {
            guard let (address, encoding) = box.source else { continue }
            let start = UInt(bitPattern: address)
            spans.append((start, start + UInt(encoding.layout.size)))
        }
        spans.sort { $0.start < $1.start }
        for index in 1..<spans.count where spans[index].start < spans[index - 1].end {
            throw SerializationError(
                .unsupported, expected: "blocks that do not overlap (pointers to the start of a block only)",
                found:
                    "a block at 0x\(String(spans[index].start, radix: 16)) inside the one at 0x\(String(spans[index - 1].start, radix: 16))"
            )
        }
    }
}
