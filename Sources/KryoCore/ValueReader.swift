/// The format-neutral source that serializers read through; the mirror of ``ValueWriter``.
public protocol ValueReader: AnyObject {
    /// The registry this call decodes with.
    var registry: Registry { get }
    /// The ``Registry/slotBindings`` of ``registry``: where the ``ObjectSlot``s read through
    /// this reader find their bindings, without retaining the registry.
    var slotBindings: SlotBindings { get }
    /// The options of this call.
    var options: SerializationOptions { get }
    /// The kind of format this reader reads.
    var formatFamily: FormatFamily { get }
    /// The Java Kryo release whose bytes this reader reads (see ``ValueWriter/kryoWireVersion``);
    /// `nil` for formats that are not Kryo's binary (the default).
    var kryoWireVersion: KryoWireVersion? { get }
    /// The class a keyed archive recorded for the object being read (its `$classname`,
    /// `$classes` and `$classhints`), so that a serializer can tell `UIColor` from `NSColor` or
    /// write the same class back; `nil` in other formats (the default).
    var archiveClass: ArchiveClass? { get }
    /// Generic arguments of the declared type of the value being read (see
    /// ``ValueWriter/genericArguments``).
    var genericArguments: [DeclaredType] { get }

    /// Reads a Java `boolean`.
    func readBool(forKey key: String) throws -> Bool
    /// Reads a Java `byte`.
    func readInt8(forKey key: String) throws -> Int8
    /// Reads a Java `short`.
    func readInt16(forKey key: String) throws -> Int16
    /// Reads a Java `char`.
    func readChar(forKey key: String) throws -> UInt16
    /// Reads a Java `int` laid out as `encoding` says: the one the writer used (``IntegerEncoding``
    /// names the Java call each case matches).
    func readInt32(forKey key: String, encoding: IntegerEncoding) throws -> Int32
    /// Reads a Java `long` laid out as `encoding` says: the one the writer used (``IntegerEncoding``
    /// names the Java call each case matches).
    func readInt64(forKey key: String, encoding: IntegerEncoding) throws -> Int64
    /// Reads a Java `float`.
    func readFloat(forKey key: String) throws -> Float
    /// Reads a Java `double`.
    func readDouble(forKey key: String) throws -> Double
    /// Reads a string written by ``ValueWriter/writeString(_:forKey:)``.
    func readString(forKey key: String) throws -> String?
    /// Reads `count` raw bytes; the count is checked against the input before anything is allocated.
    func readBytes(count: Int, forKey key: String) throws -> [UInt8]
    /// Reads `count` elements written by ``ValueWriter/writePrimitiveArray(_:forKey:)``; the count
    /// is checked against the input before anything is allocated.
    func readPrimitiveArray<P: JavaPrimitive>(_ type: P.Type, count: Int, forKey key: String) throws -> [P]
    /// Reads a `String` written by ``ValueWriter/writeStringObject(_:canBeNull:forKey:)``.
    func readStringObject(canBeNull: Bool, forKey key: String) throws -> String?
    /// Reads what ``readStringObject(canBeNull:forKey:)`` reads, keeping the string's identity
    /// where the input has one: a ``SharedString`` when the input refers to this instance again
    /// (the dynamic path keeps Java's shared strings), else a `String` or `nil`.
    func readStringInstance(canBeNull: Bool, forKey key: String) throws -> Any?
    /// Reads a nested value written by ``ValueWriter/writeObject(_:as:forKey:)``.
    func readObject(as declared: DeclaredType, forKey key: String) throws -> Any?
    /// ``readObject(as:forKey:)`` in a slot already resolved in this call's registry.
    func readObject(in slot: ResolvedSlot, forKey key: String) throws -> Any?
    /// Reads what precedes the body of a nested object in `slot` (class tag, reference or nil
    /// marker) and, when a body follows, enters it. ``ObjectSlot/read(from:forKey:)`` drives this.
    func beginObject(in slot: ResolvedSlot, forKey key: String) throws -> ObjectReadStep
    /// Leaves the object entered by ``beginObject(in:forKey:)``, recording `value` as the object
    /// a later back-reference means (call it when the step said `storesReference`).
    func endObject(storing value: Any)
    /// Leaves the object entered by ``beginObject(in:forKey:)`` without recording it.
    func endObject()
    /// Reads the Java enum constant in a final `slot` whose registration keeps
    /// ``EnumSerializer``, in one step and without entering an object, where the format can
    /// (Kryo's binary: the ordinal and the reference marker before it, if any). A speed path of
    /// ``EnumFieldCodec``: it must read and record what ``beginObject(in:forKey:)`` and the
    /// serializer would (`constant` makes the value of an ordinal, for the reader to keep where
    /// a back-reference finds it), and leave unread (``EnumConstantRead/unread``) what is not
    /// nil or a new constant, so that the usual path reads or reports it. Defaults to
    /// ``EnumConstantRead/unread``.
    func readEnumConstant(
        in slot: ResolvedSlot, constantCount: Int, forKey key: String, constant: (Int) -> Any
    ) -> EnumConstantRead
    /// Reads a class tag written by ``ValueWriter/writeClass(_:forKey:)``: `nil` for no class. A
    /// class name the registry does not know is returned without a registration.
    func readClass(forKey key: String) throws -> JavaClassTag?
    /// Reads the next value as one written after ``ValueWriter/writeNextValueWithClass()``: its
    /// class first. Returns `false` when the class is nil, so that no value follows (the field
    /// keeps its default). Formats that keep no classes read nothing and return `true` (the default).
    func readNextValueWithClass() throws -> Bool
    /// Reads a count with a flag written by ``ValueWriter/writeVarIntFlag(_:_:forKey:)``.
    func readVarIntFlag(forKey key: String) throws -> (flag: Bool, value: Int32)
    /// Runs `body` with reference tracking off (see ``ValueWriter/withoutReferences(_:)``).
    /// Defaults to running `body`.
    func withoutReferences<T>(_ body: () throws -> T) throws -> T
    /// Registers an object under construction, so that references to it from its own fields
    /// resolve (two-phase decoding). Call it right after creating the instance, before reading
    /// its fields. `object` is evaluated only by a backend that has a reference to fill, so that
    /// a call without reference tracking does not box and retain the instance.
    func reference(_ object: @autoclosure () -> Any)
    /// Checks a count read from the input before it sizes an allocation: it must not exceed the
    /// configured limit, nor the number of elements the remaining input could hold when each
    /// takes at least `minimumBytesPerElement` bytes.
    func validateCount(_ count: Int, minimumBytesPerElement: Int, forKey key: String) throws
    /// Checks a count of elements that take no input of their own before they are made: Kryo 5
    /// writes a collection whose elements are all nil as its size and a nil class, nothing per
    /// element, so the input's length cannot bound them. Besides the configured limit, the
    /// binary backend lets one call make as many such elements as it has read bytes, plus 65 536,
    /// so that what a call builds stays bounded by its input. Defaults to checking the limit.
    func validateCountWithoutInput(_ count: Int, forKey key: String) throws
    /// Makes an error at the reader's current position.
    func error(_ kind: SerializationError.Kind, expected: String, found: String) -> SerializationError

