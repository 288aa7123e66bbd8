import Foundation
import SwiftKryo
import Testing

/// A field that declares an array of a schema class and holds an array of a subclass (a
/// `Circle[]` in a `Shape[]` field, a `Circle[][]` in a `Shape[][]` one): Java's field holds that
/// array, and Kryo writes its class. And arrays of the JDK's interfaces and abstract classes
/// (`Number[]`, `Comparable[]`, `List<String>[]`…), declared or in an `Object` field. Java's side
/// is Tests/SubclassArrayPeer on Kryo 2.20, 4.0.3 and 5.6.2: its bytes come back the same through
/// every format, and Java reads what a document gives. (The arrays' classes were written as the
/// declared ones; the interfaces' arrays could not be declared or read.)
@Suite struct SubclassArrayPeerTests {
    static let versions = SchemaPeerProgram.versions

    static func schema(_ version: Int) -> String {
        """
        settings: {dialect: kryo\(version), references: false, registrationRequired: false}
        classes:
          - {class: SubclassArrayPeer$Shape, fields: {id: int}}
          - {class: SubclassArrayPeer$Circle, extends: SubclassArrayPeer$Shape, fields: {r: int}}
          - class: SubclassArrayPeer$Holder
            fields:
              shapes: SubclassArrayPeer$Shape[]
              grid: SubclassArrayPeer$Shape[][]
              mixed: SubclassArrayPeer$Shape[]
          - class: SubclassArrayPeer$Mixed
            fields:
              nums: Number[]
              texts: CharSequence[]
              keys: Comparable[]
              ser: Serializable[]
              lists: List<String>[]
              maps: Map<String, Integer>[]
              any: Object
              grid: Number[][]\(version == 2 ? "\n    publicFields: true" : "")
        """
    }

