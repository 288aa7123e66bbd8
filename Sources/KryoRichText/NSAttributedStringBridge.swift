import Foundation

extension AttributedText {
    /// The attributes Foundation's `NSAttributedString` holds on every platform, under their
    /// `NS…` names: numbers (`NSUnderline`, `NSKern`…), links (an `NSURL` or a string) and
    /// untranslated attributes whose values are strings or numbers.
    ///
    /// Fonts, colors, paragraph styles, shadows and attachments are platform classes
    /// (`NSFont`/`UIFont`…) that Foundation alone does not have: they are left out and recorded
    /// in `report`. Keep ``AttributedText`` (or `AttributedString`, see
    /// `AttributeScopes/RichTextAttributes`) as the storage where they matter.
    public func foundationAttributedString(report: TranslationReport? = nil) -> NSAttributedString {
        let result = NSMutableAttributedString(string: string)
        let dropped = RichTextOptions(fidelity: .lossy, report: report)
        for (range, run) in zip(ranges, runs) {
            var attributes: [NSAttributedString.Key: Any] = [:]
            for field in TextAttributeField.all {
                guard let value = field.get(run.attributes) else { continue }
                switch field.storage {
                case .double, .integer:
                    attributes[NSAttributedString.Key(field.archiveName)] = value
                case .link:
                    attributes[NSAttributedString.Key(field.archiveName)] = TextAttributesSerializer.archived(
                        value, of: field)
                case .object:
                    dropped.drop(field.archiveName, in: "attributes", range: range)
                }
            }
            for (name, wrapped) in run.attributes.untranslated {
                switch wrapped.value {
                case is String, is Int, is Double, is Bool:
                    attributes[NSAttributedString.Key(name)] = wrapped.value
                default:
                    dropped.drop(name, in: "attributes", range: range)
                }
            }
            result.setAttributes(attributes, range: NSRange(location: range.lowerBound, length: range.count))
        }
        return result
    }

    /// The text of `string`: its `NS…` attributes that the model translates (numbers, links, and
    /// on Apple platforms any values of the model's own types), the others as untranslated
    /// attributes.
    public init(_ string: NSAttributedString) {
        var runs: [TextRun] = []
        let whole = NSRange(location: 0, length: string.length)
        string.enumerateAttributes(in: whole, options: []) { values, range, _ in
            var attributes = TextAttributes()
            for (key, value) in values.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let name = key.rawValue
                if let field = TextAttributeField.byArchiveName[name], field.set(&attributes, value) { continue }
                attributes.untranslated[name] = UntranslatedValue(value)
            }
            if range.length > 0 { runs.append(TextRun(length: range.length, attributes: attributes)) }
        }
        // Foundation's runs cover the string exactly; fall back to plain text if they ever do not.
        self = (try? AttributedText(string.string, runs: runs)) ?? AttributedText(string.string)
    }
}
