/// What a ``JSONParser`` makes of the values it reads: the readable backend's value tree, or
/// nothing (``JSONSyntaxValidation``). The parser is specialized for each builder, so its calls
/// are direct.
@_spi(KryoJSONParsing) public protocol JSONTreeBuilder {
    /// A value read: a scalar, an array or an object.
    associatedtype Value
    /// The members of an object under way, in the order read.
    associatedtype Object

    /// Whether the bare tokens `NaN`, `Infinity` and `-Infinity` read as reals (an extension of
    /// RFC 8259); `false` refuses them as JSON does.
    static var readsNonFiniteLiterals: Bool { get }

    /// A string.
    static func string(_ text: String) -> Value
    /// A whole number that `Int64` holds.
    static func integer(_ value: Int64) -> Value
    /// A whole number above `Int64.max` that `UInt64` holds.
    static func unsignedInteger(_ value: UInt64) -> Value
    /// A number with a fraction or an exponent (or a non-finite literal).
    static func real(_ value: Double) -> Value
    /// `true` or `false`.
    static func bool(_ value: Bool) -> Value
    /// `null`.
    static var null: Value { get }
    /// An array of `elements`.
    static func array(_ elements: [Value]) -> Value
    /// An object of `members`.
    static func object(_ members: Object) -> Value

    /// An object without members, with room for `capacity`.
    static func makeObject(reservingCapacity capacity: Int) -> Object
    /// Adds the member `key` to `object`, its value to come (``setLastValue(_:in:)``); `false`
    /// when `object` already has that key, which the parser reports as an error.
    static func insert(_ key: String, into object: inout Object) -> Bool
    /// Sets the value of the member added last to `object`.
    static func setLastValue(_ value: consuming Value, in object: inout Object)
}
