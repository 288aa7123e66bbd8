import FoundationEssentials
import OrderedCollections
import Synchronization

/// The immutable table that ties Swift types to numeric ids, Java class names and serializers.
///
/// A registry is built once and is `Sendable`: all per-call state (reference tables, class-name
/// ids, depth) lives in the encoder or decoder of one call, so one registry serves many threads.
///
/// ```swift
/// let registry = try Registry {
///     Register(SampleBean.self, id: 20)
///     Register(Color.self, id: 21, javaName: "paint.Color", serializer: RGBColorSerializer())
/// }
/// ```
///
/// Java Kryo 2.20's nine default registrations (ids 0–8: `int`, `String`, `float`, `boolean`,
/// `byte`, `char`, `short`, `long`, `double`) are always present; Swift `Int` is written as a
/// Java `long`.
public final class Registry: Sendable {
    /// The bindings of the ``ObjectSlot``s the registrations reach, made in the initializer, and
    /// of slots bound later on first use.
    package let slotTable = SlotTable()
    private let byType: [ObjectIdentifier: Registration]
    private let byID: [Int: Registration]
    /// `byID` for the small ids most registries use, indexed directly.
    private let bySmallID: [Registration?]
    private let byName: [String: Registration]

    /// The Java names of the registrations, the library's defaults among them.
    package var registeredJavaNames: Dictionary<String, Registration>.Keys { byName.keys }
    /// For enums of the dynamic path whose constants have bodies: by the enum's Java name, the
    /// registration of each constant's own class (`Phase$1`), by ordinal; `nil` for a constant
    /// without a body.
    private let enumBodies: [String: [Registration?]]
    private let byArchiveName: [String: Registration]
    private let byReadableName: [String: Registration]
    /// The registrations of ``byType``, ``byID`` and ``byName`` that
    /// ``registration(forArchiveClassName:)`` finds a registration for by their archive class
    /// name: ``isArchivedByName(_:)`` answers for them without hashing the name.
    private let archivedByName: IdentifierSet
    /// Registrations resolved for unregistered types (defaults by kind), computed once each.
    private let resolved = Mutex<[ObjectIdentifier: Registration?]>([:])
    /// Registrations resolved for the Java classes of ``JavaClassChosenByValue`` types.
    private let resolvedByName = Mutex<[String: Registration?]>([:])
    /// Registrations of ``JavaClassChosenByValue`` types of other element types than their
    /// class's registration (``chosenRegistration(of:named:)``).
    private let chosenForType = Mutex<[ChosenKey: Registration]>([:])
    private struct ChosenKey: Hashable {
        let type: ObjectIdentifier
        let javaName: String
    }
    /// ``untypedMapKeepsOrder`` and ``untypedSetKeepsOrder``, each worked out on first use
    /// (0: not yet, 1: no, 2: yes): every untyped decode asks (``keepsSharedStrings``), and the
    /// answer, a look-up by Java name that makes a default registration, cost a KryoNet server
    /// 6 % of its time per MediaContent object.
    let untypedMapOrder = Atomic<UInt8>(0)
    let untypedSetOrder = Atomic<UInt8>(0)

    /// Builds a registry from a declaration.
    public convenience init(@RegistryBuilder _ content: () -> [Register]) throws {
        try self.init(content())
    }

    /// Builds a registry from a list of entries.
    ///
    /// - Throws: ``SerializationError`` when two entries share an id or a Swift type, or when a
    ///   type has neither a serializer nor a default one.
    public convenience init(_ entries: [Register] = []) throws {
        try self.init(entries, classes: [])
    }

    /// Builds a registry from a list of entries and registrations of Java classes known by name
    /// and id only: the classes of the dynamic path, whose values share one Swift type
    /// (``DynamicObject``, ``DynamicEnum``) and name their Java class themselves.
    ///
    /// - Throws: ``SerializationError`` when two entries share an id, a Swift type or a Java
    ///   name, or when a type has neither a serializer nor a default one.
    public convenience init(_ entries: [Register], classes: [Registration]) throws {
        try self.init(entries, classes: classes, enumBodies: [:])
    }

