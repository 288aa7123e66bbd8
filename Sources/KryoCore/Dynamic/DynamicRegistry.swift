import FoundationEssentials
import OrderedCollections

extension Registry {
    /// A registry for the dynamic path: every class of `schemas` is registered by its Java name
    /// (and id), read and written as ``DynamicObject`` and ``DynamicEnum`` values, so that data of
    /// Java classes without Swift types converts between every backend.
    ///
    /// Library classes listed with an id (`java.util.ArrayList`, `int[]`…) get that id. In this
    /// registry `java.util.HashMap` values are `OrderedDictionary<AnyHashable, Any?>` and
    /// `java.util.HashSet` values `OrderedSet<AnyHashable>`, so that entries keep the order the
    /// stream gave them and a value read then written gives the same bytes; `java.util.LinkedHashMap`
    /// and `LinkedHashSet` values are ``JavaLinkedHashMap`` and ``JavaLinkedHashSet``, and Java's
    /// empty and singleton collections ``JavaEmptyList``, ``JavaSingletonList`` and their kin.
    ///
    /// - Parameters:
    ///   - schemas: The classes.
    ///   - extra: Swift types to register as well (custom serializers…).
    /// - Throws: ``SerializationError`` naming the first problem of the schema set
    ///   (``SchemaSet/problems``), a field type the library cannot serialize, or a clash of ids.
    public convenience init(schemas: SchemaSet, _ extra: [Register] = []) throws {
        try self.init(schemas: schemas, extra, classes: [])
    }

