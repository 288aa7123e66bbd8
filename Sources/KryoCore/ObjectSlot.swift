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
/// A registry binds every slot that its registrations reach — the slots a serializer holds in
/// its stored properties, the fields of every schema — once, when it is built (as Java's
/// `CachedField`s are); a slot it did not reach then (a `static let`, a serializer made later) is
/// bound on its first use with that registry, once. Any number of registries use a slot equally fast.
public final class ObjectSlot<Value>: Sendable {
    /// The declared type of the slot.
    public let declared: DeclaredType
    /// Where the slot's bindings are in each registry's ``SlotBindings``: -1 until a registry
    /// binds the slot, then the same for every registry; freed with the slot.
    @usableFromInline let index = Atomic<Int>(-1)
    /// A number no other slot of this process has: what a binding made on first use is checked by.
    @usableFromInline let serial = SlotIndices.nextSerial()

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
        let index = self.index.load(ordering: .acquiring)
        if index >= 0 { SlotIndices.give(index) }
    }

    /// The slot's binding in `registry`.
    @inlinable
    package func bound(in registry: Registry) -> BoundSlot<Value> {
        binding(registry.slotBindings)?.takeUnretainedValue() ?? lateBound(in: registry)
    }

    /// The slot's binding among `bindings`, unretained (the registry keeps it alive), when the
    /// registry has made it: when it was built, or on an earlier use.
    @inlinable
    @inline(__always)
    package func binding(_ bindings: SlotBindings) -> Unmanaged<BoundSlot<Value>>? {
        let index = self.index.load(ordering: .relaxed)
        if UInt(bitPattern: index) < UInt(bitPattern: bindings.prefilledCount), let bound = bindings.prefilled[index] {
            return Unmanaged.fromOpaque(bound)
        }
        return lateBinding(bindings, index)
    }

    /// ``binding(_:)`` for a slot the registry did not reach when it was built.
    @inlinable
    func lateBinding(_ bindings: SlotBindings, _ index: Int) -> Unmanaged<BoundSlot<Value>>? {
        guard let bound = bindings.late(at: index, serial: serial) else { return nil }
        return Unmanaged.fromOpaque(bound)
    }

    /// Binds the slot in `registry` on its first use there (the registry did not reach it when
    /// it was built) and keeps the binding in the registry for the next uses.
    @usableFromInline
    func lateBound(in registry: Registry) -> BoundSlot<Value> {
        let index = assignedIndex()
        if let bound = registry.slotBindings.late(at: index, serial: serial) {
            return Unmanaged<BoundSlot<Value>>.fromOpaque(bound).takeUnretainedValue()
        }
        let made = BoundSlot<Value>(declared, specialized: specialized, in: registry)
        return unsafeDowncast(registry.slotTable.install(made, index: index, serial: serial), to: BoundSlot<Value>.self)
    }
}

extension ObjectSlot: BindableSlot {
    @usableFromInline
    package func assignedIndex() -> Int {
        let current = index.load(ordering: .acquiring)
        if current >= 0 { return current }
        let taken = SlotIndices.take()
        let (exchanged, original) = index.compareExchange(
            expected: -1, desired: taken, ordering: .acquiringAndReleasing)
        if exchanged { return taken }
        SlotIndices.give(taken)
        return original
    }

    @usableFromInline
    package func makeBinding(in registry: Registry) -> (binding: AnyObject, serializers: [AnyObject]) {
        let binding = BoundSlot<Value>(declared, specialized: specialized, in: registry)
        var serializers: [AnyObject] = []
        if let specialized { serializers.append(specialized) }
        if let serializer = binding.serializer { serializers.append(serializer) }
        if let registration = binding.resolved.registration { serializers.append(registration.serializer) }
        return (binding, serializers)
    }

    @usableFromInline
    package func isBound(in bindings: SlotBindings) -> Bool { binding(bindings) != nil }
}

