/// The format-neutral sink that serializers write through.
///
/// Each call carries a key, which keyed and readable formats use and the binary format ignores
/// (it writes values in call order). Nested objects always go through ``writeObject(_:as:forKey:)``
/// so the backend alone decides class tags, nil markers and references.
public protocol ValueWriter: AnyObject {
    /// The registry this call encodes with.
    var registry: Registry { get }
    /// The ``Registry/slotBindings`` of ``registry``: where the ``ObjectSlot``s written through
    /// this writer find their bindings, without retaining the registry.
    var slotBindings: SlotBindings { get }
    /// The options of this call.
    var options: SerializationOptions { get }
    /// The kind of format this writer writes.
    var formatFamily: FormatFamily { get }
    /// The Java Kryo release whose bytes this writer matches, for the serializers whose forms
    /// differ between releases (a collection's size, a tagged class's field count); `nil` for
    /// formats that are not Kryo's binary (the default).
    var kryoWireVersion: KryoWireVersion? { get }
    /// Generic arguments of the declared type of the value being written, for the serializer
    /// that is writing it. Valid at the start of ``Serializer/write(_:to:)``, before any nested
    /// write; empty when unknown or when Java ignores them.
    var genericArguments: [DeclaredType] { get }
    /// Whether this call writes unordered collections — Swift's `Dictionary` and `Set`,
    /// Foundation's `NSDictionary` and `NSSet` — in the stable order (``SerializationOptions/stableOrder``
    /// when set, else the format's default). Defaults to `options.stableOrder ?? false`.
    var writesStableOrder: Bool { get }

    /// Writes a Java `boolean`.
    func writeBool(_ value: Bool, forKey key: String) throws
    /// Writes a Java `byte`.
    func writeInt8(_ value: Int8, forKey key: String) throws
    /// Writes a Java `short`.
    func writeInt16(_ value: Int16, forKey key: String) throws
    /// Writes a Java `char` (one UTF-16 code unit).
    func writeChar(_ value: UInt16, forKey key: String) throws
    /// Writes a Java `int` laid out as `encoding` says (``IntegerEncoding`` names the Java call
    /// each case matches; ``writeInt32(_:forKey:)`` writes what Java's `IntSerializer` does).
    func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws
    /// Writes a Java `long` laid out as `encoding` says (``IntegerEncoding`` names the Java call
    /// each case matches; ``writeInt64(_:forKey:)`` writes what Java's `LongSerializer` does).
    func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws
    /// Writes a Java `float`.
    func writeFloat(_ value: Float, forKey key: String) throws
    /// Writes a Java `double`.
    func writeDouble(_ value: Double, forKey key: String) throws
    /// Writes a string directly, without reference tracking (Java's `Output.writeString`).
    func writeString(_ value: String?, forKey key: String) throws
    /// Writes a Java `CharSequence` (a `StringBuilder`…) as Java's `Output.writeString(CharSequence)`
    /// does: the binary format always uses the UTF-8 form, never the ASCII one. Read it with
    /// ``ValueReader/readString(forKey:)``. Defaults to ``writeString(_:forKey:)``.
    func writeCharSequence(_ value: String?, forKey key: String) throws
    /// Writes raw bytes whose count the serializer has written or will know when reading.
    func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws
    /// Writes the elements of a Java primitive array, each in the primitive's own encoding (the
    /// serializer writes the length). A backend writes them in bulk.
    func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws
    /// Writes a `String` held in a slot whose declared type is `String` (final): what
    /// ``writeObject(_:as:forKey:)`` would write for it, without boxing it.
    func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws
    /// Writes a nested value whose declared type is `declared`: the backend adds the class tag,
    /// nil marker and reference marker the format needs.
    func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws
    /// ``writeObject(_:as:forKey:)`` in a slot already resolved in this call's registry.
    func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws

