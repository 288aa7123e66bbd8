/// Java facts about one field that Swift's type alone cannot tell.
public struct JavaFieldOptions: Sendable {
    /// Overrides whether the declared Java type is final (`nil`: decided by the registry).
    public var isFinal: Bool?
    /// Whether Java reaches the field through Kryo 2.20's ReflectASM fast path (public class,
    /// public non-final field of a public type). Kryo 2.20 ignores generic arguments there, so
    /// every collection element carries its class.
    public var isPublicField: Bool
    /// Whether the field may hold nil (`false` for a Java field annotated `@NotNull`).
    public var isNullable: Bool
    /// The field's declared Java type, when it is not the one the Swift type implies (see
    /// ``JavaType/init(swiftType:)``): an `ArrayList<String>` field rather than a
    /// `List<String>`, say. Only the schema model (``Schema/model``) reports it; the formats take
    /// their facts from the Swift type and the options above.
    public var javaType: JavaType?

    /// Creates options.
    public init(isFinal: Bool? = nil, isPublicField: Bool = false, isNullable: Bool = true, javaType: JavaType? = nil) {
        self.isFinal = isFinal
        self.isPublicField = isPublicField
        self.isNullable = isNullable
        self.javaType = javaType
    }
}

/// One field of a ``Schema``: its name (also its key in keyed formats), the key path that reaches
/// it, and its Java declared type.
///
/// A non-optional `Int32`, `Int64`, `Int16`, `Int8`, `UInt16`, `Bool`, `Float` or `Double` is a Java
/// primitive (`int`, `long`, `short`, `byte`, `char`, `boolean`, `float`, `double`); an optional one
/// is its wrapper (`Integer`…). Every other type is an object field whose declared Java type is
/// the Swift type's registration.
public struct Field<Root>: Sendable {
    /// The Java field name.
    public let name: String
    /// The declared type the backend sees for object fields; `nil` for primitive fields.
    public let declaredType: DeclaredType?
    /// The field's tag, for the tagged serializer (Java's `@TaggedFieldSerializer.Tag`); the
    /// tagged serializer ignores fields without one, as Java does. Set with ``tag(_:deprecated:)``.
    public private(set) var tag: Int?
    /// Whether the tagged serializer no longer writes the field (Java's `@Deprecated`). It still
    /// reads it from data an older schema wrote.
    public private(set) var isDeprecated = false
    /// Whether Kryo 4's tagged serializer writes the field in chunks a reader that does not know
    /// its tag can skip (Java's `@Tag(value = n, annexed = true)`). Kryo 2.20 and 5 have no such
    /// fields and write it plainly.
    public private(set) var isAnnexed = false
    /// The version of the class that added the field, for the version serializer (Java's
    /// `@VersionFieldSerializer.Since`; 0 when the field has always been there). Set with
    /// ``since(_:)``.
    public private(set) var since = 0
    /// The Java facts declared with the field (`java:`), which ``model`` reports.
    @usableFromInline var javaOptions = JavaFieldOptions()
    /// The Swift type of a primitive field (`Int32` for `int`); `nil` for object fields.
    @usableFromInline var primitiveType: (any JavaPrimitive.Type)?
    @usableFromInline let write: @Sendable (Root, any ValueWriter) throws -> Void
    @usableFromInline let read: @Sendable (inout Root, any ValueReader) throws -> Void
    /// Copies the field from an original to its copy (``Registry/copy(_:options:)``).
    @usableFromInline var copyField: FieldCopy<Root>?
    /// The slot of an object field, which a registry binds when it is built (its accessors hold
    /// it too, out of reflection's sight).
    @usableFromInline package let slot: (any BindableSlot)?

    @usableFromInline
    init(
        name: String, declaredType: DeclaredType?, write: @escaping @Sendable (Root, any ValueWriter) throws -> Void,
        read: @escaping @Sendable (inout Root, any ValueReader) throws -> Void, copy: FieldCopy<Root>? = nil,
        slot: (any BindableSlot)? = nil
    ) {
        self.name = name
        self.declaredType = declaredType
        self.write = write
        self.read = read
        copyField = copy
        self.slot = slot
    }

