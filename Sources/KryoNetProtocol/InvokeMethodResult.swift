import KryoBinary
import KryoCore

extension KryoNetRMI {
    /// The answer to an ``InvokeMethod`` that asked for one (Java's
    /// `ObjectSpace.InvokeMethodResult`, a framework message).
    ///
    /// Its layout depends on the KryoNet (``KryoNetRMI/Form``), told by the Kryo release: KryoNet
    /// 2.21's field serializer writes `objectID` (a zigzag varint, as Kryo 2.20's field
    /// serializer writes a public `int` field), `responseID` (a byte), then `result` with its
    /// class; the later `ObjectSpace` writes `responseID`, `result`, then `objectID` as a positive
    /// varint.
    public struct InvokeMethodResult: @unchecked Sendable {
        /// The id of the object whose method was called.
        public var objectID: Int32
        /// The call's number: in KryoNet 2.21 the call's whole ``InvokeMethod/responseData``, in
        /// the later `ObjectSpace` its number alone (``responseIDMask``).
        public var responseID: Int8
        /// What the method returned, or the exception it threw; `nil` for `void`, or when the
        /// caller asked for no return value and the result is not of a primitive type.
        public var result: Any?

        /// The answer to the call numbered `responseID` on the object `objectID`.
        public init(objectID: Int32, responseID: Int8, result: Any?) {
            self.objectID = objectID
            self.responseID = responseID
            self.result = result
        }
    }
}

extension KryoNetRMI.InvokeMethodResult: JavaRepresentable {
    public static var javaClassName: String { "com.esotericsoftware.kryonet.rmi.ObjectSpace$InvokeMethodResult" }
    public static var defaultSerializer: AnySerializer { AnySerializer(InvokeMethodResultSerializer()) }
}

/// The result's field serializer, in the form of the KryoNet of the stream's Kryo release.
struct InvokeMethodResultSerializer: Serializer {
    private static let result = ObjectSlot<Any?>(.object)

    func write(_ value: KryoNetRMI.InvokeMethodResult, to writer: any ValueWriter) throws {
        switch KryoNetRMI.Form.of(writer.kryoWireVersion ?? .kryo5) {
        case .kryoNet2:
            try writer.writeInt32(value.objectID, forKey: "objectID", encoding: .zigzag)
            try writer.writeInt8(value.responseID, forKey: "responseID")
            try Self.result.write(value.result.map { $0 }, to: writer, forKey: "result")
        case .kryoNet3:
            try writer.writeInt8(value.responseID, forKey: "responseID")
            try Self.result.write(value.result.map { $0 }, to: writer, forKey: "result")
            try writer.writeInt32(value.objectID, forKey: "objectID", encoding: .positive)
        }
    }

    func read(from reader: any ValueReader) throws -> KryoNetRMI.InvokeMethodResult {
        switch KryoNetRMI.Form.of(reader.kryoWireVersion ?? .kryo5) {
        case .kryoNet2:
            let objectID = try reader.readInt32(forKey: "objectID", encoding: .zigzag)
            let responseID = try reader.readInt8(forKey: "responseID")
            let result = try Self.result.read(from: reader, forKey: "result") ?? nil
            return KryoNetRMI.InvokeMethodResult(objectID: objectID, responseID: responseID, result: result)
        case .kryoNet3:
            let responseID = try reader.readInt8(forKey: "responseID")
            let result = try Self.result.read(from: reader, forKey: "result") ?? nil
            let objectID = try reader.readInt32(forKey: "objectID", encoding: .positive)
            return KryoNetRMI.InvokeMethodResult(objectID: objectID, responseID: responseID, result: result)
        }
    }
}

extension KryoNetRMI {
    /// A remote object inside another object: Java writes its proxy of an object of the other
    /// end as the class `java.lang.reflect.InvocationHandler` and the object's id (a positive
    /// varint), and the receiving end puts its own object with that id in its place.
    ///
    /// Read, it is the id of an object of this end's object space; written, it stands for the
    /// object the other end registered with that id.
    public struct RemoteObjectReference: Sendable, Hashable {
        /// The id the object is registered with.
        public var objectID: Int32
        /// A reference to the object registered as `objectID`.
        public init(objectID: Int32) { self.objectID = objectID }
    }
}

extension KryoNetRMI.RemoteObjectReference: JavaRepresentable {
    public static var javaClassName: String { "java.lang.reflect.InvocationHandler" }
    public static var defaultSerializer: AnySerializer { AnySerializer(RemoteObjectReferenceSerializer()) }
}

/// `ObjectSpace`'s serializer of `InvocationHandler`: the object's id.
struct RemoteObjectReferenceSerializer: Serializer {
    func write(_ value: KryoNetRMI.RemoteObjectReference, to writer: any ValueWriter) throws {
        try writer.writeInt32(value.objectID, forKey: "objectID", encoding: .positive)
    }

    func read(from reader: any ValueReader) throws -> KryoNetRMI.RemoteObjectReference {
        KryoNetRMI.RemoteObjectReference(objectID: try reader.readInt32(forKey: "objectID", encoding: .positive))
    }
}
