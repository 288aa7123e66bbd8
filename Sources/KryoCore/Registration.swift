import Synchronization

/// Ties a Swift type to its numeric id, Java class name and serializer.
public final class Registration: Sendable {
    /// The Swift type.
    public let swiftType: any Any.Type
    /// The numeric id written by the binary format, or `nil` when the type is known by name only.
    public let id: Int?
    /// The Java binary class name.
    public let javaName: String
    /// The serializer.
    public let serializer: AnySerializer
    /// Whether a field declared with this type carries no class tag.
    public let isFinal: Bool
    /// Whether Java tracks references to values of this type (false only for primitive wrappers).
    public let tracksReferences: Bool
    /// How the encoder recognises a value it has written before.
    public let identity: ReferenceIdentity
    /// Whether values of the type may stand for a shared archive object
    /// (``ArchivedObjectValue``), which the keyed and readable writers then write once.
    package let hasArchivedIdentity: Bool
    /// Whether ``serializer`` is the type's default one (``JavaRepresentable/defaultSerializer``),
    /// so that a slot may use an equivalent specialized for the type.
    public let usesDefaultSerializer: Bool
    /// For a Swift array read by its default serializer (``CollectionSerializer``: the size, then
    /// each element in its element slot), the element type; `nil` for every other registration
    /// (primitive arrays included). A format that keeps lists as lists may hand that serializer
    /// the elements one by one.
    package let listElementType: (any Any.Type)?
    /// When ``serializer`` reads Java enum constants from their names (``EnumSerializer``), its
    /// constants and their names, so that a format with keys may read a constant from its name
    /// without handing the serializer the object, or write the object itself; `nil` for every
    /// other registration.
    package let constantsByName: EnumConstantNames?
    /// The class a keyed archive names for values of the type; by default the Java class name,
    /// a subclass of `NSObject`.
    public let archiveClass: ArchiveClass
    /// The `$class` name the readable format writes for values of the type; by default the
    /// archive class name.
    public let readableName: String
    /// For a type whose values choose their Java class (``JavaClassChosenByValue``): the class
    /// of a value, whose registration then writes it; `nil` for every other type.
    public let javaNameOfValue: (@Sendable (Any) -> String?)?

    /// Creates a registration.
    ///
    /// - Parameters:
    ///   - swiftType: The Swift type registered.
    ///   - id: The numeric id for the binary format; `nil` for a class written by name.
    ///   - javaName: The Java class name.
    ///   - serializer: The serializer of the type's values.
    ///   - isFinal: Whether Java treats the class as final.
    ///   - tracksReferences: Whether Java tracks references to values of the class.
    ///   - usesDefaultSerializer: Whether `serializer` is the type's default one.
    ///   - archiveClass: The class keyed archives name; the Java class name by default.
    ///   - readableName: The readable format's `$class` name; the archive class name by default.
    ///   - enumOrdinal: For values that are Java enum constants without being a
    ///     ``JavaEnum`` (``DynamicEnum``): the ordinal of a value, by which references to the
    ///     constant are tracked.
    ///   - javaNameOfValue: For a type whose values choose their Java class: the class of a value.
    public init(
        swiftType: any Any.Type, id: Int?, javaName: String, serializer: AnySerializer, isFinal: Bool,
        tracksReferences: Bool, usesDefaultSerializer: Bool = false, archiveClass: ArchiveClass? = nil,
        readableName: String? = nil, enumOrdinal: (@Sendable (Any) -> Int?)? = nil,
        javaNameOfValue: (@Sendable (Any) -> String?)? = nil
    ) {
        self.javaNameOfValue = javaNameOfValue ?? Registration.classChooser(swiftType)
        self.usesDefaultSerializer = usesDefaultSerializer
        self.archiveClass = archiveClass ?? ArchiveClass(javaName)
        self.readableName = readableName ?? self.archiveClass.name
        self.swiftType = swiftType
        self.id = id
        self.javaName = javaName
        self.serializer = serializer
        self.isFinal = isFinal
        self.tracksReferences = tracksReferences
        hasArchivedIdentity = swiftType is any ArchivedObjectValue.Type
        listElementType = usesDefaultSerializer ? (swiftType as? any SwiftArrayType.Type)?.listElementType : nil
        constantsByName = serializer.constantsByName
        if let enumOrdinal {
            identity = .enumConstant
            self.enumOrdinal = enumOrdinal
        } else if swiftType is AnyClass {
            identity = .instance
            self.enumOrdinal = nil
        } else if let enumType = swiftType as? any JavaEnum.Type {
            identity = .enumConstant
            self.enumOrdinal = Registration.ordinalFunction(enumType)
        } else {
            identity = .none
            self.enumOrdinal = nil
        }
    }

