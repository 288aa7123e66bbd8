import Foundation
import SwiftKryo
import Testing

/// A collection named with its class inside a generic argument (a `List<String>` map value, a
/// `List<List<String>>` element) must be one that the argument's interface admits, as a field's
/// value must: a `HashSet` there would reach Java in a slot that cannot hold it. Documents and
/// keyed archives alike.
@Suite struct HandWrittenGenericArgumentClassTests {
    static let schema = """
        package: doc
        classes:
          - class: Shelf
            fields: {lists: "Map<String, List<String>>", groups: "List<List<String>>", sets: "Map<String, Set<String>>", box: "Box<String>"}
          - class: Box
            typeParameters: [T]
            fields: {byKey: "Map<String, List<T>>"}
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Shelf") }

    @Test func aSetIsNoListInAMapValue() throws {
        let error = try #require(
            document.failure(#""lists": {"k": {"$class": "java.util.HashSet", "$value": ["a"]}}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a class that implements java.util.List, the slot's")
        #expect(error.found == "java.util.HashSet")
        #expect(error.path == ["lists", "k", "$class"])
    }

    @Test func aSetIsNoListInAListElement() throws {
        let error = try #require(
            document.failure(#""groups": [[], {"$class": "java.util.TreeSet", "$value": ["a"]}]"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected == "a class that implements java.util.List, the slot's")
        #expect(error.found == "java.util.TreeSet")
        #expect(error.path == ["groups", "1", "$class"])
        let map = try #require(document.failure(#""sets": {"k": {"$class": "java.util.ArrayList", "$value": []}}"#))
        #expect(map.expected == "a class that implements java.util.Set, the slot's")
        // In a class with type variables too (`Map<String, List<T>>`).
        let generic = try #require(
            document.failure(
                #""box": {"$class": "doc.Box", "byKey": {"k": {"$class": "java.util.HashSet", "$value": ["a"]}}}"#))
        #expect(generic.expected == "a class that implements java.util.List, the slot's")
        #expect(generic.path == ["box", "byKey", "k", "$class"])
    }

    @Test func theClassesAnInterfaceAdmitsStillRead() throws {
        let shelf = try document.object(
            #""lists": {"k": {"$class": "java.util.LinkedList", "$value": ["a"]}}, "#
                + #""groups": [{"$class": "java.util.ArrayList", "$value": ["b"]}], "#
                + #""sets": {"k": {"$class": "java.util.TreeSet", "$value": ["d", "c"]}}"#)
        let written = String(decoding: try document.codec.encode(shelf), as: UTF8.self)
        #expect(written.contains(#""k":{"$class":"java.util.LinkedList","$value":["a"]}"#), "\(written)")
        #expect(written.contains(#""groups":[["b"]]"#), "\(written)")
        #expect(written.contains(#""k":{"$class":"java.util.TreeSet","$value":["c","d"]}"#), "\(written)")
    }

    /// An archive that names `NSSet` where the map's values are lists: refused at the set, with
    /// the Java class it stands for; the same archive with its `NSArray` reads.
    @Test func aKeyedArchivesSetIsNoListInAMapValue() throws {
        let shelf = try document.object(#""lists": {"k": ["a"]}"#)
        let keyed = KeyedArchiveCodec(registry: document.codec.registry, format: .xml)
        let archive = String(decoding: try keyed.encode(shelf), as: UTF8.self)
        #expect(archive.contains("<string>NSArray</string>"))
        let read = try keyed.decode(Any?.self, from: Array(archive.utf8))
        let written = String(decoding: try document.codec.encode(read), as: UTF8.self)
        #expect(written.contains(#""lists":{"k":["a"]}"#), "\(written)")
        let edited = archive.replacingOccurrences(of: "<string>NSArray</string>", with: "<string>NSSet</string>")
        #expect {
            try keyed.decode(Any?.self, from: Array(edited.utf8))
        } throws: { error in
            guard let error = error as? SerializationError else { return false }
            return error.kind == .typeMismatch && error.expected == "a class that implements java.util.List, the slot's"
                && error.found == "NSSet (a java.util.HashSet in Java)" && error.path.contains("lists")
        }
    }
}
