/// How one field of a schema is written and read, as a value the `@JavaClass` macro keeps: the
/// schema's ``Field`` is built from it, and the field serializer's straight-line form (``DirectFields``) calls it for the same field,
/// with the same slot, so that both forms write the same bytes.
///
/// Make one with `FieldCodec.of(\Type.property, "javaName")`: the key path only tells the
/// property's type (it is not kept), and the overloads pick from it the same kind of field as
/// ``Field``'s initializers do for the same Swift type: a Java primitive, a `String`, a list, an
/// enum, or any other object, each optional or not.
public enum FieldCodec {
    /// A Java primitive field (`int`, `long`, `boolean`…).
    @inlinable
    public static func of<Root, V: JavaPrimitive>(_: KeyPath<Root, V>, _ name: String, java: JavaFieldOptions = .init())
        -> PrimitiveFieldCodec<V>
    {
        PrimitiveFieldCodec(name: name, java: java)
    }

    /// A `String` field that Swift never holds nil in.
    @inlinable
    public static func of<Root>(_: KeyPath<Root, String>, _ name: String, java: JavaFieldOptions = .init())
        -> StringFieldCodec
    {
        StringFieldCodec(name: name, declared: DeclaredType.of(String.self, java: java), java: java)
    }

    /// A `String` field that may be nil.
    @inlinable
    public static func of<Root>(_: KeyPath<Root, String?>, _ name: String, java: JavaFieldOptions = .init())
        -> OptionalStringFieldCodec
    {
        OptionalStringFieldCodec(name: name, declared: DeclaredType.of(String?.self, java: java), java: java)
    }

    /// An object field that is never nil in Swift (a bean, a map, a set…).
    @inlinable
    public static func of<Root, V>(_: KeyPath<Root, V>, _ name: String, java: JavaFieldOptions = .init())
        -> ObjectFieldCodec<V>
    {
        ObjectFieldCodec(name: name, slot: ObjectSlot<V>(DeclaredType.of(V.self, java: java)), java: java)
    }

    /// An object field that may be nil (a wrapper such as `Integer` for `Int32?`).
    @inlinable
    public static func of<Root, W>(_: KeyPath<Root, W?>, _ name: String, java: JavaFieldOptions = .init())
        -> OptionalObjectFieldCodec<W>
    {
        OptionalObjectFieldCodec(name: name, slot: ObjectSlot<W>(DeclaredType.of(W?.self, java: java)), java: java)
    }

    /// A list field, its serializer specialized for `Element` (see ``Field``).
    @inlinable
    public static func of<Root, Element>(_: KeyPath<Root, [Element]>, _ name: String, java: JavaFieldOptions = .init())
        -> ObjectFieldCodec<[Element]>
    {
        ObjectFieldCodec(name: name, slot: listSlot(Element.self, java: java), java: java)
    }

    /// A list field that may be nil.
    @inlinable
    public static func of<Root, Element>(_: KeyPath<Root, [Element]?>, _ name: String, java: JavaFieldOptions = .init())
        -> OptionalObjectFieldCodec<[Element]>
    {
        OptionalObjectFieldCodec(name: name, slot: listSlot(Element.self, java: java), java: java)
    }

    /// A Java enum field, its serializer specialized for `V`.
    @inlinable
    public static func of<Root, V: JavaEnum>(_: KeyPath<Root, V>, _ name: String, java: JavaFieldOptions = .init())
        -> EnumFieldCodec<V>
    {
        EnumFieldCodec(name: name, java: java)
    }

    /// A Java enum field that may be nil.
    @inlinable
    public static func of<Root, V: JavaEnum>(_: KeyPath<Root, V?>, _ name: String, java: JavaFieldOptions = .init())
        -> OptionalEnumFieldCodec<V>
    {
        OptionalEnumFieldCodec(name: name, java: java)
    }

    @inlinable
    static func listSlot<Element>(_: Element.Type, java: JavaFieldOptions) -> ObjectSlot<[Element]> {
        ObjectSlot(
            DeclaredType.of([Element].self, java: java), specialized: Field<Never>.listSerializer(of: Element.self))
    }
}

/// A Java primitive field (see ``FieldCodec``).
public struct PrimitiveFieldCodec<V: JavaPrimitive>: Sendable {
    /// The Java field name.
    public let name: String
    @usableFromInline let java: JavaFieldOptions

    @inlinable
    init(name: String, java: JavaFieldOptions) {
        self.name = name
        self.java = java
    }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: V, to writer: any ValueWriter) throws {
        try V.writeField(value, to: writer, forKey: name)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> V {
        try V.readField(from: reader, forKey: name)
    }
}

/// What the two `String` codecs share: a `String` field is written and read without boxing,
/// unless its declared Java type is not final (`Object`, `CharSequence`): the string then goes
/// with its class, through a slot.
@usableFromInline
struct StringFieldForm: Sendable {
    @usableFromInline let name: String
    @usableFromInline let declared: DeclaredType
    @usableFromInline let canBeNull: Bool
    @usableFromInline let slot: ObjectSlot<String>?
    @usableFromInline let java: JavaFieldOptions

    @inlinable
    init(name: String, declared: DeclaredType, java: JavaFieldOptions) {
        self.name = name
        self.declared = declared
        canBeNull = declared.canBeNull
        slot = declared.finality == .nonFinal ? ObjectSlot<String>(declared) : nil
        self.java = java
    }

