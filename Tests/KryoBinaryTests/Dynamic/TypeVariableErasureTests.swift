import Foundation
import SwiftKryo
import Testing

/// Type variables as Java erases and resolves them, on the bytes the three jars wrote (Kryo
/// 2.20, 4.0.3 and 5.6.2, classes by name, references on and off):
///
/// - `RoleSlot<R extends Role> { R value; R[] values; }`: the erasure of `R` is its bound, the
///   enum `Role`, so every release writes both fields without a class tag.
/// - `BoxHolder { Box<String> box; Box<Role> roles; }` with `Box<T> { T one; T[] arr; }`: Kryo 5
///   resolves `T[]` from the slot's arguments to `String[]` and `Role[]`, final, without a class
///   tag; Kryo 2.20 and 4 write `T[]` as `Object[]`, the array's own class before it, which the
///   array keeps through every conversion.
/// - `Customer extends Base<Long>` with `Base<ID> { ID id; List<ID> ids; ID[] arr; }`: Kryo 5
///   resolves the superclass's `ID` from the `extends` arguments (`Long`, final: no class tags,
///   and `List<Long>`'s elements without theirs); Kryo 2.20 and 4 see `Object`.
@Suite struct TypeVariableErasureTests {
    static let schema = """
        package: gv
        classes:
          - class: Role
            enum: [ADMIN, USER, GUEST]
          - class: RoleSlot
            typeParameters: [R extends Role]
            fields: {value: R, values: "R[]"}
          - class: Box
            typeParameters: [T]
            fields: {one: T, arr: "T[]"}
          - class: BoxHolder
            fields: {box: Box<String>, roles: Box<Role>}
          - class: Base
            typeParameters: [ID]
            fields: {id: ID, ids: List<ID>, arr: "ID[]"}
          - class: Customer
            extends: Base<Long>
            fields: {name: String}
        """

