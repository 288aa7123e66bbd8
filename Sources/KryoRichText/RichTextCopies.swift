import KryoCore

// The rich-text values are Swift values, but the keys they keep from an archive (``PreservedKeys``)
// and the attributes they do not translate may hold the archive's own objects — unknown objects,
// Foundation collections — which are class instances and may lead back into the graph being
// copied. A copy copies those through the copier (each original once, cycles kept) and the rest
// as the values they are (``Serializer/copy(_:with:)``).

extension PreservedKeys {
    /// The keys, with the objects they hold copied through `copier`.
    func copied(with copier: ValueCopier) throws -> PreservedKeys {
        var copy = self
        for (key, value) in values {
            guard case .object(let object) = value, let object else { continue }
            do {
                copy.set(.object(try copier.copy(object as Any)), forKey: key)
            } catch {
                throw copier.leaving(key, with: error)
            }
        }
        return copy
    }
}

/// The copies of the rich-text values that hold other values.
enum RichTextCopy {
    /// `copy`, the copy of `original`, with a copy of the identity `original` was read with (one
    /// new identity per original identity, so that copies of values that shared one share one,
    /// holding the copy of the value as it was read).
    static func identified<Value: ReadIdentified>(
        _ copy: Value, of original: Value, _ copier: ValueCopier, copying: (Value) throws -> Value
    ) throws -> Value {
        guard let identity = original.readIdentity else { return copy }
        var result = copy
        result.readIdentity = try copier.copy(object: identity) { ReadIdentity(try copying(identity.value)) }
        return result
    }

    /// `value` with the archive objects it keeps copied, then what `nested` copies of the values
    /// it holds, and the identity it was read with.
    static func keeping<Value: KeepsArchiveKeys>(
        _ value: Value, _ copier: ValueCopier, nested: (inout Value) throws -> Void = { _ in }
    ) throws -> Value {
        var copy = value
        copy.preserved = try value.preserved.copied(with: copier)
        try nested(&copy)
        return try identified(copy, of: value, copier) { try keeping($0, copier, nested: nested) }
    }

    static func font(_ value: Font, _ copier: ValueCopier) throws -> Font { try keeping(value, copier) }

    static func color(_ value: Color, _ copier: ValueCopier) throws -> Color {
        try keeping(value, copier) { copy in
            if case .catalog(let catalog, let name, let fallback?) = copy.components {
                copy.components = .catalog(catalog: catalog, name: name, fallback: try color(fallback, copier))
            }
        }
    }

    static func tab(_ value: TextTab, _ copier: ValueCopier) throws -> TextTab { try keeping(value, copier) }

    static func paragraphStyle(_ value: ParagraphStyle, _ copier: ValueCopier) throws -> ParagraphStyle {
        try keeping(value, copier) { copy in copy.tabStops = try copy.tabStops?.map { try tab($0, copier) } }
    }

    static func attachment(_ value: TextAttachment, _ copier: ValueCopier) throws -> TextAttachment {
        try keeping(value, copier)
    }

    static func shadow(_ value: Shadow, _ copier: ValueCopier) throws -> Shadow {
        var copy = value
        copy.color = try value.color.map { try color($0, copier) }
        return copy
    }

    static func attributes(_ value: TextAttributes, _ copier: ValueCopier) throws -> TextAttributes {
        var copy = value
        copy.font = try value.font.map { try font($0, copier) }
        copy.foregroundColor = try value.foregroundColor.map { try color($0, copier) }
        copy.backgroundColor = try value.backgroundColor.map { try color($0, copier) }
        copy.underlineColor = try value.underlineColor.map { try color($0, copier) }
        copy.strikethroughColor = try value.strikethroughColor.map { try color($0, copier) }
        copy.strokeColor = try value.strokeColor.map { try color($0, copier) }
        copy.paragraphStyle = try value.paragraphStyle.map { try paragraphStyle($0, copier) }
        copy.shadow = try value.shadow.map { try shadow($0, copier) }
        copy.attachment = try value.attachment.map { try attachment($0, copier) }
        for (name, untranslated) in value.untranslated {
            do {
                copy.untranslated[name] = UntranslatedValue(try copier.copy(untranslated.value))
            } catch {
                throw copier.leaving(name, with: error)
            }
        }
        return copy
    }

