/// One field of a ``JavaClassSchema``: the facts the formats need about a Java field, without a
/// Swift type behind it.
public struct JavaFieldSchema: Sendable, Hashable {
    /// The Java field name (the serializers' order and the compatible layout's header).
    public var name: String
    /// The field's key in objects, keyed archives and readable documents: its ``name``, but for a
    /// superclass's field that a subclass hides with one of the same name, which is
    /// `Superclass.name` (the superclass's simple name).
    public var key: String
    /// The declared Java type.
    public var type: JavaType
    /// Whether the field may hold null (`false` for a field annotated `@NotNull`); ignored for
    /// primitives.
    public var isNullable: Bool
    /// The tag, for a class whose serializer is ``FieldSerializerKind/tagged``.
    public var tag: Int?
    /// Whether the tagged serializer only reads the field (Java's `@Deprecated`).
    public var isDeprecated: Bool
    /// Whether Kryo 4's tagged serializer writes the field in chunks (Java's `@Tag(value = n,
    /// annexed = true)`); Kryo 2.20 and 5 have no such fields.
    public var isAnnexed = false
    /// Whether the Java field is `transient`, serialized by a program that calls
    /// `setSerializeTransient(true)`: Kryo 4's `FieldSerializer` writes such fields after all the
    /// others, Kryo 5's among them; Kryo 2.20 never writes them.
    public var isTransient = false
    /// The version of the class that added the field, for a class whose serializer is
    /// ``FieldSerializerKind/version`` (Java's `@Since`; 0 when it has always been there).
    public var since: Int
    /// Whether Kryo 2.20 reaches the field through ReflectASM (public class, public non-final
    /// field of a public type), which drops the field's generic arguments.
    public var isPublicField: Bool
    /// Overrides whether the declared type is final (`nil`: known JDK final classes, the schema's
    /// own `final` classes and enums are final).
    public var isFinal: Bool?
    /// For a field a superclass declares with its type variables, which the arguments of the
    /// class's `extends` resolve (`ID id` of `Base<ID>`, in `Customer extends Base<Long>`): the
    /// field's type as Kryo 2.20 and Kryo 4 see it, the variables' erasure (`Object`, or their
    /// bound). ``type`` is then the type as Kryo 5 sees it, the variables resolved (`Long`).
    /// `nil` when both are ``type``.
    public var erasedType: JavaType?
    /// Whether the elements of a collection field may be null: `false` for Java's
    /// `@BindCollection(elementsCanBeNull = false)`, whose serializer then writes no null flag
    /// (Kryo 5) and no null marker before an element of a known class.
    public var elementsCanBeNull = true
    /// Whether the keys, and the values, of a map field may be null: `false` for Java's
    /// `@BindMap(keysCanBeNull = false, valuesCanBeNull = false)`, whose serializer then writes
    /// no null marker before a key or value of a known class.
    public var keysCanBeNull = true
    public var valuesCanBeNull = true
    /// For a collection field: whether its serializer knows the elements' class, so that they
    /// carry none, as when the generic argument is final (Kryo 2.20 and 4's
    /// `CollectionSerializer.setElementClass`); for a map field, the same of its keys and values
    /// (`setKeyClass`/`setValueClass`).
    public var elementsFinal = false
    public var keysFinal = false
    public var valuesFinal = false

    /// Creates a field.
    public init(
        name: String, type: JavaType, isNullable: Bool = true, tag: Int? = nil, isDeprecated: Bool = false,
        since: Int = 0, isPublicField: Bool = false, isFinal: Bool? = nil, erasedType: JavaType? = nil,
        key: String? = nil
    ) {
        self.key = key ?? name
        self.since = since
        self.erasedType = erasedType
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.tag = tag
        self.isDeprecated = isDeprecated
        self.isPublicField = isPublicField
        self.isFinal = isFinal
    }
}