    static let roleSlot: [(KryoDialect, Bool, String)] = [
        (.v2, true, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 01 01 03 01 04 01 02 00 01 01"),
        (.v2, false, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 03 04 02 00 01"),
        (.v4, true, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 01 01 03 01 04 01 02 00 01 01"),
        (.v4, false, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 03 04 02 00 01"),
        (.v5, true, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 01 01 03 01 04 01 02 00 01 01"),
        (.v5, false, "01 00 67 76 2e 52 6f 6c 65 53 6c 6f f4 03 04 02 00 01"),
    ]
    static let boxHolder: [(KryoDialect, Bool, String)] = [
        (
            .v2, true,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 01 67 76 2e 42 6f f8 01 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 01 04 82 61 80 82 62 03 01 82 78 01 01 01 01 03 5b 4c 67 76 2e 52 6f 6c 65 bb 01 02 01 03 01 04 67 76 2e 52 6f 6c e5 01 02"
        ),
        (
            .v2, false,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 67 76 2e 42 6f f8 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 04 82 61 80 82 62 03 82 78 01 01 01 03 5b 4c 67 76 2e 52 6f 6c 65 bb 02 03 01 04 67 76 2e 52 6f 6c e5 02"
        ),
        (
            .v4, true,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 01 67 76 2e 42 6f f8 01 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 01 04 01 82 61 00 01 82 62 03 01 82 78 01 01 01 01 03 5b 4c 67 76 2e 52 6f 6c 65 bb 01 02 01 03 01 04 67 76 2e 52 6f 6c e5 01 02"
        ),
        (
            .v4, false,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 67 76 2e 42 6f f8 01 02 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 53 74 72 69 6e 67 bb 04 82 61 80 82 62 03 82 78 01 01 01 03 5b 4c 67 76 2e 52 6f 6c 65 bb 02 03 01 04 67 76 2e 52 6f 6c e5 02"
        ),
        (
            .v5, true,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 01 67 76 2e 42 6f f8 01 01 04 01 82 61 00 01 82 62 01 82 78 01 01 01 01 02 01 03 01 02"
        ),
        (
            .v5, false,
            "01 00 67 76 2e 42 6f 78 48 6f 6c 64 65 f2 01 01 67 76 2e 42 6f f8 04 82 61 80 82 62 82 78 01 01 02 03 02"
        ),
    ]
    static let customer: [(KryoDialect, Bool, String)] = [
        (
            .v2, true,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 01 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4c 6f 6e 67 bb 01 03 01 06 00 09 0e 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 02 09 02 09 04 01 41 6e ee"
        ),
        (
            .v2, false,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4c 6f 6e 67 bb 03 01 06 00 09 0e 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 02 09 02 09 04 41 6e ee"
        ),
        (
            .v4, true,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 01 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4c 6f 6e 67 bb 01 03 01 06 00 09 0e 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 02 09 02 09 04 01 41 6e ee"
        ),
        (
            .v4, false,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 01 01 5b 4c 6a 61 76 61 2e 6c 61 6e 67 2e 4c 6f 6e 67 bb 03 01 06 00 09 0e 01 02 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 02 09 02 09 04 41 6e ee"
        ),
        (
            .v5, true,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 01 01 03 01 06 00 01 0e 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 01 03 02 04 01 41 6e ee"
        ),
        (
            .v5, false,
            "01 00 67 76 2e 43 75 73 74 6f 6d 65 f2 03 01 06 00 01 0e 01 01 6a 61 76 61 2e 75 74 69 6c 2e 41 72 72 61 79 4c 69 73 f4 03 02 04 41 6e ee"
        ),
    ]

    /// Decodes `hex`, checks the graph, and encodes it back to the same bytes, directly and
    /// through a readable document; then encodes it for the other two releases, which must give
    /// their jar's bytes.
    static func roundTrips(
        _ table: [(KryoDialect, Bool, String)], _ dialect: KryoDialect, _ references: Bool,
        check: (DynamicObject) throws -> Void
    ) throws {
        let codec = try schemaCodec(schema, dialect, references: references)
        let bytes = hexBytes(try #require(table.first { $0.0 == dialect && $0.1 == references }).2)
        let object = try #require(try codec.decode(Any?.self, from: bytes) as? DynamicObject)
        try check(object)
        #expect(try codec.encode(object) == bytes)
        let readable = ReadableCodec(registry: codec.registry, options: SerializationOptions(references: references))
        let document = try readable.encode(object)
        #expect(try codec.encode(try readable.decode(Any?.self, from: document)) == bytes)
        for (other, otherReferences, hex) in table where other != dialect && otherReferences == references {
            let target = try schemaCodec(schema, other, references: references)
            #expect(try target.encode(object) == hexBytes(hex), "\(dialect) to \(other)")
        }
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5], [true, false])
    func aBoundIsTheErasure(dialect: KryoDialect, references: Bool) throws {
        try Self.roundTrips(Self.roleSlot, dialect, references) { slot in
            #expect((slot["value"] as? DynamicEnum)?.name == "GUEST")
            let values = try #require(slot["values"] as? DynamicArray)
            #expect(values.javaClass == "[Lgv.Role;")
            #expect(values.elements.map { ($0 as? DynamicEnum)?.name } == ["USER", nil, "ADMIN"])
        }
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5], [true, false])
    func anArrayOfAVariableIsResolvedByKryoFiveAndKeepsItsClass(dialect: KryoDialect, references: Bool) throws {
        try Self.roundTrips(Self.boxHolder, dialect, references) { holder in
            let box = try #require(holder["box"] as? DynamicObject)
            #expect(box["one"] as? String == "x")
            let strings = try #require(box["arr"] as? JavaArray<String>)
            #expect(strings.elements == ["a", nil, "b"])
            let roles = try #require((holder["roles"] as? DynamicObject)?["arr"] as? DynamicArray)
            #expect(roles.javaClass == "[Lgv.Role;")
            #expect(roles.elements.map { ($0 as? DynamicEnum)?.name } == ["GUEST"])
        }
    }

    @Test(arguments: [KryoDialect.v2, .v4, .v5], [true, false])
    func aSuperclassArgumentResolvesInheritedFieldsForKryoFive(dialect: KryoDialect, references: Bool) throws {
        try Self.roundTrips(Self.customer, dialect, references) { customer in
            #expect(ValueConversion.convert(customer["id"], to: Int64.self) == 7)
            #expect(customer["name"] as? String == "Ann")
            #expect(ValueConversion.convert(customer["ids"], to: [Int64].self) == [1, 2])
            let longs = try #require(customer["arr"] as? JavaArray<Int>)
            #expect(longs.elements == [3, nil])
        }
    }

    @Test func theModelKeepsBoundsAndBothViewsOfAnInheritedField() throws {
        let set = try SchemaFiles.parse(Self.schema, fileName: "gv.yaml")
        let slot = try #require(set.classes.first { $0.javaName == "gv.RoleSlot" })
        #expect(slot.typeParameters == ["R"])
        #expect(slot.typeParameterBounds == ["R": .object("gv.Role", arguments: [])])
        let customer = try #require(set.classes.first { $0.javaName == "gv.Customer" })
        let id = try #require(customer.fields.first { $0.name == "id" })
        #expect(id.type == .object("java.lang.Long", arguments: []))
        #expect(id.erasedType == .anyObject)
        let ids = try #require(customer.fields.first { $0.name == "ids" })
        #expect(ids.type == .object("java.util.List", arguments: [.object("java.lang.Long", arguments: [])]))
        #expect(ids.erasedType == .object("java.util.List", arguments: [.anyObject]))
        #expect(customer.fields.first { $0.name == "name" }?.erasedType == nil)
        // The canonical files keep both: `R extends gv.Role`, and `erasure:` beside the type.
        let yaml = SchemaFiles.yaml(set)
        #expect(yaml.contains("typeParameters: [\"R extends gv.Role\"]"))
        #expect(yaml.contains("id: {type: Long, erasure: \"Object\"}"), "\(yaml)")
        #expect(try SchemaFiles.parse(yaml, fileName: "again.yaml") == set)
        #expect(try SchemaFiles.parse(SchemaFiles.json(set), fileName: "again.json") == set)
    }

    /// A wildcard argument is its bound, as Kryo 5's `GenericsUtil.resolveType` takes it.
    @Test func aWildcardIsItsBound() throws {
        #expect(
            try JavaType(parsing: "List<? extends Payload>")
                == .object("java.util.List", arguments: [.object("Payload", arguments: [])]))
        #expect(
            try JavaType(parsing: "Map<String, ?>")
                == .object("java.util.Map", arguments: [.string, .anyObject]))
        #expect(
            try JavaType(parsing: "List< ? super Integer >")
                == .object("java.util.List", arguments: [.object("java.lang.Integer", arguments: [])]))
        #expect(throws: (any Error).self) { try JavaType(parsing: "List<? above Integer>") }
        #expect(throws: (any Error).self) { try JavaType(parsing: "?") }
    }

    @Test func badBoundsAreErrorsAtTheirPlace() {
        func failure(_ parameter: String, extends: String = "") -> String? {
            let text = """
                package: gv
                classes:
                  - class: Holder
                    typeParameters: [\(parameter)]
                    fields: {v: T}
                  - class: Sub
                    extends: \(extends.isEmpty ? "Holder" : extends)
                    fields: {w: int}
                """
            do {
                _ = try SchemaFiles.parse(text, fileName: "b.yaml")
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failure("T extends int") == "b.yaml:4:32: type parameter T is bounded by a primitive type")
        #expect(failure("T extends Nowhere")?.hasPrefix("b.yaml:4:32: unknown class gv.Nowhere") == true)
        #expect(
            failure("T super Number")
                == "b.yaml:4:22: expected a type parameter (T, or T extends Bound), found \"T super Number\"")
        #expect(
            failure("T", extends: "Holder<String, String>")
                == "b.yaml:7:14: gv.Holder takes 1 type argument (or none, its raw type), not 2")
        #expect(failure("T", extends: "Holder<String>") == nil)
    }
}
