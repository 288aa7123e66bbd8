import SwiftKryo
import Testing

/// The Java peer's classes (Tests/JavaPeer) as SchemaSets, one per peer configuration, for the
/// traced reader's tests (`KryoCodec.inspect`). They mirror PeerModels.swift and EvolutionModels.swift (whose field
/// declarations are proven byte-compatible with Java) and KryoPeer.java's registrations.
enum PeerSchemas {
    static func field(
        _ name: String, _ type: String, tag: Int? = nil, deprecated: Bool = false, isPublic: Bool = false
    ) -> JavaFieldSchema {
        // swift-format-ignore: NeverUseForceTry
        let parsed = try! JavaType(parsing: type) { "peer." + $0 }
        return JavaFieldSchema(name: name, type: parsed, tag: tag, isDeprecated: deprecated, isPublicField: isPublic)
    }

    static func bean(
        _ name: String, _ id: Int?, _ kind: FieldSerializerKind, _ fields: [JavaFieldSchema]
    ) -> JavaClassSchema {
        JavaClassSchema(javaName: name, id: id, layout: .fields(kind, fields))
    }

    static func bean(_ name: String, _ id: Int?, _ fields: [JavaFieldSchema]) -> JavaClassSchema {
        JavaClassSchema(javaName: name, id: id, layout: .fields(.field, fields))
    }

    static func library(_ name: String, _ id: Int) -> JavaClassSchema {
        JavaClassSchema(javaName: name, id: id, layout: .library)
    }

    /// "cocoa": the KryoCocoa README's beans.
    static let cocoa = GeneratedCocoaSchema.schemaSet

    /// The `peer` beans with the ids of config "reg" (or none, for config "none").
    static func peerBeans(registered: Bool) -> [JavaClassSchema] {
        func id(_ value: Int) -> Int? { registered ? value : nil }
        return [
            bean("peer.Inner", id(10), [field("value", "int"), field("label", "String")]),
            bean(
                "peer.Outer", id(11), [field("first", "Inner"), field("second", "Inner"), field("more", "List<Inner>")]),
            bean("peer.Node", id(12), [field("name", "String"), field("next", "Node")]),
            bean("peer.Pair", id(13), [field("left", "Object"), field("right", "Object")]),
            bean("peer.Tree", id(14), [field("value", "int"), field("left", "Tree"), field("right", "Tree")]),
            bean(
                "peer.AllKinds", id(15),
                [
                    field("aBool", "boolean"), field("aByte", "byte"), field("aChar", "char"),
                    field("aShort", "short"), field("anInt", "int"), field("aLong", "long"),
                    field("aFloat", "float"), field("aDouble", "double"), field("boxedBool", "Boolean"),
                    field("boxedByte", "Byte"), field("boxedChar", "Character"), field("boxedShort", "Short"),
                    field("boxedInt", "Integer"), field("boxedLong", "Long"), field("boxedFloat", "Float"),
                    field("boxedDouble", "Double"), field("text", "String"), field("missingText", "String"),
                    field("ints", "int[]"), field("strings", "String[]"), field("names", "List<String>"),
                    field("counts", "Map<String, Integer>"), field("tags", "Set<String>"),
                    field("anything", "Object"), field("color", "Color"), field("blob", "byte[]"),
                    field("when", "Date"), field("inner", "Inner"),
                ]),
            JavaClassSchema(javaName: "peer.Color", id: id(16), layout: .enumeration(["RED", "GREEN", "BLUE"])),
            bean(
                "peer.Typed", id(17),
                [
                    field("strings", "List<String>"), field("byId", "Map<Integer, String>"),
                    field("ids", "Set<Integer>"), field("inners", "List<Inner>"),
                ]),
            bean("peer.Holder", id(18), [field("value", "Base")]),
            bean("peer.Base", id(19), [field("x", "int")]),
            bean("peer.Derived", id(20), [field("extra", "String"), field("x", "int")]),
            bean(
                "peer.PubBean", id(21),
                [
                    field("map", "Map<String, Integer>", isPublic: true),
                    field("names", "List<String>", isPublic: true),
                ]),
            bean(
                "peer.NestedGenerics", id(22),
                [
                    field("groups", "Map<String, List<String>>"), field("grid", "List<List<Integer>>"),
                    field("colors", "Color[]"),
                ]),
            bean("test.SampleBean", nil, [field("key", "int"), field("name", "String")]),
            bean(
                "test.OtherBean", nil,
                [
                    field("map", "Map<Integer, String>"), field("beans", "List<test.SampleBean>"),
                    field("kind", "test.SampleEnum"),
                ]),
            JavaClassSchema(javaName: "test.SampleEnum", layout: .enumeration(["FIRST", "SECOND", "THIRD"])),
        ]
    }

    /// "reg": the peer classes and library classes under KryoPeer.java's ids.
    static let reg = SchemaSet(
        classes: peerBeans(registered: true) + [
            library("java.util.ArrayList", 30), library("java.util.HashMap", 31), library("java.util.HashSet", 32),
            library("java.util.LinkedList", 33), library("[I", 40), library("[Ljava.lang.String;", 41),
            library("[Ljava.lang.Object;", 42), library("[[I", 43), library("[B", 44), library("java.util.Date", 45),
        ])

    /// "none": nothing registered; every class is written by name.
    static let none = SchemaSet(classes: peerBeans(registered: false))

