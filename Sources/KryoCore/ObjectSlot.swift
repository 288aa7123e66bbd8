import Synchronization

/// A slot that holds nested objects of the Swift type `Value` (a field, a collection's elements),
/// bound once per registry so that writing and reading its values needs no lookup, no boxing and
/// no cast.
///
/// Create a slot once (a `let` of a serializer, a `static let`) and write and read its values with
/// ``write(_:to:forKey:)`` and ``read(from:forKey:)``:
///
/// ```swift
/// struct MediaContentSerializer: Serializer {
///     let media = ObjectSlot<Media>(DeclaredType(Media.self, finality: .final, canBeNull: false))
///     func write(_ value: MediaContent, to writer: any ValueWriter) throws {
///         try media.write(value.media, to: writer, forKey: "media")
///     }
///     …
/// }
/// ```
///
/// A slot remembers its binding for the first four registries it meets; with a fifth it resolves
/// the binding on each use (correct, but slower).
public final class ObjectSlot<Value>: Sendable {
    /// The declared type of the slot.
    public let declared: DeclaredType
    // Bindings for up to four registries: retained `BoundSlot<Value>` pointers, 0 while empty.
    // (Plain atomics rather than `AtomicLazyReference`, whose load is not inlinable.)
    @usableFromInline let first = Atomic<Int>(0)
    let second = Atomic<Int>(0)
    let third = Atomic<Int>(0)
    let fourth = Atomic<Int>(0)

    /// A serializer of `Value` compiled for it where the slot was declared, used instead of the
    /// registry's equivalent (created without knowing `Value` statically) when the registration
    /// keeps its type's default serializer.
    @usableFromInline let specialized: TypedSerializer<Value>?

    /// Creates a slot with an explicit declared type.
    ///
    /// - Parameters:
    ///   - declared: The declared type.
    ///   - specialized: A serializer equivalent to `Value`'s default one, specialized for it.
    @usableFromInline
    package init(_ declared: DeclaredType, specialized: TypedSerializer<Value>?) {
        self.declared = declared
        self.specialized = specialized
    }

    /// Creates a slot with an explicit declared type.
    public convenience init(_ declared: DeclaredType) {
        self.init(declared, specialized: nil)
    }

    /// Creates a slot with an explicit declared type and a serializer equivalent to `Value`'s
    /// default one, compiled for `Value` where the slot is declared (inlinable, so that it is).
    ///
    /// - Parameters:
    ///   - declared: The declared type.
    ///   - specialized: A serializer equivalent to `Value`'s default one.
    @inlinable
    public convenience init<S: Serializer>(_ declared: DeclaredType, specialized: S) where S.Value == Value {
        self.init(declared, specialized: TypedSerializer(specialized))
    }

    /// Creates a slot whose declared type is `Value`'s, adjusted by Java facts (see ``Field``).
    public convenience init(java: JavaFieldOptions = .init()) {
        self.init(DeclaredType.of(Value.self, java: java))
    }

    deinit {
        let cached = [
            first.load(ordering: .acquiring), second.load(ordering: .acquiring),
            third.load(ordering: .acquiring), fourth.load(ordering: .acquiring),
        ]
        for bits in cached {
            if let binding = ObjectSlot.binding(bits) { Unmanaged.passUnretained(binding).release() }
        }
    }

    /// The slot's binding in `registry`.
    @inlinable
    package func bound(in registry: Registry) -> BoundSlot<Value> {
        cachedBinding(registry.generation)?.takeUnretainedValue() ?? slowBound(in: registry)
    }

    /// The first cached binding, unretained, when it belongs to the registry of `generation`.
    @inlinable
    func cachedBinding(_ generation: UInt64) -> Unmanaged<BoundSlot<Value>>? {
        guard let pointer = UnsafeRawPointer(bitPattern: first.load(ordering: .acquiring)) else { return nil }
        let binding = Unmanaged<BoundSlot<Value>>.fromOpaque(pointer)
        return binding._withUnsafeGuaranteedRef { $0.generation == generation } ? binding : nil
    }

    @inlinable
    static func binding(_ bits: Int) -> BoundSlot<Value>? {
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<BoundSlot<Value>>.fromOpaque(pointer).takeUnretainedValue()
    }

