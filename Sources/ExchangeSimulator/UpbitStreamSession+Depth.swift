import ExchangeWire
import Foundation
import MarketDomain
import WebSocketFrames

extension UpbitStreamSession {
    /// The books and tapes a request asks for: `orderbook` codes with their depth suffix (Upbit's
    /// default 30, Bithumb's at most 15), `trade` codes; lower-case and unknown codes are ignored
    /// in silence, as the exchanges do.
    static func depthFollowing(from request: UpbitSubscriptionRequest, venue: SimulatedVenue) -> DepthFollowing {
        let isBithumb = venue.exchange == .bithumb
        var following = DepthFollowing()
        for type in request.types {
            switch type.type {
            case "orderbook":
                for code in type.codes where code == code.uppercased() {
                    guard let (market, depth) = UpbitEndpoint.parseOrderbookCode(code), venue.lists(market) else {
                        continue
                    }
                    let levels = depth ?? UpbitEndpoint.streamOrderbookDepths.last!
                    following.books[market] = isBithumb ? min(levels, Self.bithumbMaxDepth) : levels
                    // Upbit groups a KRW book by the request's `level` (§9.5).
                    if !isBithumb, let level = type.level, level > 0 { following.groupings[market] = level }
                }
                following.realtimeBooks = type.isOnlySnapshot != true
            case "trade":
                for code in type.codes where code == code.uppercased() {
                    if let market = MarketID(code), venue.lists(market) { following.tapes.insert(market) }
                }
                following.realtimeTrades = type.isOnlySnapshot != true
            default:
                continue
            }
        }
        return following
    }

    /// Bithumb's WebSocket books hold at most 15 levels a side (exchange-apis.md §2.4).
    static let bithumbMaxDepth = 15

    /// Whether a request wants the current state of a type first (not `is_only_realtime`).
    static func wantsSnapshot(of type: String, in request: UpbitSubscriptionRequest) -> Bool {
        request.types.contains { $0.type == type && $0.isOnlyRealtime != true }
    }

    /// The frames of these markets' depth now: each market's trades not sent yet, oldest first,
    /// then its book, in binary frames as the exchange sends them (Bithumb's book times in µs).
    func depthFrames(
        _ markets: [MarketID], following: inout DepthFollowing, books: Bool, trades: Bool, snapshot: Bool,
        simple: Bool = false
    ) throws -> WebSocketFrameBatch {
        let time = now()
        // SIMPLE applies to every type, each with its own short keys (§9.5).
        let encoder = UpbitStreamKeys.encoder(simple: simple)
        var batch = WebSocketFrameBatch(capacity: 8192)
        for update in following.updates(of: markets, on: venue, books: books, trades: trades, now: time) {
            for trade in update.trades {
                let message = UpbitStreamTrade(
                    trade, previousClose: update.previousClose, book: update.book, snapshot: snapshot, now: time)
                batch.appendBinary(Array(try encoder.encode(message)))
            }
            if update.sendsBook {
                var message = UpbitStreamOrderbook(
                    update.book, snapshot: snapshot, microseconds: venue.exchange == .bithumb)
                if let level = update.level { message.level = level }
                batch.appendBinary(Array(try encoder.encode(message)))
            }
        }
        return batch
    }
}
