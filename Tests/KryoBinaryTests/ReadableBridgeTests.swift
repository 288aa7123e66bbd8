import Foundation
import SwiftKryo
import Testing

/// Every value exchanged with the Java peer (schema-declared, Codable and registered types, Java
/// collections, arrays, enums, JDK types) goes Kryo binary → readable document → Kryo binary, in
/// each readable layout.
@Suite struct ReadableBridgeTests {
    static let layouts: [ReadableFormat] = [.json, .propertyList(.xml), .propertyList(.binary)]
    static let caseNames = PeerCases.all.filter { $0.readConfig == nil && !$0.readFails }.map(\.name)

    /// Values whose Java classes a document cannot name, so Kryo writes other classes for them
    /// after the trip: JDK collections read back through a registration of another Swift type (an
    /// `EmptyList`, a `SingletonMap`, an `EnumSet` in a list, a `TreeSet` the 2.20 dialect reads in natural order), and a
    /// `HashMap` of several entries, which an untyped slot reads back in another order. (Values a
    /// plain form alone would lose — an `Integer` in an `Object` field, an `int[]`, a `LinkedList`
    /// — are stored with their class, `{"$class": …, "$value": …}`, and keep their bytes.) For
    /// these the readable documents before and after the trip are compared instead.
    static let javaClassesNotInPlainForm: Set<String> = [
        "hashmap_big",
        "jdkc_empty_list", "jdkc_empty_list_norefs", "jdkc_empty_map", "jdkc_empty_set", "jdkc_enumset_in_list",
        "jdkc_single_in_list", "jdkc_single_in_list_norefs", "jdkc_single_list",
        "jdkc_single_map", "jdkc_single_map_null", "jdkc_single_set",
        "jdkc_treeset_rev",
    ]

    /// Cases whose document changes on the trip though their bytes do not.
    static let orderNotInPlainForm: Set<String> = []

    @Test("Kryo → readable → Kryo", arguments: caseNames)
    func binaryThroughReadable(_ name: String) throws {
        let peerCase = try #require(PeerCases.all.first { $0.name == name })
        let original = try peerCase.encode()
        let value = try peerCase.decode(original)
        let registry = try peerCase.config.registry()
        let declared: any Any.Type =
            peerCase.framing == .classAndObject
            ? ValueConversion.flatten(value).map { type(of: $0) } ?? Any.self : peerCase.declaredType
        for layout in Self.layouts {
            let codec = ReadableCodec(
                registry: registry, format: layout, options: SerializationOptions(references: peerCase.references))
            let document = try codec.encode(value)
            func typed<T>(_: T.Type) throws -> Any? { try codec.decode(Optional<T>.self, from: document) }
            let back = try typed(declared)
            // The trip keeps everything the document holds…
            if !Self.orderNotInPlainForm.contains(name) {
                #expect(try codec.encode(back) == document, "\(layout)")
            }
            // …and for values whose classes the document names or the types declare, the bytes.
            let output = KryoOutput()
            try peerCase.codec().encode(
                back, declaredType: peerCase.framing == .classAndObject ? nil : peerCase.declaredType, to: output)
            if Self.javaClassesNotInPlainForm.contains(name) {
                #expect(hex(output.buffer) != hex(original) || !peerCase.sameBytes, "\(name) now keeps its bytes")
            } else if peerCase.sameBytes {
                #expect(hex(output.buffer) == hex(original), "\(layout): \(String(decoding: document, as: UTF8.self))")
            } else if let failure = peerCase.check(back) {
                Issue.record("\(layout): \(failure)")
            }
        }
    }
}