    @usableFromInline
    func slowBound(in registry: Registry) -> BoundSlot<Value> {
        let cached = [
            second.load(ordering: .acquiring), third.load(ordering: .acquiring),
            fourth.load(ordering: .acquiring),
        ]
        for bits in cached {
            if let binding = ObjectSlot.binding(bits), binding.generation == registry.generation { return binding }
        }
        let binding = BoundSlot<Value>(declared, specialized: specialized, in: registry)
        let bits = Int(bitPattern: Unmanaged.passRetained(binding).toOpaque())
        if first.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged
            || second.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged
            || third.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged
            || fourth.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged
        {
            return binding
        }
        // Every cache is taken (or another thread filled the last one): use the binding uncached.
        Unmanaged.passUnretained(binding).release()
        return binding
    }
}

extension ObjectSlot {
    /// Writes a value held in the slot: typed all the way when its type is the slot's (no boxing,
    /// no lookup), through ``ValueWriter/writeObject(_:as:forKey:)`` otherwise.
    ///
    /// A method of the slot rather than of the writer, so that it is specialized for `Value`
    /// where it is called (a generic method called on `any ValueWriter` would not be).
    @inlinable
    public func write(_ value: Value?, to writer: any ValueWriter, forKey key: String) throws {
        // The cached binding is borrowed, not retained: the slot keeps it alive.
        if let cached = cachedBinding(writer.registryGeneration) {
            return try cached._withUnsafeGuaranteedRef { try write(value, to: writer, forKey: key, bound: $0) }
        }
        try write(value, to: writer, forKey: key, bound: slowBound(in: writer.registry))
    }

    @inlinable
    func write(_ value: Value?, to writer: any ValueWriter, forKey key: String, bound: BoundSlot<Value>) throws {
        // The binding's parts are borrowed: the binding keeps them alive.
        guard let typed = bound.typed else {
            return try writer.writeObject(ValueConversion.erase(value), in: bound.resolved, forKey: key)
        }
        try bound.borrowedResolved._withUnsafeGuaranteedRef { resolved in
            try typed.serializer._withUnsafeGuaranteedRef { serializer in
                try typed.registration._withUnsafeGuaranteedRef { registration in
                    // A subclass instance has a registration of its own.
                    if let value, type(of: value) != Value.self {
                        return try writer.writeObject(value as Any, in: resolved, forKey: key)
                    }
                    // An error on the way out gets the key (``ValueWriter/leaving(_:with:)``).
                    do {
                        guard let value else {
                            if try writer.beginNilObject(in: resolved, forKey: key) {
                                try serializer.writeNil(to: writer)
                            }
                            return
                        }
                        guard
                            try writer.beginObject(
                                registration, value: value, identity: ObjectIdentity(of: value, registration),
                                in: resolved, forKey: key)
                        else { return }
                        try serializer.write(value, to: writer)
                        try writer.endObject()
                    } catch {
                        throw writer.leaving(key, with: error)
                    }
                }
            }
        }
    }

    /// Reads a value held in the slot: typed all the way when the class in the input is the
    /// slot's (no boxing, no cast), through ``ValueReader/readObject(as:forKey:)`` and a
    /// conversion otherwise.
    @inlinable
    public func read(from reader: any ValueReader, forKey key: String) throws -> Value? {
        if let cached = cachedBinding(reader.registryGeneration) {
            return try cached._withUnsafeGuaranteedRef { try read(from: reader, forKey: key, bound: $0) }
        }
        return try read(from: reader, forKey: key, bound: slowBound(in: reader.registry))
    }

    @inlinable
    func read(from reader: any ValueReader, forKey key: String, bound: BoundSlot<Value>) throws -> Value? {
        guard let typed = bound.typed else {
            return try ObjectSlot.converted(reader.readObject(in: bound.resolved, forKey: key), reader)
        }
        // The binding's parts are borrowed: the binding keeps them alive.
        return try bound.borrowedResolved._withUnsafeGuaranteedRef { resolved in
            try typed.serializer._withUnsafeGuaranteedRef { serializer in
                switch try reader.beginObject(in: resolved, forKey: key) {
                case .null:
                    return nil
                case .reference(let value):
                    return try ObjectSlot.converted(value, reader)
                case .body(let registration, let storesReference):
                    let value: Value
                    if registration === resolved.registration {
                        value = try serializer.read(from: reader)
                    } else {
                        guard let other = try ObjectSlot.converted(registration.serializer.read(from: reader), reader)
                        else {
                            throw reader.error(.typeMismatch, expected: "\(Value.self)", found: "nil")
                        }
                        value = other
                    }
                    if storesReference { reader.endObject(storing: value) } else { reader.endObject() }
                    return value
                case .slotBody(let storesReference):
                    let value = try serializer.read(from: reader)
                    if storesReference { reader.endObject(storing: value) } else { reader.endObject() }
                    return value
                case .ownNil(let registration):
                    let value: Value?
                    if registration === resolved.registration {
                        value = try serializer.readNilable(from: reader)
                    } else {
                        value = try ObjectSlot.converted(registration.serializer.readNilable(from: reader), reader)
                    }
                    reader.endObject()
                    return value
                case .slotOwnNil:
                    let value = try serializer.readNilable(from: reader)
                    reader.endObject()
                    return value
                }
            }
        }
    }

