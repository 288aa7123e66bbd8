import KryoCore

/// The second stage of loading: the classes of all files resolved together into a
/// ``SchemaSet`` — names, known classes, superclasses, ids and tags checked.
struct SchemaResolver {
    let files: [SchemaFileSyntax.File]

    /// The library's own classes, asked whether a name is one the library serializes.
    private static let library = try? Registry()

    /// Whether the library knows the Java class `name` without a schema.
    static func isLibraryClass(_ name: String) -> Bool {
        name == "java.lang.Object" || JDKAbstractClasses.isDeclarable(name) || JDKEnums.names.contains(name)
            || library?.registration(forJavaName: name) != nil
    }

    /// One class on its way to the model.
    private struct Entry {
        var syntax: SchemaFileSyntax.Class
        var javaName: String
        /// The class as a type (an array's component type names its element class).
        var type: JavaType
        var isArray: Bool { if case .array = type { true } else { false } }
        /// The class's own fields, resolved (superclass fields are added later).
        var ownFields: [JavaFieldSchema] = []
        var layout: JavaClassSchema.Layout = .library
        /// The JDK collection or map the class extends without fields (``JavaClassSchema/collectionSuperclass``).
        var collectionSuperclass: String?
        /// The schema classes it extends or implements (``JavaClassSchema/supertypes``).
        var supertypes: [String] = []
        /// The bounds of the class's type parameters, resolved.
        var bounds: [String: JavaType] = [:]
        var typeParameters: [String] { syntax.typeParameters?.value.map(\.value) ?? [] }
    }

    func resolve() throws(SchemaFileError) -> SchemaSet {
        let stated = try statedSettings()
        var entries: [Entry] = []
        var indexByName: [String: Int] = [:]
        var classByID: [Int: Int] = [:]
        for file in files {
            for syntax in file.classes {
                let type = try classType(syntax)
                let javaName = type.className
                if let first = indexByName[javaName] {
                    let other = entries[first].syntax
                    throw error(
                        syntax.file, syntax.name.position,
                        "class \(javaName) is declared twice (first at \(other.file):\(other.name.position.line))")
                }
                if let id = syntax.id {
                    if let other = classByID[id.value] {
                        throw error(
                            syntax.file, id.position,
                            "id \(id.value) is given to both \(entries[other].javaName) and \(javaName)")
                    }
                    classByID[id.value] = entries.count
                }
                indexByName[javaName] = entries.count
                entries.append(Entry(syntax: syntax, javaName: javaName, type: type))
            }
        }
        var simpleNames: [String: [String]] = [:]
        for entry in entries where !entry.isArray {
            let simple = entry.javaName.split(separator: ".").last.map(String.init) ?? entry.javaName
            simpleNames[simple, default: []].append(entry.javaName)
        }
        var typeParameterCounts: [String: Int] = [:]
        for entry in entries where !entry.typeParameters.isEmpty {
            typeParameterCounts[entry.javaName] = entry.typeParameters.count
        }
        let names = Names(
            declared: Set(indexByName.keys), simpleNames: simpleNames, typeParameterCounts: typeParameterCounts)
        let profiles = try resolveProfiles(stated: stated, names: names)

        for index in entries.indices {
            try resolveOwnLayout(&entries[index], names: names)
            // The declared classes it extends and implements (a JDK interface is no check of ours).
            let syntax = entries[index].syntax
            let variables = Set(entries[index].typeParameters)
            for written in (syntax.extends.map { [$0] } ?? []) + syntax.implements {
                let resolved: JavaType
                do {
                    resolved = try resolveType(written, in: syntax, names: names, typeVariables: variables)
                } catch {
                    // An interface of the JDK or of a library, which no schema declares, is
                    // written with its package or is one of java.lang's, java.io's and
                    // java.util's; any other name is a class of the schema, misspelt.
                    let base = String(written.value.prefix { $0 != "<" }).trimmingCharacters(in: .whitespaces)
                    if syntax.implements.contains(where: { $0.position == written.position }), !base.contains("."),
                        !Self.commonJDKInterfaces.contains(base)
                    {
                        throw self.error(
                            syntax.file, written.position,
                            "implements \(base), which no class of the schema declares: declare it "
                                + "({class: \(base), abstract: true, fields: {}}), or write a JDK or library "
                                + "interface with its package (java.io.Serializable)")
                    }
                    continue
                }
                guard case .object(let name, _) = resolved else { continue }
                if indexByName[name] != nil { entries[index].supertypes.append(name) }
            }
        }
        for index in entries.indices {
            guard case .fields(let kind, _) = entries[index].layout else { continue }
            let fields = try flattenedFields(index, entries: entries, indexByName: indexByName, names: names)
            try checkTags(entries[index], kind: kind, fields: fields)
            entries[index].layout = .fields(kind, fields)
        }
        let set = SchemaSet(
            classes: entries.map { entry in
                // Java records are final classes.
                let isRecord: Bool
                if case .fields(.record, _) = entry.layout { isRecord = true } else { isRecord = false }
                // An enum is final unless it says otherwise (constants with bodies).
                let isEnum: Bool
                if case .enumeration = entry.layout { isEnum = true } else { isEnum = false }
                var schema = JavaClassSchema(
                    javaName: entry.javaName, id: entry.syntax.id?.value,
                    isFinal: entry.syntax.isFinal ?? false || isRecord,
                    constantsHaveBodies: isEnum && (entry.syntax.isFinal == false || entry.syntax.bodies != nil),
                    constantsWithBodies: entry.syntax.bodies?.value.map(\.value) ?? [],
                    usesKryoSerializer: entry.syntax.kryoSerializer != nil,
                    layout: entry.layout, readableName: entry.syntax.readableName,
                    archiveName: entry.syntax.archiveName,
                    typeParameters: entry.typeParameters, typeParameterBounds: entry.bounds
                ).abstract(entry.syntax.isAbstract?.value ?? false)
                schema.collectionSuperclass = entry.collectionSuperclass
                schema.usesTraversableSerializer = entry.syntax.traversableSerializer != nil
                schema.supertypes = entry.supertypes
                return schema
            },
            settings: settings(stated), profiles: profiles)
        // Everything the model can find wrong has been reported above with its position; this
        // catches whatever the model learns to check later, at the class it names.
        if let problem = set.problems.first {
            let entry = entries.filter { problem.contains($0.javaName) }.max { $0.javaName.count < $1.javaName.count }
            let syntax = entry?.syntax ?? entries.first?.syntax
            throw error(syntax?.file ?? files.first?.name ?? "", syntax?.position ?? .start, problem)
        }
        return set
    }

