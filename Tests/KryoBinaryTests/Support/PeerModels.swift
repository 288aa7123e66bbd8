import Foundation
import SwiftKryo

// Swift mirrors of the Java classes in Tests/JavaPeer (packages `peer` and `test`).

enum PeerColor: JavaEnum {
    case red, green, blue
    static let javaClassName = "peer.Color"
}

final class Inner: Schematized, Equatable, CustomStringConvertible {
    var value: Int32 = 0
    var label: String?
    init() {}
    init(_ value: Int32, _ label: String?) {
        self.value = value
        self.label = label
    }
    static let schema = Schema<Inner>(java: "peer.Inner") {
        Field("value", \.value)
        Field("label", \.label)
    }
    static func == (lhs: Inner, rhs: Inner) -> Bool { lhs.value == rhs.value && lhs.label == rhs.label }
    var description: String { "Inner(\(value), \(label ?? "nil"))" }
}

final class Outer: Schematized, Equatable {
    var first: Inner?
    var second: Inner?
    var more: [Inner]?
    init() {}
    init(first: Inner?, second: Inner?, more: [Inner]?) {
        self.first = first
        self.second = second
        self.more = more
    }
    static let schema = Schema<Outer>(java: "peer.Outer") {
        Field("first", \.first)
        Field("second", \.second)
        Field("more", \.more)
    }
    static func == (lhs: Outer, rhs: Outer) -> Bool {
        lhs.first == rhs.first && lhs.second == rhs.second && lhs.more == rhs.more
    }
}

final class Node: Schematized {
    var name: String?
    var next: Node?
    init() {}
    init(_ name: String) { self.name = name }
    static let schema = Schema<Node>(java: "peer.Node") {
        Field("name", \.name)
        Field("next", \.next)
    }
}

final class Pair: Schematized {
    var left: Any?
    var right: Any?
    init() {}
    init(left: Any?, right: Any?) {
        self.left = left
        self.right = right
    }
    static let schema = Schema<Pair>(java: "peer.Pair") {
        Field("left", \.left)
        Field("right", \.right)
    }
}

final class Tree: Schematized, Equatable {
    var value: Int32 = 0
    var left: Tree?
    var right: Tree?
    init() {}
    init(_ value: Int32, _ left: Tree? = nil, _ right: Tree? = nil) {
        self.value = value
        self.left = left
        self.right = right
    }
    static let schema = Schema<Tree>(java: "peer.Tree") {
        Field("value", \.value)
        Field("left", \.left)
        Field("right", \.right)
    }
    static func == (lhs: Tree, rhs: Tree) -> Bool {
        lhs.value == rhs.value && lhs.left == rhs.left && lhs.right == rhs.right
    }
}

final class AllKinds: Schematized, Equatable {
    var aBool = false
    var aByte: Int8 = 0
    var aChar: UInt16 = 0
    var aShort: Int16 = 0
    var anInt: Int32 = 0
    var aLong: Int64 = 0
    var aFloat: Float = 0
    var aDouble: Double = 0
    var boxedBool: Bool?
    var boxedByte: Int8?
    var boxedChar: UInt16?
    var boxedShort: Int16?
    var boxedInt: Int32?
    var boxedLong: Int64?
    var boxedFloat: Float?
    var boxedDouble: Double?
    var text: String?
    var missingText: String?
    var ints: [Int32]?
    var strings: JavaArray<String>?
    var names: [String]?
    var counts: [String: Int32]?
    var tags: Set<String>?
    var anything: Any?
    var color: PeerColor?
    var blob: Data?
    var when: Date?
    var inner: Inner?
    init() {}

    static let schema = Schema<AllKinds>(java: "peer.AllKinds") {
        Field("aBool", \.aBool)
        Field("aByte", \.aByte)
        Field("aChar", \.aChar)
        Field("aShort", \.aShort)
        Field("anInt", \.anInt)
        Field("aLong", \.aLong)
        Field("aFloat", \.aFloat)
        Field("aDouble", \.aDouble)
        Field("boxedBool", \.boxedBool)
        Field("boxedByte", \.boxedByte)
        Field("boxedChar", \.boxedChar)
        Field("boxedShort", \.boxedShort)
        Field("boxedInt", \.boxedInt)
        Field("boxedLong", \.boxedLong)
        Field("boxedFloat", \.boxedFloat)
        Field("boxedDouble", \.boxedDouble)
        Field("text", \.text)
        Field("missingText", \.missingText)
        Field("ints", \.ints)
        Field("strings", \.strings)
        Field("names", \.names)
        Field("counts", \.counts)
        Field("tags", \.tags)
        Field("anything", \.anything)
        Field("color", \.color)
        Field("blob", \.blob)
        Field("when", \.when)
        Field("inner", \.inner)
    }

