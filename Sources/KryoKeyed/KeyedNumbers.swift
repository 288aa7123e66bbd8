import KryoCore

/// Numbers read from a keyed archive, as the Swift type a slot declares: an archive stores
/// `NSNumber`s without saying which C type they had, so an `Int32` field reads an integer as an
/// `Int32` (when it fits) and an untyped slot reads it as an `Int`.
enum KeyedNumbers {
    static func integer(_ number: Int64, as type: (any Any.Type)?, reader: KeyedArchiveReader) throws -> Any {
        guard let type, type != Int.self, type != Any.self else { return Int(number) }
        func exactly<T: FixedWidthInteger>(_: T.Type) throws -> T {
            guard let value = T(exactly: number) else {
                throw reader.error(.invalidValue, expected: "a number that fits \(T.self)", found: "\(number)")
            }
            return value
        }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int64.self): return number
        case ObjectIdentifier(Int32.self): return try exactly(Int32.self)
        case ObjectIdentifier(Int16.self): return try exactly(Int16.self)
        case ObjectIdentifier(Int8.self): return try exactly(Int8.self)
        case ObjectIdentifier(UInt64.self): return try exactly(UInt64.self)
        case ObjectIdentifier(UInt32.self): return try exactly(UInt32.self)
        case ObjectIdentifier(UInt16.self): return try exactly(UInt16.self)
        case ObjectIdentifier(UInt8.self): return try exactly(UInt8.self)
        case ObjectIdentifier(UInt.self): return try exactly(UInt.self)
        case ObjectIdentifier(Double.self): return Double(number)
        case ObjectIdentifier(Float.self): return Float(number)
        case ObjectIdentifier(Bool.self): return number != 0
        default: return Int(number)
        }
    }

    static func unsigned(_ number: UInt64, as type: (any Any.Type)?, reader: KeyedArchiveReader) throws -> Any {
        if let type, type == Double.self { return Double(number) }
        if let type, type == UInt.self { return UInt(number) }
        return number
    }

    static func real(_ number: Double, as type: (any Any.Type)?) -> Any {
        if let type, type == Float.self { return Float(number) }
        return number
    }
}