    // MARK: Settings

    /// The settings the files state, merged: files that state a setting must agree.
    private func statedSettings() throws(SchemaFileError) -> SchemaFileSyntax.Settings {
        var merged = SchemaFileSyntax.Settings()
        var sources: [String: String] = [:]
        for file in files {
            let stated = file.settings
            try merge(stated.streams, "streams", into: &merged.streams, from: file.name, &sources)
            try merge(stated.autoReset, "autoReset", into: &merged.autoReset, from: file.name, &sources)
            try merge(
                stated.fieldsCanBeNull, "fieldsCanBeNull", into: &merged.fieldsCanBeNull, from: file.name, &sources)
            try merge(
                stated.fixedFieldTypes, "fixedFieldTypes", into: &merged.fixedFieldTypes, from: file.name, &sources)
            try merge(
                stated.optimizedGenerics, "optimizedGenerics", into: &merged.optimizedGenerics, from: file.name,
                &sources)
            try merge(
                stated.variableLengthEncoding, "variableLengthEncoding", into: &merged.variableLengthEncoding,
                from: file.name, &sources)
            try merge(
                stated.compatibleFields, "compatibleFields", into: &merged.compatibleFields, from: file.name, &sources)
            try merge(stated.taggedFields, "taggedFields", into: &merged.taggedFields, from: file.name, &sources)
            try merge(stated.dialect, "dialect", into: &merged.dialect, from: file.name, &sources)
            try merge(stated.references, "references", into: &merged.references, from: file.name, &sources)
            try merge(
                stated.registrationRequired, "registrationRequired", into: &merged.registrationRequired,
                from: file.name, &sources)
        }
        return merged
    }

    /// One stream setting of one file merged into the set's: files that state it must agree.
    /// `sources` names the file that stated each setting first.
    private func merge<Value: Equatable>(
        _ stated: Located<Value>?, _ name: String, into merged: inout Located<Value>?, from file: String,
        _ sources: inout [String: String]
    ) throws(SchemaFileError) {
        guard let stated else { return }
        if let first = merged, let other = sources[name] {
            guard first.value == stated.value else {
                throw error(file, stated.position, "\(name) is \(stated.value) here but \(first.value) in \(other)")
            }
            return
        }
        merged = stated
        sources[name] = file
    }

    /// Complete settings from stated ones: what none states is what the dialect's `new Kryo()`
    /// does (Kryo 2.20's dialect when none is stated); a stream that writes classes by name
    /// (`usesIDs` false) does not require registration unless stated.
    private func settings(_ stated: SchemaFileSyntax.Settings, usesIDs: Bool = true) -> StreamSettings {
        var settings = StreamSettings(dialect: stated.dialect?.value ?? .kryo2)
        if !usesIDs { settings.registrationRequired = false }
        if let references = stated.references { settings.references = references.value }
        if let required = stated.registrationRequired { settings.registrationRequired = required.value }
        if let streams = stated.streams { settings.streams = streams.value }
        if let autoReset = stated.autoReset { settings.autoReset = autoReset.value }
        if let canBeNull = stated.fieldsCanBeNull { settings.fieldsCanBeNull = canBeNull.value }
        if let fixed = stated.fixedFieldTypes { settings.fixedFieldTypes = fixed.value }
        if let generics = stated.optimizedGenerics { settings.optimizedGenerics = generics.value }
        if let variable = stated.variableLengthEncoding { settings.variableLengthEncoding = variable.value }
        if let compatible = stated.compatibleFields { settings.compatibleFields = compatible.value }
        if let tagged = stated.taggedFields { settings.taggedFields = tagged.value }
        return settings
    }

    // MARK: Profiles

    /// The profiles of every file: each key a profile leaves out is what `settings` states, else
    /// the default of the profile's dialect. A profile declared in two files must mean the same.
    private func resolveProfiles(
        stated base: SchemaFileSyntax.Settings, names: Names
    ) throws(SchemaFileError) -> [String: StreamProfile] {
        var profiles: [String: StreamProfile] = [:]
        var declarations: [String: SchemaFileSyntax.Profile] = [:]
        for file in files {
            for syntax in file.profiles {
                let profile = try resolveProfile(syntax, base: base, names: names)
                let name = syntax.name.value
                if let first = declarations[name], profiles[name] != profile {
                    throw error(
                        syntax.file, syntax.name.position,
                        "profile \(name) is declared differently in \(first.file):\(first.name.position.line)")
                }
                declarations[name] = declarations[name] ?? syntax
                profiles[name] = profile
            }
        }
        return profiles
    }

