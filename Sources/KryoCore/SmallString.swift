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
        guard count > 0 else { return "" }
        // The rest, one byte up to make room for the first; every byte below 0x80 but the last,
        // whose high bit goes.
        let rest = rest.map { words(UnsafeRawPointer($0), count: count - 1) } ?? (0, 0)
        var raw = (
            (rest.0 &<< 8 | UInt64(first)) & 0x7F7F_7F7F_7F7F_7F7F,
            (rest.1 &<< 8 | rest.0 &>> 56) & 0x7F7F_7F7F_7F7F_7F7F
        )
        raw.1 |= UInt64(smallFlags | asciiFlag | UInt8(truncatingIfNeeded: count)) << 56
        // A small string owns no storage: its bits are the whole value.
        return unsafeBitCast(raw, to: String.self)
    }

    /// The string of the `count` bytes (at most ``capacity``) at `bytes`, which must be well-formed
    /// UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF). Call only when
    /// ``isAvailable``.
    @inlinable @inline(__always)
    package static func makeUTF8(_ bytes: UnsafePointer<UInt8>, count: Int) -> String {
        var raw = words(UnsafeRawPointer(bytes), count: count)
        let high = (raw.0 | raw.1) & 0x8080_8080_8080_8080
        let flags = smallFlags | (high == 0 ? asciiFlag : 0)
        raw.1 |= UInt64(flags | UInt8(truncatingIfNeeded: count)) << 56
        return unsafeBitCast(raw, to: String.self)
    }

    /// The `count` bytes (at most 15) at `source` as the two words of a small string, in memory
    /// order (little-endian), zero past the last byte: two overlapping loads of the widest size
    /// that fits, combined in registers. (Storing them to memory and loading the words back
    /// would make the processor wait on its store buffer: the loads overlap the stores.)
    @inlinable @inline(__always)
    static func words(_ source: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        if count >= 8 {
            let low = UInt64(littleEndian: source.loadUnaligned(as: UInt64.self))
            guard count > 8 else { return (low, 0) }
            let tail = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return (low, tail &>> UInt64((16 - count) * 8))
        }
        if count >= 4 {
            let head = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return (head | tail &<< UInt64((count - 4) * 8), 0)
        }
        if count >= 2 {
            let head = UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
            return (head | tail &<< UInt64((count - 2) * 8), 0)
        }
        return count == 1 ? (UInt64(source.load(as: UInt8.self)), 0) : (0, 0)
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