    /// Reads a value that Swift requires: nil is an error, unless `Value` is itself optional (a
    /// slot reached from generic code, an element of `[String?]`).
    @inlinable
    public func readRequired(from reader: any ValueReader, forKey key: String) throws -> Value {
        if let value = try read(from: reader, forKey: key) { return value }
        return try ObjectSlot.nilValue(reader)
    }

    /// `nil` as a `Value` when `Value` is optional; otherwise a type-mismatch error.
    @usableFromInline
    static func nilValue(_ reader: any ValueReader) throws -> Value {
        guard let none = ValueConversion.convert(nil, to: Value.self) else {
            throw reader.error(.typeMismatch, expected: "a \(Value.self)", found: "nil")
        }
        return none
    }

    /// `value` as a `Value`, converted when it is not one already (an untyped list to
    /// `[SampleBean]`); `nil` stays `nil`. Inlinable, so that a value of exactly the slot's type
    /// (a back-reference, the common case) is unboxed where the slot is specialized, without a
    /// dynamic cast or a run-time lookup of generic metadata.
    @inlinable
    static func converted(_ value: Any?, _ reader: any ValueReader) throws -> Value? {
        guard let value else { return nil }
        // Untyped slots (`[Any?]` elements) take the value as it is, without a dynamic cast.
        if Value.self == Any?.self { return unsafeBitCast(Any??.some(value), to: Value?.self) }
        if Value.self == Any.self { return unsafeBitCast(Any?.some(value), to: Value?.self) }
        if let exact = ValueConversion.exactly(value, as: Value.self) { return exact }
        return try convertedByCast(value, reader)
    }

    /// ``converted(_:_:)`` for a value of another type than `Value`: a subclass, a value to
    /// convert, or an error.
    @usableFromInline
    static func convertedByCast(_ value: Any, _ reader: any ValueReader) throws -> Value? {
        if !ValueConversion.isOptionalType(Swift.type(of: value)), let typed = value as? Value { return typed }
        if let converted = ValueConversion.convert(value, to: Value.self) { return converted }
        if var failure = CodableValueDecoding.failure(value, to: Value.self) {
            let here = reader.error(failure.kind, expected: failure.expected, found: failure.found)
            failure.offset = here.offset
            failure.path = here.path + failure.path
            throw failure
        }
        throw reader.error(.typeMismatch, expected: "\(Value.self)", found: ValueConversion.describeType(of: value))
    }
}

/// An ``ObjectSlot`` resolved in one registry.
@usableFromInline package final class BoundSlot<Value>: Sendable {
    /// The ``Registry/generation`` of the registry it was resolved in.
    @usableFromInline package let generation: UInt64
    /// What the backend needs to know about the slot.
    @usableFromInline package let resolved: ResolvedSlot
    /// The serializer of the declared type, when its registration serializes exactly `Value`;
    /// `nil` sends values through the type-erased path.
    package let serializer: TypedSerializer<Value>?

    /// ``resolved``, ``serializer`` and the registration, unretained (this binding keeps them
    /// alive), for the hot path; `typed` is `nil` when ``serializer`` is.
    @usableFromInline let borrowedResolved: Unmanaged<ResolvedSlot>
    @usableFromInline let typed: (serializer: Unmanaged<TypedSerializer<Value>>, registration: Unmanaged<Registration>)?

    init(_ declared: DeclaredType, specialized: TypedSerializer<Value>?, in registry: Registry) {
        generation = registry.generation
        resolved = ResolvedSlot(declared, in: registry)
        let registered = resolved.registration?.serializer.typed(Value.self)
        if let specialized, registered != nil, resolved.registration?.usesDefaultSerializer == true {
            serializer = specialized
        } else {
            serializer = registered
        }
        borrowedResolved = Unmanaged.passUnretained(resolved)
        // A type whose values choose their Java class goes through the backend, which asks each
        // value its class (unless the slot is final: Java writes no class there).
        if let serializer, let registration = resolved.registration,
            registration.javaNameOfValue == nil || resolved.isFinal
        {
            typed = (Unmanaged.passUnretained(serializer), Unmanaged.passUnretained(registration))
        } else {
            typed = nil
        }
    }
}

