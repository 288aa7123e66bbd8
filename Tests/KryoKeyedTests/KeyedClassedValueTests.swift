import Foundation
import KryoPlist
import SwiftKryo
import Testing

/// A bean with slots that do and do not declare the class of what they hold.
final class SlotHolder: Schematized {
    /// Java's `Object`: the class of the value is not declared.
    var anything: Any?
    /// Java's `Integer`, a final class: declared.
    var count: Int32?
    /// Java's `int[]`: declared.
    var numbers: [Int32] = []
    /// A raw `List`: the list's class is declared, its elements' classes are not.
    var items: [Any?] = []

    init() {}

    static let schema = Schema<SlotHolder>(java: "test.SlotHolder") {
        Field("anything", \.anything)
        Field("count", \.count)
        Field("numbers", \.numbers)
        Field("items", \.items)
    }
}

/// Values in slots that do not declare their class, whose Foundation form would read back as
/// another Java class, are archived with it: `{$class: java.lang.Integer, $value: 5}`.
@Suite struct KeyedClassedValueTests {
    let codec: KeyedArchiveCodec

    init() throws {
        var codec = KeyedArchiveCodec(registry: try Registry { Register(SlotHolder.self, id: 60) })
        codec.keepsJavaClasses = true
        self.codec = codec
    }

    /// The dictionary of the object `uid` refers to.
    private func object(_ stored: PropertyListValue?, in archive: KeyedArchive) throws -> PropertyListDictionary {
        guard case .uid(let uid)? = stored, case .dictionary(let entries) = archive.objects[Int(uid)] else {
            throw SerializationError(
                .invalidValue, expected: "a reference to an object", found: "\(String(describing: stored))")
        }
        return entries
    }

    /// The `$classname` of an object.
    private func className(_ entries: PropertyListDictionary, in archive: KeyedArchive) throws -> String {
        let description = try object(entries["$class"], in: archive)
        guard case .string(let name)? = description["$classname"] else { return "?" }
        return name
    }

    private func root(_ archive: KeyedArchive) throws -> PropertyListDictionary {
        try object(archive.top["root"], in: archive)
    }

    @Test func anIntegerInAnObjectFieldIsArchivedWithItsClass() throws {
        let holder = SlotHolder()
        holder.anything = Int32(5)
        let archive = try codec.archive(holder)
        let anything = try object(try root(archive)["anything"], in: archive)
        #expect(try className(anything, in: archive) == "java.lang.Integer")
        #expect(anything["$value"] == .integer(5))
        #expect(Set(anything.keys) == ["$class", "$value"])
        let back = try codec.decode(SlotHolder.self, from: archive)
        #expect(back.anything as? Int32 == 5)
        // Through bytes too, in both layouts.
        for format in [PropertyListFormat.binary, .xml] {
            var layout = codec
            layout.format = format
            #expect(try layout.decode(SlotHolder.self, from: try layout.encode(holder)).anything as? Int32 == 5)
        }
    }

    @Test func aLongOrAStringInAnObjectFieldIsStoredAlone() throws {
        // An integer reads back as a `Long` and a string as a `String`: nothing to add.
        let holder = SlotHolder()
        holder.anything = 7
        let archive = try codec.archive(holder)
        guard case .uid(let uid)? = try root(archive)["anything"] else {
            Issue.record("no reference under anything")
            return
        }
        #expect(archive.objects[Int(uid)] == .integer(7))
        #expect(try codec.decode(SlotHolder.self, from: archive).anything as? Int == 7)
    }

    @Test func anIntArrayAtTheRootIsArchivedWithItsClass() throws {
        let archive = try codec.archive([Int32(1), 2, 3])
        let root = try root(archive)
        #expect(try className(root, in: archive) == "[I")
        let list = try object(root["$value"], in: archive)
        #expect(try className(list, in: archive) == "NSArray")
        guard case .array(let elements)? = list["NS.objects"] else {
            Issue.record("no elements")
            return
        }
        let numbers = elements.map { element -> PropertyListValue? in
            guard case .uid(let uid) = element else { return nil }
            return archive.objects[Int(uid)]
        }
        #expect(numbers == [.integer(1), .integer(2), .integer(3)])
        let back = try codec.decode(Any?.self, from: archive)
        #expect(back as? [Int32] == [1, 2, 3])
        #expect(try codec.decode([Int32].self, from: archive) == [1, 2, 3])
        // A Float array keeps its element type, and a String array its class.
        #expect(try codec.decode(Any?.self, from: try codec.encode([Float(1.5), -2])) as? [Float] == [1.5, -2])
        let strings = try codec.decode(Any?.self, from: try codec.encode(JavaArray<String>(["a", "b"])))
        #expect((strings as? JavaArray<String>).map(Array.init) == ["a", "b"])
    }