    /// For Java enums: the ordinal of a constant of ``swiftType``.
    public let enumOrdinal: (@Sendable (Any) -> Int?)?

    /// The same registration under the class id `id`: a library class that a schema gives an id.
    package func withID(_ id: Int) -> Registration {
        Registration(
            swiftType: swiftType, id: id, javaName: javaName, serializer: serializer, isFinal: isFinal,
            tracksReferences: tracksReferences, usesDefaultSerializer: usesDefaultSerializer,
            archiveClass: archiveClass, readableName: readableName,
            enumOrdinal: identity == .enumConstant ? enumOrdinal : nil, javaNameOfValue: javaNameOfValue)
    }

    private static func ordinalFunction<E: JavaEnum>(_: E.Type) -> @Sendable (Any) -> Int? {
        let ordinals = JavaEnumOrdinals<E>()
        return { value in (value as? E).flatMap { ordinals.ordinal(of: $0) } }
    }

    /// The default registration of a ``JavaRepresentable`` type, without an id.
    public static func defaultFor(_ type: any Any.Type) -> Registration? {
        defaultFor(type, javaName: nil)
    }

    /// The default registration of a ``JavaRepresentable`` type under one of its Java names
    /// (``JavaClassChosenByValue/javaClassNames``), without an id.
    public static func defaultFor(_ type: any Any.Type, javaName: String?) -> Registration? {
        guard let representable = type as? any JavaRepresentable.Type else { return nil }
        if javaName == nil, let made = madeDefaults.withLock({ $0[ObjectIdentifier(type)] }) { return made }
        let made = Registration(
            swiftType: type, id: nil, javaName: javaName ?? representable.javaClassName,
            serializer: representable.defaultSerializer, isFinal: representable.isJavaFinal,
            tracksReferences: representable.isReferenceTracked, usesDefaultSerializer: true)
        if javaName == nil { madeDefaults.withLock { $0[ObjectIdentifier(type)] = made } }
        return made
    }

    /// The default registrations made so far, by type: each is made once. A container's
    /// name, serializer and finality ask for its element's default registration (a
    /// `JavaArray<JavaArray<Int32>>` for `JavaArray<Int32>`'s, three times), so that making them
    /// anew each time took time exponential in the nesting (a class name `[[[[[[[[[[[[[J` in the
    /// input took seconds). Registrations are immutable; the types are those of the program and
    /// the arrays of at most ``JavaType/maximumArrayDimensions`` dimensions a name can make.
    private static let madeDefaults = Mutex<[ObjectIdentifier: Registration]>([:])

    /// The class chooser of a ``JavaClassChosenByValue`` type.
    private static func classChooser(_ type: any Any.Type) -> (@Sendable (Any) -> String?)? {
        guard let choosing = type as? any JavaClassChosenByValue.Type else { return nil }
        func chooser<T: JavaClassChosenByValue>(_: T.Type) -> @Sendable (Any) -> String? {
            { ($0 as? T)?.javaClassNameOfValue }
        }
        return chooser(choosing)
    }
}

/// How an encoder recognises a value it has written before, when references are on.
public enum ReferenceIdentity: Sendable, Equatable {
    /// Class instances: by object identity.
    case instance
    /// Java enum constants are singletons: by ordinal.
    case enumConstant
    /// Values without identity: every occurrence is written in full (Java still numbers them).
    case none
}

/// One entry in a ``Registry`` declaration.
public struct Register: Sendable {
    let swiftType: any Any.Type
    package private(set) var id: Int?
    let javaName: String?
    let serializer: AnySerializer?
    let isFinal: Bool?
    let archiveClass: ArchiveClass?
    let readableName: String?

    /// Registers `type` with its default serializer (its schema, enum cases or library default).
    ///
    /// - Parameters:
    ///   - type: The Swift type.
    ///   - id: The numeric id for the binary format; `nil` registers the type by name only.
    ///   - javaName: The Java class name; defaults to the one the type declares.
    ///   - archiveClass: The class keyed archives name; defaults to the Java class name.
    ///   - readableName: The `$class` name of the readable format; defaults to the archive class name.
    public init(
        _ type: (some Any).Type, id: Int? = nil, javaName: String? = nil, archiveClass: ArchiveClass? = nil,
        readableName: String? = nil
    ) {
        swiftType = type
        self.id = id
        self.javaName = javaName
        serializer = nil
        isFinal = nil
        self.archiveClass = archiveClass
        self.readableName = readableName
    }