    private func resolveProfile(
        _ syntax: SchemaFileSyntax.Profile, base: SchemaFileSyntax.Settings, names: Names
    ) throws(SchemaFileError) -> StreamProfile {
        var stated = base
        let own = syntax.settings
        if let dialect = own.dialect { stated.dialect = dialect }
        if let references = own.references { stated.references = references }
        if let required = own.registrationRequired { stated.registrationRequired = required }
        if let streams = own.streams { stated.streams = streams }
        if let autoReset = own.autoReset { stated.autoReset = autoReset }
        if let canBeNull = own.fieldsCanBeNull { stated.fieldsCanBeNull = canBeNull }
        if let fixed = own.fixedFieldTypes { stated.fixedFieldTypes = fixed }
        if let generics = own.optimizedGenerics { stated.optimizedGenerics = generics }
        if let variable = own.variableLengthEncoding { stated.variableLengthEncoding = variable }
        if let compatible = own.compatibleFields { stated.compatibleFields = compatible }
        if let tagged = own.taggedFields { stated.taggedFields = tagged }
        let usesIDs = syntax.ids?.value ?? true
        let settings = settings(stated, usesIDs: usesIDs)
        let name = syntax.name.value
        if let ids = syntax.ids, !ids.value, settings.registrationRequired {
            let stating = own.registrationRequired?.position ?? ids.position
            throw error(
                syntax.file, stating,
                "profile \(name) writes classes by name (ids: false), which registrationRequired: true refuses"
                    + (own.registrationRequired == nil ? "; add registrationRequired: false to the profile" : ""))
        }
        var call = StreamProfile.Call.writeClassAndObject
        switch (syntax.call?.value, syntax.type) {
        case (.writeClassAndObject?, let type?):
            throw error(
                syntax.file, type.position,
                "a writeClassAndObject stream names its root class itself: type goes with call: writeObject")
        case (let written?, nil) where written != .writeClassAndObject:
            throw error(
                syntax.file, syntax.call?.position ?? syntax.name.position,
                "call: \(written.rawValue) needs the root class: add type: CLASS")
        case (let written, let type?):
            let resolved = try resolveType(type, file: syntax.file, package: syntax.package, names: names)
            if resolved.isPrimitive {
                throw error(syntax.file, type.position, "the root class of writeObject is a class, not \(type.value)")
            }
            call = written == .writeObjectOrNull ? .writeObjectOrNull(resolved) : .writeObject(resolved)
        default:
            break
        }
        return StreamProfile(settings: settings, usesIDs: usesIDs, call: call)
    }

    // MARK: Names

    /// The classes declared in the files, for resolving short names.
    private struct Names {
        var declared: Set<String>
        /// Declared class names by their part after the last dot (`Outer$Inner` for `a.Outer$Inner`).
        var simpleNames: [String: [String]]
        /// The number of type parameters of each declared generic class.
        var typeParameterCounts: [String: Int] = [:]
    }

    /// The Java name of a class entry: a well-known short name means the JDK class, a name with a
    /// dot is kept, any other name goes into the file's package. Arrays are named by descriptor.
    private func classType(_ syntax: SchemaFileSyntax.Class) throws(SchemaFileError) -> JavaType {
        let written = syntax.name
        let type = try parseType(written, file: syntax.file) { name in
            syntax.package.map { $0 + "." + name } ?? name
        }
        switch type {
        case .primitive, .typeVariable:
            throw error(syntax.file, written.position, "\(written.value) is a primitive type, not a class")
        case .object(let name, let arguments):
            guard arguments.isEmpty else {
                throw error(
                    syntax.file, written.position,
                    "a class entry names the class without generic arguments (write \(name), and its type "
                        + "parameters as typeParameters: [T])")
            }
            guard isJavaQualifiedName(name) else {
                throw error(syntax.file, written.position, "bad class name \(quoted(written.value))")
            }
            // A short name that is also a JDK class's (`Character`, `Date`) means the JDK class:
            // an entry declaring fields for it almost surely meant the package's own class.
            if let package = syntax.package, syntax.fields != nil, !written.value.contains("."),
                name.hasPrefix("java.") || name.hasPrefix("javax.")
            {
                throw error(
                    syntax.file, written.position,
                    "class \(written.value) means \(name), a class the library knows: write "
                        + "\(package).\(written.value) for the package's own class")
            }
            return type
        case .array:
            return type
        }
    }

    /// Parses a type as written at `written.position`, a syntax error pointing inside the text.
    private func parseType(
        _ written: Located<String>, file: String, typeVariables: Set<String> = [],
        resolvingName: (String) -> String
    ) throws(SchemaFileError) -> JavaType {
        do {
            return try JavaType(parsing: written.value, typeVariables: typeVariables, resolvingName: resolvingName)
        } catch {
            // A long type is shown up to where it stops making sense, not whole.
            let shown =
                written.value.unicodeScalars.count <= 80
                ? written.value : String(String.UnicodeScalarView(written.value.unicodeScalars.prefix(60))) + "…"
            throw self.error(
                file, written.position.advanced(by: error.column - 1),
                "bad type \(quoted(shown)): expected \(error.expected)")
        }
    }

