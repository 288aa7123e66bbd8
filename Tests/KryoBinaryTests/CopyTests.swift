import Foundation
import SwiftKryo
import Testing

/// `Registry.copy(_:options:)` and `shallowCopy(_:options:)`: deep copies through the
/// serializers, with sharing and cycles kept, no bytes in between.
@Suite struct CopyTests {
    final class Node: Schematized {
        var name = ""
        var weight: Int32 = 0
        var next: Node?
        var friends: [Node] = []
        init() {}
        init(_ name: String, weight: Int32 = 0) {
            self.name = name
            self.weight = weight
        }
        static let schema = Schema<Node>(java: "copy.Node") {
            Field("name", \.name)
            Field("weight", \.weight)
            Field("next", \.next)
            Field("friends", \.friends)
        }
    }

    /// A struct whose class-typed field must be copied, not shared.
    struct Holder: Schematized {
        var label = ""
        var count: Int32 = 0
        var node: Node?
        var tone: Tone = .warm
        init() {}
        static let schema = Schema<Holder>(java: "copy.Holder") {
            Field("label", \.label)
            Field("count", \.count)
            Field("node", \.node)
            Field("tone", \.tone)
        }
    }

    enum Tone: JavaEnum {
        case warm
        case cold
        static let javaClassName = "copy.Tone"
    }

    /// The links of a chain, one object each: what the depth limit counts.
    final class Link: Schematized {
        var id: Int32 = 0
        var next: Link?
        init() {}
        static let schema = Schema<Link>(java: "copy.Link") {
            Field("id", \.id)
            Field("next", \.next)
        }
        static func chain(_ count: Int) -> Link {
            let head = Link()
            var last = head
            for id in 1..<count {
                let link = Link()
                link.id = Int32(id)
                last.next = link
                last = link
            }
            return head
        }
        /// Unlinks a chain iteratively: releasing a long one link by link would recurse.
        static func dismantle(_ head: Link) {
            var link = head.next
            head.next = nil
            while let current = link {
                link = current.next
                current.next = nil
            }
        }
    }

    /// A class with a custom serializer that copies itself.
    final class Counter: @unchecked Sendable {
        var count: Int32
        init(_ count: Int32) { self.count = count }
    }

    struct CounterSerializer: Serializer {
        func write(_ value: Counter, to writer: any ValueWriter) throws {
            try writer.writeInt32(value.count, forKey: "count", encoding: .zigzag)
        }
        func read(from reader: any ValueReader) throws -> Counter {
            Counter(try reader.readInt32(forKey: "count", encoding: .zigzag))
        }
        func copy(_ value: Counter, with copier: ValueCopier) throws -> Counter {
            Counter(value.count + 1000)  // marks that the hook ran
        }
    }

    /// A class whose serializer does not copy.
    final class Opaque {
        var bits: Int32 = 7
    }

    struct OpaqueSerializer: Serializer {
        func write(_ value: Opaque, to writer: any ValueWriter) throws {
            try writer.writeInt32(value.bits, forKey: "bits", encoding: .zigzag)
        }
        func read(from reader: any ValueReader) throws -> Opaque {
            let made = Opaque()
            made.bits = try reader.readInt32(forKey: "bits", encoding: .zigzag)
            return made
        }
    }

    final class Box: Schematized {
        var counter: Counter?
        var opaque: Opaque?
        var holder = Holder()
        init() {}
        static let schema = Schema<Box>(java: "copy.Box") {
            Field("counter", \.counter)
            Field("holder", \.holder)
            Field("opaque", \.opaque)
        }
    }

    final class Wrapper: Schematized {
        var boxes: [Box] = []
        init() {}
        static let schema = Schema<Wrapper>(java: "copy.Wrapper") {
            Field("boxes", \.boxes)
        }
    }

    /// A tagged layout copies field by field too.
    final class Tagged: Schematized {
        var id: Int32 = 0
        var node: Node?
        init() {}
        static let schema = Schema<Tagged>(java: "copy.Tagged", serializer: .tagged) {
            Field("id", \.id).tag(1)
            Field("node", \.node).tag(2)
        }
    }

