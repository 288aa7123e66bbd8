import KryoCore
import NIOCore
import Synchronization

/// One KryoNet connection: a TCP socket, and the UDP address of its peer when UDP is used.
///
/// A ``KryoNetServer`` has one per client; a ``KryoNetClient`` has one to its server. Sending is
/// safe from any thread and keeps the order of one thread's sends. The library answers the
/// peer's pings and keep-alives, sends its own, and closes a connection that hears nothing for
/// ``KryoNetConfiguration/timeout``.
public final class KryoNetConnection: Sendable, Hashable, CustomStringConvertible {
    let channel: any Channel
    let serialization: KryoNetSerialization
    let configuration: KryoNetConfiguration
    let hub: EventHub
    let role: any ConnectionRole
    /// What only the event loop touches.
    let state: ConnectionState
    private let shared = Mutex(Shared())
    /// Frames sent from other threads, waiting for one trip to the event loop: their bytes one
    /// after another in one buffer, which the loop writes with one write and one flush.
    private let outbox = Mutex<(bytes: ByteBuffer?, isScheduled: Bool)>((nil, false))
    private let taskExecutor: EventLoopTaskExecutor
    /// The remote method calls awaiting their results.
    let remoteCalls = RemoteCallTable()
    /// The object spaces whose objects the other end may call.
    private let objectSpaces = Mutex<[KryoNetObjectSpace]>([])

    /// What other threads read.
    private struct Shared {
        var id = -1
        var isConnected = false
        var udp: UDPLink?
        var returnTripTime: Duration?
    }

    init(
        channel: any Channel, serialization: KryoNetSerialization, configuration: KryoNetConfiguration, hub: EventHub,
        role: any ConnectionRole
    ) {
        self.channel = channel
        self.serialization = serialization
        self.configuration = configuration
        self.hub = hub
        self.role = role
        state = ConnectionState(now: .now())
        taskExecutor = EventLoopTaskExecutor(channel.eventLoop)
    }

    /// The id the server gave the connection (Java's `getID()`); -1 until it is registered.
    public var id: Int { shared.withLock { $0.id } }

    /// Whether the connection is registered and not closed.
    public var isConnected: Bool { shared.withLock { $0.isConnected } }

    /// The peer's TCP address.
    public var remoteAddressTCP: SocketAddress? { channel.remoteAddress }

    /// The peer's UDP address, once the connection is registered over UDP.
    public var remoteAddressUDP: SocketAddress? { shared.withLock { $0.udp?.remote } }

    /// The last round trip ``ping()`` measured.
    public var returnTripTime: Duration? { shared.withLock { $0.returnTripTime } }

    /// An executor on the connection's own thread (its SwiftNIO event loop), for the tasks that
    /// talk to the peer in turn — send, await the answer, send again — with the least latency.
    ///
    /// A task that prefers it runs where the connection reads and writes, so its sends are
    /// written at once and an awaited ``ping()`` or event resumes it on the thread that read the
    /// answer: no trip between threads either way (on a small machine, tens of microseconds per
    /// round trip). Keep such a task short and non-blocking: it shares the thread with every
    /// connection of that event loop.
    ///
    /// ```swift
    /// try await withTaskExecutorPreference(connection.executor) {
    ///     for _ in 0..<100 { _ = try await connection.ping() }
    /// }
    /// ```
    public var executor: any TaskExecutor { taskExecutor }

    public var description: String { "Connection \(id)" }

