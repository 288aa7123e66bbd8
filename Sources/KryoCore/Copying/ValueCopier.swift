import Foundation

/// The state of one copy call (``Registry/copy(_:options:)``): the copies made so far by original
/// object, the depth, and whether the copy is shallow. What a serializer's
/// ``Serializer/copy(_:with:)`` copies nested values through, as a reader reads them.
///
/// Class instances whose registration tracks identity are copied once each: a second occurrence
/// of an original gives the same copy, so that shared objects stay shared and cycles stay cycles.
/// Values of trivial types (`Int32`, payload-free enums) and strings are returned as they are.
///
/// ```swift
/// struct PointSerializer: Serializer {
///     …
///     func copy(_ value: Point, with copier: ValueCopier) throws -> Point {
///         Point(x: value.x, y: value.y, label: try copier.copy(value.label))
///     }
/// }
/// ```
public final class ValueCopier {
    /// The registry whose serializers copy the values.
    public let registry: Registry
    /// The options of this call: its ``Limits/maxDepth`` bounds the nesting, as in encoding.
    public let options: SerializationOptions
    /// Whether this call copies only the top value (``Registry/shallowCopy(_:options:)``):
    /// ``copy(_:)->T`` then returns nested values themselves.
    public let isShallow: Bool

    // The state below is not checked for exclusive access at run time (a check on every change
    // cost a tenth of a copy): no method passes it `inout` to code that could reach it again.

    /// The originals copied so far, numbered by their index in ``copies``; the table keeps them
    /// alive, so that no address is reused by another object during the call.
    @exclusivity(unchecked) private var originals = IdentityTable()
    /// The copies, by the number of their original.
    @exclusivity(unchecked) private var copies: [AnyObject] = []
    /// The original whose copy the serializer running now makes: what ``reference(_:)`` records.
    @exclusivity(unchecked) private var pending: AnyObject?
    /// The objects entered and not yet left.
    @exclusivity(unchecked) private var depth = 0
    private let maxDepth: Int

    /// Creates the state of one copy call.
    package init(registry: Registry, options: SerializationOptions, shallow: Bool) {
        self.registry = registry
        self.options = options
        self.maxDepth = options.limits.maxDepth
        isShallow = shallow
    }

    /// A copy of `value`: itself for trivial types and strings; for others, what the serializer
    /// of its registration copies (``Serializer/copy(_:with:)``), once per original class instance.
    ///
    /// - Throws: ``SerializationError`` when the type has no registration, when its serializer
    ///   does not copy, or when the nesting exceeds ``Limits/maxDepth``.
    public func copy<T>(_ value: T) throws -> T {
        try copyValue(value)
    }

    /// A copy of an optional value: `nil` stays `nil`, a value is copied as ``copy(_:)`` copies it.
    public func copy<T>(_ value: T?) throws -> T? {
        guard let value else { return nil }
        return try copyValue(value)
    }

    /// ``copy(_:)`` through a slot's binding in this call's registry (cached by the slot), so that
    /// a field or an element finds its serializer without a look-up.
    @usableFromInline
    package func copy<T>(_ value: T, in slot: ObjectSlot<T>) throws -> T {
        if _isPOD(T.self) || T.self == String.self { return value }
        if isShallow, depth > 0 { return value }
        let bound = slot.bound(in: registry)
        if let serializer = bound.serializer, let registration = bound.resolved.registration,
            registration.swiftType == T.self, type(of: value) == T.self
        {
            return try copy(value, registration, serializer)
        }
        return try copyValue(value)
    }

    private func copyValue<T>(_ value: T) throws -> T {
        if _isPOD(T.self) || T.self == String.self { return value }
        if isShallow, depth > 0 { return value }
        // An optional or `Any` is never a registration's type: the value's own decides.
        if T.self == Any.self || ValueConversion.isOptionalType(T.self) { return try copyErased(value) }
        if type(of: value) == T.self, let registration = registry.registration(for: T.self),
            let serializer = registration.serializer.typed(T.self)
        {
            return try copy(value, registration, serializer)
        }
        return try copyErased(value)
    }