    /// Registers `type`, which has no Java class name of its own, with a custom serializer and the
    /// name of the Java class it stands for.
    ///
    /// - Parameters:
    ///   - type: The Swift type.
    ///   - id: The numeric id for the binary format; `nil` registers the type by name only.
    ///   - javaName: The Java class name (`kryo.register(Point.class, …)` registers `geo.Point`).
    ///   - serializer: The serializer for values of `type`.
    ///   - formats: The serializers of the format families where values of `type` have a form of
    ///     their own (``SerializerByFormat``); `serializer` serves the others.
    ///   - isFinal: Whether Java treats the class as final; defaults to the serializer's answer.
    ///   - archiveClass: The class keyed archives name; defaults to the Java class name.
    ///   - readableName: The `$class` name of the readable format; defaults to the archive class name.
    public init<S: Serializer>(
        _ type: S.Value.Type, id: Int? = nil, javaName: String, serializer: S,
        formats: [FormatFamily: any Serializer<S.Value>] = [:], isFinal: Bool? = nil,
        archiveClass: ArchiveClass? = nil, readableName: String? = nil
    ) {
        self.init(
            type, id: id, optionalJavaName: javaName, serializer: serializer, formats: formats, isFinal: isFinal,
            archiveClass: archiveClass, readableName: readableName)
    }

    /// Registers `type` with a custom serializer, under the Java class name the type declares (its
    /// ``JavaRepresentable/javaClassName``: a schema's or a Java enum's name, `java.util.ArrayList`
    /// for an array…).
    ///
    /// A type that declares no Java class name takes the form with `javaName:`, so that a
    /// registration without one does not compile.
    ///
    /// - Parameters:
    ///   - type: The Swift type.
    ///   - id: The numeric id for the binary format; `nil` registers the type by name only.
    ///   - serializer: The serializer for values of `type`.
    ///   - formats: The serializers of the format families where values of `type` have a form of
    ///     their own (``SerializerByFormat``); `serializer` serves the others.
    ///   - isFinal: Whether Java treats the class as final; defaults to the serializer's answer.
    ///   - archiveClass: The class keyed archives name; defaults to the Java class name.
    ///   - readableName: The `$class` name of the readable format; defaults to the archive class name.
    public init<S: Serializer>(
        _ type: S.Value.Type, id: Int? = nil, serializer: S, formats: [FormatFamily: any Serializer<S.Value>] = [:],
        isFinal: Bool? = nil, archiveClass: ArchiveClass? = nil, readableName: String? = nil
    ) where S.Value: JavaRepresentable {
        self.init(
            type, id: id, optionalJavaName: nil, serializer: serializer, formats: formats, isFinal: isFinal,
            archiveClass: archiveClass, readableName: readableName)
    }

    /// The custom-serializer entry with its Java class name, if any (the registry takes the type's
    /// own when `nil`).
    package init<S: Serializer>(
        _ type: S.Value.Type, id: Int?, optionalJavaName javaName: String?, serializer: S,
        formats: [FormatFamily: any Serializer<S.Value>] = [:], isFinal: Bool?, archiveClass: ArchiveClass?,
        readableName: String?
    ) {
        swiftType = type
        self.id = id
        self.javaName = javaName
        self.serializer =
            formats.isEmpty ? AnySerializer(serializer) : AnySerializer(SerializerByFormat(serializer, forms: formats))
        self.isFinal = isFinal
        self.archiveClass = archiveClass
        self.readableName = readableName
    }

    /// The same entry with `id`: what registering classes in order (Java's `kryo.register(type)`)
    /// gives an entry that names none.
    package func withID(_ id: Int) -> Register {
        var entry = self
        entry.id = id
        return entry
    }
}

/// Builds the list of registrations of a ``Registry``.
@resultBuilder
public enum RegistryBuilder {
    /// One entry.
    public static func buildExpression(_ entry: Register) -> [Register] { [entry] }
    /// Several entries at once: what a module that registers a family of types hands out.
    public static func buildExpression(_ entries: [Register]) -> [Register] { entries }
    /// The entries of a block, in order.
    public static func buildBlock(_ parts: [Register]...) -> [Register] { parts.flatMap { $0 } }
    /// The entries of an `if` without `else`: none when its condition is false.
    public static func buildOptional(_ part: [Register]?) -> [Register] { part ?? [] }
    /// The entries of an `if` whose condition is true.
    public static func buildEither(first part: [Register]) -> [Register] { part }
    /// The entries of an `else`.
    public static func buildEither(second part: [Register]) -> [Register] { part }
    /// The entries of a `for` loop, each pass's in order.
    public static func buildArray(_ parts: [[Register]]) -> [Register] { parts.flatMap { $0 } }
}
