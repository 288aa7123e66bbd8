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

    /// The signature as schema files write it, Java's package of well-known classes left out:
    /// `setNames(String[])`, `add(int, int)`, `move(geo.Point)`.
    public var signature: String { "\(name)(\(parameters.map(\.shortName).joined(separator: ", ")))" }

    /// Whether `text` names this method: its ``signature``, its ``description`` (Java's class
    /// names, `setNames([Ljava.lang.String;)`), or the source form with packages or without
    /// (`setNames(java.lang.String[])`, `move(Point)`), spaced in any way.
    public func isNamed(by text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let open = scalars.firstIndex(of: "("), scalars.last == ")" else { return false }
        let written = String(String.UnicodeScalarView(scalars[..<open])).trimmingSpaces
        guard written == name else { return false }
        var pieces: [String] = []
        var depth = 0
        var current = String.UnicodeScalarView()
        for scalar in scalars[(open + 1)..<(scalars.count - 1)] {
            switch scalar {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                pieces.append(String(current).trimmingSpaces)
                current = String.UnicodeScalarView()
                continue
            default: break
            }
            current.append(scalar)
        }
        let last = String(current).trimmingSpaces
        if !last.isEmpty || !pieces.isEmpty { pieces.append(last) }
        guard pieces.count == parameters.count else { return false }
        return zip(pieces, parameters).allSatisfy { piece, type in
            if piece == type.className || piece == type.shortName { return true }
            guard let parsed = try? JavaType(parsing: piece) else { return false }
            return parsed.erased.className == type.className || parsed.simpleForm == type.simpleForm
        }
    }

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

extension String {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while scalars.first?.properties.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.properties.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}

extension JavaType {
    /// The type with each class by its simple name (`String[]`, `Point`): how a person writes
    /// it without packages.
    fileprivate var simpleForm: String {
        switch self {
        case .primitive(let primitive): primitive.rawValue
        case .array(let component): component.simpleForm + "[]"
        case .object(let name, _): name.split(separator: ".").last.map(String.init) ?? name
        case .typeVariable(let name): name
        }
    }

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