    /// ``init(schemas:_:)`` with registrations made by hand as well (a backend's own classes of
    /// ``DynamicObject`` values, as KryoNet's remote calls).
    package convenience init(schemas: SchemaSet, _ extra: [Register], classes extraClasses: [Registration]) throws {
        if let problem = schemas.problems.first {
            throw SerializationError(.invalidValue, expected: "a sound schema", found: problem)
        }
        let catalog = DynamicCatalog(schemas)
        var entries = extra
        let orderedMap = OrderedDictionary<AnyHashable, Any?>.self
        let orderedSet = OrderedSet<AnyHashable>.self
        var libraryIDs: [String: Int] = [:]
        var kryoSerialized: [Registration] = []
        for schema in schemas.classes where schema.layout == .library && schema.collectionSuperclass == nil {
            // Java's `register(Class, int)` returns the registration a class already has: the
            // classes every Kryo registers first keep their ids, whatever id the program gives.
            if let id = schema.id, !Self.registeredByKryo.contains(schema.javaName) { libraryIDs[schema.javaName] = id }
        }
        // JDK classes written by Kryo's own serializer of them (`serializer: kryo`).
        for schema in schemas.classes where schema.usesKryoSerializer {
            let id = libraryIDs.removeValue(forKey: schema.javaName)
            switch schema.javaName {
            case "java.util.UUID":
                entries.append(
                    Register(
                        UUID.self, id: id, javaName: schema.javaName, serializer: UUIDSerializer.kryoUUIDSerializer))
            case "java.net.URI":
                entries.append(Register(JavaURI.self, id: id, javaName: schema.javaName, serializer: JavaURI.kryoURI))
            case "java.sql.Timestamp":
                kryoSerialized.append(
                    Registration(
                        swiftType: JavaDateSubclass.self, id: id, javaName: schema.javaName,
                        serializer: AnySerializer(KryoTimestampSerializer()), isFinal: false, tracksReferences: true))
            default:
                guard let form = KryoOwnObjectSerializer.forms[schema.javaName] else {
                    throw SerializationError(
                        .unsupported, expected: "a class Kryo's own serializer is known for", found: schema.javaName)
                }
                let serializer = KryoOwnObjectSerializer(javaName: schema.javaName, form: form)
                kryoSerialized.append(
                    Registration(
                        swiftType: DynamicObject.self, id: id, javaName: schema.javaName,
                        serializer: AnySerializer(serializer), isFinal: serializer.isFinal, tracksReferences: true))
            }
        }
        // The JDK's enums (`DayOfWeek`), registered with the schema's ids below.
        var jdkEnumIDs: [String: Int] = [:]
        for (javaName, _) in JDKEnums.constants { jdkEnumIDs[javaName] = libraryIDs.removeValue(forKey: javaName) }
        entries.append(
            Register(orderedMap, id: libraryIDs.removeValue(forKey: "java.util.HashMap"), javaName: "java.util.HashMap")
        )
        entries.append(
            Register(orderedSet, id: libraryIDs.removeValue(forKey: "java.util.HashSet"), javaName: "java.util.HashSet")
        )
        // `OrderedDictionary` and `OrderedSet` stand for HashMap and HashSet here: the linked
        // classes get types of their own, so that they are written back as themselves.
        entries.append(
            Register(
                JavaLinkedHashMap<AnyHashable, Any?>.self, id: libraryIDs.removeValue(forKey: "java.util.LinkedHashMap")
            ))
        entries.append(
            Register(JavaLinkedHashSet<AnyHashable>.self, id: libraryIDs.removeValue(forKey: "java.util.LinkedHashSet"))
        )
        // Java's empty and singleton collections keep their classes here, so that they are
        // written back as themselves (elsewhere an untyped read gives plain values).
        entries.append(Register(JavaEmptyList.self, id: libraryIDs.removeValue(forKey: JavaEmptyList.javaClassName)))
        entries.append(Register(JavaEmptySet.self, id: libraryIDs.removeValue(forKey: JavaEmptySet.javaClassName)))
        entries.append(Register(JavaEmptyMap.self, id: libraryIDs.removeValue(forKey: JavaEmptyMap.javaClassName)))
        entries.append(
            Register(
                JavaSingletonList<Any?>.self,
                id: libraryIDs.removeValue(forKey: JavaSingletonList<Any?>.javaClassName)))
        entries.append(
            Register(
                JavaSingletonSet<AnyHashable>.self,
                id: libraryIDs.removeValue(forKey: JavaSingletonSet<AnyHashable>.javaClassName)))
        entries.append(
            Register(
                JavaSingletonMap<AnyHashable, Any?>.self,
                id: libraryIDs.removeValue(forKey: JavaSingletonMap<AnyHashable, Any?>.javaClassName)))
        // EnumSets of the schema's enums. Kryo finds the registration of `EnumSet.class` for its
        // runtime classes (`isAssignableFrom`), so an id listed for `java.util.EnumSet` is theirs.
        // The JDK's enums (`EnumSet<DayOfWeek>`) too, unless the schema declares them itself.
        let enumSetSerializer = DynamicEnumSetSerializer(
            enums: Dictionary(
                schemas.classes.compactMap { schema in schema.enumConstants.map { (schema.javaName, $0) } }
                    + JDKEnums.constants,
                uniquingKeysWith: { first, _ in first }))
        let enumSetID = libraryIDs.removeValue(forKey: "java.util.EnumSet")
        let regularID = libraryIDs.removeValue(forKey: "java.util.RegularEnumSet")
        // A program that registers both: Java writes the runtime class's id, and reads either.
        entries.append(
            Register(
                DynamicEnumSet.self, id: regularID ?? enumSetID, javaName: "java.util.RegularEnumSet",
                serializer: enumSetSerializer, isFinal: true))
        // The program's own collections and maps (`LabelList extends ArrayList<Label>`): Kryo's
        // `CollectionSerializer` or `MapSerializer` under their own names.
        for schema in schemas.classes where schema.collectionSuperclass != nil {
            let serializer =
                schema.extendsAMap
                ? JavaMap<AnyHashable, Any?>.defaultSerializer(forJavaClass: schema.javaName)
                : schema.usesTraversableSerializer
                    ? AnySerializer(ChillTraversableSerializer(javaClass: schema.javaName))
                    : JavaCollection<Any?>.defaultSerializer(forJavaClass: schema.javaName)
            kryoSerialized.append(
                Registration(
                    swiftType: schema.extendsAMap ? JavaMap<AnyHashable, Any?>.self : JavaCollection<Any?>.self,
                    id: schema.id, javaName: schema.javaName, serializer: serializer, isFinal: schema.isFinal,
                    tracksReferences: true, usesDefaultSerializer: true, readableName: schema.readableName))
        }
        var classes: [Registration] =
            kryoSerialized + [
                Registration(
                    swiftType: DynamicEnumSet.self, id: libraryIDs.removeValue(forKey: "java.util.JumboEnumSet"),
                    javaName: "java.util.JumboEnumSet", serializer: AnySerializer(enumSetSerializer), isFinal: true,
                    tracksReferences: true)
            ]
        if let enumSetID, regularID != nil {
            classes.append(
                Registration(
                    swiftType: DynamicEnumSet.self, id: enumSetID, javaName: "java.util.EnumSet",
                    serializer: AnySerializer(enumSetSerializer), isFinal: true, tracksReferences: true))
        }
        let base = try Registry(entries)
        // Arrays of the schema's own classes (`peer.Color[]`): registered by name, with the id a
        // library entry gives them.
        for array in catalog.schemaArrayTypes(of: schemas) {
            guard case .array(let componentType) = array else { continue }
            let javaName = array.className
            // An array class the library serializes already (never one of the schema's classes).
            if base.registration(forJavaName: javaName) != nil { continue }
            var component = try catalog.declaredType(componentType, in: base, context: javaName)
            // Java's object-array serializer writes no class for the elements of an array of
            // arrays: an array class is final to `Modifier.isFinal`.
            if case .array = componentType { component.finality = .final }
            let isFinal = try catalog.declaredType(array, in: base, context: javaName).finality == .final
            classes.append(
                Registration(
                    swiftType: DynamicArray.self, id: libraryIDs.removeValue(forKey: javaName), javaName: javaName,
                    serializer: AnySerializer(DynamicArraySerializer(javaName: javaName, component: component)),
                    isFinal: isFinal, tracksReferences: true))
        }
        // The Swift types of the library classes listed, each with the class its values are
        // written as when several are listed (`TimeZone` and its runtime class `ZoneInfo`).
        var namesBySwiftType: [ObjectIdentifier: [String]] = [:]
        for javaName in libraryIDs.keys {
            guard let library = base.registration(forJavaName: javaName) else { continue }
            namesBySwiftType[ObjectIdentifier(library.swiftType), default: []].append(javaName)
        }
        for (javaName, id) in libraryIDs.sorted(by: { $0.value < $1.value }) {
            // An interface or abstract class (`kryo.register(Object.class)`, as Apache Flink
            // registers a serializer's type): no value has that class, so its id names nothing.
            if javaName == "java.lang.Object" || DynamicCatalog.interfaces[javaName] != nil { continue }
            guard let library = base.registration(forJavaName: javaName) else {
                let isKryoNet =
                    javaName.hasPrefix("com.esotericsoftware.kryonet.")
                    || javaName == "java.lang.reflect.InvocationHandler"
                throw SerializationError(
                    .unsupported, expected: "a class the library serializes (or a schema for \(javaName))",
                    found: isKryoNet
                        ? "\(javaName), a class of KryoNet's remote method invocation, which only a KryoNet reader "
                            + "registers (kryo --kryonet, KryoNetSerialization)" : javaName)
            }
            let listedWithType = namesBySwiftType[ObjectIdentifier(library.swiftType)] ?? []
            if listedWithType.count > 1,
                let written = base.registration(for: library.swiftType)?.javaName, listedWithType.contains(written),
                written != javaName
            {
                // Another class of the same values is the one Java writes (the runtime class,
                // as `kryo.register(TimeZone.class)` beside `ZoneInfo`): this id is read only,
                // unless the values choose their class (`ArrayDeque` beside `Vector`). Its
                // registration otherwise as the library's (a default serializer, which keyed
                // archives write with the class where a slot does not tell it).
                classes.append(
                    Registration(
                        swiftType: library.swiftType, id: id, javaName: javaName, serializer: library.serializer,
                        isFinal: library.isFinal, tracksReferences: library.tracksReferences,
                        usesDefaultSerializer: library.usesDefaultSerializer))
                continue
            }
            if library.javaNameOfValue != nil {
                // A class whose values share a Swift type with other classes (`ArrayDeque` and
                // `Vector` are both a `JavaCollection`): its own registration, serializer and
                // all, under the id.
                classes.append(library.withID(id))
            } else {
                entries.append(Register(library.swiftType, id: id, javaName: javaName))
            }
        }
        let library = try Registry(entries)
        var enumBodies: [String: [Registration?]] = [:]
        for schema in schemas.classes {
            switch schema.layout {
            case .library:
                continue
            case .interface(let methods):
                let interface = try catalog.interfaceDescription(schema.javaName, methods, in: library)
                classes.append(
                    Registration(
                        swiftType: DynamicObject.self, id: schema.id, javaName: schema.javaName,
                        serializer: AnySerializer(JavaInterfaceSerializer(interface: interface)), isFinal: false,
                        tracksReferences: true))
            case .enumeration(let constants):
                let serializer = AnySerializer(DynamicEnumSerializer(javaName: schema.javaName, constants: constants))
                let enumeration = Registration(
                    swiftType: DynamicEnum.self, id: schema.id, javaName: schema.javaName, serializer: serializer,
                    isFinal: !schema.constantsHaveBodies, tracksReferences: true,
                    archiveClass: schema.archiveName.map { ArchiveClass($0) }, readableName: schema.readableName,
                    enumOrdinal: { ($0 as? DynamicEnum)?.ordinal })
                classes.append(enumeration)
                guard !schema.constantsWithBodies.isEmpty else { continue }
                // Each constant with a body is a class of its own, numbered as Java numbers
                // anonymous classes (in the order of the constants), which Kryo registers as the
                // enum: its id, its serializer.
                var bodies = [Registration?](repeating: nil, count: constants.count)
                var number = 0
                for (ordinal, constant) in constants.enumerated() where schema.constantsWithBodies.contains(constant) {
                    number += 1
                    bodies[ordinal] = Registration(
                        swiftType: DynamicEnum.self, id: schema.id, javaName: "\(schema.javaName)$\(number)",
                        serializer: serializer, isFinal: true, tracksReferences: true,
                        archiveClass: enumeration.archiveClass, readableName: enumeration.readableName,
                        enumOrdinal: { ($0 as? DynamicEnum)?.ordinal })
                }
                enumBodies[schema.javaName] = bodies
            case .fields(let kind, let fields):
                let dynamicFields = try schema.fieldsInJavaOrder.map { field in
                    try catalog.dynamicField(field, of: schema, in: library)
                }
                // Java records are final classes.
                let isFinal = schema.isFinal || kind == .record
                let serializer = DynamicBeanSerializer(
                    javaName: schema.javaName, kind: kind, isFinal: isFinal, fields: dynamicFields,
                    declared: fields.map(\.key), isAbstract: schema.isAbstract,
                    ancestors: Self.ancestors(of: schema, in: schemas),
                    isNamedSupertype: schemas.classes.contains { $0.supertypes.contains(schema.javaName) })
                classes.append(
                    Registration(
                        swiftType: DynamicObject.self, id: schema.id, javaName: schema.javaName,
                        serializer: AnySerializer(serializer), isFinal: isFinal, tracksReferences: true,
                        archiveClass: schema.archiveName.map { ArchiveClass($0) }, readableName: schema.readableName))
            }
        }
        // The JDK's own enums, by name, unless a schema declares them.
        let declaredNames = Set(schemas.classes.filter { $0.layout != .library }.map(\.javaName))
        for (javaName, constants) in JDKEnums.constants where !declaredNames.contains(javaName) {
            classes.append(
                Registration(
                    swiftType: DynamicEnum.self, id: jdkEnumIDs[javaName], javaName: javaName,
                    serializer: AnySerializer(DynamicEnumSerializer(javaName: javaName, constants: constants)),
                    isFinal: true, tracksReferences: true, enumOrdinal: { ($0 as? DynamicEnum)?.ordinal }))
        }
        try self.init(entries, classes: classes + extraClasses, enumBodies: enumBodies)
    }

