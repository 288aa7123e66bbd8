/// A Java primitive type.
public enum JavaPrimitiveType: String, Sendable, Hashable, CaseIterable {
    /// `boolean`, Swift's `Bool`.
    case boolean
    /// `byte`, Swift's `Int8`.
    case byte
    /// `char`, one UTF-16 code unit: Swift's `UInt16`.
    case char
    /// `short`, Swift's `Int16`.
    case short
    /// `int`, Swift's `Int32`.
    case int
    /// `long`, Swift's `Int64` (and `Int`).
    case long
    /// `float`, Swift's `Float`.
    case float
    /// `double`, Swift's `Double`.
    case double

    /// The wrapper class (`java.lang.Integer` for `int`).
    public var wrapperName: String {
        switch self {
        case .boolean: "java.lang.Boolean"
        case .byte: "java.lang.Byte"
        case .char: "java.lang.Character"
        case .short: "java.lang.Short"
        case .int: "java.lang.Integer"
        case .long: "java.lang.Long"
        case .float: "java.lang.Float"
        case .double: "java.lang.Double"
        }
    }

    /// The letter of the type in a Java array descriptor (`I` in `[I`).
    public var descriptor: String {
        switch self {
        case .boolean: "Z"
        case .byte: "B"
        case .char: "C"
        case .short: "S"
        case .int: "I"
        case .long: "J"
        case .float: "F"
        case .double: "D"
        }
    }

    /// The primitive whose wrapper class is `name`.
    public init?(wrapperName name: String) {
        guard let found = JavaPrimitiveType.allCases.first(where: { $0.wrapperName == name }) else { return nil }
        self = found
    }
}

