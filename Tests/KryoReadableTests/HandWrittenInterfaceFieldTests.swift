import SwiftKryo
import Testing

/// A plain list or map in a field of a JDK interface that `ArrayList`, `HashSet` and `HashMap`
/// do not implement (`Queue`, `SortedMap`…) becomes the class Java programs usually give that
/// interface, so that Java can put the object in its field.
@Suite struct HandWrittenInterfaceFieldTests {
    static let schema = """
        package: doc
        classes:
          - class: Box
            fields:
              queue: java.util.Queue<Long>
              deque: java.util.Deque<Long>
              sortedSet: java.util.SortedSet<Long>
              navigableSet: java.util.NavigableSet<Long>
              sortedMap: java.util.SortedMap<String, Long>
              navigableMap: java.util.NavigableMap<String, Long>
              concurrent: java.util.concurrent.ConcurrentMap<String, Long>
              skipList: java.util.concurrent.ConcurrentNavigableMap<String, Long>
              blocking: java.util.concurrent.BlockingQueue<Long>
              blockingDeque: java.util.concurrent.BlockingDeque<Long>
              dictionary: java.util.Dictionary<String, Long>
              list: java.util.List<Long>
        """

    let document: SchemaDocument
    init() throws { document = try SchemaDocument(schema: Self.schema, javaClass: "doc.Box") }

    /// The Kryo 5 bytes of the document `{"$class": "doc.Box", <fields>}`.
    func bytes(_ fields: String) throws -> [UInt8] {
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        return try kryo.encode(try document.object(fields))
    }

    @Test(arguments: [
        ("queue", "[1, null]", "java.util.LinkedList"), ("deque", "[2]", "java.util.LinkedList"),
        ("sortedSet", "[3, 1]", "java.util.TreeSet"), ("navigableSet", "[1]", "java.util.TreeSet"),
        ("sortedMap", #"{"b": 1, "a": 2}"#, "java.util.TreeMap"), ("navigableMap", #"{"a": 1}"#, "java.util.TreeMap"),
        ("concurrent", #"{"a": 1}"#, "java.util.concurrent.ConcurrentHashMap"),
        ("skipList", #"{"a": 1}"#, "java.util.concurrent.ConcurrentSkipListMap"),
        ("blocking", "[1]", "java.util.concurrent.LinkedBlockingQueue"),
        ("blockingDeque", "[1]", "java.util.concurrent.LinkedBlockingDeque"),
        ("dictionary", #"{"a": 1}"#, "java.util.Hashtable"), ("list", "[1]", "java.util.ArrayList"),
    ])
    func aPlainValueBecomesTheInterfacesUsualClass(key: String, value: String, javaClass: String) throws {
        let plain = try bytes(#""\#(key)": \#(value)"#)
        #expect(plain == (try bytes(#""\#(key)": {"$class": "\#(javaClass)", "$value": \#(value)}"#)))
        #expect(plain.count > javaClass.utf8.count)
        // The class by name, where Java's FieldSerializer reads it.
        #expect(String(decoding: plain, as: UTF8.self).contains(String(javaClass.dropLast())))
    }

    /// An `ArrayList` built for a `Queue` field is an error when it is written, as Java could not
    /// hold it there (a document's list became a `LinkedList` above).
    @Test func anArrayListInAQueueFieldIsAnError() throws {
        let kryo = KryoCodec(
            registry: document.codec.registry, dialect: .v5, options: SerializationOptions(registrationRequired: false))
        let box = DynamicObject(javaClass: "doc.Box", fields: ["queue": [1 as Int64] as [Any?]])
        let error = try #require(throws: SerializationError.self) { try kryo.encode(box) }
        #expect(error.kind == .typeMismatch)
        #expect(error.expected.hasPrefix("a java.util.Queue"), "\(error)")
        #expect(error.found == "a java.util.ArrayList", "\(error)")
        #expect(error.path.last == "queue", "\(error)")
    }
}