    /// ``init(_:classes:)`` with the classes of enum constants that have bodies, by enum: each
    /// found by its Java name, and written for its constant, with the enum's id.
    package init(_ entries: [Register], classes: [Registration], enumBodies: [String: [Registration?]]) throws {
        var byType: [ObjectIdentifier: Registration] = [:]
        var byID: [Int: Registration] = [:]
        var byName: [String: Registration] = [:]
        var byArchiveName: [String: Registration] = [:]
        var byReadableName: [String: Registration] = [:]
        for registration in Registry.javaDefaults {
            byType[ObjectIdentifier(registration.swiftType)] = registration
            if let id = registration.id, byID[id] == nil { byID[id] = registration }
            byName[registration.javaName] = registration
        }
        var userIDs: Set<Int> = []
        var userTypes: Set<ObjectIdentifier> = []
        for entry in entries {
            let key = ObjectIdentifier(entry.swiftType)
            guard userTypes.insert(key).inserted else {
                throw SerializationError(
                    .invalidValue, expected: "each type registered once", found: "\(entry.swiftType) twice")
            }
            if let id = entry.id {
                guard id >= 0 else {
                    throw SerializationError(
                        .invalidValue, expected: "a registration id ≥ 0", found: "\(id) for \(entry.swiftType)")
                }
                guard userIDs.insert(id).inserted else {
                    throw SerializationError(
                        .invalidValue, expected: "each id registered once", found: "id \(id) twice")
                }
            }
            if entry.serializer == nil, let schematized = entry.swiftType as? any Schematized.Type,
                let problem = schematized.schemaProblem
            {
                throw SerializationError(
                    .invalidValue, expected: "a valid schema for \(entry.swiftType)", found: problem)
            }
            let fallback = Registration.defaultFor(entry.swiftType)
            guard let serializer = entry.serializer ?? fallback?.serializer else {
                throw SerializationError(
                    .unsupported, expected: "a serializer for \(entry.swiftType)",
                    found:
                        "none (pass serializer:, or conform the type to Schematized, JavaEnum or Codable,"
                        + " registered where KryoCodable is imported)")
            }
            guard let javaName = entry.javaName ?? fallback?.javaName else {
                throw SerializationError(
                    .invalidValue, expected: "a Java class name for \(entry.swiftType)", found: "none (pass javaName:)")
            }
            let registration = Registration(
                swiftType: entry.swiftType, id: entry.id, javaName: javaName, serializer: serializer,
                isFinal: entry.isFinal ?? (entry.serializer == nil ? fallback?.isFinal : nil) ?? serializer.isFinal,
                tracksReferences: fallback?.tracksReferences ?? true, usesDefaultSerializer: entry.serializer == nil,
                archiveClass: entry.archiveClass, readableName: entry.readableName)
            // Types that share a Java class (`[SampleBean]` and `[Any?]` as `ArrayList`) share its
            // default archive name too: the first keeps it. Two explicit names must differ.
            if byArchiveName[registration.archiveClass.name] == nil {
                byArchiveName[registration.archiveClass.name] = registration
            } else if entry.archiveClass != nil {
                throw SerializationError(
                    .invalidValue, expected: "each archive class name registered once",
                    found: "\(registration.archiveClass.name) twice")
            }
            if byReadableName[registration.readableName] == nil {
                byReadableName[registration.readableName] = registration
            } else if entry.readableName != nil {
                throw SerializationError(
                    .invalidValue, expected: "each readable name registered once",
                    found: "\(registration.readableName) twice")
            }
            byType[key] = registration
            if let id = entry.id { byID[id] = registration }
            byName[javaName] = registration
        }
        for registration in classes {
            if let id = registration.id {
                guard id >= 0, userIDs.insert(id).inserted else {
                    throw SerializationError(
                        .invalidValue, expected: "each id registered once, ≥ 0",
                        found: "id \(id) for \(registration.javaName)")
                }
                byID[id] = registration
            }
            guard byName[registration.javaName] == nil else {
                throw SerializationError(
                    .invalidValue, expected: "each Java class registered once", found: "\(registration.javaName) twice")
            }
            byName[registration.javaName] = registration
            if byArchiveName[registration.archiveClass.name] == nil {
                byArchiveName[registration.archiveClass.name] = registration
            }
            if byReadableName[registration.readableName] == nil {
                byReadableName[registration.readableName] = registration
            }
        }
        for bodies in enumBodies.values {
            for case let body? in bodies where byName[body.javaName] == nil { byName[body.javaName] = body }
        }
        self.enumBodies = enumBodies
        // Resolve, once, the default registrations of every type the registered ones reach
        // (field types, element types), so that encoding and decoding look them up without a lock.
        var pending = entries.map(\.swiftType)
        var seen = Set(pending.map { ObjectIdentifier($0) })
        while let type = pending.popLast() {
            for referenced in Registry.referencedTypes(of: type)
            where seen.insert(ObjectIdentifier(referenced)).inserted {
                let key = ObjectIdentifier(referenced)
                if byType[key] == nil, let registration = Registry.resolveDefault(referenced, byName: byName) {
                    byType[key] = registration
                }
                pending.append(referenced)
            }
        }
        self.byType = byType
        self.byID = byID
        var bySmallID = [Registration?](repeating: nil, count: min((byID.keys.max() ?? 0) + 1, 1024))
        for (id, registration) in byID where id < bySmallID.count { bySmallID[id] = registration }
        self.bySmallID = bySmallID
        self.byName = byName
        self.byArchiveName = byArchiveName
        self.byReadableName = byReadableName
        let known = Array(byType.values) + Array(byID.values) + Array(byName.values)
        var archivedByName: Set<ObjectIdentifier> = []
        for registration in known where byArchiveName[registration.archiveClass.name] != nil {
            archivedByName.insert(ObjectIdentifier(registration))
        }
        self.archivedByName = IdentifierSet(archivedByName)
        bindReachableSlots(of: known)
    }

