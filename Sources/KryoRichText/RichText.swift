import KryoBinary
import KryoCore
import KryoKeyed

/// The registrations of the rich-text types: add them to a registry with one call.
///
/// ```swift
/// let registry = try Registry {
///     RichText.registrations()
///     Register(Note.self, id: 30)
/// }
/// ```
///
/// Keyed archives name the types by Apple's classes (`NSFont`, `NSColor`, `NSParagraphStyle`,
/// `NSTextTab`, `NSShadow`, `NSTextAttachment`, `NSAttributedString`, `NSColorSpace`), so that
/// archives from either platform decode to them (`UIFont` and `UIColor` through their class
/// hints, `NSMutableAttributedString` and `NSTextStorage` through their superclasses). Readable
/// documents name them by their Swift names (`{"$class": "Font", …}`). Kryo binary names them by
/// Java-style names under `swiftkryo.text.` unless `firstID` gives them numeric ids.
public enum RichText {
    /// The registrations, with ids from `firstID` on (in the order of the list below) or by name
    /// only when `firstID` is `nil`.
    ///
    /// - Parameters:
    ///   - firstID: The id of the first registration; `nil` registers them by name only.
    ///   - colorSerializer: The serializer of ``Color`` in Kryo binary: ``ColorSerializer``'s
    ///     compact form (every model and space) by default, or ``RGBIntColorSerializer`` for Java
    ///     peers that use KryoCocoa's form. Keyed archives and readable documents use
    ///     ``ColorSerializer`` whichever it is.
    public static func registrations<S: Serializer>(firstID: Int? = nil, colorSerializer: S) -> [Register]
    where S.Value == Color {
        var nextID = firstID
        func id() -> Int? {
            defer { nextID = nextID.map { $0 + 1 } }
            return nextID
        }
        return [
            Register(
                AttributedText.self, id: id(), javaName: "swiftkryo.text.AttributedText",
                serializer: AttributedTextSerializer(), isFinal: true,
                archiveClass: AttributedTextSerializer.archiveClass,
                readableName: "AttributedText"),
            Register(
                TextAttributes.self, id: id(), javaName: "swiftkryo.text.TextAttributes",
                serializer: TextAttributesSerializer(),
                isFinal: true, archiveClass: ArchiveClass("SKTextAttributes"), readableName: "TextAttributes"),
            Register(
                TextRun.self, id: id(), javaName: "swiftkryo.text.TextRun", serializer: TextRunSerializer(),
                isFinal: true,
                archiveClass: ArchiveClass("SKTextRun"), readableName: "TextRun"),
            Register(
                Font.self, id: id(), javaName: "swiftkryo.text.Font", serializer: FontSerializer(), isFinal: true,
                archiveClass: FontSerializer.appKitClass, readableName: "Font"),
            Register(
                Color.self, id: id(), javaName: "swiftkryo.text.Color", serializer: ColorSerializer(),
                formats: colorSerializer is ColorSerializer ? [:] : [.kryoBinary: colorSerializer], isFinal: true,
                archiveClass: ColorSerializer.appKitClass, readableName: "Color"),
            Register(
                ParagraphStyle.self, id: id(), javaName: "swiftkryo.text.ParagraphStyle",
                serializer: ParagraphStyleSerializer(), isFinal: true, archiveClass: ArchiveClass("NSParagraphStyle"),
                readableName: "ParagraphStyle"),
            Register(
                TextTab.self, id: id(), javaName: "swiftkryo.text.TextTab", serializer: TextTabSerializer(),
                formats: [.keyedArchive: ArchivedTextTabSerializer(), .kryoBinary: CompactTextTabSerializer()],
                isFinal: true, archiveClass: TextTabSerializer.archiveClass, readableName: "TextTab"),
            Register(
                Shadow.self, id: id(), javaName: "swiftkryo.text.Shadow", serializer: ShadowSerializer(), isFinal: true,
                archiveClass: ArchiveClass("NSShadow"), readableName: "Shadow"),
            Register(
                TextLink.self, id: id(), javaName: "swiftkryo.text.Link", serializer: TextLinkSerializer(),
                isFinal: true,
                archiveClass: ArchiveClass("SKTextLink"), readableName: "Link"),
            Register(
                TextAttachment.self, id: id(), javaName: "swiftkryo.text.TextAttachment",
                serializer: TextAttachmentSerializer(), isFinal: true,
                archiveClass: TextAttachmentSerializer.archiveClass,
                readableName: "TextAttachment"),
            Register(
                ColorSpaceDescription.self, id: id(), javaName: "swiftkryo.text.ColorSpace",
                serializer: ColorSpaceDescriptionSerializer(), isFinal: true,
                archiveClass: ColorSpaceDescriptionSerializer.archiveClass,
                readableName: "ColorSpace"),
        ]
    }

    /// The registrations with ``ColorSerializer``.
    public static func registrations(firstID: Int? = nil) -> [Register] {
        registrations(firstID: firstID, colorSerializer: ColorSerializer())
    }
}
