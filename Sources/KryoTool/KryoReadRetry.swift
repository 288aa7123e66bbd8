import KryoBinary
import KryoCore
import KryoRichText

/// Other readings of a Kryo stream that did not read as asked: the settings a new user most
/// often has wrong, each tried on the same bytes; the first that reads the whole stream is named.
///
/// Only run after a failure, and each try is bounded by the input as any decode is. A reading
/// counts only when its text is text: bytes read with the wrong setting often still decode, with
/// markers and numbers taken into strings (`"\u{1}\u{3}\u{1}tech"`), and naming such a setting
/// would send the user to a wrong value the tool then converts without complaint. Tried in
/// this order: reference tracking the other way (unless a flag set it), Kryo 2.20's ReflectASM
/// fields (public fields of public classes, whose generic arguments 2.20 drops),
/// `CompatibleFieldSerializer` for the field serializer's classes, Kryo 5's `Output` with its
/// varints off, Kryo 4's `FastOutput` and `UnsafeOutput`, then the other Kryo releases.
enum KryoReadRetry {
    /// What to change for `bytes` to read, or `nil` when no single change makes them read.
    ///
    /// - Parameter formatOption: The command's option that names the format (`--from`, `--format`).
    static func suggestion(
        for bytes: [UInt8], as format: DataFormat, with context: ConversionContext, javaClass: String?,
        formatOption: String = "--from"
    ) -> String? {
        suggestion(
            for: bytes, records: nil, as: format, with: context, javaClass: javaClass, formatOption: formatOption)
    }

    /// What to change for a stream of records to read: `bytes` are its first records (all of them
    /// when `isWhole`; else a reading counts when three records read before the bytes run out).
    static func suggestion(
        forRecords bytes: [UInt8], isWhole: Bool, as format: DataFormat, with context: ConversionContext,
        javaClass: String?
    ) -> String? {
        suggestion(
            for: bytes, records: isWhole, as: format, with: context, javaClass: javaClass, formatOption: "--from")
    }

