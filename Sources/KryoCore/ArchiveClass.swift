/// How a keyed archive (Apple's `NSKeyedArchiver` format) names a class: the name written as
/// `$classname`, the chain written as `$classes` (the class first, then its superclasses) and
/// the fallback names written as `$classhints`.
///
/// ```swift
/// Register(Color.self, id: 21, javaName: "paint.Color", serializer: ColorSerializer(),
///          archiveClass: ArchiveClass("UIColor", superclasses: ["NSColor", "NSObject"], hints: ["NSColor"]))
/// ```
///
/// A reader resolves a class by its name, then through its superclasses, then through its hints:
/// an archive of a `UIColor` decodes with the registration of `NSColor` when nothing is registered
/// as `UIColor`.
public struct ArchiveClass: Sendable, Hashable {
    /// The class name (`$classname`).
    public var name: String
    /// The superclasses, nearest first (`$classes` after the name).
    public var superclasses: [String]
    /// Names a reader that does not know ``name`` may use instead (`$classhints`).
    public var hints: [String]

    /// Describes a class.
    ///
    /// - Parameters:
    ///   - name: The class name.
    ///   - superclasses: Its superclasses, nearest first; `NSObject` by default.
    ///   - hints: Fallback names for readers that do not know `name`.
    public init(_ name: String, superclasses: [String] = ["NSObject"], hints: [String] = []) {
        self.name = name
        self.superclasses = superclasses
        self.hints = hints
    }

    /// The name and the superclasses, as `$classes` lists them.
    public var chain: [String] { [name] + superclasses }
}
