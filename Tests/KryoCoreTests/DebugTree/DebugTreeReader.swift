import KryoCore

/// Reads a parsed debugging tree: each call takes the next entry of the current object under
/// its key, so that fields may be missing (a model that gained them) or left over (one that
/// lost them).
///
/// It implements only the primitives of ``ValueReader``: scalars, strings, bytes, nested
/// objects, references under construction, counts and errors; the rest keep their defaults.
final class DebugTreeReader: ValueReader {
    let registry: Registry
    let options: SerializationOptions
    var formatFamily: FormatFamily { .debugTree }

    private let root: DebugTreeNode
    private let inputSize: Int

    /// An object being read: its entries, which of them were read, and where to look first.
    private struct Frame {
        let entries: [DebugTreeEntry]
        var taken: [Bool]
        var cursor = 0
        let id: Int
    }
    private var frames: [Frame] = []
    /// The keys from the root to the value being read, and the offset of that value.
    private var path: [String] = []
    private var offset = 0
    /// Objects read (or under construction) by reference number.
    private var objects: [Int: Any] = [:]

    init(registry: Registry, options: SerializationOptions, root: DebugTreeNode, inputSize: Int) {
        self.registry = registry
        self.options = options
        self.root = root
        self.inputSize = inputSize
    }

    func readRoot() throws -> Any? { try value(of: root, as: .object) }

    func readBool(forKey key: String) throws -> Bool {
        guard case .bool(let value) = try take(key) else { throw mismatch("a boolean", key) }
        return value
    }

    func readInt8(forKey key: String) throws -> Int8 { try integer(key) }
    func readInt16(forKey key: String) throws -> Int16 { try integer(key) }
    func readChar(forKey key: String) throws -> UInt16 { try integer(key) }
    func readInt32(forKey key: String, encoding: IntegerEncoding) throws -> Int32 { try integer(key) }
    func readInt64(forKey key: String, encoding: IntegerEncoding) throws -> Int64 { try integer(key) }

    func readFloat(forKey key: String) throws -> Float {
        guard case .float(let value) = try take(key) else { throw mismatch("a float", key) }
        return value
    }

    func readDouble(forKey key: String) throws -> Double {
        guard case .double(let value) = try take(key) else { throw mismatch("a double", key) }
        return value
    }

    func readString(forKey key: String) throws -> String? {
        guard case .string(let value) = try take(key) else { throw mismatch("a string", key) }
        return value
    }

    func readBytes(count: Int, forKey key: String) throws -> [UInt8] {
        guard case .bytes(let value) = try take(key) else { throw mismatch("bytes", key) }
        guard value.count == count else {
            throw error(.invalidValue, expected: "\(count) bytes", found: "\(value.count)")
        }
        return value
    }

    func readObject(as declared: DeclaredType, forKey key: String) throws -> Any? {
        let node = try take(key)
        path.append(key)
        defer { path.removeLast() }
        return try value(of: node, as: declared)
    }

    func reference(_ object: @autoclosure () -> Any) {
        guard let id = frames.last?.id, id > 0 else { return }
        objects[id] = object()
    }

    func validateCount(_ count: Int, minimumBytesPerElement: Int, forKey key: String) throws {
        guard count >= 0, count <= options.limits.maxElementCount,
            count <= inputSize / max(minimumBytesPerElement, 1)
        else {
            throw error(.lengthExceedsInput, expected: "a count the input can hold", found: "\(count)")
        }
    }

    func error(_ kind: SerializationError.Kind, expected: String, found: String) -> SerializationError {
        SerializationError(kind, expected: expected, found: found, offset: offset, path: path)
    }

    // Keyed reading, so that models can gain and lose fields.

    var storedKeys: [String]? { frames.last.map { $0.entries.map(\.key) } }

    func containsValue(forKey key: String) -> Bool { find(key) != nil }

    // MARK: The tree

    /// The value of `node` in a slot of type `declared`.
    private func value(of node: DebugTreeNode, as declared: DeclaredType) throws -> Any? {
        switch node {
        case .null:
            return nil
        case .reference(let id):
            guard let object = objects[id] else {
                throw error(.invalidReference, expected: "an object read before", found: "reference \(id)")
            }
            return object
        case .object(let className, let id, let entries):
            let registration: Registration
            if let slot = registry.registration(forDeclared: declared), slot.javaName == className {
                registration = slot
            } else if let named = registry.registration(forJavaName: className) {
                registration = named
            } else {
                throw error(.unknownClassName, expected: "a registered class", found: "\"\(className)\"")
            }
            frames.append(Frame(entries: entries, taken: Array(repeating: false, count: entries.count), id: id))
            defer { frames.removeLast() }
            let value = try registration.serializer.read(from: self)
            if id > 0 { objects[id] = value }
            return value
        default:
            throw error(.typeMismatch, expected: "an object or nil", found: node.kind)
        }
    }

    /// The index of the first entry under `key` not read yet: from the cursor on, then before it.
    private func find(_ key: String) -> Int? {
        guard let frame = frames.last else { return nil }
        let entries = frame.entries
        let later = (frame.cursor..<entries.count).first { !frame.taken[$0] && entries[$0].key == key }
        return later ?? (0..<frame.cursor).first { !frame.taken[$0] && entries[$0].key == key }
    }

    /// The next value under `key` in the current object.
    private func take(_ key: String) throws -> DebugTreeNode {
        guard let index = find(key) else {
            throw error(.invalidValue, expected: "a value under \"\(key)\"", found: "none")
        }
        frames[frames.count - 1].taken[index] = true
        frames[frames.count - 1].cursor = index + 1
        let entry = frames[frames.count - 1].entries[index]
        offset = entry.offset
        return entry.node
    }

    private func integer<I: FixedWidthInteger>(_ key: String) throws -> I {
        guard case .integer(let value) = try take(key) else { throw mismatch("an integer", key) }
        guard let exact = I(exactly: value) else {
            throw error(.invalidValue, expected: "a \(I.self)", found: "\(value)")
        }
        return exact
    }

    private func mismatch(_ expected: String, _ key: String) -> SerializationError {
        var error = error(.typeMismatch, expected: expected, found: "another kind of value")
        error.path.append(key)
        return error
    }
}
