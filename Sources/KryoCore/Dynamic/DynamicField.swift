import FoundationEssentials
import OrderedCollections

/// One field of a dynamic bean: how its value is written and read without a Swift type.
struct DynamicField: Sendable {
    /// What a field holds.
    enum Kind: Sendable {
        /// A Java primitive, written without a class or nil marker.
        case primitive(JavaPrimitiveType)
        /// A `String` in a final slot: written without boxing.
        case string(canBeNull: Bool)
        /// Any other object, in a slot of this declared type.
        case object(DeclaredType)
        /// An object in a slot typed by type variables of the class (`T item`), whose declared
        /// type is completed by the generic arguments of the object's own slot.
        case variable(VariableSlot)
    }

    /// A slot typed by type variables, with the field's own facts.
    struct VariableSlot: Sendable {
        let template: DeclaredTemplate
        let canBeNull: Bool
        let isFinal: Bool?
        let isPublicField: Bool
        /// A record component: Kryo 5's RecordSerializer gives it no generic arguments.
        let dropsGenerics: Bool

        /// The declared type given the generic arguments of the object's slot; `arrays` resolves
        /// `T[]` too (Kryo 5, see ``DeclaredTemplate/resolved(_:arrays:nested:)``). Kryo 5 gives a
        /// type variable's value no generic arguments of its own (a `List<String>` argument's
        /// elements carry their classes); `nested` keeps them, for a document's values to be
        /// checked against the whole type.
        func declared(_ arguments: [DeclaredType], arrays registry: Registry? = nil, nested: Bool = false)
            -> DeclaredType
        {
            var declared = template.resolved(arguments, arrays: registry, nested: nested)
            if isPublicField { declared = declared.withKryo2PublicFieldGenerics }
            if dropsGenerics { declared = declared.withoutGenerics }
            if let isFinal { declared.finality = isFinal ? .final : .nonFinal }
            declared.canBeNull = canBeNull
            return declared
        }
    }

    /// Whether the field is typed by type variables of its class.
    var isVariable: Bool {
        if case .variable = kind { return true }
        if case .variable = erasedKind { return true }
        return false
    }

    /// The field's key in the object and in documents (``JavaFieldSchema/key``).
    let name: String
    /// The Java field name: the compatible layout's header (``JavaFieldSchema/name``).
    let javaName: String
    let kind: Kind
    /// For a superclass's field whose type variables the class's `extends` resolves: the field
    /// as Kryo 2.20 and 4 see it, its variables erased (``JavaFieldSchema/erasedType``).
    var erasedKind: Kind? = nil
    let tag: Int?
    let isDeprecated: Bool
    /// Kryo 4's annexed tag: the field in chunks (``JavaFieldSchema/isAnnexed``).
    var isAnnexed = false
    /// A `transient` field a program serializes (``JavaFieldSchema/isTransient``).
    var isTransient = false
    /// The version of the class that added the field (``JavaFieldSchema/since``).
    var since = 0
    /// A record component: Kryo 5's `RecordSerializer` writes an `int` or `long` with its
    /// wrapper's serializer, a varint whatever `variableLengthEncoding` says (a setting of the
    /// field serializers).
    var isRecordComponent = false
    /// The JDK abstract class or interface the field declares when no Swift type stands for it
    /// (`java.lang.Number`, `java.time.ZoneId`), whose values ``JDKAbstractClasses`` checks.
    var abstractClass: String? = nil

    /// The value a new object holds before the field is read (Java's field default).
    var defaultValue: Any? {
        guard case .primitive(let primitive) = kind else { return nil }
        switch primitive {
        case .boolean: return false
        case .byte: return Int8(0)
        case .char: return UInt16(0)
        case .short: return Int16(0)
        case .int: return Int32(0)
        case .long: return Int64(0)
        case .float: return Float(0)
        case .double: return Double(0)
        }
    }

