/// Writes and reads one kind of value through the format-neutral ``ValueWriter`` and
/// ``ValueReader``, so that the same serializer drives every backend.
///
/// A serializer never writes class tags, nil markers or reference markers for the value it is
/// given: the backend writes those around it. It calls ``ValueWriter/writeObject(_:as:forKey:)``
/// for every nested object.
public protocol Serializer<Value>: Sendable {
    /// The Swift type this serializer writes and reads.
    associatedtype Value

    /// Whether the serializer writes nil itself (Java's `acceptsNull`). When `true` and the
    /// backend has no reference marker to carry nil, it calls ``writeNil(to:)`` and
    /// ``readNilable(from:)`` instead of writing a nil marker. Defaults to `false`.
    var handlesNil: Bool { get }

    /// Whether the serializer writes nil itself in the binary form of a Java Kryo release: a
    /// serializer whose Java counterpart accepts nil from one release on (Kryo 5's collections
    /// and maps) says so here. Defaults to ``handlesNil``.
    func handlesNil(in version: KryoWireVersion) -> Bool

    /// Whether Java treats the type as final, so that a field declared with it carries no class
    /// tag. Defaults to `false`.
    var isFinal: Bool { get }

    /// Writes `value`.
    func write(_ value: Value, to writer: any ValueWriter) throws
    /// Reads a value. A class serializer calls ``ValueReader/reference(_:)`` right after creating
    /// the instance and before reading its fields, so that cycles decode.
    func read(from reader: any ValueReader) throws -> Value
    /// Writes the serializer's own nil representation. Only called when ``handlesNil`` is `true`.
    func writeNil(to writer: any ValueWriter) throws
    /// Reads a value that may be the serializer's own nil. Only called when ``handlesNil`` is `true`.
    func readNilable(from reader: any ValueReader) throws -> Value?
    /// Copies `value` for ``Registry/copy(_:options:)``, with no bytes in between (Java's
    /// `Serializer.copy`). Copy nested values with ``ValueCopier/copy(_:)->T``; a class serializer
    /// calls ``ValueCopier/reference(_:)`` with the new instance before copying its fields, so
    /// that cycles copy. An immutable value may return itself. The default returns `value` for
    /// trivial types (no references inside, `Int32`, a payload-free enum) and throws
    /// ``SerializationError/Kind/unsupported`` for every other type.
    func copy(_ value: Value, with copier: ValueCopier) throws -> Value
}

extension Serializer {
    public var handlesNil: Bool { false }
    public func handlesNil(in version: KryoWireVersion) -> Bool { handlesNil }
    public var isFinal: Bool { false }

    public func writeNil(to writer: any ValueWriter) throws {
        throw SerializationError(
            .unsupported, expected: "a \(Value.self) value", found: "nil (the serializer does not write nil)")
    }

    public func readNilable(from reader: any ValueReader) throws -> Value? {
        try read(from: reader)
    }
}

/// A serializer of one Swift type with that type kept, as the typed object path calls it: no
/// boxing of the value, no cast. ``AnySerializer/typed(_:)`` hands it out.
@usableFromInline package final class TypedSerializer<Value>: Sendable {
    /// See ``Serializer/handlesNil``.
    @usableFromInline package let handlesNil: Bool
    /// See ``Serializer/handlesNil(in:)``: one bit a major release.
    @usableFromInline let handlesNilByRelease: UInt16
    @usableFromInline let writeValue: @Sendable (Value, any ValueWriter) throws -> Void
    @usableFromInline let readValue: @Sendable (any ValueReader) throws -> Value
    @usableFromInline let writeNilValue: @Sendable (any ValueWriter) throws -> Void
    @usableFromInline let readNilableValue: @Sendable (any ValueReader) throws -> Value?
    @usableFromInline let copyValue: @Sendable (Value, ValueCopier) throws -> Value
    /// The serializer wrapped, whose slots a registry binds when it is built.
    @usableFromInline let wrapped: any Sendable

    /// Wraps a serializer (inlinable, so that the closures are specialized for it).
    @inlinable
    package init<S: Serializer>(_ serializer: S) where S.Value == Value {
        wrapped = serializer
        handlesNil = serializer.handlesNil
        handlesNilByRelease = nilHandlingReleases(serializer)
        writeValue = { value, writer in try serializer.write(value, to: writer) }
        readValue = { reader in try serializer.read(from: reader) }
        writeNilValue = { writer in try serializer.writeNil(to: writer) }
        readNilableValue = { reader in try serializer.readNilable(from: reader) }
        copyValue = { value, copier in try serializer.copy(value, with: copier) }
    }

    /// See ``Serializer/handlesNil(in:)``.
    package func handlesNil(in version: KryoWireVersion) -> Bool { handlesNilByRelease & (1 << version.major) != 0 }

    /// Writes a value.
    @inlinable
    package func write(_ value: Value, to writer: any ValueWriter) throws { try writeValue(value, writer) }
    /// Reads a value.
    @inlinable
    package func read(from reader: any ValueReader) throws -> Value { try readValue(reader) }
    /// Writes nil; see ``Serializer/writeNil(to:)``.
    @inlinable
    package func writeNil(to writer: any ValueWriter) throws { try writeNilValue(writer) }
    /// Reads a value or nil; see ``Serializer/readNilable(from:)``.
    @inlinable
    package func readNilable(from reader: any ValueReader) throws -> Value? { try readNilableValue(reader) }
}