    // Schema evolution (tagged and compatible serializers).

    /// Whether values are told apart by their position rather than their key (see
    /// ``ValueWriter/isPositional``). Defaults to `false`.
    var isPositional: Bool { get }
    /// The fields the input holds for `type`, in the order they follow: for each, the index of
    /// the local field of that name in `names`, or `nil` for a field the reader does not know
    /// (skip it with ``skipField(forKey:)``). Read once per graph (see
    /// ``ValueWriter/writeFieldNames(_:of:)``). Defaults to every local field in order.
    func readFieldOrder(_ names: [String], of javaClass: ClassKey) throws -> [Int?]
    /// The generic arguments that resolve the type variables of `javaClass` for this object:
    /// `arguments`, those of its slot. Where Java's serializer of a generic class remembers the
    /// last arguments it was given (Kryo 4 with optimized generics), the backend returns those
    /// when the slot gives none. Defaults to `arguments`.
    func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType]
    /// Enters a field written between ``ValueWriter/beginSkippableField(forKey:)`` and
    /// ``ValueWriter/endSkippableField()``. Defaults to nothing.
    func beginSkippableField(forKey key: String) throws
    /// Leaves the field entered by ``beginSkippableField(forKey:)``, skipping what its reader left.
    func endSkippableField() throws
    /// Skips a field the reader does not know.
    func skipField(forKey key: String) throws

    /// The keys of the object being read, for formats that store keys (a keyed archive); `nil`
    /// for positional formats. What a serializer whose keys are data (a Codable keyed
    /// container) reads its entries by. Defaults to `nil`.
    var storedKeys: [String]? { get }
    /// Whether the object being read holds a value under `key` (always `true` for positional
    /// formats). Schema-driven serializers leave a field whose key is missing at its default, so
    /// that models can gain fields. Defaults to `true`.
    func containsValue(forKey key: String) -> Bool
    /// Whether the value under `key` is stored in the object itself rather than as a reference
    /// to an object of its own (a keyed archive's numbers, booleans and data), so that a
    /// serializer that keeps keys it does not translate writes them back the same way. Defaults
    /// to `false`.
    func storesInline(forKey key: String) -> Bool
}

