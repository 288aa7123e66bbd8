import FoundationEssentials
import KryoCore
import KryoPlist

/// Builds the object table of one keyed archive: the ``ValueWriter`` that serializers write
/// through when the format is a keyed archive.
///
/// Each object is a dictionary of coder keys. Scalars (`writeInt32`, `writeDouble`…) and bytes
/// are stored in the object's dictionary; strings and nested objects are entries of `$objects`,
/// stored by reference (a UID), as `NSKeyedArchiver` stores them. A key that starts with `$` is
/// escaped with one more `$`; an empty key, or a key written a second time in the same object,
/// takes the next generic key (`$0`, `$1`…), as Apple's unkeyed calls do.
final class KeyedArchiveWriter: ValueWriter {
    let registry: Registry
    let slotBindings: SlotBindings
    let options: SerializationOptions
    var genericArguments: [DeclaredType] { [] }
    var formatFamily: FormatFamily { .keyedArchive }
    /// On unless the call turns it off: sorting costs little next to building the document.
    let writesStableOrder: Bool

    /// The object table; entry 0 is `$null`.
    let table: any ArchiveObjectTable
    /// The objects being written, outermost first.
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The keys and values written so far of every object being written, one object after the
    /// other (an object's start at ``Frame/start``): an object's parent writes nothing while
    /// the object is open, so that its entries are always the last.
    @exclusivity(unchecked) private var entryKeys: [String] = []
    /// ``SmallString/isAvailable``, read once per archive rather than once per key.
    private let comparesSmallStrings = SmallString.isAvailable
    @exclusivity(unchecked) private var entryValues: [PropertyListValue] = []
    /// Class instances written so far, by identity, with their UIDs.
    @exclusivity(unchecked) private var instances = IdentityTable()
    /// UIDs reserved by conditional references to objects not written yet, by identity.
    @exclusivity(unchecked) private var conditional: [ObjectIdentifier: Int] = [:]
    /// The `NSString` objects of the ``SharedString``s written, by instance.
    @exclusivity(unchecked) private var sharedStrings: [ObjectIdentifier: Int] = [:]
    /// The entries of the ``SharedValue``s written, by instance.
    @exclusivity(unchecked) private var sharedValues: [ObjectIdentifier: Int] = [:]
    /// The entries of the numbers and booleans added by ``inline(_:)``, by kind and bits.
    @exclusivity(unchecked) private var inlineScalars: [InlineScalar: Int] = [:]
    /// The boxes handed out by ``uniqued(forKey:_:)``, by key.
    @exclusivity(unchecked) private var uniquedValues: [AnyHashable: SharedValue] = [:]
    /// Class description dictionaries already in the table.
    @exclusivity(unchecked) private var classes: [ArchiveClass: Int] = [:]
    /// The first few of ``classes``, searched in order before hashing (an archive has few
    /// classes, and hashing one costs more than comparing several).
    @exclusivity(unchecked) private var firstClasses: [(archiveClass: ArchiveClass, uid: Int)] = []
    /// The `NSNull` object that stands for the nil elements of arrays and dictionaries.
    @exclusivity(unchecked) private var nullObject: Int?
    /// The mutable Foundation class (`NSMutableArray`…) of the ``SharedValue`` being written,
    /// which the object its value makes takes instead of the immutable class (``archiveObject``).
    @exclusivity(unchecked) private var mutableClassPending: (archiveClass: ArchiveClass, box: SharedValue)?
    /// The ``SharedValue`` being written (with references on): the object its value makes has the
    /// box's identity, so that a reference to the box from inside it (a Java list or `Object[]`
    /// that holds itself) finds it.
    @exclusivity(unchecked) private var boxIdentityPending: SharedValue?
    /// The Foundation collections being written: one found inside itself is a cycle.
    @exclusivity(unchecked) private var containers = OpenContainers()

    /// An object being written: its UID, its class and where its keys and values start in
    /// ``entryKeys`` and ``entryValues``.
    private struct Frame {
        let uid: Int
        var archiveClass: ArchiveClass
        let start: Int
        var nextGenericKey = 0
    }

    /// See ``KeyedArchiveCodec/keepsJavaClasses``.
    let keepsJavaClasses: Bool