    /// - Parameter records: `nil` for one value; for records, whether `bytes` reach the end.
    private static func suggestion(
        for bytes: [UInt8], records: Bool?, as format: DataFormat, with context: ConversionContext, javaClass: String?,
        formatOption: String
    ) -> String? {
        // The release with the schema's streams (Kryo 4's fast or unsafe ones), as it was read.
        guard let dialect = format.dialect?.using(context.schemas.settings.streams) else { return nil }
        let options = context.options(for: dialect)
        var framing: KryoFraming?
        func reads(_ registry: Registry, _ dialect: KryoDialect, _ options: SerializationOptions) -> Bool {
            reading(registry, dialect, options) != nil
        }
        /// The value read (for records, an empty one), or `nil` when the bytes do not read so.
        func reading(_ registry: Registry, _ dialect: KryoDialect, _ options: SerializationOptions) -> Any?? {
            let codec = KryoCodec(
                registry: registry, dialect: dialect, framing: framing ?? context.framing(javaClass: javaClass),
                options: options)
            if let isWhole = records { return readsRecords(codec, isWhole: isWhole) ? .some(nil) : nil }
            let value: Any??
            if let javaClass {
                value = try? codec.decode(javaClass: javaClass, from: bytes)
            } else {
                value = try? codec.decode(Any?.self, from: bytes)
            }
            guard let value, !ControlCharacterScan.holdsSuspectText(value as Any) else { return nil }
            return value
        }
        func readsRecords(_ codec: KryoCodec, isWhole: Bool, memory: KryoStreamMemory? = nil) -> Bool {
            let stream = KryoStreamReader(codec: codec, bytes: bytes)
            var count = 0
            while true {
                do {
                    if try stream.input.isAtEnd() { return count > 0 }
                    let value = try codec.decode(Any?.self, javaClass: javaClass, from: stream.input, memory: memory)
                    if ControlCharacterScan.holdsSuspectText(value as Any) { return false }
                    count += 1
                } catch {
                    return !isWhole && count >= 3
                }
            }
        }
        if javaClass != nil, !context.rootMayBeNull {
            // Java's `writeObjectOrNull`: with references off, a nil marker before the root; with
            // them on, a nil root is the reference marker of nil, which `writeObject` never writes.
            framing = .objectOrNull
            defer { framing = nil }
            if reads(context.registry, dialect, options) {
                return "the stream reads as Java's writeObjectOrNull writes it (a nil marker before the value): "
                    + "give call: writeObjectOrNull in the schema's profile"
            }
        }
        if let isWhole = records, context.schemas.settings.autoReset {
            // Records that name each class once for the whole stream (`setAutoReset(false)`).
            let codec = KryoCodec(
                registry: context.registry, dialect: dialect, framing: context.framing(javaClass: javaClass),
                options: options)
            if readsRecords(codec, isWhole: isWhole, memory: KryoStreamMemory()) {
                return "the records read as one stream that names each class once (a Java program that calls "
                    + "kryo.setAutoReset(false)): give autoReset: false in the schema's settings"
            }
        }
        if context.references == nil {
            var flipped = options
            flipped.references.toggle()
            if reads(context.registry, dialect, flipped) {
                return flipped.references
                    ? "the stream reads with reference tracking on: give --references (or references: true in the schema's settings)"
                    : "the stream reads with reference tracking off: give --no-references (or references: false in the schema's settings)"
            }
        }
        // The schemas changed one way: whether the stream reads with them, and the changed names.
        func readsChanged(_ changed: (schemas: SchemaSet, names: [String])?) -> String? {
            guard let changed, let registry = try? Registry(schemas: changed.schemas, RichText.registrations()),
                reads(registry, dialect, options)
            else { return nil }
            let more = changed.names.count > 4 ? " and \(changed.names.count - 4) more" : ""
            return changed.names.prefix(4).joined(separator: ", ") + more
        }
        if dialect.version == .kryo2, let named = readsChanged(publicGenericFields(context.schemas)) {
            return "the stream reads when the fields with generic arguments are public (Kryo 2.20 drops the generic "
                + "arguments of a public class's public fields): mark them public: true, or publicFields: true on "
                + "their classes (\(named))"
        }
        if dialect.wire.fixedWidthIntegers, let named = readsChanged(traversableCollections(context.schemas)) {
            return "the stream reads when the collection classes use chill's TraversableSerializer (Scala's "
                + "collections in Apache Spark, whose size is fixed width in unsafe and fast streams): give them "
                + "serializer: traversable (\(named))"
        }
        if let named = readsChanged(compatibleFields(context.schemas)) {
            return "the stream reads when the classes use CompatibleFieldSerializer (a program that calls "
                + "setDefaultSerializer(CompatibleFieldSerializer.class)): give them serializer: compatible "
                + "(\(named))"
        }
        // One enum at a time (another one's constants may have no bodies), then all of them.
        let enums = context.schemas.classes.indices.filter { context.schemas.classes[$0].isEnumWithoutBodies }
        for changed in enums.prefix(8).map({ [$0] }) + (enums.count > 1 ? [enums] : []) {
            if let named = readsChanged(enumsWithBodies(context.schemas, changed)) {
                return "the stream reads when enums have constants with bodies (a constant with { … } makes the "
                    + "enum class not final, so Java writes a class before it): give the constants that have one "
                    + "in bodies: [...] (\(named))"
            }
        }
        if dialect.version == .kryo5, options.settings[VariableLengthFieldsSetting.self] {
            // A program that calls `getFieldSerializerConfig().setVariableLengthEncoding(false)`:
            // the field serializers' `int` and `long` fields fixed width.
            var fixed = options
            fixed.settings[VariableLengthFieldsSetting.self] = false
            if reads(context.registry, dialect, fixed) {
                return "the stream reads with the field serializers' int and long fields fixed width (a program that "
                    + "calls getFieldSerializerConfig().setVariableLengthEncoding(false)): give "
                    + "variableLengthEncoding: false in the schema's settings"
            }
        }
        if dialect.version == .kryo5, dialect.streams == .standard,
            reads(context.registry, dialect.using(.fast), options)
        {
            // A program whose `Output` and `Input` have `setVariableLengthEncoding(false)`: boxed
            // `Integer`s, `int[]`, `long[]`… fixed width.
            return "the stream reads as an Output with varints off writes (a program that calls "
                + "output.setVariableLengthEncoding(false)): give streams: fast in the schema's settings"
        }
        // The field serializers' `setFieldsCanBeNull(false)` and `setFixedFieldTypes(true)`: every
        // field without a null marker, or without a class.
        for (canBeNull, fixed) in [(false, false), (true, true), (false, true)] {
            var changed = context.schemas
            changed.settings.fieldsCanBeNull = canBeNull
            changed.settings.fixedFieldTypes = fixed
            guard changed.settings != context.schemas.settings,
                let registry = try? Registry(schemas: changed, RichText.registrations()),
                reads(registry, dialect, options)
            else { continue }
            let calls = (canBeNull ? [] : ["setFieldsCanBeNull(false)"]) + (fixed ? ["setFixedFieldTypes(true)"] : [])
            let settings = (canBeNull ? [] : ["fieldsCanBeNull: false"]) + (fixed ? ["fixedFieldTypes: true"] : [])
            return "the stream reads with the field serializers' \(calls.joined(separator: " and ")) (a program "
                + "that configures its FieldSerializers so): give \(settings.joined(separator: ", ")) in the schema's "
                + "settings"
        }
        if dialect.version != .kryo2, options.settings[OptimizedGenericsSetting.self] == nil {
            // Kryo 5's `kryo.setOptimizedGenerics(false)`, Kryo 4's
            // `getFieldSerializerConfig().setOptimizedGenerics(true)`: the other way from the
            // release's default.
            let optimized = dialect.version == .kryo4
            var other = options
            other.settings[OptimizedGenericsSetting.self] = optimized
            if reads(context.registry, dialect, other) {
                let call =
                    optimized
                    ? "getFieldSerializerConfig().setOptimizedGenerics(true)" : "kryo.setOptimizedGenerics(false)"
                return "the stream reads with optimized generics \(optimized ? "on" : "off") (a program that calls "
                    + "\(call)): give optimizedGenerics: \(optimized) in the schema's settings"
            }
        }
        if dialect.version == .kryo5 {
            // Kryo 5's CompatibleFieldSerializer and TaggedFieldSerializer configured otherwise
            // (`CompatibleFieldSerializerConfig.setChunkedEncoding(true)`, `setReadUnknownFieldData(false)`…).
            let kinds = Set(context.schemas.classes.compactMap(\.serializerKind))
            for (kind, key, unknownKey) in [
                (FieldSerializerKind.compatible, "compatibleFields", "readUnknownFieldData"),
                (.tagged, "taggedFields", "readUnknownTagData"),
            ] where kinds.contains(kind) {
                let current =
                    kind == .compatible
                    ? options.settings[CompatibleFieldSetting.self] : options.settings[TaggedFieldSetting.self]
                for (unknown, chunked) in [(true, true), (false, true), (true, false), (false, false)]
                where unknown != current.readUnknownData || chunked != current.chunkedEncoding {
                    var changed = options
                    let evolution = KryoEvolutionOptions(readUnknownData: unknown, chunkedEncoding: chunked)
                    if kind == .compatible {
                        changed.settings[CompatibleFieldSetting.self] = evolution
                    } else {
                        changed.settings[TaggedFieldSetting.self] = evolution
                    }
                    if reads(context.registry, dialect, changed) {
                        return
                            "the stream reads with the \(kind == .compatible ? "Compatible" : "Tagged")FieldSerializer's "
                            + "\(unknownKey) \(unknown) and chunkedEncoding \(chunked) (the program's serializer config): "
                            + "give \(key): {\(unknownKey): \(unknown), chunkedEncoding: \(chunked)} in the schema's settings"
                    }
                }
            }
        }
        if dialect.version == .kryo4 {
            // Kryo 4's FastOutput and UnsafeOutput write integers fixed width, big-endian and in the
            // machine's order: a stream of one often reads as the other too, its numbers byte-swapped
            // (1 as 16777216). The reading whose numbers are the smaller is named.
            let readings = [KryoStreamClasses.fast, .unsafe].filter { $0 != dialect.streams }.compactMap { streams in
                reading(context.registry, dialect.using(streams), options).map { (streams, $0) }
            }
            if let best = readings.min(by: {
                NumberMagnitudeScan.bits(in: $0.1 as Any) < NumberMagnitudeScan.bits(in: $1.1 as Any)
            }) {
                func output(_ streams: KryoStreamClasses) -> String { streams == .fast ? "FastOutput" : "UnsafeOutput" }
                let other = readings.first { $0.0 != best.0 }.map {
                    " (it reads as \(output($0.0)) writes too, with larger numbers: its integers in the other byte order)"
                }
                return "the stream reads as Kryo 4's \(output(best.0)) writes: give streams: \(best.0.rawValue) in the "
                    + "schema's settings\(other ?? "")"
            }
        }
        // Every id one to three off: a register call left out, or one too many, before the rest.
        for shift in [1, -1, 2, -2, 3, -3] {
            if let named = readsChanged(shiftedIDs(context.schemas, by: shift)) {
                return "the stream reads with the schema's ids \(abs(shift)) \(shift > 0 ? "higher" : "lower") "
                    + "(\(named)): check the order of the program's register calls (kryo.register(Class) takes the "
                    + "next free id)"
            }
        }
        // One field fewer: a `transient` or `static` field declared, which Kryo does not write.
        // Fields of one type can each be the one: every field that reads is named.
        let dropped = droppableFields(context.schemas).prefix(48).filter { classIndex, fieldName in
            readsChanged(withoutField(fieldName, of: classIndex, in: context.schemas)) != nil
        }.map { "\(context.schemas.classes[$0.0].javaName).\($0.1)" }
        if let first = dropped.first {
            let which =
                dropped.count == 1
                ? "the field \(first)" : "one of the fields \(dropped.prefix(6).joined(separator: ", "))"
            return "the stream reads without \(which) (a transient or static field, which Kryo does not write, or "
                + "one the Java class no longer has): leave it out of the schema"
        }
        for other in [DataFormat.kryo2, .kryo4, .kryo5] where other.dialect?.version != dialect.version {
            guard let otherDialect = other.dialect else { continue }
            if reads(context.registry, otherDialect, context.options(for: otherDialect)) {
                return "the stream reads as \(other.rawValue) (\(otherDialect)): give \(formatOption) \(other.rawValue)"
            }
        }
        return nil
    }