    /// Writes the field of `object`; `generics` are the generic arguments of the object's slot
    /// (for fields typed by type variables).
    func write(_ object: DynamicObject, to writer: any ValueWriter, generics: [DeclaredType] = []) throws {
        let value = ValueConversion.flatten(object.fields[name] ?? nil)
        switch kind(in: writer.kryoWireVersion) {
        case .primitive(let primitive):
            switch primitive {
            case .boolean: try Bool.writePrimitive(convert(value, Bool.self, primitive), to: writer, forKey: name)
            case .byte: try Int8.writePrimitive(convert(value, Int8.self, primitive), to: writer, forKey: name)
            case .char: try UInt16.writePrimitive(convert(value, UInt16.self, primitive), to: writer, forKey: name)
            case .short: try Int16.writePrimitive(convert(value, Int16.self, primitive), to: writer, forKey: name)
            case .int:
                let number = try convert(value, Int32.self, primitive)
                if isRecordComponent {
                    try Int32.writePrimitive(number, to: writer, forKey: name)
                } else {
                    try Int32.writeField(number, to: writer, forKey: name)
                }
            case .long:
                let number = try convert(value, Int64.self, primitive)
                if isRecordComponent {
                    try Int64.writePrimitive(number, to: writer, forKey: name)
                } else {
                    try Int64.writeField(number, to: writer, forKey: name)
                }
            case .float: try Float.writePrimitive(convert(value, Float.self, primitive), to: writer, forKey: name)
            case .double: try Double.writePrimitive(convert(value, Double.self, primitive), to: writer, forKey: name)
            }
        case .string(let canBeNull):
            if let shared = value as? SharedString {
                // One instance in several places: the backend decides how to share it.
                let declared = DeclaredType(String.self, finality: .final, canBeNull: canBeNull)
                return try writer.writeObject(shared, as: declared, forKey: name)
            }
            guard value == nil || value is String else {
                throw mismatch(expected: "a String", found: value, in: object)
            }
            try writer.writeStringObject(value as? String, canBeNull: canBeNull, forKey: name)
        case .object(let declared):
            try checkSchemaClasses(value, declared, in: object, writer.registry)
            if let problem = abstractClassProblem(value, writer.registry) {
                throw SerializationError(
                    .typeMismatch, expected: "\(problem.expected) in \(object.javaClass).\(name)", found: problem.found,
                    path: [name])
            }
            try Self.writeObject(value, as: declared, to: writer, forKey: name)
        case .variable(let slot):
            let declared = slot.declared(generics, arrays: Self.resolvesArrays(writer.kryoWireVersion, writer.registry))
            try Self.writeObject(value, as: declared, to: writer, forKey: name)
        }
    }

    /// The field as the release `version` sees it (`nil`: a format of its own, which takes Kryo
    /// 5's view).
    private func kind(in version: KryoWireVersion?) -> Kind {
        guard let erasedKind, let version, version < .kryo5 else { return kind }
        return erasedKind
    }

    /// The registry that resolves `T[]` fields from the slot's generic arguments: Kryo 5's (and a
    /// format of its own, which takes Kryo 5's view); Kryo 2.20 and 4 take their erasure.
    private static func resolvesArrays(_ version: KryoWireVersion?, _ registry: Registry) -> Registry? {
        guard let version, version < .kryo5 else { return registry }
        return nil
    }

    /// Reads the field into `object`; `generics` are the generic arguments of the object's slot.
    func read(into object: DynamicObject, from reader: any ValueReader, generics: [DeclaredType] = []) throws {
        let value: Any?
        switch kind(in: reader.kryoWireVersion) {
        case .primitive(let primitive):
            if !reader.isPositional, let aware = reader as? any NullAwareReader, aware.holdsNull(forKey: name) {
                // Java's primitive has no null; leaving the key out gives its default.
                var error = reader.error(
                    .typeMismatch,
                    expected: "\(primitive == .int ? "an" : "a") \(primitive.rawValue) (a missing key is its default)",
                    found: "null")
                error.path.append(name)
                throw error
            }
            switch primitive {
            case .boolean: value = try Bool.readPrimitive(from: reader, forKey: name)
            case .byte: value = try Int8.readPrimitive(from: reader, forKey: name)
            case .char: value = try UInt16.readPrimitive(from: reader, forKey: name)
            case .short: value = try Int16.readPrimitive(from: reader, forKey: name)
            case .int:
                value =
                    isRecordComponent
                    ? try Int32.readPrimitive(from: reader, forKey: name)
                    : try Int32.readField(from: reader, forKey: name)
            case .long:
                value =
                    isRecordComponent
                    ? try Int64.readPrimitive(from: reader, forKey: name)
                    : try Int64.readField(from: reader, forKey: name)
            case .float: value = try Float.readPrimitive(from: reader, forKey: name)
            case .double: value = try Double.readPrimitive(from: reader, forKey: name)
            }
        case .string(let canBeNull):
            value = try reader.readStringInstance(canBeNull: canBeNull, forKey: name)
        case .object(let declared):
            value = try readChecked(as: declared, into: object, from: reader)
        case .variable(let slot):
            // A type variable's field, as the slot's generic arguments declare it (`second` of a
            // `Pair<Long, List<String>>` is a `List<String>`): checked as any other field of that type.
            var declared = slot.declared(
                generics, arrays: Self.resolvesArrays(reader.kryoWireVersion, reader.registry),
                nested: !reader.isPositional)
            if !reader.isPositional, case .variableArray(let index, _) = slot.template, index < generics.count,
                declared.javaName == "[Ljava.lang.Object;"
            {
                // A document's `T[]` whose argument's array Java would not make (`Page<Money>`): an
                // `Object[]`, as Kryo 5 resolves it, whose elements are of the argument's class, so
                // that they may leave `$class` out as a `List<T>`'s do.
                declared.genericArguments = [generics[index].withoutGenerics]
            }
            value = try readChecked(as: declared, into: object, from: reader)
        }
        object.fields[name] = .some(value)
    }