    @inlinable
    func write(_ value: String?, to writer: any ValueWriter) throws {
        if let slot { return try slot.write(value, to: writer, forKey: name) }
        try writer.writeStringObject(value, canBeNull: canBeNull, forKey: name)
    }

    @inlinable
    func read(from reader: any ValueReader) throws -> String? {
        if let slot { return try slot.read(from: reader, forKey: name) }
        return try reader.readStringObject(canBeNull: canBeNull, forKey: name)
    }
}

/// A `String` field that Swift never holds nil in (see ``FieldCodec``): reading nil is an error.
public struct StringFieldCodec: Sendable {
    @usableFromInline let form: StringFieldForm

    @inlinable
    init(name: String, declared: DeclaredType, java: JavaFieldOptions) {
        form = StringFieldForm(name: name, declared: declared, java: java)
    }

    /// The Java field name.
    public var name: String { form.name }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: String, to writer: any ValueWriter) throws {
        try form.write(value, to: writer)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> String {
        if let slot = form.slot { return try slot.readRequired(from: reader, forKey: form.name) }
        guard let value = try form.read(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a String", found: "nil")
        }
        return value
    }
}

/// A `String` field that may be nil (see ``FieldCodec``).
public struct OptionalStringFieldCodec: Sendable {
    @usableFromInline let form: StringFieldForm

    @inlinable
    init(name: String, declared: DeclaredType, java: JavaFieldOptions) {
        form = StringFieldForm(name: name, declared: declared, java: java)
    }

    /// The Java field name.
    public var name: String { form.name }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: String?, to writer: any ValueWriter) throws {
        try form.write(value, to: writer)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> String? {
        try form.read(from: reader)
    }
}

/// An object field that is never nil in Swift (see ``FieldCodec``).
public struct ObjectFieldCodec<V>: Sendable {
    /// The Java field name.
    public let name: String
    /// The field's slot, which the registry binds when it is built.
    public let slot: ObjectSlot<V>
    @usableFromInline let java: JavaFieldOptions

    @inlinable
    init(name: String, slot: ObjectSlot<V>, java: JavaFieldOptions) {
        self.name = name
        self.slot = slot
        self.java = java
    }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: V, to writer: any ValueWriter) throws {
        try slot.write(value, to: writer, forKey: name)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> V {
        try slot.readRequired(from: reader, forKey: name)
    }
}

/// An object field that may be nil (see ``FieldCodec``).
public struct OptionalObjectFieldCodec<W>: Sendable {
    /// The Java field name.
    public let name: String
    /// The field's slot, which the registry binds when it is built.
    public let slot: ObjectSlot<W>
    @usableFromInline let java: JavaFieldOptions

    @inlinable
    init(name: String, slot: ObjectSlot<W>, java: JavaFieldOptions) {
        self.name = name
        self.slot = slot
        self.java = java
    }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: W?, to writer: any ValueWriter) throws {
        try slot.write(value, to: writer, forKey: name)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> W? {
        try slot.read(from: reader, forKey: name)
    }
}

extension Field {
    /// A Java primitive field declared with its codec (what the `@JavaClass` macro writes):
    /// the same field as `Field(name, get:set:java:)` for the codec's name
    /// and options.
    @inlinable
    public init<V>(
        _ codec: PrimitiveFieldCodec<V>, get: @escaping @Sendable (Root) -> V,
        set: @escaping @Sendable (inout Root, V) -> Void
    ) {
        self.init(
            name: codec.name, declaredType: nil,
            write: { root, writer in try codec.write(get(root), to: writer) },
            read: { root, reader in set(&root, try codec.read(from: reader)) },
            copy: Field.sharedCopy(get, set))
        primitiveType = V.self
        javaOptions = codec.java
    }

    /// A `String` field declared with its codec.
    @inlinable
    public init(
        _ codec: StringFieldCodec, get: @escaping @Sendable (Root) -> String,
        set: @escaping @Sendable (inout Root, consuming String) -> Void
    ) {
        let form = codec.form
        if let slot = form.slot {
            self = Field.objectField(form.name, slot, get, set)
        } else {
            self = Field.requiredStringField(form.name, form.declared, get, set)
        }
        javaOptions = form.java
    }

    /// A `String` field that may be nil, declared with its codec.
    @inlinable
    public init(
        _ codec: OptionalStringFieldCodec, get: @escaping @Sendable (Root) -> String?,
        set: @escaping @Sendable (inout Root, consuming String?) -> Void
    ) {
        let form = codec.form
        if let slot = form.slot {
            self = Field.optionalObjectField(form.name, slot, get, set)
        } else {
            self = Field.stringField(form.name, form.declared, get, set)
        }
        javaOptions = form.java
    }

    /// An object field declared with its codec.
    @inlinable
    public init<V>(
        _ codec: ObjectFieldCodec<V>, get: @escaping @Sendable (Root) -> V,
        set: @escaping @Sendable (inout Root, consuming V) -> Void
    ) {
        self = Field.objectField(codec.name, codec.slot, get, set)
        javaOptions = codec.java
    }

    /// An object field that may be nil, declared with its codec.
    @inlinable
    public init<W>(
        _ codec: OptionalObjectFieldCodec<W>, get: @escaping @Sendable (Root) -> W?,
        set: @escaping @Sendable (inout Root, consuming W?) -> Void
    ) {
        self = Field.optionalObjectField(codec.name, codec.slot, get, set)
        javaOptions = codec.java
    }
}
