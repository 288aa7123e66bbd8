import Foundation
import SwiftKryo
import Testing

/// The Kryo 2.20 primitives, checked against the bytes the real jar wrote (reference/kryo-wire.md).
@Suite struct WireFormatTests {
    private func bytes(_ write: (KryoOutput) -> Void) -> String {
        let output = KryoOutput()
        write(output)
        return hex(output.buffer)
    }

    @Test(arguments: [
        (Int32(0), "00"), (1, "01"), (127, "7f"), (128, "80 01"), (300, "ac 02"), (16383, "ff 7f"),
        (16384, "80 80 01"), (268_435_456, "80 80 80 80 01"), (Int32.max, "ff ff ff ff 07"), (-1, "ff ff ff ff 0f"),
        (Int32.min, "80 80 80 80 08"),
    ])
    func positiveVarInt(_ value: Int32, _ expected: String) throws {
        #expect(bytes { $0.writeVarInt32(value, optimizePositive: true) } == expected)
        let input = KryoInput(Array(hexBytes(expected)))
        #expect(try input.readVarInt32(optimizePositive: true) == value)
        // Followed by more bytes: read without a check per byte, and not one byte too far.
        let padded = KryoInput(hexBytes(expected) + [UInt8](repeating: 0xFF, count: 9))
        #expect(try padded.readVarInt32(optimizePositive: true) == value)
        #expect(padded.offset == hexBytes(expected).count)
    }

    @Test(arguments: [
        (Int32(0), "00"), (1, "02"), (-1, "01"), (63, "7e"), (-64, "7f"), (64, "80 01"), (-65, "81 01"),
        (300, "d8 04"), (Int32.max, "fe ff ff ff 0f"), (Int32.min, "ff ff ff ff 0f"),
    ])
    func zigzagVarInt(_ value: Int32, _ expected: String) throws {
        #expect(bytes { $0.writeVarInt32(value, optimizePositive: false) } == expected)
        #expect(try KryoInput(hexBytes(expected)).readVarInt32(optimizePositive: false) == value)
        let padded = KryoInput(hexBytes(expected) + [UInt8](repeating: 0xFF, count: 9))
        #expect(try padded.readVarInt32(optimizePositive: false) == value)
        #expect(padded.offset == hexBytes(expected).count)
    }