    /// An object field's value, converted to `declared` and checked against it: a value that is
    /// not of the declared class (an abstract class's own object, a schema class outside the
    /// declared one's, a list element of another class) is an error naming the field.
    private func readChecked(as declared: DeclaredType, into object: DynamicObject, from reader: any ValueReader)
        throws -> Any?
    {
        // The class as read, before a plain container becomes the field's.
        let read = implemented(try Self.readObject(as: declared, from: reader, forKey: name), reader)
        let problem = abstractClassProblem(read, reader.registry)
        let value = problem == nil ? try Self.converted(read, to: declared, reader, name) : read
        if let problem = problem.map({ (expected: $0.expected, found: $0.found, within: [String]()) })
            ?? Self.schemaClassProblem(value, declared, reader.registry)
            ?? (reader.readsDocument ? Self.sharedValueProblem(value, declared, reader.registry) : nil)
        {
            var error = reader.error(
                .typeMismatch, expected: "\(problem.expected) in field \(object.javaClass).\(name)",
                found: problem.found)
            error.path += [name] + problem.within
            throw error
        }
        return value
    }

    /// What is wrong with a value a document's `$alias` names (kept as it was read where the alias
    /// points) in a slot of `declared`: a string, number or boolean where the slot declares
    /// another class (an alias to a `String` or `long` field in a `BigDecimal` one), a Java array
    /// where it declares a collection, or the reverse. Java would hold an object of the wrong
    /// class in the field; `nil` when nothing is wrong or nothing can be told.
    private static func sharedValueProblem(_ value: Any?, _ declared: DeclaredType, _ registry: Registry)
        -> (expected: String, found: String, within: [String])?
    {
        // By dynamic type first: a cast of a list to a class would bridge it to Foundation.
        guard let value else { return nil }
        let inner: Any
        if Swift.type(of: value) == SharedString.self, let string = value as? SharedString {
            inner = string.value
        } else if Swift.type(of: value) == SharedValue.self, let shared = value as? SharedValue,
            let present = ValueConversion.flatten(shared.value)
        {
            inner = present
        } else {
            return nil
        }
        let type = declared.swiftType
        let found = "an alias to \(javaDescription(of: inner, registry))"
        if let slotClass = declared.javaName, let valueClass = registry.registration(forValue: inner)?.javaName,
            JDKAbstractClasses.mayHold(slotClass, valueClass: valueClass) == false
        {
            // A collection of another class than the slot's (a `HashSet` or `Queue` field
            // aliasing an `ArrayList` one, a `TreeMap` field a `HashMap`): Java's field could not
            // hold the object.
            return ("a \(sourceName(slotClass))", found, [])
        }
        guard type != Any.self, Swift.type(of: inner) != type else { return nil }
        let expected = "a \(declared.javaName.map(sourceName) ?? ValueConversion.javaTypeName(of: type))"
        if inner is String || inner is Bool || inner is any BinaryInteger || inner is any BinaryFloatingPoint {
            // Java's `String`, `Boolean` and number classes are final: in no other class's slot.
            return (expected, found, [])
        }
        let isArray =
            inner is DynamicArray || (registry.registration(forValue: inner)?.javaName.hasPrefix("[") ?? false)
        let declaresArray = declared.javaName?.hasPrefix("[") ?? false
        if let kind = containerKind(of: declared), isArray != declaresArray,
            isArray || inner is any AnyElementsExposing || inner is any AnyEntriesExposing
        {
            let collection = kind == "a java.util.Map" ? kind : "a collection, not an array"
            return (declared.javaName.map { "a \(sourceName($0))" } ?? collection, found, [])
        }
        return nil
    }

    /// A Java class name as Java source writes it: `save.Slot[]` for `[Lsave.Slot;`.
    static func sourceName(_ javaName: String) -> String {
        guard javaName.hasPrefix("["), let type = JavaType(className: javaName) else { return javaName }
        return type.sourceName
    }

    /// An array of schema classes that are not final (`Generic[]`) carries its class: the slot
    /// is bound to the declared array class, which Kryo writes before the array as for any value
    /// of a slot that is not final.
    private static func arrayWithClass(_ declared: DeclaredType) -> DeclaredType? {
        guard declared.finality == .nonFinal, declared.swiftType == DynamicArray.self, declared.javaName != nil
        else { return nil }
        var bound = declared
        bound.finality = .final
        return bound
    }