    /// The schema classes `schema` extends or implements, transitively.
    fileprivate static func ancestors(of schema: JavaClassSchema, in schemas: SchemaSet) -> Set<String> {
        var found: Set<String> = []
        var pending = schema.supertypes
        while let name = pending.popLast() {
            guard found.insert(name).inserted else { continue }
            pending += schemas.classes.first { $0.javaName == name }?.supertypes ?? []
        }
        return found
    }
}

/// Enums of the JDK that Java services put in their data (Kryo's `EnumSerializer` writes the
/// ordinal, so the constants' order is the JDK's): a dynamic registry reads them by name without a
/// schema.
package enum JDKEnums {
    /// The names of ``constants``.
    package static let names = Set(constants.map(\.0))

    package static let constants: [(String, [String])] = [
        ("java.time.DayOfWeek", ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]),
        (
            "java.time.Month",
            [
                "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER",
                "NOVEMBER", "DECEMBER",
            ]
        ),
        (
            "java.time.temporal.ChronoUnit",
            [
                "NANOS", "MICROS", "MILLIS", "SECONDS", "MINUTES", "HOURS", "HALF_DAYS", "DAYS", "WEEKS", "MONTHS",
                "YEARS", "DECADES", "CENTURIES", "MILLENNIA", "ERAS", "FOREVER",
            ]
        ),
        (
            "java.util.concurrent.TimeUnit",
            ["NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS"]
        ),
        (
            "java.math.RoundingMode",
            ["UP", "DOWN", "CEILING", "FLOOR", "HALF_UP", "HALF_DOWN", "HALF_EVEN", "UNNECESSARY"]
        ),
        (
            "java.time.format.TextStyle",
            ["FULL", "FULL_STANDALONE", "SHORT", "SHORT_STANDALONE", "NARROW", "NARROW_STANDALONE"]
        ),
        ("java.lang.Thread$State", ["NEW", "RUNNABLE", "BLOCKED", "WAITING", "TIMED_WAITING", "TERMINATED"]),
    ]
}

