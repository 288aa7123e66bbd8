import FoundationEssentials
import OrderedCollections

/// An object of a class this program does not know, read from a keyed archive or a readable
/// document: its class, every field it had in order, and their values, so that it can be written
/// to either format again with nothing lost.
///
/// Every backend that names classes reads an unregistered class into this one type and writes it
/// back from it: an object read from a keyed archive can become a readable document, a property
/// list or a keyed archive again, with the same class chain (`$classes`, `$classhints`), the same
/// keys in the same order, and the same sharing. Nested values are decoded as usual (a registered
/// class inside an unknown one comes out as its Swift type); shared and cyclic references to
/// unknown objects keep their identity. A Kryo stream cannot hold one: without field types it
/// cannot be written as a Java bean, and the Kryo writer says so, naming the class.
///
/// ```swift
/// let font = try registry.decode(Any?.self, from: bytes, as: .keyedArchive(.binary)) as? UnknownObject
/// font?.archiveClass.name          // "NSFont"
/// font?.field("NSName") as? String // "SFMono-Regular"
/// ```
public final class UnknownObject {
    /// The object's class: its name, superclasses and hints, as `$classes` and `$classhints`
    /// had them in a keyed archive, or `$class` (with `$classes` and `$classhints` when given)
    /// in a readable document.
    public var archiveClass: ArchiveClass
    /// The fields, by key as stored (escaped: a key of the object's own that starts with `$` has
    /// one more `$` in front; `$0`, `$1`… are a coder's generic keys), in the order they were
    /// read; `nil` for a null.
    ///
    /// Values are what the formats decode them to without a declared type: `Int`, `UInt64`,
    /// `Double`, `Bool`, `String`, `Data`, `Date`, `[Any?]`, dictionaries, Foundation values and
    /// other objects.
    public var fields: OrderedDictionary<String, Any?>
    /// The stored keys whose values a keyed archive keeps in the object's own dictionary
    /// (written with `encodeInt:forKey:`, `encodeBytes:length:forKey:`…) rather than as
    /// references to entries of `$objects` (written with `encodeObject:forKey:`).
    ///
    /// By default (``defaultInlineKeys(of:)``), numbers, booleans and data are inline and
    /// everything else is a reference. Every element of an inline list or dictionary is a
    /// reference, as Apple's archivers store `NS.objects`, unless its key is one of
    /// ``inlineElementKeys``. A readable document keeps this under `$inline` when it differs from
    /// the default.
    public var inlineKeys: Set<String>
    /// The keys of ``inlineKeys`` holding a list or dictionary whose numbers, booleans and data
    /// are stored in the list itself (a plist array of numbers) rather than as references to
    /// entries of `$objects`. Apple's archivers write no such list; an archive written by another
    /// tool may. A readable document keeps this under `$inlineElements`.
    public var inlineElementKeys: Set<String>

    /// Creates an object.
    ///
    /// - Parameters:
    ///   - archiveClass: The class.
    ///   - fields: The fields by stored key, in order.
    ///   - inlineKeys: The keys a keyed archive stores inline; by default those holding numbers,
    ///     booleans and data.
    ///   - inlineElementKeys: The inline lists and dictionaries whose numbers, booleans and data
    ///     are stored in line too; by default none.
    public init(
        archiveClass: ArchiveClass, fields: OrderedDictionary<String, Any?> = [:], inlineKeys: Set<String>? = nil,
        inlineElementKeys: Set<String> = []
    ) {
        self.archiveClass = archiveClass
        self.fields = fields
        self.inlineKeys = inlineKeys ?? UnknownObject.defaultInlineKeys(of: fields)
        self.inlineElementKeys = inlineElementKeys
    }

    /// Creates an object of class `className` (a subclass of `NSObject`).
    public convenience init(className: String, fields: OrderedDictionary<String, Any?> = [:]) {
        self.init(archiveClass: ArchiveClass(className), fields: fields)
    }

    /// The class name.
    public var className: String { archiveClass.name }

    /// The value of the field `key` (unescaped, as a coder names it); `nil` when it is missing or
    /// null.
    public func field(_ key: String) -> Any? {
        fields[DollarKeys.escape(key)] ?? nil
    }

    /// Sets the field `key` (unescaped), keeping its place when it exists; a new field goes last
    /// and is stored inline when its value is a number, a boolean or data.
    public func setField(_ key: String, to value: Any?) {
        let stored = DollarKeys.escape(key)
        if fields[stored] == nil, UnknownObject.isInlineByDefault(value) { inlineKeys.insert(stored) }
        fields[stored] = .some(value)
    }

    /// The keys of `fields` whose values are numbers, booleans or data: what a keyed archive
    /// stores inline unless told otherwise.
    public static func defaultInlineKeys(of fields: OrderedDictionary<String, Any?>) -> Set<String> {
        Set(fields.lazy.filter { isInlineByDefault($0.value) }.map(\.key))
    }

    /// Whether a keyed archive stores `value` inline by default: a number, a boolean or data.
    public static func isInlineByDefault(_ value: Any?) -> Bool {
        guard let value = ValueConversion.flatten(value) else { return false }
        return inlineTypes.contains(ObjectIdentifier(type(of: value)))
    }

    /// The exact types stored inline by default (an `NSMutableData` is an object of its own).
    private static let inlineTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self),
        ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
        ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
        ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(Float.self),
        ObjectIdentifier(Double.self), ObjectIdentifier(Data.self),
    ]
}

/// Unknown objects are told apart by identity, as the objects of an archive or a document are,
/// so that they can be elements of a set (an `NSSet` of objects of an unknown class).
extension UnknownObject: Hashable {
    public static func == (lhs: UnknownObject, rhs: UnknownObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The unknown objects one decode call made. Their fields may refer back to them (an archive's
/// object graph may have cycles, and an unknown object is registered before its fields are
/// read), and ARC never frees a cycle: when the call fails, the half-read graph is nobody's, so
/// ``dismantle()`` empties their fields and the cycles go with them.
package final class MadeUnknownObjects {
    private var objects: [UnknownObject] = []

    package init() {}

    package func add(_ object: UnknownObject) { objects.append(object) }

    /// Empties the fields of every object made: call it only when no value of the call is
    /// returned.
    package func dismantle() {
        for object in objects { object.fields.removeAll() }
        objects.removeAll()
    }

    /// Runs `body`, the decoding, and dismantles what it made when it throws.
    package func dismantlingOnFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            dismantle()
            throw error
        }
    }
}
