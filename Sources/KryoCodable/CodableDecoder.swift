import FoundationEssentials
import KryoCore

/// What the decoders of one top-level Codable value share.
final class CodableDecodingContext {
    let maxDepth: Int
    /// The reader the body of a registered Codable type comes from; `nil` when decoding a value
    /// already read (a Java `HashMap` converted to a Codable type).
    let reader: (any ValueReader)?

    init(maxDepth: Int, reader: (any ValueReader)?) {
        self.maxDepth = maxDepth
        self.reader = reader
    }
}

/// The `Decoder` of the Codable bridge, over values as the registry's serializers decode them:
/// a Java map is a `[AnyHashable: Any?]`, a list an `[Any?]`, numbers their Java wrapper types.
final class CodableTreeDecoder: Decoder {
    /// Where the decoder's value comes from.
    enum Source {
        /// A value already read.
        case value(Any?)
        /// The body of a registered Codable type, not read yet: its kind (map, list, scalar) is
        /// the kind of container `init(from:)` asks for.
        case body(any ValueReader)
    }

    let context: CodableDecodingContext
    let codingPath: [any CodingKey]
    private(set) var source: Source

    init(context: CodableDecodingContext, codingPath: [any CodingKey], source: Source) {
        self.context = context
        self.codingPath = codingPath
        self.source = source
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .body(let reader) = source {
            if !reader.isPositional, let keys = reader.storedKeys {
                var entries: [AnyHashable: Any?] = [:]
                for key in keys { entries[key] = .some(try reader.readObject(as: .object, forKey: key)) }
                source = .value(entries)
            } else {
                source = .value(try UntypedContainers.readMap(from: reader))
            }
        }
        guard case .value(let value) = source, let entries = CodableTreeDecoder.entries(of: value) else {
            throw CodableErrors.typeMismatch([String: Any].self, found: currentValue, at: codingPath)
        }
        return KeyedDecodingContainer(CodableKeyedDecoding<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if case .body(let reader) = source {
            source = .value(try UntypedContainers.readList(from: reader))
        }
        guard case .value(let value) = source, let elements = CodableTreeDecoder.elements(of: value) else {
            throw CodableErrors.typeMismatch([Any].self, found: currentValue, at: codingPath)
        }
        return CodableUnkeyedDecoding(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        CodableSingleValueDecoding(decoder: self)
    }

    private var currentValue: Any? {
        if case .value(let value) = source { return value }
        return nil
    }

    /// The entries of a decoded map, by key text.
    static func entries(of value: Any?) -> [String: Any?]? {
        guard let map = ValueConversion.flatten(value) as? any AnyEntriesExposing else { return nil }
        var result: [String: Any?] = [:]
        for entry in map.anyEntries {
            let key = ValueConversion.flatten(entry.key)
            let text = key.flatMap { $0 as? String } ?? key.map { "\($0)" } ?? "null"
            result[text] = .some(entry.value)
        }
        return result
    }

    /// The elements of a decoded list, or of a byte array (as `UInt8`s).
    static func elements(of value: Any?) -> [Any?]? {
        switch ValueConversion.flatten(value) {
        case let bytes as Data: return bytes.map { $0 }
        case let list as any AnyElementsExposing: return list.anyElements
        default: return nil
        }
    }

    // MARK: Values to Swift types

    /// Decodes `T` from a decoded value.
    func unbox<T: Decodable>(_ type: T.Type, from value: Any?, at path: [any CodingKey]) throws -> T {
        let flat = ValueConversion.flatten(value)
        if let scalar = try unboxScalar(T.self, from: flat, at: path) { return scalar }
        if let flat, !(flat is any AnyElementsExposing), !(flat is any AnyEntriesExposing), let typed = flat as? T {
            return typed
        }
        try checkDepth(path)
        return try T(from: CodableTreeDecoder(context: context, codingPath: path, source: .value(flat)))
    }

    func checkDepth(_ path: [any CodingKey]) throws {
        guard path.count < context.maxDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "Nesting deeper than \(context.maxDepth) levels.",
                    underlyingError: CodableMismatch(
                        expected: "at most \(context.maxDepth) nested containers", found: "deeper nesting")))
        }
    }

    /// `T` decoded from `value` when `T` is a scalar (or `Data`, `[UInt8]`, `URL` held as one);
    /// `nil` when `T` is decoded otherwise.
    func unboxScalar<T>(_ type: T.Type, from value: Any?, at path: [any CodingKey]) throws -> T? {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(Bool.self): return try unboxBool(value, at: path) as? T
        case ObjectIdentifier(String.self): return try unboxString(value, at: path) as? T
        case ObjectIdentifier(Double.self): return try unboxFloatingPoint(Double.self, value, at: path) as? T
        case ObjectIdentifier(Float.self): return try unboxFloatingPoint(Float.self, value, at: path) as? T
        case ObjectIdentifier(Int.self): return try unboxInteger(Int.self, value, at: path) as? T
        case ObjectIdentifier(Int8.self): return try unboxInteger(Int8.self, value, at: path) as? T
        case ObjectIdentifier(Int16.self): return try unboxInteger(Int16.self, value, at: path) as? T
        case ObjectIdentifier(Int32.self): return try unboxInteger(Int32.self, value, at: path) as? T
        case ObjectIdentifier(Int64.self): return try unboxInteger(Int64.self, value, at: path) as? T
        case ObjectIdentifier(Int128.self): return try unboxInteger(Int128.self, value, at: path) as? T
        case ObjectIdentifier(UInt.self): return try unboxInteger(UInt.self, value, at: path) as? T
        case ObjectIdentifier(UInt8.self): return try unboxInteger(UInt8.self, value, at: path) as? T
        case ObjectIdentifier(UInt16.self): return try unboxInteger(UInt16.self, value, at: path) as? T
        case ObjectIdentifier(UInt32.self): return try unboxInteger(UInt32.self, value, at: path) as? T
        case ObjectIdentifier(UInt64.self): return try unboxInteger(UInt64.self, value, at: path) as? T
        case ObjectIdentifier(UInt128.self): return try unboxInteger(UInt128.self, value, at: path) as? T
        case ObjectIdentifier(Data.self): return value as? Data as? T
        case ObjectIdentifier([UInt8].self): return (value as? Data).map { [UInt8]($0) } as? T
        case ObjectIdentifier(Decimal.self):
            // A BigDecimal read untyped keeps Java's scale; a Decimal field wants its value.
            guard let big = value as? JavaBigDecimal else { return nil }
            guard let decimal = big.decimalValue else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path, debugDescription: "BigDecimal beyond Decimal's range.",
                        underlyingError: CodableMismatch(
                            expected: "a BigDecimal within Decimal's range (38 digits, 10^-128…10^127)",
                            found: big.description)))
            }
            return decimal as? T
        case ObjectIdentifier(URL.self):
            guard let text = value as? String else { return nil }
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path, debugDescription: "Invalid URL string.",
                        underlyingError: CodableMismatch(expected: "a URL", found: "\"\(text)\"")))
            }
            return url as? T
        default: return nil
        }
    }

    private func present(_ type: any Any.Type, _ value: Any?, at path: [any CodingKey]) throws -> Any {
        guard let value else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
        }
        return value
    }

    func unboxBool(_ value: Any?, at path: [any CodingKey]) throws -> Bool {
        guard let flag = try present(Bool.self, value, at: path) as? Bool else {
            throw CodableErrors.typeMismatch(Bool.self, found: value, at: path)
        }
        return flag
    }

    func unboxString(_ value: Any?, at path: [any CodingKey]) throws -> String {
        guard let text = CodableNumbers.string(from: try present(String.self, value, at: path)) else {
            throw CodableErrors.typeMismatch(String.self, found: value, at: path)
        }
        return text
    }

    func unboxInteger<T: FixedWidthInteger>(_ type: T.Type, _ value: Any?, at path: [any CodingKey]) throws -> T {
        switch CodableNumbers.integer(T.self, from: try present(T.self, value, at: path)) {
        case .value(let result): return result
        case .outOfRange(let text): throw CodableErrors.outOfRange(T.self, text, at: path)
        case .wrongType: throw CodableErrors.typeMismatch(T.self, found: value, at: path)
        }
    }

    func unboxFloatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, _ value: Any?, at path: [any CodingKey]) throws
        -> T
    {
        switch CodableNumbers.floatingPoint(T.self, from: try present(T.self, value, at: path)) {
        case .value(let result): return result
        case .outOfRange(let text): throw CodableErrors.outOfRange(T.self, text, at: path)
        case .wrongType: throw CodableErrors.typeMismatch(T.self, found: value, at: path)
        }
    }

    // MARK: A top-level single value read from the body

    /// Reads a single value of `T` from the body: a scalar as the body of its Java type, a
    /// registered value with its class; any other type decodes itself from this decoder.
    func readBody<T: Decodable>(_ type: T.Type, from reader: any ValueReader) throws -> T {
        if let bodyType = CodableNumbers.javaBodyType(of: T.self) {
            guard let registration = reader.registry.registration(for: bodyType) else {
                throw reader.error(.unsupported, expected: "a registration for \(bodyType)", found: "none")
            }
            let value = try registration.serializer.read(from: reader)
            source = .value(value)
            return try unbox(T.self, from: value, at: codingPath)
        }
        if reader.registry.registration(for: T.self) != nil, !(T.self is any AnyElementsExposing.Type),
            !(T.self is any AnyEntriesExposing.Type)
        {
            let value = try reader.readObject(as: .object, forKey: "value")
            source = .value(value)
            return try unbox(T.self, from: value, at: codingPath)
        }
        return try T(from: self)
    }
}

