import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

/// Upbit's quotation REST API over AsyncHTTPClient: markets, tickers, daily candles.
/// Every failure leaves as an ``ExchangeError``.
struct UpbitRESTClient: UpbitDialectRESTClient {
    let transport: RESTTransport

    /// The markets of every group Upbit lists (KRW, BTC, USDT) with their names.
    func markets() async throws -> [Market] {
        let markets = try await get(
            UpbitEndpoint.marketAll, [(UpbitEndpoint.Parameter.isDetails, "true")], reading: UpbitRESTRowsReader.markets
        )
        return markets.filter { UpbitEndpoint.quoteGroups.contains($0.quote) }
    }

    /// The tickers of these markets, or of every market of every group when `ids` is empty.
    func tickers(_ ids: [MarketID]) async throws -> [Ticker] {
        if ids.isEmpty {
            return try await get(
                UpbitEndpoint.tickerAll,
                [(UpbitEndpoint.Parameter.quoteCurrencies, UpbitEndpoint.quoteGroups.joined(separator: ","))],
                reading: UpbitRESTRowsReader.tickers)
        }
        var tickers: [Ticker] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 100, ids.count)]
            tickers += try await get(
                UpbitEndpoint.ticker, [(UpbitEndpoint.Parameter.markets, chunk.map(\.rawValue).joined(separator: ","))],
                reading: UpbitRESTRowsReader.tickers)
            start += 100
        }
        return tickers
    }

    /// The last `days` daily candles, oldest first, paging back 200 at a time.
    func dailyCandles(_ id: MarketID, days: Int) async throws -> [Candle] {
        try await candles(id, interval: .day, before: nil, count: days).map(Candle.init)
    }

    /// The last `count` candles of `interval` starting before `before` (now when `nil`), oldest
    /// first, paging back 200 at a time by `to` (§9.4).
    func candles(
        _ id: MarketID, interval: CandleInterval, before: Int64?, count: Int
    ) async throws -> [IntervalCandle] {
        guard let path = UpbitEndpoint.candlesPath(interval) else {
            throw ExchangeError.unavailable("Upbit has no \(interval) candles")
        }
        return try await UpbitCandlePaging.candles(id, before: before, count: count) { query in
            try await get(path, query, reading: UpbitRESTRowsReader.candles)
        } to: { time in
            UpbitTime.isoLocal(unixMilliseconds: time) + "Z"
        }
    }

    /// A market's book with its prices grouped by `unit` (호가 모아보기, §9.5): Upbit groups a KRW
    /// market by the units `/v1/orderbook/supported_levels` names, 30 groups a side; any other
    /// unit is grouped here from the 30 levels Upbit serves.
    func groupedOrderBook(_ id: MarketID, unit: Double) async throws -> OrderBook {
        // Upbit groups a KRW book only; any other is grouped here from its levels.
        guard id.quote == "KRW" else { return try await orderBook(id).grouped(by: unit) }
        let query = [
            (UpbitEndpoint.Parameter.markets, id.rawValue),
            (UpbitEndpoint.Parameter.level, unit == unit.rounded() ? String(Int64(unit)) : String(unit)),
            (UpbitEndpoint.Parameter.count, String(UpbitEndpoint.maxOrderbookCount)),
        ]
        let rows: [UpbitOrderbookDTO] = try await naming(id) { try await get(UpbitEndpoint.orderbook, query) }
        if let book = rows.first(where: { $0.market == id.rawValue })?.toDomain() { return book }
        return try await orderBook(id).grouped(by: unit)
    }

    /// Each coin's deposit and withdrawal status (`/v1/status/wallet`, §9.2), signed with `keys`:
    /// a coin takes deposits (withdrawals) when one of its networks does.
    func walletStatus(keys: UpbitKeys) async throws -> [String: WalletStatus] {
        let token = UpbitJWT.token(accessKey: keys.accessKey, secretKey: keys.secretKey, nonce: UUID().uuidString)
        let reply = try await transport.get(
            UpbitWalletStatusDTO.path, [], headers: [("Authorization", "Bearer \(token)")])
        guard reply.status == .ok else { throw Self.error(status: reply.status, body: reply.body) }
        let rows = try RESTTransport.decode(
            [UpbitWalletStatusDTO].self, from: reply.body, path: UpbitWalletStatusDTO.path)
        var statuses: [String: WalletStatus] = [:]
        for row in rows {
            let takes = row.takes
            let known = statuses[row.currency]
            statuses[row.currency] = WalletStatus(
                deposit: takes.deposit || known?.deposit == true,
                withdrawal: takes.withdrawal || known?.withdrawal == true)
        }
        return statuses
    }

    func get<Response: Decodable>(_ path: String, _ query: [(String, String)]) async throws -> Response {
        let reply = try await transport.get(path, query)
        guard reply.status == .ok else { throw Self.error(status: reply.status, body: reply.body) }
        return try RESTTransport.decode(Response.self, from: reply.body, path: path)
    }

    /// A big list read by ``UpbitRESTRowsReader`` straight from the reply's bytes, or the
    /// exchange's error; a body it cannot read is ``ExchangeError/badResponse(_:)``.
    private func get<Rows>(
        _ path: String, _ query: [(String, String)], reading read: (Data) throws(UpbitRESTRowsReader.Failure) -> Rows
    ) async throws -> Rows {
        let reply = try await transport.get(path, query)
        guard reply.status == .ok else { throw Self.error(status: reply.status, body: reply.body) }
        do throws(UpbitRESTRowsReader.Failure) {
            return try read(reply.body)
        } catch {
            throw ExchangeError.badResponse("\(path): \(error.description)")
        }
    }
}
