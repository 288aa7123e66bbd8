import KryoCore
import KryoNetProtocol
import NIOCore
import Synchronization

/// An object of the other end of a connection, registered there in an object space under an id,
/// whose methods this end calls: Java's proxy from `ObjectSpace.getRemoteObject`.
///
/// ```swift
/// let player = connection.remoteObject(IPlayer.self, id: 1)
/// try await player.call(IPlayer.registerName, "Ada")
/// let sum = try await calculator.call(ICalc.add, Int32(2), Int32(3)) as? Int32
/// ```
///
/// A call waits for its result, as Java's proxy blocks, unless ``isNonBlocking``; the settings
/// and their defaults are those of Java's `RemoteObject`. A call never blocks a thread, so it
/// may be awaited anywhere, a connection's event loop included.
public final class KryoNetRemoteObject<Interface: RemoteInterface>: Sendable {
    /// The connection to the object's end.
    public let connection: KryoNetConnection
    /// The id the object is registered with at the other end.
    public let objectID: Int32

    private struct Settings {
        var responseTimeout = Duration.milliseconds(3000)
        var isNonBlocking = false
        var transmitsReturnValue = true
        var transmitsExceptions = true
        var usesUDP = false
    }

    private let settings = Mutex(Settings())

    /// One setting, read or changed under the lock.
    private subscript<T: Sendable>(setting: WritableKeyPath<Settings, T>) -> T {
        get { settings.withLock { $0[keyPath: setting] } }
        set { settings.withLock { $0[keyPath: setting] = newValue } }
    }

    init(connection: KryoNetConnection, objectID: Int32) {
        self.connection = connection
        self.objectID = objectID
    }

    /// How long a call waits for its result (Java's `setResponseTimeout`, 3 seconds by default).
    public var responseTimeout: Duration {
        get { self[\.responseTimeout] }
        set { self[\.responseTimeout] = newValue }
    }

    /// Whether a call returns at once with `nil` instead of waiting for its result (Java's
    /// `setNonBlocking`, false by default). A result that comes later is dropped.
    public var isNonBlocking: Bool {
        get { self[\.isNonBlocking] }
        set { self[\.isNonBlocking] = newValue }
    }

    /// Whether the other end sends the method's result back (Java's `setTransmitReturnValue`,
    /// true by default). Without it a result of a primitive type still comes, others come as `nil`.
    public var transmitsReturnValue: Bool {
        get { self[\.transmitsReturnValue] }
        set { self[\.transmitsReturnValue] = newValue }
    }

    /// Whether the other end sends an exception the method throws back (Java's
    /// `setTransmitExceptions`, true by default); a call then throws it when its type is a Swift
    /// `Error`.
    public var transmitsExceptions: Bool {
        get { self[\.transmitsExceptions] }
        set { self[\.transmitsExceptions] = newValue }
    }

    /// Whether calls go over UDP, unanswered and returning `nil` at once (crykn/kryonet's
    /// `setUDP`, false by default); the connection must have registered UDP.
    public var usesUDP: Bool {
        get { self[\.usesUDP] }
        set { self[\.usesUDP] = newValue }
    }

    /// Calls `method` with `arguments` (one per parameter: `Int32` for `int`, `String` for
    /// `String`, a registered value or `nil` for an object).
    ///
    /// - Returns: What the method returned (`nil` for `void`, and when the call does not wait).
    /// - Throws: The error the method threw, when the other end sent one back and it is a Swift
    ///   `Error`; ``KryoNetError/remoteCallTimedOut(method:after:)`` when no result came in time;
    ///   ``KryoNetError/tooManyRemoteCalls(objectID:)``; ``KryoNetError/notConnected``; ``/KryoCore/SerializationError`` when the call cannot be
    ///   written (a method the interface does not declare, arguments that do not fit).
    @discardableResult
    public func call(_ method: RemoteMethod, _ arguments: Any?...) async throws -> Any? {
        try await call(method, arguments: arguments)
    }

