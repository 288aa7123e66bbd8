import KryoCore

/// Encodes and decodes single values in the Kryo binary format, byte-compatible with Java Kryo.
///
/// Each call is independent, as a Java `Kryo` with auto-reset: reference ids and class-name ids
/// start afresh. A codec is a value and is `Sendable`; use one from many threads at once.
///
/// Each thread keeps one writer and one reader (with their reference tables and a small output
/// buffer) from call to call, as a Java program keeps a `Kryo` per thread: a call allocates no
/// codec state of its own. A thread holds on to the registry it used last until it uses another
/// or ends, and to the typed slots of the types its typed calls named (at most 64 a thread, each
/// with its bindings in at most four registries); it holds nothing a call wrote or read.
///
/// ```swift
/// let codec = KryoCodec(registry: registry)
/// let bytes = try codec.encode(bean)                  // Java: kryo.writeClassAndObject(out, bean)
/// let back = try codec.decode(SampleBean.self, from: bytes)
/// ```
public struct KryoCodec: Sendable {
    /// The registry of types, ids and serializers.
    public var registry: Registry
    /// The Kryo release to match.
    public var dialect: KryoDialect
    /// Which top-level Java call the bytes correspond to.
    public var framing: KryoFraming
    /// References, registration-required mode and limits.
    public var options: SerializationOptions

    /// Creates a codec.
    ///
    /// - Parameters:
    ///   - registry: The types the codec knows.
    ///   - dialect: The Java Kryo release whose bytes it writes and reads.
    ///   - framing: The Java call that wrote the bytes (`writeClassAndObject` by default).
    ///   - options: References, registration-required mode and limits; `nil` takes the
    ///     defaults of the dialect's `new Kryo()` (``KryoDialect/defaultOptions``): references on
    ///     in Kryo 2 and 4, off in Kryo 5, where registration is required.
    public init(
        registry: Registry, dialect: KryoDialect = .v2, framing: KryoFraming = .classAndObject,
        options: SerializationOptions? = nil
    ) {
        self.registry = registry
        self.dialect = dialect
        self.framing = framing
        self.options = options ?? dialect.defaultOptions
    }

    /// Creates a codec for streams a schema describes: its Kryo release and Output classes
    /// (``KryoDialect/using(_:)``), references, registration and serializer settings
    /// (``/KryoCore/StreamSettings/serializationOptions``).
    ///
    /// ```swift
    /// let schemas = try SchemaFiles.load(url)
    /// let codec = KryoCodec(registry: try Registry(schemas: schemas), settings: schemas.settings)
    /// ```
    public init(registry: Registry, settings: StreamSettings, framing: KryoFraming = .classAndObject) {
        self.init(
            registry: registry, dialect: KryoDialect(settings.dialect).using(settings.streams), framing: framing,
            options: settings.serializationOptions)
    }

    /// Encodes one value.
    public func encode(_ value: Any?) throws -> [UInt8] {
        let writer = KryoBinaryWriter.beginCall(registry: registry, dialect: dialect, options: options, output: nil)
        defer { writer.endCall() }
        try writer.writeRoot(value, framing: framing, declaredType: nil)
        return writer.output.buffer
    }

    /// Encodes one value and hands `body` its bytes where the writer made them, without copying
    /// them into an array; the bytes are valid only during `body`.
    package func withEncoded<R>(_ value: Any?, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let writer = KryoBinaryWriter.beginCall(registry: registry, dialect: dialect, options: options, output: nil)
        defer { writer.endCall() }
        try writer.writeRoot(value, framing: framing, declaredType: nil)
        return try writer.output.withUnsafeBytes(body)
    }

    /// Encodes one value, declaring its type (needed by ``KryoFraming/objectOrNull`` for nil).
    /// A value of a non-optional type goes through the typed slot of `T`, without boxing: the
    /// faster call when the type is known.
    @inlinable
    public func encode<T>(_ value: T, as type: T.Type) throws -> [UInt8] {
        let writer = KryoBinaryWriter.beginCall(registry: registry, dialect: dialect, options: options, output: nil)
        defer { writer.endCall() }
        try writer.writeRoot(typed: value, framing: framing)
        return writer.output.buffer
    }

    /// Appends one value to `output`, declaring its type: ``encode(_:as:)`` without copying the
    /// bytes out.
    @inlinable
    public func encode<T>(_ value: T, as type: T.Type, to output: KryoOutput) throws {
        try appending(to: output) { writer in try writer.writeRoot(typed: value, framing: framing) }
    }