    /// A writer whose objects go to `table` (``PropertyListObjectTable`` unless given).
    init(
        registry: Registry, options: SerializationOptions, keepsJavaClasses: Bool = false,
        table: any ArchiveObjectTable = PropertyListObjectTable()
    ) {
        self.keepsJavaClasses = keepsJavaClasses
        self.table = table
        _ = table.append(.string(KeyedArchive.nullMarker))
        self.registry = registry
        slotBindings = registry.slotBindings
        self.options = options
        writesStableOrder = options.stableOrder ?? true
        frames.reserveCapacity(16)
        entryKeys.reserveCapacity(64)
        entryValues.reserveCapacity(64)
    }

    // MARK: The object table

    /// Writes an element of an `NSArray` or a value of an `NSDictionary`, which cannot be nil:
    /// nil is the `NSNull` object, as Foundation's collections hold it.
    func archiveElement(_ value: Any?, declared: DeclaredType? = nil) throws -> Int {
        guard ValueConversion.flatten(value) == nil else { return try archive(value, declared: declared) }
        if let nullObject { return nullObject }
        let uid = try archiveObject(.nsNull) { _ in }
        nullObject = uid
        return uid
    }

    /// Writes `value` as an entry of the table (or finds it there) and returns its UID: 0 for nil.
    ///
    /// - Parameter declared: The declared type of the slot, when known: a value whose Foundation
    ///   form would read back there as another Java class is archived with its class
    ///   (``archivePlain(_:declared:)``).
    func archive(_ value: Any?, declared: DeclaredType? = nil) throws -> Int {
        guard let value = ValueConversion.flatten(value) else { return 0 }
        if Swift.type(of: value) == SharedValue.self, let shared = value as? SharedValue {
            // One value in several places: one entry that every place refers to.
            if let uid = sharedValues[ObjectIdentifier(shared)] { return uid }
            // The mutable class the value was read as, for the object its value makes.
            if let name = shared.foundationClass, let mutable = ArchiveClass.mutableFoundationClass(named: name) {
                // The object its value makes has the box's identity, so that a reference to the
                // box from inside it (a mutable array holding itself) finds it.
                mutableClassPending = (mutable, shared)
            } else if options.references {
                boxIdentityPending = shared
            }
            defer {
                mutableClassPending = nil
                boxIdentityPending = nil
            }
            let uid = try archive(shared.value, declared: declared)
            sharedValues[ObjectIdentifier(shared)] = uid
            return uid
        }
        if let uid = try archivePlain(value, declared: declared) { return uid }
        guard let registration = registry.registration(forValue: value) else {
            throw SerializationError(
                options.registrationRequired ? .unregisteredType : .unsupported,
                expected: "a registered type or a Foundation value", found: "a value of type \(type(of: value))",
                path: path)
        }
        try requireRegistration(registration)
        return try archiveObject(registration.archiveClass, identity: identity(of: value, registration)) { writer in
            try registration.serializer.write(value, to: writer)
        }
    }

    /// In registration-required mode, refuses a type that was not registered by name.
    private func requireRegistration(_ registration: Registration) throws {
        guard options.registrationRequired, !registry.isArchivedByName(registration) else { return }
        throw SerializationError(
            .unregisteredType, expected: "a registration for \(registration.swiftType) (registration is required)",
            found: "none", path: path)
    }

    /// The instance to track `value` by, when references are on and the type has identity.
    func identity(of value: Any, _ registration: Registration) -> AnyObject? {
        if registration.identity == .instance { return ObjectIdentity.instance(value) }
        guard registration.hasArchivedIdentity else { return nil }
        return (value as? any ArchivedObjectValue)?.archivedObjectIdentity
    }

    /// Where an object goes in the table.
    private enum Reservation {
        /// Written before (or reserved by a conditional reference and written now): this UID.
        case existing(Int)
        /// To be written, under this UID.
        case new(Int)
    }

    /// The UID of an object: the one it was given before, else a new slot holding `$null` until
    /// the object is finished (or the slot a conditional reference reserved for it).
    private func reserve(_ identity: AnyObject?) -> Reservation {
        guard let identity, options.references else { return .new(inline(.string(KeyedArchive.nullMarker))) }
        // Conditional references are rare: an empty table is not hashed into.
        let reserved = conditional.isEmpty ? nil : conditional.removeValue(forKey: ObjectIdentifier(identity))
        if let found = instances.number(of: identity, elseInsert: reserved ?? table.count) { return .existing(found) }
        return .new(reserved ?? inline(.string(KeyedArchive.nullMarker)))
    }

    private func enter(_ uid: Int, _ archiveClass: ArchiveClass) throws {
        guard frames.count < options.limits.maxDepth else {
            throw SerializationError.nestedTooDeep(
                limit: options.limits.maxDepth, of: "objects", at: archiveClass.name, untracked: !options.references,
                path: path)
        }
        frames.append(Frame(uid: uid, archiveClass: archiveClass, start: entryKeys.count))
    }

