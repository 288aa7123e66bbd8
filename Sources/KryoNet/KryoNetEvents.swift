/// The events of a ``KryoNetClient`` or ``KryoNetServer`` from the moment the sequence was made:
/// `for await event in server.events() { … }`.
///
/// Make the sequence before connecting or binding so that no event is missed. Each sequence sees
/// every event; it ends when its endpoint is closed. A sequence that is not iterated holds at
/// most about ``KryoNetConfiguration/eventBufferSize`` events: after that the connections whose
/// objects wait in it stop reading (see ``KryoNetConfiguration/eventBufferSize``), so drop the
/// sequences you stop reading.
public struct KryoNetEvents: AsyncSequence, Sendable {
    public typealias Element = KryoNetEvent
    public typealias Failure = Never

    private let token: SubscriptionToken

    init(subscription: EventSubscription, hub: EventHub) {
        token = SubscriptionToken(subscription: subscription, hub: hub)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(token: token)
    }

    /// Takes the events one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let token: SubscriptionToken

        public mutating func next() async -> KryoNetEvent? {
            await token.subscription.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> KryoNetEvent? {
            await token.subscription.next()
        }
    }
}

/// Unsubscribes when the last copy of a sequence and its iterators is gone.
private final class SubscriptionToken: Sendable {
    let subscription: EventSubscription
    let hub: EventHub

    init(subscription: EventSubscription, hub: EventHub) {
        self.subscription = subscription
        self.hub = hub
    }

    deinit {
        hub.unsubscribe(subscription)
    }
}
