import Foundation
import SwiftKryo

/// A Java enum of the fuzzed graph.
public enum FuzzColor: JavaEnum {
    case red, green, blue
    public static let javaClassName = "fuzz.Color"
}

/// The node of the schema-declared graph that the typed targets decode: scalars, an enum, a
/// string, a list, a map and a set, and object fields that share nodes and close cycles.
public final class FuzzNode: Schematized {
    var id: Int32 = 0
    var weight: Double = 0
    var flag = false
    var color: FuzzColor?
    var name: String?
    var next: FuzzNode?
    var children: [FuzzNode]?
    var counts: [String: Int64]?
    var tags: Set<String>?
    var samples: [Int32]?
    var blob: Data?
    var extra: Any?

    public init() {}

    public static let schema = Schema<FuzzNode>(java: "fuzz.Node") {
        Field("id", \.id)
        Field("weight", \.weight)
        Field("flag", \.flag)
        Field("color", \.color)
        Field("name", \.name)
        Field("next", \.next)
        Field("children", \.children)
        Field("counts", \.counts)
        Field("tags", \.tags)
        Field("samples", \.samples)
        Field("blob", \.blob)
        Field("extra", \.extra)
    }

    /// The registry every typed target uses: the node, its enum, and the library's defaults.
    static let registry: Registry? = try? Registry {
        Register(FuzzNode.self, id: 30, archiveClass: ArchiveClass("FuzzNode"), readableName: "FuzzNode")
        Register(FuzzColor.self, id: 31, archiveClass: ArchiveClass("FuzzColor"), readableName: "FuzzColor")
    }

    /// Sample graphs for the seeds: one node; a list whose nodes point back at their parent and
    /// share one child; a cycle through `next`; every field set.
    static func samples() -> [FuzzNode] {
        let single = FuzzNode()
        single.id = 7
        single.name = "seven"

        let parent = FuzzNode()
        parent.name = "parent"
        let shared = FuzzNode()
        shared.name = "shared"
        shared.color = .green
        parent.children = (0..<3).map { index in
            let child = FuzzNode()
            child.id = Int32(index)
            child.next = parent
            child.extra = shared
            return child
        }

        let first = FuzzNode()
        let second = FuzzNode()
        first.next = second
        second.next = first
        first.name = "ring"

        let full = FuzzNode()
        full.id = -123_456
        full.weight = 2.5
        full.flag = true
        full.color = .blue
        full.name = "é🙂 full"
        full.counts = ["a": 1, "b": -2, "long": Int64.max]
        full.tags = ["x", "y"]
        full.samples = [1, -1, Int32.max, Int32.min]
        full.blob = Data([0, 1, 2, 255])
        full.extra = ["text", Int32(5), 2.5] as [Any]
        full.children = [single, shared]
        return [single, parent, first, full]
    }
}

/// A canonical description of a node graph: nodes numbered in the order a walk first meets them,
/// so that two graphs with the same shape (sharing and cycles included) and the same values have
/// the same description. Sets and maps are sorted; floating-point numbers are compared by bits.
///
/// Untyped integers (in `extra`) are compared by Java class and value: an `Int64` and an `Int` are
/// both `java.lang.Long`, which every decoder reads back as `Int` (an `Int64` reaches an untyped
/// slot only when the input shares one object between it and a typed `Int64` slot). With
/// `integersByValue` (keyed archives, whose numbers are `NSNumber`s: a plist integer keeps no Swift
/// or Java width) every integer width is compared by value alone. Without `nanPayloads` (XML
/// property lists, which write any NaN as the text `nan`) every NaN reads the same.
enum GraphDescription {
    static func of(_ value: Any?, integersByValue: Bool = false, nanPayloads: Bool = true) -> String {
        var numbers: [ObjectIdentifier: Int] = [:]
        var lines: [String] = []
        var pending: [FuzzNode] = []
        let walk = Walk(integersByValue: integersByValue, nanPayloads: nanPayloads)
        let root = walk.describe(value, &numbers, &pending)
        while let node = pending.popLast() {
            let number = numbers[ObjectIdentifier(node)] ?? -1
            var fields = ["#\(number)", "id=\(node.id)", "w=\(walk.bits(of: node.weight))", "f=\(node.flag)"]
            fields.append("c=\(node.color.map { "\($0)" } ?? "nil")")
            fields.append("n=\(node.name.map { "\($0.debugDescription)" } ?? "nil")")
            fields.append("next=\(walk.describe(node.next, &numbers, &pending))")
            fields.append("kids=\(node.children.map { walk.describe($0, &numbers, &pending) } ?? "nil")")
            fields.append(
                "counts=\(node.counts.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } } ?? [])")
            fields.append("tags=\(node.tags.map { $0.sorted() } ?? ["nil"])")
            fields.append("samples=\(node.samples.map { "\($0)" } ?? "nil")")
            fields.append("blob=\(node.blob.map { "\([UInt8]($0))" } ?? "nil")")
            fields.append("extra=\(walk.describe(node.extra, &numbers, &pending))")
            lines.append(fields.joined(separator: " "))
        }
        return ([root] + lines).joined(separator: "\n")
    }
}

