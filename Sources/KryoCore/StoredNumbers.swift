/// Numbers read from a self-describing format (a keyed archive, a readable document), as the
/// Swift type a slot declares: such formats store numbers without saying which C or Java type
/// they had, so an `Int32` field reads an integer as an `Int32` (when it fits) and an untyped
/// slot reads it as an `Int`.
package enum StoredNumbers {
    /// The name of an integer type in an error: Java's where the type stands for a Java one
    /// (a `short` field is an `Int16`), the range of the others.
    private static func typeName<T: FixedWidthInteger>(_: T.Type) -> String {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(Int64.self): "a long"
        case ObjectIdentifier(Int32.self): "an int"
        case ObjectIdentifier(Int16.self): "a short"
        case ObjectIdentifier(Int8.self): "a byte"
        case ObjectIdentifier(UInt16.self): "a char"
        default: "\(T.min)…\(T.max)"
        }
    }

    /// An integer as `type`; an error naming both when it does not fit.
    package static func integer(_ number: Int64, as type: (any Any.Type)?, reader: any ValueReader) throws -> Any {
        guard let type, type != Int.self, type != Any.self else { return Int(number) }
        func exactly<T: FixedWidthInteger>(_: T.Type) throws -> T {
            guard let value = T(exactly: number) else {
                throw reader.error(
                    .invalidValue, expected: "a number that fits \(typeName(T.self))", found: "\(number)")
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
        // A number where a `BigInteger` or `BigDecimal` is declared (a map's value, a type
        // variable's), as a field of that type takes it.
        case ObjectIdentifier(JavaBigInteger.self): return JavaBigInteger(number)
        case ObjectIdentifier(JavaBigDecimal.self):
            return JavaBigDecimal(unscaledValue: JavaBigInteger(number), scale: 0)
        default: return Int(number)
        }
    }

    /// An integer above `Int64.max` as `type` (`UInt64` unless `Double` or `UInt` is asked for).
    package static func unsigned(_ number: UInt64, as type: (any Any.Type)?) -> Any {
        if let type, type == Double.self { return Double(number) }
        if let type, type == UInt.self { return UInt(number) }
        return number
    }

    /// `number` as a float; an error for a finite number beyond a float's range (1e39: Java's
    /// `Float.parseFloat` would give Infinity silently) or too small for one (1e-50, which would
    /// become 0).
    package static func float(_ number: Double, reader: any ValueReader) throws -> Float {
        let float = Float(number)
        guard float.isFinite || !number.isFinite else {
            throw reader.error(.invalidValue, expected: "a float (at most ±3.4028235e38)", found: "\(number)")
        }
        guard float != 0 || number == 0 else {
            throw reader.error(
                .invalidValue, expected: "a float (0, or at least ±1.4e-45 in magnitude)", found: "\(number)")
        }
        return float
    }

    /// A floating-point number as `type` (`Double` unless `Float` is asked for); an error for a
    /// finite number beyond a float's range where a float is asked for.
    package static func real(_ number: Double, as type: (any Any.Type)?, reader: any ValueReader) throws -> Any {
        if let type, type == Float.self { return try float(number, reader: reader) }
        // Its shortest decimal text, as Java's `BigDecimal.valueOf(double)`.
        if let type, type == JavaBigDecimal.self, number.isFinite, let decimal = JavaBigDecimal("\(number)") {
            return decimal
        }
        return number
    }
}

/// A Java primitive as a self-describing format stores it: a boolean, an integer or a real.
package enum StoredPrimitive {
    case bool(Bool)
    case integer(Int64)
    case real(Double)

    /// `value` in its stored kind.
    package init<P: JavaPrimitive>(_ value: P) {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let number as Float: self = .real(Double(number))
        case let number as Double: self = .real(number)
        case let number as Int8: self = .integer(Int64(number))
        case let number as Int16: self = .integer(Int64(number))
        case let number as UInt16: self = .integer(Int64(number))
        case let number as Int32: self = .integer(Int64(number))
        case let number as Int64: self = .integer(number)
        default: self = .integer(0)
        }
    }
}
