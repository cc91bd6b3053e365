public import MarketDomain
import Testing

/// What a failing double's operation throws when a test calls it without overriding it.
public struct UnimplementedOperation: Error, Equatable, CustomStringConvertible {
    /// The operation, as `MarketDataClient.fetchMarkets`.
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String { "\(name) is not implemented in this test" }
}

/// Fails the running test naming the operation (a Swift Testing issue; IssueReporting's
/// `reportIssue` finds no Testing framework to report to on Linux, so the issue is recorded
/// directly), then throws: an operation a test did not expect never passes quietly.
func unexpected<Value>(_ name: String) throws -> Value {
    Issue.record("\(name) is not implemented in this test")
    throw UnimplementedOperation(name: name)
}

/// Reports like ``unexpected(_:)`` where the operation cannot throw, and gives `value` instead.
func unexpected<Value>(_ name: String, giving value: Value) -> Value {
    Issue.record("\(name) is not implemented in this test")
    return value
}

extension MarketDataClient {
    /// A client every operation of which fails the test: a test overrides only what it expects,
    /// `var client = MarketDataClient.failing(); client.fetchMarkets = { [bitcoin] }`.
    public static func failing(_ exchange: Exchange = .upbit) -> MarketDataClient {
        MarketDataClient(
            exchange: exchange,
            fetchMarkets: { try unexpected("MarketDataClient.fetchMarkets") },
            fetchTickers: { _ in try unexpected("MarketDataClient.fetchTickers") },
            fetchDailyCandles: { _, _ in try unexpected("MarketDataClient.fetchDailyCandles") },
            liveTickers: { _ in unexpected("MarketDataClient.liveTickers", giving: .finished(with: [])) },
            fetchOrderBook: { _ in try unexpected("MarketDataClient.fetchOrderBook") },
            fetchTrades: { _, _ in try unexpected("MarketDataClient.fetchTrades") },
            fetchTradesAfter: { _, _ in try unexpected("MarketDataClient.fetchTradesAfter") },
            liveDepth: { _ in unexpected("MarketDataClient.liveDepth", giving: AsyncStream { $0.finish() }) })
    }
}

extension StockDataClient {
    /// A stock source every operation of which fails the test (a test overrides what it expects).
    public static func failing(_ source: StockSource = .kis) -> StockDataClient {
        StockDataClient(
            source: source,
            fetchQuote: { _ in try unexpected("StockDataClient.fetchQuote") },
            fetchDailyBars: { _, _ in try unexpected("StockDataClient.fetchDailyBars") },
            searchRemote: { _ in try unexpected("StockDataClient.searchRemote") },
            fetchSummary: { _, _ in try unexpected("StockDataClient.fetchSummary") })
    }
}

extension PreferenceStore {
    /// A store every operation of which fails the test (a test overrides what it expects).
    public static var failing: PreferenceStore {
        PreferenceStore(
            favorites: { _ in try unexpected("PreferenceStore.favorites") },
            setFavorite: { _, _, _ in try unexpected("PreferenceStore.setFavorite") },
            clearFavorites: { _ in try unexpected("PreferenceStore.clearFavorites") },
            setting: { _ in try unexpected("PreferenceStore.setting") },
            saveSetting: { _, _ in try unexpected("PreferenceStore.saveSetting") },
            cachedCandles: { _, _ in try unexpected("PreferenceStore.cachedCandles") },
            cacheCandles: { _, _, _ in try unexpected("PreferenceStore.cacheCandles") },
            coinNames: { try unexpected("PreferenceStore.coinNames") },
            saveCoinNames: { _ in try unexpected("PreferenceStore.saveCoinNames") },
            changes: { unexpected("PreferenceStore.changes", giving: AsyncStream { $0.finish() }) })
    }
}

extension WatchlistStore {
    /// A store every operation of which fails the test (a test overrides what it expects).
    public static var failing: WatchlistStore {
        WatchlistStore(
            load: { _ in try unexpected("WatchlistStore.load") },
            edit: { _, _ in try unexpected("WatchlistStore.edit") },
            changes: { unexpected("WatchlistStore.changes", giving: AsyncStream { $0.finish() }) })
    }
}
