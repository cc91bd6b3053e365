import AsyncHTTPClient
import ExchangeWire
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1

/// Upbit's quotation REST API over AsyncHTTPClient: markets, tickers, daily candles.
/// Every failure leaves as an ``ExchangeError``.
struct UpbitRESTClient: Sendable {
    let server: UpbitServer
    let httpClient: HTTPClient
    let timeout: TimeAmount
    let logger: Logger

    /// The KRW markets with their names.
    func markets() async throws -> [Market] {
        let rows: [UpbitMarketDTO] = try await get(
            UpbitEndpoint.marketAll, [(UpbitEndpoint.Parameter.isDetails, "true")])
        return rows.compactMap { $0.toDomain() }.filter { $0.quote == "KRW" }
    }

    /// The tickers of these markets, or of every KRW market when `ids` is empty.
    func tickers(_ ids: [MarketID]) async throws -> [Ticker] {
        if ids.isEmpty {
            let rows: [UpbitTickerDTO] = try await get(
                UpbitEndpoint.tickerAll, [(UpbitEndpoint.Parameter.quoteCurrencies, "KRW")])
            return rows.compactMap { $0.toDomain() }
        }
        var tickers: [Ticker] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 100, ids.count)]
            let rows: [UpbitTickerDTO] = try await get(
                UpbitEndpoint.ticker, [(UpbitEndpoint.Parameter.markets, chunk.map(\.rawValue).joined(separator: ","))])
            tickers += rows.compactMap { $0.toDomain() }
            start += 100
        }
        return tickers
    }

    /// The last `days` daily candles, oldest first, paging back 200 at a time.
    func dailyCandles(_ id: MarketID, days: Int) async throws -> [Candle] {
        guard days > 0 else { return [] }
        var newestFirst: [UpbitCandleDTO] = []
        var before: String?
        while newestFirst.count < days {
            let count = min(UpbitEndpoint.maxCandleCount, days - newestFirst.count)
            var query = [(UpbitEndpoint.Parameter.market, id.rawValue), (UpbitEndpoint.Parameter.count, String(count))]
            if let before { query.append((UpbitEndpoint.Parameter.to, before)) }
            let page: [UpbitCandleDTO] = try await get(UpbitEndpoint.candlesDays, query)
            newestFirst += page
            guard page.count == count, let oldest = page.last else { break }
            before = oldest.candleDateTimeUtc + "Z"
        }
        return newestFirst.compactMap { $0.toDomain() }.reversed()
    }

    private func get<Response: Decodable>(_ path: String, _ query: [(String, String)]) async throws -> Response {
        let url = server.restBaseURL + path + Self.queryString(query)
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response: HTTPClientResponse
        let body: ByteBuffer
        do {
            response = try await httpClient.execute(request, timeout: timeout, logger: logger)
            body = try await response.body.collect(upTo: 32 << 20)
        } catch {
            throw ExchangeError.unavailable("\(server.restBaseURL): \(Self.describe(error))")
        }
        let data = Data(body.readableBytesView)
        guard response.status == .ok else {
            throw Self.error(status: response.status, body: data)
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw ExchangeError.badResponse("\(path): \(Self.describe(error))")
        }
    }

    private static func queryString(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+,:")
        return "?"
            + query.map { key, value in
                "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }
}
