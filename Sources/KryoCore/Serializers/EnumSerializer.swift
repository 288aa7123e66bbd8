/// A Swift enum that maps to a Java enum by declaration order: case *n* is Java's ordinal *n*.
///
/// ```swift
/// enum SampleEnum: JavaEnum {
///     case first, second, third
///     static let javaClassName = "test.SampleEnum"
/// }
/// ```
public protocol JavaEnum: JavaRepresentable, CaseIterable, Hashable, Sendable {}

extension JavaEnum {
    public static var defaultSerializer: AnySerializer { AnySerializer(EnumSerializer<Self>()) }
    public static var isJavaFinal: Bool { true }
}

/// The constants of a Java enum in ordinal order, with a constant-time ordinal lookup.
struct JavaEnumOrdinals<Value: JavaEnum>: Sendable {
    let constants: [Value]
    private let ordinals: [Value: Int]

    init() {
        constants = Array(Value.allCases)
        ordinals = Dictionary(constants.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func ordinal(of value: Value) -> Int { ordinals[value] ?? 0 }
}

/// Java's `EnumSerializer`: `ordinal + 1` as a positive varint, `0` for nil.
public struct EnumSerializer<Value: JavaEnum>: Serializer {
    private let table = JavaEnumOrdinals<Value>()

    /// Creates the serializer.
    public init() {}
    public var isFinal: Bool { true }
    public var handlesNil: Bool { true }
    public func write(_ value: Value, to writer: any ValueWriter) throws {
        try writer.writeInt32(Int32(table.ordinal(of: value) + 1), forKey: "ordinal", encoding: .positive)
    }
    public func read(from reader: any ValueReader) throws -> Value {
        guard let value = try readNilable(from: reader) else {
            throw reader.error(.typeMismatch, expected: "a \(Value.self) constant", found: "nil")
        }
        return value
    }
    public func writeNil(to writer: any ValueWriter) throws {
        try writer.writeInt32(0, forKey: "ordinal", encoding: .positive)
    }
    public func readNilable(from reader: any ValueReader) throws -> Value? {
        let stored = try reader.readInt32(forKey: "ordinal", encoding: .positive)
        if stored == 0 { return nil }
        let constants = table.constants
        guard stored > 0, stored <= constants.count else {
            throw reader.error(
                .invalidValue, expected: "an ordinal below \(constants.count) for \(Value.javaClassName)",
                found: "ordinal \(Int64(stored) - 1)")
        }
        return constants[Int(stored) - 1]
    }
}
