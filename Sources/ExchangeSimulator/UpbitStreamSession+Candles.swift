import ExchangeWire
import Foundation
import MarketDomain
import WebSocketFrames

/// What an Upbit WebSocket session follows of the `candle.*` types (issue 30): each market's
/// intervals, and the candle last sent of each, so that a candle goes again only when a trade
/// changed it (docs.upbit.com "캔들 (Candle)": at most once a second, only on a change).
struct CandleFollowing: Sendable {
    var intervals: [MarketID: Set<CandleInterval>] = [:]
    /// Whether candles go on after the snapshot (not `is_only_snapshot`).
    var realtime = true
    private var sent: [MarketID: [CandleInterval: IntervalCandle]] = [:]

    var isEmpty: Bool { intervals.isEmpty }

    /// Follows `intervals` from now on, forgetting what was sent of those no longer followed.
    mutating func follow(_ intervals: [MarketID: Set<CandleInterval>]) {
        self.intervals = intervals
        sent = sent.filter { intervals[$0.key] != nil }
    }

    /// A followed candle as it stands now, and the one of its market and interval sent before it.
    struct Change {
        let market: MarketID
        let interval: CandleInterval
        let candle: IntervalCandle
        let previous: IntervalCandle?
    }

    /// Each followed candle as it stands now that changed since it was last sent (all of them
    /// for a snapshot), noted as sent.
    mutating func changes(on venue: SimulatedVenue, snapshot: Bool) -> [Change] {
        var changed: [Change] = []
        for market in intervals.keys.sorted() {
            for interval in (intervals[market] ?? []).sorted(by: { ($0.milliseconds ?? 0) < ($1.milliseconds ?? 0) }) {
                guard let candle = venue.candles(market, interval: interval, before: nil, count: 1)?.last else {
                    continue
                }
                let previous = sent[market]?[interval]
                guard snapshot || previous != candle else { continue }
                sent[market, default: [:]][interval] = candle
                changed.append(Change(market: market, interval: interval, candle: candle, previous: previous))
            }
        }
        return changed
    }
}

extension UpbitStreamSession {
    /// The candles a request asks for: `candle.1s` … `candle.240m` with upper-case codes the venue
    /// lists (others are ignored in silence, as the exchange does). Bithumb's stream has no candles.
    static func candleFollowing(from request: UpbitSubscriptionRequest, venue: SimulatedVenue) -> CandleFollowing {
        var following = CandleFollowing()
        guard venue.exchange == .upbit else { return following }
        for type in request.types {
            guard let interval = UpbitStreamCandle.interval(of: type.type) else { continue }
            for code in type.codes where code == code.uppercased() {
                if let market = MarketID(code), venue.lists(market) {
                    following.intervals[market, default: []].insert(interval)
                }
            }
            following.realtime = type.isOnlySnapshot != true
        }
        return following
    }

    /// Whether a request wants the candles as they stand first (a `candle.*` type not `is_only_realtime`).
    static func wantsCandleSnapshot(in request: UpbitSubscriptionRequest) -> Bool {
        request.types.contains { $0.type.hasPrefix("candle.") && $0.isOnlyRealtime != true }
    }

    /// The frames of the followed candles that changed (all of them for a snapshot), in binary
    /// frames, DEFAULT or SIMPLE keys.
    func candleFrames(following: inout CandleFollowing, snapshot: Bool, simple: Bool) throws -> WebSocketFrameBatch {
        let time = now()
        let encoder = UpbitStreamKeys.encoder(simple: simple)
        var batch = WebSocketFrameBatch(capacity: 4096)
        for change in following.changes(on: venue, snapshot: snapshot) {
            let message = UpbitStreamCandle(
                change.candle, interval: change.interval, market: change.market, snapshot: snapshot, now: time)
            batch.appendBinary(Array(try encoder.encode(message)))
        }
        return batch
    }
}
