/// A method of a ``RemoteInterface``: what KryoNet's `ObjectSpace` calls on an object of the other
/// end.
///
/// Declare every method the Java interface declares itself (not those of the interfaces it
/// extends, which belong to those), with the parameter types Java declares: the wire names a
/// method by its index among the interface's methods sorted as `ObjectSpace` sorts them (by
/// name, then by number of parameters, then by the parameter types' names), so a missing method
/// shifts the others.
///
/// ```swift
/// static let registerName = RemoteMethod("registerName", [.string])
/// static let add = RemoteMethod("add", [.int, .int], returns: .int)
/// ```
public struct RemoteMethod: Sendable, Hashable, CustomStringConvertible {
    /// The method's name.
    public let name: String
    /// The parameter types, in order.
    public let parameters: [RemoteType]
    /// The result type; `nil` for `void`.
    public let returnType: RemoteType?

    /// A method named `name` taking `parameters` and returning `returnType` (`nil`: `void`).
    public init(_ name: String, _ parameters: [RemoteType] = [], returns returnType: RemoteType? = nil) {
        self.name = name
        self.parameters = parameters
        self.returnType = returnType
    }

    /// Whether the result is of a primitive type (or `void`): `ObjectSpace` sends such a result
    /// even when the caller asked for no return value.
    public var returnsPrimitive: Bool { returnType?.isPrimitive ?? true }

    /// The Java signature: `add(int, int)`.
    public var description: String { "\(name)(\(parameters.map(\.javaName).joined(separator: ", ")))" }

    /// Equal when name and parameter types are: a Java method's identity within its interface.
    public static func == (lhs: RemoteMethod, rhs: RemoteMethod) -> Bool {
        lhs.name == rhs.name && lhs.parameters.map(\.javaName) == rhs.parameters.map(\.javaName)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for parameter in parameters { hasher.combine(parameter.javaName) }
    }

    /// Java's order of `ObjectSpace`'s methods: `String.compareTo` on the names (UTF-16 units),
    /// fewer parameters first, then `compareTo` on each parameter type's name.
    static func precedes(_ lhs: RemoteMethod, _ rhs: RemoteMethod) -> Bool {
        if lhs.name != rhs.name { return lhs.name.utf16.lexicographicallyPrecedes(rhs.name.utf16) }
        if lhs.parameters.count != rhs.parameters.count { return lhs.parameters.count < rhs.parameters.count }
        for (left, right) in zip(lhs.parameters, rhs.parameters) where left.javaName != right.javaName {
            return left.javaName.utf16.lexicographicallyPrecedes(right.javaName.utf16)
        }
        return false
    }
}
