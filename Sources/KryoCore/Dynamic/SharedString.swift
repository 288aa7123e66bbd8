/// One Java `String` instance that a graph holds in more than one place.
///
/// Java Kryo tracks strings by identity when references are on (the default of Kryo 2.20 and
/// 4): a string met again — an interned literal such as a map key repeated in many maps, a
/// city shared by two addresses — is written once and then as a back reference. Swift strings
/// are values without identity, so a typed model writes each occurrence in full. The dynamic
/// path keeps Java's sharing instead (``Registry/keepsSharedStrings``): an untyped decode with
/// the registry of ``Registry/init(schemas:_:)`` reads a string that the stream refers to again
/// as one `SharedString`, at its first place and at every later one, and writing the
/// graph again writes the same back references, so that a stream converts to a readable
/// document and back byte for byte.
///
/// - The Kryo binary writes it once and then refers back to it (with references on).
/// - A readable document writes its text once and `{"$alias": "key.path"}` at every other place;
///   reading an alias to a string gives the one `SharedString` again.
/// - A keyed archive writes it as an `NSString` object of its own that every place refers to
///   (equal plain strings share one inline entry instead); the dynamic path reads such an object
///   back as one `SharedString`, and Foundation as an `NSString`.
///
/// Equality and hashing are by text as Java's `String.equals` compares it, code unit by code
/// unit (not by Swift's canonical equivalence: `"\u{E9}"` and `"e\u{301}"` are two keys of a
/// Java map), so that a shared map key finds its entry and two keys Java tells apart stay apart;
/// `===` tells whether two are the same instance. Wherever a `String` is asked for, it converts
/// to its text.
public final class SharedString: Hashable, Sendable, CustomStringConvertible {
    /// The text.
    public let value: String

    /// Creates a string instance that writing may share.
    public init(_ value: String) { self.value = value }

    public static func == (lhs: SharedString, rhs: SharedString) -> Bool {
        lhs === rhs || lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        // The scalars' UTF-8 bytes: equal for equal scalars, whatever Swift's equivalence says.
        var text = value
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { value }

    /// The text of what ``ValueReader/readStringInstance(canBeNull:forKey:)`` gave: a `String` or
    /// a `SharedString`; `nil` for anything else.
    package static func text(of instance: Any) -> String? {
        // A `String` (the common case) is told by its type, without a dynamic cast.
        if let string = ValueConversion.exactly(instance, as: String.self) { return string }
        return instance as? String ?? (instance as? SharedString)?.value
    }
}
