/// A method a Java interface declares (``JavaClassSchema/Layout/interface(_:)``): what a remote
/// call names (KryoNet's `ObjectSpace` numbers an interface's methods in ``precedes(_:)``'s order
/// and writes each argument as its parameter's type says).
///
/// Types are erased as Java's reflection gives them (`Method.getParameterTypes()`): no generic
/// arguments, a type variable as `Object`.
public struct JavaMethodSchema: Sendable, Hashable, CustomStringConvertible {
    /// The method's name.
    public var name: String
    /// The parameter types, in order.
    public var parameters: [JavaType]
    /// The result type; `nil` for `void`.
    public var returnType: JavaType?

    /// Creates a method; generic arguments of the types are dropped (erased).
    public init(name: String, parameters: [JavaType] = [], returnType: JavaType? = nil) {
        self.name = name
        self.parameters = parameters.map(\.erased)
        self.returnType = returnType?.erased
    }

    /// The Java signature with `Class.getName()`'s names: `add(int, java.lang.String)`.
    public var description: String { "\(name)(\(parameters.map(\.className).joined(separator: ", ")))" }

    /// Whether two methods share a signature (name and parameter types): one interface cannot
    /// declare both.
    public func hasSignature(of other: JavaMethodSchema) -> Bool {
        name == other.name && parameters.map(\.className) == other.parameters.map(\.className)
    }

    /// The order KryoNet's `ObjectSpace` numbers an interface's methods in: `String.compareTo`
    /// on the names (UTF-16 units), fewer parameters first, then `compareTo` on each parameter
    /// type's `Class.getName()`.
    public static func precedes(_ lhs: JavaMethodSchema, _ rhs: JavaMethodSchema) -> Bool {
        if lhs.name != rhs.name { return lhs.name.utf16.lexicographicallyPrecedes(rhs.name.utf16) }
        if lhs.parameters.count != rhs.parameters.count { return lhs.parameters.count < rhs.parameters.count }
        for (left, right) in zip(lhs.parameters, rhs.parameters) where left.className != right.className {
            return left.className.utf16.lexicographicallyPrecedes(right.className.utf16)
        }
        return false
    }
}

extension JavaType {
    /// The type as reflection sees it: generic arguments dropped, a type variable `Object`.
    public var erased: JavaType {
        switch self {
        case .primitive: self
        case .array(let component): .array(component.erased)
        case .object(let name, _): .object(name, arguments: [])
        case .typeVariable: .anyObject
        }
    }
}