    /// The array class of `value` when it is an array of a subclass of the declared array's
    /// schema class (a `Circle[]` in a `Shape[]` field, read so from Java's bytes or named by a
    /// document's `$class`): Java's field holds that array, whose class Kryo writes. `nil` for an
    /// array of the declared class, or a slot whose elements are not of a schema class.
    ///
    /// - Throws: ``SerializationError`` for an array of another class, which Java's field
    ///   cannot hold (a `Holder[]` or a `Circle[][]` in a `Shape[]` field).
    private static func subclassArray(_ value: Any?, of declared: DeclaredType, in registry: Registry, key: String)
        throws -> Registration?
    {
        guard let array = ValueConversion.flatten(value) as? DynamicArray, let declaredName = declared.javaName,
            array.javaClass != declaredName, let declaredComponent = objectComponent(of: declaredName),
            let slotClass = registry.registration(forJavaName: declaredComponent.name),
            slotClass.swiftType == DynamicObject.self
        else { return nil }
        if let runtime = registry.registration(forJavaName: array.javaClass),
            let runtimeComponent = objectComponent(of: array.javaClass),
            declaredComponent.dimensions == runtimeComponent.dimensions,
            let valueClass = registry.registration(forJavaName: runtimeComponent.name),
            valueClass.swiftType == DynamicObject.self, slotClass.mayHold(valueClass)
        {
            return runtime
        }
        throw SerializationError(
            .typeMismatch,
            expected: "a \(sourceName(declaredName)) (or an array of a subclass of \(declaredComponent.name))",
            found: "a \(sourceName(array.javaClass))", path: [key])
    }

    /// The dimensions and the class of the elements of the array class `javaName` when they are
    /// objects (`[[Lsvc.Shape;` → 2, `svc.Shape`); `nil` for an array of primitives.
    private static func objectComponent(of javaName: String) -> (dimensions: Int, name: String)? {
        let dimensions = javaName.prefix { $0 == "[" }.count
        let component = javaName.dropFirst(dimensions)
        guard dimensions > 0, component.hasPrefix("L"), component.hasSuffix(";"), component.count > 2 else {
            return nil
        }
        return (dimensions, String(component.dropFirst().dropLast()))
    }

    private static func writeObject(
        _ value: Any?, as declared: DeclaredType, to writer: any ValueWriter, forKey key: String
    ) throws {
        let value = DynamicArray.adopting(value, as: declared)
        guard var bound = arrayWithClass(declared) else {
            return try writer.writeObject(value, as: declared, forKey: key)
        }
        if let runtime = try subclassArray(value, of: declared, in: writer.registry, key: key) {
            // An array of a subclass: written with its own class (a document's `$class`).
            guard writer.isPositional else { return try writer.writeObject(value, as: declared, forKey: key) }
            bound.javaName = runtime.javaName
        }
        guard writer.isPositional else { return try writer.writeObject(value, as: bound, forKey: key) }
        // Kryo's writeClassAndObject: the class (nil alone for null), then the array.
        guard let value = ValueConversion.flatten(value) else { return try writer.writeClass(nil, forKey: key) }
        guard let javaName = bound.javaName, let registration = writer.registry.registration(forJavaName: javaName)
        else {
            throw SerializationError(
                .unsupported, expected: "a registration for \(bound.javaName ?? "the array class")", found: "none",
                path: [key])
        }
        try writer.writeClass(JavaClassTag(registration), forKey: key)
        try writer.writeObject(value, as: bound, forKey: key)
    }

    private static func readObject(as declared: DeclaredType, from reader: any ValueReader, forKey key: String) throws
        -> Any?
    {
        guard let bound = arrayWithClass(declared) else { return try reader.readObject(as: declared, forKey: key) }
        // A document's array may name a subclass's array class (`$class`), as Java's bytes do.
        guard reader.isPositional else { return try reader.readObject(as: declared, forKey: key) }
        guard let tag = try reader.readClass(forKey: key) else { return nil }
        guard tag.registration != nil, tag.javaName.hasPrefix("[") else {
            throw reader.error(
                .typeMismatch, expected: "an array class for \(bound.javaName ?? "the field")",
                found: "\"\(tag.javaName)\"")
        }
        var runtime = bound
        runtime.javaName = tag.javaName
        return try reader.readObject(as: runtime, forKey: key)
    }