    /// The field with a tag, for a schema whose serializer is ``FieldSerializerKind/tagged``.
    ///
    /// ```swift
    /// Field("name", \.name).tag(2)
    /// Field("legacy", \.legacy).tag(3, deprecated: true)   // read from old data, never written
    /// Field("notes", \.notes).tag(4, annexed: true)        // Kryo 4: in chunks a reader may skip
    /// ```
    ///
    /// - Parameters:
    ///   - tag: The tag (Java's `@Tag(n)`), unique within the schema.
    ///   - deprecated: Whether the field is only read, never written (Java's `@Deprecated`).
    ///   - annexed: Whether Kryo 4 writes the field in chunks (Java's `@Tag(value = n, annexed =
    ///     true)`); Kryo 2.20 and 5 write it as any other.
    public func tag(_ tag: Int, deprecated: Bool = false, annexed: Bool = false) -> Field {
        var tagged = self
        tagged.tag = tag
        tagged.isDeprecated = deprecated
        tagged.isAnnexed = annexed
        return tagged
    }

    /// The field with the version of the class that added it, for a schema whose serializer is
    /// ``FieldSerializerKind/version``: data of an older version, which lacks the field, leaves
    /// it at its default.
    ///
    /// ```swift
    /// Field("email", \.email).since(1)   // Java: @Since(1) String email;
    /// ```
    ///
    /// - Parameter version: The version (Java's `@Since(n)`), ≥ 0.
    public func since(_ version: Int) -> Field {
        var versioned = self
        versioned.since = version
        return versioned
    }

    // The three initializers below are inlinable so that their accessors are specialized for the
    // concrete field type where the schema is declared: key-path access and the calls into the
    // writer then involve no generic metadata at run time.