    /// The JDK's interfaces that a class may implement by their simple name in a schema file
    /// (`implements: [Serializable]`); others are written with their package.
    static let commonJDKInterfaces: Set<String> = [
        "Serializable", "Externalizable", "Cloneable", "Comparable", "Runnable", "Iterable", "AutoCloseable",
        "Closeable", "CharSequence", "Appendable", "Readable", "RandomAccess", "Collection", "List", "Set", "Map",
        "Queue", "Deque", "SortedSet", "SortedMap", "NavigableSet", "NavigableMap", "Iterator", "Comparator",
        "EventListener", "Formattable", "KryoSerializable",
    ]

    /// The JDK interfaces and abstract classes a type may name without their package, where no
    /// class of the schema has that simple name (the classes of ``JavaType/wellKnownClasses``
    /// are known everywhere).
    static let jdkInterfaceNames: [String: String] = [
        "Number": "java.lang.Number", "CharSequence": "java.lang.CharSequence", "Comparable": "java.lang.Comparable",
        "Iterable": "java.lang.Iterable", "Cloneable": "java.lang.Cloneable", "Serializable": "java.io.Serializable",
        "Queue": "java.util.Queue", "Deque": "java.util.Deque", "NavigableMap": "java.util.NavigableMap",
        "NavigableSet": "java.util.NavigableSet",
    ]

    /// Parses a field type (or superclass) of a class in `syntax`: the class's type parameters
    /// are type variables, short names resolve to the classes declared in the files, then to the
    /// file's package; every class must be known.
    private func resolveType(
        _ written: Located<String>, in syntax: SchemaFileSyntax.Class, names: Names, typeVariables: Set<String> = []
    ) throws(SchemaFileError) -> JavaType {
        try resolveType(
            written, file: syntax.file, package: syntax.package, names: names, typeVariables: typeVariables)
    }

    /// Parses a type written in `file`, whose package is `package` (see the other overload).
    private func resolveType(
        _ written: Located<String>, file: String, package: String?, names: Names, typeVariables: Set<String> = []
    ) throws(SchemaFileError) -> JavaType {
        var ambiguous: (name: String, candidates: [String])?
        let type = try parseType(written, file: file, typeVariables: typeVariables) { name in
            if let candidates = names.simpleNames[name] {
                if candidates.count > 1, ambiguous == nil { ambiguous = (name, candidates) }
                if let only = candidates.first { return only }
            }
            // A JDK interface by its simple name (`ID extends Comparable<ID>`, `Number[]`), as Java
            // imports java.lang's: after the schema's own classes, which a package's class shadows.
            if let jdk = Self.jdkInterfaceNames[name] { return jdk }
            return package.map { $0 + "." + name } ?? name
        }
        if let ambiguous {
            throw error(
                file, position(of: ambiguous.name, in: written),
                "class name \(ambiguous.name) is ambiguous: write "
                    + ambiguous.candidates.joined(separator: " or "))
        }
        if let unknown = firstUnknownClass(in: type, names: names) {
            throw error(
                file, position(of: unknown, in: written),
                "unknown class \(unknown): declare it in a schema file, or write the full name of a class "
                    + "the library knows (java.util.TreeMap; inner classes as a.Outer$Inner)")
        }
        if let wrong = firstWrongArgumentCount(in: type, names: names) {
            let takes =
                wrong.expected == 0
                ? "takes no type arguments"
                : "takes \(wrong.expected) type argument\(wrong.expected == 1 ? "" : "s") (or none, its raw type)"
            throw error(
                file, position(of: wrong.name, in: written),
                "\(JavaType.object(wrong.name, arguments: []).shortName) \(takes), not \(wrong.found)")
        }
        return type
    }

    /// The first generic class in `type` given another number of type arguments than it has
    /// (`Map<String>`, `String<Integer>`, a schema's `Box<T>` as `Box<String, Long>`); a raw type
    /// (no arguments) is Java's too.
    private func firstWrongArgumentCount(in type: JavaType, names: Names) -> (
        name: String, expected: Int, found: Int
    )? {
        switch type {
        case .primitive, .typeVariable: return nil
        case .array(let component): return firstWrongArgumentCount(in: component, names: names)
        case .object(let name, let arguments):
            if !arguments.isEmpty {
                // A class of the files: its type parameters; a library class (listed with an id, or
                // not at all): the JDK's, where known.
                let expected =
                    names.typeParameterCounts[name] ?? SchemaResolver.libraryTypeParameterCount(of: name)
                    ?? (names.declared.contains(name) && !SchemaResolver.isLibraryClass(name) ? 0 : nil)
                if let expected, expected != arguments.count { return (name, expected, arguments.count) }
            }
            for argument in arguments {
                if let wrong = firstWrongArgumentCount(in: argument, names: names) { return wrong }
            }
            return nil
        }
    }

    /// How many type parameters a JDK class has, where the library knows: the collections and
    /// maps, `Optional`, and the classes of values that take none (`String`, the wrappers,
    /// `BigDecimal`, `java.time`…); `nil` for another class.
    static func libraryTypeParameterCount(of name: String) -> Int? {
        if name.hasPrefix("java.time.") || name.hasPrefix("java.lang.") && !genericLangClasses.contains(name) {
            return 0
        }
        if name.hasPrefix("java.util.") || name.hasPrefix("java.util.concurrent.") {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if simple.hasSuffix("Map") || simple == "Hashtable" || simple == "Dictionary" { return 2 }
            if oneParameterUtilClasses.contains(simple) || simple.hasSuffix("List") || simple.hasSuffix("Set")
                || simple.hasSuffix("Queue") || simple.hasSuffix("Deque")
            {
                return 1
            }
            if valueUtilClasses.contains(simple) { return 0 }
        }
        if ["java.math.BigDecimal", "java.math.BigInteger", "java.net.URI", "java.net.URL"].contains(name) { return 0 }
        return nil
    }

