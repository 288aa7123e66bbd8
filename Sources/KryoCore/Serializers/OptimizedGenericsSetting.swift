/// Kryo 4's `FieldSerializerConfig.setOptimizedGenerics(true)`: the field serializer passes the
/// generic arguments a field declares to the value's serializer (a `List<String>` field's
/// elements then carry no class), and resolves fields typed by a type variable (`T item` of a
/// `Holder<String>`) to the argument. Off by default, as in Kryo 4.0.3; Kryo 2.20 and 5 always
/// use generics (one level and every level), so the setting changes only Kryo 4.
///
/// ```swift
/// var options = KryoDialect.v4.defaultOptions
/// options.settings[OptimizedGenericsSetting.self] = true
/// ```
public enum OptimizedGenericsSetting: SerializationSetting {
    public static let defaultValue = false
}

extension SerializationOptions {
    /// Whether Kryo 4 ignores the generic arguments fields declare (``OptimizedGenericsSetting``
    /// off, its default).
    package var kryo4IgnoresGenerics: Bool {
        settings.isEmpty || !settings[OptimizedGenericsSetting.self]
    }
}
