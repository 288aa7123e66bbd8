import KryoCore

/// The binary backend's ``ValueReader``: one top-level value at a time, holding that value's
/// reference table and class-name ids.
///
/// ``KryoCodec`` keeps one reader per thread and reuses it from call to call, with its tables
/// emptied between calls (so that no call allocates a reader, its state or an input); a reader
/// made with ``init(registry:options:input:)`` serves any number of values of its own.
@usableFromInline package final class KryoBinaryReader: ValueReader {
    @usableFromInline
    package var registry: Registry { boundRegistry }
    @usableFromInline
    package var slotBindings: SlotBindings { boundBindings }
    /// The options of this call; ``withoutReferences(_:)`` turns references off for a while.
    @usableFromInline
    package var options: SerializationOptions { state.pointee.options }
    /// The bytes come from here.
    @usableFromInline package var input: KryoInput { boundInput }

    // What a reused reader is bound to for each call. Stored internal (not public) and only ever
    // assigned whole, so that whole-module optimization drops their run-time exclusivity checks.
    var boundRegistry: Registry
    var boundBindings: SlotBindings
    var boundInput: KryoInput {
        didSet { inputReference = Unmanaged.passUnretained(boundInput) }
    }
    /// ``boundInput``, unretained: the hot paths reach it through this, borrowed for the length
    /// of a use, so that they do not retain and release it around each call (`boundInput` keeps
    /// it alive).
    private var inputReference: Unmanaged<KryoInput>
    /// The input of a reader that a thread keeps: pointed at the caller's bytes for each call of
    /// ``KryoCodec/decode(_:from:)-([UInt8])``, and what the reader holds between calls.
    private let ownInput: KryoInput?

    @usableFromInline
    package var genericArguments: [DeclaredType] { state.pointee.genericArguments }
    /// Kryo's binary.
    @usableFromInline
    package var formatFamily: FormatFamily { .kryoBinary }
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
        /// Objects in the order their "new object" marker was read; `nil` while one is being built.
        var readObjects = ReadObjects()
        /// How many of ``readObjects`` earlier values of the stream read (``KryoStreamMemory``),
        /// and how many references this call made to them.
        var carriedObjectCount = 0
        var referencesToEarlierValues = 0
        /// The objects being decoded, outermost first (their number is the depth).
        var open = OpenObjects(capacity: 16)
        var classNames: [Int: Registration] = [:]
        /// The bound registry's registrations by class id, as they are met (kept between calls
        /// with the same registry).
        var classesByID = RegistrationsByID()
        /// Class names read that the registry does not know (`java.lang.Class` values may name them).
        var unknownClassNames: [Int: String] = [:]
        /// For each type whose field names this graph has read: where each stored field goes.
        var fieldOrders: [ObjectIdentifier: [Int?]] = [:]
        /// Bytes inflated so far from deflated values (``Limits/maxInflatedBytes``).
        var inflatedBytes = 0
        /// Elements made so far that took no input of their own
        /// (``validateCountWithoutInput(_:forKey:)``).
        var elementsWithoutInput = 0
        /// Whether a call of the thread that keeps this reader is using it.
        var inUse = false
        /// The class read by ``readNextValueWithClass()`` for the next value.
        var nextValueClass: Unmanaged<Registration>?
        /// The slot of the last top-level call, by declared type and framing (forgotten when the
        /// reader binds to another registry).
        var rootSlot: (type: ObjectIdentifier, framing: KryoFraming, slot: ResolvedSlot)?
        /// The typed slots of top-level values read as their static type.
        var rootSlots = RootSlots()
        /// What this call does with Java's shared strings and values (see ``SharedString``,
        /// ``SharedValue``).
        var sharing = Sharing.ignored
        /// The reference numbers of the strings and values without identity that the stream
        /// refers back to (``Sharing``).
        var sharedIDs: Set<Int> = []
        /// Whether the first pass met a collection referred to from inside itself: its value then
        /// holds an empty box there, and only the second pass's value is right.
        var foundCycleThroughValue = false
        /// For each skippable field entered (``beginSkippableField(forKey:)``), innermost last: the
        /// depth of open objects where it began, to which leaving it returns (a field whose data
        /// failed to read, which Kryo 5 then skips, may leave objects open).
        var skippableDepths: [Int] = []
        /// Whether ``tracer`` records what this call reads: the one check a hook makes when off.
        var tracing = false
        /// What records the spans of a traced decode (``KryoCodec/inspect(_:javaClass:)``).
        var tracer: KryoTracer?

        init(options: SerializationOptions, dialect: KryoDialect) {
            forms = KryoCallForms(options, dialect)
        }

        /// Forgets everything one call recorded (Kryo's reset), keeping the memory of small
        /// tables for the next call and letting go of every object read.
        mutating func reset() {
            if !genericArguments.isEmpty { genericArguments = [] }
            forms.reset()
            readObjects.removeAll(keepingAtMost: 4096)
            open.removeAll()
            if !classNames.isEmpty { classNames.removeAll(keepingCapacity: true) }
            if !unknownClassNames.isEmpty { unknownClassNames.removeAll(keepingCapacity: true) }
            if !fieldOrders.isEmpty { fieldOrders.removeAll(keepingCapacity: true) }
            inflatedBytes = 0
            elementsWithoutInput = 0
            carriedObjectCount = 0
            referencesToEarlierValues = 0
            nextValueClass = nil
            sharing = .ignored
            if !sharedIDs.isEmpty { sharedIDs = [] }
            foundCycleThroughValue = false
            if !skippableDepths.isEmpty { skippableDepths.removeAll(keepingCapacity: true) }
        }
    }

    /// What a call does with strings, and values without identity, that the stream refers back
    /// to. An untyped read of the dynamic path keeps Java's sharing in two passes: the first
    /// finds the reference numbers of the strings and values referred to again; when there are
    /// any, the second reads those as ``SharedString``s and ``SharedValue``s (at their first place
    /// too, which the first pass could not know).
    enum Sharing {
        /// Strings are `String`s, values are values (typed reads).
        case ignored
        /// Notes the reference numbers of the strings and values referred to again.
        case finding
        /// Reads the strings and values of ``State/sharedIDs`` as ``SharedString``s and
        /// ``SharedValue``s.
        case keeping
    }

    private let state: UnsafeMutablePointer<State>

    /// Creates a reader for top-level values read from `input` in `dialect`.
    package init(registry: Registry, dialect: KryoDialect = .v2, options: SerializationOptions, input: KryoInput) {
        boundRegistry = registry
        boundBindings = registry.slotBindings
        boundInput = input
        input.littleEndian = dialect.wire.littleEndian
        inputReference = Unmanaged.passUnretained(input)
        ownInput = nil
        state = .allocate(capacity: 1)
        state.initialize(to: State(options: options, dialect: dialect))
    }

    /// A reader that a thread keeps, with an input of its own.
    private init(registry: Registry, dialect: KryoDialect, options: SerializationOptions) {
        let own = KryoInput(unsafeBytes: UnsafeRawBufferPointer(start: nil, count: 0))
        boundRegistry = registry
        boundBindings = registry.slotBindings
        boundInput = own
        inputReference = Unmanaged.passUnretained(own)
        ownInput = own
        state = .allocate(capacity: 1)
        state.initialize(to: State(options: options, dialect: dialect))
    }

    deinit {
        state.pointee.classesByID.free()
        state.pointee.open.free()
        state.pointee.readObjects.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Calls `body` with the input, borrowed (no retain and release around the use).
    @inline(__always) private func withInput<R>(_ body: (KryoInput) throws -> R) rethrows -> R {
        try inputReference._withUnsafeGuaranteedRef(body)
    }

    // MARK: Reuse between calls

    private static let threadReaders = ThreadCache<KryoBinaryReader>()

    /// A reader for one call on this thread over `bytes`, which must stay valid until
    /// ``endCall()``.
    @usableFromInline
    static func beginCall(
        registry: Registry, dialect: KryoDialect, options: SerializationOptions, bytes: UnsafeRawBufferPointer
    ) -> KryoBinaryReader {
        guard let reader = keptReader(registry: registry, dialect: dialect, options: options) else {
            return KryoBinaryReader(
                registry: registry, dialect: dialect, options: options, input: KryoInput(unsafeBytes: bytes))
        }
        guard let own = reader.ownInput else {
            reader.boundInput = KryoInput(unsafeBytes: bytes)
            reader.boundInput.littleEndian = dialect.wire.littleEndian
            return reader
        }
        own.repoint(to: bytes)
        own.littleEndian = dialect.wire.littleEndian
        if reader.boundInput !== own { reader.boundInput = own }
        return reader
    }

    /// A reader for one call on this thread over `input`.
    @usableFromInline
    static func beginCall(
        registry: Registry, dialect: KryoDialect, options: SerializationOptions, input: KryoInput
    ) -> KryoBinaryReader {
        guard let reader = keptReader(registry: registry, dialect: dialect, options: options) else {
            return KryoBinaryReader(registry: registry, dialect: dialect, options: options, input: input)
        }
        input.littleEndian = dialect.wire.littleEndian
        reader.boundInput = input
        return reader
    }

    /// This thread's reader, bound to `registry` and `options` and marked in use; `nil` when it
    /// is in use already (a call inside a call) or cannot be kept.
    private static func keptReader(
        registry: Registry, dialect: KryoDialect, options: SerializationOptions
    ) -> KryoBinaryReader? {
        let reader: KryoBinaryReader
        if let kept = threadReaders.object {
            guard !kept.state.pointee.inUse else { return nil }
            reader = kept
            if reader.boundRegistry !== registry {
                reader.boundRegistry = registry
                reader.boundBindings = registry.slotBindings
                reader.state.pointee.classesByID.removeAll()
                reader.state.pointee.rootSlot = nil
            }
            reader.state.pointee.forms.take(options, dialect)
        } else {
            reader = KryoBinaryReader(registry: registry, dialect: dialect, options: options)
            threadReaders.store(reader)
        }
        reader.state.pointee.inUse = true
        return reader
    }

    /// Ends the call that `beginCall` began: empties the tables and lets go of the caller's
    /// input, so that nothing the call read stays alive.
    @usableFromInline
    func endCall() {
        state.pointee.reset()
        // The own input keeps pointing at the caller's bytes (unretained) until the next call
        // points it elsewhere: nothing reads it in between.
        if let ownInput, boundInput !== ownInput { boundInput = ownInput }
        state.pointee.inUse = false
    }

    // MARK: Top-level calls

    /// Reads a value written by the given top-level Java call.
    /// Reads what Java's `readObject`/`readObjectOrNull` reads for the class `javaName` (or, for
    /// ``KryoFraming/classAndObject``, `readClassAndObject`): the slot of a class known by name,
    /// as the dynamic path's classes are.
    package func readRoot(framing: KryoFraming, javaName: String) throws -> Any? {
        let slot: ResolvedSlot
        switch framing {
        case .classAndObject:
            slot = ResolvedSlot(declared: .object, isFinal: false, registration: nil)
        case .object, .objectOrNull:
            guard let registration = registry.registration(forJavaName: javaName) else {
                throw SerializationError(
                    .unregisteredType, expected: "a registration for \(javaName)", found: "none", offset: input.offset)
            }
            let declared = DeclaredType(
                registration.swiftType, finality: .final, canBeNull: framing == .objectOrNull, javaName: javaName)
            slot = ResolvedSlot(declared: declared, isFinal: true, registration: registration)
        }
        do {
            return try readObject(in: slot, forKey: "")
        } catch let failure as SerializationError {
            throw located(failure)
        }
    }

    @usableFromInline
    package func readRoot(framing: KryoFraming, declaredType: any Any.Type) throws -> Any? {
        let slot: ResolvedSlot
        if let root = state.pointee.rootSlot, root.type == ObjectIdentifier(declaredType), root.framing == framing {
            slot = root.slot
        } else {
            slot = try rootSlot(framing: framing, declaredType: declaredType)
            state.pointee.rootSlot = (ObjectIdentifier(declaredType), framing, slot)
        }
        do {
            return try readObject(in: slot, forKey: "")
        } catch let failure as SerializationError {
            throw located(failure)
        }
    }

    /// Runs `body`, a read of one value of a stream whose class names and objects `memory` keeps
    /// between its values (`setAutoReset(false)`), when given: the read starts from them, and
    /// `memory` keeps the objects it numbered, and its class names when it succeeds.
    package func withStreamMemory<Value>(_ memory: KryoStreamMemory?, _ body: () throws -> Value) rethrows -> Value {
        adoptStreamMemory(memory)
        var succeeded = false
        defer { returnStreamMemory(to: memory, keepingNames: succeeded) }
        let value = try body()
        succeeded = true
        return value
    }

    /// Takes the class names and objects of the stream's earlier values, when kept.
    private func adoptStreamMemory(_ memory: KryoStreamMemory?) {
        guard let memory else { return }
        state.pointee.classNames = memory.read
        state.pointee.unknownClassNames = memory.readUnknown
        // The table itself changes hands (a few words), not the objects in it.
        swap(&state.pointee.readObjects, &memory.readObjects)
        state.pointee.carriedObjectCount = state.pointee.readObjects.count
        state.pointee.referencesToEarlierValues = 0
    }

    /// Hands the stream's objects back to `memory`, with those this read numbered, and the class
    /// names read so far when `keepingNames` (a read that succeeded).
    private func returnStreamMemory(to memory: KryoStreamMemory?, keepingNames: Bool) {
        guard let memory else { return }
        swap(&state.pointee.readObjects, &memory.readObjects)
        state.pointee.carriedObjectCount = 0
        guard keepingNames else { return }
        memory.referencesToEarlierValues += state.pointee.referencesToEarlierValues
        memory.read = state.pointee.classNames
        memory.readUnknown = state.pointee.unknownClassNames
    }

    /// Starts the first pass of a read that keeps Java's shared strings and values (``Sharing``).
    func findShared() { state.pointee.sharing = .finding }

    /// The reference numbers of the strings and values that the first pass found referred to
    /// again.
    var sharedIDs: Set<Int> { state.pointee.sharedIDs }

    /// Whether the first pass met a collection referred to from inside itself (its value is not
    /// to be used).
    var foundCycleThroughValue: Bool { state.pointee.foundCycleThroughValue }

    /// Starts the second pass: the strings and values numbered `ids` are read as
    /// ``SharedString``s and ``SharedValue``s.
    func keepShared(_ ids: Set<Int>) {
        state.pointee.sharing = .keeping
        state.pointee.sharedIDs = ids
    }

    /// Reads a value written by the given top-level Java call through the typed slot of `T` (no
    /// boxing, no cast), when `T` is neither optional nor `Any`; `nil` otherwise, for the caller
    /// to read with ``readRoot(framing:declaredType:)``. Inlinable, so that the typed path is
    /// specialized for `T` where it is called.
    @inlinable
    func readRoot<T>(typed: T.Type, framing: KryoFraming) throws -> T? {
        guard T.self != Any.self, !ValueConversion.isOptionalType(T.self) else { return nil }
        do {
            return try rootSlot(T.self, framing: framing).readRequired(from: self, forKey: "")
        } catch let failure as SerializationError {
            throw located(failure)
        }
    }

    /// The typed slot of top-level values of type `T` (kept from call to call).
    @usableFromInline
    func rootSlot<T>(_: T.Type, framing: KryoFraming) -> ObjectSlot<T> {
        state.pointee.rootSlots.slot(T.self, framing: framing)
    }

    /// `failure` with the input offset and the path of the objects open, where it has none.
    @usableFromInline
    func located(_ failure: SerializationError) -> SerializationError {
        var failure = failure
        if failure.offset == nil { failure.offset = input.offset }
        if failure.path.isEmpty { failure.path = currentPath }
        return failure
    }

    /// The slot a top-level call reads its value in (kept for the next call: working out the
    /// declared type of a Swift type looks up protocol conformances, which costs more than
    /// reading a small value).
    private func rootSlot(framing: KryoFraming, declaredType: any Any.Type) throws -> ResolvedSlot {
        // Java's top-level calls know no generic arguments: a list's elements carry their classes.
        let declared = DeclaredType.of(declaredType).withoutGenerics
        switch framing {
        case .classAndObject:
            var open = declared
            open.finality = .nonFinal
            return ResolvedSlot(
                declared: open, isFinal: false,
                registration: declared.swiftType == Any.self ? nil : registry.registration(for: declared.swiftType))
        case .object, .objectOrNull:
            var final = declared
            final.canBeNull = framing == .objectOrNull
            return ResolvedSlot(declared: final, isFinal: true, registration: try registration(for: declared.swiftType))
        }
    }

    // MARK: ValueReader

    @usableFromInline
    package func readBool(forKey key: String) throws -> Bool {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.boolean, key) {
                try $0.readByte() == 1
            } describe: {
                $0 ? "true" : "false"
            }
        }
        return try withInput { try $0.readByte() } == 1
    }
    @usableFromInline
    package func readInt8(forKey key: String) throws -> Int8 {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.byte, key) {
                Int8(bitPattern: try $0.readByte())
            } describe: {
                "\($0)"
            }
        }
        return Int8(bitPattern: try withInput { try $0.readByte() })
    }
    @usableFromInline
    package func readInt16(forKey key: String) throws -> Int16 {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.short, key) {
                Int16(bitPattern: try $0.readUInt16())
            } describe: {
                "\($0)"
            }
        }
        return Int16(bitPattern: try withInput { try $0.readUInt16() })
    }
    @usableFromInline
    package func readChar(forKey key: String) throws -> UInt16 {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.char, key) {
                try $0.readUInt16()
            } describe: {
                KryoTracer.character($0)
            }
        }
        return try withInput { try $0.readUInt16() }
    }

    @usableFromInline
    package func readInt32(forKey key: String, encoding: IntegerEncoding) throws -> Int32 {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(Self.role(ofCount: key, else: .int), key) { _ in
                try int32(encoding)
            } describe: {
                "\($0)"
            }
        }
        return try int32(encoding)
    }

    @inline(__always)
    private func int32(_ encoding: IntegerEncoding) throws -> Int32 {
        switch encoding {
        case .zigzag: return try withInput { try $0.readVarInt32(optimizePositive: false) }
        case .positive: return try withInput { try $0.readVarInt32(optimizePositive: true) }
        case .fixed: return Int32(bitPattern: try withInput { try $0.readUInt32() })
        case .field:
            if state.pointee.forms.fieldIntegersAreFixed {
                return Int32(bitPattern: try withInput { try $0.readUInt32() })
            }
            return try withInput { try $0.readVarInt32(optimizePositive: false) }
        case .outputZigzag, .outputPositive:
            if state.pointee.dialect.wire.fixedWidthIntegers {
                return Int32(bitPattern: try withInput { try $0.readUInt32() })
            }
            return try withInput { try $0.readVarInt32(optimizePositive: encoding == .outputPositive) }
        }
    }

    @usableFromInline
    package func readInt64(forKey key: String, encoding: IntegerEncoding) throws -> Int64 {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.long, key) { _ in
                try int64(encoding)
            } describe: {
                "\($0)"
            }
        }
        return try int64(encoding)
    }

    @inline(__always)
    private func int64(_ encoding: IntegerEncoding) throws -> Int64 {
        switch encoding {
        case .zigzag: return try withInput { try $0.readVarInt64(optimizePositive: false) }
        case .positive: return try withInput { try $0.readVarInt64(optimizePositive: true) }
        case .fixed: return Int64(bitPattern: try withInput { try $0.readUInt64() })
        case .field:
            if state.pointee.forms.fieldIntegersAreFixed {
                return Int64(bitPattern: try withInput { try $0.readUInt64() })
            }
            return try withInput { try $0.readVarInt64(optimizePositive: false) }
        case .outputZigzag, .outputPositive:
            if state.pointee.dialect.wire.fixedWidthOutputLongs {
                return Int64(bitPattern: try withInput { try $0.readUInt64() })
            }
            return try withInput { try $0.readVarInt64(optimizePositive: encoding == .outputPositive) }
        }
    }

    @usableFromInline
    package func readFloat(forKey key: String) throws -> Float {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.float, key) {
                Float(bitPattern: try $0.readUInt32())
            } describe: {
                KryoTracer.javaNumber(Double($0), $0.description)
            }
        }
        return Float(bitPattern: try withInput { try $0.readUInt32() })
    }
    @usableFromInline
    package func readDouble(forKey key: String) throws -> Double {
        state.pointee.nextValueClass = nil
        if _slowPath(state.pointee.tracing) {
            return try traced(.double, key) {
                Double(bitPattern: try $0.readUInt64())
            } describe: {
                KryoTracer.javaNumber($0, $0.description)
            }
        }
        return Double(bitPattern: try withInput { try $0.readUInt64() })
    }

    @usableFromInline
    package func readString(forKey key: String) throws -> String? {
        do {
            if _slowPath(state.pointee.tracing) {
                return try traced(.string, key) {
                    try $0.readString()
                } describe: {
                    KryoTracer.quoted($0)
                }
            }
            return try withInput { try $0.readString() }
        } catch var error as SerializationError {
            error.path = currentPath
            throw error
        }
    }

    @usableFromInline
    package func readBytes(count: Int, forKey key: String) throws -> [UInt8] {
        try validateCount(count, minimumBytesPerElement: 1, forKey: key)
        if _slowPath(state.pointee.tracing) {
            return try traced(.bytes, key) {
                try $0.readBytes(count)
            } describe: {
                KryoTracer.hexText($0[...])
            }
        }
        return try withInput { try $0.readBytes(count) }
    }

    @usableFromInline
    package func readStringObject(canBeNull: Bool, forKey key: String) throws -> String? {
        switch try readTrackedString(canBeNull: canBeNull, forKey: key) {
        case .plain(let string): return string
        case .shared(let shared): return shared.value
        case .null: return nil
        }
    }

    @usableFromInline
    package func readStringInstance(canBeNull: Bool, forKey key: String) throws -> Any? {
        switch try readTrackedString(canBeNull: canBeNull, forKey: key) {
        case .plain(let string): return string
        case .shared(let shared): return shared
        case .null: return nil
        }
    }

    /// A string read from a final slot: no existential, no cast on the typed path.
    private enum TrackedString {
        case plain(String)
        case shared(SharedString)
        case null
    }

    /// A `String` in a final slot: a `String`, or the ``SharedString`` this call keeps for it.
    @inline(__always)
    private func readTrackedString(canBeNull: Bool, forKey key: String) throws -> TrackedString {
        // After its class, a string is never nil: its class would have been.
        let canBeNull = canBeNull && state.pointee.nextValueClass == nil
        state.pointee.nextValueClass = nil
        do {
            guard state.pointee.options.references else {
                if _slowPath(state.pointee.tracing) {
                    return try tracedString(key, slot: false).map(TrackedString.plain) ?? .null
                }
                return try withInput { try $0.readString() }.map(TrackedString.plain) ?? .null
            }
            if _slowPath(state.pointee.tracing) { traceBeginSlot(key) }
            let marker = try withInput { try $0.readVarInt32(optimizePositive: true) }
            if _slowPath(state.pointee.tracing) { traceStringMarker(marker) }
            switch marker {
            case 0:
                guard canBeNull else { throw error(.invalidValue, expected: "a String reference marker", found: "0") }
                return .null
            case 1:
                // A string holds no references: numbered once read.
                let read =
                    _slowPath(state.pointee.tracing)
                    ? try tracedString(key, slot: true) : try withInput({ try $0.readString() })
                guard let value = read else {
                    throw error(.invalidValue, expected: "a String after a new-object marker", found: "null")
                }
                if state.pointee.sharing == .keeping,
                    state.pointee.sharedIDs.contains(state.pointee.readObjects.count)
                {
                    let shared = SharedString(value)
                    state.pointee.readObjects.append(shared)
                    return .shared(shared)
                }
                state.pointee.readObjects.append(value)
                return .plain(value)
            default:
                let index = Int(marker) - 2
                guard index >= 0, index < state.pointee.readObjects.count,
                    let object = state.pointee.readObjects.value(at: index)
                else {
                    throw error(
                        .invalidReference,
                        expected: "a reference to one of the \(state.pointee.readObjects.count) objects read so far",
                        found: "reference marker \(marker)")
                }
                if state.pointee.sharing == .finding { state.pointee.sharedIDs.insert(index) }
                if let string = object as? String { return .plain(string) }
                guard let shared = object as? SharedString else {
                    throw error(.typeMismatch, expected: "a String", found: ValueConversion.describeType(of: object))
                }
                return .shared(shared)
            }
        } catch var failure as SerializationError {
            if failure.path.isEmpty { failure.path = currentPath + [key] }
            throw failure
        }
    }

    @usableFromInline
    package func readPrimitiveArray<P: JavaPrimitive>(_ type: P.Type, count: Int, forKey key: String) throws -> [P] {
        let width: Int
        switch P.self {
        case is Double.Type: width = 8
        case is Float.Type: width = 4
        case is Int16.Type, is UInt16.Type: width = 2
        default: width = 1
        }
        try validateCount(count, minimumBytesPerElement: width, forKey: key)
        // Each case decodes an array of exactly `P` (the switch matched P's type); `same` only
        // restates that to the type checker, without walking the elements as a cast would.
        func same<Source>(_ values: [Source]) throws -> [P] {
            guard Source.self == P.self else {
                throw error(.typeMismatch, expected: "[\(P.self)]", found: "[\(Source.self)]")
            }
            return unsafeBitCast(values, to: [P].self)
        }
        if _slowPath(state.pointee.tracing), state.pointee.tracer?.accepts(inCopiedRun: input.isInCopiedRun) == true {
            if P.self == Int8.self {
                let bytes = try traced(.bytes, key) {
                    try $0.readBytes(count)
                } describe: {
                    KryoTracer.hexText($0[...])
                }
                return try same(bytes.map { Int8(bitPattern: $0) })
            }
            // One span per element, each read alone.
            var result: [P] = []
            result.reserveCapacity(count)
            for index in 0..<count {
                state.pointee.tracer?.elementIndex = index
                defer { state.pointee.tracer?.elementIndex = nil }
                result.append(try P.readPrimitive(from: self, forKey: key))
            }
            return result
        }
        switch P.self {
        case is Int32.Type where state.pointee.dialect.wire.fixedWidthIntegers:
            return try same(input.readFixedWidth(count: count) { Int32(bitPattern: $0 as UInt32) })
        case is Int64.Type where state.pointee.dialect.wire.fixedWidthIntegers:
            return try same(input.readFixedWidth(count: count) { Int64(bitPattern: $0 as UInt64) })
        case is Int32.Type: return try same(withInput { try $0.readVarInt32s(count: count, optimizePositive: false) })
        case is Int64.Type: return try same(withInput { try $0.readVarInt64s(count: count, optimizePositive: false) })
        case is Double.Type: return try same(input.readFixedWidth(count: count) { Double(bitPattern: $0 as UInt64) })
        case is Float.Type: return try same(input.readFixedWidth(count: count) { Float(bitPattern: $0 as UInt32) })
        case is Int16.Type: return try same(input.readFixedWidth(count: count) { $0 as Int16 })
        case is UInt16.Type: return try same(input.readFixedWidth(count: count) { $0 as UInt16 })
        case is Int8.Type: return try same(withInput { try $0.readBytes(count) }.map { Int8(bitPattern: $0) })
        case is Bool.Type: return try same(withInput { try $0.readBytes(count) }.map { $0 == 1 })
        default:
            var result: [P] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(try P.readPrimitive(from: self, forKey: key)) }
            return result
        }
    }

    @usableFromInline
    package func readObject(as declared: DeclaredType, forKey key: String) throws -> Any? {
        try readObject(in: ResolvedSlot(declared, in: registry), forKey: key)
    }

    @usableFromInline
    package func readObject(in slot: ResolvedSlot, forKey key: String) throws -> Any? {
        switch try enter(slot, forKey: key) {
        case .null:
            return nil
        case .reference(let value):
            return value
        case .body(let registration, _):
            return endObject(keeping: try registration._withUnsafeGuaranteedRef { try $0.serializer.read(from: self) })
        case .slotBody:
            return endObject(keeping: try ownRegistration(of: slot).serializer.read(from: self))
        case .ownNil(let registration):
            let value = try registration._withUnsafeGuaranteedRef { try $0.serializer.readNilable(from: self) }
            if let value { endObject(storing: value) } else { endObject() }
            return value
        case .slotOwnNil:
            let value = try ownRegistration(of: slot).serializer.readNilable(from: self)
            if let value { endObject(storing: value) } else { endObject() }
            return value
        }
    }

    /// The registration of a slot's declared type, which a `slotBody` or `slotOwnNil` step is of.
    private func ownRegistration(of slot: ResolvedSlot) throws -> Registration {
        guard let registration = slot.registration else {
            throw error(.unsupported, expected: "a registration for \(slot.declared.swiftType)", found: "none")
        }
        return registration
    }

    // MARK: Tracing (KryoCodec.inspect)

    /// Records what this reader reads, span by span, with `tracer` (a reader made for the
    /// traced decode: never one a thread keeps).
    func trace(with tracer: KryoTracer) {
        state.pointee.tracer = tracer
        state.pointee.tracing = true
    }

    /// Reads a value with `read` and records its span: the traced form of a primitive read.
    @inline(never)
    private func traced<Value>(
        _ role: KryoDumpEntry.Role, _ key: String, slot: Bool = false, _ read: (KryoInput) throws -> Value,
        describe: (Value) -> String
    ) throws -> Value {
        let start = input.offset
        let value: Value
        do {
            value = try read(input)
        } catch var failure as SerializationError where failure.kind == .truncatedInput {
            // What was being read, where it starts, as the dump names it: "expected a string at
            // 0x0013, found the end", "expected a varint at 0x0001, found the end".
            if let noun = Self.noun(of: role, partialVarint: isPartialVarint(start, failure.offset ?? input.offset)) {
                failure.expected = noun
                failure.found = "the end"
                failure.offset = start
            }
            throw failure
        }
        if let tracer = state.pointee.tracer, tracer.accepts(inCopiedRun: input.isInCopiedRun) {
            let role = tracer.role(role, depth: state.pointee.open.count)
            let (depth, label) = tracer.placement(
                for: key, role: role, depth: state.pointee.open.count, inSlot: slot)
            var text = describe(value)
            switch role {
            case .length, .count, .tag:
                text = Self.countText(key, text, plusOne: state.pointee.dialect.version >= .kryo5)
            case .enumConstant: text = "ordinal \(text)"
            case .date:
                if let millis = value as? Int64 { text = KryoTracer.isoDate(millis: millis) }
            default: break
            }
            tracer.record(start, input.offset, role, depth: depth, label, text)
            if role == .tag { tracer.noteTag(depth: depth) }
            if role == .length {
                if let number = value as? Int32 {
                    tracer.noteCount(Int64(number), key: key, depth: state.pointee.open.count)
                } else if let flagged = value as? (flag: Bool, value: Int32) {
                    tracer.noteCount(
                        Int64(flagged.value), key: key, depth: state.pointee.open.count, flag: flagged.flag)
                }
            }
        }
        return value
    }

    /// Whether the bytes from `start` to `end` (where the input ended) are the first bytes of a
    /// varint, each with its high bit set: what a truncated varint leaves.
    private func isPartialVarint(_ start: Int, _ end: Int) -> Bool {
        guard let tracer = state.pointee.tracer, !input.isInCopiedRun else { return false }
        guard end > start else { return !state.pointee.dialect.wire.fixedWidthIntegers }
        return tracer.allHighBitsSet(start, end)
    }

    /// What a read of `role` reads, for a truncation: `a string`, `2 bytes (char)`, `a varint`
    /// (sizes, counts, tags, ordinals, dates, and integers whose bytes so far are a varint's).
    private static func noun(of role: KryoDumpEntry.Role, partialVarint: Bool) -> String? {
        switch role {
        case .length, .count, .tag, .enumConstant, .date: return "a varint"
        case .int, .long: return partialVarint ? "a varint" : nil
        default: break
        }
        return switch role {
        case .string: "a string"
        case .boolean: "1 byte (boolean)"
        case .byte: "1 byte (byte)"
        case .char: "2 bytes (char)"
        case .short: "2 bytes (short)"
        case .float: "4 bytes (float)"
        case .double: "8 bytes (double)"
        default: nil
        }
    }

    /// The role of an integer read under `key`: a size or length, else `otherwise`.
    private static func role(ofCount key: String, else otherwise: KryoDumpEntry.Role) -> KryoDumpEntry.Role {
        switch key {
        case "size", "length": .length
        case "$fieldCount": .count
        case "$tag": .tag
        default: otherwise
        }
    }

    /// `size 3` for a size as read (Kryo 5 writes sizes + 1: the dump shows what the bytes hold).
    private static func countText(_ key: String, _ value: String, plusOne: Bool) -> String {
        switch key {
        case "$fieldCount" where plusOne:
            Int(value).map { "\($0 - 1) tagged field\($0 == 2 ? "" : "s") (written + 1)" } ?? value
        case "$fieldCount": "\(value) tagged field\(value == "1" ? "" : "s")"
        case "$tag": "tag \(value)"
        default: "\(key) \(value)"
        }
    }

    /// Reads and records a string; `slot`: it fills the object slot being opened (after its
    /// reference marker).
    @inline(never)
    private func tracedString(_ key: String, slot: Bool) throws -> String? {
        try traced(.string, slot ? "" : key, slot: slot) {
            try $0.readString()
        } describe: {
            KryoTracer.quoted($0)
        }
    }

    /// Records the reference marker of a string in a final slot, just read.
    @inline(never)
    private func traceStringMarker(_ marker: Int32) {
        let start = input.offset - KryoTracer.varintLength(of: marker)
        let text: String
        switch marker {
        case 0: text = "null"
        case 1:
            text = "new object #\(state.pointee.readObjects.count)"
            state.pointee.tracer?.numbered(state.pointee.readObjects.count, name: "java.lang.String", at: start)
        default:
            let id = Int(marker) - 2
            text = "back-reference to #\(id)" + (state.pointee.tracer?.described(id).map { " (\($0))" } ?? "")
        }
        traceSlot(from: start, .reference, text)
    }

    /// Records the span from `start` of the object slot being opened.
    @inline(never)
    private func traceSlot(from start: Int, _ role: KryoDumpEntry.Role, _ text: String) {
        guard let tracer = state.pointee.tracer, tracer.accepts(inCopiedRun: input.isInCopiedRun) else { return }
        tracer.recordSlot(start, input.offset, role, depth: state.pointee.open.count, text)
    }

    /// Starts tracing the object slot `key`.
    @inline(never)
    private func traceBeginSlot(_ key: String) {
        state.pointee.tracer?.beginSlot(key, depth: state.pointee.open.count)
    }

    /// How a class tag named its class: `test.SampleBean (id 20)`,
    /// `java.util.ArrayList (by name, name id 0)`, `null`.
    @inline(never)
    private func traceClassTag(from start: Int, _ registration: Registration?, unknownName: String?) {
        guard let tracer = state.pointee.tracer else { return }
        let tag = tracer.varint(at: start)
        let name = registration?.javaName ?? unknownName
        let text: String
        if let name {
            if tag == 1 {
                let nameID = tracer.varint(at: start + tracer.varintLength(at: start))
                text = "\(name) (by name, name id \(nameID))"
            } else {
                text = "\(name) (id \(Int(tag &- 2)))"
            }
        } else {
            text = "null"
        }
        traceSlot(from: start, .classTag, text)
    }

    /// Completes the spans of the object that ends with `value`: an enum constant's name, what a
    /// size or length meant.
    @inline(never)
    private func traceEnd(_ value: Any?) {
        guard let tracer = state.pointee.tracer else { return }
        if let constant = value as? DynamicEnum { tracer.nameLastConstant(constant.name, ordinal: constant.ordinal) }
        var count: Int?
        if let value {
            if let collection = value as? any Collection {
                count = collection.count
            } else if let set = value as? DynamicEnumSet {
                // An EnumSet's size is the number of constants, written as it is.
                count = set.count
            } else if let exposing = value as? any AnyElementsExposing {
                count = exposing.anyElements.count
            } else if let map = value as? any AnyEntriesExposing {
                // A map kept in a wrapper of its own (Kryo 5's LinkedHashMap, Hashtable…).
                count = map.anyEntries.count
            } else {
                let mirror = Mirror(reflecting: value)
                if mirror.displayStyle == .collection || mirror.displayStyle == .dictionary
                    || mirror.displayStyle == .set
                {
                    count = mirror.children.count
                }
            }
        }
        tracer.closed(depth: state.pointee.open.count, count: count)
    }

    /// What a final slot without a registration wanted. A final `Object` slot is a field a Java
    /// program binds to a class (`setFixedFieldTypes(true)`, `@Bind(valueClass = …)`), which
    /// writes it as that class: the schema names it as the field's type.
    @inline(never)
    private static func serializerWanted(for declared: DeclaredType) -> String {
        guard declared.swiftType == Any.self else {
            return "a registration or default serializer for \(declared.javaName ?? "\(declared.swiftType)")"
        }
        return "a class for a final java.lang.Object slot (a field Java binds to a class, with "
            + "setFixedFieldTypes(true) or @Bind(valueClass = …), is written as that class: give it as the field's type)"
    }

    /// Records a class tag that names a class the registry does not know, before the error
    /// ends the trace there.
    @inline(never)
    private func traceUnknownClass(from start: Int, _ failure: SerializationError) {
        guard failure.kind == .unknownClassID || failure.kind == .unknownClassName || failure.kind == .unregisteredType,
            let tracer = state.pointee.tracer
        else { return }
        let tag = tracer.varint(at: start)
        let how =
            tag == 1
            ? "by name, name id \(tracer.varint(at: start + tracer.varintLength(at: start)))" : "id \(Int(tag &- 2))"
        // The error quotes the name: `"peer.SelfWritten"`, `class name "peer.SelfWritten"`.
        let found = failure.found
        let name =
            failure.kind == .unknownClassID
            ? "unknown class"
            : found.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
                ?? found
        traceSlot(from: start, .classTag, "\(name) (\(how))")
    }

    /// What a reference marker said.
    @inline(never)
    private func traceReference(from start: Int, _ marker: ReferenceMarker, of registration: Registration) {
        guard let tracer = state.pointee.tracer else { return }
        let text: String
        switch marker {
        case .null:
            let tracked =
                registration.tracksReferences
                && (registration.identity != .enumConstant || state.pointee.dialect.version < .kryo5)
            guard tracked else {
                traceSlot(from: start, .nullMarker, "null")
                return
            }
            text = "null"
        case .backReference:
            let id = Int(readMarkerValue(at: start)) - 2
            text = "back-reference to #\(id)" + (tracer.described(id).map { " (\($0))" } ?? "")
        case .newObject(let number):
            guard number >= 0 else {
                traceSlot(from: start, .nullMarker, "not null")
                return
            }
            tracer.numbered(number, name: registration.javaName, at: start)
            text = "new object #\(number)"
        }
        traceSlot(from: start, .reference, text)
    }

    /// The varint at `offset` of the traced input (already read).
    private func readMarkerValue(at offset: Int) -> Int32 {
        guard let tracer = state.pointee.tracer else { return 0 }
        return tracer.varint(at: offset)
    }

    // MARK: Object markers (Kryo's readClassAndObject, readObjectOrNull, readObject)

    @usableFromInline
    package func beginObject(in slot: ResolvedSlot, forKey key: String) throws -> ObjectReadStep {
        switch try enter(slot, forKey: key) {
        case .null: .null
        case .reference(let value): .reference(value)
        case .body(let registration, let storesReference):
            .body(registration.takeUnretainedValue(), storesReference: storesReference)
        case .slotBody(let storesReference): .slotBody(storesReference: storesReference)
        case .ownNil(let registration): .ownNil(registration.takeUnretainedValue())
        case .slotOwnNil: .slotOwnNil
        }
    }

    /// ``ObjectReadStep`` with its registrations unretained: the registry, or this call's table
    /// of classes read by name, keeps them alive for the whole call. What ``readObject(in:forKey:)``
    /// takes, without a retain and a release of the registration per object.
    private enum OpenedObject {
        case null
        case reference(Any)
        case body(Unmanaged<Registration>, storesReference: Bool)
        case slotBody(storesReference: Bool)
        case ownNil(Unmanaged<Registration>)
        case slotOwnNil
    }

    /// Enters the object that begins here (``beginObject(in:forKey:)``).
    @inline(__always)
    private func enter(_ slot: ResolvedSlot, forKey key: String) throws -> OpenedObject {
        do {
            return try openObject(in: slot, forKey: key)
        } catch var failure as SerializationError {
            // Thrown before the object was entered: its key is not on the path yet.
            if !key.isEmpty { failure.path.append(key) }
            throw failure
        }
    }

    @inline(__always)
    private func openObject(in slot: ResolvedSlot, forKey key: String) throws -> OpenedObject {
        if _slowPath(state.pointee.tracing) { traceBeginSlot(key) }
        // Unretained: the slot or the registry keeps it alive for the whole call.
        let registration: Unmanaged<Registration>
        var reference = -1
        var step = Step.body
        if slot.isFinal, state.pointee.nextValueClass == nil {
            guard let declared = slot.unretainedRegistration else {
                throw error(.unsupported, expected: Self.serializerWanted(for: slot.declared), found: "none")
            }
            registration = declared
            if state.pointee.options.references {
                let marker = try registration._withUnsafeGuaranteedRef {
                    try readReferenceMarker(registration: $0, mayBeNull: slot.declared.canBeNull)
                }
                switch marker {
                case .null:
                    return .null
                case .backReference(let index):
                    try declared._withUnsafeGuaranteedRef { declared in
                        if !state.pointee.readObjects.wasRead(at: index, as: declared) {
                            try checkReference(to: state.pointee.readObjects.readValue(at: index), fits: declared)
                        }
                    }
                    return .reference(state.pointee.readObjects.readValue(at: index))
                case .newObject(let newSlot):
                    reference = newSlot
                    if _slowPath(state.pointee.sharing == .keeping) { openBox(newSlot, registration) }
                }
            } else if registration._withUnsafeGuaranteedRef({
                $0.serializer.handlesNil(in: state.pointee.dialect.version)
            }) {
                if slot.declared.canBeNull { step = .ownNil }
            } else if slot.declared.canBeNull {
                let marker = try withInput { try $0.readByte() }
                if _slowPath(state.pointee.tracing) {
                    traceSlot(from: input.offset - 1, .nullMarker, marker == 0 ? "null" : "not null")
                }
                if marker == 0 {
                    return .null
                }
                guard marker == 1 else {
                    throw error(.invalidValue, expected: "a nil marker (0 or 1)", found: "\(marker)")
                }
            }
        } else {
            let tagged: Unmanaged<Registration>
            if let classRead = state.pointee.nextValueClass {
                state.pointee.nextValueClass = nil
                tagged = classRead
            } else {
                guard let read = try readClassTag() else { return .null }
                tagged = read
            }
            // The declared type's own registration when the tag names the same Java class
            // (an ArrayList read into `[SampleBean]`).
            if let preferred = slot.unretainedRegistration, !Self.isSame(tagged, preferred),
                preferred._withUnsafeGuaranteedRef({ preferred in
                    tagged._withUnsafeGuaranteedRef { preferred.javaName == $0.javaName }
                })
            {
                registration = preferred
            } else {
                registration = tagged
            }
            if state.pointee.options.references {
                let marker = try registration._withUnsafeGuaranteedRef {
                    try readReferenceMarker(registration: $0, mayBeNull: false)
                }
                switch marker {
                case .null:
                    return .null
                case .backReference(let index):
                    try registration._withUnsafeGuaranteedRef { tagged in
                        if !state.pointee.readObjects.wasRead(at: index, as: tagged) {
                            try checkReference(to: state.pointee.readObjects.readValue(at: index), tagged: tagged)
                        }
                    }
                    return .reference(state.pointee.readObjects.readValue(at: index))
                case .newObject(let newSlot):
                    reference = newSlot
                    if _slowPath(state.pointee.sharing == .keeping) { openBox(newSlot, registration) }
                }
            }
        }
        guard state.pointee.open.count < state.pointee.options.limits.maxDepth else {
            throw error(
                .depthLimitExceeded, expected: "at most \(state.pointee.options.limits.maxDepth) nested objects",
                found: "deeper nesting at a \(registration.takeUnretainedValue().javaName)")
        }
        state.pointee.open.push(key, reference: reference)
        if _slowPath(state.pointee.tracing) {
            registration._withUnsafeGuaranteedRef {
                state.pointee.tracer?.opened(
                    $0.javaName, depth: state.pointee.open.count, isEnum: $0.identity == .enumConstant)
            }
        }
        resetGenericArguments(for: slot)
        switch step {
        case .ownNil:
            if let declared = slot.unretainedRegistration, Self.isSame(registration, declared) { return .slotOwnNil }
            return .ownNil(registration)
        case .body:
            // The slot's own registration (the common case) is not handed out again.
            if let declared = slot.unretainedRegistration, Self.isSame(registration, declared) {
                return .slotBody(storesReference: reference >= 0)
            }
            return .body(registration, storesReference: reference >= 0)
        }
    }

    /// Java's `EnumSerializer` in a final slot writes `ordinal + 1` (0 for null, with references
    /// off), after the reference marker when references are on: read here in one step when the
    /// buffer holds it and it is nil or a new constant, and recorded as the object entered and
    /// left would be. Anything else (a back-reference, input that does not read, tracing) is left
    /// to ``beginObject(in:forKey:)``, which reads and reports it as before.
    @usableFromInline
    package func readEnumConstant(
        in slot: ResolvedSlot, constantCount: Int, forKey key: String, constant: (Int) -> Any
    ) -> EnumConstantRead {
        guard slot.isFinal, let registration = slot.unretainedRegistration, state.pointee.nextValueClass == nil,
            !state.pointee.tracing, state.pointee.open.count < state.pointee.options.limits.maxDepth,
            let (first, firstLength) = withInput({ $0.peekVarInt32() })
        else { return .unread }
        let canBeNull = slot.declared.canBeNull
        guard state.pointee.options.references else {
            // The serializer's own nil (0) where the slot allows nil, else a constant.
            let step: EnumConstantRead
            if first == 0 {
                guard canBeNull else { return .unread }
                step = .null
            } else if first > 0, first <= constantCount {
                step = .ordinal(Int(first) - 1)
            } else {
                return .unread
            }
            withInput { $0.skipBuffered(firstLength) }
            resetGenericArguments(for: slot)
            return step
        }
        // A reference marker (Kryo 5 tracks no enum constants: then only a nil marker where the
        // slot allows nil), then the body, which must be a constant.
        let tracked = registration._withUnsafeGuaranteedRef {
            $0.tracksReferences && ($0.identity != .enumConstant || state.pointee.dialect.version < .kryo5)
        }
        var bodyStart = 0
        if tracked || canBeNull {
            if first == 0, canBeNull {
                withInput { $0.skipBuffered(firstLength) }
                return .null
            }
            guard first == 1 else { return .unread }
            bodyStart = firstLength
        }
        let body: (value: Int32, length: Int)? =
            bodyStart == 0 ? (first, firstLength) : withInput({ $0.peekVarInt32(after: bodyStart) })
        guard let (stored, bodyLength) = body, stored > 0, stored <= constantCount else { return .unread }
        withInput { $0.skipBuffered(bodyStart + bodyLength) }
        let ordinal = Int(stored) - 1
        if tracked {
            let index = registration._withUnsafeGuaranteedRef { state.pointee.readObjects.appendPending(readAs: $0) }
            state.pointee.readObjects.store(constant(ordinal), at: index)
        }
        resetGenericArguments(for: slot)
        return .ordinal(ordinal)
    }

    /// What entering an object in `slot` leaves behind: the generic arguments of the slot, or
    /// none. Most slots have no generic arguments, and neither had the last: nothing to copy.
    @inline(__always)
    private func resetGenericArguments(for slot: ResolvedSlot) {
        if !slot.declared.genericArguments.isEmpty || !state.pointee.genericArguments.isEmpty {
            state.pointee.genericArguments =
                state.pointee.forms.dropsGenerics
                ? DeclaredType.boundOnly(slot.declared.genericArguments) : slot.declared.genericArguments
        }
    }

    @inline(__always)
    private static func isSame(_ unretained: Unmanaged<Registration>, _ other: Unmanaged<Registration>) -> Bool {
        unretained.toOpaque() == other.toOpaque()
    }

    /// In the second pass of a read that keeps sharing, the box of a value without identity
    /// that the stream refers to again, made before the value is read (``SharedValue/opened()``)
    /// so that references from inside it find it.
    @inline(never)
    private func openBox(_ slot: Int, _ registration: Unmanaged<Registration>) {
        guard state.pointee.sharedIDs.contains(slot),
            registration._withUnsafeGuaranteedRef({ SharedValue.boxesValues(of: $0.swiftType) })
        else { return }
        state.pointee.readObjects.store(SharedValue.opened(), at: slot)
    }

    /// ``endObject(storing:)``, returning the value to hand out: the ``SharedString`` of a
    /// string, or the ``SharedValue`` of a value without identity, that this call keeps shared
    /// (``Sharing/keeping``), else `value`.
    @inline(__always)
    private func endObject(keeping value: Any) -> Any {
        if _slowPath(state.pointee.tracing) { traceEnd(value) }
        guard let reference = state.pointee.open.pop(), reference >= 0 else { return value }
        if state.pointee.sharing == .keeping, state.pointee.sharedIDs.contains(reference) {
            if let box = state.pointee.readObjects.value(at: reference) as? SharedValue, box.isOpen {
                box.fill(value)
                return box
            }
            let shared: Any? =
                if let string = value as? String {
                    SharedString(string)
                } else if SharedValue.boxes(value) {
                    SharedValue(value)
                } else {
                    nil
                }
            if let shared {
                state.pointee.readObjects.store(shared, at: reference)
                return shared
            }
        }
        state.pointee.readObjects.store(value, at: reference)
        return value
    }

    @usableFromInline
    package func endObject(storing value: Any) {
        if _slowPath(state.pointee.tracing) { traceEnd(value) }
        if let reference = state.pointee.open.pop(), reference >= 0 {
            state.pointee.readObjects.store(value, at: reference)
        }
    }

    @usableFromInline
    package func endObject() {
        if _slowPath(state.pointee.tracing) { traceEnd(nil) }
        _ = state.pointee.open.pop()
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

    /// The field names stored the first time `type` appears in this graph, matched to `names`.

    @usableFromInline
    package func readFieldOrder(_ names: [String], of javaClass: ClassKey) throws -> [Int?] {
        let key = javaClass.identifier
        let tracing = state.pointee.tracing
        if let order = state.pointee.fieldOrders[key] {
            if _slowPath(tracing) {
                state.pointee.tracer?.readsFields(nil, key: key, depth: state.pointee.open.count)
            }
            return order
        }
        var start = input.offset
        let count = Int(try withInput { try $0.readVarInt32(optimizePositive: true) })
        if _slowPath(tracing) { traceHeader(from: start, .count, "header: \(count) field\(count == 1 ? "" : "s")") }
        // Each name takes at least one byte.
        try validateCount(count, minimumBytesPerElement: 1, forKey: "field names of \(javaClass.javaName)")
        var localIndex: [String: Int] = [:]
        for (index, name) in names.enumerated() where localIndex[name] == nil { localIndex[name] = index }
        var order: [Int?] = []
        order.reserveCapacity(count)
        var storedNames: [String] = []
        for index in 0..<count {
            start = input.offset
            guard let name = try withInput({ try $0.readString() }) else {
                throw error(.invalidValue, expected: "a field name of \(javaClass.javaName)", found: "null")
            }
            if _slowPath(tracing) {
                traceHeader(from: start, .fieldName, "header[\(index)]: " + KryoTracer.quoted(name))
                storedNames.append(name)
            }
            let local = localIndex[name]
            // A name the schema lacks must still be a Java field name: anything else is a stream
            // read with the wrong settings (references, release), whose fields would all be
            // skipped as unknown.
            if local == nil, !JavaIdentifier.isIdentifier(name) {
                throw SerializationError(
                    .invalidValue, expected: "a field name of \(javaClass.javaName) (a Java identifier)",
                    found: KryoTracer.quoted(name), offset: start)
            }
            order.append(local)
        }
        if _slowPath(tracing) {
            state.pointee.tracer?.readsFields(storedNames, key: key, depth: state.pointee.open.count)
        }
        state.pointee.fieldOrders[key] = order
        return order
    }

    @usableFromInline
    package func beginSkippableField(forKey key: String) throws {
        if let chunks = state.pointee.forms.enterChunks() {
            input.littleEndian = chunks.wire.littleEndian
        }
        do {
            if _slowPath(state.pointee.tracing) {
                try traceChunks(key) { try $0.beginChunks() }
            } else {
                try withInput { try $0.beginChunks() }
            }
        } catch var failure as SerializationError {
            if failure.path.isEmpty { failure.path = currentPath + [key] }
            throw failure
        }
        state.pointee.skippableDepths.append(state.pointee.open.count)
    }

    @usableFromInline
    package func endSkippableField() throws {
        // The objects a failed read of the field left open are left.
        if let depth = state.pointee.skippableDepths.popLast() {
            state.pointee.open.leave(downTo: depth)
            state.pointee.nextValueClass = nil
        }
        defer {
            if let outside = state.pointee.forms.leaveChunks() { input.littleEndian = outside.wire.littleEndian }
        }
        if _slowPath(state.pointee.tracing) {
            traceEndOfChunks()
            return
        }
        withInput { $0.endChunks() }
    }

    @usableFromInline
    package func skipField(forKey key: String) throws {
        if _slowPath(state.pointee.tracing) {
            try traceSkippedField(key)
            return
        }
        try withInput { try $0.skipChunks() }
    }

    /// Skips a field the schema lacks and records its chunks: their lengths, and their data as
    /// raw bytes named after the compatible header's name for the field.
    @inline(never)
    private func traceSkippedField(_ key: String) throws {
        let start = input.offset
        try withInput { try $0.skipChunks() }
        guard let tracer = state.pointee.tracer, tracer.accepts(inCopiedRun: input.isInCopiedRun) else { return }
        let depth = state.pointee.open.count
        let name = tracer.label(for: key, depth: depth) ?? key
        let javaName = tracer.javaName(depth: depth).map { " of " + $0 } ?? ""
        tracer.recordSkipped(
            start, input.offset, name: name, depth: depth, "not a field\(javaName) in the schema; skipped, as Kryo does"
        )
    }

    /// Records a span of a field-name header or of a field's chunks.
    @inline(never)
    private func traceHeader(from start: Int, _ role: KryoDumpEntry.Role, _ text: String) {
        guard let tracer = state.pointee.tracer, tracer.accepts(inCopiedRun: input.isInCopiedRun) else { return }
        tracer.record(start, input.offset, role, depth: state.pointee.open.count, nil, text)
    }

    /// Enters a field's chunks, recording the first chunk's length; a field of several chunks
    /// is read from a copy, whose offsets are not the input's: it is one span.
    @inline(never)
    private func traceChunks(_ key: String, _ begin: (KryoInput) throws -> Void) throws {
        let start = input.offset
        let copiedBefore = input.isInCopiedRun
        try begin(input)
        guard let tracer = state.pointee.tracer else { return }
        let depth = state.pointee.open.count
        // Kryo 5's chunked fields: the header's next name, or the name the value gives.
        let key = tracer.chunkedFieldName(key, depth: depth)
        if input.isInCopiedRun && !copiedBefore {
            tracer.enterChunks(key, start: start, gathered: true, depth: depth)
        } else {
            let length = tracer.varint(at: start)
            if tracer.accepts(inCopiedRun: copiedBefore) {
                let first = tracer.entryCount
                tracer.record(
                    start, input.offset, .chunk, depth: depth, nil, "\(length) byte\(length == 1 ? "" : "s") of \(key)")
                if key == KryoTracer.unnamedField { tracer.awaitFieldName(from: first, depth: depth, prefix: false) }
            }
            tracer.enterChunks(key, start: start, gathered: false, depth: depth)
        }
    }

    /// Leaves a field's chunks, recording their end (or, for a gathered field, all of them).
    @inline(never)
    private func traceEndOfChunks() {
        let tracer = state.pointee.tracer
        let chunks = tracer?.leaveChunks()
        let start = input.offset
        withInput { $0.endChunks() }
        guard let tracer, let chunks, !chunks.gathered, tracer.accepts(inCopiedRun: input.isInCopiedRun) else {
            return
        }
        // In a field's gathered chunks the reader counts in the joined copy, not in the input.
        tracer.record(
            input.isInCopiedRun ? start : max(start, tracer.inputEnd), input.offset, .chunk,
            depth: state.pointee.open.count, nil, "end of \(chunks.key)")
    }

    @usableFromInline
    package func reference(_ object: @autoclosure () -> Any) {
        guard let slot = state.pointee.open.lastReference, slot >= 0 else { return }
        state.pointee.readObjects.store(object(), at: slot)
        // Numbered now: the end of the object stores nothing more (Java's Kryo likewise stores
        // the read object only when the serializer did not reference it).
        state.pointee.open.clearLastReference()
    }

    @usableFromInline
    package func validateCount(_ count: Int, minimumBytesPerElement: Int, forKey key: String) throws {
        guard count >= 0, count <= state.pointee.options.limits.maxElementCount else {
            throw error(
                .sizeLimitExceeded, expected: "a count of at most \(state.pointee.options.limits.maxElementCount)",
                found: "\(count) (\(key))")
        }
        let (needed, overflow) = count.multipliedReportingOverflow(by: max(minimumBytesPerElement, 0))
        guard !overflow, try withInput({ try $0.hasAvailable(needed) }) else {
            // The layouts' own keys (`$fieldCount`) are no words of the message.
            let what = key == "$fieldCount" ? "a field count of" : key.hasPrefix("$") ? String(key.dropFirst()) : key
            throw error(
                .lengthExceedsInput, expected: "\(what) \(count) to fit in the input",
                found: "fewer bytes left than \(count) element\(count == 1 ? "" : "s") need")
        }
    }

    /// The elements that take no input of their own one call may make beyond one per byte read.
    static let elementsWithoutInputAllowance = 1 << 16

    @usableFromInline
    package func validateCountWithoutInput(_ count: Int, forKey key: String) throws {
        try validateCount(count, minimumBytesPerElement: 0, forKey: key)
        let offset = input.offset
        let (total, overflow) = state.pointee.elementsWithoutInput.addingReportingOverflow(count)
        guard !overflow, total <= offset + Self.elementsWithoutInputAllowance else {
            throw error(
                .lengthExceedsInput,
                expected:
                    "\(key) \(count) of elements that take no bytes (all nil) within what the input justifies "
                    + "(one per byte read, \(offset), plus \(Self.elementsWithoutInputAllowance) per call)",
                found: "\(total) such elements in this call")
        }
        state.pointee.elementsWithoutInput = total
    }

    @usableFromInline
    package func error(_ kind: SerializationError.Kind, expected: String, found: String) -> SerializationError {
        SerializationError(kind, expected: expected, found: found, offset: input.offset, path: currentPath)
    }

    // MARK: Deflate (Kryo's DeflateSerializer)

    /// Reads the body of a value of `type` written by Kryo 2.20's `DeflateSerializer`: inflates
    /// the deflate data at the position (within ``Limits/maxInflatedBytes`` for the whole call),
    /// lets `body` read the value from the inflated bytes, and continues after the deflate data.
    /// See ``KryoBinaryWriter`` for the reference marker that precedes the value.
    ///
    /// An error inside the inflated bytes is reported at the offset where the deflate data starts,
    /// saying at which byte of the inflated bytes it was found.
    func readDeflated<T>(_ type: any Any.Type, format: DeflateFormat, body: () throws -> T) throws -> T {
        let start = input.offset
        let budget = max(state.pointee.options.limits.maxInflatedBytes - state.pointee.inflatedBytes, 0)
        let count: Int
        do {
            count = try withInput { try $0.beginInflatedRun(format: format, maxBytes: budget) }
        } catch var failure as SerializationError {
            if failure.kind == .sizeLimitExceeded {
                failure.expected +=
                    " (what is left of Limits.maxInflatedBytes, \(state.pointee.options.limits.maxInflatedBytes))"
            }
            if failure.path.isEmpty { failure.path = currentPath }
            throw failure
        }
        state.pointee.inflatedBytes += count
        // Inflated bytes are not the input's: a traced read shows the deflate data as it is.
        let tracer = state.pointee.tracing ? state.pointee.tracer : nil
        tracer?.hide()
        defer { tracer?.unhide() }
        do {
            if state.pointee.options.references, registry.registration(for: type)?.tracksReferences ?? true {
                try readDeflatedMarker()
            }
            let value = try body()
            guard input.bytesLeftInRun == 0 else {
                throw error(
                    .invalidValue, expected: "the value to end where its inflated bytes end",
                    found: "\(input.bytesLeftInRun) byte\(input.bytesLeftInRun == 1 ? "" : "s") left over")
            }
            withInput { $0.endInflatedRun() }
            return value
        } catch var failure as SerializationError {
            withInput { $0.endInflatedRun() }
            if let inner = failure.offset {
                failure.found += " (at byte \(inner - start) of the \(count) bytes inflated from there)"
            } else {
                failure.found += " (in the \(count) bytes inflated from there)"
            }
            failure.offset = start
            if failure.path.isEmpty { failure.path = currentPath }
            throw failure
        }
    }

    /// The reference marker Java's `kryo.writeObject` puts before the inflated value.
    private func readDeflatedMarker() throws {
        let marker = try withInput { try $0.readVarInt32(optimizePositive: true) }
        switch marker {
        case 1:
            return
        case 0:
            throw error(.invalidValue, expected: "a new-object marker (1) before the deflated value", found: "nil (0)")
        default:
            throw error(
                .invalidReference, expected: "a new-object marker (1) and the deflated value",
                found:
                    "a reference to object #\(Int64(marker) - 2) instead: Java Kryo 2.20 writes that in place of "
                    + "the value when references are on (Java reads it back as null); write it with references off")
        }
    }

    private enum Step {
        case body, ownNil
    }

    /// The keys of the objects being read, outermost first (the top level has no key).
    private var currentPath: [String] { state.pointee.open.keys.filter { !$0.isEmpty } }

    /// What a reference marker says, without the object it refers to (so that the marker is
    /// copied as two words, not as an `Any`).
    private enum ReferenceMarker {
        case null
        /// A back reference to object `index`, which is read.
        case backReference(index: Int)
        /// A new object, numbered `slot` (−1 when its class is not tracked).
        case newObject(slot: Int)
    }

    /// Refuses a back reference, in a slot whose final class the stream does not name, to an
    /// object of another class: what was read would not be written back (Java's field would hold
    /// an object its serializer cannot write).
    private func checkReference(to value: Any, fits declared: Registration) throws {
        if Swift.type(of: value) == declared.swiftType { return }
        guard let found = registry.registration(forValue: value), found.javaName != declared.javaName else { return }
        throw error(
            .typeMismatch, expected: "a reference to a \(declared.javaName), the slot's final declared class",
            found: "one to a \(found.javaName)")
    }

    /// Refuses a back-reference, read after the class tag `tagged`, to an object of another class:
    /// Kryo writes an object's own class before its reference marker, so such a stream is not one
    /// Java wrote (Java would fail when it stores the object: a `LinkedList` in a `Map` field), and
    /// the object would reach a slot that cannot write it back. Conservative: classes that read
    /// into the same Swift type (`ArrayList` and `Arrays$ArrayList`) are not told apart.
    private func checkReference(to value: Any, tagged: Registration) throws {
        let type = Swift.type(of: value)
        let dynamic = type == DynamicObject.self || type == DynamicEnum.self
        // An object of the tagged registration's own Swift type fits, whatever class it was
        // registered under (the test below, without the registry's look-up).
        if type == tagged.swiftType, !dynamic { return }
        guard let found = registry.registration(forValue: value), found.javaName != tagged.javaName else { return }
        guard dynamic || (type != tagged.swiftType && found.swiftType != tagged.swiftType) else { return }
        throw error(
            .typeMismatch, expected: "a reference to a \(tagged.javaName), the class the stream names",
            found: "one to a \(found.javaName)")
    }

    @inline(__always)
    private func readReferenceMarker(registration: Registration, mayBeNull: Bool) throws -> ReferenceMarker {
        guard _slowPath(state.pointee.tracing) else {
            return try readReferenceMarkerBody(registration: registration, mayBeNull: mayBeNull)
        }
        let start = input.offset
        let marker = try readReferenceMarkerBody(registration: registration, mayBeNull: mayBeNull)
        if input.offset > start { traceReference(from: start, marker, of: registration) }
        return marker
    }

    private func readReferenceMarkerBody(registration: Registration, mayBeNull: Bool) throws -> ReferenceMarker {
        // Kryo 5 tracks no enum constants.
        let tracked =
            registration.tracksReferences
            && (registration.identity != .enumConstant || state.pointee.dialect.version < .kryo5)
        let id: Int32
        if mayBeNull {
            id = try withInput { try $0.readVarInt32(optimizePositive: true) }
            if id == 0 { return .null }
            if !tracked {
                guard id == 1 else { throw error(.invalidValue, expected: "a not-nil marker (1)", found: "\(id)") }
                return .newObject(slot: -1)
            }
        } else {
            if !tracked { return .newObject(slot: -1) }
            id = try withInput { try $0.readVarInt32(optimizePositive: true) }
        }
        if id == 1 {
            return .newObject(slot: state.pointee.readObjects.appendPending(readAs: registration))
        }
        let index = Int(id) - 2
        guard index >= 0, index < state.pointee.readObjects.count else {
            throw error(
                .invalidReference,
                expected: "a reference to one of the \(state.pointee.readObjects.count) objects read so far",
                found: "reference marker \(id)")
        }
        // An object of an earlier value of a stream that keeps its objects (`setAutoReset(false)`).
        if _slowPath(index < state.pointee.carriedObjectCount) { state.pointee.referencesToEarlierValues += 1 }
        guard state.pointee.readObjects.isRead(at: index) else {
            // A collection that contains itself, through the objects it holds (Java's
            // collections reference themselves before their elements): on the dynamic path one
            // box (``SharedValue``), which the second pass makes before it reads the elements;
            // the inspector, which reads once, shows the reference and goes on.
            if state.pointee.sharing == .finding || state.pointee.tracing,
                SharedValue.boxesValues(of: registration.swiftType)
            {
                state.pointee.sharedIDs.insert(index)
                state.pointee.readObjects.store(SharedValue.opened(), at: index)
                state.pointee.foundCycleThroughValue = true
                return .backReference(index: index)
            }
            throw error(
                .invalidReference, expected: "a reference to a decoded object",
                found: "object #\(index), which is still being decoded and cannot refer to itself")
        }
        if state.pointee.sharing == .finding, let value = state.pointee.readObjects.value(at: index),
            value is String || SharedValue.boxes(value)
        {
            state.pointee.sharedIDs.insert(index)
        }
        return .backReference(index: index)
    }

    // MARK: Classes (Kryo's readClass)

    @usableFromInline
    package func readClass(forKey key: String) throws -> JavaClassTag? {
        if let pending = state.pointee.nextValueClass {
            // The value's class, already read before it (Kryo 5's evolvable serializers with
            // readUnknownFieldData): Java writes it once.
            state.pointee.nextValueClass = nil
            return JavaClassTag(pending.takeUnretainedValue())
        }
        if _slowPath(state.pointee.tracing) { traceBeginSlot(key) }
        switch try readClassTag(allowingUnknown: true) {
        case .null: return nil
        case .known(let registration): return JavaClassTag(registration)
        case .unknown(let name): return JavaClassTag(javaName: name, registration: nil)
        }
    }

    @usableFromInline
    package func readNextValueWithClass() throws -> Bool {
        if _slowPath(state.pointee.tracing) { traceBeginSlot(KryoTracer.nextValueSlot) }
        guard let registration = try readClassTag() else {
            if _slowPath(state.pointee.tracing) { state.pointee.tracer?.fieldAbsent(depth: state.pointee.open.count) }
            return false
        }
        state.pointee.nextValueClass = registration
        return true
    }

    @usableFromInline
    package func readVarIntFlag(forKey key: String) throws -> (flag: Bool, value: Int32) {
        if _slowPath(state.pointee.tracing) {
            return try traced(Self.role(ofCount: key, else: .int), key) {
                let (flag, value) = try $0.readVarIntFlag()
                return (flag, Int32(truncatingIfNeeded: value))
            } describe: {
                "\($0.value) (flag \($0.flag ? 1 : 0))"
            }
        }
        let (flag, value) = try withInput { try $0.readVarIntFlag() }
        return (flag, Int32(truncatingIfNeeded: value))
    }

    @usableFromInline
    package func withoutReferences<T>(_ body: () throws -> T) throws -> T {
        let references = state.pointee.options.references
        state.pointee.forms.setReferences(false)
        defer { state.pointee.forms.setReferences(references) }
        return try body()
    }

    private enum ClassTag {
        case null
        case known(Registration)
        /// A class name the registry does not know (only when unknown names are allowed).
        case unknown(String)
    }

    /// Reads a class tag that must name a class the registry knows; `nil` for the null tag.
    /// A registered id (the common case) is looked up here, without the enum of
    /// ``readClassTag(allowingUnknown:)``.
    /// The registration is unretained: the registry keeps registrations by id alive, and this
    /// call's class-name table those by name.
    @inline(__always)
    private func readClassTag() throws -> Unmanaged<Registration>? {
        guard _slowPath(state.pointee.tracing) else { return try readClassTagBody() }
        let start = input.offset
        let registration: Unmanaged<Registration>?
        do {
            registration = try readClassTagBody()
        } catch let failure as SerializationError {
            traceUnknownClass(from: start, failure)
            throw failure
        }
        traceClassTag(from: start, registration?.takeUnretainedValue(), unknownName: nil)
        return registration
    }

    @inline(__always)
    private func readClassTagBody() throws -> Unmanaged<Registration>? {
        let tagOffset = withInput { $0.offset }
        let tag = try withInput { try $0.readVarInt32(optimizePositive: true) }
        // Java's `classID - 2` in `int`s: ids 2^31 - 2 and 2^31 - 1 are written as the tags
        // -2^31 and -2^31 + 1 (`id + 2` wraps), and read back so.
        if tag >= 2 || tag < 0 {
            let id = Int(tag &- 2)
            if let known = state.pointee.classesByID.registration(id) { return known }
            guard let registration = registry.registration(forID: id) else { throw unknownClassID(tag, at: tagOffset) }
            state.pointee.classesByID.store(registration, id)
            return Unmanaged.passUnretained(registration)
        }
        if tag == 0 { return nil }
        guard tag == 1, case .known(let registration) = try readClassName(allowingUnknown: false, tagOffset: tagOffset)
        else { throw unknownClassID(tag, at: tagOffset) }
        return Unmanaged.passUnretained(registration)
    }

    /// Reads a class tag; a name the registry does not know is an error unless `allowingUnknown`.
    private func readClassTag(allowingUnknown: Bool) throws -> ClassTag {
        guard _slowPath(state.pointee.tracing) else { return try readClassTagBody(allowingUnknown: allowingUnknown) }
        let start = input.offset
        let tag: ClassTag
        do {
            tag = try readClassTagBody(allowingUnknown: allowingUnknown)
        } catch let failure as SerializationError {
            traceUnknownClass(from: start, failure)
            throw failure
        }
        switch tag {
        case .null: traceClassTag(from: start, nil, unknownName: nil)
        case .known(let registration): traceClassTag(from: start, registration, unknownName: nil)
        case .unknown(let name): traceClassTag(from: start, nil, unknownName: name)
        }
        return tag
    }

    private func readClassTagBody(allowingUnknown: Bool) throws -> ClassTag {
        let tagOffset = withInput { $0.offset }
        let tag = try withInput { try $0.readVarInt32(optimizePositive: true) }
        switch tag {
        case 0:
            return .null
        case 1:
            return try readClassName(allowingUnknown: allowingUnknown, tagOffset: tagOffset)
        default:
            guard let registration = registry.registration(forID: Int(tag &- 2)) else {
                throw unknownClassID(tag, at: tagOffset)
            }
            return .known(registration)
        }
    }

    private func unknownClassID(_ tag: Int32, at tagOffset: Int) -> SerializationError {
        SerializationError(
            .unknownClassID, expected: "a registered class id", found: "id \(Int(tag &- 2))", offset: tagOffset,
            path: currentPath)
    }

    /// The class name (or name id) after the tag `1`.
    private func readClassName(allowingUnknown: Bool, tagOffset: Int) throws -> ClassTag {
        let nameID = Int(try withInput { try $0.readVarInt32(optimizePositive: true) })
        if let known = state.pointee.classNames[nameID] { return .known(known) }
        let name: String
        if let unknown = state.pointee.unknownClassNames[nameID] {
            name = unknown
        } else {
            // Java numbers the names of a value from 0, each new one the next (Kryo's reset
            // forgets them between top-level values unless `setAutoReset(false)` keeps them).
            let next = state.pointee.classNames.count + state.pointee.unknownClassNames.count
            guard nameID == next else {
                throw SerializationError(
                    .unknownClassName,
                    expected: "class name id \(next), a new name, or one of the \(next) named before it",
                    found: "name id \(nameID) " + Self.classNameCauses,
                    offset: tagOffset, path: currentPath)
            }
            guard let read = try withInput({ try $0.readString() }) else {
                throw error(.invalidValue, expected: "a class name", found: "nil")
            }
            guard Self.isClassName(read) else {
                throw SerializationError(
                    .unknownClassName, expected: "a Java class name after new name id \(nameID)",
                    found: "\"\(read)\", which is no class name " + Self.classNameCauses,
                    offset: tagOffset, path: currentPath)
            }
            name = read
        }
        guard let registration = registry.registration(forJavaName: name) else {
            guard allowingUnknown else {
                throw SerializationError(
                    .unknownClassName, expected: "a class the registry knows", found: "\"\(name)\"",
                    offset: tagOffset, path: currentPath)
            }
            if state.pointee.options.registrationRequired {
                throw SerializationError(
                    .unregisteredType, expected: "a registered class (registration is required)",
                    found: "class name \"\(name)\"", offset: tagOffset, path: currentPath)
            }
            state.pointee.unknownClassNames[nameID] = name
            return .unknown(name)
        }
        if state.pointee.options.registrationRequired, registration.id == nil {
            throw SerializationError(
                .unregisteredType, expected: "a registered class (registration is required)",
                found: "class name \"\(name)\"", offset: tagOffset, path: currentPath)
        }
        state.pointee.classNames[nameID] = registration
        return .known(registration)
    }

    /// What makes a value's first class tag no class: the value has none, or names its class by
    /// an earlier value's name id.
    private static let classNameCauses =
        "(a value written with writeObject has no class tag; a stream written with Kryo's "
        + "setAutoReset(false) names each class once, then gives its id in the values after)"

    /// Whether `name` can be what Java's `Class.getName()` gives: identifier characters with the
    /// dots, brackets and semicolons of packages and arrays (and a hidden class's slash).
    private static func isClassName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                JavaIdentifier.isPart(scalar) || scalar == "." || scalar == "[" || scalar == ";" || scalar == "/"
            }
    }

    private func registration(for type: any Any.Type) throws -> Registration {
        guard let registration = registry.registration(for: type) else {
            throw error(.unsupported, expected: "a registration or default serializer for \(type)", found: "none")
        }
        return registration
    }
}

