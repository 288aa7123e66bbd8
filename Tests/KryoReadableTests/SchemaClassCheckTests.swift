import Foundation
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
        #expect(element.path == ["books"])
        #expect(element.expected.contains("an object of lib.Book"), "\(element)")
        #expect(element.found == "a java.lang.String at index 1", "\(element)")
        let value = try #require(failure(#"{"$class": "Book", "related": {"more": [3]}}"#))
        #expect(value.path == ["related"])
        #expect(value.found == "a java.lang.Long at index 0 under the key more", "\(value)")
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
