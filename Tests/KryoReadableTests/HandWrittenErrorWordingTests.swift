import Foundation
import SwiftKryo
import Testing

/// Errors on hand-written documents say what was found in a person's words: a map's key that is
/// an enum constant by its name (`hubs.SEA`, not `hubs.doc.Mode.SEA`), a collection that an
/// alias reaches while it is still being read (not "a value of type ()"), and a whole number too
/// large for 64 bits with the forms that hold it.
@Suite struct HandWrittenErrorWordingTests {
    static let schema = """
        package: doc
        classes:
          - {class: Mode, enum: [ROAD, SEA]}
          - class: Vertex
            fields: {name: String, out: List<Edge>}
          - class: Edge
            fields: {from: Vertex, weight: double}
          - class: Graph
            fields: {hubs: "Map<Mode, Vertex>", edges: List<Edge>, vertices: List<Vertex>, any: Object, series: "Map<Long, String>"}
        """

    let codec: ReadableCodec
    init() throws {
        codec = ReadableCodec(registry: try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "t.yaml")))
    }

    func failure(_ text: String) -> SerializationError? {
        do {
            _ = try KryoCodec(registry: codec.registry, dialect: .v5).encode(
                try codec.decode(Any?.self, from: Array(text.utf8)))
            return nil
        } catch {
            return error as? SerializationError
        }
    }

    @Test func anEnumKeyIsItsNameInThePath() throws {
        let error = try #require(failure(#"{"$class": "doc.Graph", "hubs": {"SEA": {"$class": "doc.Edge"}}}"#))
        #expect(error.path == ["hubs", "SEA"], "\(error)")
        #expect(error.found.hasPrefix("an object of doc.Edge"), "\(error)")
    }

    @Test func aCollectionStillBeingReadIsNamedSo() throws {
        let text =
            #"{"any": {"$alias": "edges"}, "edges": [{"from": {"$alias": "vertices.0"}}], "#
            + #""vertices": [{"$class": "doc.Vertex", "out": [{"$alias": "edges.0"}]}]}"#
        let error = try #require(failure(text))
        #expect(error.found.hasPrefix("a collection still being read"), "\(error)")
        #expect(error.path == ["vertices", "0", "out", "0"], "\(error)")
    }

    @Test func aKeyBeyondALongIsOutOfRangeNotOfAnotherKind() throws {
        let error = try #require(failure(#"{"$class": "doc.Graph", "series": {"9223372036854775808": "x"}}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "an integer key from -2^63 to 2^63 - 1", "\(error)")
        let word = try #require(failure(#"{"$class": "doc.Graph", "series": {"ten": "x"}}"#))
        #expect(word.expected == "an integer key (decimal digits)", "\(word)")
    }

    @Test func aWholeNumberBeyond64BitsNamesTheFormsThatHoldIt() throws {
        let error = try #require(failure(#"{"$class": "doc.Edge", "weight": 123456789012345678901234567890}"#))
        #expect(error.expected.contains("with a fraction or an exponent for a double"), "\(error)")
        #expect(error.found.hasPrefix("123456789012345678901234567890"), "\(error)")
    }
}
