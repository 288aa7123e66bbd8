import Foundation
import KryoNet
import KryoNetChat
import SwiftKryo
import Testing

/// A test's failure to see something in time.
struct Timeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with ``Timeout`` after `seconds`.
func within<T: Sendable>(
    _ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw Timeout(what: what) }
        return value
    }
}

/// Reads events until one matches, within a time limit.
final class EventReader: @unchecked Sendable {
    private var iterator: KryoNetEvents.Iterator
    private let lock = NSLock()

    init(_ events: KryoNetEvents) {
        iterator = events.makeAsyncIterator()
    }

    /// The next event, or nil at the end or after `seconds`.
    func next(within seconds: Double = 10) async throws -> KryoNetEvent {
        try await within(seconds, "an event") { [self] in
            var iterator = lock.withLock { self.iterator }
            guard let event = await iterator.next() else { throw Timeout(what: "an event (the sequence ended)") }
            lock.withLock { self.iterator = iterator }
            return event
        }
    }

    /// Skips events until `match` gives a value.
    func first<T>(within seconds: Double = 10, _ what: String, _ match: (KryoNetEvent) -> T?) async throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Timeout(what: what) }
            let event: KryoNetEvent
            do { event = try await next(within: left) } catch is Timeout { throw Timeout(what: what) }
            if let value = match(event) { return value }
        }
    }

    /// The next received application object of a type.
    func received<T>(_ type: T.Type, within seconds: Double = 10) async throws -> (T, KryoNetReceived) {
        try await first(within: seconds, "a \(T.self)") { event in
            if case .received(let received) = event, let object = received.object as? T { return (object, received) }
            return nil
        }
    }
}

extension KryoNetEvent {
    var connectedConnection: KryoNetConnection? {
        if case .connected(let connection) = self { return connection }
        return nil
    }
    var disconnection: (KryoNetConnection, KryoNetDisconnectReason)? {
        if case .disconnected(let connection, let reason) = self { return (connection, reason) }
        return nil
    }
}

/// Every KryoNet suite, one after the other: they share SwiftNIO's event loops and measure
/// keep-alives and timeouts, which a load test running beside them would stretch.
@Suite(.serialized) enum AllKryoNetTests {}
