/// The elements of a collection as Kryo 5's `CollectionSerializer` writes them.
///
/// The size comes as `size + 1` (0 for a nil collection, 1 for an empty one) in a varint whose
/// first byte carries a flag (`writeVarIntFlag`), then the collection's header, then:
///
/// - when the declared element type is final (a `List<String>` field): the flag says whether an
///   element is nil, and each element follows without its class, after a nil marker if so;
/// - otherwise the flag says whether every non-nil element has the same class. If so, that class
///   once (or nil when every element is nil, and nothing else), a `hasNull` boolean, then the
///   elements without their class; if not, each element with its class.
///
/// A collection that never holds nil (Java's `setElementsCanBeNull(false)`: the immutable
/// `List.of`/`Set.of`) writes a plain `size + 1` when the element type is final, no `hasNull`
/// boolean, and no nil markers.
@usableFromInline
enum KryoFiveElements {
    /// Writes `collection`'s size, `header` and elements. Inlinable, as the reading
    /// is, so that it is specialized for the caller's collection: unspecialized, the walks over
    /// the elements went through the collection's witnesses and looked metadata up at run time
    /// (a MediaContent encode in Kryo 5's dialect took 2.7 times the instructions of Kryo 2.20's).
    @inlinable
    static func write<C: Collection, Element>(
        _ collection: C, _ slot: ObjectSlot<Element>, to writer: any ValueWriter, elementsCanBeNull: Bool = true,
        header: () throws -> Void
    ) throws where C.Element == Element {
        let count = collection.count
        guard count > 0 else {
            try writer.writeInt32(1, forKey: "size", encoding: .positive)
            return try header()
        }
        let resolved = slot.bound(in: writer.registry).resolved
        let size = Int32(count + 1)
        // Each element as the `Any?` the writer takes: an element of `[Any?]` as it is (passed as
        // it is, it would be wrapped in another optional that every use unwraps by a cast), an
        // `AnyHashable` as the value it holds.
        @inline(__always) func plain(_ element: Element) -> Any? {
            ValueConversion.flatten(ValueConversion.erase(element))
        }
        // Writes one element; an element of `[Any?]` goes as it is (the writer flattens it once).
        // An error names the element by its index.
        var written = 0
        @inline(__always) func write(_ element: Element, in elementSlot: ResolvedSlot) throws {
            do {
                if Element.self == Any?.self {
                    try writer.writeObject(unsafeBitCast(element, to: Any?.self), in: elementSlot, forKey: "element")
                } else {
                    try writer.writeObject(plain(element), in: elementSlot, forKey: "element")
                }
            } catch {
                throw SerializationError.naming(element: written, in: error)
            }
            written &+= 1
        }
        if resolved.isFinal {
            let hasNil = collection.contains { plain($0) == nil }
            if hasNil, !elementsCanBeNull { throw nilElement() }
            if elementsCanBeNull {
                try writer.writeVarIntFlag(hasNil, size, forKey: "size")
            } else {
                try writer.writeInt32(size, forKey: "size", encoding: .positive)
            }
            try header()
            var declared = resolved.declared
            declared.canBeNull = hasNil
            let elementSlot = ResolvedSlot(declared: declared, isFinal: true, registration: resolved.registration)
            for element in collection { try write(element, in: elementSlot) }
            return
        }
        // One pass: whether an element is nil, and whether every other one has the same class.
        // The registry is asked once per run of elements of one Swift type whose class is the
        // type's (not chosen by each value).
        var hasNil = false
        var shared: Registration?
        var sameClass = true
        var lastType: (any Any.Type)?
        let registry = writer.registry
        // Notes a non-nil element of dynamic type `valueType`; `value` gives it, and is called only
        // when the type is not the last one's.
        func note(_ valueType: any Any.Type, _ value: () -> Any) throws {
            guard sameClass else { return }
            if let lastType, valueType == lastType { return }
            guard let registration = elementRegistration(value(), registry) else {
                if !elementsCanBeNull, collection.contains(where: { plain($0) == nil }) { throw nilElement() }
                throw SerializationError.noSerializer(for: valueType, value: value())
            }
            if let first = shared, first !== registration,
                first.javaName != registration.javaName
                    || first.swiftType != registration.swiftType
            {
                sameClass = false
                return
            }
            if shared == nil { shared = registration }
            let chosenByValue =
                registration.javaNameOfValue != nil || valueType == DynamicObject.self || valueType == DynamicEnum.self
                || valueType == SharedValue.self
            lastType = chosenByValue ? nil : valueType
        }
        func note(_ element: Element) throws {
            guard let value = plain(element) else {
                hasNil = true
                return
            }
            try note(AnyClassReference.dynamicType(of: value)) { value }
        }
        // The elements of `[Any?]` are looked at where they lie: copying each `Any?` out of the
        // array costs a trip through its witnesses, and most need only their type.
        let scannedInPlace =
            try Element.self == Any?.self
            && (collection.withContiguousStorageIfAvailable { elements -> Bool in
                guard let base = elements.baseAddress else { return true }
                for index in elements.indices {
                    let element = UnsafeRawPointer(base + index)
                    switch AnyClassReference.optionalElementType(at: element) {
                    case .nilElement: hasNil = true
                    case .type(let valueType): try note(valueType) { element.load(as: Any.self) }
                    case .askTheRuntime: try note(elements[index])
                    }
                }
                return true
            } ?? false)
        if !scannedInPlace {
            for element in collection { try note(element) }
        }
        if hasNil, !elementsCanBeNull { throw nilElement() }
        try writer.writeVarIntFlag(sameClass, size, forKey: "size")
        try header()
        guard sameClass else {
            for element in collection { try write(element, in: resolved) }
            return
        }
        guard let shared else {
            // Every element is nil: the nil class, and nothing else.
            return try writer.writeClass(nil, forKey: "elementClass")
        }
        if shared.swiftType == DynamicObject.self || resolved.declared.swiftType == DynamicObject.self
            || writer.genericArguments.first?.swiftType == DynamicObject.self
        {
            try checkElementClass(shared, of: resolved, generics: writer.genericArguments, registry)
        }
        try writer.writeClass(JavaClassTag(shared), forKey: "elementClass")
        if elementsCanBeNull { try writer.writeBool(hasNil, forKey: "hasNull") }
        let elementSlot = sharedClassSlot(shared, canBeNull: hasNil, generics: resolved.declared.genericArguments)
        for element in collection { try write(element, in: elementSlot) }
    }

