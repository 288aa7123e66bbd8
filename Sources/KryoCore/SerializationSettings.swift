/// A per-call setting that a serializer reads from ``SerializationOptions/settings``.
///
/// Declare one for each setting your serializers need, with the value used when a call does not
/// set it:
///
/// ```swift
/// enum TemperatureUnitSetting: SerializationSetting {
///     static let defaultValue = TemperatureUnit.celsius
/// }
/// var options = SerializationOptions()
/// options.settings[TemperatureUnitSetting.self] = .fahrenheit
/// ```
///
/// In a serializer, `writer.options.settings[TemperatureUnitSetting.self]` reads it.
public protocol SerializationSetting {
    /// The type of the setting's value.
    associatedtype Value: Hashable & Sendable
    /// The value of the setting in a call that does not set it.
    static var defaultValue: Value { get }
}

/// The per-call settings of serializers, by setting type (see ``SerializationSetting``).
///
/// Settings travel with the call, not with the registry, so that one registry serves calls that
/// want different forms: the same attributed text archived for a Mac in one call and for iOS in
/// the next.
public struct SerializationSettings: Sendable, Hashable {
    private var values: [ObjectIdentifier: AnySettingValue] = [:]

    /// No setting set: every setting has its default value.
    public init() {}

    /// Whether no setting is set (every one has its default value).
    public var isEmpty: Bool { values.isEmpty }

    /// The value of `setting` in this call: the one set, else the setting's default.
    public subscript<S: SerializationSetting>(_ setting: S.Type) -> S.Value {
        get {
            guard let stored = values[ObjectIdentifier(setting)]?.value as? S.Value else { return S.defaultValue }
            return stored
        }
        set { values[ObjectIdentifier(setting)] = AnySettingValue(newValue) }
    }

    /// Removes the value set for `setting`, so that it reads as its default again.
    public mutating func reset<S: SerializationSetting>(_ setting: S.Type) {
        values[ObjectIdentifier(setting)] = nil
    }
}

/// A setting's value with its type erased, compared as the value compares.
private struct AnySettingValue: Sendable, Hashable {
    let value: any Hashable & Sendable

    init(_ value: some Hashable & Sendable) { self.value = value }

    static func == (lhs: AnySettingValue, rhs: AnySettingValue) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
}
