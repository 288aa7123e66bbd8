import KryoCore

/// What a call's options and dialect decide together about the forms of its values, worked out
/// once when either is set, and the one per-call memory those forms need. Shared by the Kryo
/// writer and reader, which must agree on every form.
struct KryoCallForms {
    /// Whether ``IntegerEncoding/field`` is fixed width: ``VariableLengthFieldsSetting`` off, or
    /// Kryo 4's fast and unsafe streams (whose `writeInt(value, false)` Kryo 4's fields call).
    private(set) var fieldIntegersAreFixed = false
    /// Whether fields pass no generic arguments on (Kryo 4 without optimized generics).
    private(set) var dropsGenerics = false
    /// Whether generic classes remember their last arguments (Kryo 4 with optimized generics).
    private var remembersTypeArguments = false
    /// The generic arguments each generic class's serializer was last given in this call.
    private var rememberedTypeArguments: [ClassKey: [DeclaredType]] = [:]

    init(_ options: SerializationOptions, _ dialect: KryoDialect) { settle(options, dialect) }

    /// Works the forms out again for a call's options and dialect.
    mutating func settle(_ options: SerializationOptions, _ dialect: KryoDialect) {
        let kryo4 = dialect.version == .kryo4
        fieldIntegersAreFixed =
            options.fieldIntegersAreFixed || dialect.wire.fixedWidthIntegers && dialect.version < .kryo5
        dropsGenerics = kryo4 && options.kryo4IgnoresGenerics
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

    /// Forgets what one call remembered.
    mutating func reset() {
        if !rememberedTypeArguments.isEmpty { rememberedTypeArguments = [:] }
    }
}