    static func sample() -> AllKinds {
        let value = AllKinds()
        value.aBool = true
        value.aByte = -5
        value.aChar = 0x5A  // "Z"
        value.aShort = -300
        value.anInt = 123_456
        value.aLong = -9_876_543_210
        value.aFloat = 3.25
        value.aDouble = -2.5e100
        value.boxedBool = false
        value.boxedByte = 7
        value.boxedChar = 0xE9
        value.boxedShort = nil
        value.boxedInt = -1
        value.boxedLong = .max
        value.boxedFloat = nil
        value.boxedDouble = 0.1
        value.text = "text é"
        value.missingText = nil
        value.ints = [1, -2, 3]
        value.strings = ["x", nil, "ü"]
        value.names = ["n1", "n2"]
        value.counts = ["k": 5]
        value.tags = ["t"]
        value.anything = Int32(99)
        value.color = .blue
        value.blob = Data([0, 1, 0xFF, 127])
        value.when = Date(timeIntervalSince1970: 1_234_567_890.123)
        value.inner = Inner(5, "five")
        return value
    }

    static func == (lhs: AllKinds, rhs: AllKinds) -> Bool {
        lhs.aBool == rhs.aBool && lhs.aByte == rhs.aByte && lhs.aChar == rhs.aChar && lhs.aShort == rhs.aShort
            && lhs.anInt == rhs.anInt && lhs.aLong == rhs.aLong && lhs.aFloat == rhs.aFloat
            && lhs.aDouble == rhs.aDouble && lhs.boxedBool == rhs.boxedBool && lhs.boxedByte == rhs.boxedByte
            && lhs.boxedChar == rhs.boxedChar && lhs.boxedShort == rhs.boxedShort && lhs.boxedInt == rhs.boxedInt
            && lhs.boxedLong == rhs.boxedLong && lhs.boxedFloat == rhs.boxedFloat
            && lhs.boxedDouble == rhs.boxedDouble && lhs.text == rhs.text && lhs.missingText == rhs.missingText
            && lhs.ints == rhs.ints && lhs.strings == rhs.strings && lhs.names == rhs.names
            && lhs.counts == rhs.counts && lhs.tags == rhs.tags && deepEqual(lhs.anything, rhs.anything)
            && lhs.color == rhs.color && lhs.blob == rhs.blob && lhs.when == rhs.when && lhs.inner == rhs.inner
    }
}

final class Typed: Schematized, Equatable {
    var strings: [String]?
    var byId: [Int32: String]?
    var ids: Set<Int32>?
    var inners: [Inner]?
    init() {}
    static let schema = Schema<Typed>(java: "peer.Typed") {
        Field("strings", \.strings)
        Field("byId", \.byId)
        Field("ids", \.ids)
        Field("inners", \.inners)
    }
    static func == (lhs: Typed, rhs: Typed) -> Bool {
        lhs.strings == rhs.strings && lhs.byId == rhs.byId && lhs.ids == rhs.ids && lhs.inners == rhs.inners
    }
}

/// Java's non-final `peer.Base` as a Swift protocol: a field declared with it carries a class tag.
protocol PeerBase: AnyObject {}

final class Base: Schematized, PeerBase, Equatable {
    var x: Int32 = 0
    init() {}
    static let schema = Schema<Base>(java: "peer.Base") { Field("x", \.x) }
    static func == (lhs: Base, rhs: Base) -> Bool { lhs.x == rhs.x }
}

/// `peer.Derived extends Base`: its own field and the inherited one, sorted together.
final class Derived: Schematized, PeerBase, Equatable {
    var x: Int32 = 0
    var extra: String?
    init() {}
    static let schema = Schema<Derived>(java: "peer.Derived") {
        Field("extra", \.extra)
        Field("x", \.x)
    }
    static func == (lhs: Derived, rhs: Derived) -> Bool { lhs.x == rhs.x && lhs.extra == rhs.extra }
}

