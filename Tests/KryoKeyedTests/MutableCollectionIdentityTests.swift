import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// On the dynamic path (the `kryo` tool's registry), an archive's mutable collections keep their
/// class and every object the archive refers to twice stays one object: written back as a keyed
/// archive, directly or through a readable document, the archive has the same objects of the
/// same classes.
@Suite struct MutableCollectionIdentityTests {
    static let files = [
        "mac/nv-MainMenu.keyedobjects.nib", "mac/hexfiend-HexFiendPluginLibrary.keyedobjects.nib",
        "mac/vienna-English-Downloads.keyedobjects.nib", "ios/goios-xctestconfig-with-test-to-run.plist",
        "ios/goios-sysmontap-uint64-key-dictionary.bin", "other/kitinerary-apple-structured-data-train.plist",
    ]

    @Test(arguments: files)
    func writtenBackWithTheSameObjects(file: String) throws {
        let registry = try Registry(schemas: SchemaSet())
        let keyed = KeyedArchiveCodec(registry: registry)
        let bytes = try FixtureFiles.bytes(file)
        let original = try Self.reachableClasses(KeyedArchive(bytes: bytes))
        #expect(original.keys.contains { $0.hasPrefix("NSMutable") }, "\(file) has mutable collections")
        let value = try keyed.decodeArchive(from: bytes)
        #expect(try Self.reachableClasses(KeyedArchive(bytes: keyed.encode(value))) == original, "\(file) keyed")
        for format in [ReadableFormat.prettyJSON, .propertyList(.xml)] {
            let readable = ReadableCodec(registry: registry, format: format)
            let document = try readable.decode(Any?.self, from: readable.encode(value))
            let back = try KeyedArchive(bytes: keyed.encode(document))
            #expect(try Self.reachableClasses(back) == original, "\(file) through \(format)")
        }
    }

    /// An `NSMutableArray` that holds itself (as `NSKeyedArchiver` writes one) reads as one box
    /// holding itself, and writes back as the same one-object cycle, directly and through JSON.
    @Test func aMutableArrayHoldingItself() throws {
        let archive = KeyedArchive(
            archiver: "NSKeyedArchiver", top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]),
                .dictionary([
                    "$classname": .string("NSMutableArray"),
                    "$classes": .array([.string("NSMutableArray"), .string("NSArray"), .string("NSObject")]),
                ]),
            ])
        let registry = try Registry(schemas: SchemaSet())
        let keyed = KeyedArchiveCodec(registry: registry)
        let value = try keyed.decode(Any?.self, from: archive.bytes(format: .binary))
        let box = try #require(value as? SharedValue)
        #expect(box.foundationClass == "NSMutableArray")
        let elements = try #require(box.value as? [Any?])
        #expect(elements.count == 1 && (elements[0] as? SharedValue) === box)

        let json = ReadableCodec(registry: registry, format: .json)
        let text = String(decoding: try json.encode(value), as: UTF8.self)
        #expect(text == #"{"$class":"NSMutableArray","NS.objects":[{"$alias":"$root"}]}"#)
        for candidate in [value, try json.decode(Any?.self, from: Array(text.utf8))] {
            let written = try KeyedArchive(bytes: keyed.encode(candidate))
            #expect(written.top["root"] == .uid(1))
            #expect(written.objects[1] == .dictionary(["NS.objects": .array([.uid(1)]), "$class": .uid(2)]))
            #expect(try Self.reachableClasses(written) == ["NSMutableArray": 1])
        }
    }

    /// An attributed string's runs are written as Apple's archivers write them: their attribute
    /// dictionaries in an `NSMutableArray`.
    @Test func attributeDictionariesAreInAMutableArray() throws {
        let keyed = KeyedArchiveCodec(registry: try Registry(RichText.registrations()))
        let text = try keyed.decode(Any?.self, from: FixtureFiles.bytes("mac/scf-NSAttributedString.archive"))
        #expect(text is AttributedText)
        let archive = try KeyedArchive(bytes: keyed.encode(text))
        let owners = archive.objects.compactMap { entry -> PropertyListDictionary? in
            guard case .dictionary(let entries) = entry, entries["NSAttributeInfo"] != nil else { return nil }
            return entries
        }
        #expect(owners.count == 1)
        guard case .uid(let list)? = owners.first?["NSAttributes"],
            case .dictionary(let entries) = archive.objects[Int(list)],
            case .uid(let classUID)? = entries["$class"],
            case .dictionary(let description) = archive.objects[Int(classUID)]
        else {
            Issue.record("no NSAttributes list")
            return
        }
        #expect(description["$classname"] == .string("NSMutableArray"))
    }

    /// The plain registry reads the same collections as Swift values, as before.
    @Test func thePlainRegistryReadsSwiftValues() throws {
        let keyed = KeyedArchiveCodec(registry: try Registry())
        let value = try keyed.decodeArchive(from: FixtureFiles.bytes("ios/goios-xctestconfig-with-test-to-run.plist"))
        var boxes = 0
        func count(_ value: Any?) {
            switch value {
            case is SharedValue: boxes += 1
            case let list as [Any?]: list.forEach(count)
            case let map as [AnyHashable: Any?]: map.values.forEach(count)
            case let object as UnknownObject: object.fields.values.forEach(count)
            default: break
            }
        }
        if let top = value as? ArchiveTopLevel {
            for (_, entry) in top.values { count(entry) }
        } else {
            count(value)
        }
        #expect(boxes == 0)
    }

    /// How many objects of each class `archive` holds that `$top` reaches.
    static func reachableClasses(_ archive: KeyedArchive) throws -> [String: Int] {
        var seen: Set<UInt64> = []
        var counts: [String: Int] = [:]
        var pending = Array(archive.top.values)
        while let next = pending.popLast() {
            switch next {
            case .uid(let uid):
                guard uid < archive.objects.count, seen.insert(uid).inserted,
                    case .dictionary(let entries) = archive.objects[Int(uid)],
                    case .uid(let classUID)? = entries["$class"],
                    case .dictionary(let description) = archive.objects[Int(classUID)],
                    case .string(let name)? = description["$classname"]
                else { continue }
                counts[name, default: 0] += 1
                pending += entries.filter { $0.key != "$class" }.map(\.value)
            case .array(let elements): pending += elements
            case .dictionary(let entries): pending += entries.values
            default: break
            }
        }
        return counts
    }
}
