import ExchangeWire
public import Foundation
import MarketDomain

extension DepthDialect {
    /// The depth of one market on Upbit's WebSocket, or Bithumb's v1 (the same request and
    /// messages): its `orderbook` with a depth suffix (`KRW-BTC.15`, the most both serve) and its
    /// `trade`, in DEFAULT format, each with its snapshot first.
    public static func upbit(
        ticket: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }, depth: Int = 15
    ) -> DepthDialect {
        DepthDialect(
            subscribeMessage: { market in
                let request = UpbitSubscriptionRequest(
                    ticket: ticket(),
                    types: [
                        .init(type: "orderbook", codes: [UpbitEndpoint.orderbookCode(market, depth: depth)]),
                        .init(type: "trade", codes: [market.rawValue]),
                    ], format: .default)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                return String(decoding: try encoder.encode(request), as: UTF8.self)
            },
            decode: { market, frame in
                do {
                    switch try JSONDecoder().decode(UpbitDepthFrame.self, from: Data(buffer: frame)) {
                    case .orderbook(let message): return of(market, book: message.toDomain())
                    case .trade(let message): return of(market, trades: [message.toDomain()])
                    case .status, .other: return .heartbeat
                    case .error(let detail): return .serverError("\(detail.name): \(detail.message)")
                    }
                } catch {
                    return .unreadable(RESTTransport.describe(error))
                }
            })
    }
}
