import KryoCore
import KryoNetProtocol

/// A call of a method of an object this end registered in a ``KryoNetObjectSpace``, made by the
/// other end of a connection: what the object's handler answers.
public struct KryoNetRemoteCall: @unchecked Sendable {
    /// The connection the call came on.
    public let connection: KryoNetConnection
    /// The id the called object is registered with.
    public let objectID: Int32
    /// The interface that declares the method.
    public let interface: any RemoteInterface.Type
    /// The method.
    public let method: RemoteMethod
    /// The arguments, one per parameter, as the registry reads them (an `int` as an `Int32`…).
    public let arguments: [Any?]

    /// The argument at `index` as a `T`.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when there is no such argument or it is not a `T`
    ///   (nil is a `T` only when `T` is optional).
    public func argument<T>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard arguments.indices.contains(index) else {
            throw SerializationError(
                .invalidValue, expected: "an argument at index \(index) of \(method)",
                found: "\(arguments.count) arguments")
        }
        if let value = arguments[index] as? T { return value }
        if arguments[index] == nil, let none = Optional<Any>.none as? T { return none }
        throw SerializationError(
            .typeMismatch, expected: "a \(T.self) as argument \(index) of \(method)",
            found: arguments[index].map { "a \(Swift.type(of: $0))" } ?? "nil")
    }

    /// Whether the call is of `method` of `interface`.
    public func isCall<I: RemoteInterface>(of method: RemoteMethod, in interface: I.Type) -> Bool {
        self.interface == interface && self.method == method
    }
}
