/// A schema's fields written and read in one straight run of code, in Java's order: what the
/// `@JavaClass` macro generates beside the schema's ``Field`` list, so that the field serializer
/// calls each field's code directly instead of through a closure per field.
///
/// The run must do exactly what the schema's fields do, in their order (it calls the same
/// ``FieldCodec`` values the fields are built from); a schema takes it only when ``names`` are
/// its fields' names in Java's order, and otherwise keeps to its fields. Formats that read fields
/// by name (``ValueReader/isPositional`` false) always read through the fields.
public final class DirectFields<Root>: Sendable {
    /// The Java names of the fields, in the order the run writes and reads them.
    public let names: [String]
    @usableFromInline let write: @Sendable (Root, any ValueWriter) throws -> Void
    @usableFromInline let read: @Sendable (inout Root, any ValueReader) throws -> Void

    /// Creates the straight-line form of a schema's fields.
    ///
    /// - Parameters:
    ///   - names: The fields' Java names, in Java's order.
    ///   - write: Writes every field of a value, in that order.
    ///   - read: Reads every field into a value, in that order.
    public init(
        names: [String], write: @escaping @Sendable (Root, any ValueWriter) throws -> Void,
        read: @escaping @Sendable (inout Root, any ValueReader) throws -> Void
    ) {
        self.names = names
        self.write = write
        self.read = read
    }
}