/// A slot as a registry binds it without knowing its `Value` (see ``ObjectSlot``).
@usableFromInline package protocol BindableSlot: AnyObject, Sendable {
    /// The slot's index in every registry's ``SlotBindings``, given on first need.
    func assignedIndex() -> Int
    /// A new binding of the slot in `registry`, and the serializers it reaches (whose slots the
    /// registry binds too).
    func makeBinding(in registry: Registry) -> (binding: AnyObject, serializers: [AnyObject])
    /// Whether `bindings` hold the slot's binding already.
    func isBound(in bindings: SlotBindings) -> Bool
}

extension ObjectSlot {
    /// Writes a value held in the slot: typed all the way when its type is the slot's (no boxing,
    /// no lookup), through ``ValueWriter/writeObject(_:as:forKey:)`` otherwise.
    ///
    /// A method of the slot rather than of the writer, so that it is specialized for `Value`
    /// where it is called (a generic method called on `any ValueWriter` would not be).
    @inlinable
    public func write(_ value: Value?, to writer: any ValueWriter, forKey key: String) throws {
        // The binding is borrowed, not retained: the registry keeps it alive.
        if let bound = binding(writer.slotBindings) {
            return try bound._withUnsafeGuaranteedRef { try write(value, to: writer, forKey: key, bound: $0) }
        }
        try write(value, to: writer, forKey: key, bound: lateBound(in: writer.registry))
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
        if let bound = binding(reader.slotBindings) {
            return try bound._withUnsafeGuaranteedRef { try read(from: reader, forKey: key, bound: $0) }
        }
        return try read(from: reader, forKey: key, bound: lateBound(in: reader.registry))
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
                    return try ObjectSlot.converted(present: value, reader)
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
        // Java's null in an untyped set (a `HashSet` may hold one).
        if Value.self == AnyHashable.self, let key = ValueConversion.nullKey as? Value { return key }
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
        return try converted(present: value, reader)
    }

    /// ``converted(_:_:)`` for a value that is there (an object read before, handed over as the
    /// `Any` it is: wrapping it in an optional to unwrap it again would copy it through its
    /// witnesses). A class instance boxed as `Value` is taken out of its box by its layout
    /// (``ValueConversion/exactly(_:as:)``).
    @inlinable
    static func converted(present value: Any, _ reader: any ValueReader) throws -> Value? {
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
        if let flat = ValueConversion.flatten(value),
            var failure = DecodableTarget<Value>.conversion(of: flat)?.failure(flat)
        {
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
    /// What the backend needs to know about the slot.
    @usableFromInline package let resolved: ResolvedSlot
    /// The serializer of the declared type, when its registration serializes exactly `Value`;
    /// `nil` sends values through the type-erased path.
    package let serializer: TypedSerializer<Value>?

    /// ``resolved``, ``serializer`` and the registration, unretained (this binding keeps them
    /// alive), for the hot path; `typed` is `nil` when ``serializer`` is.
    @usableFromInline let borrowedResolved: Unmanaged<ResolvedSlot>
    @usableFromInline let typed: (serializer: Unmanaged<TypedSerializer<Value>>, registration: Unmanaged<Registration>)?
    /// Whether values go through the slot's specialized serializer (its type's default one), on
    /// the typed path: what lets a field codec take a path of its own that assumes that serializer.
    @usableFromInline package let usesSpecialized: Bool

    init(_ declared: DeclaredType, specialized: TypedSerializer<Value>?, in registry: Registry) {
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
        usesSpecialized = typed != nil && specialized != nil && serializer === specialized
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
    /// ``registration``, unretained (the slot keeps it alive): what a backend's reader compares
    /// and borrows for each object without a retain and a release of a registration that every
    /// object of the class shares.
    package let unretainedRegistration: Unmanaged<Registration>?

    /// Resolves `declared` in `registry`.
    public convenience init(_ declared: DeclaredType, in registry: Registry) {
        let (isFinal, found) = registry.finality(of: declared)
        self.init(
            declared: declared, isFinal: isFinal, registration: found ?? registry.registration(forDeclared: declared))
    }

    /// Creates a resolved slot from its parts.
    public init(declared: DeclaredType, isFinal: Bool, registration: Registration?) {
        self.declared = declared
        self.isFinal = isFinal
        self.registration = registration
        unretainedRegistration = registration.map { Unmanaged.passUnretained($0) }
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
