import ExchangeWire
import Foundation
import MarketDomain

extension DepthDialect {
    /// The depth of one market on Korbit's v2 WebSocket (exchange-apis.md §3.6): its `orderbook`
    /// and `trade` types, each with a snapshot first, in text frames.
    public static let korbit = DepthDialect(
        subscribeMessage: { market in
            let symbol = KorbitWire.symbol(market)
            return try jsonText([
                KorbitSubscription(type: "orderbook", symbols: [symbol]),
                KorbitSubscription(type: "trade", symbols: [symbol]),
            ])
        },
        decode: { market, frame in
            do {
                switch try JSONDecoder().decode(KorbitDepthFrame.self, from: Data(buffer: frame)) {
                case .orderbook(let message):
                    guard let id = KorbitWire.marketID(message.symbol) else {
                        return .unreadable("an order book of \(message.symbol)")
                    }
                    return of(market, book: message.data.toDomain(market: id))
                case .trades(let message):
                    guard let id = KorbitWire.marketID(message.symbol) else {
                        return .unreadable("trades of \(message.symbol)")
                    }
                    return of(market, trades: message.data.map { $0.toDomain(market: id) })
                case .status(let status) where status.status == "success":
                    return .heartbeat
                case .status(let status):
                    return .serverError([status.code, status.message].compactMap { $0 }.joined(separator: ": "))
                case .other:
                    return .heartbeat
                }
            } catch {
                return .unreadable(RESTTransport.describe(error))
            }
        })
}
