import KryoCore
import KryoPlist
import Testing

/// The binary property-list writer's table of strings (``StringNumbers``) numbers each sequence
/// of bytes once, whichever of its paths a string takes: small ASCII strings by their bits, ASCII
/// strings kept in a buffer of their own (short or long) by their bytes, the others by a checked
/// dictionary, before and after the ASCII strings move to it.
@Suite struct StringNumbersTests {
    /// `text` as a string that keeps its bytes in a buffer of its own, even when short.
    private static func unshared(_ text: String) -> String {
        var string = String()
        string.reserveCapacity(64)
        string.append(contentsOf: text)
        return string
    }

    /// Numbers `strings` in order (each new one with its position) and checks every answer
    /// against a table keyed by the strings' bytes. A string that Swift's `==` finds equal to one
    /// of other bytes numbered before it is never found (it is written anew each time, with its
    /// own bytes).
    private static func expectNumberedByBytes(_ strings: [String]) {
        var table = StringNumbers()
        var expected: [[UInt8]: Int] = [:]
        var firstOfEqualStrings: [String: [UInt8]] = [:]
        for (position, string) in strings.enumerated() {
            let bytes = Array(string.utf8)
            let first = firstOfEqualStrings[string, default: bytes]
            let found = table.number(of: string, elseInsert: position)
            if first == bytes {
                #expect(found == expected[bytes], "\(position): \(string.debugDescription)")
                if expected[bytes] == nil { expected[bytes] = position }
                firstOfEqualStrings[string] = bytes
            } else {
                #expect(found == nil, "\(position): \(string.debugDescription)")
            }
        }
    }

    private static let samples: [String] = [
        "", "a", "name", "$class", "NS.objects", "fifteen bytes!!", "sixteen bytes!!!",
        "http://javaone.com/keynote_large.jpg", "\u{E9}", "e\u{301}", "Steve Jobs\u{C2A4}", "\u{1F600}",
        String(repeating: "long ", count: 40),
    ]

    @Test func shortLongAndOtherStringsAreNumberedByTheirBytes() {
        let unshared = Self.samples.map(Self.unshared)
        // The short ASCII samples really are of both layouts.
        #expect(SmallString.isAvailable == false || SmallString.asciiBits(of: "name") != nil)
        #expect(SmallString.asciiBits(of: Self.unshared("name")) == nil)
        Self.expectNumberedByBytes(Self.samples + unshared + Self.samples.reversed())
        Self.expectNumberedByBytes(unshared + Self.samples)
    }

    /// A string holding U+212A moves the ASCII strings to the dictionary: those numbered before
    /// are found there, with their numbers.
    @Test func asciiStringsNumberedBeforeTheMoveAreFoundAfterIt() {
        let unshared = Self.samples.map(Self.unshared)
        Self.expectNumberedByBytes(Self.samples + ["\u{212A}", "K"] + unshared + Self.samples)
    }

    /// Many strings of each kind, so that every table grows, then all of them again.
    @Test func tablesThatGrowKeepTheirNumbers() {
        let many = (0..<300).flatMap { index in
            ["k\(index)", "a longer key number \(index)", "\u{E9}\(index)", Self.unshared("u\(index)")]
        }
        Self.expectNumberedByBytes(many + many.reversed())
    }
}
