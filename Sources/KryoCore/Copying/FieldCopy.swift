/// How one field of a schema is copied from an original to its copy, as Java's
/// `CachedField.copy` gets the field, copies it and sets it on the new instance.
@usableFromInline
struct FieldCopy<Root>: Sendable {
    /// Whether the value is shared rather than copied (a primitive, a string): a struct's copy
    /// already holds it.
    @usableFromInline let sharesValue: Bool
    @usableFromInline let apply: @Sendable (Root, inout Root, ValueCopier) throws -> Void

    @inlinable
    init(sharesValue: Bool, _ apply: @escaping @Sendable (Root, inout Root, ValueCopier) throws -> Void) {
        self.sharesValue = sharesValue
        self.apply = apply
    }
}

extension Field {
    /// A field whose value is shared (a primitive, a string), through a key path.
    @inlinable
    static func sharedCopy<Value>(_ keyPath: WritableKeyPath<Root, Value>) -> FieldCopy<Root> {
        nonisolated(unsafe) let path = keyPath
        return FieldCopy(sharesValue: true) { original, copy, _ in copy[keyPath: path] = original[keyPath: path] }
    }

    /// A field whose value is shared (a primitive, a string), through accessors.
    @inlinable
    static func sharedCopy<Value>(
        _ get: @escaping @Sendable (Root) -> Value, _ set: @escaping @Sendable (inout Root, consuming Value) -> Void
    ) -> FieldCopy<Root> {
        FieldCopy(sharesValue: true) { original, copy, _ in set(&copy, get(original)) }
    }

    /// A field whose value is copied by the copier.
    @inlinable
    static func valueCopy<Value>(
        _ name: String, _ slot: ObjectSlot<Value>, _ get: @escaping @Sendable (Root) -> Value,
        _ set: @escaping @Sendable (inout Root, consuming Value) -> Void
    ) -> FieldCopy<Root> {
        FieldCopy(sharesValue: false) { original, copy, copier in
            do {
                set(&copy, try copier.copy(get(original), in: slot))
            } catch {
                throw copier.leaving(name, with: error)
            }
        }
    }

    /// A field that may be nil, whose value is copied by the copier.
    @inlinable
    static func optionalCopy<Value>(
        _ name: String, _ slot: ObjectSlot<Value>, _ get: @escaping @Sendable (Root) -> Value?,
        _ set: @escaping @Sendable (inout Root, consuming Value?) -> Void
    ) -> FieldCopy<Root> {
        FieldCopy(sharesValue: false) { original, copy, copier in
            guard let value = get(original) else { return set(&copy, nil) }
            do {
                set(&copy, try copier.copy(value, in: slot))
            } catch {
                throw copier.leaving(name, with: error)
            }
        }
    }
}

/// The copy of a schema-driven value, field by field (Java's `FieldSerializer.copy`): a class
/// gets a new instance, registered with the copier before its fields are copied (so that a
/// cycle through it copies); a struct starts as itself, and its fields that hold objects are
/// copied into it.
@usableFromInline
enum SchemaCopy {
    /// Copies `value` through the accessors of its fields.
    @inlinable
    static func copy<Root: Schematized>(
        _ value: Root, with copier: ValueCopier, _ accessors: FieldAccessors<Root>
    ) throws -> Root {
        let isClass = Root.self is AnyObject.Type
        var made = isClass ? Root() : value
        if isClass { copier.reference(SchemaCopy.reference(to: made)) }
        for (index, accessor) in accessors.borrowed.enumerated() {
            try accessor._withUnsafeGuaranteedRef { accessor in
                guard let copy = accessor.copy else { throw missing(accessors.names[index], Root.self) }
                if isClass || !copy.sharesValue { try copy.apply(value, &made, copier) }
            }
        }
        return made
    }

    /// `object`, an instance of a class, as an `AnyObject`, without the bridging call that `as
    /// AnyObject` (and `unsafeBitCast(_:to: AnyObject.self)`) makes in generic code.
    @inlinable
    @inline(__always)
    static func reference<T>(to object: T) -> AnyObject {
        // A class instance is one pointer; anything else (never expected here) takes the checked path.
        guard MemoryLayout<T>.size == MemoryLayout<UnsafeRawPointer>.size, T.self is AnyClass else {
            return object as AnyObject
        }
        return Unmanaged<AnyObject>.fromOpaque(unsafeBitCast(object, to: UnsafeRawPointer.self)).takeUnretainedValue()
    }

    @usableFromInline
    static func missing(_ name: String, _ root: Any.Type) -> SerializationError {
        SerializationError(
            .unsupported, expected: "a field of \(root) that copies", found: "none for \(name)", path: [name])
    }

    /// Copies `value` through the fields of `Root`'s schema.
    static func copyBySchema<Root: Schematized>(_ value: Root, with copier: ValueCopier) throws -> Root {
        try copy(value, with: copier, FieldAccessors(Root.schema.fields))
    }
}

extension FieldSerializer {
    /// Copies field by field into a new instance (Java's `FieldSerializer.copy`).
    @inlinable
    public func copy(_ value: Root, with copier: ValueCopier) throws -> Root {
        try SchemaCopy.copy(value, with: copier, accessors)
    }
}

extension TaggedFieldSerializer {
    /// Copies field by field into a new instance, every field of the schema.
    public func copy(_ value: Root, with copier: ValueCopier) throws -> Root {
        try SchemaCopy.copyBySchema(value, with: copier)
    }
}

extension CompatibleFieldSerializer {
    /// Copies field by field into a new instance, every field of the schema.
    public func copy(_ value: Root, with copier: ValueCopier) throws -> Root {
        try SchemaCopy.copyBySchema(value, with: copier)
    }
}

extension VersionFieldSerializer {
    /// Copies field by field into a new instance (Java's `FieldSerializer.copy`).
    public func copy(_ value: Root, with copier: ValueCopier) throws -> Root {
        try SchemaCopy.copy(value, with: copier, accessors)
    }
}
