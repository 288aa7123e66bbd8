/// Standard base64 (RFC 4648 alphabet, `=` padding), as XML property lists store `<data>`.
///
/// Decoding skips ASCII whitespace anywhere in the text (property-list writers wrap long data in
/// indented lines) and accepts a final group without its `=` padding; any other character, or a
/// group of a single character, is an error.
package enum Base64 {
    /// The 64 digits, in value order.
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Digit value of each byte; `whitespace`, `padding` or `invalid` for the others.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, digit) in alphabet.enumerated() { table[Int(digit)] = UInt8(value) }
        for space in [0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B] { table[space] = whitespace }
        table[Int(UInt8(ascii: "="))] = padding
        return table
    }()
    private static let invalid: UInt8 = 0xFF
    private static let whitespace: UInt8 = 0xFE
    private static let padding: UInt8 = 0xFD

    /// The number of base64 digits (with padding) that `byteCount` bytes encode to.
    package static func encodedCount(_ byteCount: Int) -> Int { (byteCount + 2) / 3 * 4 }

    /// Appends the base64 text of `bytes` to `output`, breaking lines after `lineLength` digits
    /// (never when `lineLength` is 0), each break being a newline followed by `linePrefix`.
    package static func encode(
        _ bytes: UnsafeRawBufferPointer, into output: inout [UInt8], lineLength: Int = 0,
        linePrefix: [UInt8] = []
    ) {
        output.reserveCapacity(output.count + encodedCount(bytes.count) * (1 + linePrefix.count) + 2)
        alphabet.withUnsafeBufferPointer { digits in
            var column = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let remaining = count - index
                let b0 = UInt32(bytes[index])
                let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
                let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
                let group = b0 << 16 | b1 << 8 | b2
                if lineLength > 0 && column >= lineLength {
                    output.append(0x0A)
                    output.append(contentsOf: linePrefix)
                    column = 0
                }
                output.append(digits[Int(group >> 18 & 0x3F)])
                output.append(digits[Int(group >> 12 & 0x3F)])
                output.append(remaining > 1 ? digits[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
                output.append(remaining > 2 ? digits[Int(group & 0x3F)] : UInt8(ascii: "="))
                column += 4
                index += 3
            }
        }
    }

    /// The base64 text of `bytes`, on one line.
    package static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { encode($0, into: &output) }
        return output
    }

    /// Why some text is not base64: the offset (within the text) of the first bad byte.
    package struct DecodingFailure: Error, Equatable {
        /// Offset of the offending byte in the decoded text.
        package var offset: Int
        /// What is wrong there.
        package var reason: String
    }

    /// The bytes that the base64 `text` encodes; whitespace is skipped.
    package static func decode(_ text: UnsafeRawBufferPointer) throws(DecodingFailure) -> [UInt8] {
        var output: [UInt8] = []
        // Every 4 digits give at most 3 bytes; whitespace only lowers the count.
        output.reserveCapacity(text.count / 4 * 3 + 3)
        let table = decodeTable
        var accumulator: UInt32 = 0
        var digitCount = 0  // digits in the current group
        var paddingSeen = 0
        var paddingOffset = 0
        for offset in 0..<text.count {
            let value = table[Int(text[offset])]
            if value < 64 {
                if paddingSeen > 0 {
                    throw DecodingFailure(offset: offset, reason: "a base64 digit after '=' padding")
                }
                accumulator = accumulator << 6 | UInt32(value)
                digitCount += 1
                if digitCount == 4 {
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                    output.append(UInt8(truncatingIfNeeded: accumulator))
                    accumulator = 0
                    digitCount = 0
                }
            } else if value == whitespace {
                continue
            } else if value == padding {
                if paddingSeen == 0 { paddingOffset = offset }
                paddingSeen += 1
                // Padding completes a group of 2 or 3 digits: "xx==" or "xxx=".
                if digitCount < 2 || digitCount + paddingSeen > 4 {
                    throw DecodingFailure(offset: offset, reason: "misplaced '=' padding")
                }
            } else {
                throw DecodingFailure(offset: offset, reason: "a byte that is not a base64 digit")
            }
        }
        if paddingSeen > 0 && digitCount + paddingSeen != 4 {
            throw DecodingFailure(offset: paddingOffset, reason: "incomplete '=' padding")
        }
        switch digitCount {
        case 0:
            break
        case 1:
            throw DecodingFailure(offset: text.count, reason: "a final group of a single base64 digit")
        case 2:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        default:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        }
        return output
    }

    /// The bytes that the base64 `text` encodes; whitespace is skipped.
    package static func decode(_ text: [UInt8]) throws(DecodingFailure) -> [UInt8] {
        try withBytes(of: text) { (raw) throws(DecodingFailure) -> [UInt8] in try decode(raw) }
    }
}
