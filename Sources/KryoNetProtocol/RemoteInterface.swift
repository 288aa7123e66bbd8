import KryoBinary
import KryoCore
import Synchronization

/// A Java interface whose methods the two ends of a KryoNet connection call on each other's
/// objects (KryoNet's RMI, `com.esotericsoftware.kryonet.rmi.ObjectSpace`).
///
/// Declare it as a type with no instances, and register it where the Java side calls
/// `kryo.register(IPlayer.class)`:
///
/// ```swift
/// enum IPlayer: RemoteInterface {
///     static let javaClassName = "com.esotericsoftware.kryonet.examples.chatrmi.IPlayer"
///     static let registerName = RemoteMethod("registerName", [.string])
///     static let sendMessage = RemoteMethod("sendMessage", [.string])
///     static let methods = [registerName, sendMessage]
/// }
///
/// let serialization = try KryoNetSerialization(dialect: .v2) {
///     KryoNetRMI.registrations          // ObjectSpace.registerClasses(kryo)
///     Register(remoteInterface: IPlayer.self)
///     Register(remoteInterface: IChatFrame.self)
///     Register(JavaArray<String>.self)  // String[], a parameter type
/// }
/// ```
///
/// ``methods`` lists every method the interface declares itself (abstract and default ones; not
/// static or private ones, nor those of the interfaces it extends), in any order: calls name a
/// method by its index in `ObjectSpace`'s order (``RemoteMethod``).
public protocol RemoteInterface {
    /// The interface's Java name (`Class.getName()`).
    static var javaClassName: String { get }
    /// The methods the interface declares.
    static var methods: [RemoteMethod] { get }
    /// The interfaces it extends, whose methods a call through it may name too (Java calls
    /// them as methods of the interface that declares them); none by default. Register each
    /// where Java does. A computed property: `static var extends: [any RemoteInterface.Type] {
    /// [IGreeter.self] }`.
    static var extends: [any RemoteInterface.Type] { get }
}

extension RemoteInterface {
    public static var extends: [any RemoteInterface.Type] { [] }

    /// The interface that declares `method`: this one, else the first of those it extends (and
    /// theirs) that does; `nil` when none does.
    package static func declaring(_ method: RemoteMethod) -> (any RemoteInterface.Type)? {
        if methods.contains(method) { return Self.self }
        for parent in extends {
            if let found = parent.declaring(method) { return found }
        }
        return nil
    }

    /// The methods in the order `ObjectSpace` numbers them.
    ///
    /// - Throws: ``/KryoCore/SerializationError`` when two methods have one signature (Java's
    ///   "Two methods with same signature!"): every index after them would name the wrong method.
    static func methodTable() throws -> [RemoteMethod] {
        let table = RemoteMethodTables.table(for: Self.self)
        for (method, next) in zip(table, table.dropFirst()) where method == next {
            throw SerializationError(
                .invalidValue, expected: "each method of \(javaClassName) declared once",
                found: "\(method) twice")
        }
        return table
    }
}

/// The sorted method lists of the remote interfaces, made once per interface.
enum RemoteMethodTables {
    private static let tables = Mutex<[ObjectIdentifier: [RemoteMethod]]>([:])

    static func table(for interface: any RemoteInterface.Type) -> [RemoteMethod] {
        let key = ObjectIdentifier(interface)
        if let table = tables.withLock({ $0[key] }) { return table }
        let table = interface.methods.sorted(by: RemoteMethod.precedes)
        tables.withLock { $0[key] = table }
        return table
    }
}

extension Register {
    /// Registers a remote interface, as Java's `kryo.register(IPlayer.class)`: a class id for
    /// calls to name it by. No value of it is ever written.
    ///
    /// - Parameters:
    ///   - interface: The interface.
    ///   - id: The id; `nil` takes the next free one, as Java's `register(Class)`.
    public init<I: RemoteInterface>(remoteInterface interface: I.Type, id: Int? = nil) {
        self.init(
            RemoteInterfaceMarker<I>.self, id: id, javaName: I.javaClassName,
            serializer: RemoteInterfaceSerializer<I>(), isFinal: false)
    }
}

/// The Swift type a remote interface is registered as: it has no values, as a Java interface has
/// no instances of its own.
enum RemoteInterfaceMarker<Interface: RemoteInterface> {}

/// The serializer of a remote interface's registration: there is nothing to write, and a stream
/// that claims an instance of the interface is refused.
struct RemoteInterfaceSerializer<Interface: RemoteInterface>: Serializer {
    func write(_ value: RemoteInterfaceMarker<Interface>, to writer: any ValueWriter) throws {}

    func read(from reader: any ValueReader) throws -> RemoteInterfaceMarker<Interface> {
        throw reader.error(
            .typeMismatch, expected: "an object of a class",
            found: "the remote interface \(Interface.javaClassName), which has no instances of its own")
    }
}

/// Finds the remote interface a registration stands for.
extension Registration {
    /// The remote interface registered under this registration, if it is one.
    var remoteInterface: (any RemoteInterface.Type)? {
        (swiftType as? any RemoteInterfaceRegistration.Type)?.interface
    }
}

/// What ``RemoteInterfaceMarker`` tells about itself without its generic argument.
protocol RemoteInterfaceRegistration {
    static var interface: any RemoteInterface.Type { get }
}

extension RemoteInterfaceMarker: RemoteInterfaceRegistration {
    static var interface: any RemoteInterface.Type { Interface.self }
}
