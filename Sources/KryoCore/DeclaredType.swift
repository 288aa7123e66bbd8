/// What Java knows statically about a slot that holds an object: a field, a collection element,
/// a map key or value.
///
/// The binary backend writes no class tag for a value whose declared type is final, and uses the
/// generic arguments to drop class tags from elements as the dialect's Java does: one level deep
/// (Kryo 2.20), not at all (Kryo 4, whose field serializer ignores generics by default), or at
/// every level (Kryo 5).
public struct DeclaredType: Sendable {
    /// Whether Java treats a declared type as final.
    public enum Finality: Sendable, Equatable {
        /// Decided by the registry from the Swift type's registration.
        case inferred
        /// Final: no class tag.
        case final
        /// Not final: a class tag precedes every value.
        case nonFinal
    }

    /// The Swift type values of this slot have (optionals unwrapped); `Any` for Java's `Object`.
    public var swiftType: any Any.Type
    /// Whether the declared Java type is final.
    public var finality: Finality
    /// Generic arguments of the declared type (e.g. `String` for `List<String>`).
    public var genericArguments: [DeclaredType]
    /// Whether the slot may hold nil (Java's `canBeNull`); primitives cannot.
    public var canBeNull: Bool
    /// The Java class the slot declares when its Swift type cannot tell it: dynamic values
    /// (``DynamicObject``, ``DynamicEnum``) of many Java classes share one Swift type. The
    /// registry then resolves the slot by this name.
    public var javaName: String?
    /// Whether Kryo 2.20 ignores this generic argument: it belongs to a public field that Java
    /// 2.20 reaches through ReflectASM, which drops generics (see ``JavaFieldOptions/isPublicField``).
    /// Kryo 5 uses it as any other; the other formats see it as any other.
    public var isIgnoredByKryo2 = false
    /// Whether the value's serializer is bound to this generic argument's class, so that its
    /// values carry no class (Kryo 2.20 and 4's `CollectionSerializer.setElementClass`,
    /// `MapSerializer.setValueClass`): used even
    /// where Java ignores generic arguments (Kryo 4 without optimized generics, Kryo 2.20's
    /// public fields).
    public var isBound = false
    /// The JDK interface or abstract class the slot declares where one Swift type stands for
    /// several (`java.util.List` and `java.util.Collection` are both `[Any?]`): a document that
    /// names a class for the value (`$class`) is checked against it. The registry does not
    /// resolve the slot by it, as it does by ``javaName``.
    package var interfaceName: String? = nil

    /// The arguments a Java that ignores generic arguments still uses: the bound ones, the others
    /// `Object`; none when none is bound.
    package static func boundOnly(_ arguments: [DeclaredType]) -> [DeclaredType] {
        guard arguments.contains(where: \.isBound) else { return [] }
        return arguments.map { $0.isBound ? $0 : .object }
    }

    /// Creates a declared type.
    public init(
        _ swiftType: any Any.Type, finality: Finality = .inferred, genericArguments: [DeclaredType] = [],
        canBeNull: Bool = true, javaName: String? = nil
    ) {
        self.swiftType = swiftType
        self.finality = finality
        self.genericArguments = genericArguments
        self.canBeNull = canBeNull
        self.javaName = javaName
    }

    /// Java's `Object`: never final, every value carries its class.
    public static let object = DeclaredType(Any.self, finality: .nonFinal)

    /// The declared type of a Swift type: optionals unwrapped, generic arguments taken from
    /// `Array`, `Set` and `Dictionary` element types.
    public static func of(_ type: any Any.Type) -> DeclaredType {
        var base: any Any.Type = type
        while let optional = base as? any OptionalProtocol.Type { base = optional.wrappedType }
        if base == Any.self || base == AnyObject.self || base == AnyHashable.self { return .object }
        let arguments = (base as? any JavaGenericContainer.Type)?.javaGenericArgumentTypes ?? []
        return DeclaredType(base, genericArguments: arguments.map { DeclaredType.of($0) })
    }

    /// The declared type of a Swift type, adjusted by Java facts Swift's type cannot express
    /// (final-ness, Kryo 2.20's public-field quirk, `@NotNull`).
    public static func of(_ type: any Any.Type, java: JavaFieldOptions) -> DeclaredType {
        var declared = DeclaredType.of(type)
        if let isFinal = java.isFinal { declared.finality = isFinal ? .final : .nonFinal }
        if java.isPublicField { declared = declared.withKryo2PublicFieldGenerics }
        declared.canBeNull = java.isNullable
        return declared
    }

    /// The same declared type with its generic arguments removed.
    public var withoutGenerics: DeclaredType {
        var copy = self
        copy.genericArguments = []
        return copy
    }

    /// The same declared type as the type of a public field that Kryo 2.20 reaches through
    /// ReflectASM: its generic arguments marked ``isIgnoredByKryo2``.
    public var withKryo2PublicFieldGenerics: DeclaredType {
        var copy = self
        copy.genericArguments = genericArguments.map { argument in
            var marked = argument
            marked.isIgnoredByKryo2 = true
            return marked
        }
        return copy
    }
}

/// A Swift type with Java generic arguments (`List<E>`, `Map<K, V>`).
public protocol JavaGenericContainer {
    /// The Swift types of the generic arguments, in Java's order.
    static var javaGenericArgumentTypes: [any Any.Type] { get }
}

/// Implemented by `Optional` so that code holding only a metatype or an `Any` can see through it.
public protocol OptionalProtocol {
    /// The wrapped type.
    static var wrappedType: any Any.Type { get }
    /// `nil` of this optional type.
    static var nilValue: Self { get }
    /// The wrapped value, or `nil`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    public static var wrappedType: any Any.Type { Wrapped.self }
    public static var nilValue: Self { nil }
    public var wrappedAny: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}
