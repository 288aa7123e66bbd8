import KryoCore

extension Register {
    /// Registers a `Codable` type with ``CodableSerializer``, whatever other default it has.
    ///
    /// - Parameters:
    ///   - type: The Codable type.
    ///   - id: The numeric id for the binary format; `nil` registers the type by name only.
    ///   - javaName: The class name written for it when it has no id; defaults to the Swift
    ///     type's qualified name (`MyApp.Point`). Java reads the value by registering
    ///     `java.util.HashMap` (or `ArrayList`, `String`…, see ``CodableSerializer``) under `id`.
    ///   - archiveClass: The class keyed archives name; defaults to the Java class name.
    ///   - readableName: The `$class` name of the readable format; defaults to the archive class name.
    public init<T: Codable>(
        codable type: T.Type, id: Int? = nil, javaName: String? = nil, archiveClass: ArchiveClass? = nil,
        readableName: String? = nil
    ) {
        self.init(
            type, id: id, javaName: javaName ?? String(reflecting: T.self), serializer: CodableSerializer<T>(),
            archiveClass: archiveClass, readableName: readableName)
    }

    /// Registers `type` with its default serializer: its schema, enum cases or library default
    /// when it has one (a ``/KryoCore/Schematized`` or ``/KryoCore/JavaEnum`` type, `Date`, `[Int32]`…), else
    /// ``CodableSerializer``.
    ///
    /// - Parameters:
    ///   - type: The Codable type.
    ///   - id: The numeric id for the binary format; `nil` registers the type by name only.
    ///   - javaName: The Java class name; defaults to the one the type declares, or for a
    ///     Codable type without one to the Swift type's qualified name.
    ///   - archiveClass: The class keyed archives name; defaults to the Java class name.
    ///   - readableName: The `$class` name of the readable format; defaults to the archive class name.
    public init<T: Codable>(
        _ type: T.Type, id: Int? = nil, javaName: String? = nil, archiveClass: ArchiveClass? = nil,
        readableName: String? = nil
    ) {
        if T.self is any JavaRepresentable.Type {
            // Through the unconstrained initializer: the opened type is not known to be Codable.
            let erased: any Any.Type = type
            self.init(erased, id: id, javaName: javaName, archiveClass: archiveClass, readableName: readableName)
        } else {
            self.init(
                codable: type, id: id, javaName: javaName, archiveClass: archiveClass, readableName: readableName)
        }
    }
}
