/// The kind of format a ``ValueWriter`` or ``ValueReader`` belongs to: a value that a backend
/// module declares, identified by its name.
///
/// Most serializers write the same calls whatever the format. A type with a form of its own in
/// one family — a font that a keyed archive stores under AppKit's or UIKit's keys — registers a
/// second serializer for that family (``SerializerByFormat``); a serializer may also ask the
/// writer which family it is writing.
///
/// Each backend module declares its family as a static member, so that call sites read the
/// same whichever module declared it:
///
/// ```swift
/// extension FormatFamily {
///     /// A tree of tagged values, for debugging.
///     public static let debugTree = FormatFamily("debugTree")
/// }
/// ```
///
/// The library's backends declare `FormatFamily.kryoBinary` (KryoBinary), `.keyedArchive`
/// (KryoKeyed) and `.readable` (KryoReadable).
public struct FormatFamily: Sendable, Hashable, CustomStringConvertible {
    /// The name that identifies the family: two families are the same when their names are.
    public let name: String

    /// A family named `name`. A backend declares it once, as a static member of `FormatFamily`.
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
