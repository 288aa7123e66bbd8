import KryoBinary
import KryoCore

extension KryoNetSerialization {
    /// The framework messages' schema models, with the ids Java gives them in `dialect`
    /// (``frameworkIDs(in:)``), in KryoNet's order.
    public static func frameworkSchemas(in dialect: KryoDialect) -> [JavaClassSchema] {
        let models = [
            FrameworkMessage.RegisterTCP.schemaModel, FrameworkMessage.RegisterUDP.schemaModel,
            FrameworkMessage.KeepAlive.schemaModel, FrameworkMessage.DiscoverHost.schemaModel,
            FrameworkMessage.Ping.schemaModel,
        ]
        return zip(models, frameworkIDs(in: dialect)).map { model, id in
            var model = model
            model.id = id
            return model
        }
    }

    /// The application's classes of schema files as a KryoNet endpoint registers them, after the
    /// framework messages: a class with an `id` keeps it (Java's `kryo.register(type, id)`), one
    /// without takes the next free id, in the files' order (Java's `kryo.register(type)`: 14, 15,
    /// … in Kryo 2.20 and 5, 15, … in Kryo 4). Classes named like a framework message are left
    /// out: the framework's own take their place.
    ///
    /// The settings are KryoNet's in `dialect` (references off, registration required), with the
    /// serializer settings of `classes` (``/KryoCore/StreamSettings/variableLengthEncoding`` and the like).
    public static func applicationSchemas(_ classes: SchemaSet, dialect: KryoDialect) -> SchemaSet {
        let framework = Set(FrameworkMessage.javaNames)
        var taken = Set(frameworkIDs(in: dialect))
        let own = expandingObjectSpace(classes.classes.filter { !framework.contains($0.javaName) })
        for schema in own { if let id = schema.id { taken.insert(id) } }
        var next = firstFreeID(in: dialect)
        let numbered = own.map { schema in
            guard schema.id == nil else { return schema }
            while taken.contains(next) { next += 1 }
            taken.insert(next)
            var schema = schema
            schema.id = next
            return schema
        }
        var settings = classes.settings
        settings.dialect = dialect.version
        settings.references = false
        settings.registrationRequired = true
        return SchemaSet(classes: numbered, settings: settings, profiles: classes.profiles)
    }

    /// The Java name that stands for every class `ObjectSpace.registerClasses(kryo)` registers.
    static let objectSpaceName = "com.esotericsoftware.kryonet.rmi.ObjectSpace"

    /// `classes` with an entry for `ObjectSpace` replaced by the classes its `registerClasses`
    /// registers, in its order (``KryoNetRMI/registrations``), each without an id (Java's
    /// `register(Class)`: the next free one); a class already listed keeps its place, as Java's
    /// `register` of a registered class keeps its registration.
    static func expandingObjectSpace(_ classes: [JavaClassSchema]) -> [JavaClassSchema] {
        guard classes.contains(where: { $0.javaName == objectSpaceName }) else { return classes }
        let listed = Set(classes.map(\.javaName))
        return classes.flatMap { schema -> [JavaClassSchema] in
            guard schema.javaName == objectSpaceName else { return [schema] }
            return KryoNetRMI.javaNames.filter { !listed.contains($0) }.map {
                JavaClassSchema(javaName: $0, layout: .library)
            }
        }
    }

    /// The registry of a KryoNet stream of classes known from schemas (`set`, as
    /// ``schemas(_:dialect:)`` or ``applicationSchemas(_:dialect:)`` numbers them), with `extra`
    /// registrations: KryoNet's RMI classes where the set lists them, with their serializers —
    /// calls of the interfaces the set declares (``DynamicInvokeMethod``), their results, and
    /// remote objects inside other objects.
    static func dynamicRegistry(_ set: SchemaSet, _ extra: [Register] = []) throws -> Registry {
        var rest = set
        var registers = extra
        var classes: [Registration] = []
        rest.classes = set.classes.filter { schema in
            switch schema.javaName {
            case KryoNetRMI.InvokeMethod.javaClassName:
                classes.append(DynamicInvokeMethod.registration(id: schema.id))
            case KryoNetRMI.InvokeMethodResult.javaClassName:
                registers.append(Register(KryoNetRMI.InvokeMethodResult.self, id: schema.id))
            case KryoNetRMI.RemoteObjectReference.javaClassName:
                registers.append(Register(KryoNetRMI.RemoteObjectReference.self, id: schema.id))
            default:
                return true
            }
            return false
        }
        return try Registry(schemas: rest, registers, classes: classes)
    }

    /// Everything a KryoNet stream of `classes` holds, as one schema set: the framework messages
    /// (``frameworkSchemas(in:)``), then the application's classes (``applicationSchemas(_:dialect:)``),
    /// with KryoNet's settings. What ``KryoNetCaptureInspector`` and `kryo inspect --kryonet`
    /// read captures with.
    public static func schemas(_ classes: SchemaSet, dialect: KryoDialect) -> SchemaSet {
        var set = applicationSchemas(classes, dialect: dialect)
        set.classes = frameworkSchemas(in: dialect) + set.classes
        return set
    }

    /// A KryoNet endpoint's serialization for classes known only from schema files (the dynamic
    /// path): the framework messages as their Swift types, then the classes of `classes`
    /// numbered as ``applicationSchemas(_:dialect:)`` says, read and written as
    /// ``/KryoCore/DynamicObject`` and ``/KryoCore/DynamicEnum`` values.
    ///
    /// ```swift
    /// let classes = try SchemaFiles.load(URL(fileURLWithPath: "chat.yaml"))
    /// let serialization = try KryoNetSerialization(schemas: classes, dialect: .v5)
    /// ```
    ///
    /// - Parameters:
    ///   - classes: The application's classes, in the order the Java side registers them.
    ///   - dialect: The Kryo release of the Java peers.
    ///   - options: The Kryo options; `nil` takes KryoNet's, with the serializer settings of
    ///     `classes`.
    /// - Throws: ``/KryoCore/SerializationError`` for a problem of the schema set, an id taken twice (an
    ///   application class given a framework message's id), or a field type the library cannot
    ///   serialize.
    public init(schemas classes: SchemaSet, dialect: KryoDialect = .v2, options: SerializationOptions? = nil) throws {
        let application = Self.applicationSchemas(classes, dialect: dialect)
        let framework = zip(FrameworkMessage.registrations, Self.frameworkIDs(in: dialect)).map { $0.withID($1) }
        var chosen = options ?? Self.options(for: dialect)
        if options == nil { application.settings.applySerializerSettings(to: &chosen) }
        self.init(
            codec: KryoCodec(
                registry: try Self.dynamicRegistry(application, framework), dialect: dialect, options: chosen))
    }
}
