import KryoCore

// The rich-text values are immutable Swift values: each is its own copy (``Serializer/copy(_:with:)``).

extension AttributedTextSerializer {
    /// The text itself (an immutable value).
    public func copy(_ value: AttributedText, with copier: ValueCopier) -> AttributedText { value }
}

extension TextRunSerializer {
    /// The run itself (an immutable value).
    public func copy(_ value: TextRun, with copier: ValueCopier) -> TextRun { value }
}

extension ColorSerializer {
    /// The color itself (an immutable value).
    public func copy(_ value: Color, with copier: ValueCopier) -> Color { value }
}

extension RGBIntColorSerializer {
    /// The color itself (an immutable value).
    public func copy(_ value: Color, with copier: ValueCopier) -> Color { value }
}

extension ColorSpaceDescriptionSerializer {
    func copy(_ value: ColorSpaceDescription, with copier: ValueCopier) -> ColorSpaceDescription { value }
}

extension FontSerializer {
    /// The font itself (an immutable value).
    public func copy(_ value: Font, with copier: ValueCopier) -> Font { value }
}

extension ParagraphStyleSerializer {
    /// The style itself (an immutable value).
    public func copy(_ value: ParagraphStyle, with copier: ValueCopier) -> ParagraphStyle { value }
}

extension TextTabSerializer {
    /// The tab itself (an immutable value).
    public func copy(_ value: TextTab, with copier: ValueCopier) -> TextTab { value }
}

extension ArchivedTextTabSerializer {
    /// The tab itself (an immutable value).
    public func copy(_ value: TextTab, with copier: ValueCopier) -> TextTab { value }
}

extension CompactTextTabSerializer {
    /// The tab itself (an immutable value).
    public func copy(_ value: TextTab, with copier: ValueCopier) -> TextTab { value }
}

extension ShadowSerializer {
    /// The shadow itself (an immutable value).
    public func copy(_ value: Shadow, with copier: ValueCopier) -> Shadow { value }
}

extension TextAttachmentSerializer {
    /// The attachment itself (an immutable value).
    public func copy(_ value: TextAttachment, with copier: ValueCopier) -> TextAttachment { value }
}

extension TextAttributesSerializer {
    /// The attributes themselves (an immutable value).
    public func copy(_ value: TextAttributes, with copier: ValueCopier) -> TextAttributes { value }
}

extension TextLinkSerializer {
    /// The link itself (an immutable value).
    public func copy(_ value: TextLink, with copier: ValueCopier) -> TextLink { value }
}