    struct Point: Codable, Equatable {
        var x: Int32
        var label: String
    }

    static func registry() throws -> Registry {
        try Registry {
            Register(Node.self, id: 20)
            Register(Holder.self, id: 21)
            Register(Tone.self, id: 22)
            Register(Link.self, id: 23)
            Register(Counter.self, id: 24, javaName: "copy.Counter", serializer: CounterSerializer())
            Register(Opaque.self, id: 25, javaName: "copy.Opaque", serializer: OpaqueSerializer())
            Register(Box.self, id: 26)
            Register(Wrapper.self, id: 27)
            Register(Tagged.self, id: 28)
            Register(Point.self, id: 29, javaName: "copy.Point")
        }
    }

    @Test func aClassIsCopiedIntoANewInstanceWithTheSameContent() throws {
        let registry = try Self.registry()
        let original = Node("a", weight: 3)
        original.next = Node("b", weight: 4)
        let copy = try registry.copy(original)
        #expect(copy !== original)
        #expect(copy.name == "a" && copy.weight == 3)
        let next = try #require(copy.next)
        #expect(next !== original.next)
        #expect(next.name == "b" && next.weight == 4 && next.next == nil)
        // The copy is independent of the original.
        next.weight = 99
        #expect(original.next?.weight == 4)
    }

    @Test func sharedObjectsStaySharedAndAreCopiedOnce() throws {
        let registry = try Self.registry()
        let shared = Node("shared")
        let root = Node("root")
        root.next = shared
        root.friends = [shared, Node("other"), shared]
        let copy = try registry.copy(root)
        let copiedShared = try #require(copy.next)
        #expect(copiedShared !== shared)
        #expect(copy.friends.count == 3)
        #expect(copy.friends[0] === copiedShared)
        #expect(copy.friends[2] === copiedShared)
        #expect(copy.friends[1] !== copiedShared && copy.friends[1].name == "other")
    }

    @Test func aCycleStaysACycle() throws {
        let registry = try Self.registry()
        let first = Node("first")
        let second = Node("second")
        first.next = second
        second.next = first
        first.friends = [first]
        let copy = try registry.copy(first)
        // Booleans, not the objects: a failed expectation would describe the cyclic graph.
        let isNew = copy !== first
        #expect(isNew)
        let copiedSecond = try #require(copy.next)
        let secondIsNew = copiedSecond !== second
        #expect(secondIsNew)
        #expect(copiedSecond.name == "second")
        let closes = copiedSecond.next === copy
        #expect(closes)
        let selfFriend = copy.friends.first === copy
        #expect(selfFriend)
        first.next = nil  // break the original's cycle
        second.next = nil
        first.friends = []
        copy.next = nil
        copiedSecond.next = nil
        copy.friends = []
    }

    @Test func nestedCollectionsOfObjectsAreCopiedElementByElement() throws {
        let registry = try Self.registry()
        let a = Node("a")
        let b = Node("b")
        let original: [[Node]] = [[a, b], [b], []]
        let copy = try registry.copy(original)
        #expect(copy.map { $0.map(\.name) } == [["a", "b"], ["b"], []])
        #expect(copy[0][0] !== a && copy[0][1] !== b)
        #expect(copy[0][1] === copy[1][0])
        let map: [String: [Node]] = ["x": [a], "y": [a, b]]
        let mapCopy = try registry.copy(map)
        #expect(mapCopy["x"]?.first !== a)
        #expect(mapCopy["x"]?.first === mapCopy["y"]?.first)
        #expect(mapCopy["y"]?.map(\.name) == ["a", "b"])
    }

    @Test func nilOptionalsAndEnumsCopyAsThemselves() throws {
        let registry = try Self.registry()
        let none: Node? = nil
        #expect(try registry.copy(none) == nil)
        #expect(try registry.copy(Tone.cold) == .cold)
        #expect(try registry.copy(Int32(42)) == 42)
        #expect(try registry.copy("text") == "text")
        let node = Node("n")
        #expect(node.next == nil)
        #expect(try registry.copy(node).next == nil)
        let optional: [Tone?] = [.cold, nil, .warm]
        #expect(try registry.copy(optional) == [.cold, nil, .warm])
    }

