/// Tells the classes of one graph apart for what a format writes once per class and graph (the
/// field names of Kryo's `CompatibleFieldSerializer`): a Swift type, or for dynamic classes,
/// which share one Swift type, an object standing for the class.
public struct ClassKey: Hashable, Sendable {
    /// What tells the class apart.
    public let identifier: ObjectIdentifier
    /// The Java class name, for messages.
    public let javaName: String

    /// The key of a Swift type.
    public init(_ type: any Any.Type, javaName: String) {
        identifier = ObjectIdentifier(type)
        self.javaName = javaName
    }

    /// The key of a class that `token` stands for (kept alive by its owner).
    public init(_ token: AnyObject, javaName: String) {
        identifier = ObjectIdentifier(token)
        self.javaName = javaName
    }

    public static func == (lhs: ClassKey, rhs: ClassKey) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
