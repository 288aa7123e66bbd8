/// Declares a final class or a struct as a Java class: generates its ``/KryoCore/Schematized`` conformance
/// (`static let schema`) from its stored properties.
///
/// ```swift
/// @JavaClass("shop.Library")                 // Java: class Library { String title; List<Book> books; int shelf; }
/// final class Library {
///     var title: String?
///     var books: [Book]?
///     var shelf: Int32 = 0
///     init() {}
/// }
/// ```
///
/// is the same schema as
///
/// ```swift
/// extension Library: Schematized {
///     static let schema = Schema<Library>(java: "shop.Library") {
///         Field("title", get: { $0.title }, set: { $0.title = $1 })
///         Field("books", get: { $0.books }, set: { $0.books = $1 })
///         Field("shelf", get: { $0.shelf }, set: { $0.shelf = $1 })
///     }
/// }
/// ```
///
/// Every stored instance property is a field, named as the property, unless it is marked
/// ``Transient()``; the schema writes them in Java's order (names sorted by UTF-16 code units),
/// whatever order they are declared in. A property's Swift type gives its Java type as for a
/// hand-written `Field` (Docs/TypeMapping.md); what the Swift type cannot say is declared with
/// ``JavaField(name:tag:deprecated:since:javaType:isFinal:isPublicField:)`` and ``NotNull()``. The
/// type keeps its own `init()`, which decoding calls.
///
/// With Java's `FieldSerializer` (the default `serializer:`), the macro also writes the fields
/// out in one straight run of code in Java's order (``/KryoCore/DirectFields``), each field
/// through the ``/KryoCore/FieldCodec`` its `Field` is built from: the Kryo binary writes and
/// reads such a type with a direct call per field rather than a closure per field, the same
/// bytes as the schema's fields, faster than a hand-written `Schema` of closures.
///
/// The macro reports at compile time what a hand-written schema reports when the type is
/// registered, or never: a class that is not final, a property without a type annotation or
/// declared `let` or `lazy`, a type that no Java field holds (`UInt32`, tuples, closures), two
/// properties with one Java name, a tag used twice, a deprecated field without a tag, tags that
/// the chosen serializer ignores. Each comes with fix-its where one is clear (add `final`, declare
/// `var`, declare the type, use `Int64`, the next free tag, mark the property `@Transient`).
///
/// - Parameters:
///   - javaName: The Java binary class name (`shop.Library`, `a.Outer$Inner`).
///   - isFinal: Whether the Java class is final: a field declared with it then carries no class
///     tag.
///   - serializer: How the fields are laid out: Java's `FieldSerializer` (the default),
///     `TaggedFieldSerializer` (``/KryoCore/FieldSerializerKind/tagged``, fields with a `tag:`),
///     `CompatibleFieldSerializer`, `VersionFieldSerializer`
///     (``/KryoCore/FieldSerializerKind/version``, fields with a `since:`) or Kryo 5's
///     `RecordSerializer`.
///   - publicFields: Whether every field is a public field of a public Java class, which Kryo
///     2.20 reaches through ReflectASM and whose generic arguments it ignores (a property can say
///     otherwise with `@JavaField(isPublicField: false)`).
@attached(extension, conformances: Schematized, names: named(schema))
public macro JavaClass(
    _ javaName: String, isFinal: Bool = false, serializer: FieldSerializerKind = .field, publicFields: Bool = false
) = #externalMacro(module: "KryoMacros", type: "JavaClassMacro")

/// Declares a Swift enum without associated values as a Java enum: generates its ``/KryoCore/JavaEnum``
/// conformance (`javaClassName`, and `javaConstantNames` when a case is marked
/// ``JavaConstant(_:)``).
///
/// ```swift
/// @JavaEnum("shop.Status")                   // Java: enum Status { IN_STOCK, SOLD_OUT, ON_ORDER }
/// enum Status {
///     case inStock, soldOut
///     @JavaConstant("ON_ORDER") case ordered
/// }
/// ```
///
/// Ordinals are the declaration order of the cases, as in Java; the Java constant names are the
/// case names in Java's style (`inStock` → `IN_STOCK`). A case with associated values, two cases
/// with one Java name, and the macro on a class or a struct are compile-time errors.
///
/// - Parameter javaName: The Java binary class name (`shop.Status`, `a.Outer$Kind`).
@attached(extension, conformances: JavaEnum, names: named(javaClassName), named(javaConstantNames))
public macro JavaEnum(_ javaName: String) = #externalMacro(module: "KryoMacros", type: "JavaEnumMacro")

/// The Java facts of a stored property of a ``JavaClass(_:isFinal:serializer:publicFields:)``
/// type that its Swift type cannot say. Every argument is optional and must be a literal.
///
/// ```swift
/// @JavaClass("shop.Account", serializer: .tagged)
/// final class Account {
///     @JavaField(tag: 1) var id: Int32 = 0
///     @JavaField(name: "full_name", tag: 2) var name: String?
///     @JavaField(tag: 3, deprecated: true) var legacy: Int32 = 0
///     @JavaField(javaType: "ArrayList<String>") var notes: [String]?   // no tag: not in the tagged bytes
///     init() {}
/// }
/// ```
///
/// - Parameters:
///   - name: The Java field name, when it is not the property's.
///   - tag: The field's tag for the tagged serializer (Java's `@Tag(n)`), unique and ≥ 0.
///   - deprecated: Whether the field is deprecated (Java's `@Deprecated`): the tagged serializer
///     reads it from older data but no longer writes it. Needs a tag.
///   - annexed: Whether Kryo 4 writes the tagged field in chunks a reader may skip (Java's
///     `@Tag(value = n, annexed = true)`). Needs a tag.
///   - since: The version of the class that added the field, for the version serializer (Java's
///     `@VersionFieldSerializer.Since(n)`): data of an older version leaves it at its default.
///   - javaType: The field's declared Java type when it is not the one the Swift type implies, as
///     schema files write types (`ArrayList<String>`, `java.util.SortedMap<String, Integer>`,
///     `int[]`); checked at compile time. Only the schema model reports it (the bytes follow the
///     Swift type).
///   - isFinal: Overrides whether the declared Java type is final (`nil`: decided by the
///     registry).
///   - isPublicField: Whether Kryo 2.20 reaches the field through its public-field fast path
///     (a public field of a public class), which ignores generic arguments; `nil` follows the
///     type's `publicFields:`.
@attached(peer)
public macro JavaField(
    name: String? = nil, tag: Int? = nil, deprecated: Bool = false, annexed: Bool = false, since: Int = 0,
    javaType: String? = nil, isFinal: Bool? = nil, isPublicField: Bool? = nil
) = #externalMacro(module: "KryoMacros", type: "JavaFieldMacro")

/// Marks a stored property of a ``JavaClass(_:isFinal:serializer:publicFields:)`` type whose Java
/// field is annotated `@NotNull` (Kryo's `FieldSerializer` then writes no nil marker for it).
@attached(peer)
public macro NotNull() = #externalMacro(module: "KryoMacros", type: "NotNullMacro")

/// Marks a stored property of a ``JavaClass(_:isFinal:serializer:publicFields:)`` type that is
/// not serialized (Java's `transient`): it keeps the value `init()` gives it when decoded.
@attached(peer)
public macro Transient() = #externalMacro(module: "KryoMacros", type: "TransientMacro")

/// The Java constant name of a case of a ``JavaEnum(_:)`` enum, when it is not the case name in
/// Java's style.
@attached(peer)
public macro JavaConstant(_ name: String) = #externalMacro(module: "KryoMacros", type: "JavaConstantMacro")
