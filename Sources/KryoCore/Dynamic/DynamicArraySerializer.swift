/// Serializes a Java array whose component is a class of the dynamic path (`peer.Color[]`) as
/// Java's `ObjectArraySerializer` does: `length + 1` (`0` for null), then the elements, each
/// without its class when the component type is final. Values are ``DynamicArray``s.
struct DynamicArraySerializer: Serializer {
    /// The Java array class (`[Lpeer.Color;`).
    let javaName: String
    /// The declared type of the elements.
    let component: DeclaredType

    var isFinal: Bool { true }
    var handlesNil: Bool { true }

    func write(_ value: DynamicArray, to writer: any ValueWriter) throws {
        try writeLength(value.count, to: writer)
        for (index, element) in value.elements.enumerated() {
            do {
                try writer.writeObject(DynamicArray.adopting(element, as: component), as: component, forKey: "element")
            } catch {
                throw SerializationError.naming(element: index, in: error)
            }
        }
    }

    func read(from reader: any ValueReader) throws -> DynamicArray {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "an array of \(component.javaName ?? "objects")", found: "nil")
        }
        return value
    }

    func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "length", encoding: .positive)
    }

    func readNilable(from reader: any ValueReader) throws -> DynamicArray? {
        guard let count = try readArrayLength(from: reader, minimumBytesPerElement: 1) else { return nil }
        var elements: [Any?] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try reader.readObject(as: component, forKey: "element")) }
        return DynamicArray(javaClass: javaName, elements)
    }
}
