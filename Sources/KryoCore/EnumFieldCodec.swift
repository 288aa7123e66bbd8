/// What a reader found where a Java enum constant lies in a final slot, read in one step
/// (``ValueReader/readEnumConstant(in:constantCount:forKey:constant:)``).
public enum EnumConstantRead: Equatable, Sendable {
    /// The reader read nothing: read the slot as usual. The default, and the answer for input
    /// that is not one of the constants (so that the usual path reports it).
    case unread
    /// The field is nil.
    case null
    /// The constant with this ordinal, below the count the reader was given.
    case ordinal(Int)
}

/// A Java enum field that is never nil in Swift (see ``FieldCodec``).
///
/// Where the enum keeps its default serializer (``EnumSerializer``) and the format can, the
/// constant is written and read in one step
/// (``ValueWriter/writeEnumConstant(ordinal:identity:in:forKey:)``,
/// ``ValueReader/readEnumConstant(in:constantCount:forKey:constant:)``): in Kryo's binary, the
/// ordinal as a varint, after its reference marker when references are on, as Java's field
/// serializer writes it. Otherwise, through the field's slot.
public struct EnumFieldCodec<V: JavaEnum>: Sendable {
    @usableFromInline let form: EnumFieldForm<V>

    @inlinable
    init(name: String, java: JavaFieldOptions) {
        form = EnumFieldForm(name: name, java: java)
    }

    /// The Java field name.
    public var name: String { form.name }
    /// The field's slot, which the registry binds when it is built.
    public var slot: ObjectSlot<V> { form.slot }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: V, to writer: any ValueWriter) throws {
        try form.write(value, to: writer)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> V {
        if let value = try form.read(from: reader) { return value }
        return try ObjectSlot<V>.nilValue(reader)
    }
}

/// A Java enum field that may be nil (see ``EnumFieldCodec``).
public struct OptionalEnumFieldCodec<V: JavaEnum>: Sendable {
    @usableFromInline let form: EnumFieldForm<V>

    @inlinable
    init(name: String, java: JavaFieldOptions) {
        form = EnumFieldForm(name: name, java: java)
    }

    /// The Java field name.
    public var name: String { form.name }
    /// The field's slot, which the registry binds when it is built.
    public var slot: ObjectSlot<V> { form.slot }

    /// Writes the field's value.
    @inlinable
    public func write(_ value: V?, to writer: any ValueWriter) throws {
        try form.write(value, to: writer)
    }

    /// Reads the field's value.
    @inlinable
    public func read(from reader: any ValueReader) throws -> V? {
        try form.read(from: reader)
    }
}

/// What the two enum codecs share: the slot, whose specialized serializer is the enum's
/// ``EnumSerializer``, and the one-step path beside it.
@usableFromInline
struct EnumFieldForm<V: JavaEnum>: Sendable {
    @usableFromInline let name: String
    @usableFromInline let slot: ObjectSlot<V>
    /// The slot's specialized serializer: its table gives the ordinals.
    @usableFromInline let serializer: EnumSerializer<V>
    @usableFromInline let java: JavaFieldOptions

    @inlinable
    init(name: String, java: JavaFieldOptions) {
        self.name = name
        serializer = EnumSerializer<V>()
        slot = ObjectSlot(DeclaredType.of(V.self, java: java), specialized: TypedSerializer(serializer))
        self.java = java
    }

    @inlinable
    func write(_ value: V?, to writer: any ValueWriter) throws {
        guard let bound = slot.binding(writer.slotBindings) else {
            return try slot.write(value, to: writer, forKey: name)
        }
        // Borrowed: the registry keeps the binding alive.
        try bound._withUnsafeGuaranteedRef { bound in
            if bound.usesSpecialized, let typed = bound.typed {
                let ordinal = value.map { serializer.table.ordinal(of: $0) }
                // The key the slot's path would track the constant by.
                let identity =
                    value.map { value in
                        typed.registration._withUnsafeGuaranteedRef { ObjectIdentity.enumConstantKey(of: value, $0) }
                    } ?? 0
                let written = try bound.borrowedResolved._withUnsafeGuaranteedRef { resolved in
                    do {
                        return try writer.writeEnumConstant(
                            ordinal: ordinal, identity: identity, in: resolved, forKey: name)
                    } catch {
                        throw writer.leaving(name, with: error)
                    }
                }
                if written { return }
            }
            try slot.write(value, to: writer, forKey: name, bound: bound)
        }
    }

    @inlinable
    func read(from reader: any ValueReader) throws -> V? {
        guard let bound = slot.binding(reader.slotBindings) else {
            return try slot.read(from: reader, forKey: name)
        }
        return try bound._withUnsafeGuaranteedRef { bound in
            if bound.usesSpecialized {
                let constants = serializer.table.constants
                let step = bound.borrowedResolved._withUnsafeGuaranteedRef { resolved in
                    reader.readEnumConstant(in: resolved, constantCount: constants.count, forKey: name) {
                        constants[$0]
                    }
                }
                switch step {
                case .ordinal(let ordinal) where ordinal >= 0 && ordinal < constants.count:
                    return constants[ordinal]
                case .ordinal(let ordinal):
                    // A backend that broke its contract: reported as the serializer would, in the field.
                    var failure = EnumSerializer<V>.ordinalError(Int64(ordinal), count: constants.count, reader)
                    failure.path.append(name)
                    throw failure
                case .null:
                    return nil
                case .unread:
                    break
                }
            }
            return try slot.read(from: reader, forKey: name, bound: bound)
        }
    }
}

extension Field {
    /// A Java enum field declared with its codec.
    @inlinable
    public init<V>(
        _ codec: EnumFieldCodec<V>, get: @escaping @Sendable (Root) -> V,
        set: @escaping @Sendable (inout Root, consuming V) -> Void
    ) {
        self.init(
            name: codec.name, declaredType: codec.slot.declared,
            write: { root, writer in try codec.write(get(root), to: writer) },
            read: { root, reader in set(&root, try codec.read(from: reader)) },
            copy: Field.valueCopy(codec.name, codec.slot, get, set), slot: codec.slot)
        javaOptions = codec.form.java
    }

    /// A Java enum field that may be nil, declared with its codec.
    @inlinable
    public init<V>(
        _ codec: OptionalEnumFieldCodec<V>, get: @escaping @Sendable (Root) -> V?,
        set: @escaping @Sendable (inout Root, consuming V?) -> Void
    ) {
        self.init(
            name: codec.name, declaredType: codec.slot.declared,
            write: { root, writer in try codec.write(get(root), to: writer) },
            read: { root, reader in set(&root, try codec.read(from: reader)) },
            copy: Field.optionalCopy(codec.name, codec.slot, get, set), slot: codec.slot)
        javaOptions = codec.form.java
    }
}
