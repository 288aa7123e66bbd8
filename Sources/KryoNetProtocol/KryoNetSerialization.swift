import KryoBinary
import KryoCore

/// How a KryoNet endpoint turns objects into bytes and back: Java KryoNet's `KryoSerialization`.
///
/// Each TCP frame and each UDP datagram holds one object written as Kryo's
/// `writeClassAndObject` writes it. As KryoNet's default `KryoSerialization()` sets up its `Kryo`,
/// references are off and registration is required, and the five ``FrameworkMessage``s are
/// registered first, before the application's classes. Both ends must register the same classes
/// in the same order:
///
/// ```swift
/// // Java: kryo.register(RegisterName.class); kryo.register(String[].class); …
/// let serialization = try KryoNetSerialization(dialect: .v2) {
///     Register(RegisterName.self)
///     Register([String?].self, javaName: "[Ljava.lang.String;")
///     Register(UpdateNames.self)
///     Register(ChatMessage.self)
/// }
/// ```
///
/// An entry without an `id` gets the next free one, as Java's `kryo.register(type)` does; an
/// entry with an `id` keeps it (Java's `kryo.register(type, id)`). Use ``/KryoBinary/KryoDialect/v2`` to talk
/// to KryoNet 2.21, whose jar bundles Kryo 2.20, and ``/KryoBinary/KryoDialect/v5`` for the maintained fork
/// (crykn/kryonet, on Kryo 5).
public struct KryoNetSerialization: Sendable {
    /// The codec every frame and datagram is written and read with.
    public let codec: KryoCodec

    /// How the codec writes a ``FrameworkMessage/Ping``, for answering pings without it; `nil`
    /// when its bytes fit none of the layouts ``PingWire`` knows.
    package let pingWire: PingWire?

    /// The Kryo release both ends speak.
    public var dialect: KryoDialect { codec.dialect }

    /// The registry: framework messages, then the application's classes.
    public var registry: Registry { codec.registry }

    /// Registers the framework messages, then `classes` in order.
    ///
    /// - Parameters:
    ///   - dialect: The Kryo release of the Java peers: `.v2` for KryoNet 2.21, `.v5` for
    ///     crykn/kryonet.
    ///   - options: The Kryo options; `nil` takes KryoNet's (references off, registration
    ///     required, the library's default limits).
    ///   - classes: The application's classes, in the order the Java side registers them.
    /// - Throws: ``/KryoCore/SerializationError`` when two entries share an id or a type, or a type has no
    ///   serializer.
    public init(
        dialect: KryoDialect = .v2, options: SerializationOptions? = nil, @RegistryBuilder classes: () -> [Register]
    ) throws {
        try self.init(dialect: dialect, options: options, classes: classes())
    }

    /// Registers the framework messages, then `classes` in order.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when two entries share an id or a type, or a type has no
    ///   serializer.
    public init(dialect: KryoDialect = .v2, options: SerializationOptions? = nil, classes: [Register]) throws {
        let entries = KryoNetSerialization.numbered(
            FrameworkMessage.registrations + classes, from: KryoNetSerialization.firstFreeID(in: dialect))
        self.init(
            codec: KryoCodec(
                registry: try Registry(entries), dialect: dialect, options: options ?? Self.options(for: dialect)))
    }

    /// Uses a codec built elsewhere (a registry from schema files, say). Its registry must hold
    /// ``FrameworkMessage/registrations`` with the ids Java gives them (``frameworkIDs(in:)``).
    public init(codec: KryoCodec) {
        self.codec = codec
        pingWire = PingWire(codec: codec)
    }

    /// KryoNet's options in `dialect`: those of `new Kryo()`, then `setReferences(false)` and
    /// `setRegistrationRequired(true)`.
    public static func options(for dialect: KryoDialect) -> SerializationOptions {
        var options = dialect.defaultOptions
        options.references = false
        options.registrationRequired = true
        return options
    }

    /// The ids Java gives the framework messages in `dialect`, in registration order: the ids
    /// after `new Kryo()`'s own (9–13 in Kryo 2.20 and 5, 10–14 in Kryo 4, which also registers
    /// `void`).
    public static func frameworkIDs(in dialect: KryoDialect) -> Range<Int> {
        let first = firstFreeID(in: dialect)
        return first..<(first + FrameworkMessage.registrations.count)
    }

    /// The first id `new Kryo()` leaves free.
    static func firstFreeID(in dialect: KryoDialect) -> Int {
        dialect.version == .kryo4 ? 10 : 9
    }

    /// Gives each entry without an id the first free id from `first` on, in order.
    static func numbered(_ entries: [Register], from first: Int) -> [Register] {
        var taken = Set(entries.compactMap(\.id))
        var next = first
        return entries.map { entry in
            guard entry.id == nil else { return entry }
            while taken.contains(next) { next += 1 }
            taken.insert(next)
            return entry.withID(next)
        }
    }

    /// Writes one object as a frame's or datagram's payload.
    public func encode(_ object: Any) throws -> [UInt8] {
        try codec.encode(object)
    }

    /// Writes one object as a payload and hands `body` its bytes where they were made, without
    /// copying them into an array; the bytes are valid only during `body`.
    package func withEncoded<R>(_ object: Any, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try codec.withEncoded(object, body)
    }

    /// Reads one frame's or datagram's payload, all of it.
    public func decode(_ bytes: [UInt8]) throws -> Any? {
        try codec.decode(Any?.self, from: bytes)
    }

    /// Reads one frame's or datagram's payload, all of it, where it lies (a SwiftNIO
    /// `ByteBuffer`'s readable bytes), without copying it.
    public func decode(_ bytes: UnsafeRawBufferPointer) throws -> Any? {
        try codec.decode(Any?.self, from: bytes)
    }
}

extension FrameworkMessage {
    /// The framework messages as registry entries, in KryoNet's order and without ids: put them
    /// first in a registry built by hand, numbered from ``KryoNetSerialization/frameworkIDs(in:)``.
    public static var registrations: [Register] {
        [
            Register(RegisterTCP.self), Register(RegisterUDP.self), Register(KeepAlive.self),
            Register(DiscoverHost.self), Register(Ping.self),
        ]
    }
}
