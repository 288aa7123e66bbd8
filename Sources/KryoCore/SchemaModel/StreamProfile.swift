/// A named kind of stream a schema's classes are written in: its stream settings, whether its
/// classes are written by their ids, and Java's top-level call.
///
/// One Java domain is often read from several streams: a registered one and one written without
/// `register` calls, or one from another service's Kryo release. A schema file declares the
/// classes once and a profile for each kind of stream (`profiles:`); ``SchemaSet/profiles``
/// holds them by name, and ``SchemaSet/applying(_:)`` gives the set as a profile's streams use it:
///
/// ```swift
/// let schemas = try SchemaFiles.load(URL(fileURLWithPath: "shop.yaml"))
/// if let flink = schemas.applyingProfile(named: "flink") {
///     let codec = KryoCodec(registry: try Registry(schemas: flink), settings: flink.settings, framing: .object)
///     let order = try codec.decode(javaClass: "shop.Order", from: bytes)
/// }
/// ```
public struct StreamProfile: Sendable, Hashable {
    /// The top-level call of the Java program that wrote the stream.
    public enum Call: Sendable, Hashable {
        /// `writeClassAndObject`: a class tag, then the value. The default.
        case writeClassAndObject
        /// `writeObject` of a value of the given class: no class tag (the reader names the class).
        case writeObject(JavaType)
        /// `writeObjectOrNull` of a value of the given class: as `writeObject`, after a nil marker
        /// when references are off (with references on, the reference marker says nil).
        case writeObjectOrNull(JavaType)

        /// The class `writeObject` or `writeObjectOrNull` was given; `nil` for
        /// `writeClassAndObject`.
        public var rootType: JavaType? {
            switch self {
            case .writeClassAndObject: nil
            case .writeObject(let type), .writeObjectOrNull(let type): type
            }
        }

        /// Whether the root may be nil (`writeObjectOrNull`).
        public var rootMayBeNull: Bool {
            if case .writeObjectOrNull = self { return true }
            return false
        }
    }

    /// The stream settings, complete: in a schema file the profile's own, then what `settings`
    /// states, then the defaults of the dialect's `new Kryo()`.
    public var settings: StreamSettings
    /// Whether the stream writes the classes the schema gives ids by those ids (`ids:` in a
    /// schema file). `false`: every class is written by name, as by a Kryo without `register`
    /// calls; the schema's ids are ignored (the classes keep their layouts and serializers).
    public var usesIDs: Bool
    /// The top-level call.
    public var call: Call

    /// Creates a profile.
    public init(settings: StreamSettings = StreamSettings(), usesIDs: Bool = true, call: Call = .writeClassAndObject) {
        self.settings = settings
        self.usesIDs = usesIDs
        self.call = call
    }
}

extension SchemaSet {
    /// The set as the streams of `profile` use it: the profile's settings, and the classes
    /// without their ids when the profile writes classes by name. The profiles stay.
    ///
    /// Give the result to `Registry(schemas:)` and take the stream options from its
    /// ``settings`` (``StreamSettings/serializationOptions``); the profile's ``StreamProfile/call``
    /// tells the top-level call.
    public func applying(_ profile: StreamProfile) -> SchemaSet {
        var set = self
        set.settings = profile.settings
        if !profile.usesIDs {
            for index in set.classes.indices { set.classes[index].id = nil }
        }
        return set
    }

    /// The set as the streams of the profile named `name` use it (``applying(_:)``), or `nil`
    /// when there is no such profile.
    public func applyingProfile(named name: String) -> SchemaSet? {
        profiles[name].map(applying)
    }
}

extension StreamSettings {
    /// The options of a call that reads or writes a stream with these settings: references,
    /// registration required, and the serializer settings that differ from Java's defaults
    /// (``applySerializerSettings(to:)``). The Kryo release and Output classes are the codec's.
    public var serializationOptions: SerializationOptions {
        var options = SerializationOptions(references: references, registrationRequired: registrationRequired)
        applySerializerSettings(to: &options)
        return options
    }
}
