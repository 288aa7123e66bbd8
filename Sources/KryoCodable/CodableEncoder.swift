import FoundationEssentials
import KryoCore

/// What the encoders of one top-level Codable value share.
final class CodableEncodingContext {
    let registry: Registry
    let maxDepth: Int
    /// Whether dictionaries and sets are encoded in the stable order (``ValueWriter/writesStableOrder``).
    let stableOrder: Bool
    /// The first misuse of the Encoder API seen (asking for a keyed container after encoding a
    /// single value…): reported once `encode(to:)` returns, since those calls cannot throw.
    var misuse: EncodingError?

    init(registry: Registry, maxDepth: Int, stableOrder: Bool = false) {
        self.registry = registry
        self.maxDepth = maxDepth
        self.stableOrder = stableOrder
    }

    /// Puts what a `Dictionary` or `Set` encoded (in its hash order, as the standard library's
    /// `encode(to:)` iterates) in the stable order, when the call asks for it: a dictionary's
    /// entries by key, whether it encoded a keyed container (`String` and `Int` keys) or key–value
    /// pairs in an unkeyed one; a set's elements. Other values are left as they are: a struct's
    /// fields keep their order.
    func putInStableOrder(_ encoded: EncodedValue?, of value: Any) {
        guard stableOrder, let encoded, let order = StableOrder.positions(ofUnordered: value) else { return }
        switch encoded {
        case .keyed(let entries): entries.reorder(order.positions)
        case .unkeyed(let elements): elements.reorder(order.positions, width: order.isMap ? 2 : 1)
        default: break
        }
    }

    func recordMisuse(_ description: String, at codingPath: [any CodingKey]) {
        guard misuse == nil else { return }
        misuse = EncodingError.invalidValue(
            description, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// The encoded form of one value: a scalar, a registered value, or what its `encode(to:)`
    /// encodes.
    func encode<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> EncodedValue {
        if let scalar = CodableNumbers.javaScalar(value) { return .scalar(scalar) }
        let isCollection = value is any AnyElementsExposing || value is any AnyEntriesExposing
        if !isCollection, registry.registration(for: type(of: value as Any)) != nil { return .object(value) }
        guard codingPath.count < maxDepth else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Nesting deeper than \(maxDepth) levels (a cycle between class instances?).",
                    underlyingError: CodableMismatch(
                        expected: "at most \(maxDepth) nested containers",
                        found: "deeper nesting at \(CodableErrors.text(codingPath))")))
        }
        let encoder = CodableTreeEncoder(context: self, codingPath: codingPath)
        try value.encode(to: encoder)
        if isCollection { putInStableOrder(encoder.value, of: value) }
        return encoder.valueOrEmpty
    }
}

/// The `Encoder` of the Codable bridge: builds an ``EncodedValue`` tree.
final class CodableTreeEncoder: Encoder {
    let context: CodableEncodingContext
    let codingPath: [any CodingKey]
    /// What was encoded: set by the first container asked for.
    var value: EncodedValue?

    init(context: CodableEncodingContext, codingPath: [any CodingKey]) {
        self.context = context
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch value {
        case .keyed(let entries):
            return KeyedEncodingContainer(CodableKeyedEncoding<Key>(encoder: self, entries: entries))
        case nil:
            let entries = EncodedKeyed()
            value = .keyed(entries)
            return KeyedEncodingContainer(CodableKeyedEncoding<Key>(encoder: self, entries: entries))
        default:
            context.recordMisuse("A keyed container requested after another kind of value was encoded.", at: codingPath)
            return KeyedEncodingContainer(CodableKeyedEncoding<Key>(encoder: self, entries: EncodedKeyed()))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch value {
        case .unkeyed(let elements):
            return CodableUnkeyedEncoding(encoder: self, elements: elements)
        case nil:
            let elements = EncodedUnkeyed()
            value = .unkeyed(elements)
            return CodableUnkeyedEncoding(encoder: self, elements: elements)
        default:
            context.recordMisuse(
                "An unkeyed container requested after another kind of value was encoded.", at: codingPath)
            return CodableUnkeyedEncoding(encoder: self, elements: EncodedUnkeyed())
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CodableSingleValueEncoding(encoder: self)
    }

    /// Stores a single value, once.
    func store(_ encoded: EncodedValue) {
        guard case .none = value else {
            context.recordMisuse("A single value encoded where a value was already encoded.", at: codingPath)
            return
        }
        value = encoded
    }
}

struct CodableKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CodableTreeEncoder
    let entries: EncodedKeyed
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: EncodedValue, _ key: Key) { entries[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.scalar(value), key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.java(value), key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { put(.java(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try encoder.context.encode(value, at: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [key])
        put(.deferred(nested), key)
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [key])
        put(.deferred(nested), key)
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = CodableStringKey("super")
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [key])
        entries[key.stringValue] = .deferred(nested)
        return nested
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [key])
        put(.deferred(nested), key)
        return nested
    }
}

struct CodableUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: CodableTreeEncoder
    let elements: EncodedUnkeyed
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { elements.values.count }