    /// Writes what precedes the body of a nested object whose registration the caller knows (class
    /// tag, reference or not-nil marker) and enters it. Returns `false` when nothing more is to be
    /// written (a back-reference); otherwise the caller writes the body with `registration`'s
    /// serializer and calls ``endObject()``. ``ObjectSlot/write(_:to:forKey:)`` drives this.
    /// `identity` is evaluated only when the backend tracks references. `value` is the object
    /// itself, evaluated only by a backend that writes some types in a form of its own (a keyed
    /// archive writes strings, numbers and collections as Foundation does); such a backend writes
    /// the value and returns `false`.
    func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool
    /// Writes nil in a slot. Returns `true` when the slot's serializer must write its own nil
    /// (``Serializer/writeNil(to:)``), which the caller then does.
    func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool
    /// Leaves the object entered by ``beginObject(_:value:identity:in:forKey:)``.
    func endObject() throws
    /// Writes the Java enum constant with `ordinal` (`nil`: nil) in a final `slot` whose
    /// registration keeps ``EnumSerializer``, in one step and without entering an object, where
    /// the format can (Kryo's binary: the ordinal, after a reference marker when references are
    /// on). `identity` is the constant's ``ObjectIdentity/enumConstant(_:)`` key. A speed path
    /// of ``EnumFieldCodec``: it must write what ``beginObject(_:value:identity:in:forKey:)`` and
    /// the serializer would. Returns `false` when it wrote nothing, so that the slot writes the
    /// value as usual (and reports what is wrong with it). Defaults to `false`.
    func writeEnumConstant(ordinal: Int?, identity: Int, in slot: ResolvedSlot, forKey key: String) throws -> Bool
    /// `error`, thrown while writing the value under `key`, as it leaves that value: a backend
    /// that keeps no key path while writing (the binary one, to spare its hot path) builds the
    /// error's ``SerializationError/path`` here, one key per level, on the way out. Only errors
    /// pay for it. Defaults to `error` unchanged.
    func leaving(_ key: String, with error: any Error) -> any Error

    /// Writes an object that the archive holds only when something else in the graph writes it
    /// unconditionally (`NSKeyedArchiver`'s `encodeConditionalObject(_:forKey:)`); otherwise a
    /// reader finds nil. Formats without conditional references write the object as
    /// ``writeObject(_:forKey:)`` does (the default); read it with ``ValueReader/readObject(forKey:)``.
    func writeConditionalObject(_ value: AnyObject?, forKey key: String) throws

    /// Writes a reference to a Java class as Kryo's `writeClass` does: the class tag alone, `nil`
    /// for no class. What `java.lang.Class` values and `EnumSet`'s element class are made of.
    /// Defaults to the class name as a string.
    func writeClass(_ javaClass: JavaClassTag?, forKey key: String) throws
    /// Makes the next value written carry its class, as Kryo 5's evolvable serializers write a
    /// field with `readUnknownFieldData` / `readUnknownTagData`: an object as `writeClassAndObject`
    /// writes it (nil as the nil class alone), a primitive after its wrapper's class. Formats
    /// that keep no classes ignore it (the default).
    func writeNextValueWithClass()
    /// Writes a count with a flag, as Kryo 5's `writeVarIntFlag` does in one varint (the sizes of
    /// its collections, with the "elements share one class" or "has nil" flag). Defaults to the
    /// flag (under `key` + `Flag`), then the count.
    func writeVarIntFlag(_ flag: Bool, _ value: Int32, forKey key: String) throws
    /// Runs `body` with reference tracking off, as Kryo 2.20's `TreeMapSerializer` writes its
    /// comparator. Defaults to running `body`.
    func withoutReferences<T>(_ body: () throws -> T) throws -> T
    /// Names the class a keyed archive records for the object being written, in place of its
    /// registration's ``Registration/archiveClass``: for a serializer that writes one platform's
    /// form or another's (`UIColor` or `NSColor`) as the call asks. Formats that do not name
    /// archive classes ignore it (the default).
    func setArchiveClass(_ archiveClass: ArchiveClass)
    /// The one value this top-level call writes for `key`: `make`'s the first time, and the same
    /// again after in formats that write an object once and refer to it (keyed archives, where
    /// it is a ``SharedValue``), as Foundation hands out one object for equal attribute
    /// dictionaries and for every empty array. Defaults to `make`'s value each time.
    func uniqued(forKey key: AnyHashable, _ make: () throws -> SharedValue) rethrows -> SharedValue

    // Schema evolution (tagged and compatible serializers).

    /// Whether values are told apart by their position rather than their key (the binary format).
    /// Evolvable serializers then write what a reader needs to match fields — tags, a count, the
    /// field names — which keyed formats get from the keys. Defaults to `false`.
    var isPositional: Bool { get }
    /// Writes the names of the fields of `type` in the order its fields follow, once per graph:
    /// later calls for the same type in the same top-level call write nothing (Kryo's
    /// `CompatibleFieldSerializer` header). Defaults to writing nothing.
    func writeFieldNames(_ names: [String], of javaClass: ClassKey) throws
    /// The generic arguments that resolve the type variables of `javaClass` for this object:
    /// `arguments`, those of its slot. Where Java's serializer of a generic class remembers the
    /// last arguments it was given (Kryo 4 with optimized generics), the backend returns those
    /// when the slot gives none. Defaults to `arguments`.
    func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType]
    /// Starts a field that a reader can skip without knowing its type; ``endSkippableField()``
    /// ends it (Kryo: chunks of at most 1024 bytes, then an empty chunk). Defaults to nothing.
    func beginSkippableField(forKey key: String) throws
    /// Ends the field started by ``beginSkippableField(forKey:)``.
    func endSkippableField() throws
}

