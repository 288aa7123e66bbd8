/// A serializer of Java enum constants that reads a constant from its `name` key alone in formats
/// with keys, and writes that name beside the ordinal, as ``EnumSerializer`` does: it hands its
/// constants and their names (``EnumConstantNames``) to the registration, so that a reader that
/// has the name at hand may take the constant without handing the serializer the object, and a
/// writer may write the object itself (what the readable backend does with
/// `{"$class": "Level", "name": "PHD", "ordinal": 2}`).
package protocol EnumConstantsByName: Sendable {
    /// The constants and their Java names, as the serializer reads and writes them.
    func constantNames() -> EnumConstantNames
}

/// The constants of a Java enum in ordinal order and their Java names, as ``EnumSerializer``
/// reads and writes them in formats with keys; one per registration
/// (``Registration/constantsByName``), a class so that using it copies nothing.
package final class EnumConstantNames: Sendable {
    /// The Java names, in ordinal order.
    private let names: [String]
    /// The constants, in ordinal order.
    private let constants: [any Sendable]

    init(names: [String], constants: [any Sendable]) {
        self.names = names
        self.constants = constants
    }

    /// The constant whose Java name is `name`, as the serializer reads it from an object whose
    /// `name` key holds that string; `nil` when no constant has that name (the serializer's
    /// error, which the caller leaves to it).
    package func constant(named name: String) -> Any? {
        ordinal(named: name).map { constants[$0] }
    }

    /// The ordinal of the constant whose Java name is `name`; `nil` when none has it.
    package func ordinal(named name: String) -> Int? {
        // What `EnumSerializer.readNilable(from:)` does with the name it read.
        guard let ordinal = names.firstIndex(of: name), ordinal < constants.count else { return nil }
        return ordinal
    }

    /// The Java name of the constant with `ordinal`, as the serializer writes it under `name`;
    /// `nil` when there is none.
    package func name(ofOrdinal ordinal: Int) -> String? {
        // What `EnumSerializer.write(_:to:)` writes under `name`.
        ordinal >= 0 && ordinal < names.count ? names[ordinal] : nil
    }
}

extension EnumSerializer: EnumConstantsByName {
    package func constantNames() -> EnumConstantNames {
        EnumConstantNames(names: table.names, constants: table.constants)
    }
}

extension AnySerializer {
    /// The constants and names of the wrapped serializer when it reads enum constants by name
    /// (``EnumConstantsByName``).
    var constantsByName: EnumConstantNames? {
        ((typedSerializer as? any SerializerWrapping)?.wrappedSerializer as? any EnumConstantsByName)?.constantNames()
    }
}