    /// The schemas with every class laid out by `FieldSerializer` laid out by
    /// `CompatibleFieldSerializer` instead, and those classes' names; `nil` when there is none.
    /// The schemas with every program collection class (`extends: "ArrayList<Object>"`) written
    /// by chill's `TraversableSerializer`.
    private static func traversableCollections(_ schemas: SchemaSet) -> (schemas: SchemaSet, names: [String])? {
        var changed = schemas
        var names: [String] = []
        for index in changed.classes.indices {
            let schema = changed.classes[index]
            guard schema.collectionSuperclass != nil, !schema.extendsAMap, !schema.usesTraversableSerializer else {
                continue
            }
            changed.classes[index].usesTraversableSerializer = true
            names.append(schema.javaName)
        }
        return names.isEmpty ? nil : (changed, names)
    }

    private static func compatibleFields(_ schemas: SchemaSet) -> (schemas: SchemaSet, names: [String])? {
        var changed = schemas
        var names: [String] = []
        for index in changed.classes.indices {
            guard case .fields(.field, let fields) = changed.classes[index].layout else { continue }
            changed.classes[index].layout = .fields(.compatible, fields)
            names.append(changed.classes[index].javaName)
        }
        return names.isEmpty ? nil : (changed, names)
    }

    /// The fields of the classes `FieldSerializer` lays out, as (class index, field key) pairs.
    private static func droppableFields(_ schemas: SchemaSet) -> [(Int, String)] {
        schemas.classes.indices.flatMap { index -> [(Int, String)] in
            guard case .fields(.field, let fields) = schemas.classes[index].layout else { return [] }
            return fields.map { (index, $0.key) }
        }
    }

