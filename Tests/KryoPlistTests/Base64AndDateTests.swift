import KryoPlist
import Testing

@testable import KryoPlist

@Suite struct Base64Tests {
    @Test func encodesTheRFC4648Vectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(utf8(plain)) == utf8(encoded))
            #expect((try? Base64.decode(utf8(encoded))) == utf8(plain))
        }
    }

    @Test func decodingSkipsWhitespaceAndAcceptsMissingPadding() throws {
        #expect(try Base64.decode(utf8(" Zm9v\n\tYmE=\r\n")) == utf8("fooba"))
        #expect(try Base64.decode(utf8("Zm9vYmE")) == utf8("fooba"))
        #expect(try Base64.decode(utf8("Zg")) == utf8("f"))
        #expect(try Base64.decode(utf8("Zg = =")) == utf8("f"))
    }

    @Test func badBase64IsAnErrorAtItsOffset() {
        let cases: [(String, Int)] = [
            ("Zm9v!", 4), ("Z", 1), ("Zg=", 2), ("Z===", 1), ("Zg==Zg==", 4), ("Zm9vY", 5), ("Zm-v", 2),
        ]
        for (text, offset) in cases {
            #expect(throws: Base64.DecodingFailure.self, "\(text)") { try Base64.decode(utf8(text)) }
            do throws(Base64.DecodingFailure) {
                _ = try Base64.decode(utf8(text))
            } catch {
                #expect(error.offset == offset, "\(text)")
            }
        }
    }

    @Test func everyLengthAndByteRoundTrips() throws {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + length) }
            #expect(try Base64.decode(Base64.encode(bytes)) == bytes)
        }
        let all = Array(UInt8.min...UInt8.max)
        #expect(try Base64.decode(Base64.encode(all)) == all)
    }

    @Test func linesAreBrokenAfterTheLineLength() {
        var output: [UInt8] = []
        Array(repeating: UInt8(0), count: 12).withUnsafeBytes {
            Base64.encode($0, into: &output, lineLength: 8, linePrefix: [0x09])
        }
        #expect(String(decoding: output, as: UTF8.self) == "AAAAAAAA\n\tAAAAAAAA")
    }
}

@Suite struct PlistDateTests {
    private func text(_ seconds: Double) -> String? {
        PlistDate.format(seconds).map { String(decoding: $0, as: UTF8.self) }
    }

    private func seconds(_ text: String) throws -> Double {
        try Array(text.utf8).withUnsafeBytes { try PlistDate.parse($0) }
    }

    @Test func knownDates() throws {
        let cases: [(Double, String)] = [
            (0, "2001-01-01T00:00:00Z"), (-1, "2000-12-31T23:59:59Z"), (-978_307_200, "1970-01-01T00:00:00Z"),
            (730_902_896, "2024-02-29T12:34:56Z"),
            // Proleptic Gregorian, as Apple's writer: Date.distantPast and Date.distantFuture.
            (-63_114_076_800, "0000-12-30T00:00:00Z"), (63_113_904_000, "4001-01-01T00:00:00Z"),
            (-31_622_400, "2000-01-01T00:00:00Z"),
            (-3_187_296_000, "1900-01-01T00:00:00Z"), (3_124_137_599, "2099-12-31T23:59:59Z"),
            // Negative years as Apple writes them (four characters with the sign).
            (-63_145_699_200, "-001-12-30T00:00:00Z"), (-63_177_235_200, "-002-12-30T00:00:00Z"),
        ]
        for (value, string) in cases {
            #expect(text(value) == string)
            #expect(try seconds(string) == value, "\(string)")
        }
    }

    @Test func fractionsAreDroppedWhenWrittenAndAcceptedWhenRead() throws {
        #expect(text(0.999) == "2001-01-01T00:00:00Z")
        #expect(text(-0.001) == "2000-12-31T23:59:59Z")
        #expect(try seconds("2001-01-01T00:00:00.25Z") == 0.25)
        #expect(try seconds("2000-12-31T23:59:59.5Z") == -0.5)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() throws {
        // Every day from 1800 to 2200, at a time of day that changes with the day.
        var day = -6_942.0 * 10
        while day < 73_000 {
            let value = day * 86_400 + (day.truncatingRemainder(dividingBy: 86_400)).magnitude
            let formatted = try #require(text(value))
            #expect(try seconds(formatted) == value, "\(formatted)")
            day += 1
        }
    }

    @Test func unrepresentableDatesAreNotFormatted() {
        #expect(text(.nan) == nil)
        #expect(text(.infinity) == nil)
        #expect(text(1e16) == nil)
    }

    @Test func badDatesAreErrorsAtTheirOffsets() {
        let cases: [(String, Int)] = [
            ("2001-13-01T00:00:00Z", 5), ("2001-00-01T00:00:00Z", 5), ("2023-02-29T00:00:00Z", 8),
            ("2001-01-01T00:60:00Z", 14), ("2001-01-01T00:00:60Z", 17), ("201-01-01T00:00:00Z", 0),
            ("2001-01-01T00:00:00", 19), ("2001-01-01T00:00:00Zx", 20), ("2001-01-01", 10), ("", 0),
            ("2001-01-01T00:00:00.Z", 20),
        ]
        for (string, offset) in cases {
            do {
                _ = try seconds(string)
                Issue.record("\(string) parsed")
            } catch let error as PlistDate.ParseFailure {
                #expect(error.offset == offset, "\(string)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