extension Registry {
    /// Whether this registry reads a `java.util.HashMap` as an `OrderedDictionary` (the dynamic
    /// path's registry does): backends then read a map of unknown class in its stored order.
    public var untypedMapKeepsOrder: Bool {
        remembered(untypedMapOrder, javaName: "java.util.HashMap", readsAs: OrderedDictionary<AnyHashable, Any?>.self)
    }

    /// Whether untyped reads keep the strings that the input holds in several places (Java's
    /// shared `String` instances, a readable document's aliases to a string) as one
    /// ``SharedString`` each, so that writing the value again shares them as the input did. The
    /// dynamic path's registry does; other registries read plain `String`s.
    public var keepsSharedStrings: Bool { untypedMapKeepsOrder }

    /// A plain list or map that a format with keys read where `declared` names its class, as a
    /// value of that class on the dynamic path (``keepsSharedStrings``): a `List<int[]>`'s
    /// element an `int[]`, a `Map<String, Integer[]>`'s value an `Integer[]`, a `Map` the
    /// `HashMap` it stands for. A value that does not convert, or any value of another
    /// registry, is left as it is, for its slot to report.
    /// The classes `new Kryo()` registers (with their primitives): every release gives them the
    /// same ids, which `kryo.register(Integer.class, 21)` does not change.
    static let registeredByKryo: Set<String> = [
        "java.lang.Integer", "java.lang.String", "java.lang.Float", "java.lang.Boolean", "java.lang.Byte",
        "java.lang.Character", "java.lang.Short", "java.lang.Long", "java.lang.Double",
    ]

    package func valueOfDeclaredClass(_ value: Any, _ declared: DeclaredType?) -> Any {
        guard keepsSharedStrings, let declared, declared.swiftType != Any.self,
            let registration = registration(forDeclared: declared), Swift.type(of: value) != registration.swiftType
        else { return value }
        if registration.swiftType == DynamicEnumSet.self, let set = Self.enumSet(value, declared) { return set }
        func open<T>(_: T.Type) -> Any? {
            ValueConversion.convert(value, to: T.self, javaClass: registration.javaName)
        }
        return open(registration.swiftType) ?? value
    }

    /// A list of constants of the enum an `EnumSet<E>` slot declares, as that set (a document
    /// written by hand lists the constants: `"kinds": ["BOSS"]`); `nil` for anything else.
    private static func enumSet(_ value: Any, _ declared: DeclaredType) -> DynamicEnumSet? {
        guard let enumClass = declared.genericArguments.first?.javaName,
            let elements = value as? any AnyElementsExposing
        else { return nil }
        var constants: [DynamicEnum] = []
        for element in elements.anyElements {
            guard let constant = ValueConversion.flatten(element) as? DynamicEnum, constant.javaClass == enumClass
            else { return nil }
            constants.append(constant)
        }
        return DynamicEnumSet(enumClass: enumClass, elements: constants)
    }

    /// Whether this registry reads a `java.util.HashSet` as an `OrderedSet` (the dynamic path's
    /// registry does).
    public var untypedSetKeepsOrder: Bool {
        remembered(untypedSetOrder, javaName: "java.util.HashSet", readsAs: OrderedSet<AnyHashable>.self)
    }

