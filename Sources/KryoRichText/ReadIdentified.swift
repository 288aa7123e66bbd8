import KryoCore

/// A rich-text model that keeps the identity of the archive object it was read from, so that
/// copies of it are written back as one object (see ``KryoCore/ArchivedObjectValue``).
protocol ReadIdentified: Equatable, Sendable {
    var readIdentity: ReadIdentity<Self>? { get set }
}

extension ReadIdentified {
    /// The value with a new identity, as read now from a keyed archive or readable document
    /// (which hand back the same copy wherever the object is referenced again).
    func identified() -> Self {
        var copy = self
        copy.readIdentity = ReadIdentity(self)
        return copy
    }
}

extension Color: ReadIdentified {}
extension Font: ReadIdentified {}
extension AttributedText: ReadIdentified {}
extension ParagraphStyle: ReadIdentified {}
extension TextTab: ReadIdentified {}
extension TextAttachment: ReadIdentified {}
extension ColorSpaceDescription: ReadIdentified {}

/// A rich-text model that keeps the keys of the archive it was read from that it does not
/// translate (``PreservedKeys``), whose objects a deep copy copies.
protocol KeepsArchiveKeys: ReadIdentified {
    var preserved: PreservedKeys { get set }
}

extension Color: KeepsArchiveKeys {}
extension Font: KeepsArchiveKeys {}
extension AttributedText: KeepsArchiveKeys {}
extension ParagraphStyle: KeepsArchiveKeys {}
extension TextTab: KeepsArchiveKeys {}
extension TextAttachment: KeepsArchiveKeys {}
extension ColorSpaceDescription: KeepsArchiveKeys {}
