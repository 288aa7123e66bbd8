/// Class references taken out of an `Any` by the layout of Swift's existential container.
///
/// An `Any` is three words of in-line buffer followed by the metadata of the type it was boxed
/// as, and a class reference sits in the buffer's first word. Asking an `Any` for a value of a
/// known class through the runtime (`as?`, or opening the existential) costs some 300
/// instructions: the runtime looks for the dynamic type, copies the value through its witnesses
/// and wraps it in an optional. A back-reference does that once per object read again, so a
/// graph of shared objects paid it per node. Comparing the metadata word with the class's and
/// loading the reference takes four instructions and a retain.
///
/// The metadata word names the type the value was boxed as, not the instance's dynamic class: a
/// subclass instance boxed as its superclass shows the superclass. So a match proves that the
/// reference is to an instance of the class or of a subclass, which is what a cast would accept;
/// a miss proves nothing, and callers then take the runtime's cast.
///
/// The layout is checked once, against values the compiler boxed itself (``isAvailable``);
/// where it differs, ``exactly(_:as:)`` answers `nil` and callers take the runtime's path.
@usableFromInline package enum AnyClassReference {
    /// The byte offset of the metadata word in an `Any`: after its three-word buffer.
    @inlinable static var metadataOffset: Int { 3 * MemoryLayout<UnsafeRawPointer>.stride }

    /// Whether `Any` has, on this platform, the layout this type reads: for class instances boxed
    /// as themselves and as their superclass, the reference in the first word and the metadata of
    /// the boxed type after the buffer.
    @usableFromInline package static let isAvailable: Bool = {
        guard MemoryLayout<Any>.size == 4 * MemoryLayout<UnsafeRawPointer>.stride else { return false }
        let probe = LayoutProbe()
        let derived = DerivedLayoutProbe()
        let boxedAsBase: LayoutProbe = derived
        guard
            holds(probe, probe, boxedAs: LayoutProbe.self)
                && holds(derived, derived, boxedAs: DerivedLayoutProbe.self)
                && holds(boxedAsBase, derived, boxedAs: LayoutProbe.self)
        else { return false }
        // What `dynamicType(of:)` reads, against the runtime's answers.
        let samples: [Any] = [boxedAsBase, probe, 7, "seven", [1], (1, "one"), Optional(7) as Any, Kind.one, 0.5]
        // An `Any?` is an `Any` with a zero metadata word for nil.
        let optionals: [Any?] = [nil, 7, probe]
        guard MemoryLayout<Any?>.size == MemoryLayout<Any>.size,
            optionals.withUnsafeBufferPointer({ elements in
                guard let base = elements.baseAddress else { return false }
                return elements.indices.allSatisfy { index in
                    let metadata = UnsafeRawPointer(base + index)
                        .load(fromByteOffset: metadataOffset, as: UnsafeRawPointer?.self)
                    return (metadata == nil) == (elements[index] == nil)
                }
            })
        else { return false }
        return samples.allSatisfy { sample in
            readDynamicType(of: sample).map { $0 == type(of: sample) } ?? true
        }
    }()

    /// An enum among the samples that check the layout.
    private enum Kind { case one, two }

    /// The reference `value` holds when it was boxed as exactly `Object`, a class; `nil` when it
    /// holds anything else, when `Object` is not a class, or when the layout is not available.
    /// After specialization for a class, a metadata comparison and a load.
    @inlinable @inline(__always)
    package static func exactly<Object>(_ value: borrowing Any, as type: Object.Type) -> Object? {
        // `_canBeClass` is decided where the call is specialized: 1 for a class, 0 for a value type
        // or a protocol existential (the whole call then folds away), 2 when the type is not known
        // (unspecialized code), which the run-time test below settles.
        let canBeClass = _canBeClass(Object.self)
        guard canBeClass != 0, MemoryLayout<Object>.size == MemoryLayout<UnsafeRawPointer>.size, isAvailable
        else { return nil }
        return withUnsafePointer(to: value) { pointer -> Object? in
            let raw = UnsafeRawPointer(pointer)
            guard raw.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer.self) == metadata(of: Object.self),
                canBeClass == 1 || Object.self is AnyObject.Type
            else { return nil }
            return raw.load(as: Object.self)
        }
    }

    /// The dynamic type of the value `value` holds, as `type(of:)` gives it, read from the box:
    /// a value type's metadata is the box's, a Swift class instance's is the first word of the
    /// instance (its class, which may be a subclass of the boxed type). Other kinds of value (an
    /// Objective-C class, a metatype, an existential) take `type(of:)`, as do all values where
    /// the layout is not available. About 10 instructions, where the runtime's takes some 150.
    @inlinable
    package static func dynamicType(of value: borrowing Any) -> any Any.Type {
        guard isAvailable, let found = readDynamicType(of: value) else { return type(of: value) }
        return found
    }

    /// ``dynamicType(of:)``'s reading of the box, or `nil` where it asks the runtime.
    @inlinable @inline(__always)
    static func readDynamicType(of value: borrowing Any) -> (any Any.Type)? {
        withUnsafePointer(to: value) { pointer in
            let raw = UnsafeRawPointer(pointer)
            return dynamicType(boxedAs: raw.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer.self), at: raw)
        }
    }

    /// The dynamic type of the value of a box at `box` whose metadata word is `boxed`: the
    /// metadata of a value type, the class in the header of a Swift class instance; `nil` for
    /// other kinds, which the runtime answers.
    @inlinable @inline(__always)
    static func dynamicType(boxedAs boxed: UnsafeRawPointer, at box: UnsafeRawPointer) -> (any Any.Type)? {
        switch boxed.load(as: UInt.self) {
        case classKind:
            // The instance's header starts with its class's metadata.
            return unsafeBitCast(box.load(as: UnsafeRawPointer.self).load(as: UnsafeRawPointer.self), to: Any.Type.self)
        case structKind, enumKind, optionalKind, tupleKind:
            return unsafeBitCast(boxed, to: Any.Type.self)
        default:
            return nil
        }
    }

    /// What ``optionalElementType(at:)`` finds.
    @usableFromInline package enum OptionalElementType {
        /// The `Any?` is nil.
        case nilElement
        /// The `Any?` holds a value of this dynamic type (not an optional, not an `AnyHashable`).
        case type(any Any.Type)
        /// The box does not tell (an optional or an `AnyHashable` inside, which callers
        /// unwrap; another kind of type; a platform where the layout is not available).
        case askTheRuntime
    }

    /// The dynamic type of the value the `Any?` at `element` holds, read where it lies (an
    /// element of `[Any?]`): an `Any?` is an `Any` whose metadata word is zero when it is nil.
    @inlinable
    package static func optionalElementType(at element: UnsafeRawPointer) -> OptionalElementType {
        guard isAvailable else { return .askTheRuntime }
        guard let boxed = element.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer?.self) else {
            return .nilElement
        }
        guard let found = dynamicType(boxedAs: boxed, at: element), !ValueConversion.isOptionalType(found),
            found != AnyHashable.self
        else { return .askTheRuntime }
        return .type(found)
    }

    /// The kinds of metadata (the first word of a type's metadata) that ``dynamicType(of:)``
    /// reads, as Swift's ABI numbers them; a Swift class's is 0 where there is no Objective-C
    /// interoperability (elsewhere its first word is a pointer, and the runtime answers).
    @inlinable static var classKind: UInt { 0 }
    @inlinable static var structKind: UInt { 0x200 }
    @inlinable static var enumKind: UInt { 0x201 }
    @inlinable static var optionalKind: UInt { 0x202 }
    @inlinable static var tupleKind: UInt { 0x301 }

    /// The metadata pointer of `type`, as an `Any` boxing a value of it holds it.
    @inlinable @inline(__always)
    static func metadata<T>(of type: T.Type) -> UnsafeRawPointer {
        unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
    }

    /// Whether `value` holds `object` in its first word and `type`'s metadata after its buffer.
    private static func holds(_ value: Any, _ object: AnyObject, boxedAs type: Any.Type) -> Bool {
        withUnsafePointer(to: value) { pointer in
            let raw = UnsafeRawPointer(pointer)
            let reference = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            return raw.load(as: UnsafeRawPointer?.self) == reference
                && raw.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer?.self) == metadata
        }
    }
}

/// A class whose instances check ``AnyClassReference``'s layout.
private class LayoutProbe {}

/// A subclass, boxed as itself and as its superclass, for the same check.
private final class DerivedLayoutProbe: LayoutProbe {}