    /// Appends one value to `output` with `write`; a value that fails to write leaves nothing of
    /// itself in `output`, which then holds whole values only.
    @inlinable
    func appending(to output: KryoOutput, _ write: (KryoBinaryWriter) throws -> Void) throws {
        let mark = output.count
        let writer = KryoBinaryWriter.beginCall(registry: registry, dialect: dialect, options: options, output: output)
        defer { writer.endCall() }
        do {
            try write(writer)
        } catch {
            output.discardBytes(after: mark)
            throw error
        }
    }

    /// Appends one value to `output`.
    public func encode(_ value: Any?, declaredType: (any Any.Type)? = nil, to output: KryoOutput) throws {
        try appending(to: output) { try $0.writeRoot(value, framing: framing, declaredType: declaredType) }
    }

    /// Decodes one value that fills `bytes` exactly.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` for malformed input, for a value that is not a `T`, and
    ///   for bytes left over after the value.
    @inlinable
    public func decode<T>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(T.self, from: $0) }
    }

    /// Decodes one value that fills `bytes` exactly, reading them where they are: for bytes held
    /// by another container (a SwiftNIO `ByteBuffer`'s readable bytes, `Data`, a mapped file),
    /// without copying them into an array first. `bytes` need only stay valid for the call.
    ///
    /// ```swift
    /// let value = try buffer.withUnsafeReadableBytes { try codec.decode(Any?.self, from: $0) }
    /// ```
    ///
    /// - Throws: ``/KryoCore/SerializationError`` for malformed input, for a value that is not a `T`, and
    ///   for bytes left over after the value.
    @inlinable
    public func decode<T>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        if ObjectIdentifier(T.self) == KryoCodec.untyped {
            return unsafeBitCast(try decodeUntyped(from: bytes, javaName: nil), to: T.self)
        }
        return try readingWhole(bytes) { try decode(T.self, with: $0) }
    }

    /// Encodes one value of the Java class `javaName`: for ``KryoFraming/object`` and
    /// ``KryoFraming/objectOrNull``, what Java's `writeObject(output, value)` writes when the
    /// reader names that class (the dynamic path's classes have no Swift type of their own).
    public func encode(_ value: Any?, javaClass javaName: String) throws -> [UInt8] {
        let writer = KryoBinaryWriter.beginCall(registry: registry, dialect: dialect, options: options, output: nil)
        defer { writer.endCall() }
        try writer.writeRoot(value, framing: framing, javaName: javaName)
        return writer.output.buffer
    }

    /// Appends one value of the Java class `javaName` to `output`: ``encode(_:javaClass:)``
    /// for a stream of values.
    public func encode(_ value: Any?, javaClass javaName: String, to output: KryoOutput) throws {
        try appending(to: output) { writer in try writer.writeRoot(value, framing: framing, javaName: javaName) }
    }

    /// Decodes one value of the Java class `javaName` that fills `bytes` exactly: what Java's
    /// `readObject(input, type)` reads, for ``KryoFraming/object`` and ``KryoFraming/objectOrNull``.
    public func decode(javaClass javaName: String, from bytes: [UInt8]) throws -> Any? {
        try bytes.withUnsafeBytes { try decodeUntyped(from: $0, javaName: javaName) }
    }

    /// Decodes the next value of the Java class `javaName` from `input`, leaving the input just
    /// after it: ``decode(javaClass:from:)-(_,[UInt8])`` for a stream of values.
    public func decode(javaClass javaName: String, from input: KryoInput) throws -> Any? {
        let reader = KryoBinaryReader.beginCall(registry: registry, dialect: dialect, options: options, input: input)
        defer { reader.endCall() }
        return try reader.readRoot(framing: framing, javaName: javaName)
    }

    /// Decodes a value without a Swift type (of the Java class `javaName` when given). On the
    /// dynamic path the strings and the values without identity (lists, maps, `BigDecimal`s…)
    /// that Java shared (written once, then referred to) come back as one ``SharedString`` or
    /// ``SharedValue`` each, so that encoding the value again writes the same bytes: a first read
    /// finds them, and only when there are any a second read keeps them. Should the second read
    /// fail (a serializer that insists on a `String` or a value's own type), the first read's
    /// value is returned.
    @usableFromInline
    func decodeUntyped(from bytes: UnsafeRawBufferPointer, javaName: String?) throws -> Any? {
        try decodeUntyped(from: bytes, javaName: javaName, memory: nil)
    }

    /// ``decodeUntyped(from:javaName:)`` of a value of a stream that numbers its class names once
    /// for all its values (`memory`, ``KryoStreamMemory``), when given.
    private func decodeUntyped(from bytes: UnsafeRawBufferPointer, javaName: String?, memory: KryoStreamMemory?)
        throws -> Any?
    {
        func read(_ reader: KryoBinaryReader) throws -> Any? {
            guard let javaName else { return try reader.readRoot(framing: framing, declaredType: Any?.self) }
            return try reader.readRoot(framing: framing, javaName: javaName)
        }
        guard registry.keepsSharedStrings else { return try readingWhole(bytes, memory: memory, read) }
        var shared: Set<Int> = []
        var cycleThroughValue = false
        let before = memory?.readState
        let first = try readingWhole(bytes, memory: memory) { reader in
            reader.findShared()
            let value = try read(reader)
            shared = reader.sharedIDs
            cycleThroughValue = reader.foundCycleThroughValue
            return value
        }
        guard !shared.isEmpty else { return first }
        // The second pass reads the same names and objects again, from where the first began.
        if let memory, let before { memory.restore(before) }
        do {
            return try readingWhole(bytes, memory: memory) { reader in
                reader.keepShared(shared)
                return try read(reader)
            }
        } catch {
            // The first pass's value holds an empty box where a collection contains itself.
            if cycleThroughValue { throw error }
            guard let memory, let before else { return first }
            // The stream's objects must be the first pass's again: it is read once more.
            memory.restore(before)
            return try readingWhole(bytes, memory: memory, read)
        }
    }

    /// Reads one value with `read` through this thread's reader over `bytes`, which it must fill
    /// exactly: bytes left over are an error.
    @inlinable
    func readingWhole<Value>(_ bytes: UnsafeRawBufferPointer, _ read: (KryoBinaryReader) throws -> Value) throws
        -> Value
    {
        let reader = KryoBinaryReader.beginCall(registry: registry, dialect: dialect, options: options, bytes: bytes)
        defer { reader.endCall() }
        let value = try read(reader)
        try reader.input.expectEnd(ofValueIn: bytes.count)
        return value
    }

    /// ``readingWhole(_:_:)`` with the class names and objects `memory` keeps between a stream's values.
    private func readingWhole<Value>(
        _ bytes: UnsafeRawBufferPointer, memory: KryoStreamMemory?, _ read: (KryoBinaryReader) throws -> Value
    ) throws -> Value {
        guard let memory else { return try readingWhole(bytes, read) }
        return try readingWhole(bytes) { reader in try reader.withStreamMemory(memory) { try read(reader) } }
    }

    // MARK: Streams that keep their class names (`setAutoReset(false)`)

    /// Appends one value of a stream whose class names and objects `memory` numbers for all its values
    /// (``KryoStreamMemory``): of the Java class `javaClass` (`writeObject`) when given.
    package func encode(
        _ value: Any?, declaredType: (any Any.Type)?, javaClass: String?, to output: KryoOutput,
        memory: KryoStreamMemory?
    ) throws {
        try appending(to: output) { writer in
            try writer.adoptStreamMemory(memory)
            if let javaClass {
                try writer.writeRoot(value, framing: framing, javaName: javaClass)
            } else {
                try writer.writeRoot(value, framing: framing, declaredType: declaredType)
            }
            writer.keepStreamMemory(in: memory)
        }
    }

    /// Reads the next value of a stream whose class names and objects `memory` numbers for all its values,
    /// leaving `input` just after it: of the Java class `javaClass` (`writeObject`) when given.
    package func decode(
        _: Any?.Type, javaClass: String?, from input: KryoInput, memory: KryoStreamMemory?
    ) throws -> Any? {
        let reader = KryoBinaryReader.beginCall(registry: registry, dialect: dialect, options: options, input: input)
        defer { reader.endCall() }
        return try reader.withStreamMemory(memory) {
            if let javaClass { return try reader.readRoot(framing: framing, javaName: javaClass) }
            return try reader.readRoot(framing: framing, declaredType: Any?.self)
        }
    }

    /// Decodes one value of such a stream that fills `bytes` exactly, keeping Java's shared
    /// strings and values as ``decode(_:from:)-(_,[UInt8])`` does.
    package func decode(javaClass: String?, from bytes: [UInt8], memory: KryoStreamMemory?) throws -> Any? {
        try bytes.withUnsafeBytes { try decodeUntyped(from: $0, javaName: javaClass, memory: memory) }
    }

    /// `Any?`, the type of an untyped decode.
    @usableFromInline static let untyped = ObjectIdentifier(Any?.self)

    /// Decodes the next value from `input`, leaving the input just after it.
    @inlinable
    public func decode<T>(_ type: T.Type, from input: KryoInput) throws -> T {
        let reader = KryoBinaryReader.beginCall(registry: registry, dialect: dialect, options: options, input: input)
        defer { reader.endCall() }
        return try decode(T.self, with: reader)
    }

    @inlinable
    func decode<T>(_ type: T.Type, with reader: KryoBinaryReader) throws -> T {
        if let typed = try reader.readRoot(typed: T.self, framing: framing) { return typed }
        let value = try reader.readRoot(framing: framing, declaredType: T.self)
        // Decoding untyped (`Any?`, the common case for `writeClassAndObject` data): nothing to
        // convert. (Compared with a type identifier made once: naming `Any?` here, in generic
        // code, would look its metadata up in the runtime's cache on every call.)
        if ObjectIdentifier(T.self) == KryoCodec.untyped { return unsafeBitCast(value, to: T.self) }
        // A value of exactly the type asked for (the common case): no cast, no conversion.
        if let value, let exact = ValueConversion.exactly(value, as: T.self) { return exact }
        return try Self.converted(value, to: T.self, offset: reader.input.offset)
    }

    /// A decoded value as the type a call asked for (a list as a `Set`, a number as a wider
    /// one…), or a type mismatch at `offset`, where the value ended.
    @usableFromInline
    static func converted<T>(_ value: Any?, to type: T.Type, offset: Int) throws -> T {
        guard let converted = ValueConversion.convert(value, to: T.self) else {
            throw SerializationError(
                .typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value), offset: offset)
        }
        return converted
    }
}