    /// `value` as the Swift type of the declared type (formats with plain forms read a list
    /// where the field declares an `int[]`), so that writing it again keeps the Java class. A
    /// value in a slot that is not final that carries a class of its own (a `List.of` in a
    /// `List` field) keeps it, as does every value of such a slot in the binary format, where it
    /// came with its class (a `LinkedList` in a `Queue` field, a `TreeMap` in a `NavigableMap` one).
    private static func converted(_ value: Any?, to declared: DeclaredType, _ reader: any ValueReader, _ name: String)
        throws -> Any?
    {
        guard let value = ValueConversion.flatten(value), declared.swiftType != Any.self,
            Swift.type(of: value) != declared.swiftType,
            // A String instance, or a value, that the graph shares stays one.
            !(declared.swiftType == String.self && value is SharedString), !(value is SharedValue),
            // A value in a slot that is not final carries its own class (a `String[]` in an
            // `Object[]` field), which converting would lose.
            reader.registry.isFinal(declared) || !(reader.isPositional || Self.carriesItsClass(value, reader.registry))
                || Self.isPlainScalar(value, declared, reader)
        else { return value }
        func convert<T>(_: T.Type) -> Any? {
            // The declared class names the collection a plain list becomes (`ArrayDeque`).
            guard let javaClass = declared.javaName else { return ValueConversion.convert(value, to: T.self) }
            return ValueConversion.convert(value, to: T.self, javaClass: javaClass)
        }
        guard let result = convert(declared.swiftType) else {
            if let (index, element) = Self.firstElementThatDoesNotFit(value, declared.swiftType) {
                // A primitive array's element: named where it is, with what the array holds.
                let javaClass = declared.javaName.flatMap { JavaType(className: $0) }
                var component = "an element of \(declared.swiftType)"
                if case .array(let type)? = javaClass { component = "a \(type.shortName)" }
                var error = reader.error(
                    .typeMismatch,
                    expected: "\(component) (an element of the \(javaClass?.shortName ?? "array") field \(name))",
                    found: element.map { "\($0)" } ?? "null")
                error.path += [name, String(index)]
                throw error
            }
            let javaName =
                declared.javaName
                ?? (declared.swiftType == DynamicEnumSet.self
                    ? "java.util.EnumSet" : ValueConversion.javaTypeName(of: declared.swiftType))
            var expected = "\(javaName) in field \(name)"
            if declared.swiftType == JavaBigInteger.self, value is Double || value is Float {
                // A number with a fraction or an exponent (`1e30`) is a double, which is no whole
                // number a person meant exactly.
                expected += " (a whole number, or its digits as a string: \"1000000000000000000000000000000\")"
            } else if let form = Self.documentForm(of: declared.swiftType) {
                expected += " (\(form))"
            }
            // A collection with a class of its own (`java.util.HashSet`) by its class, a
            // document's plain list or map and anything else as such.
            let isPlain =
                value is [Any?] || value is [String: Any?] || value is [AnyHashable: Any?]
                || value is OrderedDictionary<String, Any?> || value is OrderedDictionary<AnyHashable, Any?>
            let isClassedCollection = !isPlain && (value is any AnyElementsExposing || value is any AnyEntriesExposing)
            let found =
                isClassedCollection
                ? Self.javaDescription(of: value, reader.registry) : ValueConversion.describeType(of: value)
            var error = reader.error(.typeMismatch, expected: expected, found: found)
            error.path.append(name)
            if declared.swiftType == DynamicEnumSet.self, let list = value as? [Any?],
                let index = list.firstIndex(where: { !($0 is String || $0 is DynamicEnum) })
            {
                // The element that is no constant (a null).
                error.found = list[index].map { ValueConversion.describeType(of: $0) } ?? "null"
                error.path.append(String(index))
            }
            throw error
        }
        return result
    }

    /// The forms a document may give a value of `type` in, for an error about another form.
    private static func documentForm(of type: any Any.Type) -> String? {
        switch type {
        case is DynamicEnumSet.Type: "a list of constant names of its enum, without null"
        case is UInt16.Type: "one character of one UTF-16 code unit, or its number"
        case is UUID.Type: "its text, such as \"123e4567-e89b-12d3-a456-426614174000\""
        case is Duration.Type: "its parts: {\"seconds\": 5400, \"nanos\": 0}"
        case is JavaZonedDateTime.Type:
            "its parts: {\"year\": 2024, \"month\": 3, \"day\": 1, \"hour\": 10, \"minute\": 0, \"second\": 0, "
                + "\"nano\": 0, \"zone\": \"Europe/Paris\"}"
        case is JavaOffsetDateTime.Type:
            "its parts: {\"year\": 2024, \"month\": 3, \"day\": 1, \"hour\": 10, \"minute\": 0, \"second\": 0, "
                + "\"nano\": 0, \"totalSeconds\": 3600}"
        case is JavaPeriod.Type: "its parts: {\"years\": 1, \"months\": 2, \"days\": 3}"
        default: nil
        }
    }

    /// The first element of a plain list that an element of the primitive array type `type`
    /// (`[Int32]` for `int[]`, `Data` for `byte[]`) cannot hold, with its index; `nil` when
    /// `type` is no such array or every element fits.
    private static func firstElementThatDoesNotFit(_ value: Any, _ type: any Any.Type) -> (Int, Any?)? {
        guard let list = value as? any AnyElementsExposing else { return nil }
        func fits<Element>(_: Element.Type, _ element: Any?) -> Bool {
            guard Element.self != Int8.self || type != Data.self else {
                // `byte[]` as signed or unsigned bytes.
                return ValueConversion.convert(element, to: Int64.self).map { (-128...255).contains($0) } ?? false
            }
            return ValueConversion.convert(element, to: Element.self) != nil
        }
        let elementType: any Any.Type
        if type == Data.self {
            elementType = Int8.self
        } else if let array = type as? any PrimitiveArrayType.Type {
            elementType = array.primitiveElementType
        } else {
            return nil
        }
        for (index, element) in list.anyElements.enumerated() {
            func open<Element>(_ elementType: Element.Type) -> Bool { fits(elementType, element) }
            if !open(elementType) { return (index, ValueConversion.flatten(element)) }
        }
        return nil
    }

