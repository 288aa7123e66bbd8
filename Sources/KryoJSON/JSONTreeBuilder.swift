/// What a ``JSONParser`` makes of the values it reads: the readable backend's value tree or its
/// parsed text, or nothing (``JSONSyntaxValidation``). The parser is specialized for each
/// builder, so its calls are direct; a builder that keeps what it made between calls (a flat
/// list of nodes) holds it in its own stored properties.
@_spi(KryoJSONParsing) public protocol JSONTreeBuilder {
    /// A value read: a scalar, an array or an object.
    associatedtype Value
    /// The members of an object under way, in the order read.
    associatedtype Object
    /// The elements of an array under way, in the order read.
    associatedtype Elements

    /// Whether the bare tokens `NaN`, `Infinity` and `-Infinity` read as reals (an extension of
    /// RFC 8259); `false` refuses them as JSON does.
    static var readsNonFiniteLiterals: Bool { get }

    /// A string.
    mutating func string(_ text: String) -> Value
    /// A whole number that `Int64` holds.
    mutating func integer(_ value: Int64) -> Value
    /// A whole number above `Int64.max` that `UInt64` holds.
    mutating func unsignedInteger(_ value: UInt64) -> Value
    /// A number with a fraction or an exponent, whose text starts at byte `offset` of the input
    /// (a builder may keep it, to read the number exactly as a decimal); or a non-finite literal,
    /// with no offset.
    mutating func real(_ value: Double, textAt offset: Int?) -> Value
    /// `true` or `false`.
    mutating func bool(_ value: Bool) -> Value
    /// `null`.
    mutating func null() -> Value
    /// An array without elements, with room for `capacity`.
    mutating func makeElements(reservingCapacity capacity: Int) -> Elements
    /// Adds `value` to the array under way whose elements are `elements` (the innermost open
    /// container: a builder may keep the elements of every array under way on one stack).
    mutating func append(_ value: consuming Value, to elements: inout Elements)
    /// How many elements `elements` holds (for an error's path).
    func count(of elements: Elements) -> Int
    /// An array of `elements`.
    mutating func array(_ elements: consuming Elements) -> Value
    /// An object of `members`.
    mutating func object(_ members: Object) -> Value

    /// An object without members, with room for `capacity`.
    mutating func makeObject(reservingCapacity capacity: Int) -> Object
    /// Adds the member `key` to `object`, its value to come (``setLastValue(_:in:)``); `false`
    /// when `object` already has that key, which the parser reports as an error.
    mutating func insert(_ key: String, into object: inout Object) -> Bool
    /// Sets the value of the member added last to `object`.
    mutating func setLastValue(_ value: consuming Value, in object: inout Object)

    /// Whether the keys that are ASCII text without escapes go to
    /// ``insertKey(_:at:into:)`` as the bytes between their quotes, rather than to
    /// ``insert(_:into:)`` as strings. `false` unless the builder says otherwise.
    static var takesKeyBytes: Bool { get }

    /// ``insert(_:into:)`` for a key that is ASCII text without escapes: `key` is its text, found
    /// at `offset` in the input. By default, the key made a string.
    mutating func insertKey(_ key: UnsafeRawBufferPointer, at offset: Int, into object: inout Object) -> Bool

    /// Whether the string values that are ASCII text without escapes go to
    /// ``plainString(_:at:)`` as the bytes between their quotes, rather than to ``string(_:)``.
    /// `false` unless the builder says otherwise.
    static var takesStringBytes: Bool { get }

    /// ``string(_:)`` for a string that is ASCII text without escapes: `text` is its text, found
    /// at `offset` in the input. By default, the text made a string.
    mutating func plainString(_ text: UnsafeRawBufferPointer, at offset: Int) -> Value
}

extension JSONTreeBuilder {
    @inlinable public static var takesKeyBytes: Bool { false }

    @inlinable
    public mutating func insertKey(_ key: UnsafeRawBufferPointer, at offset: Int, into object: inout Object) -> Bool {
        insert(String(decoding: key, as: UTF8.self), into: &object)
    }

    @inlinable public static var takesStringBytes: Bool { false }

    @inlinable
    public mutating func plainString(_ text: UnsafeRawBufferPointer, at offset: Int) -> Value {
        string(String(decoding: text, as: UTF8.self))
    }
}