    /// Records `copy` as the copy of the original being copied now. A serializer of a class
    /// calls it right after creating the new instance and before copying the fields, so that a
    /// field that leads back to the original gets the copy (a cycle). Serializers that do not
    /// call it have their result recorded when they return.
    public func reference(_ copy: AnyObject) {
        guard let original = pending else { return }
        pending = nil
        record(original, copy)
    }

    /// The copy of a class instance that no registration copies — a helper object a value holds,
    /// such as the ``ReadIdentity`` that values read from one archive object share — made once
    /// per original by `make`, so that the copies of values that shared it share its copy.
    public func copy<Object: AnyObject>(object original: Object, making make: () throws -> Object) throws -> Object {
        if let number = originals.number(of: original) { return try cast(copies[number]) }
        let made = try make()
        record(original, made)
        return made
    }

    /// `error`, thrown while copying the value under `key`, with `key` in front of its path.
    public func leaving(_ key: String, with error: any Error) -> any Error {
        guard var failure = error as? SerializationError else { return error }
        failure.path.insert(key, at: 0)
        return failure
    }

    /// The copy of a value whose type is exactly its registration's.
    private func copy<T>(_ value: T, _ registration: Registration, _ serializer: TypedSerializer<T>) throws -> T {
        guard registration.identity == .instance else {
            try enter(registration)
            defer { depth -= 1 }
            let outer = pending
            pending = nil
            defer { pending = outer }
            return try serializer.copy(value, with: self)
        }
        // T is the class of the value (its registration tracks instances of its class): a reference.
        let original = SchemaCopy.reference(to: value)
        if let number = originals.number(of: original) { return try cast(copies[number]) }
        try enter(registration)
        defer { depth -= 1 }
        let outer = pending
        pending = original
        defer { pending = outer }
        let made = try serializer.copy(value, with: self)
        record(original, SchemaCopy.reference(to: made))
        return made
    }

    /// The copy of a value reached through a type that is not its own (`Any`, an optional, a
    /// superclass, `AnyHashable`): by the registration of the value itself.
    private func copyErased<T>(_ value: T) throws -> T {
        // An `Any?` (an element of `[Any?]`) unwrapped as it is, not as an optional inside another.
        guard let plain = ValueConversion.flatten(ValueConversion.erase(value)) else { return value }
        let plainType = type(of: plain)
        if _isPOD(plainType) || plainType == String.self || plainType == SharedString.self { return value }
        if plainType == SharedValue.self, let shared = plain as? SharedValue {
            // One copy of the shared value, in one new box, wherever the original box is.
            let made = try copy(object: shared) {
                SharedValue(try copyErased(shared.value), foundationClass: shared.foundationClass)
            }
            guard let typed = made as? T else {
                throw SerializationError(.typeMismatch, expected: "a copy of type \(T.self)", found: "a SharedValue")
            }
            return typed
        }
        let made: Any
        guard let registration = registry.registration(forValue: plain) else {
            if let foundation = try copyFoundationObject(plain) {
                guard let typed = foundation as? T else {
                    throw SerializationError(
                        .typeMismatch, expected: "a copy of type \(T.self)",
                        found: ValueConversion.describeType(of: foundation))
                }
                return typed
            }
            if let top = plain as? ArchiveTopLevel {
                // A keyed archive's several `$top` values: each copied, sharing kept across them.
                var copied = top
                for (key, item) in top.values {
                    do {
                        copied.values[key] = .some(try copyErased(item))
                    } catch {
                        throw leaving(key, with: error)
                    }
                }
                guard let typed = copied as? T else {
                    throw SerializationError(
                        .typeMismatch, expected: "a copy of type \(T.self)", found: "ArchiveTopLevel")
                }
                return typed
            }
            guard let unknown = plain as? UnknownObject else {
                throw SerializationError(
                    .unregisteredType, expected: "a registered type to copy",
                    found: ValueConversion.describeType(of: plain))
            }
            let copied = try copyUnknown(unknown)
            guard let typed = copied as? T else {
                throw SerializationError(.typeMismatch, expected: "a copy of type \(T.self)", found: "UnknownObject")
            }
            return typed
        }
        if registration.identity == .instance {
            let original = ObjectIdentity.instance(ofBoxed: plain)
            if let number = originals.number(of: original) {
                made = copies[number]
            } else {
                try enter(registration)
                defer { depth -= 1 }
                let outer = pending
                pending = original
                defer { pending = outer }
                made = try registration.serializer.copy(plain, with: self)
                record(original, ObjectIdentity.instance(ofBoxed: made))
            }
        } else {
            try enter(registration)
            defer { depth -= 1 }
            let outer = pending
            pending = nil
            defer { pending = outer }
            made = try registration.serializer.copy(plain, with: self)
        }
        // Untyped slots (`[Any?]` elements, a dynamic object's fields) take the copy as it is.
        if T.self == Any?.self { return unsafeBitCast(Any?.some(made), to: T.self) }
        // `as Any`: not opened (passed as it is, the existential would be opened to its value).
        if T.self == Any.self { return unsafeBitCast(made as Any, to: T.self) }
        if let exact = ValueConversion.exactly(made, as: T.self) { return exact }
        if let typed = made as? T { return typed }
        if let converted = ValueConversion.convert(made, to: T.self) { return converted }
        throw SerializationError(
            .typeMismatch, expected: "a copy of type \(T.self)", found: ValueConversion.describeType(of: made))
    }

