import KryoCore

/// The binary backend's ``ValueWriter``: one instance per top-level call (Kryo's auto-reset),
/// holding that call's reference table and class-name ids.
public final class KryoBinaryWriter: ValueWriter {
    public let registry: Registry
    public let registryGeneration: UInt64
    /// The options of this call; ``withoutReferences(_:)`` turns references off for a while.
    public var options: SerializationOptions { state.pointee.options }
    /// The bytes go here.
    public let output: KryoOutput

    private struct EnumConstantKey: Hashable {
        let type: ObjectIdentifier
        let key: Int
    }

    public var genericArguments: [DeclaredType] { state.pointee.genericArguments }

    /// The per-call state, behind a pointer: a class's stored properties would be checked for
    /// exclusive access at run time on every change, and this state changes on every object.
    private struct State {
        var options: SerializationOptions
        var genericArguments: [DeclaredType] = []
        var depth = 0
        var nextReferenceID = 0
        var writtenInstances = IdentityTable()
        /// Enum constants written: the first few in a list (searched linearly), the rest hashed.
        var writtenEnumConstants: [(constant: EnumConstantKey, id: Int)] = []
        var moreEnumConstants: [EnumConstantKey: Int] = [:]
        var classNameIDs: [String: Int] = [:]
        var cachedStringRegistration: Registration?
        /// Types whose field names this graph has written (CompatibleFieldSerializer headers).
        var fieldNamesWritten: Set<ObjectIdentifier> = []
        /// Where each open skippable field's bytes start, innermost last.
        var skippableFieldStarts: [Int] = []
    }

    private let state: UnsafeMutablePointer<State>

