import KryoCore

/// A Java type as generated Swift spells it.
struct MappedSwiftType {
    /// The Swift type (`[Int32: String]`, `Int32?` for a list element that is a wrapper).
    var text: String
    /// The Java type a Swift declaration of this type reports (``JavaType/init(swiftType:)``).
    var canonical: JavaType
    /// The Java class of the Swift type's values (`JavaArray<SampleBean>` is
    /// `[Ltest.SampleBean;`): what an array of it is an array of.
    var className: String
    /// Whether the Swift type is `Hashable` (set elements and map keys must be).
    var isHashable: Bool
    /// Whether the generated file needs `import Foundation`.
    var usesFoundation = false
    /// The value a non-optional field of the type starts with; `nil`: the field stays optional
    /// even when Java declares it `@NotNull`.
    var emptyValue: String?
    /// Whether the field must be optional in Swift whatever Java says (a wrapper: the
    /// non-optional Swift type is the primitive).
    var mustBeOptional = false
}

/// Where a Java type appears, which decides how Swift spells it.
enum TypePosition {
    /// A field.
    case field
    /// An element of a `List`: wrappers stay optional there, or the Swift array would be a Java
    /// primitive array.
    case listElement
    /// A map key, map value, set element or other generic argument.
    case argument
    /// The component of an object array.
    case arrayComponent
}

/// What generated Swift knows about the schema's own classes.
struct SchemaTypeNames {
    /// Java name → (Swift type name, whether it is an enum, the enum's first case).
    var classes: [String: (swiftName: String, isEnum: Bool, firstCase: String?)]
}

/// Maps Java types to Swift types, following Docs/TypeMapping.md.
struct SwiftTypeMapper {
    let names: SchemaTypeNames

    /// The Swift spelling of `type` at `position`; `context` names the field in errors.
    func map(_ type: JavaType, at position: TypePosition, context: String) throws(SwiftSchemaGenerationError)
        -> MappedSwiftType
    {
        switch type {
        case .primitive(let primitive):
            guard position == .field else {
                throw SwiftSchemaGenerationError(
                    "\(context): a primitive (\(primitive.rawValue)) cannot be a generic argument in Java")
            }
            let swift = SwiftTypeMapper.primitiveSwiftName(primitive)
            return MappedSwiftType(
                text: swift, canonical: type, className: primitive.rawValue, isHashable: true,
                emptyValue: primitive == .boolean ? "false" : "0")
        case .array(let component):
            return try mapArray(of: component, context: context)
        case .object(let name, let arguments):
            return try mapClass(name, arguments: arguments, at: position, context: context)
        case .typeVariable:
            // Swift declarations are of one class, not generic: a type variable is its erasure.
            return try mapClass(JavaType.anyObject.className, arguments: [], at: position, context: context)
        }
    }

    private func mapArray(of component: JavaType, context: String) throws(SwiftSchemaGenerationError)
        -> MappedSwiftType
    {
        if case .primitive(let primitive) = component {
            let className = "[" + primitive.descriptor
            if primitive == .byte {
                return MappedSwiftType(
                    text: "Data", canonical: .array(component), className: className, isHashable: true,
                    usesFoundation: true, emptyValue: "Data()")
            }
            return MappedSwiftType(
                text: "[\(SwiftTypeMapper.primitiveSwiftName(primitive))]", canonical: .array(component),
                className: className, isHashable: true, emptyValue: "[]")
        }
        let element = try map(component, at: .arrayComponent, context: context)
        let className = element.className.hasPrefix("[") ? "[" + element.className : "[L" + element.className + ";"
        return MappedSwiftType(
            text: "JavaArray<\(element.text)>", canonical: JavaType(className: className) ?? .array(component),
            className: className, isHashable: element.isHashable, usesFoundation: element.usesFoundation,
            emptyValue: "[]")
    }

