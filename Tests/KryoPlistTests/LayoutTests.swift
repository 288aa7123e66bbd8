import KryoCore
import KryoPlist
import Testing

/// The exact bytes the writers produce.
@Suite struct LayoutTests {
    @Test func binaryLayoutMatchesApples() throws {
        // Object 0: the array (refs 1, 1, 2); 1: the integer 1, written once; 2: "x".
        let bytes = try PropertyList.encode(.array([.integer(1), .integer(1), .string("x")]), format: .binary)
        let expected: [UInt8] =
            utf8("bplist00") + [0xA3, 1, 1, 2, 0x10, 1, 0x51, 0x78] + [8, 12, 14] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 16]
        #expect(bytes == expected)
    }

    @Test func binaryDictionariesListKeysThenValuesInPreOrder() throws {
        // As Foundation writes ["m": [1, 1, "x"], "l": -1, "k": UInt64.max]: the keys are objects
        // 1-3, then each value with its contents.
        let value = PropertyListValue.dictionary([
            "m": .array([.integer(1), .integer(1), .string("x")]), "l": .integer(-1), "k": .unsignedInteger(.max),
        ])
        let bytes = try PropertyList.encode(value, format: .binary)
        let objects: [UInt8] =
            [0xD3, 1, 2, 3, 4, 7, 8] + [0x51, 0x6D, 0x51, 0x6C, 0x51, 0x6B] + [0xA3, 5, 5, 6, 0x10, 1, 0x51, 0x78]
            + [0x13] + [UInt8](repeating: 0xFF, count: 8) + [0x14] + [UInt8](repeating: 0, count: 8)
            + [UInt8](repeating: 0xFF, count: 8)
        #expect(Array(bytes[8..<8 + objects.count]) == objects)
        #expect(try PropertyList.decode(bytes).value == value)
    }

    @Test func binaryWriterStoresEqualScalarsOnce() throws {
        let keys = PropertyListValue.dictionary(["$class": .uid(7), "NS.objects": .array([.uid(7), .uid(7)])])
        let value = PropertyListValue.array(
            Array(repeating: keys, count: 50) + Array(repeating: .real(2.5), count: 3)
                + Array(repeating: .date(3), count: 3) + Array(repeating: .data([1, 2, 3, 4, 5]), count: 3)
                + [.real(0.0), .real(-0.0), .bool(true), .bool(true), .integer(-5), .integer(-5)])
        let bytes = try PropertyList.encode(value, format: .binary)
        func occurrences(_ needle: [UInt8]) -> Int {
            (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<$0 + needle.count]) == needle }.count
        }
        #expect(occurrences([0x56] + utf8("$class")) == 1)
        #expect(occurrences([0x5A] + utf8("NS.objects")) == 1)
        #expect(occurrences([0x80, 7]) == 1)
        #expect(occurrences([0x23, 0x40, 0x04, 0, 0, 0, 0, 0, 0]) == 1)  // 2.5
        #expect(occurrences([0x45, 1, 2, 3, 4, 5]) == 1)
        // 0.0 and -0.0 are different objects.
        #expect(occurrences([0x23, 0x80, 0, 0, 0, 0, 0, 0, 0]) == 1)
        #expect(occurrences([0x23, 0, 0, 0, 0, 0, 0, 0, 0]) == 1)
        let objectCount = bytes[bytes.count - 24..<bytes.count - 16].reduce(0) { $0 << 8 | Int($1) }
        // Scalars: "$class", "NS.objects", UID 7, 2.5, the date, the data, 0.0, -0.0, true, -5.
        #expect(objectCount == 1 + 50 + 50 + 10)
        #expect(try PropertyList.decode(bytes).value == value)
    }

    @Test func binaryWriterUsesTheSmallestSizes() throws {
        // 300 distinct objects need 2-byte references; a 15-character string a 0xF count.
        let value = PropertyListValue.array((0..<300).map { .integer(Int64($0)) } + [.string("fifteen chars!!")])
        let bytes = try PropertyList.encode(value, format: .binary)
        let trailer = Array(bytes.suffix(32))
        #expect(trailer[6] == 2)  // offsets: the offset table starts between 256 and 65 535
        #expect(trailer[7] == 2)  // references
        #expect(Array(bytes[8..<12]) == [0xAF, 0x11, 0x01, 0x2D])  // array of 301
        let string = [0x5F, 0x10, 15] + utf8("fifteen chars!!")
        #expect(bytes.indices.contains { Array(bytes[$0..<min(bytes.count, $0 + string.count)]) == string })
        #expect(try PropertyList.decode(bytes).value == value)
    }

    @Test func binaryUIDsAndIntegersUseTheirSmallestWidths() throws {
        let cases: [(PropertyListValue, [UInt8])] = [
            (.uid(5), [0x80, 5]), (.uid(256), [0x81, 1, 0]), (.uid(65_536), [0x83, 0, 1, 0, 0]),
            (.uid(1 << 32), [0x87, 0, 0, 0, 1, 0, 0, 0, 0]), (.integer(200), [0x10, 200]),
            (.integer(300), [0x11, 1, 44]), (.integer(70_000), [0x12, 0, 1, 0x11, 0x70]),
            (.integer(-2), [0x13, 255, 255, 255, 255, 255, 255, 255, 254]),
            (.string("日"), [0x61, 0x65, 0xE5]), (.string("😀"), [0x62, 0xD8, 0x3D, 0xDE, 0x00]),
            (.bool(false), [0x08]), (.date(0), [0x33, 0, 0, 0, 0, 0, 0, 0, 0]),
        ]
        for (value, object) in cases {
            let bytes = try PropertyList.encode(value, format: .binary)
            #expect(Array(bytes[8..<8 + object.count]) == object, "\(value)")
            #expect(bytes.count == 8 + object.count + 1 + 32)
        }
    }

    @Test func xmlLayoutMatchesApples() throws {
        let value = PropertyListValue.dictionary([
            "a": .data(Array(0..<100)), "b": .date(1), "c": .array([.real(.nan), .real(1), .real(0.1)]),
            "e": .string("<&>\"'"), "f": .dictionary([:]), "g": .array([]), "h": .unsignedInteger(.max),
            "i": .integer(.min), "j": .string(""), "k": .uid(4), "l": .bool(true),
        ])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<data>
            \tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEy
            \tMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw==
            \t</data>
            \t<key>b</key>
            \t<date>2001-01-01T00:00:01Z</date>
            \t<key>c</key>
            \t<array>
            \t\t<real>nan</real>
            \t\t<real>1</real>
            \t\t<real>0.1</real>
            \t</array>
            \t<key>e</key>
            \t<string>&lt;&amp;&gt;"'</string>
            \t<key>f</key>
            \t<dict/>
            \t<key>g</key>
            \t<array/>
            \t<key>h</key>
            \t<integer>18446744073709551615</integer>
            \t<key>i</key>
            \t<integer>-9223372036854775808</integer>
            \t<key>j</key>
            \t<string></string>
            \t<key>k</key>
            \t<dict>
            \t\t<key>CF$UID</key>
            \t\t<integer>4</integer>
            \t</dict>
            \t<key>l</key>
            \t<true/>
            </dict>
            </plist>

            """
        let bytes = try PropertyList.encode(value, format: .xml)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func xmlRealsAreShortestRoundTripText() throws {
        let cases: [(Double, String)] = [
            (1, "1"), (-0.0, "-0"), (0, "0"), (0.1, "0.1"), (-1.5, "-1.5"), (1e300, "1e+300"),
            (.leastNonzeroMagnitude, "5e-324"), (.infinity, "+infinity"), (-.infinity, "-infinity"),
            (123_456_789_012_345, "123456789012345"), (1e16, "1e+16"),
        ]
        for (real, text) in cases {
            let bytes = try PropertyList.encode(.real(real), format: .xml)
            #expect(String(decoding: bytes, as: UTF8.self).contains("<real>\(text)</real>"), "\(real)")
        }
    }
}