    /// Creates a writer for one top-level value.
    public init(registry: Registry, options: SerializationOptions, output: KryoOutput) {
        self.registry = registry
        registryGeneration = registry.generation
        self.output = output
        state = .allocate(capacity: 1)
        state.initialize(to: State(options: options))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Top-level calls

    /// Java's `Object`, the slot of `writeClassAndObject`.
    private static let objectSlot = ResolvedSlot(declared: .object, isFinal: false, registration: nil)

    /// Writes `value` as the given top-level Java call would.
    public func writeRoot(_ value: Any?, framing: KryoFraming, declaredType: (any Any.Type)? = nil) throws {
        switch framing {
        case .classAndObject:
            try writeObject(value, in: KryoBinaryWriter.objectSlot, forKey: "")
        case .object, .objectOrNull:
            let value = ValueConversion.flatten(value)
            let type = declaredType ?? value.map { Swift.type(of: $0) }
            guard let type else {
                throw SerializationError(
                    .typeMismatch, expected: "a value (writeObject cannot write nil)", found: "nil")
            }
            let registration = try registration(for: type)
            let declared = DeclaredType(registration.swiftType, finality: .final, canBeNull: framing == .objectOrNull)
            try write(
                value, registration: registration,
                in: ResolvedSlot(declared: declared, isFinal: true, registration: registration))
        }
    }

    // MARK: ValueWriter

    public func writeBool(_ value: Bool, forKey key: String) throws { output.writeByte(value ? 1 : 0) }
    public func writeInt8(_ value: Int8, forKey key: String) throws { output.writeByte(UInt8(bitPattern: value)) }
    public func writeInt16(_ value: Int16, forKey key: String) throws {
        output.writeUInt16(UInt16(bitPattern: value))
    }
    public func writeChar(_ value: UInt16, forKey key: String) throws { output.writeUInt16(value) }

    public func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws {
        switch encoding {
        case .zigzag: output.writeVarInt32(value, optimizePositive: false)
        case .positive: output.writeVarInt32(value, optimizePositive: true)
        case .fixed: output.writeUInt32(UInt32(bitPattern: value))
        }
    }

    public func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws {
        switch encoding {
        case .zigzag: output.writeVarInt64(value, optimizePositive: false)
        case .positive: output.writeVarInt64(value, optimizePositive: true)
        case .fixed: output.writeUInt64(UInt64(bitPattern: value))
        }
    }

    public func writeFloat(_ value: Float, forKey key: String) throws { output.writeUInt32(value.bitPattern) }
    public func writeDouble(_ value: Double, forKey key: String) throws { output.writeUInt64(value.bitPattern) }
    public func writeString(_ value: String?, forKey key: String) throws { output.writeString(value) }
    public func writeCharSequence(_ value: String?, forKey key: String) throws {
        guard let value else { return output.writeString(nil) }
        output.writeUTF8Form(value)
    }
    public func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws {
        output.writeBytes(bytes)
        try output.flushIfNeeded()
    }

    public func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws {
        if state.pointee.options.references {
            // A Java String is reference-tracked: `01` (a new object, numbered) or `00` for null.
            guard let value else {
                guard canBeNull else { throw nilNotAllowed("java.lang.String") }
                output.writeByte(0)
                return
            }
            state.pointee.nextReferenceID += 1
            output.writeByte(1)
            output.writeString(value)
            return
        }
        // Without references the String serializer writes its own null.
        guard value != nil || canBeNull else { throw nilNotAllowed("java.lang.String") }
        output.writeString(value)
    }

    public func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws {
        try values.withUnsafeBufferPointer { elements in
            let raw = UnsafeRawBufferPointer(elements)
            switch P.self {
            case is Int32.Type:
                output.writeVarInt32s(raw.assumingMemoryBound(to: Int32.self), optimizePositive: false)
            case is Int64.Type:
                output.writeVarInt64s(raw.assumingMemoryBound(to: Int64.self), optimizePositive: false)
            case is Double.Type:
                output.writeBigEndian(raw.assumingMemoryBound(to: UInt64.self))
            case is Float.Type:
                output.writeBigEndian(raw.assumingMemoryBound(to: UInt32.self))
            case is Int16.Type, is UInt16.Type:
                output.writeBigEndian(raw.assumingMemoryBound(to: UInt16.self))
            case is Int8.Type:
                output.writeBytes(raw)
            case is Bool.Type:
                // Swift stores `true` as 1 and `false` as 0, exactly Java's bytes.
                output.writeBytes(raw)
            default:
                for value in elements { try P.writePrimitive(value, to: self, forKey: key) }
            }
        }
        try output.flushIfNeeded()
    }

    public func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws {
        try writeObject(value, in: ResolvedSlot(declared, in: registry), forKey: key)
    }

    public func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws {
        let value = ValueConversion.flatten(value)
        if let value, Swift.type(of: value) == String.self, let string = value as? String {
            try writeString(string, as: slot.declared)
            return
        }
        let registration: Registration
        if let value {
            let type = Swift.type(of: value)
            if let declared = slot.registration, type == slot.declared.swiftType {
                registration = declared
            } else {
                registration = try self.registration(for: type)
            }
        } else if slot.isFinal {
            registration = try slot.registration ?? self.registration(for: slot.declared.swiftType)
        } else {
            output.writeByte(0)
            return
        }
        try write(value, registration: registration, in: slot)
    }

    /// Writes a value or nil, type-erased, in a resolved slot.
    private func write(_ value: Any?, registration: Registration, in slot: ResolvedSlot) throws {
        guard let value else {
            if try beginNilObject(in: slot, forKey: "") { try registration.serializer.writeNil(to: self) }
            return
        }
        guard
            try beginObject(
                registration, value: value, identity: ObjectIdentity(of: value, registration), in: slot, forKey: "")
        else { return }
        try registration.serializer.write(value, to: self)
        try endObject()
    }

    /// A `String` value in any slot, without the registry's type-erased path.
    private func writeString(_ value: String, as declared: DeclaredType) throws {
        if declared.finality != .nonFinal, declared.swiftType == String.self {
            try writeStringObject(value, canBeNull: declared.canBeNull, forKey: "")
            return
        }
        let registration = try stringRegistration()
        try writeClassTag(registration)
        if state.pointee.options.references {
            state.pointee.nextReferenceID += 1
            output.writeByte(1)
        }
        output.writeString(value)
    }

    private func stringRegistration() throws -> Registration {
        if let cached = state.pointee.cachedStringRegistration { return cached }
        let registration = try registration(for: String.self)
        state.pointee.cachedStringRegistration = registration
        return registration
    }

    // MARK: Object markers (Kryo's writeClassAndObject, writeObjectOrNull, writeObject)

    public func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        if slot.isFinal {
            if state.pointee.options.references {
                if try writeReferenceMarker(identity, registration: registration, mayBeNull: slot.declared.canBeNull) {
                    return false
                }
            } else if slot.declared.canBeNull, !registration.serializer.handlesNil {
                output.writeByte(1)
            }
        } else {
            try writeClassTag(registration)
            if state.pointee.options.references,
                try writeReferenceMarker(identity, registration: registration, mayBeNull: false)
            {
                return false
            }
        }
        state.pointee.depth += 1
        guard state.pointee.depth <= state.pointee.options.limits.maxDepth else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(state.pointee.options.limits.maxDepth) nested objects",
                found: "deeper nesting at a \(registration.javaName)", offset: output.totalCount)
        }
        let generics = slot.declared.genericArguments
        if !(generics.isEmpty && state.pointee.genericArguments.isEmpty) { state.pointee.genericArguments = generics }
        return true
    }

    public func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        guard slot.isFinal else {
            output.writeByte(0)
            return false
        }
        guard slot.declared.canBeNull else {
            throw nilNotAllowed(slot.registration?.javaName ?? "\(slot.declared.swiftType)")
        }
        if !state.pointee.options.references, let registration = slot.registration, registration.serializer.handlesNil {
            return true
        }
        output.writeByte(0)
        return false
    }

    public func endObject() throws {
        state.pointee.depth -= 1
        try output.flushIfNeeded()
    }

    // MARK: Schema evolution (TaggedFieldSerializer, CompatibleFieldSerializer)

    public var isPositional: Bool { true }

    /// The field count and names, the first time `type` appears in this graph.
    public func writeFieldNames(_ names: [String], of type: any Any.Type) throws {
        guard state.pointee.fieldNamesWritten.insert(ObjectIdentifier(type)).inserted else { return }
        output.writeVarInt32(Int32(names.count), optimizePositive: true)
        for name in names { output.writeString(name) }
    }

    public func beginSkippableField(forKey key: String) throws {
        state.pointee.skippableFieldStarts.append(output.beginChunks())
    }

    public func endSkippableField() throws {
        guard let start = state.pointee.skippableFieldStarts.popLast() else {
            throw SerializationError(
                .invalidValue, expected: "a skippable field to end", found: "none begun (a serializer bug)")
        }
        output.endChunks(from: start)
        try output.flushIfNeeded()
    }

    // MARK: Deflate (Kryo's DeflateSerializer)

    /// Writes the body of a value of `type` as Kryo 2.20's `DeflateSerializer` does: `body` writes
    /// it, in this graph (its references and class names continue the outer ones), into bytes
    /// that are then compressed in place, with no length prefix.
    ///
    /// Java writes the inner value with `kryo.writeObject`, so with references on a type Java
    /// tracks gets a reference marker first. Java 2.20 writes there a back-reference to the value
    /// itself (already numbered by the outer call), which no reader can use; Swift writes `01`, a
    /// "new object" marker that numbers nothing, which Java 2.20's reader reads back correctly.
    func writeDeflated(
        _ type: any Any.Type, level: Int32, format: DeflateFormat, body: () throws -> Void
    ) throws {
        let start = output.beginReplacedRun()
        do {
            if state.pointee.options.references, registry.registration(for: type)?.tracksReferences ?? true {
                output.writeByte(1)
            }
            try body()
        } catch {
            output.cancelReplacedRun()
            throw error
        }
        let offset = output.totalCount
        do {
            try output.endReplacedRun(from: start) { bytes in try Zlib.deflate(bytes, level: level, format: format) }
        } catch var failure as SerializationError {
            failure.offset = offset
            throw failure
        }
        try output.flushIfNeeded()
    }

    /// Writes `00`/`01`/back-reference as Kryo's `writeReferenceOrNull`; returns `true` when the
    /// value was written as a back-reference.
    private func writeReferenceMarker(_ identity: () -> ObjectIdentity, registration: Registration, mayBeNull: Bool)
        throws
        -> Bool
    {
        guard registration.tracksReferences else {
            if mayBeNull { output.writeByte(1) }
            return false
        }
        switch identity() {
        case .instance(let object):
            let next = state.pointee.nextReferenceID
            if let id = state.pointee.writtenInstances.number(of: object, elseInsert: next) {
                output.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true)
                return true
            }
        case .enumConstant(let key):
            let constant = EnumConstantKey(type: ObjectIdentifier(registration.swiftType), key: key)
            if let id = state.pointee.writtenEnumConstants.first(where: { $0.constant == constant })?.id
                ?? state.pointee.moreEnumConstants[constant]
            {
                output.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true)
                return true
            }
            if state.pointee.writtenEnumConstants.count < 16 {
                state.pointee.writtenEnumConstants.append((constant, state.pointee.nextReferenceID))
            } else {
                state.pointee.moreEnumConstants[constant] = state.pointee.nextReferenceID
            }
        case .none:
            break
        }
        state.pointee.nextReferenceID += 1
        output.writeByte(1)
        return false
    }

    // MARK: Classes (Kryo's writeClass)

    public func writeClass(_ javaClass: JavaClassTag?, forKey key: String) throws {
        guard let javaClass else {
            output.writeByte(0)
            return
        }
        try writeClassTag(
            javaName: javaClass.javaName, id: javaClass.registration?.id,
            describing: javaClass.registration.map { "\($0.swiftType)" } ?? javaClass.javaName)
    }

    public func withoutReferences<T>(_ body: () throws -> T) throws -> T {
        let references = state.pointee.options.references
        state.pointee.options.references = false
        defer { state.pointee.options.references = references }
        return try body()
    }

    private func writeClassTag(_ registration: Registration) throws {
        try writeClassTag(javaName: registration.javaName, id: registration.id, describing: "\(registration.swiftType)")
    }

    private func writeClassTag(javaName: String, id: Int?, describing type: @autoclosure () -> String) throws {
        if let id {
            output.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true)
            return
        }
        guard !state.pointee.options.registrationRequired else {
            throw SerializationError(
                .unregisteredType, expected: "a registration for \(type()) (registration is required)",
                found: "none", offset: output.totalCount)
        }
        output.writeByte(1)
        if let nameID = state.pointee.classNameIDs[javaName] {
            output.writeVarInt32(Int32(nameID), optimizePositive: true)
            return
        }
        let nameID = state.pointee.classNameIDs.count
        // Kryo 2.20 writes a new name id as one raw byte (bug #87): past 127 no 2.20 peer can read it.
        guard nameID < 128 else {
            throw SerializationError(
                .unsupported, expected: "at most 128 unregistered class names in one graph (Kryo 2.20)",
                found: "a 129th: \(javaName)", offset: output.totalCount)
        }
        state.pointee.classNameIDs[javaName] = nameID
        output.writeByte(UInt8(nameID))
        output.writeString(javaName)
    }

    // MARK: Lookups

    private func registration(for type: any Any.Type) throws -> Registration {
        guard let registration = registry.registration(for: type) else {
            throw SerializationError(
                .unsupported, expected: "a registration or default serializer for \(type)", found: "none",
                offset: output.totalCount)
        }
        return registration
    }

    private func nilNotAllowed(_ javaName: String) -> SerializationError {
        SerializationError(.invalidValue, expected: "a non-nil \(javaName)", found: "nil", offset: output.totalCount)
    }
}