extension ValueReader {
    public func validateCountWithoutInput(_ count: Int, forKey key: String) throws {
        try validateCount(count, minimumBytesPerElement: 0, forKey: key)
    }
    public var kryoWireVersion: KryoWireVersion? { nil }
    public var isPositional: Bool { false }
    public var archiveClass: ArchiveClass? { nil }
    public func readClass(forKey key: String) throws -> JavaClassTag? {
        guard let name = try readString(forKey: key) else { return nil }
        return JavaClassTag(javaName: name, registration: registry.registration(forJavaName: name))
    }
    public func withoutReferences<T>(_ body: () throws -> T) throws -> T { try body() }
    public func readNextValueWithClass() throws -> Bool { true }
    public func readVarIntFlag(forKey key: String) throws -> (flag: Bool, value: Int32) {
        let flag = try readBool(forKey: key + "Flag")
        return (flag, try readInt32(forKey: key, encoding: .positive))
    }
    public func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType] { arguments }

    public func readFieldOrder(_ names: [String], of javaClass: ClassKey) throws -> [Int?] {
        Array(names.indices)
    }
    public func beginSkippableField(forKey key: String) throws {}
    public func endSkippableField() throws {}
    public func skipField(forKey key: String) throws {}
    public var storedKeys: [String]? { nil }
    public func containsValue(forKey key: String) -> Bool { true }
    public func storesInline(forKey key: String) -> Bool { false }

    /// Element by element, for backends without a bulk path.
    public func readPrimitiveArray<P: JavaPrimitive>(_ type: P.Type, count: Int, forKey key: String) throws -> [P] {
        try validateCount(count, minimumBytesPerElement: 1, forKey: key)
        var result: [P] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try P.readPrimitive(from: self, forKey: key)) }
        return result
    }

    /// Through ``readObject(as:forKey:)``, for backends without a faster path.
    public func readStringObject(canBeNull: Bool, forKey key: String) throws -> String? {
        guard let value = try readStringInstance(canBeNull: canBeNull, forKey: key) else { return nil }
        return SharedString.text(of: value)
    }

    /// Through ``readObject(as:forKey:)``, for backends without a faster path.
    public func readStringInstance(canBeNull: Bool, forKey key: String) throws -> Any? {
        let value = try readObject(as: DeclaredType(String.self, finality: .final, canBeNull: canBeNull), forKey: key)
        guard let value else { return nil }
        if type(of: value) == String.self { return value }
        guard value is String || value is SharedString else {
            throw error(.typeMismatch, expected: "a String", found: ValueConversion.describeType(of: value))
        }
        return value
    }

    /// Reads a nested value declared as Java's `Object`.
    public func readObject(forKey key: String) throws -> Any? {
        try readObject(as: .object, forKey: key)
    }

    /// Reads a nested value and converts it to `T`, throwing a type-mismatch error that names both
    /// types when it cannot.
    public func readObject<T>(_ type: T.Type, as declared: DeclaredType, forKey key: String) throws -> T {
        let value = try readObject(as: declared, forKey: key)
        if let converted = ValueConversion.convert(value, to: T.self) { return converted }
        throw error(.typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value))
    }
}

/// The object-slot protocol, expressed in ``ValueReader/readObject(as:forKey:)``: what a backend
/// without a faster path gets. The binary backend implements these to read a slot's values
/// typed, without boxing them.
extension ValueReader {
    /// None: the backend does not pass generic arguments to serializers.
    public var genericArguments: [DeclaredType] { [] }

    /// Through ``readObject(as:forKey:)`` with the slot's declared type.
    public func readObject(in slot: ResolvedSlot, forKey key: String) throws -> Any? {
        try readObject(as: slot.declared, forKey: key)
    }

    /// Reads the whole value through ``readObject(in:forKey:)``: ``ObjectReadStep/null`` for nil,
    /// else the value as ``ObjectReadStep/reference(_:)`` (a value read, nothing more to read).
    public func beginObject(in slot: ResolvedSlot, forKey key: String) throws -> ObjectReadStep {
        guard let value = try readObject(in: slot, forKey: key) else { return .null }
        return .reference(value)
    }

    /// Nothing: the default ``beginObject(in:forKey:)`` never enters an object.
    public func endObject(storing value: Any) {}

    /// Nothing: the default ``beginObject(in:forKey:)`` never enters an object.
    public func endObject() {}
    /// Reads nothing: the slot is read as usual.
    public func readEnumConstant(
        in slot: ResolvedSlot, constantCount: Int, forKey key: String, constant: (Int) -> Any
    ) -> EnumConstantRead {
        .unread
    }
}

extension ValueReader {
    /// Read from ``registry``; a backend stores it to spare the retain.
    public var slotBindings: SlotBindings { registry.slotBindings }
}