extension ValueWriter {
    public var kryoWireVersion: KryoWireVersion? { nil }
    public var writesStableOrder: Bool { options.stableOrder ?? false }
    public var isPositional: Bool { false }
    public func writeConditionalObject(_ value: AnyObject?, forKey key: String) throws {
        try writeObject(value, as: .object, forKey: key)
    }
    public func writeClass(_ javaClass: JavaClassTag?, forKey key: String) throws {
        try writeString(javaClass?.javaName, forKey: key)
    }
    public func withoutReferences<T>(_ body: () throws -> T) throws -> T { try body() }
    public func writeNextValueWithClass() {}
    public func writeVarIntFlag(_ flag: Bool, _ value: Int32, forKey key: String) throws {
        try writeBool(flag, forKey: key + "Flag")
        try writeInt32(value, forKey: key, encoding: .positive)
    }
    public func setArchiveClass(_ archiveClass: ArchiveClass) {}
    public func uniqued(forKey key: AnyHashable, _ make: () throws -> SharedValue) rethrows -> SharedValue {
        try make()
    }
    public func leaving(_ key: String, with error: any Error) -> any Error { error }
    public func writeCharSequence(_ value: String?, forKey key: String) throws { try writeString(value, forKey: key) }
    public func writeFieldNames(_ names: [String], of javaClass: ClassKey) throws {}
    public func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType] { arguments }
    public func beginSkippableField(forKey key: String) throws {}
    public func endSkippableField() throws {}

    /// Element by element, for backends without a bulk path.
    public func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws {
        for value in values { try P.writePrimitive(value, to: self, forKey: key) }
    }

    /// Writes raw bytes from an array.
    public func writeBytes(_ bytes: [UInt8], forKey key: String) throws {
        try bytes.withUnsafeBytes { try writeBytes($0, forKey: key) }
    }

    /// Through ``writeObject(_:as:forKey:)``, for backends without a faster path.
    public func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws {
        try writeObject(value, as: DeclaredType(String.self, finality: .final, canBeNull: canBeNull), forKey: key)
    }

    /// Writes a nested value declared as Java's `Object`: the class is always written.
    public func writeObject(_ value: Any?, forKey key: String) throws {
        try writeObject(value, as: .object, forKey: key)
    }
}

/// The object-slot protocol, expressed in ``ValueWriter/writeObject(_:as:forKey:)``: what a
/// backend without a faster path gets. The binary backend implements these to write a slot's
/// values typed, without boxing them.
extension ValueWriter {
    /// None: the backend does not pass generic arguments to serializers.
    public var genericArguments: [DeclaredType] { [] }

    /// Through ``writeObject(_:as:forKey:)`` with the slot's declared type.
    public func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws {
        try writeObject(value, as: slot.declared, forKey: key)
    }

    /// Writes the whole value through ``writeObject(_:in:forKey:)`` and returns `false`.
    public func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        try writeObject(value(), in: slot, forKey: key)
        return false
    }

    /// Writes nil through ``writeObject(_:in:forKey:)`` and returns `false`.
    public func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        try writeObject(nil, in: slot, forKey: key)
        return false
    }

    /// Nothing: the default ``beginObject(_:value:identity:in:forKey:)`` never enters an object.
    public func endObject() throws {}

    /// Writes nothing: the slot writes the value as usual.
    public func writeEnumConstant(ordinal: Int?, identity: Int, in slot: ResolvedSlot, forKey key: String) throws
        -> Bool
    {
        false
    }
}

extension ValueWriter {
    /// Read from ``registry``; a backend stores it to spare the retain.
    public var slotBindings: SlotBindings { registry.slotBindings }
}

/// A Java class as a class tag names it: its binary name, and its registration when the registry
/// has one (a class the registry does not know can still be named, by a `java.lang.Class` value).
public struct JavaClassTag: Sendable {
    /// The Java binary class name (`java.lang.String`, `[I`, `peer.Color`).
    public let javaName: String
    /// The registration of the class, when the registry has one.
    public let registration: Registration?

    /// A class by its registration.
    public init(_ registration: Registration) {
        javaName = registration.javaName
        self.registration = registration
    }

    /// A class by name, with its registration when there is one.
    public init(javaName: String, registration: Registration?) {
        self.javaName = javaName
        self.registration = registration
    }
}