/// The walk of ``GraphDescription``, with how it compares untyped integers.
private struct Walk {
    let integersByValue: Bool
    let nanPayloads: Bool

    /// The bits a real is compared by: any NaN is one when the format keeps no payload.
    func bits(of number: Double) -> UInt64 {
        number.isNaN && !nanPayloads ? Double.nan.bitPattern : number.bitPattern
    }

    func describe(_ value: Any?, _ numbers: inout [ObjectIdentifier: Int], _ pending: inout [FuzzNode])
        -> String
    {
        guard let value else { return "nil" }
        switch value {
        case let node as FuzzNode:
            if let number = numbers[ObjectIdentifier(node)] { return "@\(number)" }
            let number = numbers.count
            numbers[ObjectIdentifier(node)] = number
            pending.append(node)
            return "@\(number)"
        case let nodes as [FuzzNode]:
            return "[" + nodes.map { describe($0, &numbers, &pending) }.joined(separator: ",") + "]"
        case let values as [Any?]:
            return "[" + values.map { describe($0, &numbers, &pending) }.joined(separator: ",") + "]"
        case let map as [AnyHashable: Any?]:
            let entries = map.map {
                describe($0.key.base, &numbers, &pending) + ":" + describe($0.value, &numbers, &pending)
            }
            return "{" + entries.sorted().joined(separator: ",") + "}"
        case let map as [AnyHashable: Any]:
            let entries = map.map {
                describe($0.key.base, &numbers, &pending) + ":" + describe($0.value, &numbers, &pending)
            }
            return "{" + entries.sorted().joined(separator: ",") + "}"
        case let set as Set<AnyHashable>:
            return "<" + set.map { describe($0.base, &numbers, &pending) }.sorted().joined(separator: ",") + ">"
        case let number as Double:
            return "d\(bits(of: number))"
        case let number as Float:
            // As its value: a keyed archive in an XML plist has one kind of real, and a 4-byte
            // real of a binary one comes back from it 8 bytes wide (FourByteRealTests keep the width).
            return "d\(bits(of: Double(number)))"
        case let date as Date:
            // A date is a real in a property list (an `NSDate`'s `NS.time`), or a plist date,
            // which XML writes to the second below, as Apple's writer does; XML writes any NaN
            // as `nan`. Without `nanPayloads` (XML), dates compare to the second.
            let seconds = date.timeIntervalSinceReferenceDate
            if !nanPayloads { return seconds.isNaN ? "Date(nan)" : "Date(\(seconds.rounded(.down)))" }
            return "Date(\(bits(of: seconds)))"
        case let number as any BinaryInteger where integersByValue:
            return "i\(number)"
        case let number as Int64:
            return ValueDescription.of(Int(number)) ?? "\(number)"
        default:
            return ValueDescription.of(value, datesToTheSecond: !nanPayloads, integersByValue: integersByValue)
                ?? "(too large to describe)"
        }
    }
}