final class Holder: Schematized, Equatable {
    var value: (any PeerBase)?
    init() {}
    init(_ value: (any PeerBase)?) { self.value = value }
    static let schema = Schema<Holder>(java: "peer.Holder") { Field("value", \.value) }
    static func == (lhs: Holder, rhs: Holder) -> Bool { deepEqual(lhs.value, rhs.value) }
}

/// Public class with public fields: Kryo 2.20 reaches them through ReflectASM and drops generics.
final class PubBean: Schematized, Equatable {
    var map: [String: Int32]?
    var names: [String]?
    init() {}
    static let schema = Schema<PubBean>(java: "peer.PubBean") {
        Field("map", \.map, java: .init(isPublicField: true))
        Field("names", \.names, java: .init(isPublicField: true))
    }
    static func == (lhs: PubBean, rhs: PubBean) -> Bool { lhs.map == rhs.map && lhs.names == rhs.names }
}

/// Generic arguments two levels deep: Kryo 2.20 uses only the first level.
final class NestedGenerics: Schematized, Equatable {
    var groups: [String: [String]]?
    var grid: [[Int32?]]?
    var colors: JavaArray<PeerColor>?
    init() {}
    static let schema = Schema<NestedGenerics>(java: "peer.NestedGenerics") {
        Field("groups", \.groups)
        Field("grid", \.grid)
        Field("colors", \.colors)
    }
    static func sample() -> NestedGenerics {
        let value = NestedGenerics()
        value.groups = ["g": ["a", "b"]]
        value.grid = [[1, 2], [3]]
        value.colors = [.red, nil, .red]
        return value
    }
    static func == (lhs: NestedGenerics, rhs: NestedGenerics) -> Bool {
        lhs.groups == rhs.groups && lhs.grid == rhs.grid && lhs.colors == rhs.colors
    }
}

/// The three Java configurations of the peer.
enum PeerConfig: Sendable {
    case none, reg, cocoa, evo1, evo2, deflate, codable

    func registry() throws -> Registry {
        switch self {
        case .deflate:
            return try PeerConfig.deflateRegistry()
        case .evo1:
            return try PeerConfig.evolutionRegistry(version: 1)
        case .evo2:
            return try PeerConfig.evolutionRegistry(version: 2)
        case .codable:
            return try PeerConfig.codableRegistry()
        case .none:
            return try Registry {
                Register(Inner.self)
                Register(Outer.self)
                Register(Node.self)
                Register(Pair.self)
                Register(Tree.self)
                Register(AllKinds.self)
                Register(PeerColor.self)
                Register(Typed.self)
                Register(Holder.self)
                Register(Base.self)
                Register(Derived.self)
                Register(PubBean.self)
                Register(NestedGenerics.self)
                Register(SampleBean.self)
                Register(OtherBean.self)
                Register(SampleEnum.self)
                Register(SelfWritten.self)
            }
        case .reg:
            return try Registry {
                Register(Inner.self, id: 10)
                Register(Outer.self, id: 11)
                Register(Node.self, id: 12)
                Register(Pair.self, id: 13)
                Register(Tree.self, id: 14)
                Register(AllKinds.self, id: 15)
                Register(PeerColor.self, id: 16)
                Register(Typed.self, id: 17)
                Register(Holder.self, id: 18)
                Register(Base.self, id: 19)
                Register(Derived.self, id: 20)
                Register(PubBean.self, id: 21)
                Register(NestedGenerics.self, id: 22)
                Register([Any?].self, id: 30)
                Register([AnyHashable: Any?].self, id: 31)
                Register(Set<AnyHashable>.self, id: 32)
                Register(JavaLinkedList<Any?>.self, id: 33)
                Register([Int32].self, id: 40)
                Register(JavaArray<String>.self, id: 41)
                Register(JavaArray<Any>.self, id: 42)
                Register(JavaArray<[Int32]>.self, id: 43)
                Register(Data.self, id: 44)
                Register(Date.self, id: 45)
            }
        case .cocoa:
            return try Registry {
                Register(SampleBean.self, id: 20)
                Register(OtherBean.self, id: 21)
                Register(SampleEnum.self, id: 22)
                Register([Any?].self, id: 23)
                Register([AnyHashable: Any?].self, id: 24)
                Register(GeneratedCocoa.TaggedBean.self, id: 25)
            }
        }
    }
}
