import Foundation
import SwiftKryo
import Testing

/// What the keyed backend writes, Foundation's NSKeyedUnarchiver reads, and what Foundation's
/// NSKeyedArchiver writes, the keyed backend reads: graphs of Foundation values, both ways,
/// in both plist layouts.
@Suite struct FoundationInteropTests {
    /// A graph of every Foundation value both sides know, with nesting and a shared array.
    static func foundationGraph() -> NSDictionary {
        let shared = NSArray(array: ["shared", 5])
        let graph = NSMutableDictionary()
        graph["ascii"] = "plain text"
        graph["unicode"] = "Grüße, 世界 🌍"
        graph["int"] = NSNumber(value: -42)
        graph["big"] = NSNumber(value: Int64.max)
        graph["real"] = NSNumber(value: 2.718281828459045)
        graph["flag"] = NSNumber(value: true)
        graph["data"] = NSData(bytes: [0, 1, 2, 254, 255] as [UInt8], length: 5)
        graph["date"] = NSDate(timeIntervalSinceReferenceDate: 123_456_789.5)
        graph["list"] = NSArray(array: ["a", NSNumber(value: 2), NSArray(array: ["nested"])])
        graph["map"] = NSDictionary(dictionary: ["k": "v", "n": NSNumber(value: 7)])
        graph["set"] = NSSet(array: ["x", "y"])
        graph["url"] = NSURL(string: "https://swift.org/documentation/?q=kryo")
        graph["relative"] = NSURL(string: "c/d.html", relativeTo: URL(string: "http://example.org/a/b/"))
        graph["uuid"] = NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        graph["null"] = NSNull()
        graph["first"] = shared
        graph["second"] = shared
        return graph
    }

    static func expectEqualToGraph(_ decoded: [AnyHashable: Any?], strictBooleans: Bool, keepsBaseURLs: Bool) {
        #expect(decoded["ascii"] as? String == "plain text")
        #expect(decoded["unicode"] as? String == "Grüße, 世界 🌍")
        #expect(ValueConversion.convert(decoded["int"] ?? nil, to: Int.self) == -42)
        #expect(ValueConversion.convert(decoded["big"] ?? nil, to: Int64.self) == Int64.max)
        #expect(decoded["real"] as? Double == 2.718281828459045)
        // Foundation on Linux archives a boolean NSNumber as the integer 1 (and shares it with other
        // ones); Apple's archiver and this backend write <true/>.
        #expect(decoded["flag"] as? Bool == true || (!strictBooleans && decoded["flag"] as? Int == 1))
        #expect(decoded["data"] as? Data == Data([0, 1, 2, 254, 255]))
        #expect(decoded["date"] as? Date == Date(timeIntervalSinceReferenceDate: 123_456_789.5))
        let list = decoded["list"] as? [Any?]
        #expect(list?.count == 3)
        #expect(list?.first as? String == "a")
        #expect(ValueConversion.convert(list?[1], to: Int.self) == 2)
        #expect((list?[2] as? [Any?])?.first as? String == "nested")
        let map = decoded["map"] as? [AnyHashable: Any?]
        #expect(map?["k"] as? String == "v")
        #expect(ValueConversion.convert(map?["n"] ?? nil, to: Int.self) == 7)
        #expect(decoded["set"] as? Set<AnyHashable> == ["x", "y"])
        #expect((decoded["url"] as? URL)?.absoluteString == "https://swift.org/documentation/?q=kryo")
        let relative = decoded["relative"] as? URL
        #expect(relative?.absoluteString == "http://example.org/a/b/c/d.html")
        if keepsBaseURLs {
            // Foundation on Linux flattens a URL relative to a base when it archives it.
            #expect(relative?.relativeString == "c/d.html")
            #expect(relative?.baseURL?.absoluteString == "http://example.org/a/b/")
        }
        #expect(decoded["uuid"] as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        // Foundation's collections hold nil as NSNull: Foundation reads an NSNull, the backend nil.
        #expect(decoded["null"].map { $0 == nil || $0 is NSNull } == true)
        #expect(ValueConversion.convert(decoded["first"] ?? nil, to: [AnyHashable].self) == ["shared", 5])
        #expect(ValueConversion.convert(decoded["second"] ?? nil, to: [AnyHashable].self) == ["shared", 5])
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func theBackendReadsWhatFoundationWrites(format: PropertyListFormat) throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = format == .binary ? .binary : .xml
        archiver.encode(FoundationInteropTests.foundationGraph(), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let codec = KeyedArchiveCodec(registry: try Registry())
        let decoded = try codec.decode([AnyHashable: Any?].self, from: [UInt8](archiver.encodedData))
        FoundationInteropTests.expectEqualToGraph(decoded, strictBooleans: false, keepsBaseURLs: false)
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func foundationReadsWhatTheBackendWrites(format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry(), format: format)
        let swiftGraph: [String: Any] = [
            "ascii": "plain text", "unicode": "Grüße, 世界 🌍", "int": -42, "big": Int64.max,
            "real": 2.718281828459045, "flag": true, "data": Data([0, 1, 2, 254, 255]),
            "date": Date(timeIntervalSinceReferenceDate: 123_456_789.5),
            "list": ["a", 2, ["nested"]] as [Any], "map": ["k": "v", "n": 7] as [String: Any],
            "set": Set(["x", "y"]), "url": URL(string: "https://swift.org/documentation/?q=kryo") as Any,
            "relative": URL(string: "c/d.html", relativeTo: URL(string: "http://example.org/a/b/")) as Any,
            "uuid": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as Any, "null": NSNull(),
            "first": ["shared", 5] as [Any], "second": ["shared", 5] as [Any],
        ]
        let bytes = try codec.encode(swiftGraph)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        let object = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        let decoded = try #require(object as? NSDictionary)
        var swift: [AnyHashable: Any?] = [:]
        for (key, value) in decoded {
            swift[(FoundationInteropTests.swiftValue(key) as? AnyHashable) ?? AnyHashable("?")] = .some(
                FoundationInteropTests.swiftValue(value))
        }
        // Bridging NSURL to URL on Linux flattens it (the archive holds NS.base and NS.relative).
        FoundationInteropTests.expectEqualToGraph(swift, strictBooleans: true, keepsBaseURLs: false)
    }

    /// Mutable Foundation values in Apple's forms (`NSMutableString` with its text inline under
    /// `NS.string`): Foundation's unarchiver reads them back equal (it aborted on a reference there).
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func foundationReadsMutableValues(format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry(), format: format)
        let text = NSMutableString(string: "Grüße 🌍")
        let bytes = try codec.encode(
            [text, text, NSMutableData(bytes: [1, 2, 3] as [UInt8], length: 3), NSMutableString(string: "$null")]
                as [Any])
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        let list = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSArray)
        #expect(list.count == 4)
        // (Foundation on Linux hands the strings out bridged to Swift strings.)
        #expect(list[0] as? String == "Grüße 🌍")
        #expect(list[1] as? String == "Grüße 🌍")
        #expect((list[2] as? NSData).map { Data($0) } == Data([1, 2, 3]) || list[2] as? Data == Data([1, 2, 3]))
        #expect(list[3] as? String == "$null")
    }

    /// A Foundation object graph as the Swift values the keyed backend decodes to.
    static func swiftValue(_ value: Any) -> Any? {
        switch value {
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c", let flag = number as? Bool { return flag }
            return type == "d" || type == "f" ? number.doubleValue : Int(number.int64Value)
        case let string as NSString: return string as String
        case let data as NSData: return data as Data
        case let date as NSDate: return date as Date
        case let url as NSURL: return url as URL
        case let uuid as NSUUID: return uuid as UUID
        case is NSNull: return NSNull()
        case let array as NSArray: return array.map { swiftValue($0) }
        case let set as NSSet: return Set(set.compactMap { swiftValue($0) as? AnyHashable })
        case let dictionary as NSDictionary:
            var result: [AnyHashable: Any?] = [:]
            for (key, value) in dictionary {
                result[(swiftValue(key) as? AnyHashable) ?? AnyHashable("?")] = .some(swiftValue(value))
            }
            return result
        default: return value
        }
    }
}

