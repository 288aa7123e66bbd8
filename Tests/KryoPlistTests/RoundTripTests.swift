import KryoCore
import KryoPlist
import Testing

@Suite struct RoundTripTests {
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func everyKindOfValueRoundTrips(format: PropertyListFormat) throws {
        let bytes = try PropertyList.encode(sampleWithUIDs, format: format)
        let (decoded, detected) = try PropertyList.decode(bytes)
        #expect(detected == format)
        #expect(identical(decoded, sampleWithUIDs))
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func everyTopLevelScalarRoundTrips(format: PropertyListFormat) throws {
        let scalars: [PropertyListValue] = [
            .string(""), .string("x"), .string("日本"), .integer(-1), .integer(.max), .unsignedInteger(.max),
            .real(-0.0), .real(.nan), .bool(true), .bool(false), .date(12), .data([1, 2, 3]), .uid(7),
            .array([]), .dictionary([:]),
        ]
        for scalar in scalars {
            let decoded = try PropertyList.decode(try PropertyList.encode(scalar, format: format)).value
            #expect(identical(decoded, scalar), "\(scalar)")
        }
    }

    @Test func binaryAndXMLDecodeToTheSameValue() throws {
        let binary = try PropertyList.decode(try PropertyList.encode(sampleWithUIDs, format: .binary)).value
        let xml = try PropertyList.decode(try PropertyList.encode(sampleWithUIDs, format: .xml)).value
        #expect(identical(binary, xml))
    }

    @Test func canonicallyEquivalentStringsKeepTheirBytes() throws {
        // Swift's == says "é" and "e\u{301}" are equal; the binary writer must not merge them.
        let value = PropertyListValue.array([.string("caf\u{E9}"), .string("cafe\u{301}"), .string("caf\u{E9}")])
        let bytes = try PropertyList.encode(value, format: .binary)
        guard case .array(let strings) = try PropertyList.decode(bytes).value, strings.count == 3,
            case .string(let first) = strings[0], case .string(let second) = strings[1]
        else {
            Issue.record("not an array of three strings")
            return
        }
        #expect(Array(first.utf8) == [0x63, 0x61, 0x66, 0xC3, 0xA9])
        #expect(Array(second.utf8) == [0x63, 0x61, 0x66, 0x65, 0xCC, 0x81])
    }

    @Test func unsignedIntegersWithinInt64AreWrittenAsIntegers() throws {
        for format in [PropertyListFormat.binary, .xml] {
            let decoded = try PropertyList.decode(try PropertyList.encode(.unsignedInteger(42), format: format)).value
            #expect(decoded == .integer(42))
        }
    }

    @Test func xmlDatesAreWholeSecondsRoundedDown() throws {
        let bytes = try PropertyList.encode(.array([.date(1.75), .date(-0.5)]), format: .xml)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<date>2001-01-01T00:00:01Z</date>"))
        #expect(text.contains("<date>2000-12-31T23:59:59Z</date>"))
        #expect(try PropertyList.decode(bytes).value == .array([.date(1), .date(-1)]))
        // The binary format keeps the fraction.
        let binary = try PropertyList.encode(.date(1.75), format: .binary)
        #expect(try PropertyList.decode(binary).value == .date(1.75))
    }

    @Test func aDictionaryWithOnlyACFUIDIntegerReadsAsAUID() throws {
        let value = PropertyListValue.dictionary(["CF$UID": .integer(3)])
        let decoded = try PropertyList.decode(try PropertyList.encode(value, format: .xml)).value
        #expect(decoded == .uid(3))
        // With another key, or a non-integer value, it stays a dictionary.
        let two = PropertyListValue.dictionary(["CF$UID": .integer(3), "x": .bool(true)])
        #expect(try PropertyList.decode(try PropertyList.encode(two, format: .xml)).value == two)
        let text = PropertyListValue.dictionary(["CF$UID": .string("3")])
        #expect(try PropertyList.decode(try PropertyList.encode(text, format: .xml)).value == text)
    }

    @Test func encodingRespectsTheDepthLimit() throws {
        var value = PropertyListValue.array([])
        for _ in 0..<20 { value = .array([value]) }
        for format in [PropertyListFormat.binary, .xml] {
            #expect(throws: SerializationError.self) {
                try PropertyList.encode(value, format: format, limits: PropertyListLimits(maxDepth: 20))
            }
            let bytes = try PropertyList.encode(value, format: format, limits: PropertyListLimits(maxDepth: 21))
            #expect(try PropertyList.decode(bytes, limits: PropertyListLimits(maxDepth: 21)).value == value)
            #expect(decodeError(bytes, limits: PropertyListLimits(maxDepth: 20))?.kind == .depthLimitExceeded)
        }
    }

    @Test func unrepresentableXMLDatesAreErrors() {
        for date in [Double.nan, .infinity, 1e300] {
            #expect(throws: SerializationError.self) { try PropertyList.encode(.date(date), format: .xml) }
        }
    }

    @Test func theSingleFormatDecodersReadOnlyTheirFormat() throws {
        let binary = try PropertyList.encode(sample, format: .binary)
        let xml = try PropertyList.encode(sample, format: .xml)
        #expect(identical(try PropertyList.decodeBinary(binary), sample))
        #expect(identical(try PropertyList.decodeXML(xml), sample))
        #expect(throws: SerializationError.self) { try PropertyList.decodeBinary(xml) }
        #expect(throws: SerializationError.self) { try PropertyList.decodeXML(binary) }
    }

    @Test func decodingFromAnUnsafeBufferMatchesDecodingFromAnArray() throws {
        let bytes = try PropertyList.encode(sample, format: .binary)
        let fromBuffer = try bytes.withUnsafeBytes { try PropertyList.decode($0) }
        #expect(identical(fromBuffer.value, sample))
        #expect(fromBuffer.format == .binary)
    }
}
