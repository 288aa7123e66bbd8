import KryoCore
import KryoNetProtocol
import Synchronization

/// Objects the other ends of some connections may call methods of: KryoNet's RMI
/// (`com.esotericsoftware.kryonet.rmi.ObjectSpace`), wire-compatible with KryoNet 2.21 and
/// crykn/kryonet.
///
/// An object is a handler registered with an id: it gets each ``KryoNetRemoteCall`` (the
/// interface, the method and its arguments) and returns the method's result (`nil` for `void`).
/// Only the connections added to the space (``addConnection(_:)``, or all of an endpoint's with
/// ``serve(_:)-(KryoNetServer)``) may call its objects, as in Java:
///
/// ```swift
/// let space = KryoNetObjectSpace()
/// space.register(1) { call in
///     if call.isCall(of: IPlayer.registerName, in: IPlayer.self) {
///         player.name = try call.argument(0, as: String?.self)
///     }
///     return nil
/// }
/// space.serve(server)   // every connection, from the moment it is connected
/// ```
///
/// Handlers run on the connection's event loop, one call at a time per connection and in the
/// order the calls came (Java's default, without an executor): keep them short and hand long
/// work to a task. What a handler returns goes back when the caller asked for a response: the
/// result when it asked for the return value (a result that is not of a primitive type goes as
/// `nil` when it did not), and an error the handler throws when it asked for exceptions and the
/// error's type is registered (a Swift type registered as the Java exception class). An error
/// that cannot go back is given to ``onError(_:)``, and no response is sent, as a Java
/// `ObjectSpace` then throws on its update thread and sends none.
public final class KryoNetObjectSpace: Sendable {
    /// A registered object: answers the calls of its methods.
    public typealias Handler = @Sendable (KryoNetRemoteCall) throws -> Any?
    /// A registered object that answers from a task: for work that awaits (Java's
    /// `ObjectSpace.setExecutor`).
    public typealias AsyncHandler = @Sendable (KryoNetRemoteCall) async throws -> Any?

    /// A registered object: its handler, run on the connection's event loop or in a task.
    private enum Object {
        case synchronous(Handler)
        case asynchronous(AsyncHandler)
    }

    private struct State {
        var objects: [Int32: Object] = [:]
        var connections: Set<KryoNetConnection> = []
        var errorHandler: (@Sendable (KryoNetRemoteCall, any Error) -> Void)?
    }

    private let state = Mutex(State())
    /// The result form; `nil`: the one of each connection's Kryo release.
    private let form: KryoNetRMI.Form?

    /// An empty space.
    ///
    /// - Parameter form: How results are written (``KryoNetRMI/Form``); `nil`, the default, takes
    ///   each connection's: KryoNet 2.21's in Kryo 2.20's dialect, the later `ObjectSpace`'s in
    ///   Kryo 4's and 5's.
    public init(form: KryoNetRMI.Form? = nil) {
        self.form = form
    }

    /// Registers an object under `objectID`, replacing the one registered there (Java's
    /// `register(int, Object)`).
    public func register(_ objectID: Int32, handler: @escaping Handler) {
        state.withLock { $0.objects[objectID] = .synchronous(handler) }
    }

    /// Registers an object under `objectID` whose handler runs in a task of its own for each
    /// call, and may await (Java's `ObjectSpace` with an executor): calls of it are answered as
    /// their tasks finish, not necessarily in the order they came.
    public func register(_ objectID: Int32, asyncHandler: @escaping AsyncHandler) {
        state.withLock { $0.objects[objectID] = .asynchronous(asyncHandler) }
    }

    /// Removes the object registered under `objectID`: calls of it are ignored from now on.
    public func remove(_ objectID: Int32) {
        _ = state.withLock { $0.objects.removeValue(forKey: objectID) }
    }

    /// Lets the other end of `connection` call this space's objects, until it disconnects.
    public func addConnection(_ connection: KryoNetConnection) {
        state.withLock { _ = $0.connections.insert(connection) }
        connection.join(self)
    }

    /// Lets the other end of every connection of `server`, those it has and those it will have,
    /// call this space's objects, from the moment each is connected (Java's chat RMI server makes
    /// an `ObjectSpace` for each connection in `newConnection`). Adding connections from a task
    /// that reads ``KryoNetServer/events()`` instead leaves a moment in which a call that comes at
    /// once (a Java client calls as soon as `connect` returns) finds no object and is ignored.
    public func serve(_ server: KryoNetServer) {
        server.addListener(ConnectionJoiner(space: self))
        for connection in server.connections { addConnection(connection) }
    }

