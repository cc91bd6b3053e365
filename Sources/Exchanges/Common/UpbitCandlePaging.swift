import ExchangeWire
import MarketDomain

/// Paging back through Upbit's (and Bithumb's v1) candles: 200 a page, newest first, each page's
/// `to` the oldest start of the one before (exchange-apis.md §1.3, §9.4).
enum UpbitCandlePaging {
    /// The last `count` candles starting before `before` (now when `nil`), oldest first: `page`
    /// asks for one page with its query, `to` writes a time as the server reads `to`.
    static func candles(
        _ id: MarketID, before: Int64?, count: Int,
        page: ([(String, String)]) async throws -> UpbitRESTRowsReader.CandlePage, to: (Int64) -> String
    ) async throws -> [IntervalCandle] {
        var newestFirst: [IntervalCandle] = []
        var end = before
        while newestFirst.count < count {
            let asked = min(UpbitEndpoint.maxCandleCount, count - newestFirst.count)
            var query = [(UpbitEndpoint.Parameter.market, id.rawValue), (UpbitEndpoint.Parameter.count, String(asked))]
            if let end { query.append((UpbitEndpoint.Parameter.to, to(end))) }
            let read = try await page(query)
            newestFirst += read.candles
            guard read.rows == asked, let oldest = newestFirst.last else { break }
            end = oldest.start
        }
        return newestFirst.reversed()
    }
}
