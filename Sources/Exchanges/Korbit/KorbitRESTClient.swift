import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

/// Korbit's v2 public REST API (exchange-apis.md §3.1–§3.5): launched KRW pairs named by
/// `/v2/currencies` (English only), tickers, daily candles paged back 200 at a time; the
/// `success:false` envelope becomes an ``ExchangeError``.
struct KorbitRESTClient: Sendable {
    let transport: RESTTransport

    /// The launched KRW markets with their English names (Korean ones come from the shared table).
    func markets() async throws -> [Market] {
        async let pairs: [KorbitCurrencyPairDTO] = get(KorbitEndpoint.currencyPairs)
        async let currencies: [KorbitCurrencyDTO] = get(KorbitEndpoint.currencies)
        let names = Dictionary(
            try await currencies.map { ($0.name.uppercased(), DisplayWidth.sanitized($0.fullName)) },
            uniquingKeysWith: { first, _ in first })
        return try await pairs.compactMap { pair in
            guard pair.status == "launched", let id = pair.marketID, id.quote == "KRW" else { return nil }
            return Market(id: id, koreanName: "", englishName: names[id.base] ?? id.base)
        }
    }

    /// The tickers of these markets, or of every KRW pair when `ids` is empty.
    func tickers(_ ids: [MarketID]) async throws -> [Ticker] {
        if ids.isEmpty {
            let rows: [KorbitTickerDTO] = try await get(KorbitEndpoint.tickers)
            return rows.compactMap(Self.domain).filter { $0.marketID.quote == "KRW" }
        }
        var tickers: [Ticker] = []
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(start + 100, ids.count)]
            let rows: [KorbitTickerDTO] = try await get(
                KorbitEndpoint.tickers,
                [(KorbitEndpoint.Parameter.symbol, batch.map(KorbitWire.symbol).joined(separator: ","))])
            tickers += rows.compactMap(Self.domain)
            start += 100
        }
        return tickers
    }

    /// The last `days` daily candles, oldest first.
    func dailyCandles(_ id: MarketID, days: Int) async throws -> [Candle] {
        try await candles(id, interval: .day, before: nil, count: days).map(Candle.init)
    }

    /// The last `count` candles of `interval` starting before `before` (now when `nil`), oldest
    /// first, paging back 200 at a time by `end` (§3.4).
    func candles(
        _ id: MarketID, interval: CandleInterval, before: Int64?, count: Int
    ) async throws -> [IntervalCandle] {
        guard let text = KorbitEndpoint.intervalText(interval) else {
            throw ExchangeError.unavailable("Korbit has no \(interval) candles")
        }
        // Korbit's days start at 00:00 KST: its `end` is 9 hours before the UTC day's.
        let shift = interval.isDaily ? UpbitTime.kstOffsetMilliseconds : 0
        var rows: [KorbitCandleDTO] = []
        var end = before.map { $0 - shift - 1 }
        while rows.count < count {
            let limit = min(KorbitEndpoint.maxCandleCount, count - rows.count)
            var query = [
                (KorbitEndpoint.Parameter.symbol, KorbitWire.symbol(id)), (KorbitEndpoint.Parameter.interval, text),
                (KorbitEndpoint.Parameter.limit, String(limit)),
            ]
            if let end { query.append((KorbitEndpoint.Parameter.end, String(end))) }
            let page: [KorbitCandleDTO] = try await get(KorbitEndpoint.candles, query)
            rows = page + rows
            guard page.count == limit, let oldest = page.first else { break }
            end = oldest.timestamp - 1
        }
        return rows.sorted { $0.timestamp < $1.timestamp }.compactMap { $0.toIntervalCandle(interval) }
    }

    private static func domain(_ row: KorbitTickerDTO) -> Ticker? {
        guard let symbol = row.symbol, let id = KorbitWire.marketID(symbol) else { return nil }
        return row.toDomain(id)
    }

    /// The order book of a market (Korbit's 30 levels a side).
    func orderBook(_ id: MarketID) async throws -> OrderBook {
        let data: KorbitOrderbookDTO
        do {
            data = try await get(KorbitEndpoint.orderbook, [(KorbitEndpoint.Parameter.symbol, KorbitWire.symbol(id))])
        } catch ExchangeError.unknownMarket {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
        return data.toDomain(market: id)
    }

    /// The latest `count` trades of a market (at most 500), newest first.
    func trades(_ id: MarketID, count: Int) async throws -> [Trade] {
        let rows: [KorbitTradeDTO]
        do {
            rows = try await get(
                KorbitEndpoint.trades,
                [
                    (KorbitEndpoint.Parameter.symbol, KorbitWire.symbol(id)),
                    (KorbitEndpoint.Parameter.limit, String(count)),
                ])
        } catch ExchangeError.unknownMarket {
            throw ExchangeError.unknownMarket(id.rawValue)
        }
        return rows.compactMap { $0.toDomain(market: id) }
    }

    private func get<Payload: Codable & Sendable>(
        _ path: String, _ query: [(String, String)] = []
    ) async throws -> Payload {
        let reply = try await transport.get(path, query)
        if let failure = try? JSONDecoder().decode(KorbitFailure.self, from: reply.body), !failure.success {
            let code = failure.error?.message ?? "HTTP \(reply.status.code)"
            if code == KorbitError.invalidPair.message { throw ExchangeError.unknownMarket(code) }
            throw RESTTransport.error(status: reply.status == .ok ? .badRequest : reply.status, message: code)
        }
        guard reply.status == .ok else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        let envelope = try RESTTransport.decode(KorbitEnvelope<Payload>.self, from: reply.body, path: path)
        guard let data = envelope.data else { throw ExchangeError.badResponse("\(path): no data") }
        return data
    }
}
