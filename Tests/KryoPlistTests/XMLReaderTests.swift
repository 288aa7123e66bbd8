import KryoCore
import KryoPlist
import Testing

/// `text` as a complete XML plist document.
private func document(_ body: String) -> [UInt8] {
    utf8(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """)
}

private func decodeXML(_ text: String) throws -> PropertyListValue {
    let (value, format) = try PropertyList.decode(utf8(text))
    #expect(format == .xml)
    return value
}

@Suite struct XMLReaderTests {
    @Test func theXMLSubsetIsAccepted() throws {
        let text = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- a comment -->
            <!DOCTYPE plist [ <!ENTITY x "not applied"> ]>
            <plist version='1.0'>
            <dict>
              <!-- keys and values may be separated by comments -->
              <key>string</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42;&#x1F600; <![CDATA[<raw> & ]]>end</string>
              <key>empty</key><string/>
              <key>empty2</key><string></string>
              <key>ints</key><array><integer>-9223372036854775808</integer><integer> 18446744073709551615 </integer>
                <integer>+5</integer><integer>0x1F</integer><integer>-0</integer></array>
              <key>reals</key><array><real>nan</real><real>+infinity</real><real>-infinity</real><real>inf</real>
                <real>-inf</real><real>1e-05</real><real>.5</real><real>-0</real><real>1.7976931348623157e+308</real></array>
              <key>bools</key><array><true/><false/><true></true></array>
              <key>date</key><date>2024-02-29T12:34:56Z</date>
              <key>data</key><data>
                AAEC
                AwQ=
              </data>
              <key>emptyData</key><data/>
              <key>containers</key><array><dict/><array/><dict></dict><array></array></array>
              <key>uid</key><dict><key>CF$UID</key><integer>42</integer></dict>
            </dict>
            </plist>
            <!-- trailing comment -->

            """
        let value = try decodeXML(text)
        let expected = PropertyListValue.dictionary([
            "string": .string("a <b> & \"c\" 'd' AB😀 <raw> & end"),
            "empty": .string(""),
            "empty2": .string(""),
            "ints": .array([
                .integer(.min), .unsignedInteger(.max), .integer(5), .integer(31), .integer(0),
            ]),
            "reals": .array(
                [.nan, .infinity, -.infinity, .infinity, -.infinity, 1e-05, 0.5, -0.0, .greatestFiniteMagnitude].map {
                    .real($0)
                }),
            "bools": .array([.bool(true), .bool(false), .bool(true)]),
            "date": .date(730_902_896),
            "data": .data([0, 1, 2, 3, 4]),
            "emptyData": .data([]),
            "containers": .array([.dictionary([:]), .array([]), .dictionary([:]), .array([])]),
            "uid": .uid(42),
        ])
        #expect(identical(value, expected))
    }

    @Test func aBareValueWithoutPlistElementIsAccepted() throws {
        #expect(try decodeXML("<string>x</string>") == .string("x"))
        #expect(try decodeXML("  <array><integer>1</integer></array>\n") == .array([.integer(1)]))
    }

    @Test func textIsKeptByteForByte() throws {
        #expect(try decodeXML("<string>a\r\nb\tc</string>") == .string("a\r\nb\tc"))
        #expect(try decodeXML("<string>  spaced  </string>") == .string("  spaced  "))
    }

    /// (document, error kind, byte offset of the problem)
    static let badDocuments: [(String, SerializationError.Kind, Int)] = [
        ("", .truncatedInput, 0),
        ("   ", .truncatedInput, 3),
        ("hello", .invalidValue, 0),
        ("<plist><string>abc</plist>", .invalidValue, 18),  // text then the wrong end tag
        ("<plist><string>abc", .truncatedInput, 18),
        ("<plist><array><integer>1</integer>", .truncatedInput, 34),
        ("<plist><array></dict></plist>", .invalidValue, 14),
        ("<plist><integer>12a</integer></plist>", .invalidValue, 18),
        ("<plist><integer></integer></plist>", .invalidValue, 16),
        ("<plist><integer>-</integer></plist>", .invalidValue, 17),
        ("<plist><integer>18446744073709551616</integer></plist>", .invalidValue, 16),
        ("<plist><integer>-9223372036854775809</integer></plist>", .invalidValue, 16),
        ("<plist><real>1.2.3</real></plist>", .invalidValue, 13),
        ("<plist><real>0x1p3</real></plist>", .invalidValue, 13),
        ("<plist><real></real></plist>", .invalidValue, 13),
        ("<plist><data>AAE*</data></plist>", .invalidValue, 16),
        ("<plist><data>A</data></plist>", .invalidValue, 14),
        ("<plist><data>AA=A</data></plist>", .invalidValue, 16),
        ("<plist><date>2024-02-30T00:00:00Z</date></plist>", .invalidValue, 21),
        ("<plist><date>2024-01-01 00:00:00Z</date></plist>", .invalidValue, 23),
        ("<plist><date>2024-01-01T24:00:00Z</date></plist>", .invalidValue, 24),
        ("<plist><date>2024-01-01T00:00:00</date></plist>", .invalidValue, 32),
        ("<plist><string>a</string></plist>garbage", .invalidValue, 33),
        ("<plist><string>a</string><string>b</string></plist>", .invalidValue, 25),
        ("<string>a</string><string>b</string>", .invalidValue, 18),
        ("<plist><string>a &bogus; b</string></plist>", .invalidValue, 17),
        ("<plist><string>&#xD800;</string></plist>", .invalidValue, 15),
        ("<plist><string>&#0;</string></plist>", .invalidValue, 15),
        ("<plist><string>&amp</string></plist>", .invalidValue, 15),
        ("<plist><string>a<b/>c</string></plist>", .invalidValue, 16),
        ("<plist><dict><string>k</string></dict></plist>", .invalidValue, 13),
        ("<plist><dict><key>k</key></dict></plist>", .invalidValue, 25),
        ("<plist><key>k</key></plist>", .invalidValue, 7),
        ("<plist><foo/></plist>", .invalidValue, 7),
        ("<plist></plist>", .invalidValue, 7),
        ("<plist/>", .invalidValue, 0),
        ("<plist><true>x</true></plist>", .invalidValue, 13),
        ("<plist><!-- unterminated", .truncatedInput, 24),
        ("<plist><string attr=\"unterminated></string></plist>", .truncatedInput, 51),
        ("\u{FF}\u{FE}<plist/>", .invalidValue, 0),
    ]

    @Test(arguments: badDocuments.indices)
    func badDocumentsAreErrorsAtTheirOffsets(index: Int) {
        let (text, kind, offset) = Self.badDocuments[index]
        let error = decodeError(utf8(text))
        #expect(error?.kind == kind, "\(text)")
        #expect(error?.offset == offset, "\(text): \(String(describing: error))")
    }

    @Test func errorsNameTheLine() {
        let error = decodeError(document("<array>\n<integer>x</integer>\n</array>"))
        #expect(error?.kind == .invalidValue)
        #expect(error?.found.contains("line 5") == true)
    }

    @Test func invalidUTF8IsAnError() {
        let bytes = utf8("<plist><string>a") + [0xC3, 0x28] + utf8("</string></plist>")
        let error = decodeError(bytes)
        #expect(error?.kind == .invalidValue)
        #expect(error?.offset == 15)
        #expect(decodeError([0xFE, 0xFF, 0, 0x3C])?.kind == .unsupported)  // UTF-16
    }

    @Test func truncationAtEveryLengthThrows() throws {
        var bytes = try PropertyList.encode(
            .dictionary(["a": .array([.integer(1), .string("x&y"), .uid(3), .real(0.5)]), "b": .data([1, 2])]),
            format: .xml)
        bytes.removeLast()  // the final newline, so that no shorter prefix is complete
        #expect(try PropertyList.decode(bytes).format == .xml)
        for length in 0..<bytes.count {
            #expect(decodeError(Array(bytes.prefix(length))) != nil, "length \(length)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
        let error = decodeError(document(deep))
        #expect(error?.kind == .depthLimitExceeded)
        let dictionaries =
            String(repeating: "<dict><key>k</key>", count: 10_000) + "<true/>"
            + String(repeating: "</dict>", count: 10_000)
        #expect(decodeError(document(dictionaries))?.kind == .depthLimitExceeded)
        let allowed = String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
        #expect(decodeError(document(allowed)) == nil)
    }

    @Test func theObjectCountLimitIsEnforced() {
        let bytes = document("<array><true/><true/><true/></array>")
        #expect(decodeError(bytes, limits: PropertyListLimits(maxObjectCount: 3))?.kind == .sizeLimitExceeded)
        #expect(decodeError(bytes, limits: PropertyListLimits(maxObjectCount: 4)) == nil)
    }

    @Test func entitiesInTheDoctypeAreNotExpanded() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY lol "lollollol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <plist><string>&lol2;</string></plist>
            """
        #expect(decodeError(utf8(text))?.kind == .invalidValue)
    }
}
