/// Java's optimized generics: whether the field serializer passes the generic arguments a field
/// declares to the value's serializer (a `List<String>` field's elements then carry no class),
/// and resolves fields typed by a type variable (`T item` of a `Holder<String>`) to the argument.
///
/// `nil`, the default, is each release's own: off in Kryo 4.0.3
/// (`FieldSerializerConfig.setOptimizedGenerics(true)` turns it on), on in Kryo 5
/// (`kryo.setOptimizedGenerics(false)` turns it off: the value classes are then written as for
/// `Object` fields, except where a serializer is bound to an element class). Kryo 2.20 always
/// uses a field's generic arguments one level deep and ignores the setting.
///
/// ```swift
/// var options = KryoDialect.v4.defaultOptions
/// options.settings[OptimizedGenericsSetting.self] = true   // Kryo 4's setOptimizedGenerics(true)
/// var five = KryoDialect.v5.defaultOptions
/// five.settings[OptimizedGenericsSetting.self] = false     // Kryo 5's kryo.setOptimizedGenerics(false)
/// ```
public enum OptimizedGenericsSetting: SerializationSetting {
    public static let defaultValue: Bool? = nil
}

extension SerializationOptions {
    /// Whether the field serializers of `version` ignore the generic arguments fields declare
    /// (``OptimizedGenericsSetting``): Kryo 4 unless it is on, Kryo 5 when it is off.
    package func ignoresGenerics(in version: KryoWireVersion) -> Bool {
        switch version {
        case .kryo2: false
        case .kryo4: settings.isEmpty || settings[OptimizedGenericsSetting.self] != true
        case .kryo5: !settings.isEmpty && settings[OptimizedGenericsSetting.self] == false
        }
    }
}
