import AsyncHTTPClient
public import Logging
public import MarketDomain
import NIOCore

/// The real Upbit client: REST over AsyncHTTPClient and the reconnecting WebSocket feed, talking to
/// whichever server of the dialect it is given, the real Upbit or the simulator alike.
public enum UpbitClient {
    /// A market-data client for an Upbit-dialect server.
    public static func make(
        server: UpbitServer, backoff: ReconnectBackoff = ReconnectBackoff(), health: FeedHealth = FeedHealth(),
        logger: Logger = Logger(label: "sise.upbit")
    ) -> MarketDataClient {
        let rest = UpbitRESTClient(server: server, httpClient: .shared, timeout: .seconds(10), logger: logger)
        let feed = ReconnectingFeed(
            connector: .webSocket(url: server.webSocketURL, logger: logger), dialect: .upbit(),
            fetchSnapshot: { try await rest.tickers($0) }, backoff: backoff, health: health,
            clock: ContinuousClock(), logger: logger)
        return MarketDataClient(
            exchange: .upbit,
            fetchMarkets: { try await rest.markets() },
            fetchTickers: { try await rest.tickers($0) },
            fetchDailyCandles: { try await rest.dailyCandles($0, days: $1) },
            liveTickers: { feed.events(for: $0) }
        )
    }
}
