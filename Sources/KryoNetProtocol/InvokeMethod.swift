import KryoBinary
import KryoCore

extension KryoNetRMI {
    /// A call of a remote object's method (Java's `ObjectSpace.InvokeMethod`, a framework message
    /// that writes itself).
    ///
    /// On the wire: the object's id and the interface's class id (positive varints), the method's
    /// index in the interface's sorted methods (a byte), each argument (see ``RemoteType``), then
    /// ``responseData`` (a byte).
    public struct InvokeMethod: @unchecked Sendable {
        /// The id the called object is registered with in the other end's object space.
        public var objectID: Int32
        /// The interface that declares the method.
        public var interface: any RemoteInterface.Type
        /// The method.
        public var method: RemoteMethod
        /// The arguments, one per parameter.
        public var arguments: [Any?]
        /// The response wanted: 0 for none; otherwise a call number (1–63, ``responseIDMask``)
        /// with ``returnValueFlag`` and ``exceptionFlag``.
        public var responseData: Int8

        /// A call of `method` of `interface` on the object registered as `objectID`.
        public init(
            objectID: Int32, interface: any RemoteInterface.Type, method: RemoteMethod, arguments: [Any?],
            responseData: Int8
        ) {
            self.objectID = objectID
            self.interface = interface
            self.method = method
            self.arguments = arguments
            self.responseData = responseData
        }

        /// The call number the response will repeat (``responseIDMask``); 0 when none is wanted.
        public var responseID: Int8 { responseData & responseIDMask }
        /// Whether the caller wants the method's result back.
        public var wantsReturnValue: Bool { responseData & returnValueFlag != 0 }
        /// Whether the caller wants an exception the method throws back.
        public var wantsException: Bool { responseData & exceptionFlag != 0 }
    }
}

extension KryoNetRMI.InvokeMethod: JavaRepresentable {
    public static var javaClassName: String { "com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethod" }
    public static var defaultSerializer: AnySerializer { AnySerializer(InvokeMethodSerializer()) }
}

/// `InvokeMethod.write` and `read` (the class is `KryoSerializable`).
struct InvokeMethodSerializer: Serializer {
    func write(_ value: KryoNetRMI.InvokeMethod, to writer: any ValueWriter) throws {
        let table = try value.interface.methodTable()
        guard let index = table.firstIndex(of: value.method) else {
            throw SerializationError(
                .invalidValue, expected: "a method of \(value.interface.javaClassName)",
                found: "\(value.method); its methods are \(table.map(\.description).joined(separator: ", "))")
        }
        guard index <= Int8.max else {
            throw SerializationError(
                .unsupported, expected: "a method index that fits in a byte",
                found: "\(index) (\(value.method) of \(value.interface.javaClassName))")
        }
        let method = table[index]
        guard value.arguments.count == method.parameters.count else {
            throw SerializationError(
                .invalidValue, expected: "\(method.parameters.count) arguments for \(method)",
                found: "\(value.arguments.count)")
        }
        guard let id = writer.registry.registration(for: value.interface.markerType)?.id,
            let classID = Int32(exactly: id)
        else {
            throw SerializationError(
                .unregisteredType, expected: "\(value.interface.javaClassName) registered with an id",
                found: "no registration with an id of Java's range (Register(remoteInterface:))")
        }
        try InvokeMethodWire.writeCallee(objectID: value.objectID, classID: classID, index: index, to: writer)
        for (parameter, argument) in zip(method.parameters, value.arguments) {
            try parameter.slot.write(argument.map { $0 }, to: writer, forKey: "argument")
        }
        try writer.writeInt8(value.responseData, forKey: "responseData")
    }

    func read(from reader: any ValueReader) throws -> KryoNetRMI.InvokeMethod {
        let (objectID, registration) = try InvokeMethodWire.readCallee(from: reader)
        guard let interface = registration.remoteInterface else {
            throw reader.error(
                .typeMismatch, expected: "the class id of a remote interface (Register(remoteInterface:))",
                found: "\(registration.id ?? -1), \(registration.javaName)")
        }
        let table: [RemoteMethod]
        do {
            table = try interface.methodTable()
        } catch let error as SerializationError {
            throw reader.error(error.kind, expected: error.expected, found: error.found)
        }
        let index = try InvokeMethodWire.readIndex(from: reader, below: table.count, of: interface.javaClassName)
        let method = table[index]
        var arguments: [Any?] = []
        arguments.reserveCapacity(method.parameters.count)
        for parameter in method.parameters {
            arguments.append(try parameter.slot.read(from: reader, forKey: "argument") ?? nil)
        }
        let responseData = try reader.readInt8(forKey: "responseData")
        return KryoNetRMI.InvokeMethod(
            objectID: objectID, interface: interface, method: method, arguments: arguments, responseData: responseData)
    }
}

/// What ``InvokeMethodSerializer`` and the dynamic path's ``DynamicInvokeMethod`` share of
/// `ObjectSpace`'s bytes: the called object's id, the interface's class id and the method's
/// index, each checked as it is read.
enum InvokeMethodWire {
    /// The object's id and the registration the interface's class id names.
    static func readCallee(from reader: any ValueReader) throws -> (objectID: Int32, registration: Registration) {
        let objectID = try reader.readInt32(forKey: "objectID", encoding: .positive)
        let classID = Int(try reader.readInt32(forKey: "methodClassID", encoding: .positive))
        guard let registration = reader.registry.registration(forID: classID) else {
            throw reader.error(.unknownClassID, expected: "the class id of a remote interface", found: "\(classID)")
        }
        return (objectID, registration)
    }

    /// The method's index, below `count`, the number of methods of the interface `name`.
    static func readIndex(from reader: any ValueReader, below count: Int, of name: String) throws -> Int {
        let index = Int(try reader.readInt8(forKey: "methodIndex"))
        guard (0..<count).contains(index) else {
            throw reader.error(
                .invalidValue, expected: "a method index below \(count) (the methods of \(name))", found: "\(index)")
        }
        return index
    }

    /// Writes what ``readCallee(from:)`` and ``readIndex(from:below:of:)`` read.
    static func writeCallee(objectID: Int32, classID: Int32, index: Int, to writer: any ValueWriter) throws {
        try writer.writeInt32(objectID, forKey: "objectID", encoding: .positive)
        try writer.writeInt32(classID, forKey: "methodClassID", encoding: .positive)
        try writer.writeInt8(Int8(truncatingIfNeeded: index), forKey: "methodIndex")
    }
}

extension RemoteInterface {
    /// The Swift type the interface is registered as.
    static var markerType: any Any.Type { RemoteInterfaceMarker<Self>.self }
}
