public import Logging
public import MarketDomain

/// A live ticker feed that never gives up: it opens the socket, subscribes once it is open,
/// fetches the REST snapshot, watches for silence (stale, then reconnect), and on any close or
/// error reconnects with exponential back-off and jitter, re-subscribes and re-fetches the snapshot.
///
/// The decisions (back-off, staleness) are the pure ``ReconnectBackoff`` and ``FeedHealth``; this
/// is the async shell that performs them, on an injected clock so tests control time.
public struct ReconnectingFeed<C: Clock>: Sendable where C.Duration == Duration, C.Instant: Sendable {
    let connector: FeedConnector
    let dialect: FeedProtocol
    let fetchSnapshot: @Sendable ([MarketID]) async throws -> [Ticker]
    let backoff: ReconnectBackoff
    let health: FeedHealth
    let clock: C
    let jitter: @Sendable () -> Double
    let logger: Logger
    let executor: (any TaskExecutor)?

    /// Makes a feed; its task runs on `executor` (the shared pool when `nil`, a test's own executor in tests).
    public init(
        connector: FeedConnector, dialect: FeedProtocol,
        fetchSnapshot: @escaping @Sendable ([MarketID]) async throws -> [Ticker],
        backoff: ReconnectBackoff = ReconnectBackoff(), health: FeedHealth = FeedHealth(), clock: C,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        logger: Logger = Logger(label: "sise.feed"), executor: (any TaskExecutor)? = nil
    ) {
        self.executor = executor
        self.connector = connector
        self.dialect = dialect
        self.fetchSnapshot = fetchSnapshot
        self.backoff = backoff
        self.health = health
        self.clock = clock
        self.jitter = jitter
        self.logger = logger
    }

    /// The feed's events for these markets, in batches; it runs until the consumer stops iterating.
    public func events(for markets: [MarketID]) -> LiveFeedEvents {
        let (events, continuation) = LiveFeedEvents.makeStream()
        // Each event is moved into the queue, not copied.
        let emit: @Sendable (consuming LiveFeedEvent) -> Void = { continuation.post($0) }
        let dialect = dialect
        let logger = logger
        let fetchSnapshot = fetchSnapshot
        let subscription = FeedSubscription(
            message: { try dialect.subscribeMessage(markets) },
            // Each frame is decoded where it is read, and its ticker posted for the board.
            receive: { frame in
                switch dialect.decode(frame) {
                case .ticker(let ticker): emit(.ticker(ticker))
                case .heartbeat: break
                case .serverError(let message): logger.warning("server error on feed: \(message)")
                case .unreadable(let reason):
                    logger.debug("skipped unreadable frame: \(reason)")
                    emit(.frameSkipped(reason: reason))
                }
            },
            fetchSnapshot: { emit(.snapshot(try await fetchSnapshot(markets))) },
            connectionChanged: { emit(.connection($0)) })
        // The sequence owns the task: when the consumer goes away, the feed is cancelled.
        let task = Task(executorPreference: executor) {
            await run(subscription)
            continuation.post(.connection(.offline))
            continuation.finish()
        }
        continuation.whenTerminated { task.cancel() }
        return events
    }

    /// The order book and trades of one market (SPEC §1.13), through the dialect's depth
    /// subscription on a connection of its own, painted first and again after every reconnect
    /// from `fetchSnapshot` (REST); it runs until the consumer stops iterating. A dialect without
    /// depth reports itself offline at once.
    public func depthEvents(
        for market: MarketID, fetchSnapshot: @escaping @Sendable (MarketID) async throws -> (OrderBook, [Trade])
    ) -> AsyncStream<MarketDepthEvent> {
        let (events, continuation) = AsyncStream<MarketDepthEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        guard let depth = dialect.depth else {
            continuation.yield(.connection(.offline))
            continuation.finish()
            return events
        }
        let logger = logger
        let subscription = FeedSubscription(
            message: { try depth.subscribeMessage(market) },
            receive: { frame in
                switch depth.decode(market, frame) {
                case .orderBook(let book):
                    if let reason = book.implausibility(now: PlausibleDepth.now()) {
                        logger.warning("dropped an impossible order book for \(market): \(reason)")
                        continuation.yield(.frameSkipped(reason: reason))
                    } else {
                        continuation.yield(.orderBook(book))
                    }
                case .trades(let trades):
                    let kept = trades.filter { PlausibleDepth.keeps($0, logger: logger) }
                    if kept.count < trades.count { continuation.yield(.frameSkipped(reason: "an impossible trade")) }
                    if !kept.isEmpty { continuation.yield(.trades(kept)) }
                case .heartbeat: break
                case .serverError(let message): logger.warning("server error on depth feed: \(message)")
                case .unreadable(let reason):
                    logger.debug("skipped unreadable depth frame: \(reason)")
                    continuation.yield(.frameSkipped(reason: reason))
                }
            },
            fetchSnapshot: {
                let (book, trades) = try await fetchSnapshot(market)
                continuation.yield(.snapshot(book, trades))
            },
            connectionChanged: { continuation.yield(.connection($0)) })
        let task = Task(executorPreference: executor) {
            await run(subscription)
            continuation.yield(.connection(.offline))
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return events
    }

    /// Connects, and reconnects, until cancelled.
    func run(_ subscription: FeedSubscription) async {
        var attempt = 0
        while !Task.isCancelled {
            subscription.connectionChanged(.connecting)
            let session = FeedSessionState(openedAt: clock.now)
            do {
                try await open(session) { connection in
                    try await serve(connection, subscription: subscription, session: session)
                }
                logger.info("feed connection closed")
            } catch is CancellationError {
                break
            } catch {
                logger.info("feed connection failed: \(error)")
            }
            if Task.isCancelled { break }
            attempt = session.hasBeenLive ? 1 : attempt + 1
            let delay = backoff.delay(attempt: attempt, jitter: jitter())
            subscription.connectionChanged(.reconnecting(attempt: attempt, delay: delay))
            do {
                try await clock.sleep(for: delay)
            } catch {
                break
            }
        }
    }

    /// Opens a connection and serves it. Opening (TCP connect, TLS, the WebSocket upgrade) must
    /// end within `health.openTimeout` on the clock; past it the attempt is cancelled (the
    /// connector closes its socket) and fails, so a server that never answers an upgrade sends
    /// the feed back to its back-off loop instead of holding it for good.
    private func open(
        _ session: FeedSessionState<C.Instant>, serve: @escaping @Sendable (FeedConnection) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: OpeningTask.self) { group in
            group.addTask {
                try await connector.connect { connection in
                    session.opened(at: clock.now)
                    try await serve(connection)
                }
                return .connection
            }
            group.addTask {
                try await clock.sleep(for: health.openTimeout)
                guard session.isOpen else { throw FeedOpenTimeout(limit: health.openTimeout) }
                return .deadline
            }
            // The deadline passing in time leaves the connection to run; the connection ending
            // (or the deadline throwing) ends the attempt.
            while let finished = try await group.next() {
                if finished == .connection { break }
            }
            group.cancelAll()
        }
    }