/// A Java class as a schema describes it: its name, registration id and layout.
///
/// Schema files (`Schemas/*.yaml`, `*.json`) load into this model, and a Swift declaration
/// (``Schema``) describes itself with it (``Schema/model``), so both drive the same code.
public struct JavaClassSchema: Sendable, Hashable {
    /// What the class's values are made of.
    public enum Layout: Sendable, Hashable {
        /// A bean: fields, laid out by one of Kryo's field serializers.
        case fields(FieldSerializerKind, [JavaFieldSchema])
        /// A Java enum: its constants in ordinal order.
        case enumeration([String])
        /// A class the library serializes by default (`java.util.ArrayList`, `int[]`…), listed
        /// to give it a registration id.
        case library
        /// A Java interface that declares methods, which a remote call names (KryoNet's RMI):
        /// registered for its id; no value is of it.
        case interface([JavaMethodSchema])
    }

    /// The Java binary class name.
    public var javaName: String
    /// The registration id, or `nil` for a class written by name.
    public var id: Int?
    /// Whether the Java class is final (a field declared with it carries no class tag). Enums
    /// are final whatever this says, unless ``constantsHaveBodies``.
    public var isFinal: Bool
    /// For an enum: whether some of its constants have bodies (`RUN { int weight() {…} }`),
    /// which makes the enum class not final in Java, so that a slot of it carries a class tag
    /// (`Phase[]`'s elements, Kryo 5's `List<Phase>`). A schema file says `final: false`, or
    /// names the constants in `bodies:`.
    public var constantsHaveBodies: Bool
    /// For an enum: the constants that have bodies, each a class of its own in Java
    /// (`Phase$1`, `Phase$2`… in the order of the constants), which a stream names when the
    /// enum is written by name and which keeps two of them apart where Java compares classes
    /// (Kryo 5's collections of one class).
    public var constantsWithBodies: [String]
    /// For a library class: written by Kryo's own serializer of it, which Java programs (Apache
    /// Flink) register themselves, rather than the form the library assumes: a `UUID` as two
    /// fixed-width longs (`DefaultSerializers.UUIDSerializer`), a `URI` as its text
    /// (`URISerializer`), a `Timestamp` with its nanoseconds (`TimestampSerializer`), and Kryo 5's
    /// `PatternSerializer` and `Atomic…Serializer`s (values: ``DynamicObject``s with the Java
    /// fields, `pattern` and `flags`, or `value`). A schema file says `serializer: kryo`.
    public var usesKryoSerializer: Bool
    /// For a class of the program that extends a JDK collection or map and adds no fields Kryo
    /// writes (`class LabelList extends ArrayList<Label>`): that JDK class (one of
    /// ``collectionSuperclasses``). Kryo writes it with the superclass's `CollectionSerializer` or
    /// `MapSerializer`, under its own class; it reads as a ``JavaCollection`` or ``JavaMap`` of
    /// that name. The layout is ``Layout/library``.
    public var collectionSuperclass: String?
    /// Whether the collection (``collectionSuperclass``) is written by chill's
    /// `TraversableSerializer`, as Apache Spark writes Scala's collections: the size as Java's
    /// `writeInt(size, true)` (fixed width in Kryo 4's unsafe and fast streams), then every
    /// element with its class. A schema file says `serializer: traversable`.
    public var usesTraversableSerializer = false
    /// The classes of the schema this class extends or implements directly (`extends:` and
    /// `implements:`): a slot that declares one of them, or an interface the schema declares
    /// (`abstract: true`), holds objects of the classes that name it, and no others.
    public var supertypes: [String] = []

    /// The classes ``usesKryoSerializer`` may name.
    public static let kryoSerialized: Set<String> = [
        "java.util.UUID", "java.net.URI", "java.sql.Timestamp", "java.util.regex.Pattern",
        "java.util.concurrent.atomic.AtomicBoolean", "java.util.concurrent.atomic.AtomicInteger",
        "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicReference",
    ]
    /// The fields, constants, or nothing.
    public var layout: Layout
    /// The `$class` name in readable documents (defaults to the Java name).
    public var readableName: String?
    /// The class name in keyed archives (defaults to the Java name).
    public var archiveName: String?
    /// The class's type parameters (`T` of `Generic<T>`), which its fields name as
    /// ``JavaType/typeVariable(_:)``; a field of one is resolved against the generic arguments
    /// of the slot the object is in (Kryo 5), or is its erasure, `Object` (Kryo 2.20 and 4).
    public var typeParameters: [String]
    /// Whether the Java class is abstract (or an interface declared with fields): no object is of
    /// it, only of its subclasses, so an object of it is an error both ways, and a document must
    /// name the subclass with `$class` where a slot declares it.
    public var isAbstract: Bool = false
    /// The bounds of the type parameters declared with one (`R` of `RoleSlot<R extends Role>`),
    /// by name. A variable's erasure is its bound's class: a field of type `R`, or `R[]`, is
    /// declared `Role` (`Role[]`) wherever no generic argument resolves it, which for a final
    /// class or an enum means no class tag.
    public var typeParameterBounds: [String: JavaType]

