/// The bodies of Java's untyped maps and lists (`HashMap` and `ArrayList` of `Object`), read and
/// written through calls that are not generic, for modules outside the core (the Codable bridge).
///
/// A generic call across modules is not specialized unless its callee is inlinable: the bridge
/// calling `MapSerializer<AnyHashable, Any?>` itself ran the generic serializer, with a look-up of
/// generic metadata per entry (a Codable round trip took 13 % more instructions than when the
/// bridge was in the core). Here the calls are specialized, as they were then.
package enum UntypedContainers {
    /// A map's body, its keys and values of any class (`MapSerializer<AnyHashable, Any?>`).
    package static func readMap(from reader: any ValueReader) throws -> [AnyHashable: Any?] {
        try MapSerializer<AnyHashable, Any?>().read(from: reader)
    }

    /// A list's body, its elements of any class (`CollectionSerializer<[Any?], Any?>`).
    package static func readList(from reader: any ValueReader) throws -> [Any?] {
        try CollectionSerializer<[Any?], Any?>().read(from: reader)
    }

    /// Kryo 5's body of a list of elements of any class: the size + 1, then the elements' shared
    /// class once when they share one.
    package static func writeKryoFiveList(_ elements: [Any?], to writer: any ValueWriter) throws {
        try KryoFiveElements.write(elements, untypedElement, to: writer) {}
    }

    /// The slot of an untyped list's elements (Java's `Object`).
    private static let untypedElement = ObjectSlot<Any?>(.object)
}