    /// Calls `method` with `arguments`; see ``call(_:_:)``.
    @discardableResult
    public func call(_ method: RemoteMethod, arguments: [Any?]) async throws -> Any? {
        let settings = self.settings.withLock { $0 }
        let interface = Self.declaring(method)
        if settings.usesUDP {
            try connection.sendUDP(
                KryoNetRMI.InvokeMethod(
                    objectID: objectID, interface: interface, method: method, arguments: arguments, responseData: 0))
            return nil
        }
        var responseData: Int8 = 0
        let waits = !settings.isNonBlocking
        if settings.transmitsReturnValue || settings.transmitsExceptions || waits {
            guard let number = connection.remoteCalls.reserveNumber(for: objectID) else {
                throw KryoNetError.tooManyRemoteCalls(objectID: objectID)
            }
            responseData = number
            if settings.transmitsReturnValue { responseData |= KryoNetRMI.returnValueFlag }
            if settings.transmitsExceptions { responseData |= KryoNetRMI.exceptionFlag }
        }
        let invocation = KryoNetRMI.InvokeMethod(
            objectID: objectID, interface: interface, method: method, arguments: arguments, responseData: responseData)
        guard waits else {
            try connection.sendTCP(invocation)
            return nil
        }
        let result = try await waitForResult(of: invocation, timeout: settings.responseTimeout)
        if let error = result as? any Error { throw error }
        return result
    }

    /// Calls `method` without waiting and without asking for a response: sends the call at once
    /// (over UDP when ``usesUDP``) and returns. For a caller that cannot await (a handler of a
    /// ``KryoNetObjectSpace``, a listener), as Java's non-blocking proxies with nothing to transmit.
    ///
    /// - Throws: What ``KryoNetConnection/sendTCP(_:)`` throws, and
    ///   ``/KryoCore/SerializationError`` when the call cannot be written.
    public func invoke(_ method: RemoteMethod, _ arguments: Any?...) throws {
        let invocation = KryoNetRMI.InvokeMethod(
            objectID: objectID, interface: Self.declaring(method), method: method, arguments: arguments,
            responseData: 0)
        if usesUDP {
            try connection.sendUDP(invocation)
        } else {
            try connection.sendTCP(invocation)
        }
    }

    /// Sends `invocation` and waits for its result.
    private func waitForResult(of invocation: KryoNetRMI.InvokeMethod, timeout: Duration) async throws -> Any? {
        let table = connection.remoteCalls
        let objectID = invocation.objectID
        let number = invocation.responseID
        let connection = self.connection
        let description = "\(invocation.interface.javaClassName).\(invocation.method)"
        return try await withCheckedThrowingContinuation { (continuation: RemoteCallTable.Continuation) in
            guard table.wait(objectID: objectID, responseID: number, continuation: continuation) else {
                continuation.resume(throwing: KryoNetError.notConnected)
                return
            }
            connection.channel.eventLoop.scheduleTask(in: .nanoseconds(timeout.nanoseconds)) {
                table.cancel(objectID: objectID, responseID: number)?.resume(
                    throwing: KryoNetError.remoteCallTimedOut(method: description, after: timeout))
            }
            do {
                try connection.sendTCP(invocation)
            } catch {
                table.cancel(objectID: objectID, responseID: number)?.resume(throwing: error)
            }
        }
    }
}

extension KryoNetRemoteObject {
    /// The interface that declares `method`, `Interface` or one it extends; `Interface` when none
    /// does (writing the call then says the method is not `Interface`'s).
    static func declaring(_ method: RemoteMethod) -> any RemoteInterface.Type {
        Interface.declaring(method) ?? Interface.self
    }
}

extension KryoNetConnection {
    /// The object registered as `id` in the other end's object space, seen through `interface`
    /// (Java's `ObjectSpace.getRemoteObject(connection, id, IPlayer.class)`).
    public func remoteObject<I: RemoteInterface>(_ interface: I.Type, id: Int32) -> KryoNetRemoteObject<I> {
        KryoNetRemoteObject(connection: self, objectID: id)
    }
}
