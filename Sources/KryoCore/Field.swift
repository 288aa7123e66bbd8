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

    /// Creates options.
    public init(isFinal: Bool? = nil, isPublicField: Bool = false, isNullable: Bool = true) {
        self.isFinal = isFinal
        self.isPublicField = isPublicField
        self.isNullable = isNullable
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
    let write: @Sendable (Root, any ValueWriter) throws -> Void
    let read: @Sendable (inout Root, any ValueReader) throws -> Void

    /// Declares a field.
    ///
    /// - Parameters:
    ///   - name: The Java field name.
    ///   - keyPath: Where the value lives in the Swift type.
    ///   - java: Java facts Swift's type cannot express.
    public init<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, java: JavaFieldOptions = .init()
    ) {
        self.name = name
        if let primitive = Value.self as? any JavaPrimitive.Type {
            declaredType = nil
            (write, read) = Field.primitiveAccessors(primitive, keyPath, name)
            return
        }
        var declared = DeclaredType.of(Value.self)
        if let isFinal = java.isFinal { declared.finality = isFinal ? .final : .nonFinal }
        if java.isPublicField { declared = declared.withoutGenerics }
        declared.canBeNull = java.isNullable
        declaredType = declared
        if let optional = Value.self as? any OptionalProtocol.Type,
            let accessors = Field.optionalAccessors(optional.wrappedType, keyPath, name, declared)
        {
            (write, read) = accessors
            return
        }
        let slot = declared
        write = { root, writer in
            try writer.writeObject(root[keyPath: keyPath], as: slot, forKey: name)
        }
        read = { root, reader in
            let value = try reader.readObject(as: slot, forKey: name)
            root[keyPath: keyPath] = try Field.cast(value, to: Value.self, reader)
        }
    }

    /// Accessors for an optional field that unwrap and wrap without dynamic casts per value.
    private static func optionalAccessors<Value, Wrapped>(
        _: Wrapped.Type, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ name: String, _ slot: DeclaredType
    ) -> (
        @Sendable (Root, any ValueWriter) throws -> Void, @Sendable (inout Root, any ValueReader) throws -> Void
    )? {
        // Value == Wrapped? here; the cast only restates that to the type checker.
        guard let optionalPath = keyPath as? WritableKeyPath<Root, Wrapped?> else { return nil }
        nonisolated(unsafe) let typedPath = optionalPath
        return (
            { root, writer in
                let value: Any? = root[keyPath: typedPath].map { $0 }
                try writer.writeObject(value, as: slot, forKey: name)
            },
            { root, reader in
                guard let value = try reader.readObject(as: slot, forKey: name) else {
                    root[keyPath: typedPath] = nil
                    return
                }
                root[keyPath: typedPath] = try cast(value, to: Wrapped.self, reader)
            }
        )
    }

    /// Casts a decoded value to a field's type: a plain cast when the types match, otherwise a
    /// conversion (an untyped `ArrayList` to `[SampleBean]`, say).
    @inline(__always)
    static func cast<T>(_ value: Any?, to type: T.Type, _ reader: any ValueReader) throws -> T {
        if let direct = value as? T, !ValueConversion.isOptionalType(T.self) { return direct }
        if let converted = ValueConversion.convert(value, to: T.self) { return converted }
        throw reader.error(.typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value))
    }

    private static func primitiveAccessors<Value, P: JavaPrimitive>(
        _: P.Type, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ name: String
    ) -> (
        @Sendable (Root, any ValueWriter) throws -> Void, @Sendable (inout Root, any ValueReader) throws -> Void
    ) {
        // Value == P here; the casts only restate that to the type checker.
        nonisolated(unsafe) let typedPath = keyPath as? WritableKeyPath<Root, P>
        return (
            { root, writer in
                guard let typedPath else { return }
                try P.writePrimitive(root[keyPath: typedPath], to: writer, forKey: name)
            },
            { root, reader in
                guard let typedPath else { return }
                root[keyPath: typedPath] = try P.readPrimitive(from: reader, forKey: name)
            }
        )
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
    let fields: [Field<Root>]
    public let isFinal: Bool

    public func write(_ value: Root, to writer: any ValueWriter) throws {
        for field in fields { try field.write(value, writer) }
    }

    public func read(from reader: any ValueReader) throws -> Root {
        var value = Root()
        if Root.self is AnyClass { reader.reference(value) }
        for field in fields { try field.read(&value, reader) }
        return value
    }
}
