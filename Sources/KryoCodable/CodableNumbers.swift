import FoundationEssentials
import KryoCore

/// How Swift's Codable scalars map to Java's types, and back.
///
/// Writing, each Swift type has the Java type that holds all its values: `Int8` is a `Byte`,
/// `Int16` a `Short`, `Int32` an `Integer`, `Int` and `Int64` a `Long`; the unsigned types take
/// the next wider signed type (`UInt8` a `Short`, `UInt16` an `Integer`, `UInt32` a `Long`), and
/// `UInt`, `UInt64`, `Int128` and `UInt128` a `Long` when the value fits one, else a
/// `java.math.BigInteger`. `Float`, `Double`, `Bool` and `String` are Java's own; `Data` and
/// `[UInt8]` are a `byte[]`; `URL` is its absolute string.
///
/// Reading, a number converts to any Swift number type that holds it exactly (an `Integer` 300
/// decodes as `Int64` or `UInt16`, not as `Int8`); a float converts to an integer type only when
/// it is whole, and integers convert to `Float` and `Double` with rounding.
enum CodableNumbers {
    /// The Java form of a Swift scalar, or `nil` when `T` is not one of the scalars above.
    static func javaScalar<T>(_ value: T) -> Any? {
        if T.self == String.self || T.self == Bool.self || T.self == Double.self || T.self == Float.self
            || T.self == Int8.self || T.self == Int16.self || T.self == Int32.self || T.self == Int64.self
        {
            return value
        }
        if T.self == Int.self, let value = value as? Int { return Int64(value) }
        if T.self == UInt8.self, let value = value as? UInt8 { return Int16(value) }
        if T.self == UInt16.self, let value = value as? UInt16 { return Int32(value) }
        if T.self == UInt32.self, let value = value as? UInt32 { return Int64(value) }
        if T.self == UInt.self, let value = value as? UInt { return wide(value) }
        if T.self == UInt64.self, let value = value as? UInt64 { return wide(value) }
        if T.self == Int128.self, let value = value as? Int128 { return wide(value) }
        if T.self == UInt128.self, let value = value as? UInt128 { return wide(value) }
        if T.self == Data.self { return value }
        if T.self == [UInt8].self, let value = value as? [UInt8] { return Data(value) }
        if T.self == URL.self, let value = value as? URL { return value.absoluteString }
        return nil
    }

    /// A `Long` when the value fits one, else a `BigInteger`.
    static func wide(_ value: some BinaryInteger) -> Any {
        Int64(exactly: value) ?? JavaBigInteger(value)
    }