    /// Elements of one schema class in a collection that declares another: it must be a subclass
    /// (``Registration/mayHold(_:)``), or Java would hold them where they cannot be.
    @usableFromInline
    @inline(never)
    static func checkElementClass(
        _ shared: Registration, of resolved: ResolvedSlot, generics: [DeclaredType], _ registry: Registry
    ) throws {
        // The element slot, or the element type the collection's own slot declares (an untyped
        // list of the dynamic path in a `List<Player>` field).
        guard let name = resolved.declared.javaName ?? generics.first?.javaName, name != shared.javaName,
            let declared = resolved.registration ?? registry.registration(forJavaName: name),
            !declared.mayHoldValue(of: shared)
        else { return }
        throw SerializationError(
            .typeMismatch, expected: "an object of \(declared.javaName) or of a subclass, the slot's class",
            found: shared.describedAsValue(in: declared), path: ["element"])
    }

    /// The registration of an element's class: a value the graph shares (``SharedValue``, a list
    /// in two places) is of its value's class.
    @usableFromInline
    @inline(never)
    static func elementRegistration(_ element: Any, _ registry: Registry) -> Registration? {
        // The type first: a cast of a nested `[Any?]` to a class looks through every level.
        guard type(of: element) == SharedValue.self, let shared = element as? SharedValue else {
            return registry.registration(forValue: element)
        }
        return registry.registration(forValue: shared.value)
    }

    /// The error for a nil element in a collection that never holds nil.
    @usableFromInline
    static func nilElement() -> SerializationError {
        SerializationError(.invalidValue, expected: "a collection without nil elements", found: "nil")
    }