    @Test func aStructsClassFieldsAreDeepCopied() throws {
        let registry = try Self.registry()
        var holder = Holder()
        holder.label = "label"
        holder.count = 5
        holder.tone = .cold
        holder.node = Node("inside")
        let copy = try registry.copy(holder)
        #expect(copy.label == "label" && copy.count == 5 && copy.tone == .cold)
        let node = try #require(copy.node)
        #expect(node !== holder.node && node.name == "inside")
    }

    @Test func untypedValuesCopyByTheirDynamicType() throws {
        let registry = try Self.registry()
        let node = Node("dyn")
        let list: [Any?] = [node, "s", Int32(1), nil, [node] as [Any?], ["k": node] as [String: Any?], Tone.cold]
        let copy = try registry.copy(list)
        #expect(copy.count == 7)
        let copiedNode = try #require(copy[0] as? Node)
        #expect(copiedNode !== node && copiedNode.name == "dyn")
        #expect(copy[1] as? String == "s")
        #expect(copy[2] as? Int32 == 1)
        #expect(copy[3] == nil)
        let inner = try #require(copy[4] as? [Any?])
        #expect(inner.first as? Node === copiedNode)
        let map = try #require(copy[5] as? [String: Any?])
        #expect(map["k"] as? Node === copiedNode)
        #expect(copy[6] as? Tone == .cold)
        let any: Any = node
        #expect(try registry.copy(any) as? Node !== node)
        // An optional inside an `Any` (an element of `[Any?]` that holds an `Optional<Node>`) is
        // the node it wraps, copied once with the others.
        let wrapped: [Any?] = [node, Optional(node) as Any, Optional<Node>.none as Any]
        let copiedWrapped = try registry.copy(wrapped)
        let first = try #require(copiedWrapped[0] as? Node)
        #expect(first !== node && copiedWrapped[1] as? Node === first)
        #expect(copiedWrapped.count == 3 && copiedWrapped[2] as? Node == nil)
    }

    @Test func dynamicObjectsAreCopiedWithTheirSharing() throws {
        let registry = try Registry(schemas: GeneratedCocoaSchema.schemaSet)
        let bean = DynamicObject(javaClass: "test.SampleBean", fields: ["key": Int32(7), "name": "seven"])
        let list: [Any?] = [bean, bean]
        let copy = try registry.copy(list)
        let first = try #require(copy[0] as? DynamicObject)
        #expect(first !== bean)
        #expect(copy[1] as? DynamicObject === first)
        #expect(first.javaClass == "test.SampleBean")
        #expect(first.fields["key"] as? Int32 == 7)
        #expect(first.fields["name"] as? String == "seven")
        #expect(try registry.encode(copy, as: .kryo(.v2)) == registry.encode(list, as: .kryo(.v2)))
    }

    @Test func aCustomSerializerCopiesThroughItsHook() throws {
        let registry = try Self.registry()
        let box = Box()
        box.counter = Counter(1)
        let copy = try registry.copy(box)
        #expect(copy !== box)
        #expect(copy.counter?.count == 1001)
        #expect(box.counter?.count == 1)
    }

    /// A value registered through Java's wrappers (compressed, encrypted) copies through the
    /// serializer they wrap: a copy has no bytes to compress or encrypt.
    @Test func wrappedSerializersCopyThroughTheSerializerTheyWrap() throws {
        let encrypted = try BlowfishSerializer(wrappingDefaultOf: Holder.self, key: Array("secret".utf8))
        let registry = try Registry {
            Register(Node.self, id: 20, serializer: DeflateSerializer(wrappingDefaultOf: Node.self))
            Register(Holder.self, id: 21, serializer: encrypted)
            Register(Tone.self, id: 22)
        }
        let original = Node("a", weight: 3)
        original.next = Node("b")
        let copy = try registry.copy(original)
        #expect(copy !== original && copy.name == "a" && copy.weight == 3)
        #expect(copy.next !== original.next && copy.next?.name == "b")
        var holder = Holder()
        holder.label = "h"
        holder.node = original
        let copiedHolder = try registry.copy(holder)
        #expect(copiedHolder.label == "h")
        #expect(copiedHolder.node !== original && copiedHolder.node?.next?.name == "b")
    }