    /// Whether `value` is a scalar a format with keys gives without a class of its own (a JSON
    /// boolean, number or string, a property list's), in a slot that declares a class: it is a
    /// value of that class (`"price": 9.90` a `BigDecimal`, `"price": "9.90"` too), or an error
    /// where it cannot be one (`true` for a `BigDecimal`, a number for a `Date`), which Java
    /// would otherwise find in its field (Kryo 4 and 5 store it there).
    private static func isPlainScalar(_ value: Any, _ declared: DeclaredType, _ reader: any ValueReader) -> Bool {
        // Beans, arrays and containers say what is wrong with a scalar themselves
        // (``schemaClassProblem(_:_:_:)``).
        let type = declared.swiftType
        guard !reader.isPositional, type != Any.self, type != DynamicObject.self, type != DynamicArray.self,
            containerKind(of: declared) == nil
        else { return false }
        // A property list's date and data too (`<date>` for a `BigDecimal`).
        return value is Bool || value is String || value is any BinaryInteger || value is Double || value is Date
            || value is Data
    }

    /// Whether `value` is of a Java class of its own that a plain list, map or set would lose
    /// (Java's `List.of`, `Arrays.asList`, `Collections.emptyMap()`, a `LinkedList` read with
    /// its `$class`): anything but the plain containers that formats without classes read.
    private static func carriesItsClass(_ value: Any, _ registry: Registry) -> Bool {
        if value is any JavaClassChosenByValue { return true }
        let type = Swift.type(of: value)
        return
            !(type == [Any?].self || type == OrderedDictionary<AnyHashable, Any?>.self
            || type == [AnyHashable: Any?].self || type == OrderedDictionary<String, Any?>.self
            || type == [String: Any?].self || type == OrderedSet<AnyHashable>.self || type == Set<AnyHashable>.self)
    }

    /// `value` as the Swift type of a primitive: an absent value is Java's default, a number of
    /// another type is converted when it fits exactly.
    private func convert<P: JavaPrimitive>(_ value: Any?, _ type: P.Type, _ primitive: JavaPrimitiveType) throws -> P {
        guard let value else {
            guard let zero = defaultValue as? P else {
                throw SerializationError(.typeMismatch, expected: "a \(primitive.rawValue)", found: "nil", path: [name])
            }
            return zero
        }
        if let exact = value as? P, Swift.type(of: value) == P.self { return exact }
        if let converted = ValueConversion.convert(value, to: P.self) { return converted }
        throw SerializationError(
            .typeMismatch, expected: "a \(primitive.rawValue)", found: ValueConversion.describeType(of: value),
            path: [name])
    }

    /// Throws when `value` cannot be a value of its field (``schemaClassProblem(_:_:)``).
    private func checkSchemaClasses(
        _ value: Any?, _ declared: DeclaredType, in object: DynamicObject, _ registry: Registry
    ) throws {
        guard let problem = Self.schemaClassProblem(value, declared, registry) else { return }
        throw SerializationError(
            .typeMismatch, expected: "\(problem.expected) in \(object.javaClass).\(name)", found: problem.found,
            path: [name] + problem.within)
    }

