import KryoCore

/// The layout of one kind of block in a graph of C structs: its size and alignment, the offsets
/// of the pointers it holds with the layout each points at, and optionally its multi-byte scalars
/// (which let a machine of the other byte order read an archive).
///
/// Declare it from an imported C struct with `MemoryLayout` facts and key paths:
///
/// ```swift
/// // typedef struct ListNode { int32_t value; struct ListNode *next; } ListNode;
/// let listNode = try BlockLayout(ListNode.self) { node in
///     try node.pointer(\.next)          // to blocks of the layout "ListNode"
///     try node.scalar(\.value)          // optional: lets the other byte order read the archive
/// }
/// ```
///
/// or from numbers, for structs Swift does not import:
///
/// ```swift
/// let listNode = try BlockLayout(name: "ListNode", size: 16, alignment: 8,
///                                pointers: [BlockPointer(offset: 8, to: "ListNode")])
/// ```
///
/// Every declaration is checked: a pointer lies wholly inside the block at an offset aligned for
/// a pointer, scalars lie inside the block and overlap no pointer, the alignment is a power of
/// two that divides the size. Pointers and scalars are kept sorted by offset.
public struct BlockLayout: Sendable, Hashable, CustomStringConvertible {
    /// The name that identifies the layout in an archive (the C struct's name, by default).
    public let name: String
    /// The size of a block in bytes (`MemoryLayout<T>.size`).
    public let size: Int
    /// The alignment a block is allocated with (`MemoryLayout<T>.alignment`).
    public let alignment: Int
    /// The pointer slots, by increasing offset.
    public let pointers: [BlockPointer]
    /// The multi-byte scalars, by increasing offset; `nil` when the layout does not declare them,
    /// so that an archive of the other byte order cannot be read with it.
    public let scalars: [BlockScalar]?

    /// The size of a pointer on this machine.
    public static let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    /// The alignment of a pointer on this machine.
    public static let pointerAlignment = MemoryLayout<UnsafeRawPointer>.alignment

    /// Declares a layout by its numbers.
    ///
    /// - Parameters:
    ///   - name: The name blocks of this layout are known by in an archive and in other layouts'
    ///     ``BlockPointer/target``.
    ///   - size: The size of a block in bytes.
    ///   - alignment: The alignment of a block: a power of two that divides `size`.
    ///   - pointers: The pointer slots, in any order.
    ///   - scalars: The multi-byte scalars, in any order; `nil` when not declared.
    /// - Throws: ``/KryoCore/SerializationError`` (`.invalidValue`) naming the first problem.
    public init(
        name: String, size: Int, alignment: Int, pointers: [BlockPointer] = [], scalars: [BlockScalar]? = nil
    ) throws {
        let sortedPointers = pointers.sorted { $0.offset < $1.offset }
        let sortedScalars = scalars?.sorted { $0.offset < $1.offset }
        if let problem = BlockLayout.problem(
            name: name, size: size, alignment: alignment, pointers: sortedPointers, scalars: sortedScalars)
        {
            throw SerializationError(.invalidValue, expected: problem.expected, found: problem.found)
        }
        self.name = name
        self.size = size
        self.alignment = alignment
        self.pointers = sortedPointers
        self.scalars = sortedScalars
    }

    /// Declares the layout of the C struct `Struct`: its size and alignment from `MemoryLayout`,
    /// its pointers and scalars from key paths (see ``BlockLayoutBuilder``).
    ///
    /// - Parameters:
    ///   - type: The imported C struct.
    ///   - name: The layout's name; the struct's Swift name by default.
    ///   - fields: Declares the pointers (and optionally the scalars) of the struct.
    public init<Struct>(
        _ type: Struct.Type, name: String? = nil, fields: (inout BlockLayoutBuilder<Struct>) throws -> Void = { _ in }
    ) throws {
        var builder = BlockLayoutBuilder<Struct>()
        try fields(&builder)
        try self.init(
            name: name ?? String(describing: Struct.self), size: MemoryLayout<Struct>.size,
            alignment: MemoryLayout<Struct>.alignment, pointers: builder.pointers,
            scalars: builder.declaresScalars ? builder.scalars : nil)
    }