/// A declared type resolved in one registry: what a backend needs to write or read the markers
/// around a nested object (class tag, reference, nil). A class, so that passing it copies nothing.
public final class ResolvedSlot: Sendable {
    /// The declared type.
    public let declared: DeclaredType
    /// Whether values in the slot carry no class tag.
    public let isFinal: Bool
    /// The registration of the declared Swift type, when the registry has one (never for `Any`).
    public let registration: Registration?

    /// Resolves `declared` in `registry`.
    public init(_ declared: DeclaredType, in registry: Registry) {
        let (isFinal, found) = registry.finality(of: declared)
        self.declared = declared
        self.isFinal = isFinal
        if let found {
            registration = found
        } else {
            registration = registry.registration(forDeclared: declared)
        }
    }

    /// Creates a resolved slot from its parts.
    public init(declared: DeclaredType, isFinal: Bool, registration: Registration?) {
        self.declared = declared
        self.isFinal = isFinal
        self.registration = registration
    }
}

/// How a backend recognises a nested object it has written before, when references are on.
public enum ObjectIdentity {
    /// A class instance, by identity.
    case instance(AnyObject)
    /// A Java enum constant, by a number that tells the constants of its type apart (see
    /// ``enumConstantKey(of:_:)``).
    case enumConstant(Int)
    /// A value without identity.
    case none

    /// The identity of `value` under `registration`.
    @inlinable
    @inline(__always)
    public init<Value>(of value: Value, _ registration: Registration) {
        switch registration.identity {
        case .instance: self = .instance(ObjectIdentity.instance(value))
        case .enumConstant: self = .enumConstant(ObjectIdentity.enumConstantKey(of: value, registration))
        case .none: self = .none
        }
    }
}

extension ObjectIdentity {
    /// `value` as a class reference, without the bridging call `as AnyObject` makes in generic code.
    @inlinable
    package static func instance<T>(_ value: T) -> AnyObject {
        if T.self is AnyObject.Type { return unsafeBitCast(value, to: AnyObject.self) }
        if T.self == Any.self { return instance(ofBoxed: value as Any) }
        return value as AnyObject
    }

    /// The class reference inside an `Any`.
    @usableFromInline
    static func instance(ofBoxed value: Any) -> AnyObject {
        func opened<Opened>(_ value: Opened) -> AnyObject {
            if Opened.self is AnyObject.Type { return unsafeBitCast(value, to: AnyObject.self) }
            return value as AnyObject
        }
        return _openExistential(value, do: opened)
    }

    /// A number that tells apart the constants of one enum: the bytes of a plain enum value (its
    /// case number), else its Java ordinal.
    @inlinable
    public static func enumConstantKey<Value>(of value: Value, _ registration: Registration) -> Int {
        enumStoredBytes(of: value) ?? registration.enumOrdinal?(value) ?? 0
    }
}

/// What a backend found where a nested object begins (see ``ValueReader/beginObject(in:forKey:)``).
public enum ObjectReadStep {
    /// The value is nil.
    case null
    /// The value is an object read before (a back-reference).
    case reference(Any)
    /// The body follows: read it with `registration`'s serializer, then call
    /// ``ValueReader/endObject(storing:)`` with the value when `storesReference` is `true`,
    /// ``ValueReader/endObject()`` otherwise.
    case body(Registration, storesReference: Bool)
    /// The body follows and is of the slot's own registration (``ResolvedSlot/registration``),
    /// which the step does not hand out again (sparing a retain and a release per object): read
    /// it with that registration's serializer, then end it as after ``body(_:storesReference:)``.
    /// A backend may always return ``body(_:storesReference:)`` instead.
    case slotBody(storesReference: Bool)
    /// The serializer reads its own nil representation (``Serializer/readNilable(from:)``); then
    /// call ``ValueReader/endObject()``.
    case ownNil(Registration)
    /// ``ownNil(_:)`` with the slot's own registration (``ResolvedSlot/registration``), which the
    /// step does not hand out again. A backend may always return ``ownNil(_:)`` instead.
    case slotOwnNil
}
