import OrderedCollections

/// An `NSOrderedSet` read without a Swift type on the dynamic path, where an `OrderedSet` stands
/// for Java's `HashSet` (an `NSSet` kept in stream order): so that an ordered set read from a keyed
/// archive or a readable document is written back as an `NSOrderedSet`, and a set as an `NSSet`.
public struct FoundationOrderedSet: Hashable {
    /// The elements, in order.
    public var elements: OrderedSet<AnyHashable>
    /// Whether the archive named `NSMutableOrderedSet`.
    public var isMutable: Bool

    /// Creates an ordered set.
    public init(_ elements: OrderedSet<AnyHashable>, isMutable: Bool = false) {
        self.elements = elements
        self.isMutable = isMutable
    }
}

extension FoundationOrderedSet: AnyElementsExposing {
    package var anyElements: [Any?] { elements.map { $0.base } }
}
