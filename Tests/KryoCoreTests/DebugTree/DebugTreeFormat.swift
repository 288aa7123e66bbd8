import KryoCore

// A fourth backend, written only for the tests: a tree of tagged, keyed values in a few bytes
// each (DebugTree.swift), for debugging. It adds files to a test target and touches no module:
// the proof that a format is a value a backend declares. Docs/Backends.md walks through it.

extension FormatFamily {
    /// The debugging tree's family.
    static let debugTree = FormatFamily("debugTree")
}

extension SerializationFormat {
    /// The debugging tree (`tree` on a command line).
    static let debugTree = SerializationFormat(name: "tree", family: .debugTree, codec: DebugTreeCodec())
}

/// The debugging tree's entry points.
struct DebugTreeCodec: FormatCodec {
    func encode(_ value: Any?, with registry: Registry, options: SerializationOptions?) throws -> [UInt8] {
        let writer = DebugTreeWriter(registry: registry, options: options ?? .default)
        try writer.writeRoot(value)
        return writer.bytes
    }

    func decode<T>(_ type: T.Type, from bytes: [UInt8], with registry: Registry, options: SerializationOptions?)
        throws -> T
    {
        let options = options ?? .default
        var parser = DebugTreeParser(bytes, maxDepth: options.limits.maxDepth)
        let root = try parser.document()
        let reader = DebugTreeReader(registry: registry, options: options, root: root, inputSize: bytes.count)
        let value = try reader.readRoot()
        if let converted = ValueConversion.convert(value, to: T.self) { return converted }
        throw SerializationError(
            .typeMismatch, expected: "\(T.self)", found: ValueConversion.describeType(of: value), offset: 0)
    }
}
