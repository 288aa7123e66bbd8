import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// A Swift array archives as an `NSArray` whose `NS.objects` hold one UID per element, in order,
/// nil elements as one `NSNull`, whatever the element type (``KeyedArchiveCollection``).
@Suite struct KeyedListElementTests {
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func optionalElementsKeepTheirPlacesAndTheirNils(format: PropertyListFormat) throws {
        let codec = KeyedArchiveCodec(registry: try Registry(), format: format)
        let strings: [String?] = ["a", nil, "b", nil]
        let bytes = try codec.encode(strings)
        #expect(try codec.decode([String?].self, from: bytes) == strings)
        // The archive's own array: an `NSArray` holds no nil, so the second and fourth UIDs are
        // one `NSNull`, as Apple's archiver writes it.
        let archive = try KeyedArchive(bytes: bytes)
        guard case .uid(let top)? = archive.top["root"], archive.objects.indices.contains(Int(top)),
            case .dictionary(let array) = archive.objects[Int(top)], case .array(let uids)? = array["NS.objects"],
            uids.count == 4, case .uid(let null) = uids[1], archive.objects.indices.contains(Int(null)),
            case .dictionary(let nullObject) = archive.objects[Int(null)],
            case .uid(let nullClass)? = nullObject["$class"],
            archive.objects.indices.contains(Int(nullClass)),
            case .dictionary(let nullClassEntry) = archive.objects[Int(nullClass)]
        else {
            Issue.record("no NS.objects of four UIDs, the second an object, in \(archive.objects)")
            return
        }
        #expect(nullClassEntry["$classname"] == .string("NSNull"))
        #expect(uids[3] == uids[1])
        #expect(uids[0] != uids[1] && uids[2] != uids[1] && uids[0] != uids[2])

        let untyped: [Any?] = [Int32(7), nil, "x", [Int32(1), Int32(2)]]
        let back = try codec.decode([Any?].self, from: try codec.encode(untyped))
        #expect(back.count == 4)
        #expect(back[0] as? Int32 == 7 || back[0] as? Int == 7)
        #expect(back[1] == nil)
        #expect(back[2] as? String == "x")
        #expect((back[3] as? [Any?])?.count == 2)
    }
}
