/// A serializer of Java enum constants that reads a constant from its `name` key alone in formats
/// with keys, as ``EnumSerializer`` does: a reader that has the name at hand may take the
/// constant from here without handing the serializer the object (what the readable backend does
/// with `{"$class": "Level", "name": "PHD", "ordinal": 2}`). Reached through
/// ``Registration/constantsByName``.
package protocol EnumConstantsByName: Sendable {
    /// The constant whose Java name is `name`, as the serializer reads it from an object whose
    /// `name` key holds that string; `nil` when no constant has that name (the serializer's
    /// error, which the caller leaves to it).
    func constant(named name: String) -> Any?
}

extension EnumSerializer: EnumConstantsByName {
    package func constant(named name: String) -> Any? {
        // What `readNilable(from:)` does with the name it read.
        let names = table.names
        guard let ordinal = names.firstIndex(of: name), ordinal < table.constants.count else { return nil }
        return table.constants[ordinal]
    }
}

extension AnySerializer {
    /// The wrapped serializer when it reads enum constants by name (``EnumConstantsByName``).
    var constantsByName: (any EnumConstantsByName)? {
        (typedSerializer as? any SerializerWrapping)?.wrappedSerializer as? any EnumConstantsByName
    }
}