    /// Creates a class schema.
    public init(
        javaName: String, id: Int? = nil, isFinal: Bool = false, constantsHaveBodies: Bool = false,
        constantsWithBodies: [String] = [], usesKryoSerializer: Bool = false, layout: Layout,
        readableName: String? = nil, archiveName: String? = nil, typeParameters: [String] = [],
        typeParameterBounds: [String: JavaType] = [:]
    ) {
        self.typeParameterBounds = typeParameterBounds
        self.constantsWithBodies = constantsWithBodies
        self.usesKryoSerializer = usesKryoSerializer
        self.javaName = javaName
        self.id = id
        self.isFinal = isFinal
        self.constantsHaveBodies = constantsHaveBodies
        self.layout = layout
        self.readableName = readableName
        self.archiveName = archiveName
        self.typeParameters = typeParameters
    }

    /// The schema with ``isAbstract`` set.
    public func abstract(_ isAbstract: Bool = true) -> JavaClassSchema {
        var schema = self
        schema.isAbstract = isAbstract
        return schema
    }

    /// The fields, in the order they were declared (empty for enums and library classes).
    public var fields: [JavaFieldSchema] {
        if case .fields(_, let fields) = layout { return fields }
        return []
    }

    /// The enum constants in ordinal order, or `nil` for other classes.
    public var enumConstants: [String]? {
        if case .enumeration(let constants) = layout { return constants }
        return nil
    }

    /// The methods of an interface, or `nil` for other classes.
    public var methods: [JavaMethodSchema]? {
        if case .interface(let methods) = layout { return methods }
        return nil
    }

    /// The field serializer kind, or `nil` for enums and library classes.
    public var serializerKind: FieldSerializerKind? {
        if case .fields(let kind, _) = layout { return kind }
        return nil
    }

    /// The fields in Java's serialization order: by name in UTF-16 code-unit order, stable for
    /// equal names.
    /// The JDK collections and maps a program's class may extend (``collectionSuperclass``):
    /// those Kryo writes with its `CollectionSerializer` and `MapSerializer` in every release
    /// (not `TreeSet`, `TreeMap` or `PriorityQueue`, whose serializers write a comparator).
    public static let collectionSuperclasses: Set<String> = [
        "java.util.ArrayList", "java.util.LinkedList", "java.util.HashSet", "java.util.LinkedHashSet",
        "java.util.Vector", "java.util.ArrayDeque", "java.util.concurrent.CopyOnWriteArrayList",
        "java.util.HashMap", "java.util.LinkedHashMap", "java.util.Hashtable",
        "java.util.concurrent.ConcurrentHashMap",
    ]

    /// Whether ``collectionSuperclass`` is a map.
    public var extendsAMap: Bool {
        guard let superclass = collectionSuperclass else { return false }
        return Self.isMap(superclass)
    }

    /// Whether `superclass`, one of ``collectionSuperclasses``, is a map.
    package static func isMap(_ superclass: String) -> Bool {
        superclass.hasSuffix("Map") || superclass == "java.util.Hashtable"
    }

    public var fieldsInJavaOrder: [JavaFieldSchema] {
        fields.enumerated().sorted { lhs, rhs in
            let order = Field<Void>.compareJavaNames(lhs.element.name, rhs.element.name)
            return order == 0 ? lhs.offset < rhs.offset : order < 0
        }.map(\.element)
    }
}

