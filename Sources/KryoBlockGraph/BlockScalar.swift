/// A multi-byte scalar of a ``BlockLayout`` (an integer or a floating-point number): what a reader
/// of the other byte order reverses. Bytes that no scalar and no pointer covers (`char` arrays,
/// padding) are copied as they are.
public struct BlockScalar: Sendable, Hashable {
    /// The byte offset of the scalar from the start of the block.
    public var offset: Int
    /// Its size in bytes: 1, 2, 4 or 8.
    public var width: Int

    /// A scalar of `width` bytes at `offset`.
    public init(offset: Int, width: Int) {
        self.offset = offset
        self.width = width
    }

    /// The widths a scalar may have.
    static let widths: Set<Int> = [1, 2, 4, 8]
}

/// A Swift type that a C scalar field imports as (`int32_t` as `Int32`, `double` as `Double`…),
/// declared with ``BlockLayoutBuilder/scalar(_:)``.
public protocol BlockScalarValue {}

extension Int8: BlockScalarValue {}
extension UInt8: BlockScalarValue {}
extension Int16: BlockScalarValue {}
extension UInt16: BlockScalarValue {}
extension Int32: BlockScalarValue {}
extension UInt32: BlockScalarValue {}
extension Int64: BlockScalarValue {}
extension UInt64: BlockScalarValue {}
extension Int: BlockScalarValue {}
extension UInt: BlockScalarValue {}
extension Float: BlockScalarValue {}
extension Double: BlockScalarValue {}
extension Bool: BlockScalarValue {}
