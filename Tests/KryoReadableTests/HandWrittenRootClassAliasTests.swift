import Foundation
import SwiftKryo
import Testing

/// A hand-written document's root whose class the call names (a `writeObject` stream's record),
/// without `$class`, types the targets of its forward aliases as its fields declare them (it
/// read them untyped: "found a java.util.HashMap").
@Suite struct HandWrittenRootClassAliasTests {
    static let schema = """
        package: doc
        classes:
          - class: Graph
            fields: {any: Object, edges: List<Edge>}
          - class: Edge
            fields: {weight: double}
        """

    let codec: ReadableCodec
    init() throws {
        codec = ReadableCodec(registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "t.yaml")))
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