/// The Kryo wire version a stream was written with, oldest first.
///
/// Serializers whose bytes differ between Java releases ask the writer or reader for its
/// ``ValueWriter/kryoWireVersion`` and compare: `version >= .kryo5` keeps holding for a later
/// release that keeps Kryo 5's forms.
public enum KryoWireVersion: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Kryo 2.x (2.20, the version Debian ships).
    case kryo2
    /// Kryo 3.x and 4.x (4.0.3, the version Apache Spark bundles).
    case kryo4
    /// Kryo 5.x (5.6.2, the version Apache Flink 2 and most current services run).
    case kryo5

    /// The major release number.
    public var major: Int {
        switch self {
        case .kryo2: 2
        case .kryo4: 4
        case .kryo5: 5
        }
    }

    public static func < (lhs: KryoWireVersion, rhs: KryoWireVersion) -> Bool { lhs.major < rhs.major }
}

/// Settings a schema declares for the streams it describes; command-line options override them.
public struct StreamSettings: Sendable, Hashable {
    /// The Kryo wire version.
    public var dialect: KryoWireVersion
    /// Whether the writer tracked references (Kryo's default: on).
    public var references: Bool
    /// Whether the writer refused unregistered classes.
    public var registrationRequired: Bool
    /// The Java `Output` and `Input` classes of the stream (Kryo 4's fast and unsafe ones, Kryo
    /// 5's with their varints off).
    public var streams = KryoStreamClasses.standard
    /// Whether each top-level value numbers its classes written by name from 0, as Java's
    /// default `Kryo` does (`reset()` after each call); `false` for a stream written after
    /// `kryo.setAutoReset(false)`, whose values share one numbering of class names, and with
    /// references on of objects too.
    public var autoReset = true
    /// Java's optimized generics, `nil` for the release's default: off in Kryo 4, on in Kryo 5
    /// (``OptimizedGenericsSetting``).
    public var optimizedGenerics: Bool? = OptimizedGenericsSetting.defaultValue
    /// The field serializers' variable-length `int` and `long` fields (``VariableLengthFieldsSetting``).
    public var variableLengthEncoding = VariableLengthFieldsSetting.defaultValue
    /// Whether the field serializers' fields may hold null (Java's default); `false` after
    /// `setFieldsCanBeNull(false)` (Kryo 2.20's `FieldSerializer`, Kryo 4 and 5's
    /// `FieldSerializerConfig`), as if every field were `@NotNull`: a field of a class that
    /// fixes its serializer (a final class) is written without a null marker.
    public var fieldsCanBeNull = true
    /// Whether the field serializers take every field's declared class for its values' class;
    /// `true` after `setFixedFieldTypes(true)` (Kryo 2.20's `FieldSerializer`, Kryo 4 and 5's
    /// `FieldSerializerConfig`): no field's value is written with its class, as if every field's
    /// class were final.
    public var fixedFieldTypes = false
    /// Kryo 5's `CompatibleFieldSerializer` options (``CompatibleFieldSetting``).
    public var compatibleFields = CompatibleFieldSetting.defaultValue
    /// Kryo 5's `TaggedFieldSerializer` options (``TaggedFieldSetting``).
    public var taggedFields = TaggedFieldSetting.defaultValue

    /// Creates settings; the defaults are Kryo 2.20's.
    public init(dialect: KryoWireVersion = .kryo2, references: Bool = true, registrationRequired: Bool = false) {
        self.dialect = dialect
        self.references = references
        self.registrationRequired = registrationRequired
    }

    /// The settings of `dialect`'s `new Kryo()`: references on and registration not required in
    /// Kryo 2 and 4; references off and registration required in Kryo 5.
    public init(dialect: KryoWireVersion) {
        self.init(dialect: dialect, references: dialect < .kryo5, registrationRequired: dialect >= .kryo5)
    }

    /// Sets the serializer settings of the stream that differ from Java's defaults in `options`
    /// (optimized generics, variable-length fields, the compatible and tagged options).
    public func applySerializerSettings(to options: inout SerializationOptions) {
        if let optimizedGenerics { options.settings[OptimizedGenericsSetting.self] = optimizedGenerics }
        if variableLengthEncoding != VariableLengthFieldsSetting.defaultValue {
            options.settings[VariableLengthFieldsSetting.self] = variableLengthEncoding
        }
        if compatibleFields != CompatibleFieldSetting.defaultValue {
            options.settings[CompatibleFieldSetting.self] = compatibleFields
        }
        if taggedFields != TaggedFieldSetting.defaultValue { options.settings[TaggedFieldSetting.self] = taggedFields }
    }
}

