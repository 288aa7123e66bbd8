/// Whether Java's field serializers write `int` and `long` fields as variable-length numbers
/// (zigzag varints, the default) or fixed width: Kryo 5's
/// `FieldSerializerConfig.setVariableLengthEncoding(false)` (and that of the tagged and
/// compatible field serializers, whose configs inherit it), Kryo 4's `varIntsEnabled`.
///
/// It changes the primitive fields of schema-declared types and of the dynamic path (integer
/// encoding ``IntegerEncoding/field``); a boxed `Integer` or `Long` is written by its own
/// serializer, as a varint, either way.
///
/// ```swift
/// var options = KryoDialect.v5.defaultOptions
/// options.settings[VariableLengthFieldsSetting.self] = false
/// let bytes = try registry.encode(order, as: .kryo(.v5), options: options)
/// ```
public enum VariableLengthFieldsSetting: SerializationSetting {
    public static let defaultValue = true
}

extension SerializationOptions {
    /// Whether ``IntegerEncoding/field`` means fixed width in this call
    /// (``VariableLengthFieldsSetting`` off).
    package var fieldIntegersAreFixed: Bool {
        !settings.isEmpty && !settings[VariableLengthFieldsSetting.self]
    }
}