    /// What is wrong with `value` in a slot of `declared`, where the schema's classes tell: a
    /// slot of a class with fields holds objects (of it or a subclass, which Java alone knows),
    /// and the elements of a collection, the keys and values of a map, the classes its generic
    /// arguments name; a slot of a collection or map holds no string, number, date, enum
    /// constant or object of a schema class. Java would refuse anything else (`Can not set
    /// lib.Book.author to java.lang.String`), or read it into a field that cannot hold it (Kryo
    /// 5). `nil` when nothing is; `within` is the place of the wrong value inside `value` (the
    /// index of a list element, the key of a map value), as a document's key path goes on.
    static func schemaClassProblem(_ value: Any?, _ declared: DeclaredType, _ registry: Registry)
        -> (expected: String, found: String, within: [String])?
    {
        guard let value = ValueConversion.flatten(value) else { return nil }
        if let container = containerKind(of: declared), isNeverAContainer(value) || isOtherContainer(value, declared) {
            return (declared.javaName.map { "a \($0)" } ?? container, javaDescription(of: value, registry), [])
        }
        if declared.swiftType == DynamicObject.self {
            let type = Swift.type(of: value)
            if type == DynamicObject.self, let object = value as? DynamicObject, let javaName = declared.javaName,
                object.javaClass != javaName, let slotClass = registry.registration(forJavaName: javaName),
                let valueClass = registry.registration(forJavaName: object.javaClass), !slotClass.mayHold(valueClass)
            {
                // An object of another schema class, which lacks fields of the slot's: no subclass.
                return ("an object of \(javaName) or of a subclass", valueClass.describedAsValue(in: slotClass), [])
            }
            guard type != DynamicObject.self, type != UnknownObject.self else { return nil }
            return (
                "an object of \(declared.javaName ?? "a class of the schema")", javaDescription(of: value, registry), []
            )
        }
        if declared.isFinalScalar, Self.isObjectOrContainer(value) {
            // An object, a list or a map where a string or a number is declared (the values of a
            // `Map<String, String>`): Kryo 4, which ignores the generic arguments, would write it.
            return (
                declared.javaName.map { "a \($0)" } ?? "\(declared.swiftType)", javaDescription(of: value, registry), []
            )
        }
        if declared.swiftType == DynamicEnum.self, let constant = value as? DynamicEnum,
            let javaName = declared.javaName,
            constant.javaClass != javaName, registry.registration(forJavaName: javaName)?.swiftType == DynamicEnum.self
        {
            // A constant of another enum (its id mistaken for the slot enum's): no enum extends another.
            return ("a constant of \(javaName)", "a constant of \(constant.javaClass)", [])
        }
        if let array = value as? DynamicArray, let name = declared.javaName, name.hasPrefix("[L"), name.hasSuffix(";") {
            // The elements of an array of a schema class or enum.
            let component = String(name.dropFirst(2).dropLast())
            guard let registration = registry.registration(forJavaName: component),
                registration.swiftType == DynamicEnum.self || registration.swiftType == DynamicObject.self
            else { return nil }
            let element = DeclaredType(registration.swiftType, javaName: component)
            for (index, value) in array.elements.enumerated() {
                if let problem = schemaClassProblem(value, element, registry) {
                    return (problem.expected, problem.found, ["\(index)"] + problem.within)
                }
            }
            return nil
        }
        let arguments = declared.genericArguments
        guard !arguments.isEmpty,
            arguments.contains(where: { $0.mentionsSchemaClass || $0.isFinalScalar || containerKind(of: $0) != nil })
        else {
            return nil
        }
        let shared = (value as? SharedValue)?.value ?? value
        if let map = shared as? any AnyEntriesExposing, arguments.count == 2 {
            for entry in map.anyEntries {
                // A constant as its name, as a document writes the key (`SEA`).
                let key = ValueConversion.flatten(entry.key).map { ($0 as? DynamicEnum)?.name ?? "\($0)" } ?? "null"
                if let problem = schemaClassProblem(entry.key, arguments[0], registry) {
                    return (problem.expected, problem.found + " as the key \(key)", [])
                }
                if let problem = schemaClassProblem(entry.value, arguments[1], registry) {
                    return (problem.expected, problem.found, [key] + problem.within)
                }
            }
        } else if let list = shared as? any AnyElementsExposing {
            for (index, element) in list.anyElements.enumerated() {
                if let problem = schemaClassProblem(element, arguments[0], registry) {
                    return (problem.expected, problem.found, ["\(index)"] + problem.within)
                }
            }
        }
        return nil
    }

    /// A document's plain list, set or map in a field of a JDK interface that a plain value's
    /// class (`ArrayList`, `HashSet`, `HashMap`) does not implement, as the interface's usual
    /// class (``JDKAbstractClasses/documentImplementation(of:)``): a `LinkedList` for a `Queue`,
    /// a `TreeMap` for a `SortedMap`. A value the document shares keeps the class of its first place.
    private func implemented(_ read: Any?, _ reader: any ValueReader) -> Any? {
        guard reader.readsDocument, let abstractClass,
            let implementation = JDKAbstractClasses.documentImplementation(of: abstractClass),
            let value = ValueConversion.flatten(read)
        else { return read }
        // A value aliases share: given the class by the field where it is written in full, in
        // every place (an alias's field keeps the class, and its check, as it is).
        let shared = Swift.type(of: value) == SharedValue.self ? value as? SharedValue : nil
        if let shared {
            guard !shared.isOpen, let document = reader as? any AliasTellingReader, !document.lastValueWasAnAlias
            else { return read }
        }
        guard let plain = shared.map({ ValueConversion.flatten($0.value) }) ?? value else { return read }
        let type = Swift.type(of: plain)
        guard
            type == [Any?].self || type == OrderedSet<AnyHashable>.self
                || type == OrderedDictionary<AnyHashable, Any?>.self,
            let target = reader.registry.registration(forJavaName: implementation)?.swiftType
        else { return read }
        func convert<T>(_: T.Type) -> Any? { ValueConversion.convert(plain, to: T.self, javaClass: implementation) }
        guard let converted = _openExistential(target, do: convert) else { return read }
        guard let shared else { return converted }
        shared.replaceValue(converted)
        return read
    }

