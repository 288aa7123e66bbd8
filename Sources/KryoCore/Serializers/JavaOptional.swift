/// `java.util.Optional`: a value or none. Kryo 4 and 5 write it with `OptionalSerializer`: the
/// value through `writeClassAndObject` (so with its class), a nil class for an empty one. Kryo
/// 2.20 has no serializer for it (its `FieldSerializer` writes the `value` field: the same bytes).
///
/// Swift's own `Optional` is how a nil Java reference is spelled; this type is the Java object
/// that holds one. An untyped read gives `JavaOptional<Any>`.
public struct JavaOptional<Wrapped> {
    /// The value, or `nil` for `Optional.empty()`.
    public var value: Wrapped?

    /// Creates an optional holding `value` (`nil`: empty).
    public init(_ value: Wrapped?) { self.value = value }

    /// `Optional.empty()`.
    public static var empty: JavaOptional<Wrapped> { JavaOptional(nil) }
}

extension JavaOptional: Equatable where Wrapped: Equatable {}
extension JavaOptional: Hashable where Wrapped: Hashable {}
extension JavaOptional: Sendable where Wrapped: Sendable {}

extension JavaOptional: JavaRepresentable, JavaGenericContainer {
    public static var javaClassName: String { "java.util.Optional" }
    public static var defaultSerializer: AnySerializer { AnySerializer(JavaOptionalSerializer<Wrapped>()) }
    /// `Optional` is final.
    public static var isJavaFinal: Bool { true }
    public static var javaGenericArgumentTypes: [any Any.Type] { [Wrapped.self] }
}

/// Kryo's `OptionalSerializer`: the value with its class (`writeClassAndObject`).
public struct JavaOptionalSerializer<Wrapped>: Serializer {
    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }

    public func write(_ value: JavaOptional<Wrapped>, to writer: any ValueWriter) throws {
        try writer.writeObject(value.value, forKey: "value")
    }

    public func read(from reader: any ValueReader) throws -> JavaOptional<Wrapped> {
        guard let value = ValueConversion.flatten(try reader.readObject(forKey: "value")) else { return .empty }
        guard let wrapped = ValueConversion.convert(value, to: Wrapped.self) else {
            throw reader.error(
                .typeMismatch, expected: "\(Wrapped.self) in a java.util.Optional",
                found: ValueConversion.describeType(of: value))
        }
        return JavaOptional(wrapped)
    }
}

/// `java.util.OptionalInt`: Kryo 4 and 5 write whether it holds a value, then the value as a
/// fixed-width int (big-endian in Kryo 4, little-endian in Kryo 5).
public struct JavaOptionalInt: Hashable, Sendable {
    /// The value, or `nil` for `OptionalInt.empty()`.
    public var value: Int32?

    /// Creates an optional int.
    public init(_ value: Int32?) { self.value = value }
}

/// `java.util.OptionalLong`: see ``JavaOptionalInt``.
public struct JavaOptionalLong: Hashable, Sendable {
    /// The value, or `nil` for `OptionalLong.empty()`.
    public var value: Int64?

    /// Creates an optional long.
    public init(_ value: Int64?) { self.value = value }
}

/// `java.util.OptionalDouble`: see ``JavaOptionalInt``.
public struct JavaOptionalDouble: Hashable, Sendable {
    /// The value, or `nil` for `OptionalDouble.empty()`.
    public var value: Double?

    /// Creates an optional double.
    public init(_ value: Double?) { self.value = value }
}

/// Reads `present`; in a format with keys, a `value` must be there exactly when `present` is true
/// (a document's `{"present": false, "value": 5}` would lose the 5).
private func presence(in reader: any ValueReader) throws -> Bool {
    let present = try reader.readBool(forKey: "present")
    guard !reader.isPositional, present != reader.containsValue(forKey: "value") else { return present }
    throw reader.error(
        .invalidValue,
        expected: present ? "a value under value, since present is true" : "no value, since present is false",
        found: present ? "none" : "a value under value")
}

extension JavaOptionalInt: JavaRepresentable {
    public static var javaClassName: String { "java.util.OptionalInt" }
    /// `OptionalIntSerializer`: `present`, then the value (fixed width) when present.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaOptionalInt>(
                write: { value, writer in
                    try writer.writeBool(value.value != nil, forKey: "present")
                    if let int = value.value { try writer.writeInt32(int, forKey: "value", encoding: .fixed) }
                },
                read: { reader in
                    guard try presence(in: reader) else { return JavaOptionalInt(nil) }
                    return JavaOptionalInt(try reader.readInt32(forKey: "value", encoding: .fixed))
                }))
    }
}

extension JavaOptionalLong: JavaRepresentable {
    public static var javaClassName: String { "java.util.OptionalLong" }
    /// `OptionalLongSerializer`: `present`, then the value (fixed width) when present.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaOptionalLong>(
                write: { value, writer in
                    try writer.writeBool(value.value != nil, forKey: "present")
                    if let long = value.value { try writer.writeInt64(long, forKey: "value", encoding: .fixed) }
                },
                read: { reader in
                    guard try presence(in: reader) else { return JavaOptionalLong(nil) }
                    return JavaOptionalLong(try reader.readInt64(forKey: "value", encoding: .fixed))
                }))
    }
}

extension JavaOptionalDouble: JavaRepresentable {
    public static var javaClassName: String { "java.util.OptionalDouble" }
    /// `OptionalDoubleSerializer`: `present`, then the value when present.
    public static var defaultSerializer: AnySerializer {
        AnySerializer(
            JavaValueSerializer<JavaOptionalDouble>(
                write: { value, writer in
                    try writer.writeBool(value.value != nil, forKey: "present")
                    if let double = value.value { try writer.writeDouble(double, forKey: "value") }
                },
                read: { reader in
                    guard try presence(in: reader) else { return JavaOptionalDouble(nil) }
                    return JavaOptionalDouble(try reader.readDouble(forKey: "value"))
                }))
    }
}