    private func append(_ value: EncodedValue) { elements.values.append(value) }
    private var nextKey: CodableIndexKey { CodableIndexKey(index: count) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.scalar(value)) }
    mutating func encode(_ value: String) throws { append(.scalar(value)) }
    mutating func encode(_ value: Double) throws { append(.scalar(value)) }
    mutating func encode(_ value: Float) throws { append(.scalar(value)) }
    mutating func encode(_ value: Int) throws { append(.java(value)) }
    mutating func encode(_ value: Int8) throws { append(.scalar(value)) }
    mutating func encode(_ value: Int16) throws { append(.scalar(value)) }
    mutating func encode(_ value: Int32) throws { append(.scalar(value)) }
    mutating func encode(_ value: Int64) throws { append(.scalar(value)) }
    mutating func encode(_ value: Int128) throws { append(.java(value)) }
    mutating func encode(_ value: UInt) throws { append(.java(value)) }
    mutating func encode(_ value: UInt8) throws { append(.java(value)) }
    mutating func encode(_ value: UInt16) throws { append(.java(value)) }
    mutating func encode(_ value: UInt32) throws { append(.java(value)) }
    mutating func encode(_ value: UInt64) throws { append(.java(value)) }
    mutating func encode(_ value: UInt128) throws { append(.java(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encoder.context.encode(value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [nextKey])
        append(.deferred(nested))
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [nextKey])
        append(.deferred(nested))
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let nested = CodableTreeEncoder(context: encoder.context, codingPath: codingPath + [nextKey])
        append(.deferred(nested))
        return nested
    }
}

struct CodableSingleValueEncoding: SingleValueEncodingContainer {
    let encoder: CodableTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func store(_ value: EncodedValue) { encoder.store(value) }

    mutating func encodeNil() throws { store(.null) }
    mutating func encode(_ value: Bool) throws { store(.scalar(value)) }
    mutating func encode(_ value: String) throws { store(.scalar(value)) }
    mutating func encode(_ value: Double) throws { store(.scalar(value)) }
    mutating func encode(_ value: Float) throws { store(.scalar(value)) }
    mutating func encode(_ value: Int) throws { store(.java(value)) }
    mutating func encode(_ value: Int8) throws { store(.scalar(value)) }
    mutating func encode(_ value: Int16) throws { store(.scalar(value)) }
    mutating func encode(_ value: Int32) throws { store(.scalar(value)) }
    mutating func encode(_ value: Int64) throws { store(.scalar(value)) }
    mutating func encode(_ value: Int128) throws { store(.java(value)) }
    mutating func encode(_ value: UInt) throws { store(.java(value)) }
    mutating func encode(_ value: UInt8) throws { store(.java(value)) }
    mutating func encode(_ value: UInt16) throws { store(.java(value)) }
    mutating func encode(_ value: UInt32) throws { store(.java(value)) }
    mutating func encode(_ value: UInt64) throws { store(.java(value)) }
    mutating func encode(_ value: UInt128) throws { store(.java(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        store(try encoder.context.encode(value, at: codingPath))
    }
}