    /// Whether ``registration(forArchiveClassName:)`` finds a registration for `registration`'s
    /// archive class name: what a writer that requires registration checks for every object of
    /// a keyed or readable document.
    package func isArchivedByName(_ registration: Registration) -> Bool {
        archivedByName.contains(ObjectIdentifier(registration))
            || self.registration(forArchiveClassName: registration.archiveClass.name) != nil
    }

    /// Where this registry's ``ObjectSlot``s find their bindings (see ``SlotBindings``). A
    /// backend reads it once, when it binds to the registry.
    public var slotBindings: SlotBindings { slotTable.bindings }

    /// The types a type's values contain: field types of a schema, element types of a container.
    private static func referencedTypes(of type: any Any.Type) -> [any Any.Type] {
        var result: [any Any.Type] = []
        func collect(_ declared: DeclaredType) {
            if declared.swiftType != Any.self { result.append(declared.swiftType) }
            declared.genericArguments.forEach(collect)
        }
        if let schematized = type as? any Schematized.Type {
            schematized.declaredFieldTypes.forEach(collect)
        }
        if let container = type as? any JavaGenericContainer.Type {
            container.javaGenericArgumentTypes.map { DeclaredType.of($0) }.forEach(collect)
        }
        return result
    }

    /// The registration used to write a value of `type`: the registered one, else the type's
    /// default (``JavaRepresentable``), else `nil`.
    ///
    /// An id belongs to the Java class: when `[SampleBean]` is not registered itself but
    /// `java.util.ArrayList` is (as `[Any?]`, say), the result carries that id with the
    /// serializer of `[SampleBean]`.
    public func registration(for type: any Any.Type) -> Registration? {
        let key = ObjectIdentifier(type)
        if let registered = byType[key] { return registered }
        if let cached = resolved.withLock({ $0[key] }) { return cached }
        let result = resolveDefault(type)
        resolved.withLock { $0[key] = result }
        return result
    }

    private func resolveDefault(_ type: any Any.Type) -> Registration? {
        Registry.resolveDefault(type, byName: byName)
    }

    private static func resolveDefault(_ type: any Any.Type, byName: [String: Registration]) -> Registration? {
        guard let fallback = Registration.defaultFor(type) else { return nil }
        guard let sameClass = byName[fallback.javaName], let id = sameClass.id else { return fallback }
        return Registration(
            swiftType: type, id: id, javaName: fallback.javaName, serializer: fallback.serializer,
            isFinal: fallback.isFinal, tracksReferences: fallback.tracksReferences, usesDefaultSerializer: true)
    }

