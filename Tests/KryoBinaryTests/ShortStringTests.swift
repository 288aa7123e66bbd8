import Foundation
import KryoCore
import Testing

@testable import KryoBinary

/// Strings of up to 15 UTF-8 bytes are made directly from the input's bytes (``SmallString``):
/// they must be the very strings the standard library makes from the same bytes.
@Suite struct ShortStringTests {
    @Test func theInlineLayoutIsRecognizedOnThisPlatform() {
        // Otherwise every short string silently takes the slower standard-library path.
        #expect(SmallString.isAvailable)
    }

    /// Every length from 0 to 17 bytes, ASCII (Kryo's ASCII form) and with two- and three-byte
    /// characters (the UTF-8 form), read back equal, with equal hashes, counts and bytes.
    @Test(arguments: ["abcdefghijklmnopq", "é-ab€cd文ef", "Steve Jobs\u{C2A4}", "\u{7F}\u{0}x\u{80}"])
    func shortStringsAreTheStandardLibrarysStrings(_ alphabet: String) throws {
        for prefix in everyPrefix(of: alphabet) {
            let output = KryoOutput()
            output.writeString(prefix)
            output.writeString(prefix + "!")
            let input = KryoInput(output.buffer)
            for expected in [prefix, prefix + "!"] {
                expectStandardLibraryString(try #require(try input.readString()), of: expected)
            }
        }
    }

    /// Long strings in the UTF-8 form (ASCII runs, two- and three-byte characters, surrogate
    /// pairs) read back whole when they end the input exactly, and every input cut short of one
    /// is an error, never a crash or a shorter string.
    @Test(arguments: ["a", "é", "€", "abcdefgh", "x€é𝄞"])
    func longStringsEndingTheInputReadBackAndTruncationsAreErrors(_ unit: String) throws {
        for repeats in [9, 40, 70] {
            let string = String(repeating: unit, count: repeats) + "~é"
            let output = KryoOutput()
            output.writeString(string)
            let bytes = Array(output.buffer)
            #expect(try KryoInput(bytes).readString() == string)
            for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 23)) {
                #expect(throws: SerializationError.self, "\(repeats) × \(unit), cut at \(cut)") {
                    try KryoInput(Array(bytes[..<cut])).readString()
                }
            }
        }
    }

    /// Strings in the UTF-8 form whose bytes are all ASCII (Kryo 5 writes every string longer
    /// than 32 characters so) read back equal at every length, and so do those with one
    /// non-ASCII character anywhere, with the input left just after each string.
    @Test func asciiInTheUTF8FormAtEveryLength() throws {
        let letters = Array("The quick brown fox jumps over the lazy dog, 0123456789 times! ~")
        for length in 1...64 {
            let ascii = String(letters[..<length])
            var variants = [ascii]
            for position in [0, length / 2, length - 1] {
                var characters = Array(ascii)
                characters[position] = "é"
                variants.append(String(characters))
            }
            for string in variants {
                let bytes = Self.utf8Form(string) + [0x7F]
                let input = KryoInput(bytes)
                expectStandardLibraryString(try #require(try input.readString()), of: string)
                #expect(input.offset == bytes.count - 1, "\(string)")
            }
        }
    }

    /// `string` as Kryo's UTF-8 form: its UTF-16 length + 1 as a flagged varint, then its bytes.
    static func utf8Form(_ string: String) -> [UInt8] {
        var value = string.utf16.count + 1
        var bytes = [UInt8(0x80 | (value & 0x3F) | (value > 0x3F ? 0x40 : 0))]
        value >>= 6
        while value > 0 {
            bytes.append(UInt8(value & 0x7F | (value > 0x7F ? 0x80 : 0)))
            value >>= 7
        }
        return bytes + Array(string.utf8)
    }

    /// Overlong UTF-8 forms are not well-formed: they go to the standard library, which
    /// replaces them, exactly as before short strings were made directly.
    @Test func overlongFormsAreLeftToTheStandardLibrary() throws {
        // Two UTF-16 units: "/" written overlong in two bytes, then "a"; and NUL in three bytes.
        let twoByte = try KryoInput([0x83, 0xC0, 0xAF, 0x61, 0, 0, 0]).readString()
        #expect(twoByte == String(decoding: [0xC0, 0xAF, 0x61], as: UTF8.self))
        let threeByte = try KryoInput([0x82, 0xE0, 0x80, 0x80]).readString()
        #expect(threeByte == String(decoding: [0xE0, 0x80, 0x80], as: UTF8.self))
    }

    /// Random bytes in Kryo's UTF-8 form, for every short length: what the reader makes is
    /// either an error or a well-formed string (its UTF-8 reads back as itself), never a string
    /// that holds bytes the standard library would not have accepted.
    @Test func randomBytesNeverMakeAMalformedString() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF]
        var made = 0
        for _ in 0..<20_000 {
            let characters = Int(1 + next() % 8)
            let count = Int(next() % 16)
            let bytes = (0..<count).map { _ in
                next() % 2 == 0
                    ? interesting[Int(next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: next())
            }
            guard let read = try? KryoInput([0x80 | UInt8(characters + 1)] + bytes).readString() else { continue }
            made += 1
            let utf8 = Array(read.utf8)
            let remade = String(decoding: utf8, as: UTF8.self)
            #expect(remade == read && Array(remade.utf8) == utf8, "\(bytes)")
            #expect(read.hashValue == remade.hashValue)
            #expect(read.unicodeScalars.allSatisfy { $0.value <= 0x10FFFF })
        }
        #expect(made > 1_000, "only \(made) of 20 000 inputs made a string")
    }
}