extension TypedSerializer: SerializerWrapping {
    var wrappedSerializer: any Sendable { wrapped }
}

/// A type-erased serializer, as a registration holds it: the same serializer reached with boxed
/// values (``write(_:to:)``) or, when the caller knows the Swift type, typed.
public final class AnySerializer: Sendable {
    /// The Swift type the wrapped serializer handles.
    public let valueType: any Any.Type
    /// See ``Serializer/handlesNil``.
    public let handlesNil: Bool
    /// See ``Serializer/handlesNil(in:)``: one bit a major release.
    @usableFromInline let handlesNilByRelease: UInt16
    /// See ``Serializer/isFinal``.
    public let isFinal: Bool
    /// The ``TypedSerializer`` of ``valueType``.
    @usableFromInline let typedSerializer: any AnyObject & Sendable
    @usableFromInline let writeValue: @Sendable (Any, any ValueWriter) throws -> Void
    @usableFromInline let readValue: @Sendable (any ValueReader) throws -> Any
    @usableFromInline let writeNilValue: @Sendable (any ValueWriter) throws -> Void
    @usableFromInline let readNilableValue: @Sendable (any ValueReader) throws -> Any?
    @usableFromInline let copyValue: @Sendable (Any, ValueCopier) throws -> Any

    /// Wraps a serializer. Inlinable, so that the wrapper is specialized for each serializer
    /// where it is created and calls it without generic dispatch.
    @inlinable
    public init<S: Serializer>(_ serializer: S) {
        let typed = TypedSerializer(serializer)
        valueType = S.Value.self
        handlesNil = serializer.handlesNil
        handlesNilByRelease = nilHandlingReleases(serializer)
        isFinal = serializer.isFinal
        typedSerializer = typed
        writeValue = { value, writer in
            guard let value = ValueConversion.exactly(value, as: S.Value.self) ?? value as? S.Value else {
                throw SerializationError(
                    .typeMismatch, expected: "\(S.Value.self)", found: ValueConversion.describeType(of: value))
            }
            try typed.write(value, to: writer)
        }
        readValue = { reader in try typed.read(from: reader) }
        writeNilValue = { writer in try typed.writeNil(to: writer) }
        readNilableValue = { reader in
            guard let value = try typed.readNilable(from: reader) else { return nil }
            return value
        }
        copyValue = { value, copier in
            guard let value = ValueConversion.exactly(value, as: S.Value.self) ?? value as? S.Value else {
                throw SerializationError(
                    .typeMismatch, expected: "\(S.Value.self)", found: ValueConversion.describeType(of: value))
            }
            return try typed.copy(value, with: copier)
        }
    }

    /// The serializer with its type, when it serializes exactly `type`.
    @inlinable
    package func typed<T>(_ type: T.Type) -> TypedSerializer<T>? {
        guard valueType == T.self else { return nil }
        return unsafeDowncast(typedSerializer, to: TypedSerializer<T>.self)
    }

    /// Writes a value, which must be of ``valueType``.
    public func write(_ value: Any, to writer: any ValueWriter) throws { try writeValue(value, writer) }
    /// Reads a value.
    public func read(from reader: any ValueReader) throws -> Any { try readValue(reader) }
    /// Writes nil; see ``Serializer/writeNil(to:)``.
    public func writeNil(to writer: any ValueWriter) throws { try writeNilValue(writer) }
    /// Reads a value or nil; see ``Serializer/readNilable(from:)``.
    public func readNilable(from reader: any ValueReader) throws -> Any? { try readNilableValue(reader) }
}

