/// A value type that stands for an object of a keyed archive or readable document: copies of one
/// value read from an object that several places referenced are written back as one object
/// again (one `$objects` entry, one `$alias` target), as long as they still equal what was read.
///
/// The rich-text models (colors, fonts, paragraph styles…) conform, so that a color an archive
/// shares between many attribute runs stays one `NSColor` through a conversion. A serializer
/// gives a value its identity when it reads one (``ReadIdentity``); values made in Swift have
/// none and are written in full wherever they occur. Kryo binary does not use this identity.
public protocol ArchivedObjectValue {
    /// The object that the copies of one read value share, or `nil` (made in Swift, or changed
    /// since it was read).
    var archivedObjectIdentity: AnyObject? { get }
}

/// The identity that the copies of one value read from an archive share, holding the value as it
/// was read, so that a copy changed since then is no longer taken for the object.
///
/// ```swift
/// var color = Color.rgb(1, 0, 0)
/// color.readIdentity = ReadIdentity(color)   // in a serializer's read
/// ```
public final class ReadIdentity<Value: Equatable & Sendable>: Sendable {
    /// The value as it was read.
    public let value: Value

    /// The identity of `value`, as it was just read.
    public init(_ value: Value) { self.value = value }

    /// This identity while `current` still equals the value read; `nil` after a change.
    public func identity(of current: Value) -> AnyObject? { current == value ? self : nil }
}
