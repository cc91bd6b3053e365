import ExchangeWire
public import Foundation
import MarketDomain

extension DepthDialect {
    /// The depth of one market on Binance's raw-stream WebSocket (exchange-apis.md §4.2): its
    /// partial book of 20 levels every 100 ms (`btcusdt@depth20@100ms`, whole each time, with no
    /// symbol nor time: the subscription names the market, the arrival dates it) and its trades
    /// (`btcusdt@trade`).
    public static func binance(
        now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
    )
        -> DepthDialect
    {
        DepthDialect(
            subscribeMessage: { market in
                let symbol = BinanceWire.symbol(market)
                return try jsonText(
                    BinanceStreamRequest(
                        params: [
                            BinanceEndpoint.partialDepthStream(symbol, levels: 20), BinanceEndpoint.tradeStream(symbol),
                        ], id: 1))
            },
            decode: { market, frame in
                do {
                    switch try JSONDecoder().decode(BinanceDepthFrame.self, from: Data(buffer: frame)) {
                    case .depth(let book): return .orderBook(book.toDomain(market: market, timestamp: now()))
                    case .trade(let event): return of(market, trades: [event.toDomain()])
                    case .result, .other: return .heartbeat
                    case .error(let body): return .serverError("\(body.code): \(body.msg)")
                    }
                } catch {
                    return .unreadable(RESTTransport.describe(error))
                }
            })
    }
}
