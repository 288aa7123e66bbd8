import KryoNetProtocol
import Synchronization

/// The calls of remote methods a connection waits for the results of, by object id and call
/// number (KryoNet's response ids, 1–63 per object).
///
/// Java numbers the calls of each proxy from 1 to 63 and starts again; here a connection numbers
/// the calls to each object id, skipping numbers still awaited, so that two handles to one object
/// never mix their results up.
final class RemoteCallTable: Sendable {
    typealias Continuation = CheckedContinuation<Any?, any Error>

    private struct State {
        var next: [Int32: Int8] = [:]
        var waiting: [Key: Continuation] = [:]
        var isClosed = false
    }

    private struct Key: Hashable {
        var objectID: Int32
        var responseID: Int8
    }

    private let state = Mutex(State())

    /// A free call number for `objectID` (1–63); `nil` when 63 calls to it are awaited.
    func reserveNumber(for objectID: Int32) -> Int8? {
        state.withLock { state in
            var candidate = state.next[objectID] ?? 1
            for _ in 0..<Int(KryoNetRMI.responseIDMask) {
                let number = candidate
                candidate = candidate == KryoNetRMI.responseIDMask ? 1 : candidate + 1
                if state.waiting[Key(objectID: objectID, responseID: number)] == nil {
                    state.next[objectID] = candidate
                    return number
                }
            }
            return nil
        }
    }

    /// Waits for the result numbered `responseID` of `objectID`; `false` when the connection is
    /// closed already.
    func wait(objectID: Int32, responseID: Int8, continuation: Continuation) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.waiting[Key(objectID: objectID, responseID: responseID)] = continuation
            return true
        }
    }

    /// Removes and returns the waiter of the call a result answers. KryoNet 2.21 repeats the whole
    /// response byte (flags and number), the later `ObjectSpace` the number alone.
    func finish(_ result: KryoNetRMI.InvokeMethodResult) -> Continuation? {
        cancel(objectID: result.objectID, responseID: result.responseID & KryoNetRMI.responseIDMask)
    }

    /// Removes the waiter of a call (that timed out, or whose result came).
    func cancel(objectID: Int32, responseID: Int8) -> Continuation? {
        state.withLock { $0.waiting.removeValue(forKey: Key(objectID: objectID, responseID: responseID)) }
    }

    /// The connection closed: every waiter, removed; later calls fail at once.
    func close() -> [Continuation] {
        state.withLock { state in
            state.isClosed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
    }
}
