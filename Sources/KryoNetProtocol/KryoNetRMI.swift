import KryoBinary
import KryoCore

/// KryoNet's remote method invocation (`com.esotericsoftware.kryonet.rmi.ObjectSpace`): its
/// classes and its two forms.
///
/// An `ObjectSpace` holds objects by id; the other end of a connection calls their methods with
/// an ``InvokeMethod`` and, unless it asked for no response, gets an ``InvokeMethodResult``. Both
/// ends register ``registrations`` where Java calls `ObjectSpace.registerClasses(kryo)`, then the
/// ``RemoteInterface``s and the classes of the methods' parameters and results.
public enum KryoNetRMI {
    /// The classes `ObjectSpace.registerClasses(kryo)` registers, in its order: `Object[]`,
    /// ``InvokeMethod``, ``InvokeMethodResult`` and `java.lang.reflect.InvocationHandler`
    /// (``RemoteObjectReference``, how a remote object travels inside other objects).
    public static var registrations: [Register] {
        [
            Register(JavaArray<Any>.self), Register(InvokeMethod.self), Register(InvokeMethodResult.self),
            Register(RemoteObjectReference.self),
        ]
    }

    /// The Java names of ``registrations``, in order.
    static let javaNames = [
        "[Ljava.lang.Object;", InvokeMethod.javaClassName, InvokeMethodResult.javaClassName,
        RemoteObjectReference.javaClassName,
    ]

    /// How an ``InvokeMethodResult`` is laid out and which response id it repeats: KryoNet 2.21
    /// and the later `ObjectSpace` (crykn/kryonet) differ.
    public enum Form: Sendable, Hashable {
        /// KryoNet 2.21 (on Kryo 2.20): the result's fields in name order (`objectID`,
        /// `responseID`, `result`), and the response id repeated whole, with its flags.
        case kryoNet2
        /// crykn/kryonet (on Kryo 5) and EsotericSoftware's later `ObjectSpace`: `responseID`,
        /// `result`, then `objectID`; the response id without its flags.
        case kryoNet3

        /// The form of the KryoNet that runs on a Kryo release: 2.21 on Kryo 2.x, the later
        /// `ObjectSpace` on Kryo 4 and 5.
        public static func of(_ version: KryoWireVersion) -> Form {
            version == .kryo2 ? .kryoNet2 : .kryoNet3
        }
    }

    /// The bit of ``InvokeMethod/responseData`` that asks for the method's result.
    public static let returnValueFlag: Int8 = -0x80
    /// The bit of ``InvokeMethod/responseData`` that asks for an exception the method throws.
    public static let exceptionFlag: Int8 = 0x40
    /// The bits of ``InvokeMethod/responseData`` that number the call (1–63; 0: no response).
    public static let responseIDMask: Int8 = 0x3F
}
