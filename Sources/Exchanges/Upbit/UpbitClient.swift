public import Logging
public import MarketDomain

/// The real Upbit client (see ``ExchangeClient``).
public enum UpbitClient {
    /// A market-data client for an Upbit-dialect server.
    public static func make(
        server: ExchangeServer, backoff: ReconnectBackoff = ReconnectBackoff(), health: FeedHealth = FeedHealth(),
        logger: Logger = Logger(label: "sise.upbit")
    ) -> MarketDataClient {
        ExchangeClient.make(.upbit, server: server, backoff: backoff, health: health, logger: logger)
    }
}