    @Test func numbersAndLibraryCollectionsAtTheRootKeepTheirClass() throws {
        func trip(_ value: Any) throws -> (className: String, back: Any?) {
            let archive = try codec.archive(value)
            return (try className(try root(archive), in: archive), try codec.decode(Any?.self, from: archive))
        }
        let float = try trip(Float(1.5))
        #expect(float.className == "java.lang.Float")
        #expect(float.back as? Float == 1.5)
        let short = try trip(Int16(-3))
        #expect(short.className == "java.lang.Short")
        #expect(short.back as? Int16 == -3)
        let char = try trip(UInt16(65))
        #expect(char.className == "java.lang.Character")
        #expect(char.back as? UInt16 == 65)
        let linked = try trip(JavaLinkedList<Any?>([Int32(1), "a"]))
        #expect(linked.className == "java.util.LinkedList")
        let list = try #require(linked.back as? JavaLinkedList<Any?>)
        #expect(list.count == 2)
        #expect(list.first as? Int32 == 1)
        let tree: JavaTreeMap<AnyHashable, Any?> = ["b": 2, "a": 1]
        let sorted = try trip(tree)
        #expect(sorted.className == "java.util.TreeMap")
        let map = try #require(sorted.back as? JavaTreeMap<AnyHashable, Any?>)
        #expect(map.map { $0.key } == ["a", "b"])
        // Classes the plain form reads back as need nothing.
        let archive = try codec.archive(["k": 1.5] as [String: Any?])
        #expect(try className(try root(archive), in: archive) == "NSDictionary")
    }

    @Test func typedSlotsStoreTheFoundationFormAlone() throws {
        let holder = SlotHolder()
        holder.count = 9
        holder.numbers = [4, 5]
        holder.items = [Int32(1), "two", 3]
        let archive = try codec.archive(holder)
        let root = try root(archive)
        // A declared `Integer` and `int[]`: no wrapper.
        if case .uid(let uid)? = root["count"] { #expect(archive.objects[Int(uid)] == .integer(9)) }
        #expect(try className(try object(root["numbers"], in: archive), in: archive) == "NSArray")
        // A raw list is an NSArray; of its elements only the `Integer` needs its class.
        let items = try object(root["items"], in: archive)
        #expect(try className(items, in: archive) == "NSArray")
        guard case .array(let elements)? = items["NS.objects"], elements.count == 3 else {
            Issue.record("no elements")
            return
        }
        #expect(try className(try object(elements[0], in: archive), in: archive) == "java.lang.Integer")
        if case .uid(let uid) = elements[1] { #expect(archive.objects[Int(uid)] == .string("two")) }
        if case .uid(let uid) = elements[2] { #expect(archive.objects[Int(uid)] == .integer(3)) }
        let wrappers = archive.objects.filter { entry in
            guard case .dictionary(let entries) = entry else { return false }
            return entries["$value"] != nil
        }
        #expect(wrappers.count == 1)
        let back = try codec.decode(SlotHolder.self, from: archive)
        #expect(back.count == 9)
        #expect(back.numbers == [4, 5])
        #expect(back.items[0] as? Int32 == 1)
        #expect(back.items[1] as? String == "two")
        #expect(back.items[2] as? Int == 3)
    }

    @Test func codablePropertiesAreUntypedSlots() throws {
        // A Codable type's container has no Java field types: an `Int32` property keeps its
        // class as it does in Java's `HashMap<String, Object>`, a `Double` needs nothing.
        var codec = KeyedArchiveCodec(registry: try Registry { Register(Waypoint.self) })
        codec.keepsJavaClasses = true
        let waypoint = Waypoint(name: "Light", latitude: -1.5, altitude: 30, visits: [])
        let archive = try codec.archive(waypoint)
        let root = try root(archive)
        #expect(try className(try object(root["altitude"], in: archive), in: archive) == "java.lang.Integer")
        if case .uid(let uid)? = root["latitude"] { #expect(archive.objects[Int(uid)] == .real(-1.5)) }
        #expect(try codec.decode(Waypoint.self, from: archive) == waypoint)
    }

    @Test func aNoteWithTypedFieldsHasNoWrappers() throws {
        var codec = KeyedArchiveCodec(registry: try keyedRegistry())
        codec.keepsJavaClasses = true
        let archive = try codec.archive(sampleNotes())
        for entry in archive.objects {
            guard case .dictionary(let entries) = entry else { continue }
            #expect(entries["$value"] == nil)
        }
    }

    @Test func foundationStillOpensTheArchive() throws {
        let archive = try codec.archive(topLevel: ["known": ["x", 1.5] as [Any], "classed": Int32(5)])
        let bytes = try archive.bytes(format: .binary)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        let known = try #require(unarchiver.decodeObject(forKey: "known") as? NSArray)
        #expect(known.count == 2)
        #expect(known[0] as? String == "x")
        #expect(try codec.decodeTopLevel(from: archive)["classed"] as? Int32 == 5)
    }

    @Test func aWrapperOfAnUnknownClassIsKeptWhole() throws {
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                // Keys in the order the writer stores them, so that the archive compares equal.
                .string("$null"), .dictionary(["$value": .integer(5), "$class": .uid(2)]),
                .dictionary([
                    "$classname": .string("com.example.Nope"), "$classes": .array([.string("com.example.Nope")]),
                ]),
            ])
        let back = try codec.decode(Any?.self, from: archive)
        let unknown = try #require(back as? UnknownObject)
        #expect(unknown.archiveClass.name == "com.example.Nope")
        #expect(try codec.archive(unknown) == archive)
    }

    @Test func aWrapperWhoseValueDoesNotFitIsAnErrorNamingThePath() throws {
        let archive = KeyedArchive(
            top: ["root": .uid(1)],
            objects: [
                .string("$null"), .dictionary(["$class": .uid(2), "$value": .uid(3)]),
                .dictionary(["$classname": .string("[I"), "$classes": .array([.string("[I")])]),
                .string("not numbers"),
            ])
        do {
            _ = try codec.decode(Any?.self, from: archive)
            Issue.record("no error")
        } catch let error as SerializationError {
            #expect(error.path == ["root", "$value"])
            #expect(error.kind == .typeMismatch)
        }
    }
}