/// A Java type as a schema declares it: a primitive, an array, or a class with its generic
/// arguments. Class names are binary names (`java.util.List`, `a.Outer$Inner`).
///
/// Parse the form people write — `int`, `String`, `List<SampleBean>`, `Map<Integer, String>`,
/// `long[][]` — with `init(parsing:resolvingName:)`.
public indirect enum JavaType: Sendable, Hashable {
    /// A primitive (`int`).
    case primitive(JavaPrimitiveType)
    /// An array of a component type (`int[]`, `String[][]`).
    case array(JavaType)
    /// A class or interface with its generic arguments (`java.util.List<java.lang.String>`).
    case object(String, arguments: [JavaType])
    /// A type parameter of the class that declares the field (`T` in `Generic<T> { T item; }`,
    /// see ``JavaClassSchema/typeParameters``); its erasure is `java.lang.Object`.
    case typeVariable(String)

    /// `java.lang.Object`.
    public static let anyObject = JavaType.object("java.lang.Object", arguments: [])
    /// `java.lang.String`.
    public static let string = JavaType.object("java.lang.String", arguments: [])

    /// The most dimensions a Java array type has (the JVM's limit, JVMS §4.3.2): a class name
    /// that starts with more `[` names no class, and decoders refuse it instead of nesting a
    /// Swift type that deep.
    public static let maximumArrayDimensions = 255

    /// Whether `name` is an array descriptor of more than ``maximumArrayDimensions`` dimensions.
    public static func exceedsArrayDimensions(_ name: some StringProtocol) -> Bool {
        name.utf8.prefix(maximumArrayDimensions + 1).allSatisfy { $0 == UInt8(ascii: "[") }
            && name.utf8.count > maximumArrayDimensions
    }

    /// A class without generic arguments.
    public static func named(_ name: String) -> JavaType { .object(name, arguments: []) }

    /// The class name for ``object(_:arguments:)``, the descriptor name for arrays (`[I`,
    /// `[Ljava.lang.String;`, as Java's `Class.getName()` gives), the keyword for primitives.
    public var className: String {
        switch self {
        case .primitive(let primitive): primitive.rawValue
        case .object(let name, _): name
        case .typeVariable: JavaType.anyObject.className
        case .array(let component):
            switch component {
            case .primitive(let primitive): "[" + primitive.descriptor
            case .array: "[" + component.className
            case .object, .typeVariable: "[L" + component.className + ";"
            }
        }
    }

    /// The generic arguments (empty for primitives and arrays).
    public var arguments: [JavaType] {
        if case .object(_, let arguments) = self { return arguments }
        return []
    }

    /// Whether this is a primitive type.
    public var isPrimitive: Bool {
        if case .primitive = self { return true }
        return false
    }

    /// The type in Java source form with full class names: `java.util.List<java.lang.String>`,
    /// `int[]`.
    public var sourceName: String {
        switch self {
        case .primitive(let primitive): return primitive.rawValue
        case .typeVariable(let name): return name
        case .array(let component): return component.sourceName + "[]"
        case .object(let name, let arguments):
            guard !arguments.isEmpty else { return name }
            return name + "<" + arguments.map(\.sourceName).joined(separator: ", ") + ">"
        }
    }

    /// The type in the short form schema files use: `java.lang` and the common `java.util`
    /// classes without their package.
    public var shortName: String {
        switch self {
        case .primitive(let primitive): return primitive.rawValue
        case .typeVariable(let name): return name
        case .array(let component): return component.shortName + "[]"
        case .object(let name, let arguments):
            let short = JavaType.shortNames[name] ?? name
            guard !arguments.isEmpty else { return short }
            return short + "<" + arguments.map(\.shortName).joined(separator: ", ") + ">"
        }
    }

    /// Classes a schema may name without their package.
    public static let wellKnownClasses: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "Object", "String", "Integer", "Long", "Short", "Byte", "Character", "Boolean", "Float", "Double",
            "StringBuilder", "StringBuffer", "Class", "Enum",
        ] {
            names[name] = "java.lang." + name
        }
        for name in [
            "List", "ArrayList", "LinkedList", "Collection", "Map", "HashMap", "LinkedHashMap", "TreeMap",
            "SortedMap", "Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet", "EnumSet", "Date", "Currency",
            "TimeZone", "Calendar", "GregorianCalendar",
        ] {
            names[name] = "java.util." + name
        }
        names["BigInteger"] = "java.math.BigInteger"
        names["BigDecimal"] = "java.math.BigDecimal"
        return names
    }()

    private static let shortNames: [String: String] = Dictionary(
        wellKnownClasses.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

    /// Parses a type as schema files write it.
    ///
    /// - Parameters:
    ///   - text: `int`, `String`, `java.util.List<SampleBean>`, `Map<Integer, String>`, `byte[]`…
    ///   - typeVariables: The type parameters in scope (a field of `Generic<T>`): these names,
    ///     written alone, are ``typeVariable(_:)``s, before any class of that name.
    ///   - resolvingName: Turns a class name without a package into a full name (a schema file
    ///     resolves it against its own classes and package); called after the well-known short
    ///     names (``wellKnownClasses``) have been tried. Names with a `.` are kept as written.
    /// - Throws: ``JavaTypeSyntaxError`` naming the column where the text stops making sense.
    public init(
        parsing text: String, typeVariables: Set<String> = [], resolvingName: (String) -> String = { $0 }
    ) throws(JavaTypeSyntaxError) {
        let parsed = withoutActuallyEscaping(resolvingName) { resolve in
            var parser = JavaTypeParser(text: Array(text.unicodeScalars), resolve: resolve)
            parser.typeVariables = typeVariables
            return Result { () throws(JavaTypeSyntaxError) in try parser.parseWhole() }
        }
        self = try parsed.get()
    }
}

extension JavaType: CustomStringConvertible {
    public var description: String { shortName }
}

/// A Java type that does not parse.
public struct JavaTypeSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that was parsed.
    public var text: String
    /// The 1-based column (in Unicode scalars) where the problem is.
    public var column: Int
    /// What was expected there.
    public var expected: String

    /// Creates an error.
    public init(text: String, column: Int, expected: String) {
        self.text = text
        self.column = column
        self.expected = expected
    }

    public var description: String {
        "bad Java type \"\(text)\": expected \(expected) at column \(column)"
    }
}

/// A recursive-descent parser of `Name<Args>[]…`; nesting is bounded by ``maximumDepth``.
private struct JavaTypeParser {
    let text: [Unicode.Scalar]
    let resolve: (String) -> String
    var typeVariables: Set<String> = []
    var position = 0
    static let maximumDepth = 32

    init(text: [Unicode.Scalar], resolve: @escaping (String) -> String) {
        self.text = text
        self.resolve = resolve
    }

    mutating func parseWhole() throws(JavaTypeSyntaxError) -> JavaType {
        let type = try parseType(depth: 0)
        skipSpaces()
        guard position == text.count else { throw failure("the end of the type") }
        return type
    }

