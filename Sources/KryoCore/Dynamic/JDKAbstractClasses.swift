/// The JDK abstract classes and interfaces a field may declare that no Swift type stands for
/// (`java.lang.Number`, `java.time.ZoneId`, `java.lang.CharSequence`…): which values a slot of one
/// holds, by their Java class. A value of another class is an error, where Java would refuse it
/// (Kryo 2.20: `Can not set java.lang.Number field … to java.lang.String`) or store it in a field
/// that cannot hold it (Kryo 5's unsafe field access, on which the JVM later crashes).
package enum JDKAbstractClasses {
    /// Whether a value of the Java class `valueClass` may be in a slot of `abstractClass`; `nil`
    /// where the library cannot tell (`Comparable`, `Serializable`: almost anything is one).
    package static func admits(_ abstractClass: String, valueClass: String, isEnumConstant: Bool) -> Bool? {
        switch abstractClass {
        case "java.lang.Number": return numbers.contains(valueClass)
        case "java.lang.CharSequence": return characterSequences.contains(valueClass)
        case "java.lang.Enum": return isEnumConstant
        case "java.time.ZoneId": return valueClass == "java.time.ZoneRegion" || valueClass == "java.time.ZoneOffset"
        // The JDK's charsets are of its `sun.nio.cs` classes (a program's own may be any class).
        case "java.nio.charset.Charset": return valueClass.hasPrefix("sun.nio.cs.") ? true : nil
        case "java.time.temporal.TemporalAmount":
            return valueClass == "java.time.Duration" || valueClass == "java.time.Period"
        case "java.time.temporal.Temporal", "java.time.temporal.TemporalAccessor":
            return valueClass.hasPrefix("java.time.") && !notTemporal.contains(valueClass)
        case "java.time.chrono.ChronoLocalDate":
            return valueClass == "java.time.LocalDate" || valueClass.hasPrefix("java.time.chrono.")
        case "java.time.chrono.ChronoLocalDateTime": return valueClass == "java.time.LocalDateTime"
        case "java.time.chrono.ChronoZonedDateTime": return valueClass == "java.time.ZonedDateTime"
        default:
            // A collection or map interface: known JDK classes by what they implement; a class
            // the table does not list (a user's subclass) may be anything.
            guard collectionInterfaces.contains(abstractClass), let implemented = implementedInterfaces[valueClass]
            else { return nil }
            return implemented.contains(abstractClass)
        }
    }

    /// Whether a JDK collection or map object of `valueClass` may be in a slot of `slotClass`, an
    /// interface or a class: `false` only where both are JDK classes the table knows and Java
    /// would refuse (an `ArrayList` in a `HashSet` slot, a `HashMap` in a `TreeMap` one).
    package static func mayHold(_ slotClass: String, valueClass: String) -> Bool? {
        guard slotClass != valueClass, implementedInterfaces[valueClass] != nil else { return true }
        if collectionInterfaces.contains(slotClass) {
            return admits(slotClass, valueClass: valueClass, isEnumConstant: false)
        }
        guard implementedInterfaces[slotClass] != nil else { return nil }
        var superclass = jdkSuperclass[valueClass]
        while let name = superclass {
            if name == slotClass { return true }
            superclass = jdkSuperclass[name]
        }
        return false
    }

    /// The class a document's plain list or map becomes in a slot of the collection or map
    /// interface `name` that `ArrayList`, `HashSet` or `HashMap` does not implement: the class
    /// Java programs usually give it (`LinkedList` for a `Queue` or `Deque`, which holds null
    /// elements as `ArrayDeque` does not; `TreeSet` and `TreeMap` in their natural order).
    package static func documentImplementation(of name: String) -> String? {
        switch name {
        case "java.util.Queue", "java.util.Deque": "java.util.LinkedList"
        case "java.util.SortedSet", "java.util.NavigableSet": "java.util.TreeSet"
        case "java.util.SortedMap", "java.util.NavigableMap": "java.util.TreeMap"
        case "java.util.concurrent.ConcurrentMap": "java.util.concurrent.ConcurrentHashMap"
        case "java.util.concurrent.ConcurrentNavigableMap": "java.util.concurrent.ConcurrentSkipListMap"
        case "java.util.concurrent.BlockingQueue": "java.util.concurrent.LinkedBlockingQueue"
        case "java.util.concurrent.BlockingDeque": "java.util.concurrent.LinkedBlockingDeque"
        case "java.util.Dictionary": "java.util.Hashtable"
        default: nil
        }
    }

    /// The JDK collection classes of the table below that extend another of them.
    private static let jdkSuperclass: [String: String] = [
        "java.util.LinkedHashSet": "java.util.HashSet", "java.util.LinkedHashMap": "java.util.HashMap",
        "java.util.Stack": "java.util.Vector", "java.util.Properties": "java.util.Hashtable",
        "java.util.RegularEnumSet": "java.util.EnumSet", "java.util.JumboEnumSet": "java.util.EnumSet",
        "java.util.Collections$UnmodifiableRandomAccessList": "java.util.Collections$UnmodifiableList",
        "java.util.Collections$SynchronizedRandomAccessList": "java.util.Collections$SynchronizedList",
    ]

    /// Whether `name` is a JDK collection or map interface the table below answers for (the
    /// `Abstract…` classes are left out: the JDK's unmodifiable and immutable views do not
    /// extend them).
    static func isCollectionInterface(_ name: String) -> Bool { collectionInterfaces.contains(name) }

    /// Whether `name` is one of the map interfaces of ``isCollectionInterface(_:)``.
    static func isMapInterface(_ name: String) -> Bool { name.hasSuffix("Map") || name == "java.util.Dictionary" }

    private static let collectionInterfaces: Set<String> = [
        "java.lang.Iterable", "java.util.Collection", "java.util.List", "java.util.Set", "java.util.SortedSet",
        "java.util.NavigableSet", "java.util.Queue", "java.util.Deque", "java.util.concurrent.BlockingQueue",
        "java.util.concurrent.BlockingDeque", "java.util.Map", "java.util.SortedMap", "java.util.NavigableMap",
        "java.util.concurrent.ConcurrentMap", "java.util.concurrent.ConcurrentNavigableMap", "java.util.Dictionary",
    ]

    private static let list: Set<String> = ["java.lang.Iterable", "java.util.Collection", "java.util.List"]
    private static let set: Set<String> = ["java.lang.Iterable", "java.util.Collection", "java.util.Set"]
    private static let sortedSet = set.union(["java.util.SortedSet", "java.util.NavigableSet"])
    private static let queue: Set<String> = ["java.lang.Iterable", "java.util.Collection", "java.util.Queue"]
    private static let deque = queue.union(["java.util.Deque"])
    private static let map: Set<String> = ["java.util.Map"]
    private static let sortedMap = map.union(["java.util.SortedMap", "java.util.NavigableMap"])
    private static let concurrentMap = map.union(["java.util.concurrent.ConcurrentMap"])

    /// The collection and map interfaces of the JDK's own classes, by class.
    private static let implementedInterfaces: [String: Set<String>] = [
        "java.util.ArrayList": list, "java.util.LinkedList": list.union(deque), "java.util.Vector": list,
        "java.util.Stack": list, "java.util.concurrent.CopyOnWriteArrayList": list,
        "java.util.Arrays$ArrayList": list, "java.util.Collections$EmptyList": list,
        "java.util.Collections$SingletonList": list, "java.util.Collections$UnmodifiableList": list,
        "java.util.Collections$UnmodifiableRandomAccessList": list,
        "java.util.Collections$SynchronizedList": list, "java.util.Collections$SynchronizedRandomAccessList": list,
        "java.util.ImmutableCollections$ListN": list, "java.util.ImmutableCollections$List12": list,
        "java.util.HashSet": set, "java.util.LinkedHashSet": set, "java.util.TreeSet": sortedSet,
        "java.util.EnumSet": set, "java.util.RegularEnumSet": set, "java.util.JumboEnumSet": set,
        "java.util.concurrent.CopyOnWriteArraySet": set, "java.util.concurrent.ConcurrentSkipListSet": sortedSet,
        "java.util.Collections$EmptySet": set, "java.util.Collections$SingletonSet": set,
        "java.util.Collections$UnmodifiableSet": set, "java.util.ImmutableCollections$SetN": set,
        "java.util.ImmutableCollections$Set12": set,
        "java.util.ArrayDeque": deque, "java.util.PriorityQueue": queue,
        "java.util.concurrent.PriorityBlockingQueue": queue.union(["java.util.concurrent.BlockingQueue"]),
        "java.util.concurrent.ArrayBlockingQueue": queue.union(["java.util.concurrent.BlockingQueue"]),
        "java.util.concurrent.LinkedBlockingQueue": queue.union(["java.util.concurrent.BlockingQueue"]),
        "java.util.concurrent.LinkedBlockingDeque": deque.union([
            "java.util.concurrent.BlockingQueue", "java.util.concurrent.BlockingDeque",
        ]),
        "java.util.concurrent.ConcurrentLinkedQueue": queue, "java.util.concurrent.ConcurrentLinkedDeque": deque,
        "java.util.HashMap": map, "java.util.LinkedHashMap": map, "java.util.TreeMap": sortedMap,
        "java.util.IdentityHashMap": map, "java.util.WeakHashMap": map, "java.util.EnumMap": map,
        "java.util.Hashtable": ["java.util.Map", "java.util.Dictionary"],
        "java.util.Properties": ["java.util.Map", "java.util.Dictionary"],
        "java.util.concurrent.ConcurrentHashMap": concurrentMap,
        "java.util.concurrent.ConcurrentSkipListMap": sortedMap.union([
            "java.util.concurrent.ConcurrentMap", "java.util.concurrent.ConcurrentNavigableMap",
        ]),
        "java.util.Collections$EmptyMap": map, "java.util.Collections$SingletonMap": map,
        "java.util.Collections$UnmodifiableMap": ["java.util.Map"], "java.util.ImmutableCollections$MapN": map,
        "java.util.ImmutableCollections$Map1": map,
    ]

    private static let numbers: Set<String> = [
        "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Float",
        "java.lang.Double", "java.math.BigInteger", "java.math.BigDecimal", "java.util.concurrent.atomic.AtomicInteger",
        "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.LongAdder",
        "java.util.concurrent.atomic.DoubleAdder",
    ]
    private static let characterSequences: Set<String> = [
        "java.lang.String", "java.lang.StringBuilder", "java.lang.StringBuffer",
    ]
    /// The `java.time` classes that are not temporals.
    private static let notTemporal: Set<String> = ["java.time.Duration", "java.time.Period", "java.time.ZoneRegion"]
}