    /// The registration with numeric id `id`.
    public func registration(forID id: Int) -> Registration? {
        if id >= 0, id < bySmallID.count { return bySmallID[id] }
        return byID[id]
    }

    /// The registration for a Java class name: a registered one, else a library default
    /// (collections, maps, `Date`, arrays of any registered or default type).
    public func registration(forJavaName name: String) -> Registration? {
        if let registration = byName[name] { return registration }
        if let type = Registry.defaultNames[name] ?? (name.hasPrefix("sun.nio.cs.") ? JavaCharset.self : nil) {
            guard let choosing = type as? any JavaClassChosenByValue.Type else { return Registration.defaultFor(type) }
            // One Swift type, several Java classes: each name has its registration, made once.
            if let made = resolvedByName.withLock({ $0[name] }) { return made }
            let made = registration(for: type).flatMap { base in
                base.javaName == name
                    ? base
                    : Registration(
                        swiftType: type, id: nil, javaName: name,
                        serializer: base.usesDefaultSerializer
                            ? choosing.defaultSerializer(forJavaClass: name) : base.serializer,
                        isFinal: base.isFinal, tracksReferences: base.tracksReferences,
                        usesDefaultSerializer: base.usesDefaultSerializer)
            }
            resolvedByName.withLock { $0[name] = made }
            return made
        }
        if let readOnly = Registry.readOnlyNames[name] { return readOnly }
        if name.hasPrefix("[") { return arrayRegistration(forJavaName: name) }
        return nil
    }

    /// The registration whose ``Registration/archiveClass`` is named `name` (keyed archives).
    public func registration(forArchiveClassName name: String) -> Registration? {
        if let registration = byArchiveName[name] { return registration }
        // A library class that archives under its Java name (`java.math.BigDecimal`).
        guard let library = registration(forJavaName: name), library.archiveClass.name == name else { return nil }
        return library
    }

    /// The registration a readable document's `$class` names: by ``Registration/readableName``,
    /// else by archive class name, else by Java class name (so that `java.util.ArrayList` or a
    /// name written by another backend still resolves).
    public func registration(forReadableName name: String) -> Registration? {
        byReadableName[name] ?? byArchiveName[name] ?? registration(forJavaName: name)
    }

    /// Whether values in a slot of this declared type carry no class tag, with the declared type's
    /// registration when deciding needed it (one lookup serves both questions).
    public func finality(of declared: DeclaredType) -> (isFinal: Bool, registration: Registration?) {
        switch declared.finality {
        case .final: return (true, nil)
        case .nonFinal: return (false, nil)
        case .inferred:
            let registration = registration(forDeclared: declared)
            return (registration?.isFinal ?? false, registration)
        }
    }

    /// The registration of a declared type: by its Java name when it has one (dynamic values),
    /// else by its Swift type; `nil` for Java's `Object`.
    public func registration(forDeclared declared: DeclaredType) -> Registration? {
        if let javaName = declared.javaName { return registration(forJavaName: javaName) }
        return declared.swiftType == Any.self ? nil : registration(for: declared.swiftType)
    }

    /// The registration used to write `value`: ``registration(for:)`` of its Swift type, except
    /// for dynamic values (``DynamicObject``, ``DynamicEnum``), which name their Java class.
    @inlinable
    public func registration(forValue value: Any) -> Registration? {
        let type = Swift.type(of: value)
        if type == DynamicObject.self || type == DynamicEnum.self {
            return dynamicRegistration(of: value)
        }
        // A Java String instance that the graph shares is a String.
        let registration = registration(for: type == SharedString.self ? String.self : type)
        if let chooser = registration?.javaNameOfValue {
            // A value naming a class nothing is registered under has no registration: writing
            // it as another class would lose its class.
            guard let name = chooser(value) else { return registration }
            return chosenRegistration(of: value, named: name)
        }
        return registration
    }

