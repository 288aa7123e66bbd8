/// The header of a KryoNet TCP frame: the length of the object that follows, as a 4-byte
/// big-endian signed integer (Java's `ByteBuffer.putInt` in `KryoSerialization.writeLength`).
///
/// A frame is the header, then the object's bytes as `writeClassAndObject` wrote them; the length
/// counts only those. KryoNet's receiver refuses a length of 0 or less ("Invalid object length")
/// and one larger than its object buffer ("Unable to read object larger than read buffer"), and
/// closes the connection.
///
/// ```swift
/// KryoNetFrameHeader.bytes(length: 2)              // [0, 0, 0, 2]: the server's first frame, 00 00 00 02 0b 02
/// KryoNetFrameHeader.length(in: [0, 0, 1, 44])     // 300
/// ```
public enum KryoNetFrameHeader {
    /// The size of the header in bytes (Java's `getLengthLength()`).
    public static let size = 4

    /// KryoNet's default object buffer, 2048 bytes (`Server()` and `Client()`): the longest frame
    /// their receivers accept.
    public static let defaultMaximumLength = 2048

    /// The header of a frame whose object is `length` bytes long.
    public static func bytes(length: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: length)
        return [UInt8(bits >> 24), UInt8(bits >> 16 & 0xff), UInt8(bits >> 8 & 0xff), UInt8(bits & 0xff)]
    }

    /// The length a header holds: its first ``size`` bytes, big-endian and signed; `nil` when
    /// `bytes` is shorter than a header.
    public static func length(in bytes: some Collection<UInt8>) -> Int32? {
        guard bytes.count >= size else { return nil }
        let bits = bytes.prefix(size).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: bits)
    }
}