    /// What is wrong with `value` in this field of a JDK abstract class (``abstractClass``), by
    /// its Java class; `nil` when nothing is, or nothing can be told (an object of a schema
    /// class, which may extend or implement anything).
    private func abstractClassProblem(_ value: Any?, _ registry: Registry) -> (expected: String, found: String)? {
        guard let abstractClass, let value = ValueConversion.flatten(value) else { return nil }
        let plain = (value as? SharedValue)?.value ?? value
        let type = Swift.type(of: plain)
        guard type != DynamicObject.self, type != UnknownObject.self else { return nil }
        // A plain list (a document's array) is written as an `ArrayList`, which a `List` or
        // `Collection` field holds (a `Queue` field's became its usual class, ``implemented(_:_:)``).
        if type == [Any?].self,
            JDKAbstractClasses.admits(abstractClass, valueClass: "java.util.ArrayList", isEnumConstant: false) == true
        {
            return nil
        }
        let registration = plain is SharedString ? nil : registry.registration(forValue: plain)
        guard let valueClass = plain is SharedString ? "java.lang.String" : registration?.javaName,
            JDKAbstractClasses.admits(
                abstractClass, valueClass: valueClass,
                isEnumConstant: plain is DynamicEnum || registration?.identity == .enumConstant) == false
        else { return nil }
        return ("a \(abstractClass)", "a \(valueClass)")
    }

    /// What a slot of a Java collection, map or array type holds, as an error names it; `nil`
    /// for another slot.
    private static func containerKind(of declared: DeclaredType) -> String? {
        let type = declared.swiftType
        if type is any AnyEntriesExposing.Type { return "a java.util.Map" }
        if type is any AnyElementsExposing.Type { return "a collection or array" }
        return nil
    }

    /// Whether `value` is an object of a schema class, an enum constant, an unknown object, a
    /// list or a map: what no string or number slot holds.
    private static func isObjectOrContainer(_ value: Any) -> Bool {
        let plain = (value as? SharedValue)?.value ?? value
        return plain is DynamicObject || plain is DynamicEnum || plain is UnknownObject || plain is DynamicArray
            || plain is any AnyElementsExposing || plain is any AnyEntriesExposing
    }

    /// Whether `value` is of a kind no Java collection or map is: a string, number, boolean,
    /// date, enum constant, or an object of a schema class with fields (Kryo writes a class
    /// that is a collection or map with its collection or map serializer, not field by field).
    private static func isNeverAContainer(_ value: Any) -> Bool {
        let plain = (value as? SharedValue)?.value ?? value
        return plain is String || plain is SharedString || plain is Bool || plain is any BinaryInteger
            || plain is any BinaryFloatingPoint || plain is Date || plain is DynamicEnum || plain is DynamicObject
    }

    /// Whether `value` is a list where `declared` is a map, or a map where it is a collection: a
    /// document's `[]` for a `Map` argument or `{}` for a `List` one, which Kryo would write with
    /// the other kind's generic arguments (a stream Java cannot read).
    private static func isOtherContainer(_ value: Any, _ declared: DeclaredType) -> Bool {
        let plain = (value as? SharedValue)?.value ?? value
        let type = declared.swiftType
        if type is any AnyEntriesExposing.Type { return plain is any AnyElementsExposing }
        return type is any AnyElementsExposing.Type && plain is any AnyEntriesExposing
    }

    /// `value` as a person who wrote a document or a Java class names it: by its Java class
    /// where it has one (`a java.lang.String`, `a java.util.ArrayList`).
    static func javaDescription(of value: Any, _ registry: Registry) -> String {
        if value is SharedString { return "a java.lang.String" }
        if let shared = value as? SharedValue, shared.isOpen { return ValueConversion.describeType(of: shared) }
        let plain = (value as? SharedValue)?.value ?? value
        if let registration = registry.registration(forValue: plain) { return "a \(sourceName(registration.javaName))" }
        return ValueConversion.describeType(of: plain)
    }

    private func mismatch(expected: String, found value: Any?, in object: DynamicObject) -> SerializationError {
        SerializationError(
            .typeMismatch, expected: "\(expected) in \(object.javaClass).\(name)",
            found: ValueConversion.describeType(of: value), path: [name])
    }
}

extension DeclaredType {
    /// Whether the type is a string, a boxed number, a boolean or a character: final classes
    /// whose slot holds nothing else.
    fileprivate var isFinalScalar: Bool {
        let type = swiftType
        return type == String.self || type == Int32.self || type == Int64.self || type == Double.self
            || type == Float.self || type == Bool.self || type == Int16.self || type == Int8.self
            || type == UInt16.self
    }

    /// Whether a class of the schema with fields is this type or one of its generic arguments,
    /// at any depth (``DynamicField/schemaClassProblem(_:_:)``).
    fileprivate var mentionsSchemaClass: Bool {
        swiftType == DynamicObject.self || genericArguments.contains { $0.mentionsSchemaClass }
    }
}

/// A Swift array of a Java primitive (`[Int32]` for `int[]`): its element type.
private protocol PrimitiveArrayType {
    static var primitiveElementType: any Any.Type { get }
}

extension Array: PrimitiveArrayType where Element: JavaPrimitive {
    fileprivate static var primitiveElementType: any Any.Type { Element.self }
}
