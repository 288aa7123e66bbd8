import Foundation
import SwiftKryo
import Testing

/// Java 9+'s `List.of`, `Set.of` and `Map.of` as Kryo 5.6.2 writes them (Tests/Fixtures/kryo5/
/// immutable, written by the real jar): JDK-internal classes chosen by the size
/// (`ImmutableCollections$List12`, `$ListN`…), elements never nil. Read, written back byte for
/// byte (the class chosen again by the size), also through JSON.
@Suite struct KryoFiveImmutableCollectionTests {
    static let directory = KryoFiveVectorTests.directory.appendingPathComponent("immutable")
    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".bin") }.map { String($0.dropLast(4)) }.sorted()

    private func codec(_ name: String) throws -> (bytes: [UInt8], codec: KryoCodec, registry: Registry) {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("\(name).bin")))
        let registry = try Registry(
            schemas: try SchemaFiles.load(Self.directory.appendingPathComponent("basket.yaml")))
        let options = SerializationOptions(references: name.hasSuffix(".refs"), registrationRequired: false)
        return (bytes, KryoCodec(registry: registry, dialect: .v5, options: options), registry)
    }

    @Test func everyFixtureIsListed() { #expect(Self.names.count == 18) }

    @Test("Kryo 5 → values → Kryo 5 and through JSON", arguments: names)
    func roundTrips(_ name: String) throws {
        let (bytes, codec, registry) = try codec(name)
        let value = try codec.decode(Any?.self, from: bytes)
        #expect(hex(try codec.encode(value)) == hex(bytes))
        let readable = ReadableCodec(registry: registry, format: .json, options: codec.options)
        let document = try readable.encode(value)
        #expect(
            hex(try codec.encode(try readable.decode(Any?.self, from: document))) == hex(bytes),
            "\(String(decoding: document, as: UTF8.self))")
    }

    @Test func valuesAreJavas() throws {
        func read(_ name: String) throws -> Any? {
            let (bytes, codec, _) = try codec(name)
            return try codec.decode(Any?.self, from: bytes)
        }
        let three = try #require(try read("list_of_3") as? JavaImmutableList<Any?>)
        #expect(three.compactMap { $0 as? String } == ["a", "b", "c"])
        #expect(three.javaClassNameOfValue == "java.util.ImmutableCollections$ListN")
        let one = try #require(try read("list_of_1") as? JavaImmutableList<Any?>)
        #expect(one.javaClassNameOfValue == "java.util.ImmutableCollections$List12")
        let map = try #require(try read("map_of_3") as? JavaImmutableMap<AnyHashable, Any?>)
        #expect(Set(map.entries.keys.compactMap { $0.base as? String }) == ["a", "b", "c"])
        let set = try #require(try read("set_of_4") as? JavaImmutableSet<AnyHashable>)
        #expect(Set(set.elements.compactMap { $0.base as? Int32 }) == [1, 2, 3, 4])
        let basket = try #require(try read("basket") as? DynamicObject)
        #expect(basket["counts"] is JavaImmutableMap<AnyHashable, Any?>)
        #expect((basket["names"] as? JavaImmutableList<Any?>)?.count == 2)
    }

    @Test func aNilElementIsRefused() throws {
        let registry = try Registry()
        let list = JavaImmutableList<Any?>(["a", nil])
        #expect(throws: SerializationError.self) {
            try KryoCodec(registry: registry, dialect: .v5, options: .init(references: false)).encode(list)
        }
    }
}
