import Foundation
import OrderedCollections
import SwiftKryo
import Testing

/// A document written by hand that puts a value of the wrong kind where the schema declares one
/// of its classes — a string or a list for a bean, a number among the books of a `List<Book>`, an
/// alias to an object of another kind — is an error naming the field, what the schema expects
/// and what was found, not a graph that Java would refuse (`Can not set lib.Book.author to
/// java.lang.String`) or read into a field that cannot hold it.
@Suite struct SchemaClassCheckTests {
    static let schema = """
        package: lib
        settings: {references: true, registrationRequired: false}
        classes:
          - class: Author
            readableName: Author
            fields: {name: String, books: List<Book>}
          - class: Book
            readableName: Book
            fields: {title: String, author: Author, related: "Map<String, List<Book>>"}
          - class: Shelf
            readableName: Shelf
            fields: {byId: "Map<Long, Book>", tags: Set<String>, best: Book, status: Status}
          - class: Status
            readableName: Status
            enum: [AVAILABLE, LENT]
          - class: Measure
            readableName: Measure
            fields: {n: java.lang.Number, zone: java.time.ZoneId, text: java.lang.CharSequence, at: java.time.temporal.Temporal}
        """

    let registry: Registry
    init() throws {
        registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "lib.yaml"))
    }

    func decode(_ text: String) throws -> Any? {
        try ReadableCodec(registry: registry).decode(Any?.self, from: Array(text.utf8))
    }

    func failure(_ text: String) -> SerializationError? {
        do {
            _ = try decode(text)
            return nil
        } catch let error as SerializationError {
            return error
        } catch {
            return nil
        }
    }

    @Test func rightKindsAreRead() throws {
        let book = try #require(
            try decode(
                #"{"$class": "Book", "title": "Dune", "author": {"$class": "Author", "name": "Frank", "#
                    + #""books": [{"$alias": "$root"}]}, "related": {"more": [{"$alias": "$root"}]}}"#)
                as? DynamicObject)
        let author = try #require(book["author"] as? DynamicObject)
        #expect(author["name"] as? String == "Frank")
        #expect((author["books"] as? [Any?])?.first as? DynamicObject === book)
    }

    @Test(arguments: [
        (#""author": "Frank""#, "author", "java.lang.String"),
        (#""author": 7"#, "author", "java.lang.Long"),
        (#""author": {"$alias": "title"}"#, "author", "java.lang.String"),
    ])
    func aBeanFieldHoldsAnObject(member: String, field: String, found: String) throws {
        let error = try #require(failure(#"{"$class": "Book", "title": "Dune", \#(member)}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.path == [field])
        #expect(error.expected.contains("an object of lib.Author"), "\(error)")
        #expect(error.found.contains(found), "\(error)")
        // A list for a bean fails converting, at the field too.
        let list = try #require(failure(#"{"$class": "Book", "title": "Dune", "author": ["Frank"]}"#))
        #expect(list.kind == .typeMismatch)
        #expect(list.path == ["author"])
    }

    @Test func elementsAndMapValuesHoldObjects() throws {
        let element = try #require(
            failure(#"{"$class": "Author", "name": "Frank", "books": [{"$class": "Book"}, "Dune"]}"#))
        #expect(element.kind == .typeMismatch)
        // The place goes on into the list, as the document's key path does.
        #expect(element.path == ["books", "1"])
        #expect(element.expected.contains("an object of lib.Book"), "\(element)")
        #expect(element.found == "a java.lang.String", "\(element)")
        let value = try #require(failure(#"{"$class": "Book", "related": {"more": [3]}}"#))
        #expect(value.path == ["related", "more", "0"])
        #expect(value.found == "a java.lang.Long", "\(value)")
    }

    /// A list where a generic argument declares a map, or a map where it declares a list, is an
    /// error at its place: Kryo 5 would write it with the other kind's generic arguments, a
    /// stream Java cannot read.
    @Test func aNestedCollectionOfTheOtherKindIsAnError() throws {
        let list = try #require(failure(#"{"$class": "Book", "related": {"more": {"x": 1}}}"#))
        #expect(list.kind == .typeMismatch)
        #expect(list.expected.hasPrefix("a collection or array"), "\(list)")
        #expect(list.path == ["related", "more"])
        let empty = try #require(failure(#"{"$class": "Book", "related": {"more": {}}}"#))
        #expect(empty.path == ["related", "more"])
        #expect(try decode(#"{"$class": "Book", "related": {"more": []}}"#) is DynamicObject)
    }

    /// A string, number, boolean, enum constant or bean is no collection or map: Java would
    /// refuse it in a `Map` or `Set` field, or Kryo 5 would store it there.
    @Test(arguments: [
        (#""byId": "oops""#, "byId", "a java.util.Map", "a java.lang.String"),
        (#""tags": 5"#, "tags", "a collection or array", "a java.lang.Long"),
        (#""tags": {"$class": "Book", "title": "Dune"}"#, "tags", "a collection or array", "a lib.Book"),
        (#""byId": true"#, "byId", "a java.util.Map", "a java.lang.Boolean"),
    ])
    func collectionAndMapFieldsHoldNoScalar(member: String, field: String, expected: String, found: String) throws {
        let error = try #require(failure(#"{"$class": "Shelf", \#(member)}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.path == [field])
        #expect(error.expected == "\(expected) in field lib.Shelf.\(field)", "\(error)")
        #expect(error.found == found, "\(error)")
        let shelf = DynamicObject(javaClass: "lib.Shelf", fields: [field: "oops"])
        let codec = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
        #expect(throws: SerializationError.self) { try codec.encode(shelf) }
    }

    /// A field of a JDK abstract class no Swift type stands for (`Number`, `ZoneId`, `CharSequence`,
    /// `Temporal`) holds values of its subclasses only: Kryo 2.20 refuses another, and Kryo 5
    /// stores it where the JVM later crashes on it.
    @Test func jdkAbstractClassFieldsHoldTheirSubclasses() throws {
        let measure = try #require(
            try decode(#"{"$class": "Measure", "n": 5, "text": "abc", "zone": null}"#) as? DynamicObject)
        #expect(ValueConversion.convert(measure["n"], to: Int64.self) == 5)
        #expect(measure["text"] as? String == "abc")
        for (member, field, found) in [
            (#""n": "text""#, "n", "a java.lang.String"), (#""zone": "Europe/Paris""#, "zone", "a java.lang.String"),
            (#""text": 5"#, "text", "a java.lang.Long"), (#""at": 1.5"#, "at", "a java.lang.Double"),
        ] {
            let error = try #require(failure(#"{"$class": "Measure", \#(member)}"#), "\(member)")
            #expect(error.kind == .typeMismatch)
            #expect(error.path == [field])
            #expect(error.found == found, "\(error)")
        }
        let written = DynamicObject(javaClass: "lib.Measure", fields: ["n": "text"])
        let codec = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
        let error = try #require(throws: SerializationError.self) { try codec.encode(written) }
        #expect(error.expected == "a java.lang.Number in lib.Measure.n")
    }

    /// An alias may name an object a map with number keys holds: the key path `byId.5` names the
    /// entry's value, not its key.
    @Test func anAliasIntoANumberKeyedMapNamesTheValue() throws {
        let shelf = try #require(
            try decode(
                #"{"$class": "Shelf", "byId": {"5": {"$class": "Book", "title": "Dune"}}, "best": {"$alias": "byId.5"}}"#
            )
                as? DynamicObject)
        let byId = try #require(shelf["byId"] as? OrderedDictionary<AnyHashable, Any?>)
        let book = try #require(byId[AnyHashable(Int64(5))] as? DynamicObject)
        #expect(book["title"] as? String == "Dune")
        #expect(shelf["best"] as? DynamicObject === book)
    }

    /// Where the schema says the class — a bean field, the elements of a `List<Book>`, a type
    /// variable resolved to a schema class — a dictionary without `$class` is an object of that
    /// class, as a person writing the document by hand leaves it out.
    @Test func aBeanSlotTakesADictionaryWithoutItsClass() throws {
        let shelf = try #require(
            try decode(
                #"{"$class": "Shelf", "best": {"title": "Dune", "author": {"name": "Frank", "books": "#
                    + #"[{"$alias": "best"}, {"title": "Children"}]}}}"#) as? DynamicObject)
        let book = try #require(shelf["best"] as? DynamicObject)
        #expect(book.javaClass == "lib.Book")
        #expect(book["title"] as? String == "Dune")
        let author = try #require(book["author"] as? DynamicObject)
        #expect(author.javaClass == "lib.Author")
        let books = try #require(author["books"] as? [Any?])
        #expect(books.first as? DynamicObject === book)
        #expect((books.last as? DynamicObject)?.javaClass == "lib.Book")
        // A map field keeps a dictionary a map.
        let mapped = try #require(try decode(#"{"$class": "Shelf", "byId": {"7": {"title": "X"}}}"#) as? DynamicObject)
        let byId = try #require(mapped["byId"] as? OrderedDictionary<AnyHashable, Any?>)
        #expect((byId[AnyHashable(Int64(7))] as? DynamicObject)?.javaClass == "lib.Book")
    }

    /// An enum constant names itself by name or ordinal; one that gives neither is an error,
    /// not the first constant.
    @Test func anEnumConstantNeedsItsNameOrOrdinal() throws {
        let error = try #require(failure(#"{"$class": "Shelf", "status": {"$class": "Status"}}"#))
        #expect(error.kind == .invalidValue)
        #expect(error.expected == "a constant of lib.Status: its name or its ordinal", "\(error)")
        #expect(error.path == ["status"])
        let negative = try #require(failure(#"{"$class": "Shelf", "status": {"$class": "Status", "ordinal": -1}}"#))
        #expect(negative.found == "ordinal -1", "\(negative)")
        let byOrdinal = try #require(
            try decode(#"{"$class": "Shelf", "status": {"$class": "Status", "ordinal": 1}}"#) as? DynamicObject)
        #expect((byOrdinal["status"] as? DynamicEnum)?.name == "LENT")
    }

    /// The Kryo writer refuses such a value in a bean built in Swift too.
    @Test func writingChecksToo() throws {
        let book = DynamicObject(javaClass: "lib.Book", fields: ["title": "Dune", "author": "Frank"])
        let codec = KryoCodec(
            registry: registry, dialect: .v5,
            options: SerializationOptions(references: true, registrationRequired: false))
        #expect(throws: SerializationError.self) { try codec.encode(book) }
    }
}