    /// The registration of the Java class a ``JavaClassChosenByValue`` value names.
    @usableFromInline
    func chosenRegistration(of value: Any, named name: String) -> Registration? {
        guard let named = registration(forJavaName: name) else { return nil }
        let valueType = Swift.type(of: value)
        if named.swiftType == valueType { return named }
        // The class is registered for another element type (`JavaCollection<Any?>` for a
        // `JavaCollection<String>`): the value's own type under that class's name and id, made once.
        let key = ChosenKey(type: ObjectIdentifier(valueType), javaName: name)
        if let made = chosenForType.withLock({ $0[key] }) { return made }
        guard let own = Registration.defaultFor(valueType, javaName: name) else { return named }
        let made = Registration(
            swiftType: valueType, id: named.id, javaName: name, serializer: own.serializer, isFinal: named.isFinal,
            tracksReferences: named.tracksReferences, usesDefaultSerializer: true)
        chosenForType.withLock { $0[key] = made }
        return made
    }

    @usableFromInline
    func dynamicRegistration(of value: Any) -> Registration? {
        if let object = value as? DynamicObject { return byName[object.javaClass] }
        if let constant = value as? DynamicEnum {
            if !enumBodies.isEmpty, let bodies = enumBodies[constant.javaClass],
                bodies.indices.contains(constant.ordinal),
                let body = bodies[constant.ordinal]
            {
                return body
            }
            return byName[constant.javaClass]
        }
        return nil
    }

    /// Whether values in a slot of this declared type carry no class tag.
    public func isFinal(_ declared: DeclaredType) -> Bool {
        finality(of: declared).isFinal
    }

    private func arrayRegistration(forJavaName name: String) -> Registration? {
        // Each `[` nests a Swift type: at most as deep as Java's arrays go.
        if JavaType.exceedsArrayDimensions(name) { return nil }
        let component = name.dropFirst()
        var elementType: (any Any.Type)?
        if component.hasPrefix("[") {
            elementType = registration(forJavaName: String(component))?.swiftType
        } else if component.hasPrefix("L"), component.hasSuffix(";"), component.count > 2 {
            let className = String(component.dropFirst().dropLast())
            elementType = className == "java.lang.Object" ? Any.self : registration(forJavaName: className)?.swiftType
        }
        guard let elementType else { return nil }
        return Registry.objectArrayRegistration(elementType)
    }

    private static func objectArrayRegistration<Element>(_: Element.Type) -> Registration? {
        Registration.defaultFor(JavaArray<Element>.self)
    }

    /// Java Kryo 2.20's default registrations, ids 0–8, plus Swift `Int` as a `long`.
    static let javaDefaults: [Registration] = [
        defaultRegistration(Int32.self, id: 0),
        defaultRegistration(String.self, id: 1),
        defaultRegistration(Float.self, id: 2),
        defaultRegistration(Bool.self, id: 3),
        defaultRegistration(Int8.self, id: 4),
        defaultRegistration(UInt16.self, id: 5),
        defaultRegistration(Int16.self, id: 6),
        defaultRegistration(Int64.self, id: 7),
        defaultRegistration(Double.self, id: 8),
        defaultRegistration(Int.self, id: 7),
    ]

    private static func defaultRegistration<T: JavaRepresentable>(_ type: T.Type, id: Int) -> Registration {
        Registration(
            swiftType: type, id: id, javaName: T.javaClassName, serializer: T.defaultSerializer,
            isFinal: T.isJavaFinal, tracksReferences: T.isReferenceTracked)
    }

