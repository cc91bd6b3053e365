public import MarketDomain
import Synchronization

/// One stock source shared by every viewer: the same request asked while it is in flight is
/// answered by that one request, and an answer is reused while it is fresh. So any number of
/// viewers watching the same watchlist cost the source what one viewer costs.
///
/// A failure is handed to everyone who waited for it and never kept: the next ask goes out. A
/// shared request runs to its end even when one of its askers stops waiting (others may still
/// wait); searches, which a viewer cancels as it types, are not shared.
public final class SharedStockRequests: Sendable {
    /// How long an answer is reused, by kind: quotes and summaries move, bars move once a day,
    /// names never.
    public struct Freshness: Sendable {
        public var summary: Duration
        public var quote: Duration
        public var bars: Duration
        public var englishName: Duration

        /// Reuse summaries and quotes for `live`, the rest longer.
        public init(live: Duration = .seconds(5)) {
            summary = live
            quote = live
            bars = .seconds(60)
            englishName = .seconds(24 * 3600)
        }
    }

    /// What was asked: the kind, the stock's code (or the query) and any count.
    private struct Key: Hashable {
        var kind: String
        var subject: String
        var count: Int = 0
    }

    private enum Entry {
        case inFlight(Task<any Sendable, any Error>)
        /// An answer and until when it is fresh.
        case answered(any Sendable, until: Duration)
    }

    private let base: StockDataClient
    private let freshness: Freshness
    private let now: @Sendable () -> Duration
    private let entries = Mutex<[Key: Entry]>([:])
    private let joins = Mutex(0)

    /// How many asks were answered by a request already in flight.
    var sharedAsks: Int { joins.withLock { $0 } }

    /// Shares `base`'s requests; `now` tells the time answers age by (a test's clock in tests).
    public init(
        _ base: StockDataClient, freshness: Freshness = Freshness(),
        now: (@Sendable () -> Duration)? = nil
    ) {
        self.base = base
        self.freshness = freshness
        let origin = ContinuousClock.now
        self.now = now ?? { origin.duration(to: .now) }
    }

    /// The client viewers use: every operation goes through the sharing.
    public var client: StockDataClient {
        let base = base
        var englishName: (@Sendable (Stock) async throws -> String?)?
        if let fetch = base.fetchEnglishName {
            englishName = { stock in
                try await self.shared(Key(kind: "name", subject: stock.code), fresh: self.freshness.englishName) {
                    try await fetch(stock)
                }
            }
        }
        return StockDataClient(
            source: base.source,
            fetchQuote: { stock in
                try await self.shared(Key(kind: "quote", subject: stock.code), fresh: self.freshness.quote) {
                    try await base.fetchQuote(stock)
                }
            },
            fetchDailyBars: { stock, days in
                try await self.shared(Key(kind: "bars", subject: stock.code, count: days), fresh: self.freshness.bars) {
                    try await base.fetchDailyBars(stock, days)
                }
            },
            searchRemote: base.searchRemote,
            fetchSummary: { stock, closes in
                try await self.shared(
                    Key(kind: "summary", subject: stock.code, count: closes), fresh: self.freshness.summary
                ) { try await base.fetchSummary(stock, closes) }
            },
            fetchEnglishName: englishName)
    }

    private enum Lookup {
        case fresh(any Sendable)
        case waiting(Task<any Sendable, any Error>)
    }

    /// Past this many entries, the stale answers are dropped.
    private static let pruneAbove = 4096

    private static func prune(_ entries: inout [Key: Entry], at time: Duration) {
        entries = entries.filter { _, entry in
            if case .answered(_, let until) = entry { return time < until }
            return true
        }
    }

    /// The answer to `key`: a fresh one kept, the one in flight, or a new request.
    private func shared<Value: Sendable>(
        _ key: Key, fresh: Duration, _ request: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let time = now()
        let lookup: Lookup = entries.withLock { entries in
            switch entries[key] {
            case .answered(let value, let until) where time < until:
                return .fresh(value)
            case .inFlight(let task):
                joins.withLock { $0 += 1 }
                return .waiting(task)
            default:
                if entries.count > Self.pruneAbove { Self.prune(&entries, at: time) }
                let task = Task<any Sendable, any Error> { try await request() }
                entries[key] = .inFlight(task)
                return .waiting(task)
            }
        }
        let task: Task<any Sendable, any Error>
        switch lookup {
        case .fresh(let value):
            if let typed = value as? Value { return typed }
            throw CancellationError()
        case .waiting(let waiting):
            task = waiting
        }
        do {
            let value = try await task.value
            entries.withLock { entries in
                if case .inFlight(let running) = entries[key], running == task {
                    entries[key] = .answered(value, until: now() + fresh)
                }
            }
            guard let typed = value as? Value else { throw CancellationError() }
            return typed
        } catch {
            entries.withLock { entries in
                if case .inFlight(let running) = entries[key], running == task { entries[key] = nil }
            }
            throw error
        }
    }
}
