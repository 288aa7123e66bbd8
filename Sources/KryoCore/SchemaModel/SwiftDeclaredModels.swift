// How Swift declarations describe themselves with the schema model: the Java type a Swift type
// stands for, a `Field`'s and a `Schema`'s model, a `JavaEnum`'s constants.

extension JavaType {
    /// The Java type a field declares when Swift gives it the type `swiftType`.
    ///
    /// Optionals are unwrapped (a Swift `Int32?` is a `java.lang.Integer`); `Any`, `AnyObject`,
    /// `AnyHashable`, protocols and types without a Java class (``JavaRepresentable``) are
    /// `java.lang.Object`; arrays are ``array(_:)`` of their component (`[Int32]` is `int[]`,
    /// `JavaArray<String>` `String[]`); generic arguments come from the Swift type's
    /// (``JavaGenericContainer``). Where a Swift type is written as a concrete Java class that
    /// Java fields usually declare by an interface or abstract class, the field is given that
    /// type instead (``declaredClassNames``): `[String]` is a `java.util.List<java.lang.String>`,
    /// `[Int32: String]` a `java.util.Map<java.lang.Integer, java.lang.String>`.
    ///
    /// A field whose Java declaration differs says so with ``JavaFieldOptions/javaType``.
    public init(swiftType: any Any.Type) {
        var base: any Any.Type = swiftType
        while let optional = base as? any OptionalProtocol.Type { base = optional.wrappedType }
        guard base != Any.self, base != AnyObject.self, base != AnyHashable.self,
            let representable = base as? any JavaRepresentable.Type
        else {
            self = .anyObject
            return
        }
        let name = representable.javaClassName
        if name.hasPrefix("[") {
            self = JavaType(className: name) ?? .anyObject
            return
        }
        let arguments = (base as? any JavaGenericContainer.Type)?.javaGenericArgumentTypes ?? []
        self = .object(
            JavaType.declaredClassNames[name] ?? name, arguments: arguments.map { JavaType(swiftType: $0) })
    }

    /// The declared type ``init(swiftType:)`` gives a field whose values Swift writes as the key's
    /// class: `java.util.ArrayList` → `java.util.List`, `java.util.HashMap` → `java.util.Map`,
    /// `java.util.HashSet` → `java.util.Set`, `java.util.RegularEnumSet` and `JumboEnumSet` →
    /// `java.util.EnumSet`, `sun.util.calendar.ZoneInfo` → `java.util.TimeZone`,
    /// `java.util.GregorianCalendar` → `java.util.Calendar`. None of these is final, so the bytes do
    /// not depend on the choice.
    public static let declaredClassNames: [String: String] = [
        "java.util.ArrayList": "java.util.List",
        "java.util.HashMap": "java.util.Map",
        "java.util.HashSet": "java.util.Set",
        "java.util.RegularEnumSet": "java.util.EnumSet",
        "java.util.JumboEnumSet": "java.util.EnumSet",
        "sun.util.calendar.ZoneInfo": "java.util.TimeZone",
        "java.util.GregorianCalendar": "java.util.Calendar",
    ]

    /// The type a Java class name stands for: the inverse of ``className`` (`[I` is `int[]`,
    /// `[Ljava.lang.String;` is `String[]`, `int` is the primitive, any other name a class
    /// without generic arguments); `nil` for a malformed array descriptor.
    public init?(className: String) {
        guard className.hasPrefix("[") else {
            self = JavaPrimitiveType(rawValue: className).map(JavaType.primitive) ?? .named(className)
            return
        }
        if JavaType.exceedsArrayDimensions(className) { return nil }
        let component = String(className.dropFirst())
        if component.hasPrefix("[") {
            guard let inner = JavaType(className: component) else { return nil }
            self = .array(inner)
        } else if component.hasPrefix("L"), component.hasSuffix(";"), component.count > 2 {
            self = .array(.named(String(component.dropFirst().dropLast())))
        } else if let primitive = JavaPrimitiveType.allCases.first(where: { $0.descriptor == component }) {
            self = .array(.primitive(primitive))
        } else {
            return nil
        }
    }
}

