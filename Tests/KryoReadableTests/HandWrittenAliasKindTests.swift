import SwiftKryo
import Testing

/// An alias stands for the object at the place it names, which keeps the class it was read
/// with there: in a slot that cannot hold that class (a string or a number in a `BigDecimal`
/// field, an array in a `List` one) it is an error, where Java would hold an object of the wrong
/// class in the field. Numbers and booleans are values, never aliased.
@Suite struct HandWrittenAliasKindTests {
    static let schema = """
        package: doc
        classes:
          - class: Slot
            fields: {index: int}
          - class: Save
            fields:
              title: String
              playTime: long
              credits: BigDecimal
              slots: Slot[]
              recent: List<Slot>
              other: BigDecimal
              extra: Object
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Save") }

    @Test(arguments: [
        (#""title": "t", "credits": {"$alias": "title"}"#, "a java.math.BigDecimal", "an alias to a java.lang.String"),
        (
            #""slots": [{"index": 1}], "recent": {"$alias": "slots"}"#, "a collection, not an array",
            "an alias to a doc.Slot[]"
        ),
        (
            #""recent": [{"index": 1}], "slots": {"$alias": "recent"}"#, "a doc.Slot[]",
            "an alias to a java.util.ArrayList"
        ),
    ])
    func anAliasToAnotherKindIsAnError(fields: String, expected: String, found: String) throws {
        let error = try #require(document.failure(fields))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.hasPrefix(expected), "\(error)")
        #expect(error.found == found, "\(error)")
    }

    /// Collections of two JDK classes: the alias keeps the class of the place it names (fields
    /// are read in Java's order, by name), which Java's field may not be able to hold.
    @Test(arguments: [
        (#""list": [1], "set": {"$alias": "list"}"#, "set", "a java.util.HashSet", "an alias to a java.util.ArrayList"),
        (#""list": [1], "queue": {"$alias": "list"}"#, "queue", "a java.util.Queue", "a java.util.ArrayList"),
        (
            #""hashMap": {"a": 1}, "tree": {"$alias": "hashMap"}"#, "tree", "a java.util.TreeMap",
            "an alias to a java.util.HashMap"
        ),
        (
            #""hashMap": {"a": 1}, "linked": {"$alias": "hashMap"}"#, "linked", "a java.util.LinkedHashMap",
            "an alias to a java.util.HashMap"
        ),
    ])
    func anAliasToACollectionOfAnotherClassIsAnError(fields: String, key: String, expected: String, found: String)
        throws
    {
        let collections = try SchemaDocument(schema: Self.collections, javaClass: "doc.Lists")
        let error = try #require(collections.failure(fields))
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.hasPrefix(expected), "\(error)")
        #expect(error.found == found, "\(error)")
        #expect(error.path == [key], "\(error)")
    }

    @Test func anAliasToACollectionItsSlotHoldsReads() throws {
        let collections = try SchemaDocument(schema: Self.collections, javaClass: "doc.Lists")
        let object = try collections.object(
            #""list": [1], "any": {"$alias": "list"}, "linked": {"a": 1}, "hashMap": {"$alias": "linked"}, "#
                + #""map": {"$alias": "linked"}, "set": [2], "anySet": {"$alias": "set"}"#)
        #expect(object["any"] != nil && object["hashMap"] != nil && object["map"] != nil && object["anySet"] != nil)
    }

    static let collections = """
        package: doc
        classes:
          - class: Lists
            fields:
              list: java.util.ArrayList<Long>
              any: java.util.Collection<Long>
              set: java.util.HashSet<Long>
              anySet: java.util.Set<Long>
              queue: java.util.Queue<Long>
              hashMap: java.util.HashMap<String, Long>
              linked: java.util.LinkedHashMap<String, Long>
              map: java.util.Map<String, Long>
              tree: java.util.TreeMap<String, Long>
        """

    @Test func anAliasToANumberIsAnError() throws {
        let error = try #require(document.failure(#""playTime": 5, "credits": {"$alias": "playTime"}"#))
        #expect(error.kind == .invalidReference)
        #expect(error.found == #""playTime", which names the integer 5"#)
        #expect(error.path == ["credits", "$alias"])
    }

    /// The same in an untyped list (the number read before the alias), and an alias as the
    /// document's root, which has nothing before it to name.
    @Test func anAliasToAnUntypedNumberOrAtTheRootIsAnError() throws {
        let codec = ReadableCodec(registry: try Registry())
        let number = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: Array(#"[1, {"$alias": "0"}]"#.utf8))
        }
        #expect(number.found == #""0", which names the integer 1"#)
        #expect(number.path == ["1", "$alias"])
        let root = try #require(throws: SerializationError.self) {
            try codec.decode(Any?.self, from: Array(#"{"$alias": "nope"}"#.utf8))
        }
        #expect(root.kind == .invalidReference)
        #expect(root.found == #"an alias to "nope""#)
    }

    @Test func anAliasToTheSameKindReads() throws {
        let save = try document.object(
            #""credits": "1.50", "other": {"$alias": "credits"}, "slots": [{"index": 1}], "extra": {"$alias": "slots"}"#
        )
        #expect(save["other"] != nil && save["extra"] != nil)
    }
}
