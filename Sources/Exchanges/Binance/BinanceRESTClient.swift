import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

/// Binance spot's public REST API (exchange-apis.md §4.1): the trading USDT symbols, 24h
/// tickers and daily klines paged back 1000 at a time; `{code,msg}` errors become ``ExchangeError``.
struct BinanceRESTClient: Sendable {
    let transport: RESTTransport

    /// The USDT markets that are trading, without names (Binance has none; the shared table adds them).
    func markets() async throws -> [Market] {
        let info: BinanceExchangeInfoDTO = try await get(BinanceEndpoint.exchangeInfo)
        // The weight limit the server publishes replaces the documented one.
        if let weight = info.rateLimits?.first(where: { $0.rateLimitType == "REQUEST_WEIGHT" }),
            let seconds = weight.windowSeconds
        {
            transport.limits?.weights?.setLimit(weight.limit, windowSeconds: seconds)
        }
        return info.symbols.filter { $0.status == "TRADING" && $0.quoteAsset == "USDT" }.compactMap { $0.toDomain() }
    }

    /// The tickers of these markets, or of every USDT market when `ids` is empty.
    func tickers(_ ids: [MarketID]) async throws -> [Ticker] {
        if ids.isEmpty {
            let rows: [BinanceTicker24hDTO] = try await get(BinanceEndpoint.ticker24h)
            return rows.compactMap { $0.toDomain() }.filter { $0.marketID.quote == "USDT" }
        }
        var tickers: [Ticker] = []
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(start + 100, ids.count)]
            let list = "[" + batch.map { "\"\(BinanceWire.symbol($0))\"" }.joined(separator: ",") + "]"
            let rows: [BinanceTicker24hDTO] = try await get(
                BinanceEndpoint.ticker24h, [(BinanceEndpoint.Parameter.symbols, list)])
            tickers += rows.compactMap { $0.toDomain() }
            start += 100
        }
        return tickers
    }

    /// The last `count` klines of `interval` starting before `before` (now when `nil`), oldest
    /// first, paging back 1,000 at a time by `endTime` (§9.4).
    func candles(
        _ id: MarketID, interval: CandleInterval, before: Int64?, count: Int
    ) async throws -> [IntervalCandle] {
        guard BinanceEndpoint.klineInterval(interval.rawValue) != nil else {
            throw ExchangeError.unavailable("Binance has no \(interval) klines")
        }
        var candles: [IntervalCandle] = []
        var rows = 0
        var end = before.map { $0 - 1 }
        while rows < count {
            let limit = min(BinanceEndpoint.maxKlineCount, count - rows)
            var query = [
                (BinanceEndpoint.Parameter.symbol, BinanceWire.symbol(id)),
                (BinanceEndpoint.Parameter.interval, interval.rawValue),
                (BinanceEndpoint.Parameter.limit, String(limit)),
            ]
            if let end { query.append((BinanceEndpoint.Parameter.endTime, String(end))) }
            let page = try await klinePage(query)
            candles = page.candles + candles
            rows += page.rows
            guard page.rows == limit, let oldest = page.firstOpenTime else { break }
            end = oldest - 1
        }
        return candles.sorted { $0.start < $1.start }
    }

    /// A page of klines, read by ``BinanceKlinesReader`` straight from the reply's bytes; a body it
    /// cannot read is ``ExchangeError/badResponse(_:)``.
    private func klinePage(_ query: [(String, String)]) async throws -> BinanceKlinesReader.Page {
        let reply = try await transport.get(BinanceEndpoint.klines, query)
        guard reply.status == .ok else { throw Self.error(status: reply.status, body: reply.body) }
        do throws(BinanceKlinesReader.Failure) {
            return try BinanceKlinesReader.page(reply.body)
        } catch {
            throw ExchangeError.badResponse("\(BinanceEndpoint.klines): \(error.description)")
        }
    }

    /// The last `days` daily candles, oldest first.
    func dailyCandles(_ id: MarketID, days: Int) async throws -> [Candle] {
        try await candles(id, interval: .day, before: nil, count: days).map(Candle.init)
    }

    /// The order book of a market (15 levels a side, as the other exchanges give).
    func orderBook(_ id: MarketID) async throws -> OrderBook {
        let depth: BinanceDepthDTO
        do {
            depth = try await get(
                BinanceEndpoint.depth,
                [(BinanceEndpoint.Parameter.symbol, BinanceWire.symbol(id)), (BinanceEndpoint.Parameter.limit, "15")])
        } catch ExchangeError.unknownMarket {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
        return depth.toDomain(market: id, timestamp: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
    }

    /// The latest `count` trades of a market (at most 1000), newest first (Binance sends them
    /// oldest first).
    func trades(_ id: MarketID, count: Int) async throws -> [Trade] {
        try await tradeRows(BinanceEndpoint.trades, of: id, [(BinanceEndpoint.Parameter.limit, String(count))])
            .sorted { $0.id > $1.id }
    }

    /// The trades after `after`, newest first: `historicalTrades` pages of 1,000 forward from the
    /// id after it, until one comes back short or ``TradePaging/maximumPages``.
    func trades(_ id: MarketID, after: Trade) async throws -> [Trade] {
        try await TradePaging.forward(from: after, pageSize: BinanceEndpoint.maxTradeCount) { fromID in
            try await tradeRows(
                BinanceEndpoint.historicalTrades, of: id,
                [
                    (BinanceEndpoint.Parameter.fromID, String(fromID)),
                    (BinanceEndpoint.Parameter.limit, String(BinanceEndpoint.maxTradeCount)),
                ])
        }
    }

    /// One market's trades from `path` (`trades` or `historicalTrades`), as sent; an unknown
    /// symbol named by the market's code.
    private func tradeRows(_ path: String, of id: MarketID, _ query: [(String, String)]) async throws -> [Trade] {
        let rows: [BinanceTradeDTO]
        do {
            rows = try await get(path, [(BinanceEndpoint.Parameter.symbol, BinanceWire.symbol(id))] + query)
        } catch ExchangeError.unknownMarket {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
        return rows.compactMap { $0.toDomain(market: id) }
    }

    private func get<Response: Decodable>(_ path: String, _ query: [(String, String)] = []) async throws -> Response {
        let reply = try await transport.get(path, query)
        guard reply.status == .ok else { throw Self.error(status: reply.status, body: reply.body) }
        return try RESTTransport.decode(Response.self, from: reply.body, path: path)
    }

    /// The error a reply other than 200 stands for: Binance's `{code,msg}` body read when it has
    /// one (an unknown symbol is ``ExchangeError/unknownMarket(_:)``), an excerpt of it otherwise.
    private static func error(status: HTTPResponseStatus, body: Data) -> ExchangeError {
        guard let failure = try? JSONDecoder().decode(BinanceErrorBody.self, from: body) else {
            return RESTTransport.error(status: status, message: RESTTransport.excerpt(body, status: status))
        }
        if failure.code == BinanceErrorBody.invalidSymbol.code { return ExchangeError.unknownMarket(failure.msg) }
        return RESTTransport.error(status: status, message: "\(failure.code) \(failure.msg)")
    }
}
