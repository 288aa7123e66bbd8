/// The JDK abstract classes and interfaces a field may declare that no Swift type stands for
/// (`java.lang.Number`, `java.time.ZoneId`, `java.lang.CharSequence`…): which values a slot of one
/// holds, by their Java class. A value of another class is an error, where Java would refuse it
/// (Kryo 2.20: `Can not set java.lang.Number field … to java.lang.String`) or store it in a field
/// that cannot hold it (Kryo 5's unsafe field access, on which the JVM later crashes).
enum JDKAbstractClasses {
    /// Whether a value of the Java class `valueClass` may be in a slot of `abstractClass`; `nil`
    /// where the library cannot tell (`Comparable`, `Serializable`: almost anything is one).
    static func admits(_ abstractClass: String, valueClass: String, isEnumConstant: Bool) -> Bool? {
        switch abstractClass {
        case "java.lang.Number": return numbers.contains(valueClass)
        case "java.lang.CharSequence": return characterSequences.contains(valueClass)
        case "java.lang.Enum": return isEnumConstant
        case "java.time.ZoneId": return valueClass == "java.time.ZoneRegion" || valueClass == "java.time.ZoneOffset"
        case "java.time.temporal.TemporalAmount":
            return valueClass == "java.time.Duration" || valueClass == "java.time.Period"
        case "java.time.temporal.Temporal", "java.time.temporal.TemporalAccessor":
            return valueClass.hasPrefix("java.time.") && !notTemporal.contains(valueClass)
        case "java.time.chrono.ChronoLocalDate":
            return valueClass == "java.time.LocalDate" || valueClass.hasPrefix("java.time.chrono.")
        case "java.time.chrono.ChronoLocalDateTime": return valueClass == "java.time.LocalDateTime"
        case "java.time.chrono.ChronoZonedDateTime": return valueClass == "java.time.ZonedDateTime"
        default: return nil
        }
    }

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
