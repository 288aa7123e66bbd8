import KryoCore

/// One value of the debugging tree, with the offset where it starts in the input.
///
/// The bytes: a tag, then the payload. Integers are zigzag varints, reals their IEEE bits
/// (little-endian), strings and byte strings a varint length and their bytes. An object is its
/// class name, its reference number (0: not tracked) and its entries, each a key (a varint of
/// the key's length plus one, then its UTF-8) and a value; a 0 where a key would begin ends it.
indirect enum DebugTreeNode {
    case bool(Bool)
    case integer(Int64)
    case float(Float)
    case double(Double)
    case string(String?)
    case bytes([UInt8])
    case null
    case reference(Int)
    case object(className: String, id: Int, entries: [DebugTreeEntry])

    enum Tag: UInt8 {
        case bool = 1
        case integer, float, double, string, nilString, bytes, null, reference, object
    }

    /// What the node is, as an error message says it.
    var kind: String {
        switch self {
        case .bool: "a boolean"
        case .integer: "an integer"
        case .float: "a float"
        case .double: "a double"
        case .string(let text): text == nil ? "a nil string" : "a string"
        case .bytes: "bytes"
        case .null: "nil"
        case .reference: "a reference"
        case .object(let className, _, _): "an object of \(className)"
        }
    }
}

/// A keyed value in an object, and where it starts.
struct DebugTreeEntry {
    let key: String
    let node: DebugTreeNode
    let offset: Int
}

/// Appends the tree's primitives to bytes.
struct DebugTreeBytes {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ tag: DebugTreeNode.Tag) { bytes.append(tag.rawValue) }

    mutating func integer(_ value: Int64) {
        tag(.integer)
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func text(_ value: String) {
        varint(UInt64(value.utf8.count))
        bytes += value.utf8
    }

    mutating func key(_ key: String) {
        varint(UInt64(key.utf8.count) + 1)
        bytes += key.utf8
    }

    mutating func littleEndian(_ bits: UInt64, count: Int) {
        for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: bits >> (8 * index))) }
    }
}

/// Reads a whole input into a tree: every length checked against the bytes left, nesting
/// against the depth limit.
struct DebugTreeParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var position = 0

    init(_ bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The root value, which must take the whole input.
    mutating func document() throws -> DebugTreeNode {
        let root = try node(depth: 0)
        guard position == bytes.count else {
            throw SerializationError(
                .invalidValue, expected: "the end of the input", found: "\(bytes.count - position) more bytes",
                offset: position)
        }
        return root
    }

    mutating func node(depth: Int) throws -> DebugTreeNode {
        let start = position
        let byte = try self.byte()
        guard let tag = DebugTreeNode.Tag(rawValue: byte) else {
            throw SerializationError(.invalidValue, expected: "a value's tag (1–10)", found: "\(byte)", offset: start)
        }
        switch tag {
        case .bool: return .bool(try self.byte() != 0)
        case .integer:
            let zigzag = try varint()
            return .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: try littleEndian(4))))
        case .double: return .double(Double(bitPattern: try littleEndian(8)))
        case .string: return .string(try text())
        case .nilString: return .string(nil)
        case .bytes: return .bytes(try run(try length()))
        case .null: return .null
        case .reference: return .reference(Int(clamping: try varint()))
        case .object:
            guard depth < maxDepth else {
                throw SerializationError(
                    .depthLimitExceeded, expected: "at most \(maxDepth) levels", found: "more", offset: start)
            }
            let className = try text()
            let id = Int(clamping: try varint())
            var entries: [DebugTreeEntry] = []
            while true {
                let keyLength = try length()
                if keyLength == 0 { break }
                let key = String(decoding: try run(keyLength - 1), as: UTF8.self)
                let offset = position
                entries.append(DebugTreeEntry(key: key, node: try node(depth: depth + 1), offset: offset))
            }
            return .object(className: className, id: id, entries: entries)
        }
    }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else {
            throw SerializationError(
                .truncatedInput, expected: "a byte", found: "the end of the input", offset: position)
        }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let byte = try self.byte()
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
        }
        throw SerializationError(.invalidValue, expected: "a varint", found: "more than 10 bytes", offset: position)
    }

    mutating func length() throws -> Int {
        let start = position
        let length = try varint()
        guard length <= UInt64(bytes.count - position) else {
            throw SerializationError(
                .lengthExceedsInput, expected: "at most \(bytes.count - position) bytes",
                found: "a length of \(length)",
                offset: start)
        }
        return Int(length)
    }

    mutating func run(_ count: Int) throws -> [UInt8] {
        guard count <= bytes.count - position else {
            throw SerializationError(
                .truncatedInput, expected: "\(count) bytes", found: "\(bytes.count - position)", offset: position)
        }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func text() throws -> String { String(decoding: try run(try length()), as: UTF8.self) }

    mutating func littleEndian(_ count: Int) throws -> UInt64 {
        try run(count).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }
}