    /// A `TreeSet` and a `PriorityQueue` (copied through their contents) keep their comparator
    /// and order: reverse order, and a comparator whose order is unknown (kept as read).
    @Test func sortedCollectionsCopiedByContentsKeepTheirOrder() throws {
        let registry = try Self.registry()
        let reversed = JavaTreeSet(["a", "c", "b"], comparator: .reverse)
        let copy = try registry.copy(reversed)
        #expect(Array(copy) == ["c", "b", "a"] && copy.comparator == .reverse)
        let unknown = JavaComparator.unordered(
            JavaUnorderedComparator(value: DynamicObject(javaClass: "p.ByLength"), className: "p.ByLength"))
        let kept = JavaTreeSet(["ccc", "a", "bb"], comparator: unknown)
        let keptCopy = try registry.copy(kept)
        #expect(Array(keptCopy) == ["ccc", "a", "bb"] && keptCopy.comparator == unknown)
        let queue = JavaPriorityQueue([3, 1, 2] as [Int32], comparator: .reverse)
        #expect(try registry.copy(queue).heapOrder == queue.heapOrder)
    }

    /// A `TreeMap` of objects: its entries copied, its order and comparator kept.
    @Test func aTreeMapCopiesItsEntriesInItsOrder() throws {
        let registry = try Self.registry()
        let shared = Node("shared")
        var map = JavaTreeMap<String, Node>(comparator: .reverse)
        map["a"] = shared
        map["b"] = Node("b")
        map["c"] = shared
        let copy = try registry.copy(map)
        #expect(copy.map(\.key) == map.map(\.key))
        #expect(copy.comparator == .reverse)
        let copiedShared = try #require(copy["a"])
        #expect(copiedShared !== shared && copiedShared.name == "shared")
        #expect(copy["c"] === copiedShared)
        #expect(copy["b"] !== map["b"] && copy["b"]?.name == "b")
    }

    /// Objects of classes nobody registered, as keyed archives and readable documents read them:
    /// a new object of the same class, each field copied, sharing and cycles kept.
    @Test func objectsOfUnknownClassesCopyWithTheirFields() throws {
        let registry = try Self.registry()
        let inner = UnknownObject(className: "NSFontDescriptor", fields: ["NSFontNameAttribute": "Helvetica"])
        let outer = UnknownObject(className: "NSThing", fields: ["size": 12, "descriptor": inner, "again": inner])
        outer.fields.updateValue(outer, forKey: "itself")
        defer { outer.fields.removeValue(forKey: "itself") }
        let copy = try registry.copy(outer)
        defer { copy.fields.removeValue(forKey: "itself") }
        #expect(copy !== outer)
        #expect(copy.archiveClass == outer.archiveClass && copy.inlineKeys == outer.inlineKeys)
        #expect(Array(copy.fields.keys) == Array(outer.fields.keys))
        #expect((copy.fields["size"] ?? nil) as? Int == 12)
        let copiedInner = try #require((copy.fields["descriptor"] ?? nil) as? UnknownObject)
        #expect(copiedInner !== inner)
        #expect((copiedInner.fields["NSFontNameAttribute"] ?? nil) as? String == "Helvetica")
        #expect((copy.fields["again"] ?? nil) as? UnknownObject === copiedInner)
        #expect((copy.fields["itself"] ?? nil) as? UnknownObject === copy)
    }

    /// A type that writes itself (Java's `KryoSerializable`) and copies itself (`KryoCopyable`).
    final class Cell: KryoSelfSerializing, KryoCopyable {
        static let javaClassName = "copy.Cell"
        var value: Int32 = 0
        var next: Cell?
        init() {}
        func write(to writer: any ValueWriter) throws {
            try writer.writeInt32(value, forKey: "value")
            try writer.writeObject(next, forKey: "next")
        }
        func read(from reader: any ValueReader) throws {
            value = try reader.readInt32(forKey: "value")
            next = try reader.readObject(forKey: "next") as? Cell
        }
        func copy(with copier: ValueCopier) throws -> Cell {
            let made = Cell()
            copier.reference(made)
            made.value = value
            made.next = try copier.copy(next)
            return made
        }
    }