    static func run(_ value: TextRun, _ copier: ValueCopier) throws -> TextRun {
        TextRun(length: value.length, attributes: try attributes(value.attributes, copier))
    }

    static func text(_ value: AttributedText, _ copier: ValueCopier) throws -> AttributedText {
        try keeping(value, copier) { copy in try copy.setRuns(copy.runs.map { try run($0, copier) }) }
    }
}

extension AttributedTextSerializer {
    /// The text, with the archive's objects it keeps copied.
    public func copy(_ value: AttributedText, with copier: ValueCopier) throws -> AttributedText {
        try RichTextCopy.text(value, copier)
    }
}

extension TextRunSerializer {
    /// The run, with the archive's objects its attributes keep copied.
    public func copy(_ value: TextRun, with copier: ValueCopier) throws -> TextRun {
        try RichTextCopy.run(value, copier)
    }
}

extension ColorSerializer {
    /// The color, with the archive's objects it keeps copied.
    public func copy(_ value: Color, with copier: ValueCopier) throws -> Color { try RichTextCopy.color(value, copier) }
}

extension RGBIntColorSerializer {
    /// The color, with the archive's objects it keeps copied.
    public func copy(_ value: Color, with copier: ValueCopier) throws -> Color { try RichTextCopy.color(value, copier) }
}

extension ColorSpaceDescriptionSerializer {
    func copy(_ value: ColorSpaceDescription, with copier: ValueCopier) throws -> ColorSpaceDescription {
        try RichTextCopy.keeping(value, copier)
    }
}

extension FontSerializer {
    /// The font, with the archive's objects it keeps copied (a `UIFontDescriptor`…).
    public func copy(_ value: Font, with copier: ValueCopier) throws -> Font { try RichTextCopy.font(value, copier) }
}

extension ParagraphStyleSerializer {
    /// The style, with the archive's objects it and its tabs keep copied.
    public func copy(_ value: ParagraphStyle, with copier: ValueCopier) throws -> ParagraphStyle {
        try RichTextCopy.paragraphStyle(value, copier)
    }
}

extension TextTabSerializer {
    /// The tab, with the archive's objects it keeps copied.
    public func copy(_ value: TextTab, with copier: ValueCopier) throws -> TextTab {
        try RichTextCopy.tab(value, copier)
    }
}

extension ArchivedTextTabSerializer {
    /// The tab, with the archive's objects it keeps copied.
    public func copy(_ value: TextTab, with copier: ValueCopier) throws -> TextTab {
        try RichTextCopy.tab(value, copier)
    }
}

extension CompactTextTabSerializer {
    /// The tab, with the archive's objects it keeps copied.
    public func copy(_ value: TextTab, with copier: ValueCopier) throws -> TextTab {
        try RichTextCopy.tab(value, copier)
    }
}

extension ShadowSerializer {
    /// The shadow, with its color's kept objects copied.
    public func copy(_ value: Shadow, with copier: ValueCopier) throws -> Shadow {
        try RichTextCopy.shadow(value, copier)
    }
}

extension TextAttachmentSerializer {
    /// The attachment, with the archive's objects it keeps copied.
    public func copy(_ value: TextAttachment, with copier: ValueCopier) throws -> TextAttachment {
        try RichTextCopy.attachment(value, copier)
    }
}

extension TextAttributesSerializer {
    /// The attributes, with the archive's objects their values keep copied.
    public func copy(_ value: TextAttributes, with copier: ValueCopier) throws -> TextAttributes {
        try RichTextCopy.attributes(value, copier)
    }
}

extension TextLinkSerializer {
    /// The link itself (a URL or a string).
    public func copy(_ value: TextLink, with copier: ValueCopier) -> TextLink { value }
}
