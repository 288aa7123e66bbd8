/// The `TraversableSerializer` of Twitter's chill, which Apache Spark registers for Scala's
/// collections (`List`, `Vector`, `Set`, `Map`, `ArrayBuffer`…): the size as Java's
/// `writeInt(size, true)`, then every element with its class (`writeClassAndObject`). A Scala map
/// is a collection of its `scala.Tuple2` entries.
///
/// In Kryo's own stream the body equals `CollectionSerializer`'s without generic arguments; in
/// Kryo 4's `UnsafeOutput` and `FastOutput` (Spark's default stream) the size is 4 fixed bytes
/// where `CollectionSerializer` writes a varint. Values are ``JavaCollection``s of the class;
/// keyed and readable formats write them as any named collection.
struct ChillTraversableSerializer: Serializer {
    /// The collection in the other formats.
    let plain: JavaCollectionSerializer<Any?>

    init(javaClass: String) { plain = JavaCollectionSerializer(javaClass: javaClass) }

    func write(_ value: JavaCollection<Any?>, to writer: any ValueWriter) throws {
        guard writer.isPositional else { return try plain.write(value, to: writer) }
        guard value.elements.count < Int(Int32.max) else {
            throw SerializationError(
                .sizeLimitExceeded, expected: "fewer than 2^31 elements", found: "\(value.elements.count)")
        }
        try writer.writeInt32(Int32(value.elements.count), forKey: "size", encoding: .outputPositive)
        for (index, element) in value.elements.enumerated() {
            do {
                try writer.writeObject(element, forKey: "element")
            } catch {
                throw SerializationError.naming(element: index, in: error)
            }
        }
    }

    func read(from reader: any ValueReader) throws -> JavaCollection<Any?> {
        guard reader.isPositional else { return try plain.read(from: reader) }
        let count = Int(try reader.readInt32(forKey: "size", encoding: .outputPositive))
        guard count >= 0 else {
            throw reader.error(.invalidValue, expected: "a collection size", found: "\(count)")
        }
        try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "size")
        var elements: [Any?] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try reader.readObject(forKey: "element")) }
        return JavaCollection(javaClass: plain.javaClass, elements)
    }

    func copy(_ value: JavaCollection<Any?>, with copier: ValueCopier) throws -> JavaCollection<Any?> {
        try plain.copy(value, with: copier)
    }
}
