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
    /// What is wrong with the schema's declaration, if anything.
    static var schemaProblem: String? { schema.problem }
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
    /// How the fields are laid out, and so how the type can evolve.
    public let kind: FieldSerializerKind
    /// The fields in the order the declaration lists them (what ``model`` reports).
    let declaredFields: [Field<Root>]
    let serializer: AnySerializer
    /// What is wrong with the declaration (duplicate tags…), reported when the type is registered.
    let problem: String?
    /// The fields in one run of code that the field serializer calls (``DirectFields``), when the
    /// declaration gave one that matches the fields.
    @usableFromInline package private(set) var direct: DirectFields<Root>?

    /// Declares a schema.
    ///
    /// - Parameters:
    ///   - java: The Java binary class name (`test.SampleBean`, `a.Outer$Inner`).
    ///   - isFinal: Whether the Java class is final.
    ///   - serializer: How the fields are laid out: Java's `FieldSerializer` (the default),
    ///     `TaggedFieldSerializer`, `CompatibleFieldSerializer`, `VersionFieldSerializer` or
    ///     `RecordSerializer`.
    ///   - direct: The fields in one run of code, for the field and record serializers (what
    ///     the `@JavaClass` macro generates; see ``DirectFields``).
    ///   - fields: The fields, in any order.
    @inlinable
    public init(
        java: String, isFinal: Bool = false, serializer: FieldSerializerKind = .field,
        direct: DirectFields<Root>? = nil, @FieldsBuilder<Root> fields: () -> [Field<Root>]
    ) where Root: Schematized {
        self.init(java: java, isFinal: isFinal, serializer: serializer, direct: direct, fieldList: fields())
    }

    /// Declares a schema from a list of fields.
    @inlinable
    public init(
        java: String, isFinal: Bool = false, serializer: FieldSerializerKind = .field,
        direct: DirectFields<Root>? = nil, fieldList: [Field<Root>]
    ) where Root: Schematized {
        let sorted = Field<Root>.javaOrder(fieldList)
        // Java records are final classes.
        let isFinal = isFinal || serializer == .record
        // Only a run that does what the fields do, in their order (a record's components are
        // laid out as a field serializer's fields).
        let direct =
            (serializer == .field || serializer == .record) && direct?.names == sorted.map(\.name) ? direct : nil
        let made: AnySerializer
        switch serializer {
        case .field: made = AnySerializer(FieldSerializer<Root>(fields: sorted, isFinal: isFinal, direct: direct))
        case .record: made = AnySerializer(FieldSerializer<Root>(fields: sorted, isFinal: isFinal, direct: direct))
        case .tagged: made = AnySerializer(TaggedFieldSerializer<Root>(fields: sorted, isFinal: isFinal))
        case .compatible: made = AnySerializer(CompatibleFieldSerializer<Root>(fields: sorted, isFinal: isFinal))
        case .version: made = AnySerializer(VersionFieldSerializer<Root>(fields: sorted, isFinal: isFinal))
        }
        self.init(
            javaName: java, isFinal: isFinal, kind: serializer, fields: sorted, serializer: made,
            declaredFields: fieldList)
        self.direct = direct
    }

    @usableFromInline
    init(
        javaName: String, isFinal: Bool, kind: FieldSerializerKind, fields: [Field<Root>], serializer: AnySerializer,
        declaredFields: [Field<Root>]? = nil
    ) {
        self.javaName = javaName
        self.isFinal = isFinal
        self.kind = kind
        self.fields = fields
        self.declaredFields = declaredFields ?? fields
        self.serializer = serializer
        problem = Schema.problem(in: fields, kind: kind, javaName: javaName)
    }

    static func problem(in fields: [Field<Root>], kind: FieldSerializerKind, javaName: String) -> String? {
        if let field = fields.first(where: { $0.since < 0 || $0.since > FieldLayouts.maximumVersion }) {
            return
                "version \(field.since) of field \(field.name) in \(javaName) (versions are 0 to \(FieldLayouts.maximumVersion))"
        }
        guard kind == .tagged else { return nil }
        var seen: Set<Int> = []
        for field in fields {
            guard let tag = field.tag else { continue }
            if tag < 0 { return "tag \(tag) of field \(field.name) in \(javaName) (tags are ≥ 0)" }
            if !seen.insert(tag).inserted { return "tag \(tag) used twice in \(javaName)" }
        }
        return nil
    }
}

/// How a schema's fields are laid out in the binary format, and so how the type may change
/// between the writer's version and the reader's (the keyed and readable formats always key
/// fields by name).
public enum FieldSerializerKind: Sendable, Equatable {
    /// Java's `FieldSerializer`: every field in Java's order, nothing else. Both sides must have
    /// the same fields.
    case field
    /// Java's `TaggedFieldSerializer`: the tagged fields, each preceded by its tag. A reader
    /// accepts data from an older version that lacks fields (they keep their defaults) and reads
    /// deprecated fields; a tag it does not know is an error (its length is unknown).
    case tagged
    /// Java's `CompatibleFieldSerializer`: the field names once per graph, then each field in
    /// chunks a reader can skip. Fields may be added and removed in either direction.
    case compatible
    /// Java's `VersionFieldSerializer` (Kryo 4 and 5): the class's version (the highest
    /// ``Field/since(_:)`` of its fields), then every field as ``field`` lays them out. A reader
    /// accepts data from an older version, whose missing fields keep their defaults; data from a
    /// newer version is an error (its extra fields cannot be told apart). Kryo 5 writes the
    /// version + 1, so that 0 is nil. Kryo 2.20 has no such serializer.
    case version
    /// Kryo 5's `RecordSerializer`, for Java records: the components in name order, as the
    /// field layout writes them, but without generic arguments, so that the elements, keys and
    /// values of a collection component always carry their class. Schema files drop the
    /// generics themselves; a schema declared in Swift declares such components untyped
    /// (`[Any?]`, `[AnyHashable: Any?]`).
    case record
}

/// Collects the fields of a ``Schema``.
@resultBuilder
public enum FieldsBuilder<Root> {
    /// One field.
    public static func buildExpression(_ field: Field<Root>) -> [Field<Root>] { [field] }
    /// The fields of a block, in order.
    public static func buildBlock(_ parts: [Field<Root>]...) -> [Field<Root>] { parts.flatMap { $0 } }
    /// The fields of an `if` without `else`: none when its condition is false.
    public static func buildOptional(_ part: [Field<Root>]?) -> [Field<Root>] { part ?? [] }
    /// The fields of an `if` whose condition is true.
    public static func buildEither(first part: [Field<Root>]) -> [Field<Root>] { part }
    /// The fields of an `else`.
    public static func buildEither(second part: [Field<Root>]) -> [Field<Root>] { part }
    /// The fields of a `for` loop, each pass's in order.
    public static func buildArray(_ parts: [[Field<Root>]]) -> [Field<Root>] { parts.flatMap { $0 } }
}