    /// The copy of one of the Foundation objects that keyed archives read without a registration
    /// (they keep their class so that the places sharing one still share it): a new
    /// `NSMutableData` or `NSMutableString` once per original; the `NSNull` singleton itself.
    /// `nil` for anything else.
    private func copyFoundationObject(_ value: Any) throws -> AnyObject? {
        if value is NSNull { return value as AnyObject }
        let made: AnyObject
        switch value {
        case let data as NSMutableData:
            if let number = originals.number(of: data) { return copies[number] }
            made = NSMutableData(data: data as Data)
            record(data, made)
        case let string as NSMutableString:
            if let number = originals.number(of: string) { return copies[number] }
            made = NSMutableString(string: string as String)
            record(string, made)
        default: return nil
        }
        return made
    }

    /// An object of a class nobody registered (an ``UnknownObject``, as keyed archives and
    /// readable documents read one): a new object of the same class with each field copied, once
    /// per original.
    private func copyUnknown(_ unknown: UnknownObject) throws -> UnknownObject {
        if let number = originals.number(of: unknown) { return try cast(copies[number]) }
        depth += 1
        guard depth <= maxDepth else {
            depth -= 1
            throw SerializationError.nestedTooDeep(
                limit: maxDepth, of: "objects", at: unknown.archiveClass.name, untracked: false)
        }
        defer { depth -= 1 }
        let made = UnknownObject(
            archiveClass: unknown.archiveClass, inlineKeys: unknown.inlineKeys,
            inlineElementKeys: unknown.inlineElementKeys)
        record(unknown, made)
        made.fields.reserveCapacity(unknown.fields.count)
        for (key, field) in unknown.fields {
            do {
                made.fields.updateValue(try copy(field), forKey: key)
            } catch {
                throw leaving(key, with: error)
            }
        }
        return made
    }

    /// Records the copy of `original`, unless ``reference(_:)`` did.
    private func record(_ original: AnyObject, _ copy: AnyObject) {
        if originals.number(of: original, elseInsert: copies.count) == nil { copies.append(copy) }
    }

    private func cast<T>(_ object: AnyObject) throws -> T {
        // The copy of an original of class T is a T (the original's serializer made it).
        if type(of: object) == T.self { return unsafeBitCast(Unmanaged.passUnretained(object).toOpaque(), to: T.self) }
        guard let typed = object as? T else {
            throw SerializationError(
                .typeMismatch, expected: "a copy of type \(T.self)", found: ValueConversion.describeType(of: object))
        }
        return typed
    }

    private func enter(_ registration: Registration) throws {
        depth += 1
        guard depth <= maxDepth else {
            depth -= 1
            throw SerializationError.nestedTooDeep(
                limit: maxDepth, of: "objects", at: registration.javaName, untracked: false)
        }
    }
}