    private static let genericLangClasses: Set<String> = [
        "java.lang.Class", "java.lang.Comparable", "java.lang.Iterable", "java.lang.ThreadLocal",
        "java.lang.ref.WeakReference", "java.lang.ref.SoftReference", "java.lang.Enum",
    ]
    private static let oneParameterUtilClasses: Set<String> = [
        "Collection", "Vector", "Stack", "Optional", "Comparator", "Iterator", "ListIterator", "Enumeration",
        "AtomicReference", "Future", "Callable", "Supplier", "Consumer", "Predicate",
    ]
    private static let valueUtilClasses: Set<String> = [
        "Date", "UUID", "Locale", "Currency", "TimeZone", "BitSet", "Calendar", "GregorianCalendar",
        "AtomicInteger", "AtomicLong", "AtomicBoolean", "Pattern",
    ]

    /// The first class in `type` that is neither declared nor known to the library.
    private func firstUnknownClass(in type: JavaType, names: Names) -> String? {
        switch type {
        case .primitive, .typeVariable: return nil
        case .array(let component): return firstUnknownClass(in: component, names: names)
        case .object(let name, let arguments):
            if !names.declared.contains(name), !SchemaResolver.isLibraryClass(name) { return name }
            for argument in arguments {
                if let unknown = firstUnknownClass(in: argument, names: names) { return unknown }
            }
            return nil
        }
    }

    /// Where the class `name` (full, or its part after the last dot) is written in a type.
    private func position(of name: String, in written: Located<String>) -> SourcePosition {
        let text = Array(written.value.unicodeScalars)
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        for candidate in [name, simple] {
            let word = Array(candidate.unicodeScalars)
            guard !word.isEmpty, word.count <= text.count else { continue }
            for start in 0...(text.count - word.count) where Array(text[start..<start + word.count]) == word {
                let before = start == 0 ? nil : text[start - 1]
                let after = start + word.count < text.count ? text[start + word.count] : nil
                if !isNamePart(before), !isNamePart(after) { return written.position.advanced(by: start) }
            }
        }
        return written.position
    }

    private func isNamePart(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar == "." || JavaIdentifier.isPart(scalar)
    }

    // MARK: Layouts

    /// The classes of KryoNet's remote method invocation a schema may list where the Java side
    /// registers them (`ObjectSpace.registerClasses`, or `ObjectSpace` itself for all of them):
    /// the KryoNet readers give them their serializers.
    static let kryoNetRMIClasses: Set<String> = [
        "com.esotericsoftware.kryonet.rmi.ObjectSpace", "com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod",
        "com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethodResult", "java.lang.reflect.InvocationHandler",
    ]

    /// An interface's layout from its `methods:`: each signature's types resolved as field
    /// types are, erased; two methods of one signature are an error (Java's "Two methods with
    /// same signature!"), since every call index after them would name the wrong method.
    private func resolveInterface(
        _ entry: inout Entry, _ methods: Located<[SchemaFileSyntax.Method]>, names: Names
    ) throws(SchemaFileError) {
        let syntax = entry.syntax
        if let extra = syntax.fields?.position ?? syntax.constants?.position ?? syntax.serializer?.position
            ?? syntax.typeParameters?.position ?? syntax.kryoSerializer ?? syntax.publicFields?.position
        {
            throw error(
                syntax.file, extra,
                "interface \(entry.javaName) declares methods, and takes no fields, enum constants, serializer or "
                    + "type parameters")
        }
        if let extends = syntax.extends {
            throw error(
                syntax.file, extends.position,
                "interface \(entry.javaName) declares methods: list the interfaces it extends with their own "
                    + "methods (a call of an inherited method names the interface that declares it)")
        }
        var resolved: [JavaMethodSchema] = []
        for method in methods.value {
            var parameters: [JavaType] = []
            for parameter in method.parameters {
                parameters.append(try resolveType(parameter, in: syntax, names: names))
            }
            let returnType = try method.returnType.map { written throws(SchemaFileError) in
                try resolveType(written, in: syntax, names: names)
            }
            let schema = JavaMethodSchema(name: method.name.value, parameters: parameters, returnType: returnType)
            if resolved.contains(where: { $0.hasSignature(of: schema) }) {
                throw error(
                    syntax.file, method.name.position, "interface \(entry.javaName) declares \(schema) twice")
            }
            resolved.append(schema)
        }
        entry.layout = .interface(resolved)
    }