/// NSValue's points, sizes, rectangles and ranges, both ways with Foundation.
@Suite struct FoundationValueTests {
    static let values: [FoundationValue] = [
        .range(location: 3, length: 4), .point(x: 1.5, y: 2), .size(width: 3, height: 4.25),
        .rect(x: -1, y: 2, width: 3, height: 4),
    ]

    @Test func theBackendReadsFoundationsValues() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(
            NSArray(array: [
                NSValue(range: NSRange(location: 3, length: 4)), NSValue(point: NSPoint(x: 1.5, y: 2)),
                NSValue(size: NSSize(width: 3, height: 4.25)), NSValue(rect: NSRect(x: -1, y: 2, width: 3, height: 4)),
            ]), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let codec = KeyedArchiveCodec(registry: try Registry())
        let decoded = try codec.decode([FoundationValue].self, from: [UInt8](archiver.encodedData))
        #expect(decoded == Self.values)
    }

    @Test func foundationReadsTheBackendsValues() throws {
        let codec = KeyedArchiveCodec(registry: try Registry())
        let bytes = try codec.encode(Self.values)
        #expect(try codec.decode([FoundationValue].self, from: bytes) == Self.values)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        let array = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSArray)
        let values = array.compactMap { $0 as? NSValue }
        #expect(values.count == 4)
        #expect(values[0].rangeValue == NSRange(location: 3, length: 4))
        #expect(values[1].pointValue == NSPoint(x: 1.5, y: 2))
        #expect(values[2].sizeValue == NSSize(width: 3, height: 4.25))
        #expect(values[3].rectValue == NSRect(x: -1, y: 2, width: 3, height: 4))
    }

    /// The text Apple writes (`%.17g`: 17 digits, the sign of zero, an exponent) is the text
    /// written, so that an archive read and written again keeps it.
    @Test func theTextIsApplesDigits() {
        let rect = FoundationValue.rect(x: -0.0, y: 61.44, width: 1920, height: 9.3221664428710938e-05)
        #expect(rect.text == "{{-0, 61.439999999999998}, {1920, 9.3221664428710938e-05}}")
        #expect(FoundationValue.point(x: 1.5, y: -512.00030517578125).text == "{1.5, -512.00030517578125}")
        let numbers = FoundationValue.numbers(in: rect.text ?? "") ?? []
        #expect(numbers.map(\.bitPattern) == [-0.0, 61.44, 1920, 9.3221664428710938e-05].map(\.bitPattern))
    }
}