    /// Lets the server of `client` call this space's objects, on this connection and the next
    /// ones (after ``KryoNetClient/reconnect()``).
    public func serve(_ client: KryoNetClient) {
        client.addListener(ConnectionJoiner(space: self))
        if let connection = client.connection, connection.isConnected { addConnection(connection) }
    }

    /// Stops `connection`'s calls of this space's objects.
    public func removeConnection(_ connection: KryoNetConnection) {
        _ = state.withLock { $0.connections.remove(connection) }
        connection.leave(self)
    }

    /// The connections whose other ends may call this space's objects.
    public var connections: [KryoNetConnection] { state.withLock { Array($0.connections) } }

    /// Sets what is told of a call whose handler failed and whose error could not be sent back,
    /// or whose result could not be written (a type that is not registered, say).
    public func onError(_ body: @escaping @Sendable (KryoNetRemoteCall, any Error) -> Void) {
        state.withLock { $0.errorHandler = body }
    }

    /// Answers a call that came on `connection` (on its event loop), if an object of this space
    /// has its id; calls of unknown objects are ignored, as Java's `ObjectSpace` ignores them.
    func invoke(_ invocation: KryoNetRMI.InvokeMethod, on connection: KryoNetConnection) {
        let (object, errorHandler) = state.withLock { ($0.objects[invocation.objectID], $0.errorHandler) }
        guard let object else { return }
        let call = KryoNetRemoteCall(
            connection: connection, objectID: invocation.objectID, interface: invocation.interface,
            method: invocation.method, arguments: invocation.arguments)
        switch object {
        case .synchronous(let handler):
            answer(invocation, call, errorHandler) { try handler(call) }
        case .asynchronous(let handler):
            let answering = Answering(space: self, invocation: invocation, call: call, errorHandler: errorHandler)
            Task {
                do {
                    let result = try await handler(call)
                    answering.send { result }
                } catch {
                    answering.send { throw error }
                }
            }
        }
    }

    /// What an asynchronous handler's task answers with, carried across to it.
    private struct Answering: @unchecked Sendable {
        let space: KryoNetObjectSpace
        let invocation: KryoNetRMI.InvokeMethod
        let call: KryoNetRemoteCall
        let errorHandler: (@Sendable (KryoNetRemoteCall, any Error) -> Void)?

        func send(_ result: () throws -> Any?) {
            space.answer(invocation, call, errorHandler, result)
        }
    }

    /// Sends the answer to `invocation` that `result` gives (its value, or the error it throws),
    /// when the caller asked for one, as Java's `ObjectSpace.invoke` does.
    private func answer(
        _ invocation: KryoNetRMI.InvokeMethod, _ call: KryoNetRemoteCall,
        _ errorHandler: (@Sendable (KryoNetRemoteCall, any Error) -> Void)?, _ result: () throws -> Any?
    ) {
        let connection = call.connection
        var value: Any?
        do {
            value = try result()
        } catch {
            guard invocation.wantsException, connection.serialization.registry.registration(forValue: error) != nil
            else {
                errorHandler?(call, error)
                return
            }
            value = error
        }
        guard invocation.responseID != 0 else { return }
        if !invocation.wantsReturnValue, !invocation.method.returnsPrimitive, !(value is any Error) {
            value = nil
        }
        let form = self.form ?? KryoNetRMI.Form.of(connection.serialization.dialect.version)
        let answer = KryoNetRMI.InvokeMethodResult(
            objectID: invocation.objectID,
            responseID: form == .kryoNet2 ? invocation.responseData : invocation.responseID, result: value)
        do {
            try connection.sendTCP(answer)
        } catch {
            errorHandler?(call, error)
        }
    }

    /// `connection` ended.
    func connectionEnded(_ connection: KryoNetConnection) {
        _ = state.withLock { $0.connections.remove(connection) }
    }
}

/// Adds each connection of an endpoint to an object space as it connects, on its event loop,
/// before the connection reads anything else.
private final class ConnectionJoiner: KryoNetListener {
    let space: KryoNetObjectSpace
    init(space: KryoNetObjectSpace) { self.space = space }
    func connected(_ connection: KryoNetConnection) { space.addConnection(connection) }
}