struct CodableKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CodableTreeDecoder
    let entries: [String: Any?]
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    private func value(_ key: Key) throws -> Any? {
        guard let value = entries[key.stringValue] else {
            let known = entries.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \"\(key.stringValue)\".",
                    underlyingError: CodableMismatch(
                        expected: "a value for key \"\(key.stringValue)\"",
                        found: known.isEmpty ? "no keys" : "only the keys \(known)")))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { ValueConversion.flatten(try value(key)) == nil }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.unboxBool(value(key), at: path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.unboxString(value(key), at: path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.unboxFloatingPoint(type, value(key), at: path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.unboxFloatingPoint(type, value(key), at: path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try decoder.unboxInteger(type, value(key), at: path(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(type, from: value(key), at: path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try nested(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nested(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = CodableStringKey("super")
        let value = entries[key.stringValue] ?? nil
        return CodableTreeDecoder(context: decoder.context, codingPath: codingPath + [key], source: .value(value))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        CodableTreeDecoder(
            context: decoder.context, codingPath: path(key), source: .value(entries[key.stringValue] ?? nil))
    }

    private func nested(_ key: Key) throws -> CodableTreeDecoder {
        try decoder.checkDepth(path(key))
        return CodableTreeDecoder(context: decoder.context, codingPath: path(key), source: .value(try value(key)))
    }
}

struct CodableUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: CodableTreeDecoder
    let elements: [Any?]
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(decoder: CodableTreeDecoder, elements: [Any?]) {
        self.decoder = decoder
        self.elements = elements
    }

    private var path: [any CodingKey] { codingPath + [CodableIndexKey(index: currentIndex)] }

    /// The next element, without moving past it (a failed decode leaves the index where it was).
    private func peek(_ type: any Any.Type) throws -> Any? {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path, debugDescription: "Unkeyed container is at end.",
                    underlyingError: CodableMismatch(
                        expected: "a \(type) at index \(currentIndex)", found: "the end of a list of \(elements.count)")
                ))
        }
        return elements[currentIndex]
    }

    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard ValueConversion.flatten(try peek(Any?.self)) == nil else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { advance(try decoder.unboxBool(peek(type), at: path)) }
    mutating func decode(_ type: String.Type) throws -> String {
        advance(try decoder.unboxString(peek(type), at: path))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        advance(try decoder.unboxFloatingPoint(type, peek(type), at: path))
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        advance(try decoder.unboxFloatingPoint(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        advance(try decoder.unboxInteger(type, peek(type), at: path))
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        advance(try decoder.unbox(type, from: peek(type), at: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        advance(try nested().container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        advance(try nested().unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder { advance(try nested()) }

    private func nested() throws -> CodableTreeDecoder {
        try decoder.checkDepth(path)
        return CodableTreeDecoder(context: decoder.context, codingPath: path, source: .value(try peek(Any.self)))
    }
}

struct CodableSingleValueDecoding: SingleValueDecodingContainer {
    let decoder: CodableTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The value, read from the body first when it has not been.
    private func value<T: Decodable>(_ type: T.Type) throws -> T {
        switch decoder.source {
        case .body(let reader): return try decoder.readBody(type, from: reader)
        case .value(let value): return try decoder.unbox(type, from: value, at: codingPath)
        }
    }

    func decodeNil() -> Bool {
        guard case .value(let value) = decoder.source else { return false }
        return ValueConversion.flatten(value) == nil
    }
    func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
    func decode(_ type: String.Type) throws -> String { try value(type) }
    func decode(_ type: Double.Type) throws -> Double { try value(type) }
    func decode(_ type: Float.Type) throws -> Float { try value(type) }
    func decode(_ type: Int.Type) throws -> Int { try value(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
    func decode(_ type: Int128.Type) throws -> Int128 { try value(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try value(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }
}
