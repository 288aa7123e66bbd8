/// A Swift enum that maps to a Java enum by declaration order: case *n* is Java's ordinal *n*.
///
/// ```swift
/// enum SampleEnum: JavaEnum {
///     case first, second, third
///     static let javaClassName = "test.SampleEnum"
/// }
/// ```
///
/// Only the ordinal travels; the Java constant names (``javaConstantNames``) serve the schema
/// model (``schemaModel``).
public protocol JavaEnum: JavaRepresentable, CaseIterable, Hashable, Sendable {
    /// The Java constant names, in ordinal order (one per case). The default derives them from
    /// the case names (`darkRed` → `DARK_RED`).
    static var javaConstantNames: [String] { get }
}

extension JavaEnum {
    public static var defaultSerializer: AnySerializer { AnySerializer(EnumSerializer<Self>()) }
    public static var isJavaFinal: Bool { true }
}

/// The bytes Swift stores for a trivial value of at most two bytes, as a number: for a plain enum,
/// its case number. Distinct values give distinct numbers; `nil` for other types.
@inlinable
func enumStoredBytes<Value>(of value: Value) -> Int? {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 2 else { return nil }
    return withUnsafeBytes(of: value) { bytes in
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

/// The constants of a Java enum in ordinal order, with a constant-time ordinal lookup.
@usableFromInline
struct JavaEnumOrdinals<Value: JavaEnum>: Sendable {
    @usableFromInline let constants: [Value]
    @usableFromInline let ordinals: [Value: Int]
    /// Whether a constant's ordinal is the case number Swift stores for it (a plain enum whose
    /// `allCases` lists the cases in declaration order): then no hashing is needed.
    @usableFromInline let ordinalIsCaseNumber: Bool
    /// ``JavaEnum/javaConstantNames``, worked out once (the default derives them from the case
    /// names, which costs thousands of instructions).
    @usableFromInline let names: [String]

    @usableFromInline
    init() {
        names = Value.javaConstantNames
        constants = Array(Value.allCases)
        ordinals = Dictionary(constants.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        ordinalIsCaseNumber = constants.enumerated().allSatisfy { enumStoredBytes(of: $1) == $0 }
    }

    @inlinable
    func ordinal(of value: Value) -> Int {
        if ordinalIsCaseNumber, let number = enumStoredBytes(of: value), number < constants.count {
            return number
        }
        return ordinals[value] ?? 0
    }
}

/// Java's `EnumSerializer`: `ordinal + 1` as a positive varint, `0` for nil. Formats with keys
/// store the constant's `name` and its `ordinal`, and read either (the name first).
public struct EnumSerializer<Value: JavaEnum>: Serializer {
    @usableFromInline let table = JavaEnumOrdinals<Value>()

    /// Creates the serializer.
    @inlinable
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }

    @inlinable
    public func write(_ value: Value, to writer: any ValueWriter) throws {
        // The binary format keeps 0 for nil (Java's enum serializer accepts null); formats with
        // keys store the ordinal itself.
        let ordinal = table.ordinal(of: value)
        if writer.isPositional {
            try writer.writeInt32(Int32(ordinal + 1), forKey: "ordinal", encoding: .positive)
            return
        }
        let names = table.names
        if ordinal < names.count { try writer.writeString(names[ordinal], forKey: "name") }
        try writer.writeInt32(Int32(ordinal), forKey: "ordinal", encoding: .positive)
    }

    @inlinable
    public func read(from reader: any ValueReader) throws -> Value {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a \(Value.self) constant", found: "nil")
        }
        return value
    }

    @inlinable
    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "ordinal", encoding: .positive)
    }

    @inlinable
    public func readNilable(from reader: any ValueReader) throws -> Value? {
        if !reader.isPositional {
            try reader.refuseUnknownKeys(["name", "ordinal"], in: "a \(Value.javaClassName) constant")
        }
        if !reader.isPositional, reader.containsValue(forKey: "name"), let name = try reader.readString(forKey: "name")
        {
            let names = table.names
            guard let ordinal = names.firstIndex(of: name), ordinal < table.constants.count else {
                throw reader.error(
                    .invalidValue,
                    expected: "a constant of \(Value.javaClassName) (\(names.joined(separator: ", ")))",
                    found: "\"\(name)\"")
            }
            return table.constants[ordinal]
        }
        var stored = try reader.readInt32(forKey: "ordinal", encoding: .positive)
        if !reader.isPositional { stored &+= 1 }
        if stored == 0 { return nil }
        let constants = table.constants
        guard stored > 0, stored <= constants.count else {
            throw Self.ordinalError(Int64(stored) - 1, count: constants.count, reader)
        }
        return constants[Int(stored) - 1]
    }

    /// The error for an `ordinal` that is not one of the `count` constants.
    @usableFromInline
    static func ordinalError(_ ordinal: Int64, count: Int, _ reader: any ValueReader) -> SerializationError {
        reader.error(
            .invalidValue, expected: "an ordinal below \(count) for \(Value.javaClassName)", found: "ordinal \(ordinal)"
        )
    }
}