    /// The class's layout from its own entry: its enum constants, its own fields, or library.
    private func resolveOwnLayout(_ entry: inout Entry, names: Names) throws(SchemaFileError) {
        let syntax = entry.syntax
        let file = syntax.file
        if entry.isArray,
            let extra = syntax.fields?.position ?? syntax.constants?.position ?? syntax.serializer?.position
                ?? syntax.extends?.position
        {
            throw error(file, extra, "array class \(syntax.name.value) takes only an id")
        }
        if let methods = syntax.methods {
            try resolveInterface(&entry, methods, names: names)
            return
        }
        if let parameters = syntax.typeParameters, syntax.fields == nil {
            throw error(file, parameters.position, "only a class with fields takes typeParameters")
        }
        if let publicFields = syntax.publicFields, syntax.fields == nil {
            throw error(file, publicFields.position, "only a class with fields takes publicFields")
        }
        if let constants = syntax.constants {
            if let fields = syntax.fields {
                throw error(file, fields.position, "class \(entry.javaName) has both fields and enum constants")
            }
            if let serializer = syntax.serializer {
                throw error(file, serializer.position, "enum \(entry.javaName) takes no serializer")
            }
            if let extends = syntax.extends {
                throw error(file, extends.position, "enum \(entry.javaName) extends no class")
            }
            guard !constants.value.isEmpty else {
                throw error(file, constants.position, "enum \(entry.javaName) has no constants")
            }
            var seen: Set<String> = []
            for constant in constants.value where !seen.insert(constant.value).inserted {
                throw error(file, constant.position, "enum \(entry.javaName) lists \(constant.value) twice")
            }
            for body in syntax.bodies?.value ?? [] where !seen.contains(body.value) {
                throw error(
                    file, body.position,
                    "enum \(entry.javaName) has no constant \(body.value) (bodies: names constants)")
            }
            entry.layout = .enumeration(constants.value.map(\.value))
            return
        }
        if let kryo = syntax.kryoSerializer,
            syntax.fields != nil || syntax.constants != nil || !JavaClassSchema.kryoSerialized.contains(entry.javaName)
        {
            throw error(
                file, kryo,
                "serializer: kryo is Kryo's own serializer of a JDK class without fields ("
                    + JavaClassSchema.kryoSerialized.sorted().joined(separator: ", ") + "), not of \(entry.javaName)")
        }
        if let traversable = syntax.traversableSerializer {
            // A Scala collection of chill's `TraversableSerializer`: a collection of its elements
            // (a map's are its `scala.Tuple2` entries).
            if syntax.fields != nil || syntax.constants != nil || syntax.serializer != nil {
                throw error(
                    file, traversable,
                    "serializer: traversable is chill's serializer of a collection (its elements with their classes), "
                        + "which takes no fields or enum constants")
            }
            var superclass = "java.util.ArrayList"
            if let extends = syntax.extends {
                guard case .object(let named, _) = try resolveType(extends, in: syntax, names: names),
                    JavaClassSchema.collectionSuperclasses.contains(named), !JavaClassSchema.isMap(named)
                else {
                    throw error(
                        file, extends.position,
                        "serializer: traversable writes a collection: extends a JDK collection (ArrayList<Object>), "
                            + "or leave extends out (chill writes a Scala map as a collection of its scala.Tuple2 "
                            + "entries)")
                }
                superclass = named
            }
            entry.collectionSuperclass = superclass
            entry.layout = .library
            return
        }
        if let extends = syntax.extends, syntax.serializer == nil, syntax.fields?.value.isEmpty ?? true,
            case .object(let superclass, _) = try resolveType(extends, in: syntax, names: names),
            JavaClassSchema.collectionSuperclasses.contains(superclass)
        {
            // A program's collection or map (`LabelList extends ArrayList<Label>`): Kryo writes it
            // with the superclass's serializer, under its own name.
            entry.collectionSuperclass = superclass
            entry.layout = .library
            return
        }
        if syntax.fields == nil, entry.javaName == "java.lang.Object", syntax.serializer == nil, syntax.extends == nil {
            // `new Object()` is a value of its own (Apache Spark registers the class, and its
            // streams hold such objects): a class without fields.
            entry.ownFields = []
            entry.layout = .fields(.field, [])
            return
        }
        guard let fields = syntax.fields else {
            if let serializer = syntax.serializer {
                throw error(
                    file, serializer.position,
                    "class \(entry.javaName) has a serializer but no fields (write fields: {} for a class without fields)"
                )
            }
            if let extends = syntax.extends {
                throw error(file, extends.position, "class \(entry.javaName) has a superclass but no fields")
            }
            // An array is known when its component is (declared in the files, or a library class).
            let isKnown =
                entry.isArray
                ? firstUnknownClass(in: entry.type, names: names) == nil
                : SchemaResolver.isLibraryClass(entry.javaName) || syntax.kryoSerializer != nil
            guard isKnown else {
                if SchemaResolver.kryoNetRMIClasses.contains(entry.javaName) {
                    // KryoNet's RMI classes: a KryoNet reader (`--kryonet`) registers them.
                    entry.layout = .library
                    return
                }
                // A JDK collection or map class the library has no type for (Collections'
                // unmodifiable and synchronized wrappers): Kryo writes it as any collection or map.
                let simple = entry.javaName.split(separator: ".").last.map(String.init) ?? entry.javaName
                let isMap = simple.contains("Map")
                let hint =
                    entry.javaName.hasPrefix("java.util.")
                        && ["List", "Set", "Collection", "Queue", "Deque", "Map"].contains(where: simple.contains)
                    ? "; Kryo writes a collection or map class it has no serializer for with its "
                        + (isMap
                            ? "MapSerializer: declare it with extends: \"HashMap<Object, Object>\""
                            : "CollectionSerializer: "
                                + "declare it with extends: \"ArrayList<Object>\"")
                    : ""
                throw error(
                    file, syntax.name.position,
                    "class \(entry.javaName) has neither fields nor enum constants, and the library does not know it"
                        + hint)
            }
            entry.layout = .library
            return
        }
        let kind = syntax.serializer?.value ?? .field
        let typeVariables = Set(entry.typeParameters)
        for (parameter, written) in syntax.typeParameterBounds {
            let bound = try resolveType(written, in: syntax, names: names, typeVariables: typeVariables)
            if case .primitive = bound {
                throw error(file, written.position, "type parameter \(parameter) is bounded by a primitive type")
            }
            entry.bounds[parameter] = bound
        }
        var resolved: [JavaFieldSchema] = []
        for field in fields.value {
            if let tag = field.tag, kind != .tagged {
                throw error(
                    file, tag.position,
                    "field \(field.name.value) has a tag, but class \(entry.javaName) is not serializer: tagged")
            }
            if let since = field.since, kind != .version {
                throw error(
                    file, since.position,
                    "field \(field.name.value) has a version (since), but class \(entry.javaName) is not serializer: version"
                )
            }
            let type = try resolveType(field.type, in: syntax, names: names, typeVariables: typeVariables)
            let erasure = try field.erasure.map { written throws(SchemaFileError) in
                try resolveType(written, in: syntax, names: names)
            }
            var schema = JavaFieldSchema(
                name: field.javaName?.value ?? field.name.value, type: type, isNullable: field.nullable,
                tag: field.tag?.value, isDeprecated: field.deprecated, since: field.since?.value ?? 0,
                isPublicField: field.isPublic ?? syntax.publicFields?.value ?? false,
                isFinal: field.isFinal, erasedType: erasure, key: field.name.value)
            if let annexed = field.annexed, annexed.value {
                guard field.tag != nil, kind == .tagged else {
                    throw error(
                        file, annexed.position,
                        "field \(field.name.value) is annexed, which needs a tag in a class of serializer: tagged")
                }
                schema.isAnnexed = true
            }
            schema.isTransient = field.isTransient
            // The bound classes are the field type's generic arguments: they must be given.
            var arguments = 0
            if case .object(_, let given) = type { arguments = given.count }
            for (option, needed) in [(field.elementsFinal, 1), (field.keysFinal, 2), (field.valuesFinal, 2)] {
                guard let option, option.value else { continue }
                guard arguments >= needed else {
                    throw error(
                        file, option.position,
                        "field \(field.name.value) binds its \(needed == 1 ? "elements'" : "keys' or values'") class, "
                            + "which its type names as a generic argument (\(needed == 1 ? "List<X>" : "Map<K, V>"))")
                }
            }
            schema.elementsFinal = field.elementsFinal?.value ?? false
            schema.keysFinal = field.keysFinal?.value ?? false
            schema.valuesFinal = field.valuesFinal?.value ?? false
            schema.elementsCanBeNull = field.elementsCanBeNull
            schema.keysCanBeNull = field.keysCanBeNull
            schema.valuesCanBeNull = field.valuesCanBeNull
            resolved.append(schema)
        }
        entry.ownFields = resolved
        entry.layout = .fields(kind, resolved)
    }