    /// Reads what ``write(_:_:to:header:)`` wrote: `nil` for a nil collection, else the elements;
    /// what `header` read goes to `headerValue` (an out-parameter, not part of the result: an
    /// optional tuple holding an existential is copied through value witnesses at every return).
    ///
    /// With `typed`, `container`'s slots (those of a collection of one Swift type) read elements of
    /// exactly that type through its typed slots. Inlinable, so that it is specialized for the
    /// element type.
    @inlinable
    static func read<Element>(
        _ slot: ObjectSlot<Element>, from reader: any ValueReader, elementsCanBeNull: Bool = true,
        _ container: ContainerSlot<Element>, typed: Bool, header: () throws -> Any?, headerValue: inout Any?
    ) throws -> [Element]? {
        // The slot's binding, borrowed: the registry is handed out (a retain) only off the common
        // paths, to bind a slot it did not reach when it was built.
        let bindings = reader.slotBindings
        let isFinal =
            slot.binding(bindings)?._withUnsafeGuaranteedRef { $0.resolved.isFinal }
            ?? slot.bound(in: reader.registry).resolved.isFinal
        let (flag, size) =
            isFinal && !elementsCanBeNull
            ? (false, try reader.readInt32(forKey: "size", encoding: .positive))
            : try reader.readVarIntFlag(forKey: "size")
        guard size != 0 else { return nil }
        guard size > 0 else {
            throw reader.error(.invalidValue, expected: "a collection size + 1", found: "\(size)")
        }
        let count = Int(size) - 1
        // Checked against the input once the form is known: elements that are all nil take no
        // byte each, the others one at least.
        headerValue = try header()
        guard count > 0 else { return [] }
        let elementSlot: ResolvedSlot
        if isFinal {
            try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "size")
            if typed {
                return try readTyped(count, canBeNull: elementsCanBeNull && flag, container, reader)
            }
            let resolved = slot.bound(in: reader.registry).resolved
            var declared = resolved.declared
            declared.canBeNull = flag
            elementSlot = ResolvedSlot(declared: declared, isFinal: true, registration: resolved.registration)
        } else if flag {
            // Elements of one class take a byte each at least; elements that are all nil (a nil
            // class, then nothing) none. A count the input cannot hold can only be the second,
            // and is checked as such before the class is read.
            var tooManyForTheInput: SerializationError?
            do {
                try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "size")
            } catch let failure as SerializationError where failure.kind == .lengthExceedsInput {
                try reader.validateCountWithoutInput(count, forKey: "size")
                tooManyForTheInput = failure
            }
            guard let tag = try reader.readClass(forKey: "elementClass") else {
                // Every element is nil: nothing follows for them.
                if tooManyForTheInput == nil { try reader.validateCountWithoutInput(count, forKey: "size") }
                let none = try ObjectSlot<Element>.nilValue(reader)
                return Array(repeating: none, count: count)
            }
            if let tooManyForTheInput { throw tooManyForTheInput }
            guard let registration = tag.registration else {
                throw reader.error(
                    .unregisteredType, expected: "a registered class for the elements", found: tag.javaName)
            }
            let hasNil = elementsCanBeNull ? try reader.readBool(forKey: "hasNull") : false
            if typed, registration.swiftType == Element.self,
                container.finalNotNull.binding(bindings)?._withUnsafeGuaranteedRef({
                    $0.resolved.registration === registration
                }) ?? (container.finalNotNull.bound(in: reader.registry).resolved.registration === registration)
            {
                return try readTyped(count, canBeNull: hasNil, container, reader)
            }
            elementSlot = sharedClassSlot(
                registration, canBeNull: hasNil, generics: slot.declared.genericArguments)
        } else {
            try reader.validateCount(count, minimumBytesPerElement: 1, forKey: "size")
            elementSlot = slot.bound(in: reader.registry).resolved
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        if Element.self == Any?.self {
            try ContainerSlot.readUntyped(count, in: elementSlot, into: &elements, from: reader)
            return elements
        }
        for _ in 0..<count {
            let value = try reader.readObject(in: elementSlot, forKey: "element")
            guard let element = try ObjectSlot<Element>.converted(value, reader) else {
                elements.append(try ObjectSlot<Element>.nilValue(reader))
                continue
            }
            elements.append(element)
        }
        return elements
    }

    /// `count` elements of exactly the container's Swift type, through its typed slots.
    @inlinable
    static func readTyped<Element>(
        _ count: Int, canBeNull: Bool, _ typed: ContainerSlot<Element>, _ reader: any ValueReader
    ) throws -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        if Element.self == String.self {
            try ContainerSlot.readStrings(count, canBeNull: canBeNull, into: &elements, from: reader)
            return elements
        }
        let slot = canBeNull ? typed.final : typed.finalNotNull
        for _ in 0..<count { elements.append(try slot.readRequired(from: reader, forKey: "element")) }
        return elements
    }

    /// The slot of elements that share `registration`'s class: final, so without a class tag;
    /// with the declared element type's generic arguments (Kryo 5 passes them on to the elements
    /// whatever their class).
    @usableFromInline
    static func sharedClassSlot(
        _ registration: Registration, canBeNull: Bool, generics: [DeclaredType]
    ) -> ResolvedSlot {
        let declared = DeclaredType(
            registration.swiftType, finality: .final, genericArguments: generics, canBeNull: canBeNull,
            javaName: registration.javaName)
        return ResolvedSlot(declared: declared, isFinal: true, registration: registration)
    }
}