    /// Declares a field holding a Java primitive: `Int32` is `int`, `Int64` and `Int` are `long`,
    /// `Int16` `short`, `Int8` `byte`, `UInt16` `char`, `Bool` `boolean`, `Float` and `Double`.
    @inlinable
    public init<Value: JavaPrimitive>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable) {
        self.init(
            name: name, declaredType: nil,
            write: { root, writer in try Value.writeField(root[keyPath: keyPath], to: writer, forKey: name) },
            read: { root, reader in root[keyPath: keyPath] = try Value.readField(from: reader, forKey: name) },
            copy: Field.sharedCopy(keyPath))
        primitiveType = Value.self
    }

    /// Declares a field holding a Java primitive, with Java facts for the schema model (a public
    /// field of a public class, say); the bytes are the same as without them.
    @inlinable
    public init<Value: JavaPrimitive>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, java: JavaFieldOptions
    ) {
        self.init(name, keyPath)
        javaOptions = java
    }

    /// Declares a field that may be nil: a Java object field (an optional `Int32` is an `Integer`).
    ///
    /// - Parameters:
    ///   - name: The Java field name.
    ///   - keyPath: Where the value lives in the Swift type.
    ///   - java: Java facts Swift's type cannot express.
    @inlinable
    public init<Wrapped>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Wrapped?> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.init(
            name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    /// Declares a list field through a key path (its serializer is specialized here).
    @inlinable
    public init<Element>(
        _ name: String, _ keyPath: WritableKeyPath<Root, [Element]> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.init(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    /// Declares a list field that may be nil through a key path (its serializer is specialized here).
    @inlinable
    public init<Element>(
        _ name: String, _ keyPath: WritableKeyPath<Root, [Element]?> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.init(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    /// Declares a Java enum field through a key path (its serializer is specialized here).
    @inlinable
    public init<Value: JavaEnum>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.init(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    /// Declares a Java enum field that may be nil through a key path (its serializer is specialized
    /// here).
    @inlinable
    public init<Value: JavaEnum>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.init(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    /// Declares a field holding an object that is never nil in Swift (a `String`, an array, a bean).
    ///
    /// - Parameters:
    ///   - name: The Java field name.
    ///   - keyPath: Where the value lives in the Swift type.
    ///   - java: Java facts Swift's type cannot express.
    @inlinable
    public init<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, java: JavaFieldOptions = .init()
    ) {
        // Reached from generic code with a primitive or optional `Value`, too: keep Java's meaning.
        if let dynamic = Field.dynamicAccessors(name, keyPath, java) {
            self = dynamic
            javaOptions = java
            return
        }
        self.init(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, java: java)
    }

    // Accessor forms: the same three kinds of field, reached through closures instead of a key
    // path. Swift applies a key path that is not a literal at the access site through its
    // runtime (about a microsecond for a whole bean); closures are direct calls. Prefer them for
    // types on a hot path, or let a code generator write them.

    /// Declares a Java primitive field read and written through closures.
    @inlinable
    public init<Value: JavaPrimitive>(
        _ name: String, get: @escaping @Sendable (Root) -> Value, set: @escaping @Sendable (inout Root, Value) -> Void
    ) {
        self.init(
            name: name, declaredType: nil,
            write: { root, writer in try Value.writeField(get(root), to: writer, forKey: name) },
            read: { root, reader in set(&root, try Value.readField(from: reader, forKey: name)) },
            copy: Field.sharedCopy(get, set))
        primitiveType = Value.self
    }

    /// Declares a Java primitive field read and written through closures, with Java facts for
    /// the schema model.
    @inlinable
    public init<Value: JavaPrimitive>(
        _ name: String, get: @escaping @Sendable (Root) -> Value, set: @escaping @Sendable (inout Root, Value) -> Void,
        java: JavaFieldOptions
    ) {
        self.init(name, get: get, set: set)
        javaOptions = java
    }

    /// Declares a `String` field, read and written through closures. (The generic forms below
    /// take strings too; this one receives the accessors in their direct form, so that no
    /// reabstraction thunk runs on each access.)
    @inlinable
    public init(
        _ name: String, get: @escaping @Sendable (Root) -> String,
        set: @escaping @Sendable (inout Root, consuming String) -> Void, java: JavaFieldOptions = .init()
    ) {
        let slot = DeclaredType.of(String.self, java: java)
        if slot.finality != .nonFinal {
            self = Field.requiredStringField(name, slot, get, set)
        } else {
            self = Field.objectField(name, ObjectSlot<String>(slot), get, set)
        }
        javaOptions = java
    }

    /// Declares a `String` field that may be nil, read and written through closures (see the
    /// non-optional form).
    @inlinable
    public init(
        _ name: String, get: @escaping @Sendable (Root) -> String?,
        set: @escaping @Sendable (inout Root, consuming String?) -> Void, java: JavaFieldOptions = .init()
    ) {
        let slot = DeclaredType.of(String?.self, java: java)
        if slot.finality != .nonFinal {
            self = Field.stringField(name, slot, get, set)
        } else {
            self = Field.optionalObjectField(name, ObjectSlot<String>(slot), get, set)
        }
        javaOptions = java
    }

    /// Declares a field that may be nil, read and written through closures.
    @inlinable
    public init<Wrapped>(
        _ name: String, get: @escaping @Sendable (Root) -> Wrapped?,
        set: @escaping @Sendable (inout Root, consuming Wrapped?) -> Void, java: JavaFieldOptions = .init()
    ) {
        if Wrapped.self == String.self {
            // Reached from generic code (a key path): the `String?` form. (Wrapped is String
            // here: the casts of the closures are identities.)
            self.init(
                name, get: unsafeBitCast(get, to: (@Sendable (Root) -> String?).self),
                set: unsafeBitCast(set, to: (@Sendable (inout Root, consuming String?) -> Void).self), java: java)
            return
        }
        self = Field.optionalObjectField(
            name, ObjectSlot<Wrapped>(DeclaredType.of(Wrapped?.self, java: java)), get, set)
        javaOptions = java
    }

    /// Declares an object field that is never nil in Swift, read and written through closures.
    @inlinable
    public init<Value>(
        _ name: String, get: @escaping @Sendable (Root) -> Value,
        set: @escaping @Sendable (inout Root, consuming Value) -> Void,
        java: JavaFieldOptions = .init()
    ) {
        if Value.self == String.self {
            // Reached from generic code (a key path): the `String` form.
            self.init(
                name, get: unsafeBitCast(get, to: (@Sendable (Root) -> String).self),
                set: unsafeBitCast(set, to: (@Sendable (inout Root, consuming String) -> Void).self), java: java)
            return
        }
        self = Field.objectField(name, ObjectSlot<Value>(DeclaredType.of(Value.self, java: java)), get, set)
        javaOptions = java
    }

    /// Declares a list field (`java.util.ArrayList` unless the elements are Java primitives),
    /// read and written through closures. The list's serializer is specialized for `Element` here.
    @inlinable
    public init<Element>(
        _ name: String, get: @escaping @Sendable (Root) -> [Element],
        set: @escaping @Sendable (inout Root, consuming [Element]) -> Void, java: JavaFieldOptions = .init()
    ) {
        let slot = ObjectSlot<[Element]>(
            DeclaredType.of([Element].self, java: java), specialized: Field.listSerializer(of: Element.self))
        self = Field.objectField(name, slot, get, set)
        javaOptions = java
    }

    /// Declares a list field that may be nil, read and written through closures.
    @inlinable
    public init<Element>(
        _ name: String, get: @escaping @Sendable (Root) -> [Element]?,
        set: @escaping @Sendable (inout Root, consuming [Element]?) -> Void, java: JavaFieldOptions = .init()
    ) {
        let slot = ObjectSlot<[Element]>(
            DeclaredType.of([Element].self, java: java), specialized: Field.listSerializer(of: Element.self))
        self = Field.optionalObjectField(name, slot, get, set)
        javaOptions = java
    }

    /// Declares a Java enum field, read and written through closures. The enum's serializer is
    /// specialized for `Value` here.
    @inlinable
    public init<Value: JavaEnum>(
        _ name: String, get: @escaping @Sendable (Root) -> Value,
        set: @escaping @Sendable (inout Root, consuming Value) -> Void,
        java: JavaFieldOptions = .init()
    ) {
        self.init(EnumFieldCodec<Value>(name: name, java: java), get: get, set: set)
    }

    /// Declares a Java enum field that may be nil, read and written through closures.
    @inlinable
    public init<Value: JavaEnum>(
        _ name: String, get: @escaping @Sendable (Root) -> Value?,
        set: @escaping @Sendable (inout Root, consuming Value?) -> Void, java: JavaFieldOptions = .init()
    ) {
        self.init(OptionalEnumFieldCodec<Value>(name: name, java: java), get: get, set: set)
    }

    /// The `ArrayList` serializer specialized for `Element`, or `nil` when `[Element]` is a Java
    /// primitive array.
    @inlinable
    static func listSerializer<Element>(of _: Element.Type) -> TypedSerializer<[Element]>? {
        if Element.self == UInt8.self || (Element.self is any JavaPrimitive.Type && Element.self != Int.self) {
            return nil
        }
        return TypedSerializer(CollectionSerializer<[Element], Element>())
    }

    /// An object field that may be nil.
    @inlinable
    static func optionalObjectField<Value>(
        _ name: String, _ slot: ObjectSlot<Value>, _ get: @escaping @Sendable (Root) -> Value?,
        _ set: @escaping @Sendable (inout Root, consuming Value?) -> Void
    ) -> Field {
        Field(
            name: name, declaredType: slot.declared,
            write: { root, writer in try slot.write(get(root), to: writer, forKey: name) },
            read: { root, reader in set(&root, try slot.read(from: reader, forKey: name)) },
            copy: Field.optionalCopy(name, slot, get, set), slot: slot)
    }

    /// An object field that is never nil in Swift.
    @inlinable
    static func objectField<Value>(
        _ name: String, _ slot: ObjectSlot<Value>, _ get: @escaping @Sendable (Root) -> Value,
        _ set: @escaping @Sendable (inout Root, consuming Value) -> Void
    ) -> Field {
        Field(
            name: name, declaredType: slot.declared,
            write: { root, writer in try slot.write(get(root), to: writer, forKey: name) },
            read: { root, reader in set(&root, try slot.readRequired(from: reader, forKey: name)) },
            copy: Field.valueCopy(name, slot, get, set), slot: slot)
    }

    /// A `String` field written and read without boxing.
    @usableFromInline
    static func stringField(
        _ name: String, _ slot: DeclaredType, _ get: @escaping @Sendable (Root) -> String?,
        _ set: @escaping @Sendable (inout Root, consuming String?) -> Void
    ) -> Field {
        let canBeNull = slot.canBeNull
        return Field(
            name: name, declaredType: slot,
            write: { root, writer in try writer.writeStringObject(get(root), canBeNull: canBeNull, forKey: name) },
            read: { root, reader in
                set(&root, try reader.readStringObject(canBeNull: canBeNull, forKey: name))
            }, copy: Field.sharedCopy(get, set))
    }

    /// A `String` field that Swift never holds nil in (Java's field may be nil: reading nil is an
    /// error), written and read without boxing and without wrapping the accessors in closures
    /// of the optional type.
    @usableFromInline
    static func requiredStringField(
        _ name: String, _ slot: DeclaredType, _ get: @escaping @Sendable (Root) -> String,
        _ set: @escaping @Sendable (inout Root, consuming String) -> Void
    ) -> Field {
        let canBeNull = slot.canBeNull
        return Field(
            name: name, declaredType: slot,
            write: { root, writer in try writer.writeStringObject(get(root), canBeNull: canBeNull, forKey: name) },
            read: { root, reader in
                guard let value = try reader.readStringObject(canBeNull: canBeNull, forKey: name) else {
                    throw reader.error(.typeMismatch, expected: "a String", found: "nil")
                }
                set(&root, value)
            }, copy: Field.sharedCopy(get, set))
    }

    /// A field built by the generic initializer for a type that is in fact a primitive or an
    /// optional (generic callers cannot pick the specific overloads).
    @usableFromInline
    static func dynamicAccessors<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ java: JavaFieldOptions
    ) -> Field? {
        if let primitive = Value.self as? any JavaPrimitive.Type {
            return primitiveField(primitive, name, keyPath)
        }
        if let optional = Value.self as? any OptionalProtocol.Type {
            return optionalField(optional.wrappedType, name, keyPath, java)
        }
        return nil
    }

    private static func primitiveField<Value, P: JavaPrimitive>(
        _: P.Type, _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> Field? {
        // Value == P here; the cast only restates that to the type checker.
        guard let typedPath = keyPath as? WritableKeyPath<Root, P> else { return nil }
        nonisolated(unsafe) let path = typedPath
        var field = Field(
            name: name, declaredType: nil,
            write: { root, writer in try P.writeField(root[keyPath: path], to: writer, forKey: name) },
            read: { root, reader in root[keyPath: path] = try P.readField(from: reader, forKey: name) },
            copy: Field.sharedCopy(path))
        field.primitiveType = P.self
        return field
    }

    private static func optionalField<Value, Wrapped>(
        _: Wrapped.Type, _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ java: JavaFieldOptions
    ) -> Field? {
        // Value == Wrapped? here; the cast only restates that to the type checker.
        guard let typedPath = keyPath as? WritableKeyPath<Root, Wrapped?> else { return nil }
        nonisolated(unsafe) let path = typedPath
        let slot = DeclaredType.of(Wrapped?.self, java: java)
        let objectSlot = ObjectSlot<Wrapped>(slot)
        return Field(
            name: name, declaredType: slot,
            write: { root, writer in try objectSlot.write(root[keyPath: path], to: writer, forKey: name) },
            read: { root, reader in root[keyPath: path] = try objectSlot.read(from: reader, forKey: name) },
            copy: Field.optionalCopy(name, objectSlot, { $0[keyPath: path] }, { $0[keyPath: path] = $1 }),
            slot: objectSlot)
    }

    /// The fields in Java's order: by name in UTF-16 code-unit order, stable for equal names.
    @usableFromInline
    static func javaOrder(_ fields: [Field]) -> [Field] {
        fields.enumerated().sorted { lhs, rhs in
            let order = compareJavaNames(lhs.element.name, rhs.element.name)
            return order == 0 ? lhs.offset < rhs.offset : order < 0
        }.map(\.element)
    }

    /// Compares two Java field names as `String.compareTo` does: by UTF-16 code units.
    static func compareJavaNames(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf16.makeIterator()
        var right = rhs.utf16.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?): if l != r { return l < r ? -1 : 1 }
            }
        }
    }
}

/// Serializes a ``Schematized`` type field by field, in Java's field order, with no field count
/// and no names (Kryo's `FieldSerializer`).
public struct FieldSerializer<Root: Schematized>: Serializer {
    @usableFromInline let accessors: FieldAccessors<Root>
    /// The fields in one run of code (``DirectFields``), when the schema has them; ``direct``
    /// borrows it (called without a retain and a release per object).
    @usableFromInline let directFields: DirectFields<Root>?
    @usableFromInline let direct: Unmanaged<DirectFields<Root>>?
    public let isFinal: Bool

    /// A serializer of `fields`, in Java's order; `direct`, when given, writes and reads them
    /// in one run (``Schema`` checks that its names are the fields').
    @inlinable
    init(fields: [Field<Root>], isFinal: Bool, direct: DirectFields<Root>? = nil) {
        accessors = FieldAccessors(fields)
        directFields = direct
        self.direct = direct.map { Unmanaged.passUnretained($0) }
        self.isFinal = isFinal
    }

    @inlinable
    public func write(_ value: Root, to writer: any ValueWriter) throws {
        if let direct { return try direct._withUnsafeGuaranteedRef { try $0.write(value, writer) } }
        try accessors.writeAll(value, to: writer)
    }

    @inlinable
    public func read(from reader: any ValueReader) throws -> Root {
        var value = Root()
        if Root.self is AnyClass { reader.reference(value) }
        if reader.isPositional {
            if let direct {
                try direct._withUnsafeGuaranteedRef { try $0.read(&value, reader) }
            } else {
                try accessors.readAll(into: &value, from: reader)
            }
        } else {
            try accessors.readPresent(into: &value, from: reader)
        }
        return value
    }
}

/// The accessors of a schema's fields, each boxed in a class and called through a borrowed
/// reference: calling a closure loaded from an array retains and releases its context, once per
/// field and object; a box that the serializer keeps alive needs neither.
@usableFromInline
final class FieldAccessors<Root>: Sendable, SlotHolding {
    @usableFromInline
    final class Accessor: Sendable {
        @usableFromInline let write: @Sendable (Root, any ValueWriter) throws -> Void
        @usableFromInline let read: @Sendable (inout Root, any ValueReader) throws -> Void
        @usableFromInline let copy: FieldCopy<Root>?

        @inlinable
        init(_ field: Field<Root>) {
            write = field.write
            read = field.read
            copy = field.copyField
        }
    }

    /// Keeps the accessors alive; ``borrowed`` points at them.
    @usableFromInline let owned: [Accessor]
    /// The fields' names (their keys), in the accessors' order.
    @usableFromInline let names: [String]
    @usableFromInline nonisolated(unsafe) let borrowed: UnsafeMutableBufferPointer<Unmanaged<Accessor>>
    /// The slots of the object fields, which a registry binds when it is built.
    @usableFromInline let slots: [any BindableSlot]

    @inlinable
    init(_ fields: [Field<Root>]) {
        owned = fields.map(Accessor.init)
        names = fields.map(\.name)
        slots = fields.compactMap(\.slot)
        borrowed = .allocate(capacity: owned.count)
        _ = borrowed.initialize(from: owned.map { Unmanaged.passUnretained($0) })
    }

    deinit { borrowed.deallocate() }

    var heldSlots: [any BindableSlot] { slots }

    /// Writes every field of `value`, in order.
    @inlinable
    func writeAll(_ value: Root, to writer: any ValueWriter) throws {
        for accessor in borrowed { try accessor._withUnsafeGuaranteedRef { try $0.write(value, writer) } }
    }

    /// Reads every field into `value`, in order.
    @inlinable
    func readAll(into value: inout Root, from reader: any ValueReader) throws {
        for accessor in borrowed { try accessor._withUnsafeGuaranteedRef { try $0.read(&value, reader) } }
    }

    /// Reads the fields whose keys the object being read holds, leaving the others at their
    /// defaults (formats with keys, where models may gain fields).
    @usableFromInline
    func readPresent(into value: inout Root, from reader: any ValueReader) throws {
        for (index, name) in names.enumerated() where reader.containsValue(forKey: name) {
            try read(index, into: &value, from: reader)
        }
    }

    /// Writes the field at `index`.
    @inlinable
    func write(_ index: Int, of value: Root, to writer: any ValueWriter) throws {
        try borrowed[index]._withUnsafeGuaranteedRef { try $0.write(value, writer) }
    }

    /// Reads the field at `index` into `value`.
    @inlinable
    func read(_ index: Int, into value: inout Root, from reader: any ValueReader) throws {
        try borrowed[index]._withUnsafeGuaranteedRef { try $0.read(&value, reader) }
    }
}
