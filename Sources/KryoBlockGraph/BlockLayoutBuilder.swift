import KryoCore

/// Collects the pointers and scalars of a C struct by key path, for
/// ``BlockLayout/init(_:name:fields:)``: each offset is `MemoryLayout<Struct>.offset(of:)` of the
/// field, so it is the C compiler's own.
///
/// A pointer to a struct Swift imports names its target layout by the struct's name unless told
/// otherwise; an untyped pointer (`void *`, an incomplete struct) must name it. Declaring at least
/// one scalar, or setting ``declaresScalars``, declares the layout's scalars: every multi-byte
/// integer and floating-point field must then be listed, since only those are swapped when an
/// archive of the other byte order is read.
public struct BlockLayoutBuilder<Struct> {
    /// The pointer slots declared so far.
    public private(set) var pointers: [BlockPointer] = []
    /// The scalars declared so far.
    public private(set) var scalars: [BlockScalar] = []
    /// Whether the layout declares its scalars: set by ``scalar(_:)`` and
    /// ``scalars(_:of:count:)``; set it yourself for a struct of pointers and bytes only.
    public var declaresScalars = false

    init() {}

    /// Declares a pointer to a struct: `struct Node *next` (imported as
    /// `UnsafeMutablePointer<Node>!`).
    ///
    /// - Parameters:
    ///   - field: The pointer field.
    ///   - target: The layout of the blocks it points at; the pointee's Swift name by default.
    public mutating func pointer<Pointee>(
        _ field: KeyPath<Struct, UnsafeMutablePointer<Pointee>?>, to target: String? = nil
    ) throws {
        try addPointer(at: offset(of: field), to: target ?? String(describing: Pointee.self))
    }

    /// Declares a pointer to a constant struct: `const struct Node *next`.
    public mutating func pointer<Pointee>(_ field: KeyPath<Struct, UnsafePointer<Pointee>?>, to target: String? = nil)
        throws
    {
        try addPointer(at: offset(of: field), to: target ?? String(describing: Pointee.self))
    }

    /// Declares an untyped pointer (`void *`) to blocks of the layout `target`.
    public mutating func pointer(_ field: KeyPath<Struct, UnsafeMutableRawPointer?>, to target: String) throws {
        try addPointer(at: offset(of: field), to: target)
    }

    /// Declares a constant untyped pointer (`const void *`) to blocks of the layout `target`.
    public mutating func pointer(_ field: KeyPath<Struct, UnsafeRawPointer?>, to target: String) throws {
        try addPointer(at: offset(of: field), to: target)
    }

    /// Declares a pointer to an incomplete struct (imported as `OpaquePointer`) to blocks of the
    /// layout `target`.
    public mutating func pointer(_ field: KeyPath<Struct, OpaquePointer?>, to target: String) throws {
        try addPointer(at: offset(of: field), to: target)
    }

    /// Declares a C array of `count` pointers (`struct Node *children[4]`, imported as a tuple),
    /// each to blocks of the layout `target`.
    public mutating func pointers<Elements>(_ field: KeyPath<Struct, Elements>, count: Int, to target: String) throws {
        let start = try offset(of: field)
        try requireArray(Elements.self, count: count, stride: BlockLayout.pointerSize, field: field)
        for index in 0..<count { try addPointer(at: start + index * BlockLayout.pointerSize, to: target) }
    }

    /// Declares a multi-byte scalar field: `int32_t value`, `double weight`.
    public mutating func scalar<Value: BlockScalarValue>(_ field: KeyPath<Struct, Value>) throws {
        scalars.append(BlockScalar(offset: try offset(of: field), width: MemoryLayout<Value>.size))
        declaresScalars = true
    }

    /// Declares a C array of `count` scalars (`int16_t samples[8]`, imported as a tuple).
    public mutating func scalars<Elements, Value: BlockScalarValue>(
        _ field: KeyPath<Struct, Elements>, of type: Value.Type, count: Int
    ) throws {
        let start = try offset(of: field)
        try requireArray(Elements.self, count: count, stride: MemoryLayout<Value>.stride, field: field)
        for index in 0..<count {
            scalars.append(
                BlockScalar(offset: start + index * MemoryLayout<Value>.stride, width: MemoryLayout<Value>.size))
        }
        declaresScalars = true
    }

    private mutating func addPointer(at offset: Int, to target: String) throws {
        pointers.append(BlockPointer(offset: offset, to: target))
    }

    private func offset(of field: PartialKeyPath<Struct>) throws -> Int {
        guard let offset = MemoryLayout<Struct>.offset(of: field) else {
            throw SerializationError(
                .invalidValue, expected: "a key path to a stored field of \(Struct.self)", found: "\(field)")
        }
        return offset
    }

    private func requireArray<Elements>(_: Elements.Type, count: Int, stride: Int, field: PartialKeyPath<Struct>)
        throws
    {
        guard count > 0, MemoryLayout<Elements>.size == count * stride else {
            throw SerializationError(
                .invalidValue, expected: "a C array of \(count) elements of \(stride) bytes",
                found: "\(MemoryLayout<Elements>.size) bytes at \(field)")
        }
    }
}