    /// The Java type whose body a top-level single value of `T` is written as (see
    /// ``CodableTreeWriter/writeBody(_:of:to:)``), or `nil` when `T` is not a scalar.
    static func javaBodyType(of type: any Any.Type) -> (any Any.Type)? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self), ObjectIdentifier(URL.self): return String.self
        case ObjectIdentifier(Bool.self): return Bool.self
        case ObjectIdentifier(Double.self): return Double.self
        case ObjectIdentifier(Float.self): return Float.self
        case ObjectIdentifier(Int8.self): return Int8.self
        case ObjectIdentifier(Int16.self), ObjectIdentifier(UInt8.self): return Int16.self
        case ObjectIdentifier(Int32.self), ObjectIdentifier(UInt16.self): return Int32.self
        case ObjectIdentifier(Int64.self), ObjectIdentifier(Int.self), ObjectIdentifier(UInt32.self),
            ObjectIdentifier(UInt64.self), ObjectIdentifier(UInt.self), ObjectIdentifier(Int128.self),
            ObjectIdentifier(UInt128.self):
            return Int64.self
        case ObjectIdentifier(Data.self), ObjectIdentifier([UInt8].self): return Data.self
        default: return nil
        }
    }

    /// The outcome of converting a decoded value to a Swift scalar.
    enum Conversion<T> {
        /// The value, converted.
        case value(T)
        /// A number of the right kind that `T` cannot hold; the text says which.
        case outOfRange(String)
        /// Not a value of the kind `T` needs.
        case wrongType
    }

    /// A decoded value as the integer type `T`.
    static func integer<T: FixedWidthInteger>(_: T.Type, from value: Any) -> Conversion<T> {
        func exact(_ source: some BinaryInteger) -> Conversion<T> {
            T(exactly: source).map(Conversion.value) ?? .outOfRange("\(source)")
        }
        func whole(_ source: some BinaryFloatingPoint & CustomStringConvertible) -> Conversion<T> {
            T(exactly: source).map(Conversion.value) ?? .outOfRange("\(source)")
        }
        switch value {
        case let source as Int32: return exact(source)
        case let source as Int64: return exact(source)
        case let source as Int16: return exact(source)
        case let source as Int8: return exact(source)
        case let source as Int: return exact(source)
        case let source as UInt8: return exact(source)
        case let source as UInt16: return exact(source)
        case let source as UInt32: return exact(source)
        case let source as UInt64: return exact(source)
        case let source as JavaBigInteger:
            if let small = source.int64Value { return exact(small) }
            return T(source.description).map(Conversion.value) ?? .outOfRange(source.description)
        case let source as Double: return whole(source)
        case let source as Float: return whole(source)
        default: return .wrongType
        }
    }

    /// A decoded value as the floating-point type `T`: floats and integers, rounded to the
    /// nearest `T`; a finite value beyond `T`'s range is out of range.
    static func floatingPoint<T: BinaryFloatingPoint>(_: T.Type, from value: Any) -> Conversion<T> {
        let result: T
        let text: String
        switch value {
        case let source as Double: (result, text) = (T(source), "\(source)")
        case let source as Float: (result, text) = (T(source), "\(source)")
        case let source as Int32: (result, text) = (T(source), "\(source)")
        case let source as Int64: (result, text) = (T(source), "\(source)")
        case let source as Int16: (result, text) = (T(source), "\(source)")
        case let source as Int8: (result, text) = (T(source), "\(source)")
        case let source as Int: (result, text) = (T(source), "\(source)")
        case let source as UInt8: (result, text) = (T(source), "\(source)")
        case let source as JavaBigInteger:
            guard let double = Double(source.description) else { return .outOfRange(source.description) }
            (result, text) = (T(double), source.description)
        default: return .wrongType
        }
        let sourceIsFinite: Bool
        switch value {
        case let source as Double: sourceIsFinite = source.isFinite
        case let source as Float: sourceIsFinite = source.isFinite
        default: sourceIsFinite = true
        }
        if sourceIsFinite, !result.isFinite { return .outOfRange(text) }
        return .value(result)
    }

    /// A decoded value as a string: a `String`, or a Java `char`.
    static func string(from value: Any) -> String? {
        switch value {
        case let text as String: return text
        case let unit as UInt16: return String(decoding: [unit], as: UTF16.self)
        default: return nil
        }
    }

    /// A short description of a decoded value and its Java type, for error messages.
    static func describe(_ value: Any?) -> String {
        guard let value = ValueConversion.flatten(value) else { return "null" }
        let java: String
        switch value {
        case is String: return "a String"
        case let number as Int32: java = "an Integer \(number)"
        case let number as Int64: java = "a Long \(number)"
        case let number as Int16: java = "a Short \(number)"
        case let number as Int8: java = "a Byte \(number)"
        case let number as UInt8: java = "a byte \(number)"
        case let number as Double: java = "a Double \(number)"
        case let number as Float: java = "a Float \(number)"
        case let flag as Bool: java = "a Boolean \(flag)"
        case let unit as UInt16: java = "a Character \(unit)"
        case let number as JavaBigInteger: java = "a BigInteger \(number)"
        case is Data: java = "a byte[]"
        case is any AnyEntriesExposing: java = "a map"
        case is any AnyElementsExposing: java = "a list"
        default: java = "a value of type \(type(of: value))"
        }
        return java
    }
}