    /// A class's own fields followed by its superclass's, transitively (Java collects a class's
    /// fields before its superclass's).
    private func flattenedFields(
        _ index: Int, entries: [Entry], indexByName: [String: Int], names: Names
    ) throws(SchemaFileError) -> [JavaFieldSchema] {
        let start = entries[index]
        var fields = try kryo5OwnFields(of: start, entries: entries, indexByName: indexByName, names: names)
        var chain = [start.javaName]
        var current = start
        // What the current class's type variables are to `start`, as Kryo 5 resolves a
        // superclass's variables from the class hierarchy: a class (`Customer extends
        // Base<Long>`), or a variable of `start` that passes through (`Sub<U> extends Base<U>`,
        // which the generic arguments of the object's slot resolve); a variable missing here
        // is unresolved, its erasure.
        var resolved: [String: JavaType] = Dictionary(
            start.typeParameters.map { ($0, JavaType.typeVariable($0)) }, uniquingKeysWith: { first, _ in first })
        while let extends = current.syntax.extends {
            let superType = try resolveType(
                extends, in: current.syntax, names: names, typeVariables: Set(current.typeParameters))
            let file = current.syntax.file
            guard case .object(let superName, let arguments) = superType, let superIndex = indexByName[superName]
            else {
                throw error(
                    file, extends.position,
                    "superclass \(superType.sourceName) is not declared with its fields in a schema file")
            }
            guard !chain.contains(superName) else {
                throw error(
                    start.syntax.file, start.syntax.extends?.position ?? start.syntax.position,
                    "a cycle in extends: " + (chain + [superName]).joined(separator: " → "))
            }
            let superEntry = entries[superIndex]
            if superEntry.syntax.isFinal == true {
                throw error(
                    file, extends.position,
                    "superclass \(superName) is declared final: true, and Java cannot extend a final class")
            }
            guard case .fields = superEntry.layout else {
                throw error(file, extends.position, "superclass \(superName) has no fields entry")
            }
            let superParameters = superEntry.typeParameters
            // The number of arguments was checked where the type was read (resolveType).
            var superResolved: [String: JavaType] = [:]
            for (parameter, argument) in zip(superParameters, arguments) {
                superResolved[parameter] = Self.hierarchyResolution(of: argument, resolved)
            }
            // Kryo 2.20 and 4 see a superclass's variables as their erasure; Kryo 5 resolves
            // them from the `extends` arguments.
            for field in superEntry.ownFields {
                var inherited = field
                let erased = field.type.erasingTypeVariables(bounds: superEntry.bounds)
                inherited.type = field.type.resolvingVariables(superResolved, bounds: superEntry.bounds)
                inherited.erasedType = inherited.type == erased ? nil : erased
                if fields.contains(where: { $0.key == field.key }) {
                    // Hidden by a field of the same name lower in the hierarchy: Java keeps both
                    // (and Kryo writes both, the subclass's first); its key names its class.
                    inherited.key = Self.simpleName(of: superName) + "." + field.key
                    guard !fields.contains(where: { $0.key == inherited.key }) else {
                        throw error(
                            file, extends.position,
                            "field \(field.name) of \(superName) is hidden twice in \(start.javaName)")
                    }
                }
                fields.append(inherited)
            }
            resolved = superResolved
            chain.append(superName)
            current = superEntry
        }
        return fields
    }

