import KryoCore

/// Writes a ``SchemaSet`` as the canonical schema file: every setting, classes by their full
/// Java names in the set's order, fields in declaration order, options only where they differ
/// from the defaults. The YAML and JSON forms hold the same content.
struct SchemaFileWriter {
    let set: SchemaSet

    // MARK: YAML

    func yaml() -> String {
        var lines = [
            "settings:",
            "  dialect: \(set.settings.dialect.rawValue)",
            "  references: \(set.settings.references)",
            "  registrationRequired: \(set.settings.registrationRequired)",
        ]
        lines += serializerSettings(set.settings).map { "  \($0.key): \($0.value)" }
        if !set.profiles.isEmpty { lines.append("profiles:") }
        for (name, profile) in sortedProfiles {
            let keys = profileKeys(profile)
            guard !keys.isEmpty else {
                lines.append("  \(yamlScalar(name)): {}")
                continue
            }
            lines.append("  \(yamlScalar(name)):")
            lines += keys.map { "    \($0.key): \($0.value)" }
        }
        guard !set.classes.isEmpty else { return (lines + ["classes: []"]).joined(separator: "\n") + "\n" }
        lines.append("classes:")
        for schema in set.classes {
            lines.append("  - class: " + yamlScalar(writtenName(schema.javaName)))
            for option in classOptions(schema) {
                lines.append("    \(option.key): " + (option.isText ? yamlScalar(option.value) : option.value))
            }
            switch schema.layout {
            case .library: break
            case .interface(let methods):
                lines.append(
                    "    methods: ["
                        + methods.map { yamlScalar(Self.signature($0), inFlow: true) }.joined(separator: ", ")
                        + "]")
            case .enumeration(let constants):
                lines.append(
                    "    enum: [" + constants.map { yamlScalar($0, inFlow: true) }.joined(separator: ", ") + "]")
            case .fields(let kind, let fields):
                if kind != .field { lines.append("    serializer: \(Self.serializerName(kind))") }
                guard !fields.isEmpty else {
                    lines.append("    fields: {}")
                    continue
                }
                lines.append("    fields:")
                for field in fields {
                    let options = fieldOptions(field)
                    let value =
                        options.isEmpty
                        ? yamlScalar(field.type.shortName)
                        : "{type: " + yamlScalar(field.type.shortName, inFlow: true)
                            + options.map { ", \($0.key): \($0.value)" }.joined() + "}"
                    lines.append("      " + yamlScalar(field.key) + ": " + value)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The serializer settings that differ from `base` (by default Java's defaults), in both
    /// syntaxes.
    private func serializerSettings(
        _ settings: StreamSettings, base: StreamSettings = StreamSettings()
    ) -> [(key: String, value: String, json: String)] {
        var result: [(key: String, value: String, json: String)] = []
        if settings.streams != base.streams {
            result.append(("streams", settings.streams.rawValue, quoted(settings.streams.rawValue)))
        }
        if settings.autoReset != base.autoReset {
            result.append(("autoReset", "\(settings.autoReset)", "\(settings.autoReset)"))
        }
        if settings.fieldsCanBeNull != base.fieldsCanBeNull {
            result.append(("fieldsCanBeNull", "\(settings.fieldsCanBeNull)", "\(settings.fieldsCanBeNull)"))
        }
        if settings.fixedFieldTypes != base.fixedFieldTypes {
            result.append(("fixedFieldTypes", "\(settings.fixedFieldTypes)", "\(settings.fixedFieldTypes)"))
        }
        if settings.optimizedGenerics != base.optimizedGenerics, let generics = settings.optimizedGenerics {
            result.append(("optimizedGenerics", "\(generics)", "\(generics)"))
        }
        if settings.variableLengthEncoding != base.variableLengthEncoding {
            let text = "\(settings.variableLengthEncoding)"
            result.append(("variableLengthEncoding", text, text))
        }
        func evolution(_ key: String, _ options: KryoEvolutionOptions, _ unknownData: String) {
            let pairs = [(unknownData, options.readUnknownData), ("chunkedEncoding", options.chunkedEncoding)]
            result.append(
                (
                    key, "{" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}",
                    "{" + pairs.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
                ))
        }
        if settings.compatibleFields != base.compatibleFields {
            evolution("compatibleFields", settings.compatibleFields, "readUnknownFieldData")
        }
        if settings.taggedFields != base.taggedFields {
            evolution("taggedFields", settings.taggedFields, "readUnknownTagData")
        }
        return result
    }

    /// The profiles by name.
    private var sortedProfiles: [(key: String, value: StreamProfile)] {
        self.set.profiles.sorted { $0.key < $1.key }
    }

    /// A profile's keys: what differs from the set's settings (which the canonical file states
    /// in full), `ids: false`, and a `writeObject` call with its type; in both syntaxes.
    private func profileKeys(_ profile: StreamProfile) -> [(key: String, value: String, json: String)] {
        let settings = profile.settings
        let base = set.settings
        var keys: [(key: String, value: String, json: String)] = []
        if settings.dialect != base.dialect {
            keys.append(("dialect", settings.dialect.rawValue, quoted(settings.dialect.rawValue)))
        }
        if settings.references != base.references {
            keys.append(("references", "\(settings.references)", "\(settings.references)"))
        }
        if settings.registrationRequired != base.registrationRequired {
            keys.append(
                ("registrationRequired", "\(settings.registrationRequired)", "\(settings.registrationRequired)"))
        }
        keys += serializerSettings(settings, base: base)
        if !profile.usesIDs { keys.append(("ids", "false", "false")) }
        if let type = profile.call.rootType {
            let call = profile.call.rootMayBeNull ? "writeObjectOrNull" : "writeObject"
            keys.append(("call", call, quoted(call)))
            keys.append(("type", yamlScalar(writtenName(type)), quoted(writtenName(type))))
        }
        return keys
    }

    /// A root class as a file writes it: full class names, arrays in source form.
    private func writtenName(_ type: JavaType) -> String {
        switch type {
        case .object(_, let arguments) where !arguments.isEmpty: type.sourceName
        default: writtenName(type.className)
        }
    }

    // MARK: JSON

    func json() -> String {
        var lines = [
            "{",
            "  \"settings\": {",
            "    \"dialect\": \(quoted(set.settings.dialect.rawValue)),",
            "    \"references\": \(set.settings.references),",
            "    \"registrationRequired\": \(set.settings.registrationRequired)"
                + serializerSettings(set.settings).map { ",\n    \(quoted($0.key)): \($0.json)" }.joined(),
            "  },",
        ]
        if !set.profiles.isEmpty {
            lines.append("  \"profiles\": {")
            for (index, (name, profile)) in sortedProfiles.enumerated() {
                let members = profileKeys(profile).map { "\(quoted($0.key)): \($0.json)" }
                let comma = index < set.profiles.count - 1 ? "," : ""
                if members.isEmpty {
                    lines.append("    \(quoted(name)): {}" + comma)
                    continue
                }
                lines.append("    \(quoted(name)): {")
                lines += members.enumerated().map { "      " + $1 + ($0 < members.count - 1 ? "," : "") }
                lines.append("    }" + comma)
            }
            lines.append("  },")
        }
        guard !set.classes.isEmpty else { return (lines + ["  \"classes\": []", "}"]).joined(separator: "\n") + "\n" }
        lines.append("  \"classes\": [")
        for (index, schema) in set.classes.enumerated() {
            var members = ["\"class\": " + quoted(writtenName(schema.javaName))]
            for option in classOptions(schema) {
                members.append(quoted(option.key) + ": " + (option.isText ? quoted(option.value) : option.value))
            }
            var fieldLines: [String]?
            switch schema.layout {
            case .library: break
            case .interface(let methods):
                members.append(
                    "\"methods\": [" + methods.map { quoted(Self.signature($0)) }.joined(separator: ", ") + "]")
            case .enumeration(let constants):
                members.append("\"enum\": [" + constants.map(quoted).joined(separator: ", ") + "]")
            case .fields(let kind, let fields):
                if kind != .field { members.append("\"serializer\": " + quoted(Self.serializerName(kind))) }
                if fields.isEmpty {
                    members.append("\"fields\": {}")
                } else {
                    fieldLines = fields.enumerated().map { fieldIndex, field in
                        let options = fieldOptions(field)
                        let value =
                            options.isEmpty
                            ? quoted(field.type.shortName)
                            : "{\"type\": " + quoted(field.type.shortName)
                                + options.map { ", \(quoted($0.key)): \($0.value)" }.joined() + "}"
                        return "        " + quoted(field.key) + ": " + value
                            + (fieldIndex < fields.count - 1 ? "," : "")
                    }
                }
            }
            lines.append("    {")
            for (memberIndex, member) in members.enumerated() {
                let isLast = memberIndex == members.count - 1 && fieldLines == nil
                lines.append("      " + member + (isLast ? "" : ","))
            }
            if let fieldLines {
                lines.append("      \"fields\": {")
                lines += fieldLines
                lines.append("      }")
            }
            lines.append("    }" + (index < set.classes.count - 1 ? "," : ""))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Shared

    /// `id`, `final`, `bodies`, `readableName`, `archiveName`, `typeParameters` where set, in that order; text values are
    /// quoted by the caller, numbers and booleans are written as they are.
    private func classOptions(_ schema: JavaClassSchema) -> [(key: String, value: String, isText: Bool)] {
        var options: [(key: String, value: String, isText: Bool)] = []
        if let id = schema.id { options.append(("id", String(id), false)) }
        if schema.isFinal { options.append(("final", "true", false)) }
        if schema.isAbstract { options.append(("abstract", "true", false)) }
        if schema.constantsHaveBodies, schema.constantsWithBodies.isEmpty { options.append(("final", "false", false)) }
        if schema.usesKryoSerializer { options.append(("serializer", "kryo", true)) }
        // A program's collection or map: the JDK class it extends (its elements carry classes).
        if let superclass = schema.collectionSuperclass { options.append(("extends", superclass, true)) }
        if schema.usesTraversableSerializer { options.append(("serializer", "traversable", true)) }
        // The classes it extends or implements: the file writes the superclass's fields into the
        // class's own, so both go under `implements`, which keeps what a slot of them may hold.
        if !schema.supertypes.isEmpty {
            options.append(
                ("implements", "[" + schema.supertypes.map { quoted($0) }.joined(separator: ", ") + "]", false))
        }
        if !schema.constantsWithBodies.isEmpty {
            let list = "[" + schema.constantsWithBodies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            options.append(("bodies", list, false))
        }
        if let name = schema.readableName { options.append(("readableName", name, true)) }
        if let name = schema.archiveName { options.append(("archiveName", name, true)) }
        if !schema.typeParameters.isEmpty {
            // Java identifiers: the same flow list in YAML and JSON.
            let list =
                "["
                + schema.typeParameters.map { name in
                    quoted(schema.typeParameterBounds[name].map { "\(name) extends \($0.shortName)" } ?? name)
                }.joined(separator: ", ") + "]"
            options.append(("typeParameters", list, false))
        }
        return options
    }

    /// A field's options that differ from the defaults, values as both syntaxes write them.
    private func fieldOptions(_ field: JavaFieldSchema) -> [(key: String, value: String)] {
        var options: [(key: String, value: String)] = []
        if let tag = field.tag { options.append(("tag", String(tag))) }
        if field.isDeprecated { options.append(("deprecated", "true")) }
        if field.isAnnexed { options.append(("annexed", "true")) }
        if field.isTransient { options.append(("transient", "true")) }
        if field.since != 0 { options.append(("since", String(field.since))) }
        if !field.isNullable { options.append(("nullable", "false")) }
        if field.isPublicField { options.append(("public", "true")) }
        if let isFinal = field.isFinal { options.append(("final", String(isFinal))) }
        if let erased = field.erasedType { options.append(("erasure", quoted(erased.shortName))) }
        if field.key != field.name { options.append(("name", quoted(field.name))) }
        if !field.elementsCanBeNull { options.append(("elementsCanBeNull", "false")) }
        if field.elementsFinal { options.append(("elementsFinal", "true")) }
        if field.keysFinal { options.append(("keysFinal", "true")) }
        if field.valuesFinal { options.append(("valuesFinal", "true")) }
        if !field.keysCanBeNull { options.append(("keysCanBeNull", "false")) }
        if !field.valuesCanBeNull { options.append(("valuesCanBeNull", "false")) }
        return options
    }

    /// A method as `methods:` writes it: `add(int, String): int`.
    static func signature(_ method: JavaMethodSchema) -> String {
        method.signature + (method.returnType.map { ": \($0.shortName)" } ?? "")
    }

    static func serializerName(_ kind: FieldSerializerKind) -> String {
        switch kind {
        case .field: "field"
        case .tagged: "tagged"
        case .compatible: "compatible"
        case .version: "version"
        case .record: "record"
        }
    }

    /// A class name as a file writes it: arrays in source form (`int[]` for `[I`).
    private func writtenName(_ javaName: String) -> String {
        guard javaName.hasPrefix("[") else { return javaName }
        var dimensions = 0
        var rest = Substring(javaName)
        while rest.first == "[" {
            dimensions += 1
            rest = rest.dropFirst()
        }
        var component: String
        if let primitive = JavaPrimitiveType.allCases.first(where: { $0.descriptor == rest }) {
            component = primitive.rawValue
        } else if rest.hasPrefix("L"), rest.hasSuffix(";"), rest.count > 2 {
            component = JavaType.named(String(rest.dropFirst().dropLast())).shortName
        } else {
            return javaName
        }
        component += String(repeating: "[]", count: dimensions)
        return component
    }

    /// A YAML scalar: plain when it reads back as the same string everywhere, else double-quoted.
    private func yamlScalar(_ text: String, inFlow: Bool = false) -> String {
        let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
            text.unicodeScalars.last != " ", !reserved.contains(text.lowercased())
        else { return quoted(text) }
        let allowed = inFlow ? "_$.<>- " : "_$.<>[]-, "
        let isPlain = text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || allowed.unicodeScalars.contains($0)
        }
        return isPlain && !text.contains("  ") ? text : quoted(text)
    }
}
