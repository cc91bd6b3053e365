import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

/// Bithumb's v1 public REST API (exchange-apis.md §2.3): markets with Korean names, tickers in
/// batches of at most 200, daily candles paged back 200 at a time. Every reply is checked for an
/// `error` key first, since Bithumb answers an unknown code with HTTP 200 and an error body.
struct BithumbRESTClient: UpbitDialectRESTClient {
    let transport: RESTTransport

    /// The markets of every group Bithumb lists (KRW, BTC, USDT) with their names.
    func markets() async throws -> [Market] {
        let rows: [BithumbMarketDTO] = try await get(
            BithumbEndpoint.marketAll, [(BithumbEndpoint.Parameter.isDetails, "true")])
        return rows.compactMap { $0.toDomain() }.filter { UpbitEndpoint.quoteGroups.contains($0.quote) }
    }

    /// The tickers of these markets, or of every market when `ids` is empty (there is no
    /// "all tickers" call in v1, so the market list comes first).
    func tickers(_ ids: [MarketID]) async throws -> [Ticker] {
        let wanted = ids.isEmpty ? try await markets().map(\.id) : ids
        var tickers: [Ticker] = []
        var start = 0
        while start < wanted.count {
            let batch = wanted[start..<min(start + BithumbEndpoint.maxTickerBatch, wanted.count)]
            let rows: [BithumbTickerDTO] = try await get(
                BithumbEndpoint.ticker,
                [(BithumbEndpoint.Parameter.markets, batch.map(\.rawValue).joined(separator: ","))])
            tickers += rows.compactMap { $0.bithumbToDomain() }
            start += BithumbEndpoint.maxTickerBatch
        }
        return tickers
    }

    /// Every coin's deposit and withdrawal status (§9.2), by symbol.
    func walletStatus() async throws -> [String: WalletStatus] {
        let reply = try await transport.get(BithumbAssetsStatus.pathAll, [])
        guard reply.status == .ok else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        if let refusal = try? JSONDecoder().decode(BithumbLegacyStatus.self, from: reply.body), refusal.status != "0000"
        {
            throw ExchangeError.badResponse("Bithumb assetsstatus \(refusal.status): \(refusal.message ?? "")")
        }
        let answer = try RESTTransport.decode(
            BithumbAssetsStatus.self, from: reply.body, path: BithumbAssetsStatus.pathAll)
        return answer.data.mapValues {
            WalletStatus(deposit: $0.depositStatus == 1, withdrawal: $0.withdrawalStatus == 1)
        }
    }

    /// The last `days` daily candles, oldest first.
    func dailyCandles(_ id: MarketID, days: Int) async throws -> [Candle] {
        try await candles(id, interval: .day, before: nil, count: days).map(Candle.init)
    }

    /// The last `count` candles of `interval` starting before `before` (now when `nil`), oldest
    /// first, paging back 200 at a time by `to`, written in KST as Bithumb reads it (§9.4).
    func candles(
        _ id: MarketID, interval: CandleInterval, before: Int64?, count: Int
    ) async throws -> [IntervalCandle] {
        guard interval != .second, let path = UpbitEndpoint.candlesPath(interval) else {
            throw ExchangeError.unavailable("Bithumb has no \(interval) candles")
        }
        return try await UpbitCandlePaging.candles(id, before: before, count: count) { query in
            UpbitRESTRowsReader.CandlePage(try await get(path, query))
        } to: { time in
            UpbitTime.isoLocal(unixMilliseconds: time + UpbitTime.kstOffsetMilliseconds)
                .replacingOccurrences(of: "T", with: " ")
        }
    }

    func get<Response: Decodable>(_ path: String, _ query: [(String, String)]) async throws -> Response {
        let reply = try await transport.get(path, query)
        if let failure = try? JSONDecoder().decode(BithumbErrorBody.self, from: reply.body) {
            throw Self.error(status: reply.status, name: failure.error.name.description, message: failure.error.message)
        }
        guard reply.status == .ok else {
            let route = try? JSONDecoder().decode(BithumbRouteError.self, from: reply.body)
            throw RESTTransport.error(
                status: reply.status, message: route?.message ?? RESTTransport.excerpt(reply.body, status: reply.status)
            )
        }
        return try RESTTransport.decode(Response.self, from: reply.body, path: path)
    }

    /// An error body's meaning: `Code not found` is an unknown market whatever the status.
    static func error(status: HTTPResponseStatus, name: String, message: String) -> ExchangeError {
        if message.localizedCaseInsensitiveContains("code not found") { return .unknownMarket(message) }
        let effective: HTTPResponseStatus = status == .ok ? .badRequest : status
        return RESTTransport.error(status: effective, message: "\(name): \(message)")
    }
}