    public static func == (lhs: KryoNetConnection, rhs: KryoNetConnection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Sends an object over TCP: a frame of its length (4 bytes, big-endian) and the object as
    /// Kryo's `writeClassAndObject` writes it.
    ///
    /// - Returns: The frame's size in bytes.
    /// - Throws: ``/KryoCore/SerializationError`` when the object cannot be written (a class that is not
    ///   registered, say); ``KryoNetError/objectTooLarge(size:limit:)`` when its frame is larger
    ///   than ``KryoNetConfiguration/writeBufferSize``; ``KryoNetError/notConnected``. The
    ///   connection stays open after these.
    @discardableResult
    public func sendTCP(_ object: Any) throws -> Int {
        guard isConnected else { throw KryoNetError.notConnected }
        if channel.eventLoop.inEventLoop, outbox.withLock({ $0.bytes == nil }) {
            let frame = try Framing.frame(
                object, serialization: serialization, limit: configuration.writeBufferSize,
                allocator: channel.allocator)
            writeFrame(frame, flush: false)
            return frame.readableBytes
        }
        // Straight into the outbox, without a buffer of its own.
        return try serialization.withEncoded(object) { bytes in
            let size = try Framing.frameSize(of: bytes, limit: configuration.writeBufferSize)
            post { Framing.append(bytes, to: &$0) }
            return size
        }
    }

    /// Sends an object over UDP: one datagram, the object as `writeClassAndObject` writes it.
    ///
    /// - Returns: The datagram's size in bytes.
    /// - Throws: ``KryoNetError/notConnectedViaUDP`` when the connection has no UDP address;
    ///   ``KryoNetError/objectTooLarge(size:limit:)`` when the datagram is larger than
    ///   ``KryoNetConfiguration/objectBufferSize``; ``/KryoCore/SerializationError`` when the object cannot
    ///   be written.
    @discardableResult
    public func sendUDP(_ object: Any) throws -> Int {
        let (connected, udp) = shared.withLock { ($0.isConnected, $0.udp) }
        guard connected else { throw KryoNetError.notConnected }
        guard let udp else { throw KryoNetError.notConnectedViaUDP }
        let payload = try Framing.datagram(object, serialization: serialization, allocator: channel.allocator)
        guard payload.readableBytes <= configuration.objectBufferSize else {
            throw KryoNetError.objectTooLarge(size: payload.readableBytes, limit: configuration.objectBufferSize)
        }
        udp.send(payload)
        onLoop { $0.state.lastUDP = .now() }
        return payload.readableBytes
    }

    /// Measures the round trip to the peer with a ``/KryoNetProtocol/FrameworkMessage/Ping`` over TCP (Java's
    /// `updateReturnTripTime()`), and keeps it in ``returnTripTime``.
    ///
    /// - Throws: ``KryoNetError/notConnected`` when the connection is closed before the answer.
    public func ping() async throws -> Duration {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Duration, any Error>) in
            // On the loop (a task on ``executor``), without the closure `onLoop` would allocate.
            if channel.eventLoop.inEventLoop {
                startPing(continuation)
            } else {
                channel.eventLoop.execute { self.startPing(continuation) }
            }
        }
    }

    /// Closes the connection; a ``KryoNetEvent/disconnected(_:_:)`` with
    /// ``KryoNetDisconnectReason/closedLocally`` follows if it was connected.
    public func close() {
        onLoop { $0.close(.closedLocally) }
    }

    // MARK: - On the event loop

    /// Runs `body` on the connection's event loop, at once when already there.
    func onLoop(_ body: @escaping @Sendable (KryoNetConnection) -> Void) {
        if channel.eventLoop.inEventLoop {
            body(self)
        } else {
            channel.eventLoop.execute { body(self) }
        }
    }

    /// Marks the connection registered and tells the application.
    func becomeConnected(id: Int? = nil) {
        state.phase = .connected
        shared.withLock { shared in
            if let id { shared.id = id }
            shared.isConnected = true
        }
        startTicking()
        hub.publish(.connected(self))
    }

    func setID(_ id: Int) { shared.withLock { $0.id = id } }

    /// `space`'s objects may be called from the other end.
    func join(_ space: KryoNetObjectSpace) {
        objectSpaces.withLock { spaces in
            if !spaces.contains(where: { $0 === space }) { spaces.append(space) }
        }
    }

    /// `space`'s objects may no longer be called from the other end.
    func leave(_ space: KryoNetObjectSpace) {
        objectSpaces.withLock { $0.removeAll { $0 === space } }
    }

    func setUDP(_ link: UDPLink) {
        shared.withLock { $0.udp = link }
        state.lastUDP = .now()
    }

    var udpLink: UDPLink? { shared.withLock { $0.udp } }

    /// A whole frame arrived over TCP.
    func receivedFrame(_ frame: ByteBuffer) {
        guard state.phase != .closed else { return }
        // A ping, read without the codec when its bytes are those the codec writes for it.
        if let wire = serialization.pingWire, let ping = frame.withUnsafeReadableBytes({ wire.decode($0) }) {
            received(ping, via: .tcp)
            return
        }
        let object: Any?
        do {
            object = try frame.withUnsafeReadableBytes { try serialization.decode($0) }
        } catch let error as SerializationError {
            close(.error(.undecodable(error, .tcp)))
            return
        } catch {
            close(
                .error(.undecodable(SerializationError(.invalidValue, expected: "an object", found: "\(error)"), .tcp)))
            return
        }
        // Java stops at a null object; it carries nothing.
        guard let object else { return }
        received(object, via: .tcp)
    }

    /// A whole object arrived over TCP or UDP.
    func received(_ object: Any, via transport: KryoNetTransport) {
        if transport == .udp { state.lastUDP = .now() }
        guard state.phase == .connected else {
            role.connection(self, receivedWhileRegistering: object, via: transport)
            return
        }
        // Told apart by the object's type alone: a cast from `Any` to each framework message
        // would search the runtime's conformance tables for every application object that is not
        // one (about a quarter of a server's time per MediaContent object, measured).
        switch FrameworkMessage.kind(of: object) {
        case .ping:
            guard let ping = object as? FrameworkMessage.Ping else { return }
            answer(ping)
        case .invokeMethod:
            guard let invocation = object as? KryoNetRMI.InvokeMethod else { return }
            // Each space that has the object answers, as each Java `ObjectSpace` listener does.
            for space in objectSpaces.withLock({ $0 }) { space.invoke(invocation, on: self) }
        case .invokeMethodResult:
            guard let result = object as? KryoNetRMI.InvokeMethodResult else { return }
            remoteCalls.finish(result)?.resume(returning: result.result)
        case .other:
            break
        case nil:
            hub.publish(
                .received(KryoNetReceived(object: object, connection: self, transport: transport)),
                wakeLater: transport == .tcp)
        }
    }

    /// A ping arrived (over TCP or UDP): ``received(_:via:)`` without the cast from `Any`.
    func received(_ ping: FrameworkMessage.Ping, via transport: KryoNetTransport) {
        if transport == .udp { state.lastUDP = .now() }
        guard state.phase == .connected else {
            role.connection(self, receivedWhileRegistering: ping, via: transport)
            return
        }
        answer(ping)
    }

    /// Sends a ping back with `isReply` set, or (a reply) ends the round trip it measured.
    private func answer(_ ping: FrameworkMessage.Ping) {
        if ping.isReply {
            finishPing(ping.id)
        } else {
            writePing(id: ping.id, isReply: true)
        }
    }

    /// Writes a ping over TCP, without the codec when ``/KryoNetProtocol/KryoNetSerialization/pingWire``
    /// knows its bytes; flushed at once with `flush` (outside a read: see ``startPing(_:)``).
    private func writePing(id: Int32, isReply: Bool, flush: Bool = false) {
        guard let wire = serialization.pingWire,
            let frame = Framing.pingFrame(
                id: id, isReply: isReply, wire: wire, limit: configuration.writeBufferSize,
                allocator: channel.allocator)
        else {
            writeObject(FrameworkMessage.Ping(id: id, isReply: isReply))
            if flush { flushNow() }
            return
        }
        enqueue(frame, flush: flush)
    }

    /// Writes a framework message over TCP.
    func writeObject(_ object: Any) {
        do {
            enqueue(
                try Framing.frame(
                    object, serialization: serialization, limit: configuration.writeBufferSize,
                    allocator: channel.allocator))
        } catch {
            close(.socketError("could not write \(type(of: object)): \(error)"))
        }
    }

    /// Writes a frame from any thread, keeping the order of each thread's frames (see ``post(_:)``).
    /// Frames sent on the event loop (a listener answering what it received) are flushed once the
    /// loop has handled the reads at hand, so that answering a burst of objects costs one system
    /// call, not one per answer.
    func enqueue(_ frame: ByteBuffer, flush: Bool = false) {
        if channel.eventLoop.inEventLoop, outbox.withLock({ $0.bytes == nil }) {
            writeFrame(frame, flush: flush)
            return
        }
        post { $0.writeImmutableBuffer(frame) }
    }

    /// Appends frames to the outbox with `write`, and sends the event loop to write it if no trip
    /// is pending. Frames sent while one is pending go with it: a sender in a loop costs the event
    /// loop one task, one write and one flush per batch, not one per object.
    private func post(_ write: (inout ByteBuffer) -> Void) {
        let schedule = outbox.withLock { outbox in
            var bytes = outbox.bytes.take() ?? channel.allocator.buffer(capacity: 1024)
            write(&bytes)
            outbox.bytes = bytes
            defer { outbox.isScheduled = true }
            return !outbox.isScheduled
        }
        guard schedule else { return }
        channel.eventLoop.execute { [self] in
            let bytes = outbox.withLock { outbox in
                defer { outbox = (nil, false) }
                return outbox.bytes
            }
            if let bytes { writeFrame(bytes) }
        }
    }

    /// Writes frames and flushes them, at once or (`flush: false`, on the event loop) after the
    /// loop's current round of reads; then closes the connection if the bytes the socket has not
    /// taken pass the write buffer. SwiftNIO counts those bytes: no promise per frame.
    func writeFrame(_ frames: ByteBuffer, flush: Bool = true) {
        guard state.phase != .closed else { return }
        state.lastWrite = .now()
        if flush {
            channel.writeAndFlush(frames, promise: nil)
            checkWriteBuffer()
        } else {
            channel.write(frames, promise: nil)
            flushSoon()
        }
    }

    /// Flushes after the event loop's current round of reads (one task, however many frames were
    /// written in the round), or at the end of the socket read that is being handled, without a
    /// task, when that read brought what is answered; the write buffer is checked then.
    private func flushSoon() {
        if state.isReading {
            state.needsFlushAfterRead = true
            return
        }
        guard !state.isFlushScheduled else { return }
        state.isFlushScheduled = true
        channel.eventLoop.execute { [self] in
            state.isFlushScheduled = false
            channel.flush()
            checkWriteBuffer()
        }
    }

    /// A socket read is handled: the frames its objects' answers wrote go out together.
    func readComplete() {
        state.isReading = false
        guard state.needsFlushAfterRead else { return }
        state.needsFlushAfterRead = false
        guard state.phase != .closed else { return }
        channel.flush()
        checkWriteBuffer()
    }

    /// Closes the connection when the socket has not taken more than the write buffer holds.
    /// The channel turns unwritable past the idle threshold (``writeWaterMark(for:)``), below
    /// the write buffer: only then are the bytes it holds asked for.
    func checkWriteBuffer() {
        guard state.phase != .closed, !channel.isWritable else { return }
        let pending = (try? channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
        guard pending > configuration.writeBufferSize else { return }
        close(.error(.writeBufferFull(pending: pending, limit: configuration.writeBufferSize)))
    }

    /// The bytes the socket has not taken crossed the idle threshold: the connection is busy
    /// above it and tells the application it is idle again when they fall below it.
    func writabilityChanged() {
        guard channel.isWritable else {
            state.isBusy = true
            return
        }
        guard state.isBusy else { return }
        state.isBusy = false
        if state.phase == .connected { hub.publish(.idle(self)) }
    }

    /// The channel option that makes a connection's channel unwritable while it holds more bytes
    /// than the idle threshold (Java's `isIdle()`: the write buffer's share in use below
    /// ``KryoNetConfiguration/idleThreshold``), writable again below it.
    static func writeWaterMark(for configuration: KryoNetConfiguration) -> ChannelOptions.Types.WriteBufferWaterMark {
        let threshold = configuration.idleThreshold * Double(configuration.writeBufferSize)
        let bytes = threshold.isFinite ? Int(min(max(threshold, 1), Double(max(configuration.writeBufferSize, 1)))) : 1
        return ChannelOptions.Types.WriteBufferWaterMark(low: bytes, high: bytes)
    }

    private func startPing(_ continuation: CheckedContinuation<Duration, any Error>) {
        guard state.phase == .connected else {
            continuation.resume(throwing: KryoNetError.notConnected)
            return
        }
        let id = state.nextPingID
        state.nextPingID &+= 1
        state.pings[id] = (.now(), continuation)
        // Out at once unless a read is being handled (its end flushes): the round trip is what
        // is measured, and a flush left for later would be one more task on the loop first.
        writePing(id: id, isReply: false, flush: !state.isReading)
    }

    /// Flushes what was written, unless a read is being handled (its end flushes).
    private func flushNow() {
        guard !state.isReading, state.phase != .closed else { return }
        channel.flush()
        checkWriteBuffer()
    }

    private func finishPing(_ id: Int32) {
        guard let (start, continuation) = state.pings.removeValue(forKey: id) else { return }
        let time = Duration.nanoseconds((NIODeadline.now() - start).nanoseconds)
        shared.withLock { $0.returnTripTime = time }
        continuation.resume(returning: time)
    }

    /// Stops reading from the socket: the application's events are full.
    func pauseReading() {
        onLoop { connection in
            connection.state.pauses += 1
            if connection.state.pauses == 1 {
                connection.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
            }
        }
    }

    /// Reads again once every pause has ended; the silence was ours, so the timeout starts anew.
    func resumeReading() {
        onLoop { connection in
            guard connection.state.pauses > 0 else { return }
            connection.state.pauses -= 1
            if connection.state.pauses == 0 {
                connection.state.lastRead = .now()
                connection.channel.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
            }
        }
    }

    /// Bytes arrived: the peer is alive.
    func heardFrom() {
        state.lastRead = .now()
        state.isReading = true
    }

    /// Closes with a reason; the first reason given is the one reported.
    func close(_ reason: KryoNetDisconnectReason) {
        guard state.phase != .closed, state.closeReason == nil else { return }
        state.closeReason = reason
        // What was written and not yet flushed goes first, as a Java peer's `sendTCP` then
        // `close` sends it.
        channel.flush()
        channel.close(promise: nil)
    }

    /// The TCP channel is gone.
    func ended() {
        guard state.phase != .closed else { return }
        let wasConnected = state.phase == .connected
        state.phase = .closed
        let reason = state.closeReason ?? .closedByPeer
        state.ticker?.cancel()
        state.ticker = nil
        shared.withLock { $0.isConnected = false }
        let pings = state.pings
        state.pings = [:]
        for (_, (_, continuation)) in pings { continuation.resume(throwing: KryoNetError.notConnected) }
        for call in remoteCalls.close() { call.resume(throwing: KryoNetError.notConnected) }
        for space in objectSpaces.withLock({ spaces in
            defer { spaces = [] }
            return spaces
        }) {
            space.connectionEnded(self)
        }
        role.connectionDidClose(self, reason: reason, wasConnected: wasConnected)
        if wasConnected { hub.publish(.disconnected(self, reason)) }
    }

    /// Checks the timeout and sends keep-alives, as Java's `update` loop does.
    private func startTicking() {
        let times = [
            configuration.keepAliveTCP, configuration.timeout,
            role.sendsUDPKeepAlive ? configuration.keepAliveUDP : nil,
        ]
        .compactMap { $0 }
        guard let shortest = times.min() else { return }
        let tick = TimeAmount.nanoseconds(max(5_000_000, min(250_000_000, shortest.nanoseconds / 4)))
        state.ticker = channel.eventLoop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { [self] _ in
            self.tickOnce()
        }
    }

    private func tickOnce() {
        guard state.phase == .connected else { return }
        let now = NIODeadline.now()
        if let timeout = configuration.timeout, state.pauses == 0,
            (now - state.lastRead).nanoseconds > timeout.nanoseconds
        {
            close(.error(.timedOut(after: timeout)))
            return
        }
        if let keepAlive = configuration.keepAliveTCP, (now - state.lastWrite).nanoseconds > keepAlive.nanoseconds {
            writeObject(FrameworkMessage.KeepAlive())
        }
        if role.sendsUDPKeepAlive, let keepAlive = configuration.keepAliveUDP, let udp = udpLink,
            (now - state.lastUDP).nanoseconds > keepAlive.nanoseconds
        {
            if let payload = try? Framing.datagram(
                FrameworkMessage.KeepAlive(), serialization: serialization, allocator: channel.allocator)
            {
                udp.send(payload)
                state.lastUDP = now
            }
        }
    }
}

