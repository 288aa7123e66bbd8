import Foundation
import KryoCore
import KryoPlist
import Testing

/// What we write, Foundation's `PropertyListSerialization` reads, and the other way round.
@Suite struct FoundationInteropTests {
    private static func foundationFormat(_ format: PropertyListFormat) -> PropertyListSerialization.PropertyListFormat {
        format == .binary ? .binary : .xml
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func foundationReadsWhatWeWrite(format: PropertyListFormat) throws {
        let bytes = try PropertyList.encode(sample, format: format)
        var detected = PropertyListSerialization.PropertyListFormat.openStep
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: &detected)
        #expect(detected == Self.foundationFormat(format))
        #expect(identical(value(fromFoundation: object), normalized(sample)))
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func weReadWhatFoundationWrites(format: PropertyListFormat) throws {
        // Foundation's XML writer turns -0.0 into 0.0; leave it out there.
        var expected = sample
        if format == .xml, case .dictionary(var dictionary) = expected,
            case .array(let reals)? = dictionary["reals"]
        {
            dictionary["reals"] = .array(reals.filter { !identical($0, .real(-0.0)) })
            expected = .dictionary(dictionary)
        }
        let data = try PropertyListSerialization.data(
            fromPropertyList: foundationObject(expected), format: Self.foundationFormat(format), options: 0)
        let (decoded, detected) = try PropertyList.decode([UInt8](data))
        #expect(detected == format)
        #expect(identical(normalized(decoded), normalized(expected)))
    }

    @Test func foundationReadsOurUIDsAsUIDs() throws {
        // Foundation has no public UID type; check it reads the XML form as something that is not a
        // dictionary, as it does for Apple's archives, and the binary form without error.
        for format in [PropertyListFormat.binary, .xml] {
            let bytes = try PropertyList.encode(.array([.uid(3), .uid(300)]), format: format)
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
            let array = try #require(object as? [Any])
            #expect(array.count == 2)
            #expect(!(array[0] is [String: Any]))
            #expect(value(fromFoundation: object) == .array([.string(uidMarker), .string(uidMarker)]))
        }
    }
}
