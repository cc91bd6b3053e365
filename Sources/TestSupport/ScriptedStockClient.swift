public import MarketDomain
import Synchronization

/// A stock source whose answers the test scripts: every request is recorded with the time the
/// test's clock gives, codes can fail their first attempts, and answers for chosen codes wait
/// until the test releases them (to make them arrive out of order).
public final class ScriptedStockClient: Sendable {
    /// One recorded request.
    public struct Request: Sendable, Equatable {
        public var code: String
        public var kind: Kind
        public var at: Duration

        /// What was asked.
        public enum Kind: Sendable, Equatable {
            case quote
            case bars
            case search
            /// The quote and the last closes in one request.
            case summary
            /// The English name (KIS `search-info`).
            case englishName
        }
    }

    private struct State {
        var requests: [Request] = []
        var inFlight = 0
        var maxInFlight = 0
        var failuresLeft: [String: Int] = [:]
        var held: Set<String> = []
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
        var searches: [String: [Stock]] = [:]
        var englishNames: [String: String] = [:]
        var summaryNames: [String: String] = [:]
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Duration
    private let source: StockSource

    /// A client of `source`; `now` is the test clock's elapsed time.
    public init(source: StockSource = .kis, now: @escaping @Sendable () -> Duration) {
        self.source = source
        self.now = now
    }

    /// Makes a code fail its next `count` requests.
    public func fail(_ code: String, times count: Int) {
        state.withLock { $0.failuresLeft[code] = count }
    }

    /// Holds the answers for a code until ``release(_:)``.
    public func hold(_ code: String) {
        _ = state.withLock { $0.held.insert(code) }
    }

    /// Lets a held code's answers go.
    public func release(_ code: String) {
        let waiting = state.withLock { state in
            state.held.remove(code)
            return state.waiting.removeValue(forKey: code) ?? []
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Sets what a remote search for `query` answers.
    public func setSearch(_ query: String, _ stocks: [Stock]) {
        state.withLock { $0.searches[query] = stocks }
    }

    /// Sets the English name the source tells for a code (KIS `search-info`).
    public func setEnglishName(_ code: String, _ name: String) {
        state.withLock { $0.englishNames[code] = name }
    }

    /// Sets the English name a summary of a code carries (Yahoo's `longName`).
    public func setSummaryName(_ code: String, _ name: String) {
        state.withLock { $0.summaryNames[code] = name }
    }

    /// Every request so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }
    /// The most stocks in flight at once so far.
    public var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    /// The client as the view models see it.
    public var client: StockDataClient {
        var englishName: (@Sendable (Stock) async throws -> String?)?
        if source == .kis {
            englishName = { @Sendable stock in try await self.englishName(of: stock) }
        }
        return StockDataClient(
            source: source,
            fetchQuote: { stock in try await self.answer(stock.code, .quote) { Self.quote(stock) } },
            fetchDailyBars: { stock, days in try await self.answer(stock.code, .bars) { Self.bars(days) } },
            searchRemote: { query in
                try await self.answer(query, .search) { self.state.withLock { $0.searches[query] ?? [] } }
            },
            fetchSummary: { stock, closes in
                try await self.answer(stock.code, .summary) {
                    StockSummary(
                        quote: Self.quote(stock), closes: Self.bars(closes).map(\.close),
                        englishName: self.state.withLock { $0.summaryNames[stock.code] })
                }
            },
            fetchEnglishName: englishName
        )
    }

    private func englishName(of stock: Stock) async throws -> String? {
        let name: String? = state.withLock { state in state.englishNames[stock.code] }
        return try await answer(stock.code, .englishName) { name }
    }

    private static func quote(_ stock: Stock) -> StockQuote {
        StockQuote(
            code: stock.code, price: 1_000, previousClose: 990, volume: 10, tradeValue: 10_000, dayHigh: 1_010,
            dayLow: 980, timestamp: 1)
    }

    private static func bars(_ days: Int) -> [StockBar] {
        (0..<days).map { offset in
            let close = Double(900 + offset)
            return StockBar(
                day: TradingDay(daysSinceEpoch: 20_000 + offset), open: close, high: close, low: close, close: close,
                volume: 1)
        }
    }

    private func answer<Value: Sendable>(
        _ code: String, _ kind: Request.Kind, _ value: () -> Value
    ) async throws -> Value {
        let fails = state.withLock { state -> Bool in
            state.requests.append(Request(code: code, kind: kind, at: now()))
            if kind == .quote || kind == .summary {
                state.inFlight += 1
                state.maxInFlight = max(state.maxInFlight, state.inFlight)
            }
            guard let left = state.failuresLeft[code], left > 0 else { return false }
            state.failuresLeft[code] = left - 1
            return true
        }
        if state.withLock({ $0.held.contains(code) }) {
            await withCheckedContinuation { continuation in
                let stillHeld = state.withLock { state -> Bool in
                    guard state.held.contains(code) else { return false }
                    state.waiting[code, default: []].append(continuation)
                    return true
                }
                if !stillHeld { continuation.resume() }
            }
        }
        if (fails && kind == .quote) || kind == .bars || kind == .summary {
            state.withLock { $0.inFlight -= 1 }
        }
        try Task.checkCancellation()
        if fails { throw ExchangeError.unavailable("scripted failure of \(code)") }
        return value()
    }
}