/// The state of a connection that only its event loop touches.
final class ConnectionState: @unchecked Sendable {
    enum Phase { case registering, connected, closed }

    var phase = Phase.registering
    var closeReason: KryoNetDisconnectReason?
    var lastRead: NIODeadline
    var lastWrite: NIODeadline
    var lastUDP: NIODeadline
    /// The socket holds more bytes than the idle threshold (see ``KryoNetConnection/writabilityChanged()``).
    var isBusy = false
    var isFlushScheduled = false
    /// A socket read's bytes are being handled (until `channelReadComplete`).
    var isReading = false
    /// Frames were written while handling a read: flushed when the read is complete.
    var needsFlushAfterRead = false
    var pauses = 0
    var nextPingID: Int32 = 0
    var pings: [Int32: (NIODeadline, CheckedContinuation<Duration, any Error>)] = [:]
    var ticker: RepeatedTask?

    init(now: NIODeadline) {
        lastRead = now
        lastWrite = now
        lastUDP = now
    }
}

/// What differs between a server's connections and a client's: registration and bookkeeping.
protocol ConnectionRole: AnyObject, Sendable {
    /// Whether the connection sends UDP keep-alives (a client does; a server does not).
    var sendsUDPKeepAlive: Bool { get }
    /// The TCP connection is open (on the event loop).
    func connectionBecameActive(_ connection: KryoNetConnection)
    /// An object arrived before the connection was registered (on the event loop).
    func connection(
        _ connection: KryoNetConnection, receivedWhileRegistering object: Any, via transport: KryoNetTransport)
    /// The connection closed (on the event loop).
    func connectionDidClose(_ connection: KryoNetConnection, reason: KryoNetDisconnectReason, wasConnected: Bool)
}

extension Duration {
    /// The duration in whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow
            ? (seconds < 0 ? .min : .max) : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