    /// Runs `body`, which writes the Foundation collection `container` (of class `name`), inside
    /// it: a collection reached again while it is being written contains itself, an error (a
    /// Foundation collection reads back as a Swift value, which cannot).
    func inside<T>(_ container: AnyObject, named name: String, _ body: () throws -> T) throws -> T {
        try containers.enter(container, named: name, at: path)
        defer { containers.leave(container) }
        return try body()
    }

    /// Leaves the object entered last and stores it, with its class, under its UID.
    private func leave() throws {
        guard let frame = frames.last else { return }
        set(.uid(UInt64(classUID(frame.archiveClass))), forStoredKey: "$class")
        frames.removeLast()
        try table.setObject(frame.uid, keys: entryKeys[frame.start...], values: entryValues[frame.start...])
        entryKeys.removeSubrange(frame.start...)
        entryValues.removeSubrange(frame.start...)
    }

    /// Writes an object of `archiveClass` whose coder keys `entries` writes; an object with
    /// `identity` that was written before is not written again.
    func archiveObject(
        _ archiveClass: ArchiveClass, identity: AnyObject? = nil, entries: (KeyedArchiveWriter) throws -> Void
    ) throws -> Int {
        var archiveClass = archiveClass
        var identity = identity
        if let box = boxIdentityPending {
            // The first object the box's value makes is that value (an object is reserved
            // before anything inside it is written).
            boxIdentityPending = nil
            identity = identity ?? box
        }
        if let (mutable, box) = mutableClassPending {
            mutableClassPending = nil
            if mutable.superclasses.first == archiveClass.name {
                archiveClass = mutable
                identity = identity ?? box
            }
        }
        switch reserve(identity) {
        case .existing(let uid):
            return uid
        case .new(let uid):
            try enter(uid, archiveClass)
            try entries(self)
            try leave()
            return uid
        }
    }

    /// Adds a value stored inline in `$objects` (a string, number or data) and returns its UID.
    /// Equal numbers and booleans share one entry, as Apple's archives share an `NSNumber`
    /// instance (every small one is the same tagged pointer); reading gives each place its value.
    func inline(_ value: PropertyListValue) -> Int {
        let key: InlineScalar
        switch value {
        case .integer(let number): key = InlineScalar(kind: 0, bits: UInt64(bitPattern: number))
        case .unsignedInteger(let number): key = InlineScalar(kind: 1, bits: number)
        case .real(let number): key = InlineScalar(kind: 2, bits: number.bitPattern)
        case .bool(let flag): key = InlineScalar(kind: 3, bits: flag ? 1 : 0)
        case .float(let number): key = InlineScalar(kind: 4, bits: UInt64(number.bitPattern))
        default: return table.append(value)
        }
        if let uid = inlineScalars[key] { return uid }
        let uid = table.append(value)
        inlineScalars[key] = uid
        return uid
    }

    /// The UID of an immutable string; strings of the same bytes share one entry (strings that
    /// Swift's `==` finds equal with other bytes, `"\u{E9}"` and `"e\u{301}"`, do not: each
    /// reads back as written).
    func inlineString(_ string: String) -> Int {
        if string == KeyedArchive.nullMarker {
            // The literal "$null" would read back as nil: store it as an NSString object.
            return inline(.dictionary(["NS.string": .string(string), "$class": .uid(UInt64(classUID(.nsString)))]))
        }
        return table.appendString(string)
    }

    /// A string instance that the graph holds in several places: an `NSString` object of its own
    /// (`NS.string`), which every place holding the instance refers to. Equal plain strings share
    /// one inline entry instead, so that a reader tells the shared instance apart.
    func sharedStringObject(_ shared: SharedString) -> Int {
        if let uid = sharedStrings[ObjectIdentifier(shared)] { return uid }
        let uid = inline(
            .dictionary(["NS.string": .string(shared.value), "$class": .uid(UInt64(classUID(.nsString)))]))
        sharedStrings[ObjectIdentifier(shared)] = uid
        return uid
    }

