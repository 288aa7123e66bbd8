import KryoCore

/// Writes the debugging tree as it goes: each call appends its key and its tagged value.
///
/// It implements only the primitives of ``ValueWriter``: scalars, strings, bytes and nested
/// objects; the slot, reference and evolution requirements keep their defaults.
final class DebugTreeWriter: ValueWriter {
    let registry: Registry
    let options: SerializationOptions
    var formatFamily: FormatFamily { .debugTree }

    private var output = DebugTreeBytes()
    var bytes: [UInt8] { output.bytes }
    /// The keys from the root to the value being written, for errors.
    private var path: [String] = []
    /// Objects written so far (references on), by identity, with their reference numbers; the
    /// objects themselves are kept so that no identity is reused during the call.
    private var written: [ObjectIdentifier: Int] = [:]
    private var kept: [AnyObject] = []

    init(registry: Registry, options: SerializationOptions) {
        self.registry = registry
        self.options = options
    }

    /// Writes the root value: a value without a key.
    func writeRoot(_ value: Any?) throws { try node(value) }

    func writeBool(_ value: Bool, forKey key: String) throws {
        output.key(key)
        output.tag(.bool)
        output.bytes.append(value ? 1 : 0)
    }

    func writeInt8(_ value: Int8, forKey key: String) throws { integer(Int64(value), key) }
    func writeInt16(_ value: Int16, forKey key: String) throws { integer(Int64(value), key) }
    func writeChar(_ value: UInt16, forKey key: String) throws { integer(Int64(value), key) }
    func writeInt32(_ value: Int32, forKey key: String, encoding: IntegerEncoding) throws {
        integer(Int64(value), key)
    }
    func writeInt64(_ value: Int64, forKey key: String, encoding: IntegerEncoding) throws { integer(value, key) }

    func writeFloat(_ value: Float, forKey key: String) throws {
        output.key(key)
        output.tag(.float)
        output.littleEndian(UInt64(value.bitPattern), count: 4)
    }

    func writeDouble(_ value: Double, forKey key: String) throws {
        output.key(key)
        output.tag(.double)
        output.littleEndian(value.bitPattern, count: 8)
    }

    func writeString(_ value: String?, forKey key: String) throws {
        output.key(key)
        guard let value else { return output.tag(.nilString) }
        output.tag(.string)
        output.text(value)
    }

    func writeBytes(_ bytes: UnsafeRawBufferPointer, forKey key: String) throws {
        output.key(key)
        output.tag(.bytes)
        output.varint(UInt64(bytes.count))
        output.bytes += bytes
    }

    func writeObject(_ value: Any?, as declared: DeclaredType, forKey key: String) throws {
        output.key(key)
        path.append(key)
        defer { path.removeLast() }
        try node(value)
    }

    private func integer(_ value: Int64, _ key: String) {
        output.key(key)
        output.integer(value)
    }

    /// A nested value: nil, a reference to an object written before, or an object whose
    /// registration's serializer writes its entries.
    private func node(_ value: Any?) throws {
        guard let value = Self.unwrapped(value) else { return output.tag(.null) }
        guard let registration = registry.registration(forValue: value) else {
            throw SerializationError(
                .unregisteredType, expected: "a registered type", found: "\(type(of: value))", path: path)
        }
        var id = 0
        if options.references, registration.identity == .instance {
            let object = value as AnyObject
            if let number = written[ObjectIdentifier(object)] {
                output.tag(.reference)
                output.varint(UInt64(number))
                return
            }
            id = written.count + 1
            written[ObjectIdentifier(object)] = id
            kept.append(object)
        }
        guard path.count < options.limits.maxDepth else {
            throw SerializationError(
                .depthLimitExceeded, expected: "at most \(options.limits.maxDepth) levels", found: "more", path: path)
        }
        output.tag(.object)
        output.text(registration.javaName)
        output.varint(UInt64(id))
        try registration.serializer.write(value, to: self)
        output.bytes.append(0)
    }

    /// `value` without the `Optional`s around it; `nil` when one of them is empty.
    static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return unwrapped(mirror.children.first?.value)
    }
}
