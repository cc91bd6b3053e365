public import MarketDomain
import SiseSupport

/// What the loader reports about the stocks of a watchlist, each by its index in the list.
public enum WatchlistEvent: Sendable, Equatable {
    /// The stock's request went out.
    case started(index: Int)
    /// The answer named the stock in English (Yahoo's `longName`); comes just before `loaded`.
    case named(index: Int, englishName: String)
    /// The stock's quote and its last closes (oldest first) arrived.
    case loaded(index: Int, quote: StockQuote, closes: [Double])
    /// A request failed; `retryIn` is when it is tried again, `nil` when given up.
    case failed(index: Int, message: String, attempt: Int, retryIn: Duration?)
    /// Every stock loaded or was given up.
    case finished
}

/// Fills a watchlist one stock at a time (SPEC §1.7): at most `maxInFlight` stocks in flight,
/// never more than `requestsPerSecond` requests in any second (one a stock where the source
/// gives the quote and the last closes together; see ``RequestPacer``), each answer reported for its own row the moment it arrives, a failure retried
/// with back-off while the others go on. Cancelling the consumer cancels everything pending.
public struct WatchlistLoader<C: Clock>: Sendable where C.Duration == Duration, C.Instant: Sendable {
    let client: StockDataClient
    let clock: C
    let maxInFlight: Int
    let requestsPerSecond: Int
    let backoff: ReconnectBackoff
    let maxAttempts: Int?
    let closesWanted: Int

    /// A loader over a source's client.
    ///
    /// - Parameters:
    ///   - maxInFlight: stocks loading at once (4 by default).
    ///   - requestsPerSecond: the source's limit (KIS 18, its mock domain 1).
    ///   - maxAttempts: tries per stock before giving up; `nil` retries until cancelled.
    public init(
        client: StockDataClient, clock: C, maxInFlight: Int = 4, requestsPerSecond: Int,
        backoff: ReconnectBackoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(30)),
        maxAttempts: Int? = nil, closesWanted: Int = 30
    ) {
        self.client = client
        self.clock = clock
        self.maxInFlight = max(1, maxInFlight)
        self.requestsPerSecond = max(1, requestsPerSecond)
        self.backoff = backoff
        self.maxAttempts = maxAttempts
        self.closesWanted = closesWanted
    }

    /// Loads these stocks; the stream ends with ``WatchlistEvent/finished``, or when the consumer
    /// stops listening (which cancels every request pending).
    public func events(for stocks: [Stock]) -> AsyncStream<WatchlistEvent> {
        let (stream, continuation) = AsyncStream<WatchlistEvent>.makeStream()
        let task = Task {
            await run(stocks, emit: { continuation.yield($0) })
            continuation.yield(.finished)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private enum Outcome: Sendable {
        case loaded(Int)
        case failed(Int)
        case retryDue(Int)
    }

    /// Runs the queue: starts stocks in list order while slots are free; a failed stock waits out
    /// its back-off outside the slots and then goes to the front of the queue.
    func run(_ stocks: [Stock], emit: @escaping @Sendable (WatchlistEvent) -> Void) async {
        let pacer = RequestPacer(limit: requestsPerSecond, clock: clock)
        var queue = Array(stocks.indices)
        var attempts = [Int](repeating: 0, count: stocks.count)
        var inFlight = 0
        await withTaskGroup(of: Outcome.self) { group in
            func startWhileFree() {
                while inFlight < maxInFlight, !queue.isEmpty, !Task.isCancelled {
                    let index = queue.removeFirst()
                    inFlight += 1
                    attempts[index] += 1
                    let attempt = attempts[index]
                    group.addTask {
                        emit(.started(index: index))
                        do {
                            let stock = stocks[index]
                            let summary = try await pacer.perform { try await client.fetchSummary(stock, closesWanted) }
                            if let name = summary.englishName { emit(.named(index: index, englishName: name)) }
                            emit(.loaded(index: index, quote: summary.quote, closes: summary.closes))
                            return .loaded(index)
                        } catch {
                            if Task.isCancelled { return .failed(index) }
                            let giveUp = maxAttempts.map { attempt >= $0 } ?? false
                            let delay = giveUp ? nil : backoff.delay(attempt: attempt, jitter: 0.5)
                            emit(.failed(index: index, message: ErrorLine.of(error), attempt: attempt, retryIn: delay))
                            return .failed(index)
                        }
                    }
                }
            }
            startWhileFree()
            while let outcome = await group.next() {
                switch outcome {
                case .loaded:
                    inFlight -= 1
                case .failed(let index):
                    inFlight -= 1
                    let giveUp = maxAttempts.map { attempts[index] >= $0 } ?? false
                    if !giveUp, !Task.isCancelled {
                        let delay = backoff.delay(attempt: attempts[index], jitter: 0.5)
                        group.addTask {
                            try? await clock.sleep(for: delay)
                            return .retryDue(index)
                        }
                    }
                case .retryDue(let index):
                    if !Task.isCancelled { queue.insert(index, at: 0) }
                }
                if Task.isCancelled {
                    group.cancelAll()
                } else {
                    startWhileFree()
                }
            }
        }
    }
}