    private func classUID(_ archiveClass: ArchiveClass) -> Int {
        let found: Int? = firstClasses.withUnsafeBufferPointer { known in
            // A registration hands out the same strings and lists each time: a class met again is
            // found by its bits, without copying (and retaining) the descriptions it is compared with.
            if let index = known.firstIndex(where: { KeyedArchiveWriter.sameBits($0.archiveClass, archiveClass) }) {
                return known[index].uid
            }
            return known.firstIndex { $0.archiveClass == archiveClass }.map { known[$0].uid }
        }
        if let found { return found }
        if firstClasses.count == KeyedArchiveWriter.firstClassCount, let uid = classes[archiveClass] { return uid }
        let uid = table.appendClass(archiveClass)
        if firstClasses.count < KeyedArchiveWriter.firstClassCount {
            firstClasses.append((archiveClass, uid))
        } else {
            classes[archiveClass] = uid
        }
        return uid
    }

    func setArchiveClass(_ archiveClass: ArchiveClass) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].archiveClass = archiveClass
    }

    func uniqued(forKey key: AnyHashable, _ make: () throws -> SharedValue) rethrows -> SharedValue {
        if let box = uniquedValues[key] { return box }
        let box = try make()
        uniquedValues[key] = box
        return box
    }

    /// Whether `first` and `second` hold the same strings and lists, bit for bit (then they are
    /// equal; equal descriptions made apart differ in their bits).
    @inline(__always)
    private static func sameBits(_ first: borrowing ArchiveClass, _ second: borrowing ArchiveClass) -> Bool {
        withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { WordwiseBytes.equal(first, $0) } }
    }

    /// How many classes ``firstClasses`` holds.
    private static let firstClassCount = 8

    // MARK: Keys

    /// The key path of the value being written, for errors.
    @exclusivity(unchecked) private(set) var path: [String] = []

    /// Runs `body` with `component` added to the key path errors report.
    func at<T>(_ component: String, _ body: () throws -> T) rethrows -> T {
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    /// Stores `value` under `key` in the object being written.
    func store(_ value: PropertyListValue, forKey key: String) throws {
        guard !frames.isEmpty else {
            throw SerializationError(
                .unsupported, expected: "a value inside an object", found: "a keyed value at the top of the archive")
        }
        let archived = KeyedArchiveKeys.escape(key)
        guard archived.isEmpty || storedIndex(of: archived) != nil else {
            // A new key, the usual case: looked for once.
            entryKeys.append(archived)
            entryValues.append(value)
            return
        }
        let generic = "$\(frames[frames.count - 1].nextGenericKey)"
        frames[frames.count - 1].nextGenericKey += 1
        set(value, forStoredKey: generic)
    }

    /// Stores `value` under a key exactly as given (already escaped: a key read from an archive).
    func storeRaw(_ value: PropertyListValue, forKey key: String) {
        guard !frames.isEmpty else { return }
        set(value, forStoredKey: key)
    }

    /// Where the object being written has `key` in ``entryKeys``, if it has it.
    private func storedIndex(of key: String) -> Int? {
        guard let start = frames.last?.start else { return nil }
        // Coder keys are mostly short ASCII strings, equal exactly when their bits are; `==` on
        // two such strings that differ calls into the runtime.
        guard comparesSmallStrings, let bits = SmallString.asciiBits(ofCheckedLayout: key) else {
            return entryKeys[start...].firstIndex(of: key)
        }
        for index in start..<entryKeys.count {
            if let other = SmallString.asciiBits(ofCheckedLayout: entryKeys[index]) {
                if other.matches(bits) { return index }
            } else if entryKeys[index] == key {
                return index
            }
        }
        return nil
    }

    /// Stores `value` under the stored key `key` in the object being written, replacing the
    /// value the key had.
    private func set(_ value: PropertyListValue, forStoredKey key: String) {
        if let index = storedIndex(of: key) {
            entryValues[index] = value
        } else {
            entryKeys.append(key)
            entryValues.append(value)
        }
    }

    /// Writes an object and stores its UID under `key`.
    ///
    /// - Parameter declared: The declared type of the slot, when known (see ``archive(_:declared:)``).
    func storeObject(_ value: Any?, forKey key: String, declared: DeclaredType? = nil) throws {
        let uid = try at(key) { try archive(value, declared: declared) }
        try store(.uid(UInt64(uid)), forKey: key)
    }

    // MARK: ValueWriter: scalars

    func writeBool(_ value: Bool, forKey key: String) throws { try store(.bool(value), forKey: key) }
    func writeInt8(_ value: Int8, forKey key: String) throws { try store(.integer(Int64(value)), forKey: key) }
    func writeInt16(_ value: Int16, forKey key: String) throws { try store(.integer(Int64(value)), forKey: key) }
    func writeChar(_ value: UInt16, forKey key: String) throws { try store(.integer(Int64(value)), forKey: key) }
    func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws {
        try store(.integer(Int64(value)), forKey: key)
    }
    func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws {
        try store(.integer(value), forKey: key)
    }
    func writeFloat(_ value: Float, forKey key: String) throws { try store(.float(value), forKey: key) }
    func writeDouble(_ value: Double, forKey key: String) throws { try store(.real(value), forKey: key) }

    func writeString(_ value: String?, forKey key: String) throws {
        try store(.uid(UInt64(value.map(inlineString) ?? 0)), forKey: key)
    }

    func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws {
        try store(.data([UInt8](bytes)), forKey: key)
    }

    func writePrimitiveArray<P: JavaPrimitive>(_ values: [P], forKey key: String) throws {
        try store(.array(values.map { KeyedArchiveWriter.propertyListNumber($0) }), forKey: key)
    }

    func writeStringObject(_ value: String?, canBeNull: Bool, forKey key: String) throws {
        try writeString(value, forKey: key)
    }

    // MARK: ValueWriter: objects

    func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws {
        try storeObject(value, forKey: key, declared: declared)
    }

    func writeObject(_ value: Any?, in slot: ResolvedSlot, forKey key: String) throws {
        try storeObject(value, forKey: key, declared: slot.declared)
    }

    func beginObject(
        _ registration: Registration, value: @autoclosure () -> Any, identity: @autoclosure () -> ObjectIdentity,
        in slot: ResolvedSlot, forKey key: String
    ) throws -> Bool {
        let value = value()
        if let uid = try at(key, { try archivePlain(value, declared: slot.declared) }) {
            try store(.uid(UInt64(uid)), forKey: key)
            return false
        }
        try at(key) { try requireRegistration(registration) }
        switch reserve(self.identity(of: value, registration)) {
        case .existing(let uid):
            try store(.uid(UInt64(uid)), forKey: key)
            return false
        case .new(let uid):
            // Stored in the parent before the object is entered.
            try store(.uid(UInt64(uid)), forKey: key)
            try enter(uid, registration.archiveClass)
            path.append(key)
            return true
        }
    }

    func beginNilObject(in slot: ResolvedSlot, forKey key: String) throws -> Bool {
        try store(.uid(0), forKey: key)
        return false
    }

    func endObject() throws {
        path.removeLast()
        try leave()
    }

    /// Writes a reference to `value` that stays a reference to `$null` unless the object is also
    /// written unconditionally somewhere in the archive (`encodeConditionalObject`).
    func writeConditionalObject(_ value: AnyObject?, forKey key: String) throws {
        guard let value else { return try store(.uid(0), forKey: key) }
        if let uid = instances.number(of: value) { return try store(.uid(UInt64(uid)), forKey: key) }
        if let reserved = conditional[ObjectIdentifier(value)] {
            return try store(.uid(UInt64(reserved)), forKey: key)
        }
        let uid = inline(.string(KeyedArchive.nullMarker))
        conditional[ObjectIdentifier(value)] = uid
        conditionalObjects.append(value)
        try store(.uid(UInt64(uid)), forKey: key)
    }

    /// Objects referred to conditionally, kept alive so that their identity is not reused.
    @exclusivity(unchecked) private var conditionalObjects: [AnyObject] = []

    // MARK: Numbers

    static func propertyListNumber<P: JavaPrimitive>(_ value: P) -> PropertyListValue {
        switch StoredPrimitive(value) {
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        }
    }
}

/// How coder keys are stored in an archive's dictionaries.
enum KeyedArchiveKeys {
    /// `key` as stored: one more `$` in front of a key that starts with `$`, so that it cannot
    /// collide with `$class` or the generic keys.
    static func escape(_ key: String) -> String { DollarKeys.escape(key) }

    /// The key a stored key was escaped from; `nil` for the archive's own keys (`$class`, `$0`…).
    static func unescape(_ stored: String) -> String? { DollarKeys.unescape(stored) }

    /// The key of a value archived with its Java class (`{$class: java.lang.Integer, $value: 5}`):
    /// one of the archive's own keys, which no escaped coder key can be.
    static let classedValue = "$value"
    /// The comparator of a sorted collection archived with its class (a `TreeMap` in reverse
    /// order), beside ``classedValue``.
    static let comparator = "comparator"
}

/// A number or boolean stored inline in `$objects`: its kind and its bits (a real's bit pattern,
/// so that `0.0` and `-0.0` stay apart).
struct InlineScalar: Hashable {
    var kind: UInt8
    var bits: UInt64
}
