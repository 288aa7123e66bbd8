import NIOCore
import Synchronization

/// Where a client's or server's events go: its listeners, called in place, and its
/// ``KryoNetEvents`` sequences, each a bounded queue.
///
/// A queue that holds ``KryoNetConfiguration/eventBufferSize`` events or more pauses reading on
/// the connection whose TCP object it takes, until the application has taken half of what it
/// holds: the socket then fills and the peer's sends wait, so memory stays bounded however slowly
/// the application takes its events. UDP objects that find a queue over twice that size are
/// dropped, as a full socket buffer drops datagrams.
final class EventHub: Sendable {
    private struct State {
        var listeners: [any KryoNetListener] = []
        var subscriptions: [EventSubscription] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func addListener(_ listener: any KryoNetListener) {
        state.withLock { state in
            if !state.listeners.contains(where: { $0 === listener }) { state.listeners.append(listener) }
        }
    }

    func removeListener(_ listener: any KryoNetListener) {
        state.withLock { $0.listeners.removeAll { $0 === listener } }
    }

    /// A new sequence of the events from now on.
    func subscribe() -> KryoNetEvents {
        let subscription = EventSubscription(capacity: capacity)
        state.withLock { $0.subscriptions.append(subscription) }
        return KryoNetEvents(subscription: subscription, hub: self)
    }

    func unsubscribe(_ subscription: EventSubscription) {
        state.withLock { $0.subscriptions.removeAll { $0 === subscription } }
        subscription.finish()
    }

    /// Ends every sequence made so far: the endpoint is closed. Sequences made later get the
    /// events of what comes next (a client connecting again, a server bound again), as Java's
    /// listeners do.
    func finish() {
        let subscriptions = state.withLock { state in
            defer { state.subscriptions = [] }
            return state.subscriptions
        }
        for subscription in subscriptions { subscription.finish() }
    }

    /// Delivers an event; called on the event loop of the connection it concerns. With
    /// `wakeLater`, a sequence's waiting task is not woken for it: ``wakeDeferred()`` does, once
    /// the socket read that brought it is over (an object TCP read), so that a burst of objects
    /// costs the application one wake-up, not one each.
    func publish(_ event: KryoNetEvent, wakeLater: Bool = false) {
        let (listeners, subscriptions) = state.withLock { ($0.listeners, $0.subscriptions) }
        for listener in listeners {
            switch event {
            case .connected(let connection): listener.connected(connection)
            case .received(let received):
                listener.received(received.object, from: received.connection, via: received.transport)
            case .idle(let connection): listener.idle(connection)
            case .disconnected(let connection, let reason): listener.disconnected(connection, reason: reason)
            }
        }
        for subscription in subscriptions {
            subscription.push(event, wakeLater: wakeLater)
        }
    }

    /// Wakes the sequences' tasks that wait for events published with `wakeLater`.
    func wakeDeferred() {
        let subscriptions = state.withLock { $0.subscriptions }
        for subscription in subscriptions { subscription.wakeDeferred() }
    }
}

/// One ``KryoNetEvents`` sequence's queue.
final class EventSubscription: Sendable {
    private struct State {
        /// A ring: taking the first event moves nothing (an array's `removeFirst` moved every
        /// event behind it, a tenth of a server's time taking objects through `events()`).
        var buffer = CircularBuffer<KryoNetEvent>()
        var waiter: CheckedContinuation<KryoNetEvent?, Never>?
        var paused: [KryoNetConnection] = []
        var isFinished = false
        /// Events wait in `buffer` while `waiter` waits for ``wakeDeferred()``.
        var wakeIsDeferred = false
        var count: Int { buffer.count }

        mutating func popFirst() -> KryoNetEvent? {
            buffer.popFirst()
        }