extension JavaPrimitiveType {
    /// The primitive a Swift ``JavaPrimitive`` type is when it is not optional (`Int32` is `int`,
    /// `Int` and `Int64` are `long`).
    public init(swiftType: any JavaPrimitive.Type) {
        let descriptor = swiftType.javaArrayDescriptor
        self = JavaPrimitiveType.allCases.first { $0.descriptor == descriptor } ?? .long
    }
}

extension Field {
    /// The field as the schema model describes it: its name, declared Java type (a primitive for
    /// primitive fields, else ``JavaFieldOptions/javaType`` or the type
    /// ``JavaType/init(swiftType:)`` gives), the Java facts declared with `java:`, its tag and its version.
    public var model: JavaFieldSchema {
        let type: JavaType
        if let primitiveType {
            type = .primitive(JavaPrimitiveType(swiftType: primitiveType))
        } else {
            type = javaOptions.javaType ?? JavaType(swiftType: declaredType?.swiftType ?? Any.self)
        }
        var model = JavaFieldSchema(
            name: name, type: type, isNullable: javaOptions.isNullable, tag: tag, isDeprecated: isDeprecated,
            since: since, isPublicField: javaOptions.isPublicField, isFinal: javaOptions.isFinal)
        model.isAnnexed = isAnnexed
        return model
    }
}

extension Schema {
    /// The schema as the model that schema files load into: the Java name, final-ness, the
    /// serializer kind and each field's ``Field/model``, in the order the schema declares them
    /// (``JavaClassSchema/fieldsInJavaOrder`` gives the order of the bytes).
    ///
    /// A schema has no registration id, readable name or archive class name: those belong to a
    /// registration, so the model leaves them `nil`.
    public var model: JavaClassSchema {
        JavaClassSchema(javaName: javaName, isFinal: isFinal, layout: .fields(kind, declaredFields.map(\.model)))
    }
}

extension Schematized {
    /// The type's schema model (``Schema/model``).
    public static var schemaModel: JavaClassSchema { schema.model }
}

extension JavaEnum {
    /// The Java constant names by default: each case's name as Swift prints it, in Java's
    /// constant style — lowerCamel words become upper-case words joined by `_` (`first` →
    /// `FIRST`, `darkRed` → `DARK_RED`, `httpURL` → `HTTP_URL`).
    ///
    /// Declare `static let javaConstantNames` when the Java names follow another style, or when
    /// the type prints its cases otherwise (a custom `description`).
    public static var javaConstantNames: [String] {
        allCases.map { javaConstantName(forCaseName: String(describing: $0)) }
    }

    /// The enum as the schema model describes it: its Java name and ``javaConstantNames`` in
    /// ordinal order. Enums are final whatever ``JavaClassSchema/isFinal`` says; the model leaves
    /// it `false`, as a schema file that does not mention it does.
    public static var schemaModel: JavaClassSchema {
        JavaClassSchema(javaName: javaClassName, layout: .enumeration(javaConstantNames))
    }

    /// `darkRed` → `DARK_RED` (``javaEnumConstantName(forCaseName:)``).
    static func javaConstantName(forCaseName name: String) -> String {
        javaEnumConstantName(forCaseName: name)
    }
}

/// `darkRed` → `DARK_RED`: a `_` before each upper-case letter that starts a word (after a
/// lower-case letter or digit, or before a lower-case letter in a run of capitals). What a
/// ``JavaEnum`` derives its constant names from by default (and the `@JavaEnum` macro at
/// compile time).
package func javaEnumConstantName(forCaseName name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
        if index > 0, character.isUppercase {
            let previous = characters[index - 1]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if previous.isLowercase || previous.isNumber
                || (previous.isUppercase && next.map { $0.isLowercase } == true)
            {
                result.append("_")
            }
        }
        result.append(contentsOf: character.uppercased())
    }
    return result
}