    private mutating func parseType(depth: Int) throws(JavaTypeSyntaxError) -> JavaType {
        guard depth < JavaTypeParser.maximumDepth else { throw failure("fewer nested generic arguments") }
        skipSpaces()
        let name = try parseName()
        var type: JavaType
        if let primitive = JavaPrimitiveType(rawValue: name) {
            type = .primitive(primitive)
        } else if typeVariables.contains(name) {
            skipSpaces()
            guard peek != "<" else { throw failure("no generic arguments after the type variable \(name)") }
            type = .typeVariable(name)
        } else {
            let full = name.contains(".") ? name : (JavaType.wellKnownClasses[name] ?? resolve(name))
            var arguments: [JavaType] = []
            skipSpaces()
            if peek == "<" {
                position += 1
                repeat {
                    arguments.append(try parseArgument(depth: depth + 1))
                    skipSpaces()
                    guard let next = peek, next == "," || next == ">" else { throw failure("\",\" or \">\"") }
                    position += 1
                    if next == ">" { break }
                } while true
            }
            type = .object(full, arguments: arguments)
        }
        var dimensions = 0
        while true {
            skipSpaces()
            guard peek == "[" else { break }
            // Java's own limit, checked before the type nests deeper than anything can use.
            guard dimensions < JavaType.maximumArrayDimensions else {
                throw failure("at most \(JavaType.maximumArrayDimensions) array dimensions (Java's limit)")
            }
            position += 1
            skipSpaces()
            guard peek == "]" else { throw failure("\"]\"") }
            position += 1
            dimensions += 1
            type = .array(type)
        }
        return type
    }

    /// A generic argument: a type, or a wildcard, which stands for its bound as Kryo 5 resolves
    /// one (`GenericsUtil.resolveType`): `? extends Payload` and `? super Integer` are `Payload` and
    /// `Integer`, `?` alone is `Object`.
    private mutating func parseArgument(depth: Int) throws(JavaTypeSyntaxError) -> JavaType {
        skipSpaces()
        guard peek == "?" else { return try parseType(depth: depth) }
        position += 1
        skipSpaces()
        if peek == "," || peek == ">" { return .anyObject }
        let keyword = try parseName()
        guard keyword == "extends" || keyword == "super" else { throw failure("\"extends\" or \"super\" after \"?\"") }
        return try parseType(depth: depth)
    }

    private mutating func parseName() throws(JavaTypeSyntaxError) -> String {
        let start = position
        while let scalar = peek,
            scalar == "." || JavaIdentifier.isStart(scalar) || (position > start && JavaIdentifier.isPart(scalar))
        {
            position += 1
        }
        guard position > start, text[position - 1] != "." else { throw failure("a type name") }
        return String(String.UnicodeScalarView(text[start..<position]))
    }

    private var peek: Unicode.Scalar? { position < text.count ? text[position] : nil }

    private mutating func skipSpaces() {
        while let scalar = peek, scalar == " " || scalar == "\t" { position += 1 }
    }

    private func failure(_ expected: String) -> JavaTypeSyntaxError {
        JavaTypeSyntaxError(
            text: String(String.UnicodeScalarView(text)), column: position + 1, expected: expected)
    }
}

extension JavaType {
    /// The type as Java erases it, the class a reflected field has: a type variable is its
    /// bound's class (`bounds`, by name), or `Object`, alone or as an array's component; inside
    /// generic arguments every type variable is `Object` (no Kryo release resolves an unresolved
    /// argument to its bound).
    package func erasingTypeVariables(bounds: [String: JavaType] = [:]) -> JavaType {
        switch self {
        case .primitive: self
        case .typeVariable(let name): Self.erasure(ofVariable: name, bounds: bounds)
        case .array(let component): .array(component.erasingTypeVariables(bounds: bounds))
        case .object(let name, let arguments): .object(name, arguments: arguments.map { $0.erasingTypeVariables() })
        }
    }

    /// The erasure of the type variable `name`: its bound's class (the bound of a bound that
    /// is itself a variable), or `Object`.
    package static func erasure(ofVariable name: String, bounds: [String: JavaType]) -> JavaType {
        var seen: Set<String> = [name]
        var current = bounds[name]
        while let bound = current {
            switch bound {
            case .typeVariable(let next):
                guard seen.insert(next).inserted else { return .anyObject }
                current = bounds[next]
            case .object(let className, _): return .object(className, arguments: [])
            case .array(let component): return .array(component.erasingTypeVariables(bounds: bounds))
            case .primitive: return .anyObject
            }
        }
        return .anyObject
    }
}