/// A set of class schemas with the stream settings they share: what one or more schema files
/// describe, and what the dynamic path (`DynamicRegistry`) runs on.
public struct SchemaSet: Sendable, Hashable {
    /// The classes, in declaration order.
    public var classes: [JavaClassSchema]
    /// The stream settings.
    public var settings: StreamSettings
    /// Other kinds of streams the classes are written in, by name (``StreamProfile``; `profiles:`
    /// in a schema file). ``applying(_:)`` gives the set as one of them uses it.
    public var profiles: [String: StreamProfile]

    /// Creates a schema set.
    public init(
        classes: [JavaClassSchema] = [], settings: StreamSettings = StreamSettings(),
        profiles: [String: StreamProfile] = [:]
    ) {
        self.classes = classes
        self.settings = settings
        self.profiles = profiles
    }

    /// The class named `javaName`.
    public func schema(forJavaName javaName: String) -> JavaClassSchema? {
        classes.first { $0.javaName == javaName }
    }

    /// What is wrong with the set, one sentence per problem (empty when it is sound): a class or
    /// id declared twice, a field declared twice, a negative or repeated tag in a tagged class, a
    /// negative version, an
    /// enum without constants or with a constant twice, a profile that writes classes by name
    /// but requires registration.
    public var problems: [String] {
        var problems: [String] = []
        for (name, profile) in profiles.sorted(by: { $0.key < $1.key })
        where !profile.usesIDs && profile.settings.registrationRequired {
            problems.append(
                "profile \(name) writes classes by name (ids: false), which registrationRequired: true refuses")
        }
        var names: Set<String> = []
        var ids: [Int: String] = [:]
        for schema in classes {
            if !names.insert(schema.javaName).inserted { problems.append("class \(schema.javaName) is declared twice") }
            if let id = schema.id {
                if id < 0 { problems.append("class \(schema.javaName) has id \(id); ids are ≥ 0") }
                if let other = ids[id] {
                    problems.append("id \(id) is given to both \(other) and \(schema.javaName)")
                } else {
                    ids[id] = schema.javaName
                }
            }
            if schema.isAbstract, schema.isFinal || schema.enumConstants != nil || schema.layout == .library {
                problems.append(
                    "class \(schema.javaName) is abstract, which only a class with fields that is not final can be")
            }
            switch schema.layout {
            case .library: break
            case .interface(let methods):
                for (index, method) in methods.enumerated()
                where methods[..<index].contains(where: { $0.hasSignature(of: method) }) {
                    problems.append("interface \(schema.javaName) declares \(method) twice")
                }
            case .enumeration(let constants):
                if constants.isEmpty { problems.append("enum \(schema.javaName) has no constants") }
                var seen: Set<String> = []
                for constant in constants where !seen.insert(constant).inserted {
                    problems.append("enum \(schema.javaName) lists \(constant) twice")
                }
            case .fields(let kind, let fields):
                var fieldNames: Set<String> = []
                var tags: Set<Int> = []
                for field in fields {
                    if !fieldNames.insert(field.key).inserted {
                        problems.append("field \(field.key) of \(schema.javaName) is declared twice")
                    }
                    if field.since < 0 || field.since > FieldLayouts.maximumVersion {
                        problems.append(
                            "field \(field.name) of \(schema.javaName) has version \(field.since); versions are 0 to \(FieldLayouts.maximumVersion)"
                        )
                    }
                    guard kind == .tagged, let tag = field.tag else { continue }
                    if tag < 0 {
                        problems.append("field \(field.name) of \(schema.javaName) has tag \(tag); tags are ≥ 0")
                    }
                    if !tags.insert(tag).inserted { problems.append("tag \(tag) is used twice in \(schema.javaName)") }
                }
            }
        }
        return problems
    }

    /// This set with the classes of `other` appended, `other`'s settings, and the profiles of
    /// both (`other`'s where both have one of a name).
    public func merging(_ other: SchemaSet) -> SchemaSet {
        SchemaSet(
            classes: classes + other.classes, settings: other.settings,
            profiles: profiles.merging(other.profiles) { _, theirs in theirs })
    }
}
