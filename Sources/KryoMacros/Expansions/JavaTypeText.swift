/// A Java type written as text (`ArrayList<String>`, `int[]`, `java.util.Map<Integer, String>`),
/// parsed at compile time into the `JavaType` expression the expansion passes to the schema.
/// Short names of `java.lang`, `java.util` and `java.math` classes are resolved as schema files
/// resolve them; other names are kept as written.
struct JavaTypeText {
    indirect enum Parsed: Equatable {
        case primitive(String)
        case array(Parsed)
        case object(String, [Parsed])

        /// The Swift expression of type `JavaType` for the parsed type.
        var expression: String {
            switch self {
            case .primitive(let name): return ".primitive(.\(name))"
            case .array(let component): return ".array(\(component.expression))"
            case .object(let name, let arguments):
                if arguments.isEmpty { return ".named(\(quoted(name)))" }
                return ".object(\(quoted(name)), arguments: [\(arguments.map(\.expression).joined(separator: ", "))])"
            }
        }
    }

    /// Why a text is not a Java type: what was expected at which 1-based column.
    struct Failure: Error, Equatable {
        var column: Int
        var expected: String
    }

    static let primitives: Set<String> = ["boolean", "byte", "char", "short", "int", "long", "float", "double"]

    /// The classes a type may name without their package (as `JavaType.wellKnownClasses`).
    static let wellKnownClasses: [String: String] = {
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

    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses the whole text.
    static func parse(_ text: String) -> Result<Parsed, Failure> {
        var parser = JavaTypeText(text)
        do throws(Failure) {
            let type = try parser.parseType()
            parser.skipSpaces()
            if parser.index < parser.scalars.count { throw parser.failure("the end of the type") }
            return .success(type)
        } catch {
            return .failure(error)
        }
    }

    /// Whether `text` is a Java binary class name (`shop.Library`, `a.Outer$Inner`).
    static func isClassName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !text.isEmpty
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, isIdentifierStart(first) else { return false }
                return part.unicodeScalars.allSatisfy(isIdentifierPart)
            }
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.numericType != nil
    }

    private func failure(_ expected: String) -> Failure { Failure(column: index + 1, expected: expected) }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " { index += 1 }
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    private mutating func parseType() throws(Failure) -> Parsed {
        skipSpaces()
        let start = index
        while index < scalars.count,
            Self.isIdentifierPart(scalars[index]) || (scalars[index] == "." && index > start)
        {
            index += 1
        }
        let name = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let first = name.unicodeScalars.first, Self.isIdentifierStart(first), Self.isClassName(name) else {
            index = start
            throw failure("a type name")
        }
        var type: Parsed
        if Self.primitives.contains(name) {
            type = .primitive(name)
        } else {
            let resolved = name.contains(".") ? name : (Self.wellKnownClasses[name] ?? name)
            var arguments: [Parsed] = []
            if take("<") {
                repeat {
                    let argument = try parseType()
                    if case .primitive = argument { throw failure("a class type (generic arguments are classes)") }
                    arguments.append(argument)
                } while take(",")
                guard take(">") else { throw failure("',' or '>'") }
            }
            type = .object(resolved, arguments)
        }
        while take("[") {
            guard take("]") else { throw failure("']'") }
            type = .array(type)
        }
        return type
    }
}

/// A Swift string literal for `text`.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