    /// The schemas with the field `key` left out of the class at `index`.
    private static func withoutField(_ key: String, of index: Int, in schemas: SchemaSet) -> (
        schemas: SchemaSet, names: [String]
    )? {
        var changed = schemas
        guard case .fields(let kind, let fields) = changed.classes[index].layout else { return nil }
        changed.classes[index].layout = .fields(kind, fields.filter { $0.key != key })
        return (changed, [key])
    }

    /// The schemas with every class id moved by `shift`, and the moved classes' names with their
    /// new ids; `nil` when no class has an id or one would go below 0.
    private static func shiftedIDs(_ schemas: SchemaSet, by shift: Int) -> (schemas: SchemaSet, names: [String])? {
        var changed = schemas
        var names: [String] = []
        for index in changed.classes.indices {
            guard let id = changed.classes[index].id else { continue }
            guard id + shift >= 0 else { return nil }
            changed.classes[index].id = id + shift
            names.append("\(changed.classes[index].javaName) \(id + shift)")
        }
        return names.isEmpty ? nil : (changed, names)
    }

    /// The schemas with the enums at `indices` given as having constants with bodies (their
    /// classes not final, every constant with a body class), and those enums' names; `nil` when
    /// there is none.
    private static func enumsWithBodies(_ schemas: SchemaSet, _ indices: [Int]) -> (
        schemas: SchemaSet, names: [String]
    )? {
        var changed = schemas
        var names: [String] = []
        for index in indices {
            guard case .enumeration(let constants) = changed.classes[index].layout,
                !changed.classes[index].constantsHaveBodies
            else { continue }
            changed.classes[index].constantsHaveBodies = true
            // Java names the body classes `E$1`, `E$2`… in the order of the constants that have
            // one; a stream that names them needs the names known, whichever constants they are.
            changed.classes[index].constantsWithBodies = constants
            names.append(changed.classes[index].javaName)
        }
        return names.isEmpty ? nil : (changed, names)
    }

    /// The schemas with every field that has generic arguments and is not yet public made public,
    /// and those fields' names (`Class.field`); `nil` when there is none.
    private static func publicGenericFields(_ schemas: SchemaSet) -> (schemas: SchemaSet, names: [String])? {
        var changed = schemas
        var names: [String] = []
        for index in changed.classes.indices {
            guard case .fields(let kind, var fields) = changed.classes[index].layout else { continue }
            for fieldIndex in fields.indices where !fields[fieldIndex].isPublicField {
                guard case .object(_, let arguments) = fields[fieldIndex].type, !arguments.isEmpty else { continue }
                fields[fieldIndex].isPublicField = true
                names.append("\(changed.classes[index].javaName).\(fields[fieldIndex].name)")
            }
            changed.classes[index].layout = .fields(kind, fields)
        }
        return names.isEmpty ? nil : (changed, names)
    }
}

extension JavaClassSchema {
    /// Whether the class is an enum whose constants have no bodies (its class final).
    fileprivate var isEnumWithoutBodies: Bool {
        guard case .enumeration = layout else { return false }
        return !constantsHaveBodies
    }
}