    @Test func aSelfSerializingTypeCopiesItselfThroughKryoCopyable() throws {
        let registry = try Registry { Register(Cell.self, id: 30) }
        let first = Cell()
        first.value = 1
        let second = Cell()
        second.value = 2
        first.next = second
        second.next = first
        defer { second.next = nil }
        let copy = try registry.copy(first)
        defer { copy.next?.next = nil }
        #expect(copy !== first && copy.value == 1)
        let copiedSecond = try #require(copy.next)
        #expect(copiedSecond !== second && copiedSecond.value == 2)
        #expect(copiedSecond.next === copy)
    }

    @Test func aTypeThatCannotBeCopiedIsAnErrorWithItsPath() throws {
        let registry = try Self.registry()
        let box = Box()
        box.opaque = Opaque()
        let wrapper = Wrapper()
        wrapper.boxes = [Box(), box]
        let error = try #require(throws: SerializationError.self) { try registry.copy(wrapper) }
        #expect(error.kind == .unsupported)
        #expect(error.path == ["boxes", "[1]", "opaque"])
        #expect(error.description.contains("Opaque"))
        #expect(error.description.contains("OpaqueSerializer"))
        struct Unregistered { var name = "" }
        let unregistered = try #require(throws: SerializationError.self) {
            try registry.copy([Unregistered()] as [Any?])
        }
        #expect(unregistered.kind == .unregisteredType)
        #expect(unregistered.path == ["[0]"])
        #expect(unregistered.description.contains("Unregistered"))
    }

    @Test func theDepthLimitIsTheEncodersLimit() throws {
        let registry = try Self.registry()
        let chain = Link.chain(10)
        func options(_ depth: Int) -> SerializationOptions { SerializationOptions(limits: Limits(maxDepth: depth)) }
        let copy = try registry.copy(chain, options: options(10))
        var count = 0
        var link: Link? = copy
        while let current = link {
            #expect(current.id == Int32(count))
            count += 1
            link = current.next
        }
        #expect(count == 10)
        _ = try registry.encode(chain, as: .kryo(.v5), options: options(10))
        let error = try #require(throws: SerializationError.self) { try registry.copy(chain, options: options(9)) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path == Array(repeating: "next", count: 9))
        let encodeError = try #require(throws: SerializationError.self) {
            try registry.encode(chain, as: .kryo(.v5), options: options(9))
        }
        #expect(encodeError.kind == .depthLimitExceeded)
        // A graph far deeper than the default limit is an error, not a crash.
        let deep = Link.chain(5000)
        defer { Link.dismantle(deep) }
        let deepError = try #require(throws: SerializationError.self) { try registry.copy(deep) }
        #expect(deepError.kind == .depthLimitExceeded && deepError.path.count == 400)
    }

    @Test func aShallowCopySharesTheFieldsReferences() throws {
        let registry = try Self.registry()
        let root = Node("root", weight: 1)
        let next = Node("next")
        root.next = next
        root.friends = [next]
        let copy = try registry.shallowCopy(root)
        #expect(copy !== root)
        #expect(copy.name == "root" && copy.weight == 1)
        #expect(copy.next === next)
        #expect(copy.friends.first === next)
        let list = [root, next]
        let listCopy = try registry.shallowCopy(list)
        #expect(listCopy[0] === root && listCopy[1] === next)
        let deep = try registry.copy(root)
        #expect(deep.next !== next)
    }

    @Test func aMediaContentCopyEncodesToTheSameBytes() throws {
        let registry = try Registry(GeneratedMedia.registrations())
        let image = GeneratedMedia.Image(
            uri: "http://javaone.com/keynote_large.jpg", title: "Javaone Keynote", width: 1024, height: 768,
            size: .large)
        let media = GeneratedMedia.Media(
            uri: "http://javaone.com/keynote.mpg", title: "Javaone Keynote", width: 640, height: 480,
            format: "video/mpg4", duration: 18_000_000, size: 58_982_400, bitrate: 262_144, hasBitrate: true,
            persons: ["Bill Gates", "Steve Jobs"], player: .java, copyright: nil)
        let content = GeneratedMedia.MediaContent(media: media, images: [image, image])
        let copy = try registry.copy(content)
        #expect(copy !== content)
        #expect(copy.media !== media)
        #expect(copy.images?[0] !== image)
        #expect(copy.images?[0] === copy.images?[1])
        for dialect in [KryoDialect.v2, .v4, .v5] {
            #expect(try registry.encode(copy, as: .kryo(dialect)) == registry.encode(content, as: .kryo(dialect)))
            var off = SerializationOptions()
            off.references = false
            #expect(
                try registry.encode(copy, as: .kryo(dialect), options: off)
                    == registry.encode(content, as: .kryo(dialect), options: off))
        }
    }

    @Test func taggedLayoutsCodableValuesAndFoundationValuesCopy() throws {
        let registry = try Self.registry()
        let tagged = Tagged()
        tagged.id = 9
        tagged.node = Node("tagged")
        let copy = try registry.copy(tagged)
        #expect(copy !== tagged && copy.id == 9)
        #expect(copy.node !== tagged.node && copy.node?.name == "tagged")
        #expect(try registry.copy(Point(x: 1, label: "p")) == Point(x: 1, label: "p"))
        let date = Date(timeIntervalSince1970: 1_000)
        let url = try #require(URL(string: "https://example.com/a"))
        let values: [Any?] = [date, url, Data([1, 2, 3]), UUID(), [Int32(1), 2] as [Int32]]
        let copies = try registry.copy(values)
        #expect(copies[0] as? Date == date)
        #expect(copies[1] as? URL == url)
        #expect(copies[2] as? Data == Data([1, 2, 3]))
        #expect(copies[3] as? UUID == values[3] as? UUID)
        #expect(copies[4] as? [Int32] == [1, 2])
    }

    /// What a keyed archive reads without a registration: `NSMutableData` and `NSMutableString`
    /// keep their class (shared, they stay shared), `NSNull` is the singleton.
    @Test func foundationsMutableObjectsAreCopiedOnceEach() throws {
        let registry = try Self.registry()
        let data = NSMutableData(bytes: [1, 2, 3] as [UInt8], length: 3)
        let text = NSMutableString(string: "text")
        let values: [Any?] = [data, text, data, NSNull(), text]
        let archived = try registry.encode(values as Any?, as: .keyedArchive(.binary))
        let read = try #require(try registry.decode(Any?.self, from: archived, as: .keyedArchive(.binary)) as? [Any?])
        let copies = try #require(try registry.copy(read as Any?) as? [Any?])
        #expect(copies.count == 5)
        let copiedData = try #require(copies[0] as? NSMutableData)
        let copiedText = try #require(copies[1] as? NSMutableString)
        #expect(copiedData !== read[0] as? NSMutableData)
        #expect(copiedData as Data == Data([1, 2, 3]))
        #expect(copiedText as String == "text")
        #expect(copies[2] as? NSMutableData === copiedData)
        #expect(copies[4] as? NSMutableString === copiedText)
        #expect(copies[3] == nil)  // an array's NSNull reads as nil
        #expect(try registry.copy(NSNull() as Any?) is NSNull)
        // The copy is independent of what was read.
        copiedText.append("!")
        #expect((read[1] as? NSMutableString).map { $0 as String } == "text")
    }

    /// A keyed archive with several `$top` values reads as an `ArchiveTopLevel`: each value is
    /// copied, an object shared between two of them stays shared.
    @Test func aKeyedArchivesTopLevelCopies() throws {
        let registry = try Self.registry()
        let shared = NSMutableString(string: "shared")
        let top = ArchiveTopLevel(values: ["a": shared, "b": Int32(7), "c": shared])
        let copy = try #require(try registry.copy(top as Any?) as? ArchiveTopLevel)
        #expect(Array(copy.values.keys) == ["a", "b", "c"])
        let first = try #require(copy.values["a"] as? NSMutableString)
        #expect(first !== shared && first as String == "shared")
        #expect(copy.values["c"] as? NSMutableString === first)
        #expect(ValueConversion.convert(copy.values["b"] ?? nil, to: Int32.self) == 7)
    }
}
