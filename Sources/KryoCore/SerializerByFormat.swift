/// A serializer with a form of its own in some format families: a type whose values a keyed
/// archive stores under Apple's keys, or that a Java peer writes in a compact form of its own,
/// registers a second serializer for that family instead of switching on
/// ``ValueWriter/formatFamily`` inside one.
///
/// ```swift
/// let registry = try Registry {
///     Register(
///         Color.self, id: 21, javaName: "paint.Color", serializer: ColorSerializer(),
///         formats: [.kryoBinary: RGBIntColorSerializer()])
/// }
/// ```
///
/// Each write and read goes to the serializer of the writer's or reader's family, or to the
/// default one when the family has none. The forms must agree on what the backend asks before
/// it calls them (``Serializer/handlesNil``, ``Serializer/isFinal``): the default serializer
/// answers for all of them. A copy (``Serializer/copy(_:with:)``) goes to the default serializer.
public struct SerializerByFormat<Value>: Serializer {
    /// The serializer of the families without a form of their own.
    public let defaultSerializer: any Serializer<Value>
    /// The serializers of the families with a form of their own.
    public let forms: [FormatFamily: any Serializer<Value>]

    /// A serializer that writes and reads with `defaultSerializer`, except in the families
    /// `forms` names.
    public init(_ defaultSerializer: some Serializer<Value>, forms: [FormatFamily: any Serializer<Value>]) {
        self.defaultSerializer = defaultSerializer
        self.forms = forms
    }

    /// The serializer of `family`.
    public func serializer(for family: FormatFamily) -> any Serializer<Value> {
        forms[family] ?? defaultSerializer
    }

    public var handlesNil: Bool { defaultSerializer.handlesNil }
    public func handlesNil(in version: KryoWireVersion) -> Bool { defaultSerializer.handlesNil(in: version) }
    public var isFinal: Bool { defaultSerializer.isFinal }

    public func write(_ value: Value, to writer: any ValueWriter) throws {
        try serializer(for: writer.formatFamily).write(value, to: writer)
    }

    public func read(from reader: any ValueReader) throws -> Value {
        try serializer(for: reader.formatFamily).read(from: reader)
    }

    public func writeNil(to writer: any ValueWriter) throws {
        try serializer(for: writer.formatFamily).writeNil(to: writer)
    }

    public func readNilable(from reader: any ValueReader) throws -> Value? {
        try serializer(for: reader.formatFamily).readNilable(from: reader)
    }

    public func copy(_ value: Value, with copier: ValueCopier) throws -> Value {
        try defaultSerializer.copy(value, with: copier)
    }
}
