import FoundationEssentials

/// Java's `Locale` as Foundation's `Locale`: Kryo 4 and 5's `LocaleSerializer` writes the
/// language, the country and the variant as strings (`en`, `US`, ``), Java's `new Locale(language,
/// country, variant)`.
///
/// Foundation's identifier is read as `language_COUNTRY_variant` (a `-` counts as `_`); a script
/// (`zh_Hans_CN`) or keywords (`@calendar=…`) have no place in those three strings and are an
/// error. Java's root locale is `Locale(identifier: "")`. Kryo 2.20 has no `Locale` serializer (its
/// `FieldSerializer` writes nothing); Swift writes the Kryo 4 form in every dialect, which a Java
/// 2.20 peer reads once it registers Kryo's `LocaleSerializer` (or an equivalent).
public struct LocaleSerializer: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }

    public func write(_ value: Locale, to writer: any ValueWriter) throws {
        let parts = try LocaleSerializer.javaParts(of: value.identifier)
        try writer.writeString(parts.language, forKey: "language")
        try writer.writeString(parts.country, forKey: "country")
        try writer.writeString(parts.variant, forKey: "variant")
    }

    public func read(from reader: any ValueReader) throws -> Locale {
        let language = try reader.readString(forKey: "language") ?? ""
        let country = try reader.readString(forKey: "country") ?? ""
        let variant = try reader.readString(forKey: "variant") ?? ""
        let locale = Locale(
            identifier: LocaleSerializer.identifier(language: language, country: country, variant: variant))
        // Parts that Foundation's identifier cannot hold apart (a `_`, `-` or `@` in them, a
        // four-letter country read as a script) would not be written back as they were read.
        guard let parts = try? LocaleSerializer.javaParts(of: locale.identifier),
            parts.language == language.lowercased(), parts.country == country.uppercased(), parts.variant == variant
        else {
            throw reader.error(
                .unsupported,
                expected: "a Java locale that Foundation's Locale holds (no _, - or @ in its language or country)",
                found: "language \"\(language)\", country \"\(country)\", variant \"\(variant)\"")
        }
        return locale
    }

    /// Java's `Locale.toString()` of the three parts: `en_US`, `en__POSIX`, `fr`.
    static func identifier(language: String, country: String, variant: String) -> String {
        var text = language
        if !country.isEmpty || !variant.isEmpty { text += "_" + country }
        if !variant.isEmpty { text += "_" + variant }
        return text
    }

    /// The language (lower case), country (upper case) and variant of a Foundation identifier.
    static func javaParts(of identifier: String) throws -> (language: String, country: String, variant: String) {
        guard !identifier.contains("@") else {
            throw SerializationError(
                .unsupported, expected: "a locale without keywords (Java's language, country, variant)",
                found: "\"\(identifier)\"")
        }
        let parts = identifier.replacing("-", with: "_")
            .split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let language = parts[0].lowercased()
        let country = parts.count > 1 ? parts[1].uppercased() : ""
        let variant = parts.count > 2 ? parts[2] : ""
        guard country.count != 4 else {
            throw SerializationError(
                .unsupported, expected: "a locale without a script (Java's language, country, variant)",
                found: "\"\(identifier)\"")
        }
        return (language, country, variant)
    }
}

extension Locale: JavaRepresentable {
    public static var javaClassName: String { "java.util.Locale" }
    public static var defaultSerializer: AnySerializer { AnySerializer(LocaleSerializer()) }
}