        /// The first event, and the paused connections to resume when the queue has fallen to
        /// half its capacity.
        mutating func take(capacity: Int) -> (KryoNetEvent, [KryoNetConnection])? {
            guard let event = popFirst() else { return nil }
            guard count <= capacity / 2 else { return (event, []) }
            defer { paused = [] }
            return (event, paused)
        }
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Queues an event, pausing the connection it came from when the queue is full. A waiting
    /// task gets it at once, or with `wakeLater` at the next ``wakeDeferred()``.
    func push(_ event: KryoNetEvent, wakeLater: Bool = false) {
        enum Action {
            case none
            case resume(CheckedContinuation<KryoNetEvent?, Never>, KryoNetEvent)
            case pause(KryoNetConnection)
        }
        let action: Action = state.withLock { state in
            if state.isFinished { return .none }
            if let waiter = state.waiter, !wakeLater {
                state.waiter = nil
                state.wakeIsDeferred = false
                // Deferred events go first.
                guard state.count > 0 else { return .resume(waiter, event) }
                state.buffer.append(event)
                guard let first = state.popFirst() else { return .resume(waiter, event) }
                return .resume(waiter, first)
            }
            if state.waiter != nil { state.wakeIsDeferred = true }
            if case .received(let received) = event {
                if received.transport == .udp {
                    if state.count >= capacity * 2 { return .none }
                } else if state.count + 1 >= capacity, !state.paused.contains(where: { $0 === received.connection }) {
                    state.buffer.append(event)
                    state.paused.append(received.connection)
                    return .pause(received.connection)
                }
            }
            state.buffer.append(event)
            return .none
        }
        switch action {
        case .none: break
        case .resume(let waiter, let first): waiter.resume(returning: first)
        case .pause(let connection): connection.pauseReading()
        }
    }

    /// Gives the waiting task the first of the events queued for it with `wakeLater`.
    func wakeDeferred() {
        let wake: (CheckedContinuation<KryoNetEvent?, Never>, KryoNetEvent, [KryoNetConnection])? = state.withLock {
            state in
            guard state.wakeIsDeferred else { return nil }
            state.wakeIsDeferred = false
            guard let waiter = state.waiter, let (event, resumed) = state.take(capacity: capacity) else { return nil }
            state.waiter = nil
            return (waiter, event, resumed)
        }
        guard let (waiter, event, resumed) = wake else { return }
        for connection in resumed { connection.resumeReading() }
        waiter.resume(returning: event)
    }

    /// The next event, waiting for one; `nil` once the sequence has ended.
    func next() async -> KryoNetEvent? {
        // An event already queued (a burst of objects read at once) is taken without a
        // continuation or a cancellation handler.
        var resumed: [KryoNetConnection] = []
        let queued: KryoNetEvent? = state.withLock { state in
            guard let (event, paused) = state.take(capacity: capacity) else { return nil }
            resumed = paused
            return event
        }
        for connection in resumed { connection.resumeReading() }
        if let queued { return queued }
        return await waitForNext()
    }

    /// ``next()`` when nothing is queued: waits for ``push(_:wakeLater:)`` or the end.
    private func waitForNext() async -> KryoNetEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<KryoNetEvent?, Never>) in
                var resumed: [KryoNetConnection] = []
                let event: KryoNetEvent?? = state.withLock { state in
                    if let (event, paused) = state.take(capacity: capacity) {
                        resumed = paused
                        return .some(event)
                    }
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                for connection in resumed { connection.resumeReading() }
                if let event { continuation.resume(returning: event) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Ends the sequence: what is queued is still delivered, then `nil`.
    func finish() {
        let (waiter, first, paused) = state.withLock { state in
            state.isFinished = true
            defer {
                state.waiter = nil
                state.wakeIsDeferred = false
                state.paused = []
            }
            // A task waiting while deferred events are queued gets the first of them.
            return (state.waiter, state.waiter == nil ? nil : state.popFirst(), state.paused)
        }
        waiter?.resume(returning: first)
        for connection in paused { connection.resumeReading() }
    }
}