    static let document = #"""
        {"$class": "SubclassArrayPeer$Holder",
         "shapes": {"$class": "[LSubclassArrayPeer$Circle;",
                    "$value": [{"$class": "SubclassArrayPeer$Circle", "id": 1, "r": 10}, null]},
         "grid": {"$class": "[[LSubclassArrayPeer$Circle;",
                  "$value": [[{"$class": "SubclassArrayPeer$Circle", "id": 2, "r": 20}]]},
         "mixed": [{"$class": "SubclassArrayPeer$Circle", "id": 3, "r": 30}]}
        """#

    /// The "interfaces" case as a person writes it.
    static let interfaces = #"""
        {"$class": "SubclassArrayPeer$Mixed",
         "nums": [{"$class": "java.lang.Integer", "$value": 1}, 2, 3.5, {"$class": "java.math.BigDecimal", "value": "1.10"},
                  null],
         "texts": ["s", {"$class": "java.lang.StringBuilder", "$value": "b"}],
         "keys": ["k", {"$class": "java.lang.Integer", "$value": 1}],
         "ser": ["z", 2],
         "lists": [["l"], null],
         "maps": [{"m": {"$class": "java.lang.Integer", "$value": 1}}],
         "any": {"$class": "[Ljava.lang.Comparable;", "$value": ["x"]},
         "grid": [[{"$class": "java.lang.Integer", "$value": 1}], [2.5]]}
        """#

    static func codecs(_ version: Int) throws -> (kryo: KryoCodec, readable: ReadableCodec) {
        let registry = try Registry(schemas: try SchemaFiles.parse(schema(version), fileName: "arrays.yaml"))
        return (
            KryoCodec(
                registry: registry, dialect: try JavaPeerRun.dialect(for: version),
                options: SerializationOptions(references: false, registrationRequired: false)),
            ReadableCodec(registry: registry)
        )
    }

    static let runs: [Int: Result<JavaProgramRun, any Error>] = Dictionary(
        uniqueKeysWithValues: versions.map { version in
            (
                version,
                Result {
                    let (kryo, readable) = try codecs(version)
                    var bytes: [String: [UInt8]] = [:]
                    for (name, text) in [("arrays", document), ("interfaces", interfaces)] {
                        bytes[name] = try kryo.encode(try readable.decode(Any?.self, from: Array(text.utf8)))
                    }
                    return try JavaProgramRun.run(
                        version: version, sources: ["SubclassArrayPeer/SubclassArrayPeer.java"],
                        mainClass: "SubclassArrayPeer", swiftBytes: bytes)
                }
            )
        })

    /// `value`, read from Java's bytes `java`, gives them again: written directly, and through a
    /// JSON document and binary and XML keyed archives.
    static func expectJavaBytes(of value: DynamicObject, _ java: [UInt8], _ kryo: KryoCodec, _ readable: ReadableCodec)
        throws
    {
        #expect(hex(try kryo.encode(value)) == hex(java))
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: try readable.encode(value)))) == hex(java))
        for format in [PropertyListFormat.binary, .xml] {
            var keyed = KeyedArchiveCodec(registry: kryo.registry, format: format, options: kryo.options)
            keyed.keepsJavaClasses = true
            let back = try keyed.decode(Any?.self, from: try keyed.encode(value))
            #expect(hex(try kryo.encode(back)) == hex(java), "through a keyed archive, \(format)")
        }
    }

    @Test("Java's arrays of a subclass keep their classes, both ways and through every format", arguments: versions)
    func bothWays(_ version: Int) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts["arrays"] == "PASS", "\(run.verdicts["arrays"] ?? "no verdict"): \(run.output)")
        let java = try #require(run.javaBytes["arrays"])
        let (kryo, readable) = try Self.codecs(version)
        let holder = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        #expect((holder["shapes"] as? DynamicArray)?.javaClass == "[LSubclassArrayPeer$Circle;")
        #expect((holder["grid"] as? DynamicArray)?.javaClass == "[[LSubclassArrayPeer$Circle;")
        #expect((holder["mixed"] as? DynamicArray)?.javaClass == "[LSubclassArrayPeer$Shape;")
        try Self.expectJavaBytes(of: holder, java, kryo, readable)
        // The document that names the arrays' classes gives Java's bytes.
        #expect(hex(try kryo.encode(try readable.decode(Any?.self, from: Array(Self.document.utf8)))) == hex(java))
    }

    @Test(
        "Arrays of JDK interfaces, declared or in an Object field, both ways and through every format",
        arguments: versions)
    func interfaceArrays(_ version: Int) throws {
        let run = try #require(Self.runs[version]).get()
        #expect(run.verdicts["interfaces"] == "PASS", "\(run.verdicts["interfaces"] ?? "no verdict"): \(run.output)")
        let java = try #require(run.javaBytes["interfaces"])
        let (kryo, readable) = try Self.codecs(version)
        let mixed = try #require(try kryo.decode(Any?.self, from: java) as? DynamicObject)
        #expect((mixed["nums"] as? DynamicArray)?.javaClass == "[Ljava.lang.Number;")
        #expect((mixed["any"] as? DynamicArray)?.javaClass == "[Ljava.lang.Comparable;")
        #expect((mixed["grid"] as? DynamicArray)?.javaClass == "[[Ljava.lang.Number;")
        #expect((mixed["lists"] as? DynamicArray)?.javaClass == "[Ljava.util.List;")
        try Self.expectJavaBytes(of: mixed, java, kryo, readable)
    }

    /// An array of a class that is no subclass, or of more dimensions, is an error naming the
    /// field, as Java's field could not hold it.
    @Test(arguments: ["[LSubclassArrayPeer$Holder;", "[[LSubclassArrayPeer$Circle;", "[Ljava.lang.String;", "[I"])
    func anArrayTheFieldCannotHoldIsAnError(_ javaClass: String) throws {
        let (kryo, readable) = try Self.codecs(5)
        let text = #"{"$class": "SubclassArrayPeer$Holder", "shapes": {"$class": "\#(javaClass)", "$value": []}}"#
        let error = try #require(
            throws: SerializationError.self,
            performing: { try kryo.encode(try readable.decode(Any?.self, from: Array(text.utf8))) })
        #expect(error.kind == .typeMismatch)
        #expect(error.path == ["shapes"], "\(error)")
    }
}
