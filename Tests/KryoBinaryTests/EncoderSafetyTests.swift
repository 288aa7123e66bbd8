import Foundation
import SwiftKryo
import Testing

/// A node of a user's graph: elements of any type, and a next node (a linked list).
final class SafetyNode: Schematized {
    var items: [Any?] = []
    var next: SafetyNode?

    init() {}
    init(_ items: [Any?]) { self.items = items }

    static let schema = Schema<SafetyNode>(java: "test.SafetyNode") {
        Field("items", \.items)
        Field("next", \.next)
    }
}

/// Every backend's encoder on graphs a user can build but no format can hold: collections that
/// contain themselves, cycles without references, nesting without end. Each is a thrown
/// `SerializationError` that says where, never a crash.
@Suite struct EncoderSafetyTests {
    /// A backend and a layout.
    enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case kryo2, kryo4, kryo5, keyedBinary, keyedXML, readableJSON, readableBinaryPlist, readableXMLPlist

        var format: SerializationFormat {
            switch self {
            case .kryo2: .kryo(.v2)
            case .kryo4: .kryo(.v4)
            case .kryo5: .kryo(.v5)
            case .keyedBinary: .keyedArchive(.binary)
            case .keyedXML: .keyedArchive(.xml)
            case .readableJSON: .readable(.json)
            case .readableBinaryPlist: .readable(.propertyList(.binary))
            case .readableXMLPlist: .readable(.propertyList(.xml))
            }
        }

        var isKryo: Bool { [.kryo2, .kryo4, .kryo5].contains(self) }
        var isKeyed: Bool { [.keyedBinary, .keyedXML].contains(self) }

        /// The key path of a value at `components` below the root: a keyed archive's root is the
        /// value of its `root` key.
        func path(_ components: String...) -> [String] { isKeyed ? ["root"] + components : components }