/// Writes several top-level values one after another to a sink (a file, a pipe), in bounded
/// memory, as consecutive Java `writeClassAndObject` calls on one `Output` would.
public final class KryoStreamWriter {
    private let codec: KryoCodec
    private let output: KryoOutput
    private let memory: KryoStreamMemory?

    /// Creates a stream writer that hands bytes to `sink` in chunks of about `bufferSize`.
    ///
    /// - Parameter autoReset: Whether each value numbers the classes it writes by name from 0,
    ///   as Java's default `Kryo` does; `false` numbers them once for the whole stream, as after
    ///   Java's `kryo.setAutoReset(false)`. With references on, the objects are then numbered
    ///   once for the stream too: a value refers to an object an earlier value wrote (by
    ///   identity) as Java does. A value that fails to write then ends the stream: the next is
    ///   refused.
    public init(
        codec: KryoCodec, bufferSize: Int = 64 * 1024, autoReset: Bool = true,
        sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.codec = codec
        output = KryoOutput(bufferSize: bufferSize, sink: sink)
        memory = autoReset ? nil : KryoStreamMemory()
    }

    /// Writes one value.
    public func write(_ value: Any?) throws {
        try codec.encode(value, declaredType: nil, javaClass: nil, to: output, memory: memory)
        try output.flushIfNeeded()
    }

