/// One Java object that the dynamic path reads as a Swift value — a list, a map, a
/// `BigDecimal`, a `Date`, a primitive array — and that a graph holds in more than one place.
///
/// Java Kryo tracks objects by identity when references are on (the default of Kryo 2.20 and
/// 4): an object met again, such as one `ArrayList` held by two beans or `BigDecimal.ZERO` in
/// two fields, is written once and then as a back reference. The dynamic path reads such values
/// as Swift values, without identity; like a shared string (``SharedString``), an untyped decode
/// with the registry of ``Registry/init(schemas:_:)`` reads a value that the stream refers to
/// again as one `SharedValue`, at its first place and at every later one, and writing the graph
/// again writes the same back references: a stream converts to another Kryo release, to a
/// readable document and back, byte for byte.
///
/// Beans (``DynamicObject``) are classes and keep their identity without a box; enum constants
/// are told apart by their class and ordinal.
///
/// A keyed archive's mutable collections (`NSMutableArray`, `NSMutableDictionary`,
/// `NSMutableSet`) are objects too, read on the dynamic path as their Swift value in a
/// `SharedValue` that names the class (``foundationClass``), so that writing them again gives
/// the class the archive had, and one object wherever the archive refers to it.
///
/// Wherever a value of another type is asked for, a `SharedValue` converts to its value
/// (``ValueConversion/convert(_:to:)``). Equality and hashing are the value's when it is
/// `Hashable` (a shared `BigDecimal` as a map key finds its entry), else the instance's; `===`
/// tells whether two are the same instance.
public final class SharedValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The value. (`@unchecked Sendable`: set once, while the decode that made the box reads
    /// it, and the dynamic path's values are values or immutable.)
    public private(set) var value: Any
    /// The Foundation class that a keyed archive or a readable document named for the value
    /// when it is not the class its type is written as (`NSMutableArray` for an `[Any?]`, which
    /// is written as an `NSArray`); `nil` otherwise. Only the keyed and readable formats write
    /// it; Kryo has no such class.
    public let foundationClass: String?

    /// Creates a value instance that writing may share.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - foundationClass: The Foundation class to write it as, when not its type's own.
    public init(_ value: Any, foundationClass: String? = nil) {
        self.value = value
        self.foundationClass = foundationClass
    }

    /// A box made before its value is read, for a collection that contains itself (through
    /// objects it holds): back-references inside it find the box, and ``fill(_:)`` gives it the
    /// value once read. Its value is `()` until then.
    package static func opened(foundationClass: String? = nil) -> SharedValue {
        let box = SharedValue((), foundationClass: foundationClass)
        box.isOpen = true
        return box
    }

    /// Whether the box was made by ``opened()`` and has no value yet.
    package private(set) var isOpen = false

    /// Gives a box made by ``opened()`` its value.
    package func fill(_ value: Any) {
        self.value = value
        isOpen = false
    }

    /// Gives the box the value of the class that the slot where the value is written in full
    /// makes of it (a document's list in a `Deque` field: a `LinkedList`), for every place an
    /// alias names it from.
    package func replaceValue(_ value: Any) {
        self.value = value
    }

    public static func == (lhs: SharedValue, rhs: SharedValue) -> Bool {
        if lhs === rhs { return true }
        guard let left = lhs.value as? AnyHashable, let right = rhs.value as? AnyHashable else { return false }
        return left == right
    }

    public func hash(into hasher: inout Hasher) {
        if let hashable = value as? AnyHashable {
            hasher.combine(hashable)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    public var description: String { "\(value)" }

    /// Whether the dynamic path boxes `value` as a `SharedValue` when the stream refers to it
    /// again: a value of a type without identity (not a class instance, not a string, which is
    /// a ``SharedString``, not an enum constant, not a value that carries an identity of its
    /// own, ``ArchivedObjectValue``).
    package static func boxes(_ value: Any) -> Bool { boxesValues(of: Swift.type(of: value)) }

    /// ``boxes(_:)`` for the values of `type`.
    package static func boxesValues(of type: any Any.Type) -> Bool {
        !(type is AnyObject.Type) && type != String.self && type != DynamicEnum.self && type != Any.self
            && !(type is any JavaEnum.Type) && !(type is any ArchivedObjectValue.Type)
            && !ValueConversion.isOptionalType(type)
    }
}

/// A reader of documents that tells whether the value it read last for a field was an alias
/// (`$alias`) to a value written in full elsewhere: only the place written in full gives a shared
/// value the class its field declares.
package protocol AliasTellingReader {
    /// Whether the value read last by `readObject(as:forKey:)` was an alias.
    var lastValueWasAnAlias: Bool { get }
}