        var testDescription: String { rawValue }
    }

    let registry: Registry

    init() throws { registry = try Registry { Register(SafetyNode.self, id: 40) } }

    static func options(references: Bool = true, maxDepth: Int = Limits.default.maxDepth) -> SerializationOptions {
        SerializationOptions(references: references, limits: Limits(maxDepth: maxDepth))
    }

    /// The error encoding `value` throws (recorded as an issue when it throws none).
    func failure(
        _ value: Any?, _ backend: Backend, options: SerializationOptions = EncoderSafetyTests.options(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SerializationError? {
        #expect(throws: SerializationError.self, "\(backend)", sourceLocation: sourceLocation) {
            try registry.encode(value, as: backend.format, options: options)
        }
    }

    // MARK: Collections that contain themselves

    @Test(arguments: Backend.allCases, [true, false])
    func selfContainingNSMutableArray(_ backend: Backend, references: Bool) throws {
        let array = NSMutableArray()
        array.add("x")
        array.add(array)
        defer { array.removeAllObjects() }
        let error = try #require(failure(array, backend, options: Self.options(references: references)))
        if backend.isKryo {
            // Kryo has no form for Foundation's collections at all; it says so before any element.
            #expect(error.kind == .unsupported)
            #expect(error.description.contains("NSMutableArray"))
            #expect(error.offset == 0)
        } else {
            #expect(error.kind == .unsupported)
            #expect(error.path == backend.path("1"))
            let root = backend.isKeyed ? "root" : "the root"
            #expect(
                error.found
                    == "the NSMutableArray at \(root) inside itself, at \(backend.path("1").joined(separator: "."))")
            #expect(error.description.contains("does not contain itself"))
        }
    }

    @Test(arguments: Backend.allCases.filter { !$0.isKryo }, [true, false])
    func selfContainingNSMutableDictionary(_ backend: Backend, references: Bool) throws {
        let dictionary = NSMutableDictionary()
        dictionary["name"] = "loop"
        dictionary["me"] = dictionary
        defer { dictionary.removeAllObjects() }
        let error = try #require(failure(dictionary, backend, options: Self.options(references: references)))
        #expect(error.kind == .unsupported)
        #expect(error.path == backend.path("me"))
        #expect(error.found.hasPrefix("the NSMutableDictionary at "))
        #expect(error.found.hasSuffix(" inside itself, at \(backend.path("me").joined(separator: "."))"))
    }

    /// An array holding a dictionary holding the array, inside a field of a registered class.
    @Test(arguments: Backend.allCases.filter { !$0.isKryo }, [true, false])
    func cycleThroughTwoContainersInAField(_ backend: Backend, references: Bool) throws {
        let array = NSMutableArray()
        let dictionary = NSMutableDictionary()
        array.add(dictionary)
        dictionary["back"] = array
        defer { array.removeAllObjects() }
        let node = SafetyNode([1, array])
        let error = try #require(failure(node, backend, options: Self.options(references: references)))
        #expect(error.kind == .unsupported)
        #expect(error.path == backend.path("items", "1", "0", "back"))
        #expect(
            error.found.hasPrefix("the NSMutableArray at \(backend.path("items", "1").joined(separator: ".")) inside"))
    }

    /// Kryo's binary has no form for Foundation collections: the same graph is an error that
    /// names the class, where the class tag would have gone.
    @Test(arguments: Backend.allCases.filter(\.isKryo))
    func foundationCollectionsAreUnsupportedInKryo(_ backend: Backend) throws {
        let array = NSMutableArray()
        array.add(array)
        defer { array.removeAllObjects() }
        let error = try #require(failure(SafetyNode([array]), backend))
        #expect(error.kind == .unsupported)
        #expect(error.expected.contains("NSMutableArray"))
        // Kryo 5's collection serializer looks at every element's class before it writes any,
        // where the error has no byte offset yet.
        if backend != .kryo5 { #expect(error.offset != nil) }
    }

    // MARK: Cycles through class instances

    /// A Swift `[Any?]` that holds, through a class instance, itself: without references no
    /// backend can end it, and the depth limit says so.
    @Test(arguments: Backend.allCases)
    func cycleThroughAnUntrackedClassInstance(_ backend: Backend) throws {
        let node = SafetyNode(["x"])
        node.items.append(node)
        defer { node.items = [] }
        let error = try #require(failure(node, backend, options: Self.options(references: false, maxDepth: 20)))
        #expect(error.kind == .depthLimitExceeded)
        #expect(
            error.expected
                == "at most 20 nested \(backend.isKryo ? "objects" : backend.isKeyed ? "objects" : "containers")")
        #expect(error.found.contains("(a cycle? references are off"))
        if backend.isKryo {
            #expect(error.found.hasPrefix("deeper nesting at a test.SafetyNode"))
            #expect((error.offset ?? 0) > 0)
            // An element is named by its index, as in a document: items.1 again and again.
            #expect(Array(error.path.prefix(4)) == ["items", "1", "items", "1"])
            #expect(error.path.count == 20)
        } else {
            // The path goes round the cycle: items.1 again and again.
            #expect(Array(error.path.prefix(backend.isKeyed ? 5 : 4)) == backend.path("items", "1", "items", "1"))
            #expect(error.path.count >= 20)
        }
    }

    /// With references on, the same graph is a back-reference, which every reader resolves.
    @Test(arguments: Backend.allCases)
    func cycleThroughATrackedClassInstanceRoundTrips(_ backend: Backend) throws {
        let node = SafetyNode(["x"])
        node.items.append(node)
        defer { node.items = [] }
        let bytes = try registry.encode(node, as: backend.format, options: Self.options())
        let back = try registry.decode(SafetyNode.self, from: bytes, as: backend.format, options: Self.options())
        defer { back.items = [] }
        #expect(back.items.count == 2)
        #expect(back.items.first as? String == "x")
        #expect((back.items.last as? SafetyNode) === back)
    }

    // MARK: Depth

    /// `depth` lists, each the only element of the one around it; the innermost is empty (Kryo
    /// counts every element of an untyped list as an object, a string too).
    static func nestedLists(_ depth: Int) -> [Any?] {
        var value: [Any?] = []
        for _ in 1..<depth { value = [value] }
        return value
    }

    /// Frees nested lists one level at a time: the default, recursive release of 100 000 levels
    /// would overflow the stack.
    static func dismantle(_ value: inout [Any?]) {
        var current = value
        value = []
        while current.count == 1, let inner = current[0] as? [Any?] { current = inner }
    }

    /// A linked list of `length` nodes, and every node (so that it can be freed node by node).
    static func linkedList(_ length: Int) -> [SafetyNode] {
        var nodes = [SafetyNode(["tail"])]
        for _ in 1..<length {
            let node = SafetyNode()
            node.next = nodes[nodes.count - 1]
            nodes.append(node)
        }
        return nodes
    }

    static func dismantle(_ nodes: [SafetyNode]) {
        for node in nodes { node.next = nil }
    }

    @Test(arguments: Backend.allCases)
    func deeplyNestedSwiftListsThrow(_ backend: Backend) throws {
        var value = Self.nestedLists(100_000)
        defer { Self.dismantle(&value) }
        let error = try #require(failure(value, backend))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.expected.hasPrefix("at most 400 nested"))
        if backend.isKryo {
            // Built while the error unwinds (the writer keeps no path while it writes).
            #expect(error.path == Array(repeating: "0", count: 400))
        } else {
            #expect(error.path == backend.path() + Array(repeating: "0", count: 400))
        }
    }

    @Test(arguments: Backend.allCases, [true, false])
    func longLinkedListsThrow(_ backend: Backend, references: Bool) throws {
        let nodes = Self.linkedList(100_000)
        defer { Self.dismantle(nodes) }
        let head = try #require(nodes.last)
        let error = try #require(failure(head, backend, options: Self.options(references: references)))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.found.contains("a cycle?") == !references)
        // Node 400 is the deepest the limit allows; its `items` list is one level too deep.
        #expect(error.path == backend.path() + Array(repeating: "next", count: 399) + ["items"])
    }

    @Test(arguments: Backend.allCases.filter { !$0.isKryo })
    func deeplyNestedFoundationArraysThrow(_ backend: Backend) throws {
        var levels = [NSMutableArray()]
        for _ in 1..<100_000 {
            let outer = NSMutableArray()
            outer.add(levels[levels.count - 1])
            levels.append(outer)
        }
        defer { for level in levels { level.removeAllObjects() } }
        let error = try #require(failure(levels.last, backend))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path == backend.path() + Array(repeating: "0", count: 400))
    }

    /// `Limits.maxDepth` bounds encoding as it bounds decoding: nesting at the limit is written
    /// and read back, one level more is refused.
    @Test(arguments: Backend.allCases)
    func customDepthLimitAtAndPastTheLimit(_ backend: Backend) throws {
        let limited = Self.options(maxDepth: 12)
        let atLimit = Self.nestedLists(12)
        let bytes = try registry.encode(atLimit, as: backend.format, options: limited)
        let back = try registry.decode([Any?].self, from: bytes, as: backend.format, options: limited)
        #expect(String(describing: back) == String(describing: atLimit))
        let error = try #require(failure(Self.nestedLists(13), backend, options: limited))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.expected.hasPrefix("at most 12 nested"))
        // The default limit takes both.
        #expect(throws: Never.self) {
            try registry.encode(Self.nestedLists(13), as: backend.format, options: Self.options())
        }
    }

    // MARK: Shared, not cyclic

    /// The same collection twice in a list is no cycle: it is written (once, or twice without
    /// references) and read back.
    @Test(arguments: Backend.allCases.filter { !$0.isKryo }, [true, false])
    func sharedFoundationCollectionsStillEncode(_ backend: Backend, references: Bool) throws {
        let shared = NSMutableArray()
        shared.add("x")
        shared.add(NSNumber(value: 2))
        let dictionary = NSMutableDictionary()
        dictionary["list"] = shared
        let list = NSMutableArray()
        list.add(shared)
        list.add(shared)
        list.add(dictionary)
        let options = Self.options(references: references)
        let bytes = try registry.encode(list, as: backend.format, options: options)
        let back = try registry.decode([Any?].self, from: bytes, as: backend.format, options: options)
        #expect(back.count == 3)
        for element in back.prefix(2) {
            let inner = try #require(element as? [Any?])
            #expect(inner.first as? String == "x")
            #expect(inner.last as? Int == 2)
        }
        let entries = try #require(ValueConversion.convert(back.last ?? nil, to: [String: [Any?]].self))
        #expect(entries["list"]?.first as? String == "x")
    }

    @Test(arguments: Backend.allCases, [true, false])
    func sharedClassInstancesStillEncode(_ backend: Backend, references: Bool) throws {
        let shared = SafetyNode(["leaf"])
        let root = SafetyNode([shared, shared, Self.nestedLists(3)])
        let options = Self.options(references: references)
        let bytes = try registry.encode(root, as: backend.format, options: options)
        let back = try registry.decode(SafetyNode.self, from: bytes, as: backend.format, options: options)
        let first = try #require(back.items[0] as? SafetyNode)
        let second = try #require(back.items[1] as? SafetyNode)
        #expect(first.items.first as? String == "leaf")
        #expect((first === second) == references)
        #expect(String(describing: back.items[2]) == String(describing: Self.nestedLists(3) as Any?))
    }
}