    /// The class's own fields as Kryo 5 types them. Its `GenericsUtil.resolveType` matches a
    /// field's type variable to the superclass's type parameters *by name*: in `class Box<T>
    /// extends Base<List<T>> { T first; }`, `first` takes what `extends` gives Base's `T` —
    /// `List<T>`, whose raw class resolves nothing, so Kryo 5 writes `first` with its class, as an
    /// `Object`; with `extends Base<String>` it is a `String`; with `extends Base<U>` it is `U`.
    /// Kryo 2.20 and 4 see the variable itself (``JavaFieldSchema/erasedType``).
    private func kryo5OwnFields(
        of entry: Entry, entries: [Entry], indexByName: [String: Int], names: Names
    ) throws(SchemaFileError) -> [JavaFieldSchema] {
        guard let extends = entry.syntax.extends,
            case .object(let superName, let arguments) = try resolveType(
                extends, in: entry.syntax, names: names, typeVariables: Set(entry.typeParameters)),
            !arguments.isEmpty, let superIndex = indexByName[superName]
        else { return entry.ownFields }
        let superEntry = entries[superIndex]
        let byName = Dictionary(zip(superEntry.typeParameters, arguments), uniquingKeysWith: { first, _ in first })
        return entry.ownFields.map { field in
            guard case .typeVariable(let name) = field.type, field.erasedType == nil, let argument = byName[name],
                argument != field.type
            else { return field }
            var resolved = field
            switch argument {
            case .object(let className, let classArguments) where classArguments.isEmpty:
                resolved.type = .object(className, arguments: [])
            case .typeVariable:
                resolved.type = argument
            default:
                // A parameterized class or an array: Kryo 5 resolves the field to no class.
                resolved.type = JavaType.erasure(ofVariable: name, bounds: entry.bounds)
            }
            resolved.erasedType = field.type
            return resolved
        }
    }

    /// The name of `javaName` without its package and outer classes (`Base` of `a.b.Outer$Base`).
    static func simpleName(of javaName: String) -> String {
        let afterPackage = javaName.split(separator: ".").last.map(String.init) ?? javaName
        return afterPackage.split(separator: "$").last.map(String.init) ?? afterPackage
    }

    /// What a generic argument of `extends` resolves a superclass's type variable to, as Kryo 5's
    /// `GenericsUtil.resolveType` does: a class without its own arguments (`List<String>` is
    /// `List`), an array of a resolved component, a variable that `resolved` gives; `nil` for
    /// a variable it does not (and an array of a variable), which stays unresolved.
    private static func hierarchyResolution(of argument: JavaType, _ resolved: [String: JavaType]) -> JavaType? {
        switch argument {
        case .primitive: return nil
        case .object(let name, _): return .object(name, arguments: [])
        case .typeVariable(let name): return resolved[name]
        case .array(let component):
            if case .typeVariable(let name) = component {
                // An array of a variable resolves only when the variable resolves to a class.
                guard let component = resolved[name], !component.isTypeVariable else { return nil }
                return .array(component)
            }
            return hierarchyResolution(of: component, resolved).map { .array($0) }
        }
    }

    private func checkTags(_ entry: Entry, kind: FieldSerializerKind, fields: [JavaFieldSchema]) throws(SchemaFileError)
    {
        guard kind == .tagged else { return }
        var owners: [Int: String] = [:]
        for field in fields {
            guard let tag = field.tag else { continue }
            if let other = owners[tag] {
                let position =
                    entry.syntax.fields?.value.first { $0.name.value == field.name }?.tag?.position
                    ?? entry.syntax.extends?.position ?? entry.syntax.position
                throw error(
                    entry.syntax.file, position,
                    "tag \(tag) is used twice in \(entry.javaName) (fields \(other) and \(field.name))")
            }
            owners[tag] = field.name
        }
    }

    private func error(_ file: String, _ position: SourcePosition, _ message: String) -> SchemaFileError {
        SchemaFileError(file: file, line: position.line, column: position.column, message: message)
    }
}

extension JavaType {
    fileprivate var isTypeVariable: Bool {
        if case .typeVariable = self { return true }
        return false
    }

    /// The type with the type variables that `resolved` gives replaced, anywhere in it, and the
    /// others erased (``erasingTypeVariables(bounds:)``).
    fileprivate func resolvingVariables(_ resolved: [String: JavaType], bounds: [String: JavaType]) -> JavaType {
        switch self {
        case .primitive: self
        case .typeVariable(let name): resolved[name] ?? JavaType.erasure(ofVariable: name, bounds: bounds)
        case .array(let component): .array(component.resolvingVariables(resolved, bounds: bounds))
        case .object(let name, let arguments):
            .object(name, arguments: arguments.map { $0.resolvingVariables(resolved, bounds: [:]) })
        }
    }
}