    /// The value a map read from a format (an `NSDictionary`, a plain dictionary) becomes in a
    /// slot of type `declared`: its entries in the stored order where the declared type keeps
    /// order, or where nothing is declared and ``untypedMapKeepsOrder``, else a `Dictionary`.
    public func mapValue(_ entries: OrderedDictionary<AnyHashable, Any?>, declared: DeclaredType?) -> Any {
        let type = declared?.swiftType ?? Any.self
        if type is any InsertionOrderedCollection.Type || type == Any.self && untypedMapKeepsOrder {
            return entries
        }
        return Dictionary(entries.elements.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The value a set read from a format becomes in a slot of type `declared`: an `OrderedSet`
    /// in the stored order where the declared type keeps order, or where nothing is declared and
    /// ``untypedSetKeepsOrder``, else a `Set`.
    public func setValue(_ elements: [AnyHashable], declared: DeclaredType?) -> Any {
        let type = declared?.swiftType ?? Any.self
        if type is any InsertionOrderedCollection.Type || type == Any.self && untypedSetKeepsOrder {
            return OrderedSet(elements)
        }
        return Set(elements)
    }

    /// The value an `NSOrderedSet` read from a format becomes in a slot of type `declared`: an
    /// `OrderedSet`, except untyped in the dynamic path, where `OrderedSet` is Java's `HashSet` (an
    /// `NSSet` in stream order) and an `NSOrderedSet` stays one (``FoundationOrderedSet``).
    public func orderedSetValue(_ elements: [AnyHashable], declared: DeclaredType?, isMutable: Bool) -> Any {
        guard untypedSetKeepsOrder, declared.map({ $0.swiftType == Any.self }) ?? true else {
            return OrderedSet(elements)
        }
        return FoundationOrderedSet(OrderedSet(elements), isMutable: isMutable)
    }
}

/// What the dynamic registry knows about the classes of a schema set while it builds fields.
private struct DynamicCatalog {
    let schemas: [String: JavaClassSchema]
    /// The settings of the streams: the field serializers' configuration among them.
    let settings: StreamSettings

    init(_ set: SchemaSet) {
        schemas = Dictionary(set.classes.map { ($0.javaName, $0) }, uniquingKeysWith: { first, _ in first })
        settings = set.settings
    }

    /// The arrays of the schema's own classes (beans and enums) the registry knows, components
    /// before the arrays of them, in a stable order: of every class, one and two dimensions (a
    /// stream names them in any slot that does not fix the class — `Object`, `Object[]`, `T[]` —
    /// by name when nothing registers them), and any deeper one a field declares or a library
    /// entry lists with its id.
    func schemaArrayTypes(of set: SchemaSet) -> [JavaType] {
        var found: OrderedDictionary<String, JavaType> = [:]
        func add(_ type: JavaType) {
            guard case .array(let component) = type,
                schemaComponent(of: type) != nil || Self.interfaceComponent(of: type) != nil
            else { return }
            add(component)
            found[type.className] = found[type.className] ?? type
        }
        func visit(_ type: JavaType) {
            switch type {
            case .primitive, .typeVariable: break
            case .array(let component):
                add(type)
                visit(component)
            case .object(_, let arguments): arguments.forEach(visit)
            }
        }
        for schema in set.classes where schema.layout != .library {
            add(.array(.array(.object(schema.javaName, arguments: []))))
        }
        // Arrays of the JDK's interfaces and abstract classes that Java programs declare, which a
        // field of `Object` may hold too (`new Comparable[]{…}`).
        for name in Self.commonInterfaceArrayComponents { add(.array(.array(.object(name, arguments: [])))) }
        for schema in set.classes {
            for field in schema.fields {
                visit(field.type.erasingTypeVariables(bounds: schema.typeParameterBounds))
                field.erasedType.map(visit)
            }
            if schema.layout == .library, schema.javaName.hasPrefix("["),
                let type = JavaType(className: schema.javaName)
            {
                add(type)
            }
        }
        return Array(found.values)
    }

    /// The JDK interface or abstract class at the bottom of an array type (`java.lang.Number` of
    /// `Number[][]`, `java.util.List` of `List<String>[]`), one of ``interfaces``; `nil` for any
    /// other. Kryo writes such an array as any array of objects, each element with its class.
    static func interfaceComponent(of type: JavaType) -> String? {
        switch type {
        case .array(let component): return interfaceComponent(of: component)
        case .object(let name, _): return interfaces[name] != nil ? name : nil
        case .primitive, .typeVariable: return nil
        }
    }

    /// The interfaces whose arrays (of one and two dimensions) every dynamic registry knows, so
    /// that a field of `Object`, a list's element or the root may hold one.
    static let commonInterfaceArrayComponents = [
        "java.lang.Number", "java.lang.CharSequence", "java.lang.Comparable", "java.io.Serializable",
        "java.util.List", "java.util.Map", "java.util.Set", "java.util.Collection",
    ]

    /// The schema class (a bean or an enum) at the bottom of an array type (`peer.Color` of
    /// `peer.Color[][]`), or `nil`.
    func schemaComponent(of type: JavaType) -> JavaClassSchema? {
        switch type {
        case .array(let component): return schemaComponent(of: component)
        case .object(let name, _):
            // `java.lang.Object` given an id (Apache Spark's `new Object()`) is a class of the
            // schema, yet `Object[]` holds any value, as a slot of `Object` does.
            guard name != "java.lang.Object", let schema = schemas[name], schema.layout != .library else { return nil }
            return schema
        case .primitive, .typeVariable: return nil
        }
    }

    func dynamicField(_ field: JavaFieldSchema, of owner: JavaClassSchema, in library: Registry) throws -> DynamicField
    {
        let context = "\(owner.javaName).\(field.name)"
        let kind = try fieldKind(field.type, of: field, owner: owner, in: library, context: context)
        // An inherited field whose variables the class's `extends` resolves (Kryo 5), erased for
        // Kryo 2.20 and 4.
        let erasedKind = try field.erasedType.map {
            try fieldKind($0, of: field, owner: owner, in: library, context: context)
        }
        // A JDK abstract class no Swift type stands for: the field checks its values' classes.
        var abstractClass: String?
        if case .object(let name, _) = field.type, DynamicCatalog.interfaces[name] != nil {
            abstractClass = name
        }
        var dynamic = DynamicField(
            name: field.key, javaName: field.name, kind: kind, erasedKind: erasedKind, tag: field.tag,
            isDeprecated: field.isDeprecated,
            since: field.since, isRecordComponent: owner.serializerKind == .record, abstractClass: abstractClass)
        dynamic.isAnnexed = field.isAnnexed
        dynamic.isTransient = field.isTransient
        return dynamic
    }

    /// How a field of Java type `type` is read and written.
    private func fieldKind(
        _ type: JavaType, of field: JavaFieldSchema, owner: JavaClassSchema, in library: Registry, context: String
    ) throws -> DynamicField.Kind {
        let isRecord = owner.serializerKind == .record
        let bounds = owner.typeParameterBounds
        // The field serializers' configuration (`setFieldsCanBeNull`, `setFixedFieldTypes`);
        // a record's serializer has none.
        let canBeNull = field.isNullable && (settings.fieldsCanBeNull || isRecord)
        let fixedType = settings.fixedFieldTypes && !isRecord
        func variableSlot(_ template: DeclaredTemplate) -> DynamicField.Kind {
            .variable(
                DynamicField.VariableSlot(
                    template: template, canBeNull: canBeNull, isFinal: field.isFinal,
                    isPublicField: field.isPublicField, dropsGenerics: isRecord))
        }
        if case .primitive(let primitive) = type {
            return .primitive(primitive)
        } else if type.mentionsTypeVariable {
            return variableSlot(
                try declaredTemplate(
                    type, parameters: owner.typeParameters, bounds: bounds, in: library, context: context))
        } else if case .array(.typeVariable(let name)) = type, let index = owner.typeParameters.firstIndex(of: name) {
            // `T[]`: Kryo 5 resolves it from the slot's arguments when they make T a final class
            // (`Box<String>`'s is a `String[]`, without a class tag); else its erasure.
            let erasure = try declaredType(type.erasingTypeVariables(bounds: bounds), in: library, context: context)
            return variableSlot(.variableArray(index, erasure: erasure))
        } else {
            var declared = try declaredType(type.erasingTypeVariables(bounds: bounds), in: library, context: context)
            if field.isPublicField { declared = declared.withKryo2PublicFieldGenerics }
            // Kryo 5's RecordSerializer gives its components no generic arguments.
            if isRecord { declared = declared.withoutGenerics }
            if let isFinal = field.isFinal { declared.finality = isFinal ? .final : .nonFinal }
            if fixedType { declared.finality = .final }
            declared.canBeNull = canBeNull
            if !field.elementsCanBeNull {
                // `@BindCollection(elementsCanBeNull = false)`: the elements' slot holds no null.
                if declared.genericArguments.isEmpty { declared.genericArguments = [.object] }
                declared.genericArguments[0].canBeNull = false
            }
            if field.elementsFinal || field.keysFinal || field.valuesFinal {
                // The serializer bound to the elements', keys' or values' class: no class tags.
                let count = field.elementsFinal ? 1 : 2
                while declared.genericArguments.count < count { declared.genericArguments.append(.object) }
                if field.elementsFinal || field.keysFinal {
                    declared.genericArguments[0].finality = .final
                    declared.genericArguments[0].isBound = true
                }
                if field.valuesFinal {
                    declared.genericArguments[1].finality = .final
                    declared.genericArguments[1].isBound = true
                }
            }
            if !field.keysCanBeNull || !field.valuesCanBeNull {
                // `@BindMap(keysCanBeNull = false, valuesCanBeNull = false)`.
                while declared.genericArguments.count < 2 { declared.genericArguments.append(.object) }
                if !field.keysCanBeNull { declared.genericArguments[0].canBeNull = false }
                if !field.valuesCanBeNull { declared.genericArguments[1].canBeNull = false }
            }
            if declared.swiftType == String.self, declared.finality != .nonFinal {
                return .string(canBeNull: canBeNull)
            }
            return .object(declared)
        }
    }

    /// The declared type of a field whose type names type parameters of its class, with the
    /// places where the generic arguments of the object's slot go. A variable that no argument
    /// resolves is its erasure: its bound (`bounds`) for the field's own type, `Object` inside
    /// generic arguments.
    func declaredTemplate(
        _ type: JavaType, parameters: [String], bounds: [String: JavaType] = [:], in library: Registry,
        context: String
    ) throws -> DeclaredTemplate {
        switch type {
        case .typeVariable(let name):
            guard let index = parameters.firstIndex(of: name) else {
                throw SerializationError(
                    .unsupported, expected: "a type parameter of the class", found: "\(name) in \(context)")
            }
            let erasure = JavaType.erasure(ofVariable: name, bounds: bounds)
            return .variable(index, erasure: try declaredType(erasure, in: library, context: context))
        case .object(let name, let arguments) where arguments.contains(where: \.mentionsTypeVariable):
            let base = try declaredType(.object(name, arguments: []), in: library, context: context)
            return .generic(
                base,
                try arguments.map { argument in
                    let template = try declaredTemplate(argument, parameters: parameters, in: library, context: context)
                    guard case .object(let name, _) = argument, DynamicCatalog.interfaces[name] != nil else {
                        return template
                    }
                    return template.naming(interface: name)
                })
        case .primitive, .array, .object:
            // Arrays pass no generic arguments to their elements: their erasure.
            return .fixed(try declaredType(type, in: library, context: context))
        }
    }

    /// An interface's methods in the order remote calls number them, each parameter's declared
    /// type resolved: a primitive is written boxed, as its final wrapper.
    func interfaceDescription(_ javaName: String, _ methods: [JavaMethodSchema], in library: Registry) throws
        -> JavaInterfaceDescription
    {
        let sorted = methods.sorted(by: JavaMethodSchema.precedes)
        return JavaInterfaceDescription(
            javaName: javaName,
            methods: try sorted.map { method in
                let context = "\(method) of \(javaName)"
                return JavaInterfaceDescription.Method(
                    schema: method,
                    parameters: try method.parameters.map { parameter in
                        var declared = try declaredType(parameter.erased, in: library, context: context)
                        if case .primitive = parameter { declared.finality = .final }
                        return declared
                    })
            })
    }

    /// The declared type of a slot of Java type `type` (a type variable: its erasure, `Object`).
    func declaredType(_ type: JavaType, in library: Registry, context: String) throws -> DeclaredType {
        switch type {
        case .typeVariable:
            return .object
        case .primitive(let primitive):
            // A primitive as a generic argument or array component: its wrapper.
            return try declaredType(.named(primitive.wrapperName), in: library, context: context)
        case .array:
            let name = type.className
            if let schema = schemaComponent(of: type) {
                // An array of the schema's own classes: registered by name. Final when its
                // innermost component is (Kryo's `isFinal` of an array), as an array of enums or of
                // final classes; an array of other classes carries its class.
                let isFinal = schema.enumConstants != nil && !schema.constantsHaveBodies || schema.isFinal
                return DeclaredType(DynamicArray.self, finality: isFinal ? .final : .nonFinal, javaName: name)
            }
            if Self.interfaceComponent(of: type) != nil, library.registration(forJavaName: name) == nil {
                // An array of an interface (`Number[]`): registered by name, never final.
                return DeclaredType(DynamicArray.self, finality: .nonFinal, javaName: name)
            }
            guard let registration = library.registration(forJavaName: name) else {
                throw SerializationError(
                    .unsupported, expected: "an array type the library serializes", found: "\(type) in \(context)")
            }
            return DeclaredType(registration.swiftType, javaName: name)
        case .object(let name, let arguments):
            let generics = try arguments.map { try argumentType($0, in: library, context: context) }
            if name == "java.lang.Object" { return .object }
            if let schema = schemas[name], schema.layout != .library {
                let isEnum = schema.enumConstants != nil
                // The arguments of a generic class (`Generic<String>`) resolve its type variables.
                return DeclaredType(
                    isEnum ? DynamicEnum.self : DynamicObject.self,
                    finality: isEnum && !schema.constantsHaveBodies || schema.isFinal ? .final : .nonFinal,
                    genericArguments: schema.typeParameters.isEmpty ? [] : generics, javaName: name)
            }
            if JDKEnums.names.contains(name) {
                return DeclaredType(DynamicEnum.self, finality: .final, javaName: name)
            }
            if let interface = DynamicCatalog.interfaces[name] {
                return DeclaredType(interface, finality: .nonFinal, genericArguments: generics)
            }
            if let schema = schemas[name], schema.collectionSuperclass != nil {
                // A program's collection or map (`LabelList extends ArrayList<Label>`): it declares
                // no type variables, so its elements carry their classes, as Kryo writes them.
                return DeclaredType(
                    schema.extendsAMap ? JavaMap<AnyHashable, Any?>.self : JavaCollection<Any?>.self,
                    finality: schema.isFinal ? .final : .nonFinal, javaName: name)
            }
            if schemas[name]?.usesKryoSerializer == true, let form = KryoOwnObjectSerializer.forms[name] {
                // Kryo's own serializer of a JDK class, registered with the schema's classes.
                let isFinal = KryoOwnObjectSerializer(javaName: name, form: form).isFinal
                return DeclaredType(DynamicObject.self, finality: isFinal ? .final : .nonFinal, javaName: name)
            }
            guard let registration = library.registration(forJavaName: name) else {
                throw SerializationError(
                    .unsupported, expected: "a class in the schema or one the library serializes",
                    found: "\(name) in \(context)")
            }
            return DeclaredType(registration.swiftType, genericArguments: generics, javaName: name)
        }
    }

    /// The declared type of a generic argument: a JDK interface's (`List` in
    /// `Map<String, List<String>>`) names it, so that a document naming a class there is checked
    /// against it (a field's own interface is checked by the field, ``DynamicField/abstractClass``).
    private func argumentType(_ type: JavaType, in library: Registry, context: String) throws -> DeclaredType {
        var declared = try declaredType(type, in: library, context: context)
        if case .object(let name, _) = type, DynamicCatalog.interfaces[name] != nil { declared.interfaceName = name }
        return declared
    }

    /// Java interfaces and abstract classes a field may declare: the Swift type values of the
    /// slot read as when the data names no class (readable documents), always with a class tag.
    static let interfaces: [String: any Any.Type] = [
        "java.util.List": [Any?].self,
        "java.util.Collection": [Any?].self,
        "java.lang.Iterable": [Any?].self,
        "java.util.AbstractList": [Any?].self,
        "java.util.Map": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.AbstractMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.SortedMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.Set": OrderedSet<AnyHashable>.self,
        "java.util.AbstractSet": OrderedSet<AnyHashable>.self,
        "java.util.SortedSet": OrderedSet<AnyHashable>.self,
        "java.util.NavigableSet": OrderedSet<AnyHashable>.self,
        "java.util.NavigableMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.Queue": [Any?].self,
        "java.util.Deque": [Any?].self,
        "java.util.AbstractCollection": [Any?].self,
        "java.util.EnumSet": DynamicEnumSet.self,
        "java.util.Calendar": JavaCalendar.self,
        "java.lang.Enum": Any.self,
        "java.lang.Cloneable": Any.self,
        "java.lang.Number": Any.self,
        "java.lang.CharSequence": Any.self,
        "java.lang.Comparable": Any.self,
        "java.io.Serializable": Any.self,
        "java.util.concurrent.ConcurrentMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.concurrent.ConcurrentNavigableMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.concurrent.BlockingQueue": [Any?].self,
        "java.util.concurrent.BlockingDeque": [Any?].self,
        "java.util.Dictionary": OrderedDictionary<AnyHashable, Any?>.self,
        "java.time.ZoneId": Any.self,
        "java.nio.charset.Charset": JavaCharset.self,
        "java.time.temporal.Temporal": Any.self,
        "java.time.temporal.TemporalAccessor": Any.self,
        "java.time.temporal.TemporalAmount": Any.self,
        "java.time.chrono.ChronoLocalDate": Any.self,
        "java.time.chrono.ChronoLocalDateTime": Any.self,
        "java.time.chrono.ChronoZonedDateTime": Any.self,
    ]
}

extension JDKAbstractClasses {
    /// Whether a field may declare the JDK interface or abstract class `name` (`java.util.List`,
    /// `java.lang.Number`, `java.nio.charset.Charset`): the dynamic path knows what its values are.
    package static func isDeclarable(_ name: String) -> Bool { DynamicCatalog.interfaces[name] != nil }
}

/// The declared type of a field typed by type variables of its class (`T`, `List<Generic<T>>`),
/// completed by the generic arguments of the slot its object is written in.
indirect enum DeclaredTemplate: Sendable {
    /// A type without type variables.
    case fixed(DeclaredType)
    /// The class's type parameter at this index, and what it is where no argument resolves it.
    case variable(Int, erasure: DeclaredType)
    /// An array of the class's type parameter at this index (`T[]`), and its erasure.
    case variableArray(Int, erasure: DeclaredType)
    /// A class whose generic arguments name type variables.
    case generic(DeclaredType, [DeclaredTemplate])

    /// The same template, its declared type naming the JDK interface it stands for
    /// (``DeclaredType/interfaceName``).
    func naming(interface name: String) -> DeclaredTemplate {
        switch self {
        case .fixed(var declared):
            declared.interfaceName = name
            return .fixed(declared)
        case .generic(var declared, let arguments):
            declared.interfaceName = name
            return .generic(declared, arguments)
        case .variable, .variableArray: return self
        }
    }

    /// The declared type with `arguments` in place of the type variables (their erasure for
    /// each one beyond them). A type variable stands for its argument's class alone, as every
    /// Kryo release resolves it (`Box<List<String>>`'s `T item` is a `List` whose elements carry
    /// their class). An array of a type variable becomes an array of its argument only when
    /// `registry` finds that class final and its array class registered (Kryo 5's
    /// `ReflectField.resolveFieldClass`); `nil` leaves it its erasure.
    func resolved(_ arguments: [DeclaredType], arrays registry: Registry? = nil, nested: Bool = false) -> DeclaredType {
        switch self {
        case .fixed(let declared): return declared
        case .variable(let index, let erasure):
            guard index < arguments.count else { return erasure }
            return nested ? arguments[index] : arguments[index].withoutGenerics
        case .variableArray(let index, let erasure):
            guard let registry, index < arguments.count else { return erasure }
            let component = arguments[index]
            let (isFinal, registration) = registry.finality(of: component)
            guard isFinal,
                let componentName = component.javaName
                    ?? (registration ?? registry.registration(forDeclared: component))?
                    .javaName
            else { return erasure }
            let arrayName = JavaType(className: componentName).map { JavaType.array($0).className }
            guard let arrayName, let array = registry.registration(forJavaName: arrayName) else { return erasure }
            return DeclaredType(array.swiftType, finality: .final, javaName: arrayName)
        case .generic(let base, let templates):
            var declared = base
            declared.genericArguments = templates.map { $0.resolved(arguments, arrays: registry, nested: nested) }
            return declared
        }
    }
}

extension JavaType {
    /// Whether the type names a type variable anywhere outside an array.
    var mentionsTypeVariable: Bool {
        switch self {
        case .primitive, .array: false
        case .typeVariable: true
        case .object(_, let arguments): arguments.contains { $0.mentionsTypeVariable }
        }
    }
}
