import KryoCore

/// The binary backend's ``ValueWriter``: one top-level call at a time (Kryo's auto-reset),
/// holding that call's reference table and class-name ids.
///
/// ``KryoCodec`` keeps one writer per thread and reuses it from call to call, with its tables
/// emptied between calls (so that no call allocates a writer or its state); a writer made with
/// ``init(registry:options:output:)`` serves any number of calls of its own.
@usableFromInline package final class KryoBinaryWriter: ValueWriter {
    @usableFromInline
    package var registry: Registry { boundRegistry }
    @usableFromInline
    package var slotBindings: SlotBindings { boundBindings }
    /// The options of this call; ``withoutReferences(_:)`` turns references off for a while.
    @usableFromInline
    package var options: SerializationOptions { state.pointee.options }
    /// The bytes go here.
    @usableFromInline package var output: KryoOutput { outputReference.takeUnretainedValue() }

    // What a reused writer is bound to for each call. Stored internal (not public) and only ever
    // assigned whole, so that whole-module optimization drops their run-time exclusivity checks.
    var boundRegistry: Registry
    var boundBindings: SlotBindings
    /// Where the bytes go, unretained: the hot paths borrow it for the length of a use, so that
    /// they do not retain and release it around each call. ``heldOutput`` keeps it alive, or,
    /// during a call of ``KryoCodec/encode(_:declaredType:to:)``, the caller that passed it.
    private var outputReference: Unmanaged<KryoOutput>
    /// The output this writer keeps alive: the one it was made with, or, for a writer a thread
    /// keeps, its own, where the bytes of ``KryoCodec/encode(_:)`` gather and what the writer
    /// points at between calls.
    private let heldOutput: KryoOutput
    /// Whether this is a writer a thread keeps (its ``heldOutput`` is its own).
    private let isKeptByThread: Bool

    /// A Java enum constant written with references on: its class, as the registration it was
    /// written with (one per Java class: the dynamic path's enums share one Swift type,
    /// ``DynamicEnum``), and the number that tells its constants apart.
    struct EnumConstantKey: Hashable {
        let enumClass: ObjectIdentifier
        let key: Int
    }

    @usableFromInline
    package var genericArguments: [DeclaredType] { state.pointee.genericArguments }
    /// Kryo's binary.
    @usableFromInline
    package var formatFamily: FormatFamily { .kryoBinary }
    /// Off unless the call turns it on: sorting costs a fast encoder noticeable time.
    @usableFromInline
    package var writesStableOrder: Bool { state.pointee.options.stableOrder ?? false }
    /// The Java release of this call's dialect.
    @usableFromInline
    package var kryoWireVersion: KryoWireVersion? { state.pointee.dialect.version }
    /// The dialect of this call.
    package var dialect: KryoDialect { state.pointee.dialect }

    /// The per-call state, behind a pointer: a class's stored properties would be checked for
    /// exclusive access at run time on every change, and this state changes on every object.
    private struct State {
        /// The call's options and dialect, and what they decide together.
        var forms: KryoCallForms
        var options: SerializationOptions { forms.options }
        var dialect: KryoDialect { forms.dialect }
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
        /// Whether a call of the thread that keeps this writer is using it.
        var inUse = false
        /// Whether the next value carries its class (``writeNextValueWithClass()``).
        var nextValueWithClass = false
        /// The slot of the last `writeObject` call, by type and framing (forgotten when the writer
        /// binds to another registry).
        var rootSlot: (type: ObjectIdentifier, framing: KryoFraming, slot: ResolvedSlot)?
        /// The typed slots of top-level values written with their static type.
        var rootSlots = RootSlots()
        /// The type of the last value written in a slot without a registration of its own (Java's
        /// `Object`: the top level of `writeClassAndObject`, an untyped list's elements), with its
        /// registration, unretained (the registry keeps it alive; forgotten when the writer binds to
        /// another): the next value
        /// of that type needs no unwrapping, no check for `String` and no registry lookup.
        var lastUntyped: (type: ObjectIdentifier, registration: Unmanaged<Registration>)?

        /// Forgets everything one call recorded (Kryo's reset), keeping the memory of small
        /// tables for the next call and letting go of every value the tables hold.
        mutating func reset() {
            if !genericArguments.isEmpty { genericArguments = [] }
            forms.reset()
            depth = 0
            nextReferenceID = 0
            writtenInstances.removeAll()
            if !writtenEnumConstants.isEmpty { writtenEnumConstants.removeAll(keepingCapacity: true) }
            if !moreEnumConstants.isEmpty {
                moreEnumConstants.removeAll(keepingCapacity: moreEnumConstants.count < 1024)
            }
            if !classNameIDs.isEmpty { classNameIDs.removeAll(keepingCapacity: true) }
            if !fieldNamesWritten.isEmpty { fieldNamesWritten.removeAll(keepingCapacity: true) }
            if !skippableFieldStarts.isEmpty { skippableFieldStarts.removeAll(keepingCapacity: true) }
            nextValueWithClass = false
        }
    }

    private let state: UnsafeMutablePointer<State>

    /// Creates a writer for top-level values written to `output` in `dialect`.
    package init(registry: Registry, dialect: KryoDialect = .v2, options: SerializationOptions, output: KryoOutput) {
        boundRegistry = registry
        boundBindings = registry.slotBindings
        heldOutput = output
        output.wire = dialect.wire
        outputReference = Unmanaged.passUnretained(output)
        isKeptByThread = false
        state = .allocate(capacity: 1)
        state.initialize(to: State(forms: KryoCallForms(options, dialect)))
    }

    /// A writer that a thread keeps, with an output of its own.
    private init(registry: Registry, dialect: KryoDialect, options: SerializationOptions) {
        let own = KryoOutput()
        boundRegistry = registry
        boundBindings = registry.slotBindings
        heldOutput = own
        outputReference = Unmanaged.passUnretained(own)
        isKeptByThread = true
        state = .allocate(capacity: 1)
        state.initialize(to: State(forms: KryoCallForms(options, dialect)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Calls `body` with the output, borrowed (no retain and release around the use).
    @inline(__always) private func withOutput<R>(_ body: (KryoOutput) throws -> R) rethrows -> R {
        try outputReference._withUnsafeGuaranteedRef(body)
    }

    // MARK: Reuse between calls

    private static let threadWriters = ThreadCache<KryoBinaryWriter>()

    /// A writer for one call on this thread, bound to `registry`, `options` and `output` (its own
    /// output when `nil`): the thread's writer when it is free, else a new one. Hand it back with
    /// ``endCall()`` when the call ends, whether it succeeded or threw.
    @usableFromInline
    static func beginCall(
        registry: Registry, dialect: KryoDialect, options: SerializationOptions, output: KryoOutput?
    ) -> KryoBinaryWriter {
        let writer: KryoBinaryWriter
        if let kept = threadWriters.object {
            guard !kept.state.pointee.inUse else {
                // A call inside a call on this thread (a serializer that encodes): a writer of its own.
                return KryoBinaryWriter(
                    registry: registry, dialect: dialect, options: options, output: output ?? KryoOutput())
            }
            writer = kept
            if writer.boundRegistry !== registry {
                writer.boundRegistry = registry
                writer.boundBindings = registry.slotBindings
                writer.state.pointee.cachedStringRegistration = nil
                writer.state.pointee.rootSlot = nil
                writer.state.pointee.lastUntyped = nil
            }
            writer.state.pointee.forms.take(options, dialect)
        } else {
            writer = KryoBinaryWriter(registry: registry, dialect: dialect, options: options)
            threadWriters.store(writer)
        }
        writer.state.pointee.inUse = true
        // Borrowed, not retained: the caller holds `output` until the call ends.
        if let output { writer.outputReference = Unmanaged.passUnretained(output) }
        writer.withOutput { $0.wire = dialect.wire }
        return writer
    }

    /// Takes the class names and objects of the stream's earlier values (`setAutoReset(false)`),
    /// when kept; hand them back with ``keepStreamMemory(in:)`` once the value is written. A
    /// value that fails to write with references on keeps its objects: the stream's numbering
    /// is then lost, and the next value is refused.
    package func adoptStreamMemory(_ memory: KryoStreamMemory?) throws {
        guard let memory else { return }
        guard !memory.writeFailed else {
            throw SerializationError(
                .unsupported, expected: "a stream whose earlier values were written",
                found: "an earlier value that failed to write, whose objects the stream's references count")
        }
        state.pointee.classNameIDs = memory.written
        swapObjects(with: memory)
        memory.writeFailed = state.pointee.options.references
    }

    /// Keeps the class names and objects written so far in `memory`, for the stream's next value.
    package func keepStreamMemory(in memory: KryoStreamMemory?) {
        guard let memory else { return }
        memory.written = state.pointee.classNameIDs
        swapObjects(with: memory)
        memory.writeFailed = false
    }

    /// Exchanges the objects numbered (references on) with those `memory` keeps.
    private func swapObjects(with memory: KryoStreamMemory) {
        swap(&state.pointee.nextReferenceID, &memory.writtenObjects.nextReferenceID)
        swap(&state.pointee.writtenInstances, &memory.writtenObjects.instances)
        swap(&state.pointee.writtenEnumConstants, &memory.writtenObjects.enumConstants)
        swap(&state.pointee.moreEnumConstants, &memory.writtenObjects.moreEnumConstants)
    }

    /// Ends the call that ``beginCall(registry:dialect:options:output:)`` began: empties the tables and
    /// points the writer back at its own output, so that nothing the call wrote stays alive and
    /// the caller's output is not used after the call.
    @usableFromInline
    func endCall() {
        state.pointee.reset()
        if isKeptByThread {
            if outputReference.toOpaque() == Unmanaged.passUnretained(heldOutput).toOpaque() {
                heldOutput.reset(keepingAtMost: 64 * 1024)
            } else {
                outputReference = Unmanaged.passUnretained(heldOutput)
            }
        }
        state.pointee.inUse = false
    }

    // MARK: Top-level calls

    /// Java's `Object`, the slot of `writeClassAndObject`.
    private static let objectSlot = ResolvedSlot(declared: .object, isFinal: false, registration: nil)

    /// Writes `value` as the given top-level Java call would.
    /// Writes `value` as Java's `writeObject`/`writeObjectOrNull` writes it for the class
    /// `javaName` (or, for ``KryoFraming/classAndObject``, `writeClassAndObject`): the slot of a
    /// class known by name, as the dynamic path's classes are.
    package func writeRoot(_ value: Any?, framing: KryoFraming, javaName: String) throws {
        switch framing {
        case .classAndObject:
            try writeObject(value, in: KryoBinaryWriter.objectSlot, forKey: "")
        case .object, .objectOrNull:
            guard let registration = registry.registration(forJavaName: javaName) else {
                throw SerializationError(
                    .unregisteredType, expected: "a registration for \(javaName)", found: "none",
                    offset: output.totalCount)
            }
            if framing == .object, ValueConversion.flatten(value) == nil {
                throw SerializationError(
                    .typeMismatch, expected: "a value (writeObject cannot write nil)", found: "nil")
            }
            let declared = DeclaredType(
                registration.swiftType, finality: .final, canBeNull: framing == .objectOrNull, javaName: javaName)
            try writeObject(
                value, in: ResolvedSlot(declared: declared, isFinal: true, registration: registration), forKey: "")
        }
    }

    @usableFromInline
    package func writeRoot(_ value: Any?, framing: KryoFraming, declaredType: (any Any.Type)? = nil) throws {
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
            let slot: ResolvedSlot
            if let root = state.pointee.rootSlot, root.type == ObjectIdentifier(type), root.framing == framing {
                slot = root.slot
            } else {
                let registration = try registration(for: type)
                let declared = DeclaredType(
                    registration.swiftType, finality: .final, canBeNull: framing == .objectOrNull)
                slot = ResolvedSlot(declared: declared, isFinal: true, registration: registration)
                // Kept for the next call: the registry lookup costs more than a small value.
                state.pointee.rootSlot = (ObjectIdentifier(type), framing, slot)
            }
            try write(value, registration: slot.registration ?? registration(for: type), in: slot)
        }
    }

    /// Writes `value` as the given top-level Java call writes it, through the typed slot of `T`
    /// (no boxing), when `T` is neither optional nor `Any`; otherwise as
    /// ``writeRoot(_:framing:declaredType:)`` does. Inlinable, so that the typed path is
    /// specialized for `T` where it is called.
    @inlinable
    package func writeRoot<T>(typed value: T, framing: KryoFraming) throws {
        guard T.self != Any.self, !ValueConversion.isOptionalType(T.self) else {
            return try writeRoot(value, framing: framing, declaredType: DeclaredType.of(T.self).swiftType)
        }
        try rootSlot(T.self, framing: framing).write(value, to: self, forKey: "")
    }

    /// The typed slot of top-level values of type `T` (kept from call to call).
    @usableFromInline
    func rootSlot<T>(_: T.Type, framing: KryoFraming) -> ObjectSlot<T> {
        state.pointee.rootSlots.slot(T.self, framing: framing)
    }

    // MARK: ValueWriter

    @usableFromInline
    package func writeBool(_ value: Bool, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Bool.self) }
        withOutput { $0.writeByte(value ? 1 : 0) }
    }
    @usableFromInline
    package func writeInt8(_ value: Int8, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Int8.self) }
        withOutput { $0.writeByte(UInt8(bitPattern: value)) }
    }
    @usableFromInline
    package func writeInt16(_ value: Int16, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Int16.self) }
        withOutput { $0.writeUInt16(UInt16(bitPattern: value)) }
    }
    @usableFromInline
    package func writeChar(_ value: UInt16, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(UInt16.self) }
        withOutput { $0.writeUInt16(value) }
    }

    @usableFromInline
    package func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Int32.self) }
        switch encoding {
        case .zigzag: withOutput { $0.writeVarInt32(value, optimizePositive: false) }
        case .positive: withOutput { $0.writeVarInt32(value, optimizePositive: true) }
        case .fixed: withOutput { $0.writeUInt32(UInt32(bitPattern: value)) }
        case .field:
            if state.pointee.forms.fieldIntegersAreFixed {
                withOutput { $0.writeUInt32(UInt32(bitPattern: value)) }
            } else {
                withOutput { $0.writeVarInt32(value, optimizePositive: false) }
            }
        case .outputZigzag, .outputPositive:
            if state.pointee.dialect.wire.fixedWidthIntegers {
                withOutput { $0.writeUInt32(UInt32(bitPattern: value)) }
            } else {
                withOutput { $0.writeVarInt32(value, optimizePositive: encoding == .outputPositive) }
            }
        }
    }

    @usableFromInline
    package func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Int64.self) }
        switch encoding {
        case .zigzag: withOutput { $0.writeVarInt64(value, optimizePositive: false) }
        case .positive: withOutput { $0.writeVarInt64(value, optimizePositive: true) }
        case .fixed: withOutput { $0.writeUInt64(UInt64(bitPattern: value)) }
        case .field:
            if state.pointee.forms.fieldIntegersAreFixed {
                withOutput { $0.writeUInt64(UInt64(bitPattern: value)) }
            } else {
                withOutput { $0.writeVarInt64(value, optimizePositive: false) }
            }
        case .outputZigzag, .outputPositive:
            if state.pointee.dialect.wire.fixedWidthOutputLongs {
                withOutput { $0.writeUInt64(UInt64(bitPattern: value)) }
            } else {
                withOutput { $0.writeVarInt64(value, optimizePositive: encoding == .outputPositive) }
            }
        }
    }

    @usableFromInline
    package func writeFloat(_ value: Float, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Float.self) }
        withOutput { $0.writeUInt32(value.bitPattern) }
    }
    @usableFromInline
    package func writeDouble(_ value: Double, forKey key: String) throws {
        if state.pointee.nextValueWithClass { try writeWrapperClass(Double.self) }
        withOutput { $0.writeUInt64(value.bitPattern) }
    }
    @usableFromInline
    package func writeString(_ value: String?, forKey key: String) throws { withOutput { $0.writeString(value) } }
    @usableFromInline
    package func writeCharSequence(_ value: String?, forKey key: String) throws {
        guard let value else { return withOutput { $0.writeString(nil) } }
        withOutput { $0.writeUTF8Form(value) }
    }
    @usableFromInline
    package func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws {
        withOutput { $0.writeBytes(bytes) }
        try withOutput { try $0.flushIfNeeded() }
    }

    @usableFromInline
    package func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws {
        if state.pointee.nextValueWithClass {
            state.pointee.nextValueWithClass = false
            guard let value else { return withOutput { $0.writeByte(0) } }
            return try writeString(value, as: DeclaredType(String.self, finality: .nonFinal))
        }
        if state.pointee.options.references {
            // A Java String is reference-tracked: `01` (a new object, numbered) or `00` for null.
            guard let value else {
                guard canBeNull else { throw nilNotAllowed("java.lang.String") }
                withOutput { $0.writeByte(0) }
                return
            }
            state.pointee.nextReferenceID += 1
            withOutput { $0.writeByte(1) }
            withOutput { $0.writeString(value) }
            return
        }
        // Without references the String serializer writes its own null.
        guard value != nil || canBeNull else { throw nilNotAllowed("java.lang.String") }
        withOutput { $0.writeString(value) }
    }

    @usableFromInline
    package func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws {
        try values.withUnsafeBufferPointer { elements in
            let raw = UnsafeRawBufferPointer(elements)
            switch P.self {
            // `writeInts(array, false)`: fixed width through Kryo 4's fast and unsafe outputs.
            case is Int32.Type where state.pointee.dialect.wire.fixedWidthIntegers:
                withOutput { $0.writeFixedWidth(raw.assumingMemoryBound(to: UInt32.self)) }
            case is Int64.Type where state.pointee.dialect.wire.fixedWidthIntegers:
                withOutput { $0.writeFixedWidth(raw.assumingMemoryBound(to: UInt64.self)) }
            case is Int32.Type:
                withOutput { $0.writeVarInt32s(raw.assumingMemoryBound(to: Int32.self), optimizePositive: false) }
            case is Int64.Type:
                withOutput { $0.writeVarInt64s(raw.assumingMemoryBound(to: Int64.self), optimizePositive: false) }
            case is Double.Type:
                withOutput { $0.writeFixedWidth(raw.assumingMemoryBound(to: UInt64.self)) }
            case is Float.Type:
                withOutput { $0.writeFixedWidth(raw.assumingMemoryBound(to: UInt32.self)) }
            case is Int16.Type, is UInt16.Type:
                withOutput { $0.writeFixedWidth(raw.assumingMemoryBound(to: UInt16.self)) }
            case is Int8.Type:
                withOutput { $0.writeBytes(raw) }
            case is Bool.Type:
                // Swift stores `true` as 1 and `false` as 0, exactly Java's bytes.
                withOutput { $0.writeBooleans(raw) }
            default:
                for value in elements { try P.writePrimitive(value, to: self, forKey: key) }
            }
        }
        try withOutput { try $0.flushIfNeeded() }
    }

    @usableFromInline
    package func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws {
        try writeObject(value, in: ResolvedSlot(declared, in: registry), forKey: key)
    }

    @usableFromInline
    package func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws {
        do {
            try writeObject(value, in: slot)
        } catch {
            throw leaving(key, with: error)
        }
    }

    /// The key of each object an error leaves, added in front of its path: the writer keeps no
    /// key path while it writes, so errors alone pay for one.
    @usableFromInline
    package func leaving(_ key: String, with error: any Error) -> any Error {
        guard !key.isEmpty, var failure = error as? SerializationError else { return error }
        failure.path.insert(key, at: 0)
        return failure
    }

    /// ``writeObject(_:in:forKey:)`` without the key.
    private func writeObject(_ value: Any?, in slot: ResolvedSlot) throws {
        if takeNextValueWithClass(), slot.isFinal {
            // The value carries its class: written as in a slot of Java's `Object`.
            var declared = slot.declared
            declared.finality = .nonFinal
            let open = ResolvedSlot(declared: declared, isFinal: false, registration: slot.registration)
            // A value of the final declared class's Swift type is of that class, which other
            // classes may share the type with (a schema class's array and `Object[]`).
            if let registration = slot.registration, registration.javaNameOfValue == nil,
                let present = ValueConversion.flatten(value),
                AnyClassReference.dynamicType(of: present) == declared.swiftType, declared.swiftType != String.self
            {
                return try write(present: present, registration: registration, in: open)
            }
            return try writeObject(value, in: open)
        }
        if slot.registration == nil, let value, let last = state.pointee.lastUntyped,
            last.type == ObjectIdentifier(AnyClassReference.dynamicType(of: value))
        {
            return try last.registration._withUnsafeGuaranteedRef {
                try write(present: value, registration: $0, in: slot)
            }
        }
        guard let value = ValueConversion.flatten(value) else {
            guard slot.isFinal else {
                withOutput { $0.writeByte(0) }
                return
            }
            let registration = try slot.registration ?? self.registration(for: slot.declared.swiftType)
            return try write(nil, registration: registration, in: slot)
        }
        let type = AnyClassReference.dynamicType(of: value)
        if type == String.self, let string = value as? String {
            if slot.isFinal, slot.declared.swiftType != String.self, let declared = slot.registration {
                throw SerializationError(
                    .typeMismatch, expected: "a \(declared.javaName), the slot's final declared class",
                    found: "a java.lang.String", offset: output.totalCount)
            }
            if _slowPath(slot.declared.swiftType == DynamicObject.self) {
                try checkSchemaClass(try stringRegistration(), in: slot)
            }
            try writeString(string, as: slot.declared)
            return
        }
        if type == SharedString.self, let shared = value as? SharedString {
            if _slowPath(slot.declared.swiftType == DynamicObject.self) {
                try checkSchemaClass(try stringRegistration(), in: slot)
            }
            try writeSharedString(shared, as: slot.declared)
            return
        }
        if type == SharedValue.self, let shared = value as? SharedValue {
            // One object in several places: its value, known by the box.
            return try writeObject(present: shared.value, in: slot, sharedBy: shared)
        }
        try writeObject(present: value, in: slot, type: type)
    }

    /// Writes a value other than a string in `slot`, with the identity of `shared` when it is
    /// the value of a ``SharedValue``.
    private func writeObject(
        present value: Any, in slot: ResolvedSlot, type: (any Any.Type)? = nil, sharedBy shared: SharedValue? = nil
    ) throws {
        let type = type ?? AnyClassReference.dynamicType(of: value)
        let registration: Registration
        if let declared = slot.registration, type == slot.declared.swiftType,
            slot.declared.javaName == nil || slot.isFinal, declared.javaNameOfValue == nil || slot.isFinal
        {
            // A final slot holds its declared class (Java writes no class for it); values of the
            // dynamic path, and values that choose their Java class, otherwise name it themselves.
            registration = declared
        } else {
            registration = try self.registration(forValue: value)
            if slot.registration == nil { rememberUntyped(type, registration) }
        }
        guard let shared else { return try write(present: value, registration: registration, in: slot) }
        guard try beginObject(registration, value: value, identity: .instance(shared), in: slot, forKey: "") else {
            return
        }
        try registration.serializer.write(value, to: self)
        try endObject()
    }

    /// Keeps `registration` for the next value of `type` written in a slot without a registration
    /// of its own, when the type is one whose registration the type alone decides: not an
    /// optional or an `AnyHashable` (unwrapped first), not a `String` (written without its
    /// registration), not a value of the dynamic path (registered by its class name).
    private func rememberUntyped(_ type: any Any.Type, _ registration: Registration) {
        guard !ValueConversion.isOptionalType(type), type != AnyHashable.self, type != String.self,
            type != DynamicObject.self, type != DynamicEnum.self, registration.javaNameOfValue == nil
        else { return }
        state.pointee.lastUntyped = (ObjectIdentifier(type), Unmanaged.passUnretained(registration))
    }

    /// Writes a value or nil, type-erased, in a resolved slot.
    private func write(_ value: Any?, registration: Registration, in slot: ResolvedSlot) throws {
        guard let value else {
            if try beginNilObject(in: slot, forKey: "") { try registration.serializer.writeNil(to: self) }
            return
        }
        try write(present: value, registration: registration, in: slot)
    }

    /// Writes a value, type-erased, in a resolved slot: taken as it is, where unwrapping an `Any?`
    /// would copy the value through its witnesses (some 140 instructions).
    private func write(present value: Any, registration: Registration, in slot: ResolvedSlot) throws {
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
            withOutput { $0.writeByte(1) }
        }
        withOutput { $0.writeString(value) }
    }

    /// A string instance that the graph holds in several places: with references on, written
    /// the first time and referred back to after, as Java writes a shared `String`.
    private func writeSharedString(_ shared: SharedString, as declared: DeclaredType) throws {
        if declared.finality == .nonFinal || declared.swiftType != String.self {
            try writeClassTag(try stringRegistration())
        }
        guard state.pointee.options.references else {
            // Without references the String serializer writes the string alone.
            return withOutput { $0.writeString(shared.value) }
        }
        if let id = state.pointee.writtenInstances.number(of: shared, elseInsert: state.pointee.nextReferenceID) {
            withOutput { $0.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true) }
            return
        }
        state.pointee.nextReferenceID += 1
        withOutput { $0.writeByte(1) }
        withOutput { $0.writeString(shared.value) }
    }

    private func stringRegistration() throws -> Registration {
        if let cached = state.pointee.cachedStringRegistration { return cached }
        let registration = try registration(for: String.self)
        state.pointee.cachedStringRegistration = registration
        return registration
    }

    // MARK: Object markers (Kryo's writeClassAndObject, writeObjectOrNull, writeObject)

    @usableFromInline
    package func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        if slot.isFinal, !takeNextValueWithClass() {
            // No class is written: the reader takes the slot's class, so only a value of that
            // class may go here (Java throws a ClassCastException; bytes of another class would
            // not read back).
            if let declared = slot.registration, declared !== registration, declared.javaName != registration.javaName {
                throw SerializationError(
                    .typeMismatch, expected: "a \(declared.javaName), the slot's final declared class",
                    found: "a \(registration.javaName)", offset: output.totalCount)
            }
            if state.pointee.options.references {
                if try writeReferenceMarker(identity, registration: registration, mayBeNull: slot.declared.canBeNull) {
                    return false
                }
            } else if slot.declared.canBeNull, !registration.serializer.handlesNil(in: state.pointee.dialect.version) {
                withOutput { $0.writeByte(1) }
            }
        } else {
            if _slowPath(registration.swiftType == DynamicObject.self || slot.declared.swiftType == DynamicObject.self)
            {
                try checkSchemaClass(registration, in: slot)
            }
            try writeClassTag(registration)
            if state.pointee.options.references,
                try writeReferenceMarker(identity, registration: registration, mayBeNull: false)
            {
                return false
            }
        }
        state.pointee.depth += 1
        guard state.pointee.depth <= state.pointee.options.limits.maxDepth else {
            // Without references a graph that refers back to itself (a cycle) never ends.
            throw SerializationError.nestedTooDeep(
                limit: state.pointee.options.limits.maxDepth, of: "objects", at: registration.javaName,
                untracked: !state.pointee.options.references
                    || (registration.identity == .instance && !registration.tracksReferences),
                offset: output.totalCount)
        }
        resetGenericArguments(for: slot)
        return true
    }

    /// An object of a schema class in a slot that declares another one: it must be a subclass
    /// (``Registration/mayHold(_:)``), or Java would read it into a field that cannot hold it.
    private func checkSchemaClass(_ registration: Registration, in slot: ResolvedSlot) throws {
        guard let name = slot.declared.javaName, name != registration.javaName,
            let declared = slot.registration ?? registry.registration(forJavaName: name),
            !declared.mayHoldValue(of: registration)
        else { return }
        throw SerializationError(
            .typeMismatch, expected: "an object of \(declared.javaName) or of a subclass, the slot's class",
            found: registration.describedAsValue(in: declared), offset: output.totalCount)
    }

    /// What entering an object in `slot` leaves behind: the generic arguments of the slot, or
    /// none (most slots have none, and neither had the last: nothing to copy).
    @inline(__always)
    private func resetGenericArguments(for slot: ResolvedSlot) {
        let generics = slot.declared.genericArguments
        if !(generics.isEmpty && state.pointee.genericArguments.isEmpty) {
            state.pointee.genericArguments =
                state.pointee.forms.dropsGenerics ? DeclaredType.boundOnly(generics) : generics
        }
    }

    @usableFromInline
    package func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        guard slot.isFinal, !takeNextValueWithClass() else {
            withOutput { $0.writeByte(0) }
            return false
        }
        guard slot.declared.canBeNull else {
            throw nilNotAllowed(slot.registration?.javaName ?? "\(slot.declared.swiftType)")
        }
        if !state.pointee.options.references, let registration = slot.registration,
            registration.serializer.handlesNil(in: state.pointee.dialect.version)
        {
            return true
        }
        withOutput { $0.writeByte(0) }
        return false
    }

    @usableFromInline
    package func endObject() throws {
        state.pointee.depth -= 1
        try withOutput { try $0.flushIfNeeded() }
    }

    /// Java's `EnumSerializer` in a final slot: `ordinal + 1` (0 for null), after the reference
    /// marker when references are on (a back-reference alone for a constant written before),
    /// written here in one step. A nil where the slot allows none, an object one level too deep
    /// and a pending class are left to the usual path.
    @usableFromInline
    package func writeEnumConstant(ordinal: Int?, identity: Int, in slot: ResolvedSlot, forKey key: String) throws
        -> Bool
    {
        guard slot.isFinal, !state.pointee.nextValueWithClass, let registration = slot.unretainedRegistration,
            ordinal != nil || slot.declared.canBeNull,
            state.pointee.depth < state.pointee.options.limits.maxDepth,
            let stored = Int32(exactly: (ordinal ?? -1) + 1)
        else { return false }
        guard ordinal != nil else {
            // The serializer's nil, or the nil marker: the same byte.
            withOutput { $0.writeVarInt32(0, optimizePositive: true) }
            return true
        }
        if state.pointee.options.references,
            try writeReferenceMarker(ofConstant: identity, registration, mayBeNull: slot.declared.canBeNull)
        {
            return true
        }
        // What entering and leaving the object do besides (see beginObject and endObject).
        resetGenericArguments(for: slot)
        withOutput { $0.writeVarInt32(stored, optimizePositive: true) }
        try withOutput { try $0.flushIfNeeded() }
        return true
    }

    /// ``writeReferenceMarker(_:registration:mayBeNull:)`` for the enum constant with `identity`
    /// (apart, so that the path without references stays short).
    @inline(never)
    private func writeReferenceMarker(
        ofConstant identity: Int, _ registration: Unmanaged<Registration>, mayBeNull: Bool
    ) throws -> Bool {
        try registration._withUnsafeGuaranteedRef {
            try writeReferenceMarker({ .enumConstant(identity) }, registration: $0, mayBeNull: mayBeNull)
        }
    }

    // MARK: Schema evolution (TaggedFieldSerializer, CompatibleFieldSerializer)

    @usableFromInline
    package var isPositional: Bool { true }

    /// Kryo 4 with optimized generics: the arguments a generic class was last given (see
    /// ``KryoCallForms/typeArguments(_:of:)``).
    @usableFromInline
    package func typeArguments(_ arguments: [DeclaredType], of javaClass: ClassKey) -> [DeclaredType] {
        state.pointee.forms.typeArguments(arguments, of: javaClass)
    }

    /// The field count and names, the first time `type` appears in this graph.

    @usableFromInline
    package func writeFieldNames(_ names: [String], of javaClass: ClassKey) throws {
        guard state.pointee.fieldNamesWritten.insert(javaClass.identifier).inserted else { return }
        withOutput { $0.writeVarInt32(Int32(names.count), optimizePositive: true) }
        for name in names { withOutput { $0.writeString(name) } }
    }

    @usableFromInline
    package func beginSkippableField(forKey key: String) throws {
        if let chunks = state.pointee.forms.enterChunks() {
            withOutput { $0.wire = chunks.wire }
        }
        state.pointee.skippableFieldStarts.append(withOutput { $0.beginChunks() })
    }

    @usableFromInline
    package func endSkippableField() throws {
        guard let start = state.pointee.skippableFieldStarts.popLast() else {
            throw SerializationError(
                .invalidValue, expected: "a skippable field to end", found: "none begun (a serializer bug)")
        }
        let flushes = state.pointee.dialect.version >= .kryo4
        withOutput { $0.endChunks(from: start, flushingEnclosingRuns: flushes) }
        if let outside = state.pointee.forms.leaveChunks() { withOutput { $0.wire = outside.wire } }
        try withOutput { try $0.flushIfNeeded() }
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
        let start = withOutput { $0.beginReplacedRun() }
        do {
            if state.pointee.options.references, registry.registration(for: type)?.tracksReferences ?? true {
                withOutput { $0.writeByte(1) }
            }
            try body()
        } catch {
            withOutput { $0.cancelReplacedRun() }
            throw error
        }
        let offset = output.totalCount
        do {
            try output.endReplacedRun(from: start) { bytes in try Zlib.deflate(bytes, level: level, format: format) }
        } catch var failure as SerializationError {
            failure.offset = offset
            throw failure
        }
        try withOutput { try $0.flushIfNeeded() }
    }

    /// Writes `00`/`01`/back-reference as Kryo's `writeReferenceOrNull`; returns `true` when the
    /// value was written as a back-reference.
    private func writeReferenceMarker(_ identity: () -> ObjectIdentity, registration: Registration, mayBeNull: Bool)
        throws
        -> Bool
    {
        guard registration.tracksReferences,
            registration.identity != .enumConstant || state.pointee.dialect.version < .kryo5
        else {
            // Kryo 5 tracks no enum constants.
            if mayBeNull { withOutput { $0.writeByte(1) } }
            return false
        }
        switch identity() {
        case .instance(let object):
            let next = state.pointee.nextReferenceID
            if let id = state.pointee.writtenInstances.number(of: object, elseInsert: next) {
                withOutput { $0.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true) }
                return true
            }
        case .enumConstant(let key):
            let constant = EnumConstantKey(enumClass: ObjectIdentifier(registration), key: key)
            if let id = state.pointee.writtenEnumConstants.first(where: { $0.constant == constant })?.id
                ?? state.pointee.moreEnumConstants[constant]
            {
                withOutput { $0.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true) }
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
        withOutput { $0.writeByte(1) }
        return false
    }

    // MARK: Classes (Kryo's writeClass)

    @usableFromInline
    package func writeClass(_ javaClass: JavaClassTag?, forKey key: String) throws {
        // The class asked for by writeNextValueWithClass(): Java writes it once.
        state.pointee.nextValueWithClass = false
        guard let javaClass else {
            withOutput { $0.writeByte(0) }
            return
        }
        try writeClassTag(
            javaName: javaClass.javaName, id: javaClass.registration?.id,
            describing: javaClass.registration.map { "\($0.swiftType)" } ?? javaClass.javaName)
    }

    @usableFromInline
    package func writeNextValueWithClass() { state.pointee.nextValueWithClass = true }

    /// Clears the flag of ``writeNextValueWithClass()``; returns whether it was set.
    @inline(__always) private func takeNextValueWithClass() -> Bool {
        guard state.pointee.nextValueWithClass else { return false }
        state.pointee.nextValueWithClass = false
        return true
    }

    /// The class of a primitive's wrapper, before a primitive written with its class.
    private func writeWrapperClass(_ type: any Any.Type) throws {
        state.pointee.nextValueWithClass = false
        try writeClassTag(try registration(for: type))
    }

    @usableFromInline
    package func writeVarIntFlag(_ flag: Bool, _ value: Int32, forKey key: String) throws {
        withOutput { $0.writeVarIntFlag(flag, UInt32(bitPattern: value)) }
    }

    @usableFromInline
    package func withoutReferences<T>(_ body: () throws -> T) throws -> T {
        let references = state.pointee.options.references
        state.pointee.forms.setReferences(false)
        defer { state.pointee.forms.setReferences(references) }
        return try body()
    }

    @inline(__always) private func writeClassTag(_ registration: Registration) throws {
        // A registered class: its id, without capturing the registration for the slow path.
        if let id = registration.id {
            withOutput { $0.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true) }
            return
        }
        try writeClassName(of: registration)
    }

    private func writeClassName(of registration: Registration) throws {
        // A value of the dynamic path is its Java class; a Swift type is named with its class.
        let swiftType = registration.swiftType
        let isDynamic =
            swiftType == DynamicObject.self || swiftType == DynamicEnum.self || swiftType == DynamicArray.self
        try writeClassTag(
            javaName: registration.javaName, id: nil,
            describing: isDynamic ? registration.javaName : "\(registration.javaName) (the Swift type \(swiftType))")
    }

    private func writeClassTag(javaName: String, id: Int?, describing type: @autoclosure () -> String) throws {
        if let id {
            withOutput { $0.writeVarInt32(Int32(truncatingIfNeeded: id + 2), optimizePositive: true) }
            return
        }
        guard !state.pointee.options.registrationRequired else {
            throw SerializationError(
                .unregisteredType, expected: "a registration for \(type()) (registration is required)",
                found: "none", offset: output.totalCount)
        }
        withOutput { $0.writeByte(1) }
        if let nameID = state.pointee.classNameIDs[javaName] {
            withOutput { $0.writeVarInt32(Int32(nameID), optimizePositive: true) }
            return
        }
        let nameID = state.pointee.classNameIDs.count
        let wire = state.pointee.dialect.wire
        if wire.classNameIDIsByte {
            // Kryo 2.20 writes a new name id as one raw byte (bug #87): past 127 no 2.20 peer can read it.
            guard nameID < 128 else {
                throw SerializationError(
                    .unsupported, expected: "at most 128 unregistered class names in one graph (Kryo 2.20)",
                    found: "a 129th: \(javaName)", offset: output.totalCount)
            }
            withOutput { $0.writeByte(UInt8(nameID)) }
        } else {
            withOutput { $0.writeVarInt32(Int32(nameID), optimizePositive: true) }
        }
        state.pointee.classNameIDs[javaName] = nameID
        if wire.classNamesInASCIIForm {
            withOutput { $0.writeASCII(javaName) }
        } else {
            withOutput { $0.writeString(javaName) }
        }
    }

    // MARK: Lookups

    private func registration(forValue value: Any) throws -> Registration {
        guard let registration = registry.registration(forValue: value) else {
            if let unknown = value as? UnknownObject {
                // Without field types it cannot be written as a Java bean.
                let near = registry.javaName(near: unknown.className).map { "; did you mean \($0)?" } ?? ""
                throw SerializationError(
                    .unregisteredType,
                    expected: "a schema of \(unknown.className) (its fields' Java types), to write it to Kryo",
                    found: "an object of \(unknown.className) read without one\(near)", offset: output.totalCount)
            }
            if let top = value as? ArchiveTopLevel {
                throw SerializationError(
                    .unsupported, expected: "one root value to write to Kryo",
                    found:
                        "a keyed archive's \(top.values.count) top-level values (\(top.values.keys.joined(separator: ", ")))",
                    offset: output.totalCount)
            }
            throw SerializationError.noSerializer(for: Swift.type(of: value), value: value, offset: output.totalCount)
        }
        return registration
    }

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
