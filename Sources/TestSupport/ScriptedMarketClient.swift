public import MarketDomain
import Synchronization

/// A market-data client whose answers and live events the test scripts: REST calls answer from
/// fixed values, and the live feed yields whatever the test sends through ``send(_:)``.
public final class ScriptedMarketClient: Sendable {
    private struct State {
        var markets: [Market]
        var tickers: [Ticker]
        var candles: [MarketID: [Candle]] = [:]
        var feed: LiveFeedEvents.Continuation?
        var depthFeeds: [MarketID: AsyncStream<MarketDepthEvent>.Continuation] = [:]
        var subscribed: [[MarketID]] = []
        var tickerFetches = 0
    }

    private let state: Mutex<State>
    private let exchange: Exchange

    /// A client of `exchange` listing `markets` with `tickers`.
    public init(
        markets: [Market], tickers: [Ticker] = [], candles: [MarketID: [Candle]] = [:], exchange: Exchange = .upbit
    ) {
        state = Mutex(State(markets: markets, tickers: tickers, candles: candles))
        self.exchange = exchange
    }

    /// A client of `exchange` that cannot be reached: every call fails, and its live feed only
    /// ever reports that it is reconnecting.
    public static func unreachable(_ exchange: Exchange) -> MarketDataClient {
        let failure = ExchangeError.unavailable("\(exchange.rawValue): connection refused")
        return MarketDataClient(
            exchange: exchange,
            fetchMarkets: { throw failure },
            fetchTickers: { _ in throw failure },
            fetchDailyCandles: { _, _ in throw failure },
            liveTickers: { _ in
                // Never finishes: it stays reconnecting for as long as it is read.
                let (events, continuation) = LiveFeedEvents.makeStream()
                continuation.post(.connection(.connecting))
                continuation.post(.connection(.reconnecting(attempt: 1, delay: .seconds(30))))
                return events
            }
        )
    }

    /// The client as the app sees it.
    public var client: MarketDataClient {
        MarketDataClient(
            exchange: exchange,
            fetchMarkets: { self.state.withLock { $0.markets } },
            fetchTickers: { ids in
                try self.state.withLock { state in
                    state.tickerFetches += 1
                    if let unknown = ids.first(where: { id in !state.markets.contains { $0.id == id } }) {
                        throw ExchangeError.unknownMarket(unknown.rawValue)
                    }
                    return ids.isEmpty ? state.tickers : state.tickers.filter { ids.contains($0.marketID) }
                }
            },
            fetchDailyCandles: { id, days in
                try self.state.withLock { state in
                    guard let candles = state.candles[id] else { throw ExchangeError.unknownMarket(id.rawValue) }
                    return Array(candles.suffix(days))
                }
            },
            liveTickers: { ids in
                let (stream, continuation) = LiveFeedEvents.makeStream()
                self.state.withLock { state in
                    state.feed = continuation
                    state.subscribed.append(ids)
                }
                return stream
            },
            liveDepth: { id in
                let (stream, continuation) = AsyncStream<MarketDepthEvent>.makeStream(bufferingPolicy: .unbounded)
                self.state.withLock { $0.depthFeeds[id] = continuation }
                return stream
            }
        )
    }

    /// Sends an event to the subscriber of a market's depth feed; false when nobody has
    /// subscribed to it yet.
    @discardableResult
    public func sendDepth(_ event: MarketDepthEvent, of market: MarketID) -> Bool {
        guard let feed = state.withLock({ $0.depthFeeds[market] }) else { return false }
        feed.yield(event)
        return true
    }

    /// Replaces the market list the REST calls answer with (a listing, a warning raised).
    public func setMarkets(_ markets: [Market]) {
        state.withLock { $0.markets = markets }
    }

    /// Replaces the tickers the REST calls answer with.
    public func setTickers(_ tickers: [Ticker]) {
        state.withLock { $0.tickers = tickers }
    }

    /// Sends a live event to the subscriber; false when nobody has subscribed yet.
    @discardableResult
    public func send(_ event: LiveFeedEvent) -> Bool {
        guard let feed = state.withLock({ $0.feed }) else { return false }
        feed.post(event)
        return true
    }

    /// The market lists the live feed was asked for, in order.
    public var subscriptions: [[MarketID]] { state.withLock { $0.subscribed } }

    /// How many times tickers were fetched over REST.
    public var tickerFetches: Int { state.withLock { $0.tickerFetches } }
}
