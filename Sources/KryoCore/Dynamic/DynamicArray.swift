/// An array of a Java class known only from a schema (`peer.Color[]`, `hr.Employee[][]`): its
/// array class and its slots.
///
/// The dynamic path (``Registry/init(schemas:_:)``) reads an array of a schema's class as this,
/// so that the array keeps its class wherever it goes: in a slot of type `Object`, `Object[]` or
/// `T[]`, Java writes the array's class before it, and a program reading it back casts it to
/// that class. Elements are ``DynamicObject``s, ``DynamicEnum``s, further arrays, or `nil`.
public struct DynamicArray: RandomAccessCollection, MutableCollection {
    /// The Java binary class name of the array (`[Lpeer.Color;`).
    public let javaClass: String
    /// The slots.
    public var elements: [Any?]

    /// Creates an array of the Java array class `javaClass` (`[Lpeer.Color;`) from its slots.
    public init(javaClass: String, _ elements: [Any?]) {
        self.javaClass = javaClass
        self.elements = elements
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Any? {
        get { elements[position] }
        set { elements[position] = newValue }
    }
}

extension DynamicArray: JavaClassChosenByValue {
    /// None the library knows by itself: a dynamic registry registers the arrays of its
    /// schema's classes.
    public static var javaClassNames: [String] { [] }
    public static var javaClassName: String { "[Ljava.lang.Object;" }
    public var javaClassNameOfValue: String { javaClass }
    public static var defaultSerializer: AnySerializer {
        AnySerializer(DynamicArraySerializer(javaName: javaClassName, component: .object))
    }
}

extension DynamicArray: AnyElementsExposing, AnyElementsConstructible, JavaClassNamedConstructible {
    package var anyElements: [Any?] { elements }
    /// A list without its class is an `Object[]`.
    package static func make(fromAnyElements elements: [Any?]) throws -> DynamicArray {
        DynamicArray(javaClass: javaClassName, elements)
    }
    package static func make(from value: Any?, javaClass: String) throws -> DynamicArray? {
        guard let source = value as? any AnyElementsExposing else { return nil }
        return DynamicArray(javaClass: javaClass, source.anyElements)
    }
}

extension DynamicArray {
    /// `value` as an array of the class `declared` names when it is a list that names no class
    /// (a `JavaArray<Any>` or `[Any?]` built by hand for an `Employee[]` slot); else `value`.
    /// Whether `value` is an array of another Java class than the one `declared` names (a
    /// `Circle[]` in a `Shape[]` field): both are `DynamicArray`s, told apart by their classes, so
    /// a format whose plain form of an array names no class names this one's.
    package static func isArray(_ value: Any, ofAnotherClassThan declared: DeclaredType) -> Bool {
        guard declared.swiftType == DynamicArray.self, let name = declared.javaName,
            let array = value as? DynamicArray
        else { return false }
        return array.javaClass != name
    }

    static func adopting(_ value: Any?, as declared: DeclaredType) -> Any? {
        guard declared.swiftType == DynamicArray.self, let javaClass = declared.javaName,
            let value = ValueConversion.flatten(value)
        else { return value }
        let type = Swift.type(of: value)
        if type == JavaArray<Any>.self, let array = value as? JavaArray<Any> {
            return DynamicArray(javaClass: javaClass, array.elements)
        }
        if type == [Any?].self, let list = value as? [Any?] { return DynamicArray(javaClass: javaClass, list) }
        return value
    }
}
