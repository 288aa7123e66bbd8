/// A Java interface of the schema (``JavaClassSchema/Layout/interface(_:)``) as the dynamic
/// registry knows it: its methods in the order remote calls number them, each parameter with the
/// declared type its argument is written as.
package struct JavaInterfaceDescription: Sendable {
    /// A method with its parameters' declared types.
    package struct Method: Sendable {
        /// The method as the schema declares it.
        package let schema: JavaMethodSchema
        /// The declared type of each parameter: a primitive as its wrapper, final; any other
        /// class as the registry finds it.
        package let parameters: [DeclaredType]
    }

    /// The interface's Java name.
    package let javaName: String
    /// The methods, sorted as KryoNet's `ObjectSpace` numbers them (``JavaMethodSchema/precedes(_:_:)``).
    package let methods: [Method]
}

/// The serializer of an interface's registration: a Java interface has no instances of its own,
/// so there is nothing to write or read; the registration gives the interface an id and its
/// methods (``JavaInterfaceDescription``).
struct JavaInterfaceSerializer: Serializer {
    let interface: JavaInterfaceDescription

    func write(_ value: DynamicObject, to writer: any ValueWriter) throws {
        throw SerializationError(
            .typeMismatch, expected: "an object of a class",
            found: "an object of the interface \(interface.javaName), which has no instances of its own")
    }

    func read(from reader: any ValueReader) throws -> DynamicObject {
        throw reader.error(
            .typeMismatch, expected: "an object of a class",
            found: "the interface \(interface.javaName), which has no instances of its own")
    }
}

extension Registration {
    /// The interface this registration stands for, with its methods, when the schema declared
    /// one (``JavaClassSchema/Layout/interface(_:)``).
    package var javaInterface: JavaInterfaceDescription? {
        ((serializer.typedSerializer as? any SerializerWrapping)?.wrappedSerializer as? JavaInterfaceSerializer)?
            .interface
    }
}