    /// Java names that decode to a library type when nothing is registered under them.
    static let defaultNames: [String: any Any.Type] = [
        "java.util.ArrayList": [Any?].self,
        "java.util.LinkedList": JavaLinkedList<Any?>.self,
        "java.util.HashMap": [AnyHashable: Any?].self,
        "java.util.HashSet": Set<AnyHashable>.self,
        "java.util.Date": Date.self,
        "java.lang.StringBuilder": JavaStringBuilder.self,
        "java.lang.StringBuffer": JavaStringBuffer.self,
        "java.util.Currency": Locale.Currency.self,
        "sun.util.calendar.ZoneInfo": TimeZone.self,
        "java.util.SimpleTimeZone": TimeZone.self,
        "java.util.TimeZone": TimeZone.self,
        "java.math.BigInteger": JavaBigInteger.self,
        "java.math.BigDecimal": JavaBigDecimal.self,
        "java.util.GregorianCalendar": JavaCalendar.self,
        // JDK collections (Sources/KryoCore/Serializers/LinkedCollections.swift, SortedCollections.swift).
        "java.util.LinkedHashMap": OrderedDictionary<AnyHashable, Any?>.self,
        "java.util.LinkedHashSet": OrderedSet<AnyHashable>.self,
        "java.util.TreeMap": JavaTreeMap<AnyHashable, Any?>.self,
        "java.util.TreeSet": JavaTreeSet<AnyHashable>.self,
        "java.util.Collections$ReverseComparator": JavaReverseComparator.self,
        "java.lang.Class": JavaClass.self,
        // Charsets (Kryo 4 and 5), by the JDK's classes of the standard ones; any other
        // `sun.nio.cs` class reads as a charset too.
        "sun.nio.cs.UTF_8": JavaCharset.self,
        "sun.nio.cs.ISO_8859_1": JavaCharset.self,
        "sun.nio.cs.US_ASCII": JavaCharset.self,
        "sun.nio.cs.UTF_16": JavaCharset.self,
        "sun.nio.cs.UTF_16BE": JavaCharset.self,
        "sun.nio.cs.UTF_16LE": JavaCharset.self,
        "sun.nio.cs.UTF_32": JavaCharset.self,
        // Java 9+'s immutable List.of, Set.of and Map.of (Kryo 5).
        "java.util.ImmutableCollections$List12": JavaImmutableList<Any?>.self,
        "java.util.ImmutableCollections$ListN": JavaImmutableList<Any?>.self,
        "java.util.ImmutableCollections$Set12": JavaImmutableSet<AnyHashable>.self,
        "java.util.ImmutableCollections$SetN": JavaImmutableSet<AnyHashable>.self,
        "java.util.ImmutableCollections$Map1": JavaImmutableMap<AnyHashable, Any?>.self,
        "java.util.ImmutableCollections$MapN": JavaImmutableMap<AnyHashable, Any?>.self,
        // Kryo 4 and 5 default serializers, and JDK classes Java writes with FieldSerializer
        // (JavaTime.swift, JavaOptional.swift, LocaleSerializer.swift, URLAndURISerializers.swift,
        // KryoFiveJDKCollections.swift).
        "java.util.Locale": Locale.self,
        "java.net.URL": URL.self,
        "java.net.URI": JavaURI.self,
        "java.util.UUID": UUID.self,
        "java.util.Optional": JavaOptional<Any>.self,
        "java.util.OptionalInt": JavaOptionalInt.self,
        "java.util.OptionalLong": JavaOptionalLong.self,
        "java.util.OptionalDouble": JavaOptionalDouble.self,
        "java.time.Instant": JavaInstant.self,
        "java.time.Duration": Duration.self,
        "java.time.LocalDate": JavaLocalDate.self,
        "java.time.LocalTime": JavaLocalTime.self,
        "java.time.LocalDateTime": JavaLocalDateTime.self,
        "java.time.OffsetTime": JavaOffsetTime.self,
        "java.time.OffsetDateTime": JavaOffsetDateTime.self,
        "java.time.ZonedDateTime": JavaZonedDateTime.self,
        "java.time.ZoneOffset": JavaZoneOffset.self,
        "java.time.ZoneRegion": JavaZoneRegion.self,
        "java.time.Year": JavaYear.self,
        "java.time.YearMonth": JavaYearMonth.self,
        "java.time.MonthDay": JavaMonthDay.self,
        "java.time.Period": JavaPeriod.self,
        "java.util.BitSet": JavaBitSet.self,
        "java.util.PriorityQueue": JavaPriorityQueue<Any?>.self,
        "java.util.concurrent.ConcurrentSkipListMap": JavaConcurrentSkipListMap<AnyHashable, Any?>.self,
        "java.util.Arrays$ArrayList": JavaArraysAsList<Any?>.self,
        // The other JDK collections and maps Kryo writes with its CollectionSerializer and
        // MapSerializer (JavaNamedCollections.swift).
        "java.util.Vector": JavaCollection<Any?>.self,
        "java.util.Stack": JavaCollection<Any?>.self,
        "java.util.ArrayDeque": JavaCollection<Any?>.self,
        "java.util.concurrent.CopyOnWriteArrayList": JavaCollection<Any?>.self,
        "java.util.concurrent.CopyOnWriteArraySet": JavaCollection<Any?>.self,
        "java.util.concurrent.ConcurrentLinkedQueue": JavaCollection<Any?>.self,
        "java.util.concurrent.ConcurrentLinkedDeque": JavaCollection<Any?>.self,
        "java.util.concurrent.LinkedBlockingQueue": JavaCollection<Any?>.self,
        "java.util.concurrent.LinkedBlockingDeque": JavaCollection<Any?>.self,
        "java.util.concurrent.LinkedTransferQueue": JavaCollection<Any?>.self,
        "java.util.concurrent.PriorityBlockingQueue": JavaCollection<Any?>.self,
        "java.util.concurrent.ConcurrentSkipListSet": JavaCollection<Any?>.self,
        "java.util.Hashtable": JavaMap<AnyHashable, Any?>.self,
        "java.util.Properties": JavaMap<AnyHashable, Any?>.self,
        "java.util.IdentityHashMap": JavaMap<AnyHashable, Any?>.self,
        "java.util.WeakHashMap": JavaMap<AnyHashable, Any?>.self,
        "java.util.concurrent.ConcurrentHashMap": JavaMap<AnyHashable, Any?>.self,
        "java.util.EnumMap": JavaMap<AnyHashable, Any?>.self,
        "java.sql.Date": JavaDateSubclass.self,
        "java.sql.Time": JavaDateSubclass.self,
        "java.sql.Timestamp": JavaDateSubclass.self,
        "[B": Data.self,
        "[Z": [Bool].self,
        "[S": [Int16].self,
        "[C": [UInt16].self,
        "[I": [Int32].self,
        "[J": [Int64].self,
        "[F": [Float].self,
        "[D": [Double].self,
        "java.lang.Integer": Int32.self,
        "java.lang.Long": Int64.self,
        "java.lang.Short": Int16.self,
        "java.lang.Byte": Int8.self,
        "java.lang.Character": UInt16.self,
        "java.lang.Boolean": Bool.self,
        "java.lang.Float": Float.self,
        "java.lang.Double": Double.self,
    ]
}