extension AnySerializer {
    /// See ``Serializer/handlesNil(in:)``.
    public func handlesNil(in version: KryoWireVersion) -> Bool { handlesNilByRelease & (1 << version.major) != 0 }
}

/// The releases in which `serializer` writes its own nil, one bit a major release.
@usableFromInline
func nilHandlingReleases(_ serializer: some Serializer) -> UInt16 {
    KryoWireVersion.allCases.reduce(0) { bits, version in
        serializer.handlesNil(in: version) ? bits | 1 << version.major : bits
    }
}

/// A serializer of objects with named fields of declared types (the field serializers of schema
/// classes): what a reader of a format with keys asks to type a value that a key path names
/// before the reader reaches its field (an alias to a field not yet read).
package protocol FieldTypesDescribing {
    /// The declared type of the object field `name`; `nil` for a primitive field or no field.
    func declaredType(ofField name: String) -> DeclaredType?
    /// The names of every field, inherited ones included.
    var fieldNames: Set<String> { get }
    /// The schema classes the class extends or implements, transitively.
    var ancestors: Set<String> { get }
    /// Whether some schema class names this one in `extends` or `implements`: then a slot of it
    /// holds those classes' objects only.
    var isNamedSupertype: Bool { get }
}

extension AnySerializer {
    /// The declared type of the object field `name` of the values, when the wrapped serializer
    /// describes its fields (``FieldTypesDescribing``).
    package func declaredType(ofField name: String) -> DeclaredType? {
        guard let wrapping = typedSerializer as? any SerializerWrapping,
            let fields = wrapping.wrappedSerializer as? any FieldTypesDescribing
        else { return nil }
        return fields.declaredType(ofField: name)
    }

    /// The names of the values' fields, when the wrapped serializer describes its fields
    /// (``FieldTypesDescribing``).
    package var fieldNames: Set<String>? {
        guard let wrapping = typedSerializer as? any SerializerWrapping,
            let fields = wrapping.wrappedSerializer as? any FieldTypesDescribing
        else { return nil }
        return fields.fieldNames
    }

    /// What the wrapped serializer says of its class's place among the schema's classes.
    package var hierarchy: (ancestors: Set<String>, isNamedSupertype: Bool)? {
        guard let wrapping = typedSerializer as? any SerializerWrapping,
            let fields = wrapping.wrappedSerializer as? any FieldTypesDescribing
        else { return nil }
        return (fields.ancestors, fields.isNamedSupertype)
    }
}

extension Registration {
    /// Whether a value of `other`, a schema class, may be an instance of this schema class (or of
    /// a subclass): a subclass has every field of its superclass, so a class without one of this
    /// class's fields is another class, which Java would read into a field it cannot hold
    /// (heap pollution, a `ClassCastException` later). `true` when either is not a schema class
    /// of the dynamic path or this class has no fields (nothing tells).
    package func mayHold(_ other: Registration) -> Bool {
        guard other !== self, swiftType == DynamicObject.self, other.swiftType == DynamicObject.self else {
            return true
        }
        // The schema's `extends` and `implements` say it; else the fields tell.
        if let theirs = other.serializer.hierarchy, theirs.ancestors.contains(javaName) { return true }
        guard let own = serializer.fieldNames, let others = other.serializer.fieldNames else { return true }
        guard !own.isEmpty else { return !(serializer.hierarchy?.isNamedSupertype ?? false) }
        return own.isSubset(of: others)
    }

    /// What a value of this class is, in an error about a slot of `declared` that cannot hold
    /// it: an object of a schema class that lacks the slot class's fields (so no subclass of
    /// it); another value, of its Java class.
    package func describedAsValue(in declared: Registration) -> String {
        guard swiftType == DynamicObject.self else { return "a \(javaName)" }
        if declared.serializer.fieldNames?.isEmpty ?? false {
            return "an object of \(javaName), which the schema says neither extends nor implements \(declared.javaName)"
        }
        return "an object of \(javaName), which is no subclass (it lacks fields of \(declared.javaName))"
    }

    /// Whether a value of `other` may be an instance of this class: ``mayHold(_:)`` for a schema
    /// class; a value of another kind (a `String`, a number, a list) never is one of a schema
    /// class with fields.
    package func mayHoldValue(of other: Registration) -> Bool {
        guard other.swiftType != DynamicObject.self else { return mayHold(other) }
        guard other !== self, swiftType == DynamicObject.self, let own = serializer.fieldNames else { return true }
        // A class or interface of the schema that others extend or implement holds only theirs.
        return own.isEmpty && !(serializer.hierarchy?.isNamedSupertype ?? false)
    }
}
