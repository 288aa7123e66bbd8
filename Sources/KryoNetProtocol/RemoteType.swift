import KryoBinary
import KryoCore

/// The Java type of a remote method's parameter or result, as KryoNet's `ObjectSpace` sees it:
/// its name (which orders overloaded methods) and how an argument of it is written.
///
/// `ObjectSpace` writes an argument whose parameter type Kryo treats as final (a primitive, its
/// wrapper, `String`, an array of a final class, a final class) as `writeObjectOrNull` with that
/// type's serializer: no class, a nil marker unless the serializer writes nil itself. Any other
/// argument goes with its class (`writeClassAndObject`). A primitive argument travels boxed, so
/// `int` and `Integer` parameters write the same bytes; they differ in name only.
///
/// ```swift
/// RemoteType.int                                   // int
/// RemoteType.string                                // java.lang.String
/// RemoteType(JavaArray<String>.self, javaName: "[Ljava.lang.String;")
/// RemoteType(Point.self, javaName: "geo.Point")    // final or not, as the registry says
/// RemoteType.object                                // java.lang.Object: any registered value
/// ```
public struct RemoteType: Sendable, CustomStringConvertible {
    /// The name Java's `Class.getName()` gives: `int`, `java.lang.String`, `[Ljava.lang.String;`.
    public let javaName: String
    /// Where an argument of this type is written and read from.
    let slot: ObjectSlot<Any?>

    /// A parameter of the Java class `javaName`, whose values are `swiftType` values.
    ///
    /// - Parameters:
    ///   - swiftType: The Swift type registered for the Java class.
    ///   - javaName: The class's name as `Class.getName()` gives it.
    ///   - isFinal: Whether Kryo treats the class as final; `nil` asks the registry (the
    ///     registration's `isFinal`). An interface or a class with subclasses is not final.
    public init(_ swiftType: any Any.Type, javaName: String, isFinal: Bool? = nil) {
        let finality: DeclaredType.Finality = isFinal.map { $0 ? .final : .nonFinal } ?? .inferred
        self.init(javaName: javaName, declared: DeclaredType(swiftType, finality: finality, canBeNull: true))
    }

    private init(javaName: String, declared: DeclaredType) {
        self.javaName = javaName
        slot = ObjectSlot<Any?>(declared)
    }

    /// A primitive type: final, its value boxed (`Integer` for `int`).
    private static func primitive(_ swiftType: any Any.Type, _ javaName: String) -> RemoteType {
        RemoteType(javaName: javaName, declared: DeclaredType(swiftType, finality: .final, canBeNull: true))
    }

    /// Java's `boolean`, a Swift `Bool`.
    public static let boolean = primitive(Bool.self, "boolean")
    /// Java's `byte`, a Swift `Int8`.
    public static let byte = primitive(Int8.self, "byte")
    /// Java's `short`, a Swift `Int16`.
    public static let short = primitive(Int16.self, "short")
    /// Java's `char`, a Swift `UInt16` (one UTF-16 unit).
    public static let char = primitive(UInt16.self, "char")
    /// Java's `int`, a Swift `Int32`.
    public static let int = primitive(Int32.self, "int")
    /// Java's `long`, a Swift `Int64`.
    public static let long = primitive(Int64.self, "long")
    /// Java's `float`, a Swift `Float`.
    public static let float = primitive(Float.self, "float")
    /// Java's `double`, a Swift `Double`.
    public static let double = primitive(Double.self, "double")
    /// `java.lang.String`, a Swift `String`.
    public static let string = primitive(String.self, "java.lang.String")
    /// `java.lang.Object`: any registered value, written with its class.
    public static let object = RemoteType(javaName: "java.lang.Object", declared: .object)

    /// The names of Java's primitive types (and `void`, which `Class.isPrimitive()` counts).
    static let primitiveNames: Set<String> = [
        "boolean", "byte", "short", "char", "int", "long", "float", "double", "void",
    ]

    /// Whether Java's `Class.isPrimitive()` is true for the type.
    public var isPrimitive: Bool { Self.primitiveNames.contains(javaName) }

    public var description: String { javaName }
}
