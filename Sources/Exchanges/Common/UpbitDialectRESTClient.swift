import ExchangeWire
import MarketDomain

/// The REST dialect Upbit speaks and Bithumb's v1 copies: each client reads its own replies and
/// errors (``get(_:_:)``); order books and recent trades are read the same way on both.
protocol UpbitDialectRESTClient: Sendable {
    /// A decoded reply to `GET path?query`, or the exchange's error as an ``ExchangeError``.
    func get<Response: Decodable>(_ path: String, _ query: [(String, String)]) async throws -> Response
}

extension UpbitDialectRESTClient {
    /// The order book of a market (`/v1/orderbook`, 15 levels a side).
    func orderBook(_ id: MarketID) async throws -> OrderBook {
        let rows: [UpbitOrderbookDTO] = try await naming(id) {
            try await get(UpbitEndpoint.orderbook, [(UpbitEndpoint.Parameter.markets, id.rawValue)])
        }
        guard let book = rows.first(where: { $0.market == id.rawValue })?.toDomain() else {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
        return book
    }

    /// The latest `count` trades of a market (`/v1/trades/ticks`, at most 500), newest first;
    /// with a `cursor` (a trade's `sequential_id`), those before it.
    func trades(_ id: MarketID, count: Int, cursor: Int64? = nil) async throws -> [Trade] {
        var query = [(UpbitEndpoint.Parameter.market, id.rawValue), (UpbitEndpoint.Parameter.count, String(count))]
        if let cursor { query.append((UpbitEndpoint.Parameter.cursor, String(cursor))) }
        let rows: [UpbitTradeTickDTO] = try await naming(id) { try await get(UpbitEndpoint.tradesTicks, query) }
        return rows.compactMap { $0.toDomain() }
    }

    /// The trades after `after`, newest first: pages of 500 back by `cursor` until one reaches
    /// `after`, comes back short (the exchange keeps no more), or ``TradePaging/maximumPages``.
    func trades(_ id: MarketID, after: Trade) async throws -> [Trade] {
        try await TradePaging.back(to: after, pageSize: UpbitEndpoint.maxTradeCount) { cursor in
            try await trades(id, count: UpbitEndpoint.maxTradeCount, cursor: cursor)
        }
    }

    /// `body`'s result, an unknown market named by its code rather than by the exchange's message.
    func naming<Result>(_ id: MarketID, _ body: () async throws -> Result) async throws -> Result {
        do { return try await body() } catch ExchangeError.unknownMarket {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
    }
}
