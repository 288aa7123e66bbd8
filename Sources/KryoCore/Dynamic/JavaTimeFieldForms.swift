import OrderedCollections

/// The `java.time` values a plain Kryo 2.20 writes with `FieldSerializer` over the JDK's private
/// fields (it has no serializers of its own for them): a schema declares `java.time.Instant` with
/// `seconds` and `nanos`, `LocalDate` with `year`, `month` and `day`, `LocalTime` with `hour`,
/// `minute`, `second` and `nano`, `LocalDateTime` with `date` and `time`. A value the library
/// knows (a ``JavaLocalDate`` read from ISO text in a document) becomes an object of such a class.
package enum JavaTimeFieldForms {
    /// The library's type for the `java.time` class `javaClass`, when it has these fields in the JDK.
    package static func libraryType(of javaClass: String) -> (any Any.Type)? {
        switch javaClass {
        case "java.time.Instant": JavaInstant.self
        case "java.time.LocalDate": JavaLocalDate.self
        case "java.time.LocalTime": JavaLocalTime.self
        case "java.time.LocalDateTime": JavaLocalDateTime.self
        default: nil
        }
    }

    /// `value` as an object of the schema class `javaClass` declared with the JDK's private
    /// fields; `nil` when the class is not registered so (other fields, or not from a schema).
    package static func object(of value: Any, javaClass: String, registry: Registry) -> DynamicObject? {
        let fields: OrderedDictionary<String, Any?>
        switch value {
        case let instant as JavaInstant:
            fields = ["seconds": instant.seconds, "nanos": instant.nanos]
        case let date as JavaLocalDate:
            guard let year = Int32(exactly: date.year) else { return nil }
            fields = ["year": year, "month": Int16(date.month), "day": Int16(date.day)]
        case let time as JavaLocalTime:
            fields = [
                "hour": Int8(time.hour), "minute": Int8(time.minute), "second": Int8(time.second),
                "nano": Int32(time.nanosecond),
            ]
        case let dateTime as JavaLocalDateTime:
            guard let date = object(of: dateTime.date, javaClass: "java.time.LocalDate", registry: registry),
                let time = object(of: dateTime.time, javaClass: "java.time.LocalTime", registry: registry)
            else { return nil }
            fields = ["date": date, "time": time]
        default:
            return nil
        }
        guard let registration = registry.registration(forJavaName: javaClass),
            registration.swiftType == DynamicObject.self,
            registration.serializer.fieldNames == Set(fields.keys)
        else { return nil }
        return DynamicObject(javaClass: javaClass, fields: fields)
    }
}
