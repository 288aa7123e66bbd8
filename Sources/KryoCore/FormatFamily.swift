/// The kind of format a ``ValueWriter`` or ``ValueReader`` belongs to.
///
/// Most serializers write the same calls whatever the format. A serializer that has a form of its
/// own in one format — a font that a keyed archive stores under AppKit's or UIKit's keys, and a
/// readable document under plain names — asks the writer which family it is writing.
public enum FormatFamily: Sendable, Hashable {
    /// Kryo's compact binary: values are told apart by position, keys are ignored.
    case kryoBinary
    /// A keyed archive in the format of Apple's `NSKeyedArchiver`.
    case keyedArchive
    /// A readable document in HRCoder's style (JSON or a property list).
    case readable
}