    /// "evo1"/"evo2": the evolution beans of one version (peer/Evolution.java).
    static func evolution(version: Int) -> SchemaSet {
        let one = version == 1
        func evo(_ name: String) -> String { "peer.Evolution$" + name }
        let compat = [field("x", "int"), field("name", "String")]
        var classes = [
            library("java.util.ArrayList", 60),
            bean(
                evo("Tagged"), 61, .tagged,
                [
                    field("aaa", "int", tag: 10), field("name", "String", tag: 2),
                    field("old", "int", tag: 3, deprecated: true), field("untagged", "int"),
                    field("value", "int", tag: 1),
                ]),
            bean(evo("Compat"), 62, .compatible, compat),
            bean(
                evo("CompatNested"), 63, .compatible,
                [
                    field("first", "peer.Evolution$Compat"), field("items", "ArrayList<Object>"),
                    field("text", "String"), field("again", "peer.Evolution$Compat"),
                ]),
        ]
        if one {
            classes += [
                bean(evo("TagAddV1"), 64, .tagged, [field("id", "int", tag: 1), field("name", "String", tag: 2)]),
                bean(
                    evo("TagRemV1"), 65, .tagged,
                    [field("id", "int", tag: 1), field("gone", "String", tag: 4), field("name", "String", tag: 2)]),
                bean(
                    evo("TagDepV1"), 66, .tagged,
                    [field("id", "int", tag: 1), field("name", "String", tag: 2), field("old", "int", tag: 3)]),
                bean(evo("CompAddV1"), 67, .compatible, compat),
                bean(
                    evo("CompRemV1"), 68, .compatible,
                    [field("x", "int"), field("gone", "peer.Evolution$Compat"), field("name", "String")]),
                bean(evo("CompDepV1"), 69, .compatible, [field("x", "int"), field("old", "int")]),
            ]
        } else {
            classes += [
                bean(
                    evo("TagAddV2"), 64, .tagged,
                    [field("id", "int", tag: 1), field("name", "String", tag: 2), field("extra", "long", tag: 5)]),
                bean(evo("TagRemV2"), 65, .tagged, [field("id", "int", tag: 1), field("name", "String", tag: 2)]),
                bean(
                    evo("TagDepV2"), 66, .tagged,
                    [
                        field("id", "int", tag: 1), field("name", "String", tag: 2),
                        field("old", "int", tag: 3, deprecated: true),
                    ]),
                bean(evo("CompAddV2"), 67, .compatible, [field("extra", "long")] + compat),
                bean(evo("CompRemV2"), 68, .compatible, compat),
                bean(evo("CompDepV2"), 69, .compatible, [field("x", "int"), field("old", "int")]),
            ]
        }
        return SchemaSet(classes: classes)
    }

    /// The schema set of a peer configuration, or `nil` for the configurations without one
    /// (deflate, codable).
    static func schema(for config: PeerConfig) -> SchemaSet? {
        switch config {
        case .cocoa: cocoa
        case .reg: reg
        case .none: none
        case .evo1: evolution(version: 1)
        case .evo2: evolution(version: 2)
        case .deflate, .codable: nil
        }
    }

    /// The class the reader names for a peer case's `writeObject`/`writeObjectOrNull` framing
    /// (`nil` for `writeClassAndObject`); `.none` when its declared type has no schema class.
    static func javaClass(of peerCase: PeerCase) -> String?? {
        switch peerCase.framing {
        case .classAndObject: return .some(nil)
        case .object, .objectOrNull:
            switch peerCase.declaredType {
            case is String.Type: return .some("java.lang.String")
            case is SampleBean.Type: return .some("test.SampleBean")
            default: return .none
            }
        }
    }

    /// The traced reader of a peer case in a Kryo release: its configuration's schema, framing
    /// and references; `nil` for the configurations without a schema.
    static func traced(_ peerCase: PeerCase, dialect: KryoDialect = .v2) throws -> TracedReader? {
        guard let schema = schema(for: peerCase.config), let javaClass = javaClass(of: peerCase) else { return nil }
        let codec = KryoCodec(
            registry: try Registry(schemas: schema), dialect: dialect, framing: peerCase.framing,
            options: SerializationOptions(references: peerCase.references))
        return TracedReader(codec: codec, javaClass: javaClass)
    }
}

/// A codec and the class its root is read as: what `kryo inspect` runs on a stream.
struct TracedReader {
    var codec: KryoCodec
    var javaClass: String?

    /// The dump of `bytes`.
    func inspect(_ bytes: [UInt8]) -> KryoDump { codec.inspect(bytes, javaClass: javaClass) }
}

/// Checks that a dump's entries cover `bytes` exactly once, in order, without gaps, each with
/// its own bytes.
func checkCoverage(
    _ dump: KryoDump, _ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    var next = 0
    for entry in dump.entries {
        guard entry.offset == next, entry.length > 0, entry.offset + entry.length <= bytes.count else {
            Issue.record(
                "\(name): entry at \(entry.offset) (length \(entry.length)) does not start at \(next)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            Array(bytes[entry.range]) == entry.bytes, "\(name): the bytes of the entry at \(entry.offset)",
            sourceLocation: sourceLocation)
        next += entry.length
    }
    #expect(
        next == bytes.count, "\(name): the entries end at \(next) of \(bytes.count)", sourceLocation: sourceLocation)
    #expect(dump.byteCount == bytes.count, "\(name): the byte count", sourceLocation: sourceLocation)
}

/// A small deterministic generator for the random-input tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
