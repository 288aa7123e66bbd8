import KryoCore

/// A call's options and dialect, and what they decide together about the forms of its values,
/// worked out once when either changes, with the one per-call memory those forms need. Shared by
/// the Kryo writer and reader, which must agree on every form.
struct KryoCallForms {
    /// The call's options.
    private(set) var options: SerializationOptions
    /// The call's dialect.
    private(set) var dialect: KryoDialect
    /// Whether ``IntegerEncoding/field`` is fixed width: ``VariableLengthFieldsSetting`` off, or
    /// Kryo 4's fast and unsafe streams (whose `writeInt(value, false)` Kryo 4's fields call).
    private(set) var fieldIntegersAreFixed = false
    /// Whether fields pass no generic arguments on (Kryo 4 without optimized generics, Kryo 5 with
    /// them turned off: ``OptimizedGenericsSetting``).
    private(set) var dropsGenerics = false
    /// Whether generic classes remember their last arguments (Kryo 4 with optimized generics).
    private var remembersTypeArguments = false
    /// The generic arguments each generic class's serializer was last given in this call.
    private var rememberedTypeArguments: [ClassKey: [DeclaredType]] = [:]
    /// The call's dialect while the forms are those of a skippable field's chunks
    /// (``enterChunks()``), and how many such fields are open.
    private var dialectOutsideChunks: KryoDialect?
    private var chunkNesting = 0

    init(_ options: SerializationOptions, _ dialect: KryoDialect) {
        self.options = options
        self.dialect = dialect
        settle()
    }

    /// Takes a new call's options and dialect. The last call's (the common case) cost a
    /// comparison, not a copy of the options and the forms worked out again.
    mutating func take(_ options: SerializationOptions, _ dialect: KryoDialect) {
        guard options != self.options || dialect != self.dialect else { return }
        self.options = options
        self.dialect = dialect
        settle()
    }

    /// Turns reference tracking off, or back on, for part of a call (``ValueWriter``'s and
    /// ``ValueReader``'s `withoutReferences`): no form depends on it.
    mutating func setReferences(_ references: Bool) { options.references = references }

    /// Works the forms out for the options and dialect.
    private mutating func settle() {
        let kryo4 = dialect.version == .kryo4
        fieldIntegersAreFixed =
            options.fieldIntegersAreFixed || dialect.wire.fixedWidthIntegers && dialect.version < .kryo5
        dropsGenerics = options.ignoresGenerics(in: dialect.version)
        remembersTypeArguments = kryo4 && !dropsGenerics
    }

    /// The arguments that resolve `javaClass`'s type variables (``ValueWriter/typeArguments(_:of:)``):
    /// with Kryo 4's optimized generics, a class's serializer keeps the arguments it was last given
    /// (`FieldSerializer.setGenerics`) and uses them where nothing gives new ones (an element of a
    /// collection or map, which Java writes with `writeClassAndObject`).
    mutating func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType] {
        guard remembersTypeArguments else { return arguments }
        guard arguments.isEmpty else {
            rememberedTypeArguments[javaClass] = arguments
            return arguments
        }
        return rememberedTypeArguments[javaClass] ?? []
    }

    /// Enters a skippable field's chunks. Java writes and reads them through `OutputChunked` and
    /// `InputChunked`, standard streams over the call's own, so that on Kryo 4's `FastOutput` and
    /// `UnsafeOutput` a field's value is written in the standard forms: varints and big-endian
    /// numbers. Returns the dialect of the chunks when the call's is another.
    mutating func enterChunks() -> KryoDialect? {
        if dialectOutsideChunks != nil {
            chunkNesting += 1
            return nil
        }
        guard dialect.streams != .standard else { return nil }
        dialectOutsideChunks = dialect
        chunkNesting = 1
        dialect = dialect.using(.standard)
        settle()
        return dialect
    }

    /// Leaves a skippable field's chunks; returns the call's dialect when the outermost field's
    /// chunks had another (``enterChunks()``).
    mutating func leaveChunks() -> KryoDialect? {
        guard let outside = dialectOutsideChunks else { return nil }
        chunkNesting -= 1
        guard chunkNesting == 0 else { return nil }
        dialectOutsideChunks = nil
        dialect = outside
        settle()
        return outside
    }

    /// Forgets what one call remembered, and leaves chunks a failed call left open.
    mutating func reset() {
        if !rememberedTypeArguments.isEmpty { rememberedTypeArguments = [:] }
        if let outside = dialectOutsideChunks {
            dialectOutsideChunks = nil
            chunkNesting = 0
            dialect = outside
            settle()
        }
    }
}
