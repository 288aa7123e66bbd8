import KryoCore
import KryoPlist
import Testing

/// A UTF-16 string with half of a surrogate pair (an emoji cut in two by an app; `NSString`
/// holds it and Apple's unarchiver reads it): a Swift string cannot hold it, so it reads as
/// U+FFFD, as Foundation's bridge to `String` gives it, and the bytes tell that it did.
@Suite struct UnpairedSurrogateTests {
    /// A binary plist whose one object is the UTF-16 string of `units`.
    static func plist(_ units: [UInt16]) -> [UInt8] {
        handBuiltBinaryPlist([[0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }])
    }

    @Test(
        arguments: [
            ([0x61, 0xD83D, 0x62], "a\u{FFFD}b"),  // a high surrogate alone
            ([0x61, 0xDE00], "a\u{FFFD}"),  // a low surrogate alone
            ([0xD83D], "\u{FFFD}"),  // a high surrogate at the end
            ([0xDE00, 0xD83D], "\u{FFFD}\u{FFFD}"),  // a pair in the wrong order
        ] as [([UInt16], String)])
    func anUnpairedSurrogateReadsAsTheReplacementCharacter(_ units: [UInt16], _ text: String) throws {
        let bytes = Self.plist(units)
        let (value, _) = try PropertyList.decode(bytes)
        #expect(value == .string(text))
        #expect(PropertyList.holdsUnpairedSurrogates(bytes))
    }

    @Test func aPairIsOneCharacter() throws {
        let bytes = Self.plist([0x61, 0xD83D, 0xDE00])
        #expect(try PropertyList.decode(bytes).0 == .string("a😀"))
        #expect(!PropertyList.holdsUnpairedSurrogates(bytes))
        #expect(!PropertyList.holdsUnpairedSurrogates(Array("not a plist".utf8)))
    }
}