    /// Writes one value of the Java class `javaName`, as Java's `writeObject` does
    /// (``KryoCodec/encode(_:javaClass:to:)``).
    public func write(_ value: Any?, javaClass javaName: String) throws {
        try codec.encode(value, declaredType: nil, javaClass: javaName, to: output, memory: memory)
        try output.flushIfNeeded()
    }

    /// Hands every buffered byte to the sink.
    public func flush() throws { try output.flush() }

    /// The number of bytes written so far.
    public var byteCount: Int { output.totalCount }
}

/// Reads several top-level values one after another from a source, pulling bytes only as needed.
public final class KryoStreamReader {
    private let codec: KryoCodec
    /// The underlying input.
    public let input: KryoInput
    /// The class names and objects of the stream, when its values number them together.
    package let memory: KryoStreamMemory?

    /// Creates a stream reader over chunks returned by `source` (`nil` at the end).
    ///
    /// - Parameter autoReset: Whether the stream's values number their classes written by name
    ///   each from 0, as Java's default `Kryo` writes them; `false` for a stream written after
    ///   `kryo.setAutoReset(false)`, which names each class once for the whole stream.
    ///   With references on, its objects are numbered once for the stream too: a value may
    ///   refer to an object of an earlier one, which it then holds (the same instance for a
    ///   class, the text for a string).
    public init(codec: KryoCodec, autoReset: Bool = true, source: @escaping () throws -> [UInt8]?) {
        self.codec = codec
        input = KryoInput(source: source)
        memory = autoReset ? nil : KryoStreamMemory()
    }

    /// Creates a stream reader over bytes in memory (see ``init(codec:autoReset:source:)``).
    public init(codec: KryoCodec, autoReset: Bool = true, bytes: [UInt8]) {
        self.codec = codec
        input = KryoInput(bytes)
        memory = autoReset ? nil : KryoStreamMemory()
    }

    /// Reads the next value, or returns `nil` at the end of the stream.
    public func next<T>(_ type: T.Type) throws -> T? {
        if try input.isAtEnd() { return nil }
        guard let memory else { return try codec.decode(T.self, from: input) }
        let value = try codec.decode(Any?.self, javaClass: nil, from: input, memory: memory)
        if let typed = value as? T { return typed }
        return try KryoCodec.converted(value, to: T.self, offset: input.offset)
    }
}