extension Registry {
    /// Whether the registration of the Java class `name` reads as `type`, worked out once and
    /// kept in `flag` (the answer never changes: a registry is immutable).
    func remembered(_ flag: borrowing Atomic<UInt8>, javaName name: String, readsAs type: any Any.Type) -> Bool {
        switch flag.load(ordering: .relaxed) {
        case 1: return false
        case 2: return true
        default:
            let answer = registration(forJavaName: name)?.swiftType == type
            flag.store(answer ? 2 : 1, ordering: .relaxed)
            return answer
        }
    }
}

/// A fixed set of object identifiers, looked up by one multiplication and a compare or two:
/// open addressing with linear probing on the address, at most a quarter of the slots full,
/// where a `Set` hashes each identifier with SipHash (a writer that requires registration asks
/// about every object it writes).
private struct IdentifierSet: Sendable {
    /// The addresses, each in its slot or after it; 0 for an empty slot (no object is at 0).
    private let keys: [UInt]

    init(_ identifiers: Set<ObjectIdentifier>) {
        var count = 8
        while count < identifiers.count * 4 { count *= 2 }
        var keys = [UInt](repeating: 0, count: count)
        for identifier in identifiers {
            let key = UInt(bitPattern: identifier)
            var index = IdentifierSet.slot(of: key, mask: count - 1)
            while keys[index] != 0 { index = (index + 1) & (count - 1) }
            keys[index] = key
        }
        self.keys = keys
    }

    @inline(__always)
    private static func slot(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 32) & mask
    }

    func contains(_ identifier: ObjectIdentifier) -> Bool {
        let key = UInt(bitPattern: identifier)
        let mask = keys.count - 1
        var index = IdentifierSet.slot(of: key, mask: mask)
        while true {
            let stored = keys[index]
            if stored == key { return true }
            if stored == 0 { return false }
            index = (index + 1) & mask
        }
    }
}