    private func mapClass(
        _ name: String, arguments: [JavaType], at position: TypePosition, context: String
    ) throws(SwiftSchemaGenerationError) -> MappedSwiftType {
        if let primitive = JavaPrimitiveType(wrapperName: name) {
            let swift = SwiftTypeMapper.primitiveSwiftName(primitive)
            let optional = position == .field || position == .listElement
            return MappedSwiftType(
                text: optional ? swift + "?" : swift, canonical: .named(name), className: name, isHashable: true,
                mustBeOptional: true)
        }
        if let schemaClass = names.classes[name] {
            return MappedSwiftType(
                text: schemaClass.swiftName, canonical: .named(name), className: name, isHashable: schemaClass.isEnum,
                emptyValue: schemaClass.firstCase.map { "." + $0 })
        }
        func argument(_ index: Int, _ position: TypePosition) throws(SwiftSchemaGenerationError) -> MappedSwiftType {
            try map(index < arguments.count ? arguments[index] : .anyObject, at: position, context: context)
        }
        func hashable(_ mapped: MappedSwiftType, _ role: String) throws(SwiftSchemaGenerationError) -> MappedSwiftType {
            guard mapped.isHashable else {
                throw SwiftSchemaGenerationError(
                    "\(context): \(role) \(mapped.canonical.shortName) is not Hashable in Swift (\(mapped.text))")
            }
            return mapped
        }
        switch name {
        case "java.lang.Object":
            let text: String
            switch position {
            case .field, .listElement: text = "Any?"
            case .argument: text = "AnyHashable"
            case .arrayComponent: text = "Any"
            }
            return MappedSwiftType(
                text: text, canonical: .anyObject, className: name, isHashable: true, mustBeOptional: true)
        case "java.lang.String":
            return MappedSwiftType(
                text: "String", canonical: .string, className: name, isHashable: true, emptyValue: "\"\"")
        case "java.util.List", "java.util.ArrayList", "java.util.Collection":
            let element = try argument(0, .listElement)
            return MappedSwiftType(
                text: "[\(element.text)]", canonical: .object("java.util.List", arguments: [element.canonical]),
                className: "java.util.ArrayList", isHashable: element.isHashable && element.text != "Any?",
                usesFoundation: element.usesFoundation, emptyValue: "[]")
        case "java.util.LinkedList":
            let element = try argument(0, .listElement)
            return MappedSwiftType(
                text: "JavaLinkedList<\(element.text)>", canonical: .object(name, arguments: [element.canonical]),
                className: name, isHashable: false, usesFoundation: element.usesFoundation, emptyValue: "[]")
        case "java.util.Set", "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet",
            "java.util.SortedSet":
            let element = try hashable(try mapValueArgument(arguments.first, context: context), "set element")
            let (swift, declared, className) =
                switch name {
                case "java.util.LinkedHashSet": ("OrderedSet", name, name)
                case "java.util.TreeSet", "java.util.SortedSet":
                    ("JavaTreeSet", "java.util.TreeSet", "java.util.TreeSet")
                default: ("Set", "java.util.Set", "java.util.HashSet")
                }
            return MappedSwiftType(
                text: "\(swift)<\(element.text)>", canonical: .object(declared, arguments: [element.canonical]),
                className: className, isHashable: swift == "Set", usesFoundation: element.usesFoundation,
                emptyValue: "[]")
        case "java.util.Map", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap",
            "java.util.SortedMap":
            let key = try hashable(try mapValueArgument(arguments.first, context: context), "map key")
            let value = try mapValueArgument(arguments.count > 1 ? arguments[1] : nil, nilable: true, context: context)
            let swift: String
            let declared: String
            let className: String
            switch name {
            case "java.util.LinkedHashMap":
                (swift, declared, className) = ("OrderedDictionary<\(key.text), \(value.text)>", name, name)
            case "java.util.TreeMap", "java.util.SortedMap":
                (swift, declared, className) = (
                    "JavaTreeMap<\(key.text), \(value.text)>", "java.util.TreeMap", "java.util.TreeMap"
                )
            default:
                (swift, declared, className) = ("[\(key.text): \(value.text)]", "java.util.Map", "java.util.HashMap")
            }
            return MappedSwiftType(
                text: swift, canonical: .object(declared, arguments: [key.canonical, value.canonical]),
                className: className, isHashable: false,
                usesFoundation: key.usesFoundation || value.usesFoundation,
                emptyValue: className == "java.util.TreeMap" ? nil : "[:]")
        case "java.util.EnumSet":
            guard let elementType = arguments.first, case .object(let elementName, _) = elementType,
                let element = names.classes[elementName], element.isEnum
            else {
                throw SwiftSchemaGenerationError("\(context): an EnumSet needs an enum of the schema as its argument")
            }
            return MappedSwiftType(
                text: "JavaEnumSet<\(element.swiftName)>", canonical: .named(name),
                className: "java.util.RegularEnumSet",
                isHashable: false)
        default:
            guard let library = SwiftTypeMapper.libraryClasses[name] else {
                throw SwiftSchemaGenerationError(
                    "\(context): cannot map Java type \(JavaType.object(name, arguments: arguments).shortName)"
                        + " to Swift (neither a class of the schema nor a library class)")
            }
            return MappedSwiftType(
                text: library.swift,
                canonical: .named(JavaType.declaredClassNames[library.className] ?? library.className),
                className: library.className, isHashable: true, usesFoundation: library.usesFoundation)
        }
    }

    /// A generic argument that is not a list element: a missing one is `Object`.
    private func mapValueArgument(_ type: JavaType?, nilable: Bool = false, context: String)
        throws(SwiftSchemaGenerationError) -> MappedSwiftType
    {
        let type = type ?? .anyObject
        // An `Object` map value is `Any?`; keys and set elements need `AnyHashable`.
        return try map(type, at: nilable && type == .anyObject ? .listElement : .argument, context: context)
    }

    /// The Swift type of a Java primitive.
    static func primitiveSwiftName(_ primitive: JavaPrimitiveType) -> String {
        switch primitive {
        case .boolean: "Bool"
        case .byte: "Int8"
        case .char: "UInt16"
        case .short: "Int16"
        case .int: "Int32"
        case .long: "Int64"
        case .float: "Float"
        case .double: "Double"
        }
    }

    /// JDK classes with a Swift type of their own (besides collections and wrappers).
    static let libraryClasses: [String: (swift: String, className: String, usesFoundation: Bool)] = [
        "java.util.Date": ("Date", "java.util.Date", true),
        "java.math.BigInteger": ("JavaBigInteger", "java.math.BigInteger", false),
        "java.math.BigDecimal": ("Decimal", "java.math.BigDecimal", true),
        "java.util.Currency": ("Locale.Currency", "java.util.Currency", true),
        "java.util.TimeZone": ("TimeZone", "sun.util.calendar.ZoneInfo", true),
        "sun.util.calendar.ZoneInfo": ("TimeZone", "sun.util.calendar.ZoneInfo", true),
        "java.util.Calendar": ("JavaCalendar", "java.util.GregorianCalendar", false),
        "java.util.GregorianCalendar": ("JavaCalendar", "java.util.GregorianCalendar", false),
        "java.lang.StringBuilder": ("JavaStringBuilder", "java.lang.StringBuilder", false),
        "java.lang.StringBuffer": ("JavaStringBuffer", "java.lang.StringBuffer", false),
        "java.lang.Class": ("JavaClass", "java.lang.Class", false),
    ]
}
