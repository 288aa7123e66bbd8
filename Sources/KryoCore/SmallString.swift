/// Short strings made directly from the bytes a `String` keeps in line.
///
/// A `String` of at most 15 UTF-8 bytes keeps them inside its own 16 bytes, with the count and
/// the flags "immortal, small" (and "ASCII" when every byte is) in the last byte: on 64-bit
/// platforms, the layout of Swift's stable ABI. Making such a string from bytes the reader has
/// already checked takes two stores, where the standard library's initializers check the bytes
/// again and build the string through a closure.
///
/// The layout is checked once, against strings the standard library makes itself
/// (``isAvailable``); where it differs, callers take the standard library's path. The Kryo
/// input, the JSON parser and the binary property-list reader make their short strings here.
@usableFromInline package enum SmallString {
    /// The most bytes a small string holds.
    @usableFromInline package static let capacity = 15

    /// The flags in the last byte of a small string, ORed with its count.
    @inlinable static var smallFlags: UInt8 { 0xA0 }
    @inlinable static var asciiFlag: UInt8 { 0x40 }

    /// Whether strings on this platform have the layout this type assumes: for every length,
    /// a made string has the standard library's bits for the same bytes, and reads back as them.
    @usableFromInline package static let isAvailable: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let ascii: [UInt8] = Array("Kryo-2.20 ASCII".utf8)
        let accented: [UInt8] = Array("Kryo 2.20 \u{E9}t\u{E9}".utf8)
        for sample in [ascii, accented] {
            for count in 0...capacity {
                let bytes = Array(sample[0..<count])
                // Cut only at character boundaries.
                guard count == capacity || count == sample.count || bytes.last.map({ $0 < 0x80 }) ?? true else {
                    continue
                }
                let expected = String(decoding: bytes, as: UTF8.self)
                let made = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { makeUTF8($0, count: count) } ?? ""
                }
                guard bits(made) == bits(expected), Array(made.utf8) == bytes else { return false }
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    let first = bytes.first ?? 0
                    let madeASCII = bytes.withUnsafeBufferPointer { buffer in
                        makeASCII(first: first, rest: buffer.baseAddress.map { $0 + 1 }, count: count)
                    }
                    guard bits(madeASCII) == bits(expected) else { return false }
                }
            }
        }
        return true
    }()

    /// The string of `count` ASCII bytes (at most ``capacity``): `first`, then `count - 1` bytes
    /// at `rest`, all below `0x80` except that the last may have its high bit set (the end mark
    /// of Kryo's ASCII form), which is cleared. Call only when ``isAvailable``.
    @inlinable @inline(__always)
    package static func makeASCII(first: UInt8, rest: UnsafePointer<UInt8>?, count: Int) -> String {
        var raw: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &raw) { target in
            guard count > 0, let base = target.baseAddress else { return }
            target[0] = first
            if let rest { copyShort(from: UnsafeRawPointer(rest), to: base + 1, count: count - 1) }
            target[count - 1] &= 0x7F
        }
        raw.1 |= UInt64(smallFlags | asciiFlag | UInt8(truncatingIfNeeded: count)) << 56
        // A small string owns no storage: its bits are the whole value.
        return unsafeBitCast(raw, to: String.self)
    }

    /// The string of the `count` bytes (at most ``capacity``) at `bytes`, which must be well-formed
    /// UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF). Call only when
    /// ``isAvailable``.
    @inlinable @inline(__always)
    package static func makeUTF8(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        var raw: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &raw) { target in
            if let base = target.baseAddress { copyShort(from: UnsafeRawPointer(bytes), to: base, count: count) }
        }
        let high = (raw.0 | raw.1) & 0x8080_8080_8080_8080
        let flags = smallFlags | (high == 0 ? asciiFlag : 0)
        raw.1 |= UInt64(flags | UInt8(truncatingIfNeeded: count)) << 56
        return unsafeBitCast(raw, to: String.self)
    }

    /// Copies `count` bytes (at most 15) with two overlapping loads and stores of the widest
    /// size that fits, without a call to `memcpy`.
    @inlinable @inline(__always)
    static func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        } else if count >= 2 {
            target.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self), toByteOffset: count - 2,
                as: UInt16.self)
        } else if count == 1 {
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }

    /// The bits of a small string of ASCII bytes: its whole value, so that two such strings are
    /// equal exactly when their bits are.
    @usableFromInline package struct ASCIIBits: Sendable {
        @usableFromInline package let low: UInt64
        @usableFromInline package let high: UInt64

        @inlinable init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        /// Whether the two strings are equal: their bits are.
        @inlinable @inline(__always)
        package func matches(_ other: ASCIIBits) -> Bool { low == other.low && high == other.high }

        /// The number of bytes (in the last byte's low half).
        @inlinable @inline(__always)
        package var count: Int { Int(truncatingIfNeeded: high &>> 56) & 0x0F }

        /// The first byte (0 for the empty string).
        @inlinable @inline(__always)
        package var first: UInt8 { UInt8(truncatingIfNeeded: UInt64(littleEndian: low)) }

        /// The string whose bits these are (a small string owns no storage).
        @inlinable @inline(__always)
        package var string: String { unsafeBitCast((low, high), to: String.self) }
    }

    /// The bits of `string` when it is a small string of ASCII bytes; `nil` for any other string,
    /// and where ``isAvailable`` is false.
    @inlinable @inline(__always)
    package static func asciiBits(of string: String) -> ASCIIBits? {
        guard isAvailable else { return nil }
        return asciiBits(ofCheckedLayout: string)
    }

    /// ``asciiBits(of:)`` for a caller that read ``isAvailable`` itself, once for many strings
    /// (each read of the global costs a call), and found it true.
    @inlinable @inline(__always)
    package static func asciiBits(ofCheckedLayout string: String) -> ASCIIBits? {
        let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        // The last byte holds the flags and the count: small and ASCII is `0xE_`.
        guard UInt8(truncatingIfNeeded: high >> 56) & 0xF0 == smallFlags | asciiFlag else { return nil }
        return ASCIIBits(low: low, high: high)
    }

    /// ``asciiBits(of:)`` for a string of at most ``capacity`` ASCII bytes in whatever form it
    /// came: one the standard library did not make small (decoded from UTF-16, say) is made small
    /// from its bytes first. `nil` for any other string, and where ``isAvailable`` is false.
    package static func asciiBits(ofAnyForm string: String) -> ASCIIBits? {
        if let bits = asciiBits(of: string) { return bits }
        guard isAvailable, string.utf8.count <= capacity else { return nil }
        var bytes = string
        return bytes.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            return asciiBits(ofCheckedLayout: makeUTF8(base, count: utf8.count))
        }
    }

    /// The raw bits of a string (for the layout check).
    private static func bits(_ string: String) -> (UInt64, UInt64) {
        withUnsafeBytes(of: string) { $0.loadUnaligned(as: (UInt64, UInt64).self) }
    }
}
