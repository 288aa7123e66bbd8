import Foundation
import SwiftKryo
import Testing

/// Hand-written documents whose aliases meet the class a slot gives a value: a list or set
/// written in full in a field that declares a `SortedSet` or `Deque` is that field's usual class
/// (`TreeSet`, `LinkedList`) in every place an alias names it from, as without the alias (it
/// failed: "found a java.util.HashSet"); and a root whose class the call names, without `$class`,
/// types the targets of its forward aliases (it read them untyped: "found a java.util.HashMap").
@Suite struct HandWrittenAliasedSlotClassTests {
    static let schema = """
        package: doc
        classes:
          - class: Settings
            fields: {extra: Object, sortedNames: SortedSet<String>, queue: Deque<String>, untyped: Object}
          - class: Graph
            fields: {any: Object, edges: List<Edge>}
          - class: Edge
            fields: {weight: double}
        """

    let codec: ReadableCodec
    init() throws {
        codec = ReadableCodec(registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "t.yaml")))
    }

    func javaClass(_ value: Any?) -> String? {
        let plain = (ValueConversion.flatten(value) as? SharedValue)?.value ?? ValueConversion.flatten(value)
        return plain.flatMap { codec.registry.registration(forValue: $0)?.javaName }
    }

    func settings(_ text: String) throws -> DynamicObject {
        try #require(try codec.decode(Any?.self, from: Array(text.utf8)) as? DynamicObject)
    }

    @Test func aValueWrittenInASortedSetOrDequeFieldTakesItsClassEverywhere() throws {
        let forward = try settings(
            #"{"$class": "doc.Settings", "sortedNames": ["b", "a"], "extra": {"$alias": "sortedNames"}}"#)
        #expect(javaClass(forward["sortedNames"]) == "java.util.TreeSet")
        #expect(javaClass(forward["extra"]) == "java.util.TreeSet")
        let backward = try settings(
            #"{"$class": "doc.Settings", "queue": ["b", "a"], "untyped": {"x": {"$alias": "queue"}}}"#)
        #expect(javaClass(backward["queue"]) == "java.util.LinkedList")
        let untyped = try #require(ValueConversion.flatten(backward["untyped"] ?? nil))
        let x = try #require(ValueConversion.convert(untyped, to: [String: Any?].self)?["x"] ?? nil)
        #expect(javaClass(x) == "java.util.LinkedList")
        // Kryo writes the two places as one object of the field's class.
        let kryo = KryoCodec(registry: codec.registry, dialect: .v5, options: SerializationOptions(references: true))
        let back = try #require(try kryo.decode(Any?.self, from: try kryo.encode(forward)) as? DynamicObject)
        #expect(javaClass(back["extra"]) == "java.util.TreeSet")
        #expect(back["extra"] as AnyObject === back["sortedNames"] as AnyObject)
    }

    @Test func aRootNamedByTheCallTypesItsForwardAliases() throws {
        let text = #"{"any": {"$alias": "edges.0"}, "edges": [{"weight": 1.0}]}"#
        let graph = try #require(try codec.decode(javaClass: "doc.Graph", from: Array(text.utf8)) as? DynamicObject)
        let edges = try #require(graph["edges"] as? [Any?])
        let edge = try #require(edges.first as? DynamicObject)
        #expect(edge.javaClass == "doc.Edge")
        #expect(graph["any"] as? DynamicObject === edge)
    }
}