    /// Java's `writeVarInt` puts the int's top four bits in the fifth byte: a fifth byte with more
    /// is no int (a `long` 9 876 543 210 read as an `int` field), an error rather than its low
    /// 32 bits; with the bytes in memory and arriving one at a time.
    @Test(arguments: ["ea 9d d8 e5 24", "ff ff ff ff 1f", "ff ff ff ff 8f 01"])
    func aFifthByteBeyondAnIntIsAnError(_ text: String) throws {
        let bytes = hexBytes(text)
        var chunks = bytes.map { [$0] }
        let streamed = KryoInput(source: { chunks.isEmpty ? nil : chunks.removeFirst() })
        for input in [KryoInput(bytes), KryoInput(bytes + [0, 0, 0, 0]), streamed] {
            let error = try #require(throws: SerializationError.self) {
                try input.readVarInt32(optimizePositive: true)
            }
            #expect(error.expected == "a variable-length int (its fifth byte below 0x10)")
            #expect(error.offset == 0)
        }
    }

    @Test(arguments: [
        (Int64(-1), true, "ff ff ff ff ff ff ff ff ff"), (Int64(1) << 56, true, "80 80 80 80 80 80 80 80 01"),
        (Int64.max, true, "ff ff ff ff ff ff ff ff 7f"), (Int64.min, true, "80 80 80 80 80 80 80 80 80"),
        (Int64.max, false, "fe ff ff ff ff ff ff ff ff"), (Int64.min, false, "ff ff ff ff ff ff ff ff ff"),
        (1_234_567_890_123, true, "cb 89 ec 8f f7 23"),
    ])
    func varLongNinthByteCarriesEightBits(_ value: Int64, _ positive: Bool, _ expected: String) throws {
        #expect(bytes { $0.writeVarInt64(value, optimizePositive: positive) } == expected)
        #expect(try KryoInput(hexBytes(expected)).readVarInt64(optimizePositive: positive) == value)
        let padded = KryoInput(hexBytes(expected) + [UInt8](repeating: 0xFF, count: 9))
        #expect(try padded.readVarInt64(optimizePositive: positive) == value)
        #expect(padded.offset == hexBytes(expected).count)
        let short = KryoInput(Array(hexBytes(expected).dropLast()))
        #expect(throws: SerializationError.self) { try short.readVarInt64(optimizePositive: positive) }
    }

    @Test func fixedWidthIsBigEndian() {
        #expect(bytes { $0.writeUInt32(0x0102_0304) } == "01 02 03 04")
        #expect(bytes { $0.writeUInt64(0x0102_0304_0506_0708) } == "01 02 03 04 05 06 07 08")
        #expect(bytes { $0.writeUInt32(Float(1.5).bitPattern) } == "3f c0 00 00")
        #expect(bytes { $0.writeUInt16(UInt16(bitPattern: -2)) } == "ff fe")
    }

    @Test(arguments: [
        (String?.none, "80"), ("", "81"), ("a", "82 61"), ("ab", "61 e2"), ("hello", "68 65 6c 6c ef"),
        ("\u{0}\u{0}", "00 80"), ("a\u{0}b", "61 00 e2"), ("é", "82 c3 a9"), ("héllo", "86 68 c3 a9 6c 6c 6f"),
        ("日本", "83 e6 97 a5 e6 9c ac"), ("😀", "83 ed a0 bd ed b8 80"),
    ])
    func strings(_ value: String?, _ expected: String) throws {
        #expect(bytes { $0.writeString(value) } == expected)
        #expect(try KryoInput(hexBytes(expected)).readString() == value)
    }

    @Test func stringLengthBoundaries() throws {
        let ascii63 = String(repeating: "a", count: 63)
        let ascii64 = String(repeating: "a", count: 64)
        #expect(bytes { $0.writeString(ascii63) }.hasSuffix("61 e1"))
        #expect(bytes { $0.writeString(ascii64) }.hasPrefix("c1 01 61"))
        #expect(bytes { $0.writeString(String(repeating: "é", count: 62)) }.hasPrefix("bf c3"))
        #expect(bytes { $0.writeString(String(repeating: "é", count: 63)) }.hasPrefix("c0 01 c3"))
        #expect(bytes { $0.writeString(String(repeating: "é", count: 9000)) }.hasPrefix("e9 8c 01 c3"))
        for text in [ascii63, ascii64, String(repeating: "é", count: 9000)] {
            let output = KryoOutput()
            output.writeString(text)
            #expect(try KryoInput(output.buffer).readString() == text)
        }
    }

    /// The ASCII checks scan (and copy) eight bytes at a time: a non-ASCII character at any
    /// position, in the word-sized part or the tail, must send the string to the UTF-8 form.
    @Test func asciiScanFindsANonASCIICharacterAtEveryPosition() throws {
        for length in 2...63 {
            let ascii = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            let asciiBytes = bytes { $0.writeString(ascii) }
            #expect(hexBytes(asciiBytes).count == length, "ASCII form for \(length) characters")
            #expect(try KryoInput(hexBytes(asciiBytes)).readString() == ascii)
            for position in 0..<length {
                var characters = Array(ascii)
                characters[position] = "é"
                let text = String(characters)
                let written = hexBytes(bytes { $0.writeString(text) })
                #expect(written.first == UInt8(0x80 | (length + 1)), "UTF-8 form, é at \(position) of \(length)")
                #expect(try KryoInput(written).readString() == text)
            }
            // After other bytes (the copy starts at any offset), and after a string that was not ASCII.
            let output = KryoOutput(capacity: 16)
            output.writeByte(0xAA)
            output.writeString(ascii + "é")
            output.writeString(ascii)
            let input = KryoInput(output.buffer)
            #expect(try input.readByte() == 0xAA)
            #expect(try input.readString() == ascii + "é")
            #expect(try input.readString() == ascii)
            #expect(try input.isAtEnd())
        }
    }

    /// OutputChunked's framing: chunks of 1024 bytes, the rest, then `00`; read back joined.
    @Test(arguments: [0, 1, 127, 128, 1023, 1024, 1025, 2048, 3000])
    func chunkedRuns(_ length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let output = KryoOutput()
        output.writeByte(0xAA)
        let start = output.beginChunks()
        payload.withUnsafeBytes { output.writeBytes($0) }
        output.endChunks(from: start)
        output.writeByte(0xBB)
        var expected: [UInt8] = [0xAA]
        var rest = payload[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(1024)
            let header = KryoOutput()
            header.writeVarInt32(Int32(chunk.count), optimizePositive: true)
            expected += header.buffer + chunk
            rest = rest.dropFirst(chunk.count)
        }
        expected += [0x00, 0xBB]
        #expect(output.buffer == expected)

        let input = KryoInput(output.buffer)
        #expect(try input.readByte() == 0xAA)
        try input.beginChunks()
        #expect(try input.readBytes(length) == payload)
        #expect(throws: SerializationError.self) { try input.readByte() }  // the run has ended
        input.endChunks()
        #expect(try input.readByte() == 0xBB)
    }

    @Test func readerAcceptsStandardFourByteUTF8() throws {
        // Java never writes it, but other writers might: F0 9F 98 80 is U+1F600.
        #expect(try KryoInput([0x83, 0xF0, 0x9F, 0x98, 0x80]).readString() == "😀")
    }

    @Test func booleanReadsTrueOnlyForOne() throws {
        let codec = KryoCodec(registry: try Registry())
        #expect(try codec.decode(Bool.self, from: [0x05, 0x01]) == true)
        #expect(try codec.decode(Bool.self, from: [0x05, 0x02]) == false)
    }
}

func hexBytes(_ text: String) -> [UInt8] {
    text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
}