/// The objects a reader is inside, outermost first: each one's key and the reference slot its
/// value goes to (`-1`: untracked). In memory of its own, grown by doubling, so that entering and
/// leaving an object costs a store and a count, without an array's uniqueness checks. Its owner
/// calls ``free()``.
private struct OpenObjects {
    private var base: UnsafeMutablePointer<(key: String, reference: Int)>
    private var capacity: Int
    /// The number of objects open: the depth.
    private(set) var count = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    mutating func push(_ key: String, reference: Int) {
        if count == capacity { grow() }
        (base + count).initialize(to: (key, reference))
        count += 1
    }

    /// Leaves the innermost object; returns its reference slot (`nil` when none is open).
    mutating func pop() -> Int? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move().reference
    }

    /// The reference slot of the innermost object.
    var lastReference: Int? { count > 0 ? base[count - 1].reference : nil }

    /// Marks the innermost object's reference slot as filled.
    mutating func clearLastReference() {
        if count > 0 { base[count - 1].reference = -1 }
    }

    /// The keys, outermost first.
    var keys: [String] { (0..<count).map { base[$0].key } }

    /// Leaves the innermost objects until `depth` are open.
    mutating func leave(downTo depth: Int) {
        guard count > depth, depth >= 0 else { return }
        (base + depth).deinitialize(count: count - depth)
        count = depth
    }

    /// Leaves every object; gives back the memory of a stack that grew past 1 024 objects.
    mutating func removeAll() {
        if count > 0 {
            base.deinitialize(count: count)
            count = 0
        }
        guard capacity > 1024 else { return }
        base.deallocate()
        base = .allocate(capacity: 16)
        capacity = 16
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<(key: String, reference: Int)>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
