import SwiftKryo
import Testing

/// A `TreeSet`, `TreeMap` or `PriorityQueue` in natural order that Java could not hold — a
/// `null`, or values of two JDK classes (`compareTo` throws `NullPointerException` or
/// `ClassCastException` as Java reads them) — is an error before its bytes are written.
@Suite struct NaturalOrderCheckTests {
    static let schema = """
        package: p
        settings: {registrationRequired: false}
        classes:
          - class: Sorted
            id: 20
            fields: {set: TreeSet<String>, map: "TreeMap<String, Integer>", any: Object}
        """

    private func encode(_ document: String) throws -> [UInt8] {
        let registry = try Registry(schemas: try SchemaFiles.parse(Self.schema, fileName: "p.yaml"))
        let value = try ReadableCodec(registry: registry).decode(Any?.self, from: Array(document.utf8))
        let options = SerializationOptions(references: false, registrationRequired: false)
        return try KryoCodec(registry: registry, dialect: .v5, options: options).encode(value)
    }

    @Test(arguments: [
        (#""set": ["a", null]"#, "null at index 0 (Java's natural order cannot compare null)"),
        (
            #""map": {"$class": "NSDictionary", "NS.keys": [null], "NS.objects": [1]}"#,
            "null at index 0 (Java's natural order cannot compare null)"
        ),
        (
            #""any": {"$class": "java.util.TreeSet", "$value": ["b", 1]}"#,
            "a java.lang.String at index 1 beside a java.lang.Long at index 0 (Java's natural order cannot compare them)"
        ),
        (
            #""any": {"$class": "java.util.PriorityQueue", "$value": [1, {"$class": "java.lang.Integer", "$value": 2}]}"#,
            "a java.lang.Integer at index 1 beside a java.lang.Long at index 0 (Java's natural order cannot compare them)"
        ),
    ])
    func whatJavaCannotCompareIsAnError(fields: String, found: String) throws {
        #expect {
            _ = try encode(#"{"$class": "p.Sorted", "# + fields + "}")
        } throws: { error in
            guard let error = error as? SerializationError else { return false }
            return error.found == found
                && error.expected == "elements or keys Java's natural order compares (one JDK class, no null)"
        }
    }

    @Test func whatJavaComparesIsWritten() throws {
        let bytes = try encode(
            #"{"$class": "p.Sorted", "set": ["b", "a"], "map": {"$class": "NSDictionary", "NS.keys": ["x"], "NS.objects": [1]}, "any": {"$class": "java.util.TreeSet", "$value": [2, 1]}}"#
        )
        #expect(!bytes.isEmpty)
    }
}
