/// A type that declares its Java class and fields next to its definition; the field serializer
/// is driven by that declaration.
///
/// ```swift
/// final class SampleBean: Schematized {       // Java: test.SampleBean { int key; String name; }
///     var key: Int32 = 0
///     var name: String?
///     init() {}
///     static let schema = Schema<SampleBean>(java: "test.SampleBean") {
///         Field("key", \.key)
///         Field("name", \.name)
///     }
/// }
/// ```
public protocol Schematized: JavaRepresentable {
    /// Creates an empty instance that decoding fills field by field.
    init()
    /// The type's schema. Declare it with `static let` so it is built once.
    static var schema: Schema<Self> { get }
}

extension Schematized {
    public static var javaClassName: String { schema.javaName }
    public static var defaultSerializer: AnySerializer { schema.serializer }
    public static var isJavaFinal: Bool { schema.isFinal }
    /// The declared types of the schema's object fields.
    static var declaredFieldTypes: [DeclaredType] { schema.fields.compactMap(\.declaredType) }
}

/// The fields of a type and the Java facts the formats need about it.
public struct Schema<Root>: Sendable {
    /// The Java binary class name.
    public let javaName: String
    /// Whether the Java class is final (a field declared with it carries no class tag).
    public let isFinal: Bool
    /// The fields in Java's order: sorted by name in UTF-16 code-unit order, stable for equal
    /// names (declare a subclass's own fields before the ones it inherits, as Java collects them).
    public let fields: [Field<Root>]
    let serializer: AnySerializer

    /// Declares a schema.
    ///
    /// - Parameters:
    ///   - java: The Java binary class name (`test.SampleBean`, `a.Outer$Inner`).
    ///   - isFinal: Whether the Java class is final.
    ///   - fields: The fields, in any order.
    @inlinable
    public init(java: String, isFinal: Bool = false, @FieldsBuilder<Root> fields: () -> [Field<Root>])
    where Root: Schematized {
        self.init(java: java, isFinal: isFinal, fieldList: fields())
    }

    /// Declares a schema from a list of fields.
    @inlinable
    public init(java: String, isFinal: Bool = false, fieldList: [Field<Root>]) where Root: Schematized {
        let sorted = Field<Root>.javaOrder(fieldList)
        self.init(
            javaName: java, isFinal: isFinal, fields: sorted,
            serializer: AnySerializer(FieldSerializer<Root>(fields: sorted, isFinal: isFinal)))
    }

    @usableFromInline
    init(javaName: String, isFinal: Bool, fields: [Field<Root>], serializer: AnySerializer) {
        self.javaName = javaName
        self.isFinal = isFinal
        self.fields = fields
        self.serializer = serializer
    }
}

/// Collects the fields of a ``Schema``.
@resultBuilder
public enum FieldsBuilder<Root> {
    public static func buildExpression(_ field: Field<Root>) -> [Field<Root>] { [field] }
    public static func buildBlock(_ parts: [Field<Root>]...) -> [Field<Root>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Field<Root>]?) -> [Field<Root>] { part ?? [] }
    public static func buildEither(first part: [Field<Root>]) -> [Field<Root>] { part }
    public static func buildEither(second part: [Field<Root>]) -> [Field<Root>] { part }
    public static func buildArray(_ parts: [[Field<Root>]]) -> [Field<Root>] { parts.flatMap { $0 } }
}
