import KryoCore
import Synchronization

/// Hands out the numbers that tell the graphs of one decoding call apart.
private let graphNumbers = Atomic<Int>(0)

/// Rebuilds a decoded graph: allocates every listed block with its layout's alignment, copies its
/// bytes (swapping its scalars when the archive's byte order is not the machine's), then patches
/// every pointer slot with the block its link names. Everything the input controls is checked
/// first; a failure frees what was allocated (the owner does) and throws.
struct BlockGraphAssembly {
    /// Owns the blocks from the moment each is allocated.
    let owner: BlockGraphOwner
    /// The layout table, as this program declares its layouts.
    private let table: [BlockLayout]
    private let boxes: [BlockBox]
    private let graphNumber: Int
    private let reader: any ValueReader
    /// The number of pointer slots in all blocks: how many links must follow.
    private(set) var slotCount = 0

    /// Allocates and fills the blocks of `boxes`, each of a layout of `table`.
    init(table: [BlockLayout], boxes: [BlockBox], swapsBytes: Bool, reader: any ValueReader) throws {
        self.table = table
        self.boxes = boxes
        self.reader = reader
        owner = BlockGraphOwner(capacity: boxes.count)
        graphNumber = graphNumbers.wrappingAdd(1, ordering: .relaxed).newValue
        for (index, box) in boxes.enumerated() {
            guard box.graphNumber == 0 else {
                throw failure(.invalidReference, "each block listed once", "a block listed before", at: "blocks", index)
            }
            box.graphNumber = graphNumber
            box.position = index
            guard box.layoutIndex < table.count else {
                throw failure(
                    .invalidValue, "a layout index below \(table.count) (the layout table's size)",
                    "\(box.layoutIndex)", at: "blocks", index)
            }
            guard index > 0 || box.layoutIndex == 0 else {
                throw failure(
                    .invalidValue, "a root block of the first layout of the table (\(table[0].name))",
                    "one of layout \(table[box.layoutIndex].name)", at: "blocks", index)
            }
            let layout = table[box.layoutIndex]
            guard box.bytes.count == layout.size else {
                throw failure(
                    .invalidValue, "\(layout.size) bytes (the size of layout \(layout.name))", "\(box.bytes.count)",
                    at: "blocks", index)
            }
            let block = owner.allocate(size: layout.size, alignment: layout.alignment)
            let buffer = UnsafeMutableRawBufferPointer(start: block, count: layout.size)
            box.bytes.withUnsafeBytes { bytes in buffer.copyMemory(from: bytes) }
            if swapsBytes, let scalars = layout.scalars { ByteSwapping.reverse(scalars, in: buffer) }
            for pointer in layout.pointers { buffer.storeBytes(of: 0, toByteOffset: pointer.offset, as: UInt.self) }
            slotCount += layout.pointers.count
            box.bytes = []
        }
    }

    /// The graph, rooted at the first block (or empty).
    var graph: BlockGraph {
        BlockGraph(root: boxes.isEmpty ? nil : owner.block(at: 0), layout: table.first?.name ?? "", owner: owner)
    }

    /// Patches the pointer slots from links that are references to listed blocks (or nil).
    func link(_ links: [BlockBox?]) throws {
        try link(count: links.count) { index in
            guard let box = links[index] else { return nil }
            guard box.graphNumber == graphNumber else {
                throw failure(
                    .invalidReference, "a reference to a block of the graph's list", "a block the list does not hold",
                    at: "links", index)
            }
            return box.position
        }
    }

    /// Patches the pointer slots from links that are numbers: 0 for `NULL`, n for the n-th block.
    func link(numbers: [Int32]) throws {
        try link(count: numbers.count) { index in
            let number = Int(numbers[index])
            guard number != 0 else { return nil }
            guard number > 0, number <= boxes.count else {
                throw failure(
                    .invalidReference, "0 or the number of one of the \(boxes.count) blocks", "\(number)",
                    at: "links", index)
            }
            return number - 1
        }
    }

    /// Patches every pointer slot, in archive order, with the block `target` gives for its link.
    private func link(count: Int, target: (Int) throws -> Int?) throws {
        guard count == slotCount else {
            throw failure(
                .invalidValue, "\(slotCount) links (one per pointer slot of the blocks)", "\(count)", at: "links", nil)
        }
        var next = 0
        for (index, box) in boxes.enumerated() {
            let block = owner.block(at: index)
            for pointer in table[box.layoutIndex].pointers {
                defer { next += 1 }
                guard let position = try target(next) else { continue }
                let targetLayout = table[boxes[position].layoutIndex]
                guard targetLayout.name == pointer.target else {
                    throw failure(
                        .typeMismatch,
                        "a block of layout \(pointer.target) (offset \(pointer.offset) of block \(index))",
                        "block \(position), of layout \(targetLayout.name)", at: "links", next)
                }
                block.storeBytes(
                    of: owner.block(at: position), toByteOffset: pointer.offset, as: UnsafeMutableRawPointer.self)
            }
        }
    }

    /// An error at the reader's position, with the list and index it concerns added to the path.
    private func failure(
        _ kind: SerializationError.Kind, _ expected: String, _ found: String, at list: String, _ index: Int?
    ) -> SerializationError {
        var error = reader.error(kind, expected: expected, found: found)
        error.path.append(list)
        if let index { error.path.append(String(index)) }
        return error
    }
}