    /// One line: name, size, alignment, pointers and scalars.
    public var description: String {
        var text = "\(name) (\(size) bytes, alignment \(alignment)"
        text +=
            pointers.isEmpty
            ? ", no pointers" : ", pointers " + pointers.map { "\($0.offset)→\($0.target)" }.joined(separator: " ")
        if let scalars {
            text +=
                scalars.isEmpty
                ? ", no scalars" : ", scalars " + scalars.map { "\($0.offset):\($0.width)" }.joined(separator: " ")
        }
        return text + ")"
    }

    /// What is wrong with a declaration (pointers and scalars sorted by offset), or `nil`.
    static func problem(
        name: String, size: Int, alignment: Int, pointers: [BlockPointer], scalars: [BlockScalar]?
    ) -> (expected: String, found: String)? {
        guard !name.isEmpty else { return ("a layout name", "an empty name") }
        guard size > 0, size <= Int(Int32.max) else {
            return ("a block size from 1 byte to 2^31-1 bytes", "\(size) for layout \(name)")
        }
        guard alignment > 0, alignment & (alignment - 1) == 0 else {
            return ("an alignment that is a power of two", "\(alignment) for layout \(name)")
        }
        guard size % alignment == 0 else {
            return ("a size that is a multiple of the alignment \(alignment)", "\(size) for layout \(name)")
        }
        if !pointers.isEmpty, alignment < pointerAlignment {
            return (
                "an alignment of at least \(pointerAlignment) for a layout with pointers",
                "\(alignment) for layout \(name)"
            )
        }
        var end = 0
        for pointer in pointers {
            guard pointer.offset >= 0, pointer.offset <= size - pointerSize else {
                return (
                    "a pointer offset inside the \(size)-byte block (0…\(size - pointerSize))",
                    "\(pointer.offset) in layout \(name)"
                )
            }
            guard pointer.offset % pointerAlignment == 0 else {
                return (
                    "a pointer offset that is a multiple of \(pointerAlignment)", "\(pointer.offset) in layout \(name)"
                )
            }
            guard pointer.offset >= end else {
                return ("pointers that do not overlap", "two at offset \(pointer.offset) in layout \(name)")
            }
            guard !pointer.target.isEmpty else {
                return (
                    "the name of the layout a pointer points at",
                    "an empty name at offset \(pointer.offset) in layout \(name)"
                )
            }
            end = pointer.offset + pointerSize
        }
        var scalarEnd = 0
        var nextPointer = 0
        for scalar in scalars ?? [] {
            guard BlockScalar.widths.contains(scalar.width) else {
                return (
                    "a scalar of 1, 2, 4 or 8 bytes",
                    "\(scalar.width) bytes at offset \(scalar.offset) in layout \(name)"
                )
            }
            guard scalar.offset >= 0, scalar.offset <= size - scalar.width else {
                return (
                    "a scalar inside the \(size)-byte block",
                    "\(scalar.width) bytes at offset \(scalar.offset) in layout \(name)"
                )
            }
            guard scalar.offset >= scalarEnd else {
                return ("scalars that do not overlap", "two at offset \(scalar.offset) in layout \(name)")
            }
            // Both lists are sorted: skip the pointers that end before the scalar starts.
            while nextPointer < pointers.count, pointers[nextPointer].offset + pointerSize <= scalar.offset {
                nextPointer += 1
            }
            guard nextPointer == pointers.count || pointers[nextPointer].offset >= scalar.offset + scalar.width else {
                return ("scalars that overlap no pointer", "a scalar at offset \(scalar.offset) in layout \(name)")
            }
            scalarEnd = scalar.offset + scalar.width
        }
        return nil
    }
}
