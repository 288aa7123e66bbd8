import OrderedCollections

/// An instance of a Java class known only from a schema (``JavaClassSchema``): its class name and
/// its fields by name, in the schema's declaration order.
///
/// The dynamic path (``Registry/init(schemas:_:)``) reads and writes these in every backend
/// without Swift types. Field values are the Swift forms of their Java types: `int` is `Int32`,
/// `long` `Int64`, `String` `String`, `List` `[Any?]`, `Map` `OrderedDictionary<AnyHashable, Any?>`
/// (in the stream's order), `int[]` `[Int32]`, `byte[]` `Data`, arrays of the schema's classes
/// ``DynamicArray``, other arrays ``JavaArray``, beans ``DynamicObject``, enums ``DynamicEnum``;
/// `nil` is Java's null. A class, so that shared objects and cycles keep their shape.
public final class DynamicObject {
    /// The Java binary class name.
    public let javaClass: String
    /// The field values by field name.
    public var fields: OrderedDictionary<String, Any?>

    /// Creates an object.
    public init(javaClass: String, fields: OrderedDictionary<String, Any?> = [:]) {
        self.javaClass = javaClass
        self.fields = fields
    }

    /// The value of a field; `nil` when it is null or absent.
    public subscript(field: String) -> Any? {
        get { fields[field] ?? nil }
        set { fields[field] = .some(newValue) }
    }
}

/// Equal only to itself, as a Java object whose class does not override `equals`: an object can
/// be a key of a map or an element of a set (`Map<Point, String>`), and two objects with equal
/// fields stay two keys, as they were in the stream.
extension DynamicObject: Hashable {
    public static func == (lhs: DynamicObject, rhs: DynamicObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension DynamicObject: CustomStringConvertible {
    /// The class and fields, with objects met before shown as `@n` (so cycles print).
    public var description: String {
        var printer = DynamicValuePrinter()
        return printer.describe(self)
    }
}

/// A constant of a Java enum known only from a schema.
public struct DynamicEnum: Hashable, Sendable, CustomStringConvertible {
    /// The Java binary class name of the enum.
    public let javaClass: String
    /// The constant's ordinal (its position in the declaration).
    public let ordinal: Int
    /// The constant's name, when the schema lists it.
    public let name: String

    /// Creates a constant.
    public init(javaClass: String, ordinal: Int, name: String) {
        self.javaClass = javaClass
        self.ordinal = ordinal
        self.name = name
    }

    public var description: String { "\(javaClass).\(name)" }
}

/// Prints dynamic values deterministically: fields in order, maps in order, objects met before
/// as `@n` (numbered in order of first appearance).
struct DynamicValuePrinter {
    private var seen: [ObjectIdentifier: Int] = [:]
    private var depth = 0

    mutating func describe(_ value: Any?) -> String {
        guard let value = ValueConversion.flatten(value) else { return "null" }
        depth += 1
        defer { depth -= 1 }
        if depth > 200 { return "…" }
        switch value {
        case let object as DynamicObject:
            if let number = seen[ObjectIdentifier(object)] { return "@\(number)" }
            seen[ObjectIdentifier(object)] = seen.count + 1
            let fields = object.fields.map { "\($0.key)=\(describe($0.value))" }
            return "\(object.javaClass){\(fields.joined(separator: ", "))}"
        case let string as String:
            return "\"\(string)\""
        case let shared as SharedString:
            return "\"\(shared.value)\""
        case let shared as SharedValue:
            return describe(shared.value)
        case let list as [Any?]:
            return "[" + list.map { describe($0) }.joined(separator: ", ") + "]"
        case let array as DynamicArray:
            return array.javaClass + "[" + array.elements.map { describe($0) }.joined(separator: ", ") + "]"
        case let map as OrderedDictionary<AnyHashable, Any?>:
            return "{" + map.map { "\(describe($0.key.base)): \(describe($0.value))" }.joined(separator: ", ") + "}"
        case let set as OrderedSet<AnyHashable>:
            return "Set[" + set.map { describe($0.base) }.joined(separator: ", ") + "]"
        default:
            return "\(type(of: value)):\(value)"
        }
    }
}