    /// The two tasks of an attempt: the connection itself and the deadline of its opening.
    private enum OpeningTask: Sendable {
        case connection
        case deadline
    }

    /// Runs one open connection: subscribe, then read frames while the snapshot, the keep-alive
    /// and the silence watchdog run beside; returns or throws when the connection should end.
    private func serve(
        _ connection: FeedConnection, subscription: FeedSubscription, session: FeedSessionState<C.Instant>
    ) async throws {
        try await connection.send(try subscription.message())
        try await withThrowingTaskGroup(of: SessionTask.self) { group in
            group.addTask {
                try await connection.readFrames { frame, isFirstOfItsRead in
                    // The messages of one read arrived together: the clock is read once a read.
                    if isFirstOfItsRead, session.frameArrived(at: clock.now) { subscription.connectionChanged(.live) }
                    subscription.receive(frame)
                }
                return .reader
            }
            group.addTask {
                await loadSnapshot(subscription)
                return .snapshot
            }
            if let keepAlive = dialect.keepAliveMessage {
                group.addTask {
                    while !Task.isCancelled {
                        try await clock.sleep(for: dialect.keepAliveInterval)
                        try await connection.send(keepAlive)
                    }
                    return .keepAlive
                }
            }
            group.addTask { try await watch(session, connectionChanged: subscription.connectionChanged) }
            // The connection lasts until the reader sees the socket close (or a task throws:
            // the watchdog on long silence, the keep-alive on a failed send).
            for try await finished in group where finished == .reader { break }
            group.cancelAll()
        }
    }

    /// The tasks of one connection, named by what they return when they end normally.
    private enum SessionTask: Sendable {
        case reader
        case snapshot
        case keepAlive
        case watchdog
    }

    /// Fetches the REST snapshot, retrying a few times with back-off on failure.
    private func loadSnapshot(_ subscription: FeedSubscription) async {
        for attempt in 1...4 {
            do {
                try await subscription.fetchSnapshot()
                return
            } catch is CancellationError {
                return
            } catch {
                logger.warning("snapshot failed (attempt \(attempt)): \(error)")
                do { try await clock.sleep(for: backoff.delay(attempt: attempt, jitter: jitter())) } catch { return }
            }
        }
    }

    /// Checks the silence every second: reports stale once per spell, and ends the connection
    /// (by throwing) once silence reaches the reconnect threshold.
    private func watch(
        _ session: FeedSessionState<C.Instant>, connectionChanged: @escaping @Sendable (ConnectionState) -> Void
    ) async throws -> SessionTask {
        while !Task.isCancelled {
            try await clock.sleep(for: .seconds(1))
            let (silence, reportStale) = session.silence(at: clock.now, staleAfter: health.staleAfter)
            switch health.verdict(silence: silence, beforeFirstFrame: !session.hasBeenLive) {
            case .reconnect: throw FeedSilence()
            case .stale: if reportStale { connectionChanged(.stale) }
            case .live: break
            }
        }
        return .watchdog
    }
}

/// What one subscription of the feed does on every connection: the message it subscribes with,
/// what it does with each frame (in the reading task, bytes borrowed), the REST snapshot it
/// fetches and posts beside, and how it reports the connection's state.
struct FeedSubscription: Sendable {
    let message: @Sendable () throws -> String
    let receive: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    let fetchSnapshot: @Sendable () async throws -> Void
    let connectionChanged: @Sendable (ConnectionState) -> Void
}

/// Thrown to end a connection that stayed silent too long.
struct FeedSilence: Error {}

/// Thrown when a connection did not finish opening in time.
struct FeedOpenTimeout: Error, CustomStringConvertible {
    let limit: Duration

    var description: String { "the connection did not open within \(limit)" }
}
