import FoundationEssentials
import KryoCore

/// One typed attribute of ``TextAttributes``: its names in archives and readable documents, how
/// it is stored, and how to get and set it.
struct TextAttributeField: Sendable {
    enum Storage: Sendable {
        case object(DeclaredType)
        case double
        case integer
        case link
    }

    let archiveName: String
    let readableName: String
    let storage: Storage
    let get: @Sendable (TextAttributes) -> Any?
    let set: @Sendable (inout TextAttributes, Any) -> Bool

    static func object<T: Sendable>(
        _ archive: String, _ readable: String, _ path: WritableKeyPath<TextAttributes, T?> & Sendable
    ) -> TextAttributeField {
        TextAttributeField(
            archiveName: archive, readableName: readable, storage: .object(DeclaredType(T.self, finality: .final)),
            get: { $0[keyPath: path] },
            set: { attributes, value in
                guard let typed = value as? T else { return false }
                attributes[keyPath: path] = typed
                return true
            })
    }

    static func double(
        _ archive: String, _ readable: String, _ path: WritableKeyPath<TextAttributes, Double?> & Sendable
    )
        -> TextAttributeField
    {
        TextAttributeField(
            archiveName: archive, readableName: readable, storage: .double, get: { $0[keyPath: path] },
            set: { attributes, value in
                // An archive may store a whole number as an integer (`NSKern` 0 in a Sketch file).
                guard let number = ValueConversion.convert(value, to: Double.self) ?? wholeNumber(value) else {
                    return false
                }
                attributes[keyPath: path] = number
                return true
            })
    }

    static func integer(_ archive: String, _ readable: String, _ path: WritableKeyPath<TextAttributes, Int?> & Sendable)
        -> TextAttributeField
    {
        TextAttributeField(
            archiveName: archive, readableName: readable, storage: .integer, get: { $0[keyPath: path] },
            set: { attributes, value in
                // An archive may store the number as a real (`NSUnderline` 1.0).
                guard
                    let number = ValueConversion.convert(value, to: Int.self)
                        ?? ValueConversion.convert(value, to: Double.self).flatMap({ Int(exactly: $0) })
                else { return false }
                attributes[keyPath: path] = number
                return true
            })
    }

    /// `value` as a `Double` when it is an integer of any width that a `Double` holds exactly.
    private static func wholeNumber(_ value: Any) -> Double? {
        guard let integer = ValueConversion.flatten(value) as? any BinaryInteger else { return nil }
        return Double(exactly: integer)
    }

    /// Every typed attribute, in the order formats without keys write them.
    static let all: [TextAttributeField] = [
        .object(AttributeName.font, "font", \.font),
        .object(AttributeName.foregroundColor, "foregroundColor", \.foregroundColor),
        .object(AttributeName.backgroundColor, "backgroundColor", \.backgroundColor),
        .object(AttributeName.paragraphStyle, "paragraphStyle", \.paragraphStyle),
        .integer(AttributeName.underlineStyle, "underlineStyle", \.underlineStyle),
        .object(AttributeName.underlineColor, "underlineColor", \.underlineColor),
        .integer(AttributeName.strikethroughStyle, "strikethroughStyle", \.strikethroughStyle),
        .object(AttributeName.strikethroughColor, "strikethroughColor", \.strikethroughColor),
        .object(AttributeName.strokeColor, "strokeColor", \.strokeColor),
        .double(AttributeName.strokeWidth, "strokeWidth", \.strokeWidth),
        .double(AttributeName.kern, "kern", \.kern),
        .double(AttributeName.baselineOffset, "baselineOffset", \.baselineOffset),
        .double(AttributeName.obliqueness, "obliqueness", \.obliqueness),
        .double(AttributeName.expansion, "expansion", \.expansion),
        .integer(AttributeName.ligature, "ligature", \.ligature),
        .integer(AttributeName.superscript, "superscript", \.superscript),
        .object(AttributeName.shadow, "shadow", \.shadow),
        TextAttributeField(
            archiveName: AttributeName.link, readableName: "link", storage: .link, get: { $0.link },
            set: { attributes, value in
                switch value {
                case let link as TextLink: attributes.link = link
                case let url as URL: attributes.link = .url(url)
                case let string as String: attributes.link = .string(string)
                default: return false
                }
                return true
            }),
        .object(AttributeName.attachment, "attachment", \.attachment),
    ]

    static let byArchiveName: [String: TextAttributeField] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.archiveName, $0) })
    static let byReadableName: [String: TextAttributeField] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.readableName, $0) })
}
