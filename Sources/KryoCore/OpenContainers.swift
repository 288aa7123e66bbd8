/// The untracked containers a writer is inside of, by identity: what turns a container that holds
/// itself into an error instead of a recursion without end.
///
/// A container that has identity but that no reader can give back as a shared instance — an
/// `NSArray`, `NSDictionary`, `NSSet` or `NSOrderedSet`, which every reader returns as a Swift
/// value (`[Any?]`, a dictionary, a set) — may appear several times in a graph, each time written
/// again or as a reference, but never inside itself: a value cannot contain itself. A writer
/// enters such a container here before its elements and leaves it after them; entering one that
/// is open already is a cycle, reported with the key paths of both places.
///
/// Instances of registered classes are not entered here: with references on, the writers track
/// them (a cycle through them is a back-reference that readers resolve), and with references off
/// the depth limit ends a cycle through them.
package struct OpenContainers {
    /// The containers open, with the key path each was entered at.
    private var open: [ObjectIdentifier: [String]] = [:]

    /// No container open.
    package init() {}

    /// Enters `container`, written at `path`.
    ///
    /// - Parameters:
    ///   - name: The container's class, for the error (`NSMutableArray`).
    ///   - path: The key path of the value being written.
    /// - Throws: `SerializationError` (`.unsupported`) when `container` is open already: it
    ///   contains itself.
    package mutating func enter(_ container: AnyObject, named name: @autoclosure () -> String, at path: [String])
        throws(SerializationError)
    {
        let identifier = ObjectIdentifier(container)
        if let first = open[identifier] {
            throw SerializationError(
                .unsupported,
                expected: "a collection that does not contain itself (collections are written as values; only "
                    + "instances of registered classes can form a cycle, with references on)",
                found: "the \(name()) at \(Self.describe(first)) inside itself, at \(Self.describe(path))", path: path)
        }
        open[identifier] = path
    }

    /// Leaves `container`, entered with ``enter(_:named:at:)``.
    package mutating func leave(_ container: AnyObject) {
        open[ObjectIdentifier(container)] = nil
    }

    private static func describe(_ path: [String]) -> String {
        path.isEmpty ? "the root" : path.joined(separator: ".")
    }
}

extension SerializationError {
    /// The error of a writer that found values nested deeper than `limit`: `.depthLimitExceeded`,
    /// naming the object it was about to enter and, when references were off or the object's
    /// class is not tracked, the likely cause (a cycle).
    ///
    /// - Parameters:
    ///   - limit: ``Limits/maxDepth``.
    ///   - nesting: What is counted (`objects`, `containers`).
    ///   - name: The class or kind of the value one level too deep, when known.
    ///   - untracked: Whether the value's identity is not tracked (references off, or a class
    ///     registered without references), so that a cycle through it never ends.
    package static func nestedTooDeep(
        limit: Int, of nesting: String, at name: String?, untracked: Bool, offset: Int? = nil, path: [String] = []
    ) -> SerializationError {
        var found = "deeper nesting"
        if let name { found += " at a \(name)" }
        if untracked { found += " (a cycle? references are off: a graph with a cycle needs them, as in Java)" }
        return SerializationError(
            .depthLimitExceeded, expected: "at most \(limit) nested \(nesting)", found: found, offset: offset,
            path: path)
    }
}
