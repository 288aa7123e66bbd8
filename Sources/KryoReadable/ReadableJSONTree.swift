import KryoCore
@_spi(KryoJSONParsing) import KryoJSON

/// What the JSON parser builds for the readable backend: a ``ReadableValue`` tree, with the
/// extras ``ReadableJSON/decode(_:maxDepth:)-([UInt8],Int)`` documents (`NaN`, `Infinity`,
/// `-Infinity`) and a repeated key within an object refused.
struct ReadableJSONTree: JSONTreeBuilder {
    @inline(__always) static var readsNonFiniteLiterals: Bool { true }
    @inline(__always) func string(_ text: String) -> ReadableValue { .string(text) }
    @inline(__always) func integer(_ value: Int64) -> ReadableValue { .integer(value) }
    @inline(__always) func unsignedInteger(_ value: UInt64) -> ReadableValue { .unsignedInteger(value) }
    @inline(__always) func real(_ value: Double, textAt offset: Int?) -> ReadableValue { .real(value) }
    @inline(__always) func bool(_ value: Bool) -> ReadableValue { .bool(value) }
    @inline(__always) func null() -> ReadableValue { .null }
    @inline(__always) func array(_ elements: consuming [ReadableValue]) -> ReadableValue { .array(elements) }
    @inline(__always) func object(_ members: ReadableDictionary) -> ReadableValue { .dictionary(members) }

    @inline(__always)
    func makeObject(reservingCapacity capacity: Int) -> ReadableDictionary {
        var members = ReadableDictionary()
        if capacity > 0 { members.reserveCapacity(capacity) }
        return members
    }

    @inline(__always)
    func makeElements(reservingCapacity capacity: Int) -> [ReadableValue] {
        var elements: [ReadableValue] = []
        if capacity > 0 { elements.reserveCapacity(capacity) }
        return elements
    }

    @inline(__always)
    func append(_ value: consuming ReadableValue, to elements: inout [ReadableValue]) { elements.append(value) }

    @inline(__always) func count(of elements: [ReadableValue]) -> Int { elements.count }

    /// The key goes in at once, with a placeholder value, so a duplicate is found with one lookup.
    @inline(__always)
    func insert(_ key: String, into object: inout ReadableDictionary) -> Bool {
        object.updateValue(.null, forKey: key) == nil
    }

    @inline(__always)
    func setLastValue(_ value: consuming ReadableValue, in object: inout ReadableDictionary) {
        object.values[object.count - 1] = value
    }
}
