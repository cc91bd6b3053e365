import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore
import WebSocketFrames

/// One client on the simulated Binance raw-stream WebSocket (exchange-apis.md §4.2): live
/// `SUBSCRIBE`/`UNSUBSCRIBE`/`LIST_SUBSCRIPTIONS` requests answered `{"result":…,"id":n}`, errors
/// as `{"code":…,"msg":…}`, and each subscribed symbol's `24hrTicker` event at most once a second,
/// in text frames.
struct BinanceStreamSession: ClientMessageSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    /// Each symbol's ticker goes out at most once a second.
    let flushInterval: Duration? = .seconds(1)

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        var following = BinanceFollowing()
        let encoder = JSONEncoder()
        for await event in events {
            switch event {
            case .traded(let traded):
                let ids = venue.venueIDs(traded)
                following.traded(ids)
                if !following.depth.isEmpty {
                    let followed = following.depth.followed(ids)
                    try await sendDepth(of: followed, trades: true, &following, frames, encoder)
                }
            case .flushDue:
                if !following.depth.books.isEmpty {
                    let books = following.depth.books.keys.sorted()
                    try await sendDepth(of: books, trades: false, &following, frames, encoder)
                }
                if !following.klines.isEmpty { try await sendKlines(&following, frames, encoder) }
                let changed = following.takeChanged()
                guard !changed.isEmpty else { continue }
                let time = now()
                try await frames.writeTextFrames(
                    venue.figures(changed, now: time).map { $0.binanceStreamTicker(now: time) }, encoder: encoder)
            case .clientMessage(let bytes):
                for reply in following.take(bytes, lists: venue.lists) {
                    switch reply {
                    case .result(let result): try await send(result, to: outbound, encoder)
                    case .error(let error): try await send(error, to: outbound, encoder)
                    case .books(let ids): try await sendDepth(of: ids, trades: false, &following, frames, encoder)
                    }
                }
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
        }
    }

    private func send(
        _ value: some Encodable, to outbound: WebSocketOutboundWriter, _ encoder: JSONEncoder
    ) async throws {
        try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }

    /// Each followed kline a trade changed since the last second. When a new candle began, the
    /// one sent before it goes once more as it closed (`x`), and so does each candle that traded
    /// between them and was never sent, oldest first, before the new one.
    private func sendKlines(
        _ following: inout BinanceFollowing, _ frames: RawFrameWriter, _ encoder: JSONEncoder
    ) async throws {
        let time = now()
        var batch = WebSocketFrameBatch(capacity: 4096)
        for change in following.klines.changes(on: venue, snapshot: false) {
            let (market, interval, candle) = (change.market, change.interval, change.candle)
            let symbol = BinanceWire.symbol(market)
            if let last = change.previous, last.start < candle.start {
                let closing = venue.candles(market, interval: interval, before: candle.start, count: Self.closingReach)
                for closed in closing ?? [] where closed.start >= last.start {
                    batch.appendText(
                        Array(
                            try encoder.encode(
                                BinanceStreamKline(closed, interval: interval, symbol: symbol, closed: true, now: time))
                        ))
                }
            }
            batch.appendText(
                Array(
                    try encoder.encode(
                        BinanceStreamKline(candle, interval: interval, symbol: symbol, closed: false, now: time))))
        }
        try await frames.write(batch)
    }

    /// How many candles before a new one are looked at for those to send closed: pushes come each
    /// second, so more than a few only for one-second klines after a stall.
    static let closingReach = 16

    /// Partial books go out whole at every trade and every second; trades one event each.
    private func sendDepth(
        of markets: [MarketID], trades: Bool, _ following: inout BinanceFollowing, _ frames: RawFrameWriter,
        _ encoder: JSONEncoder
    ) async throws {
        let time = now()
        var batch = WebSocketFrameBatch(capacity: 8192)
        for update in following.depth.updates(of: markets, on: venue, books: true, trades: trades, now: time) {
            for trade in update.trades {
                batch.appendText(Array(try encoder.encode(BinanceStreamTrade(trade, now: time))))
            }
            if update.sendsBook {
                batch.appendText(Array(try encoder.encode(BinanceDepthDTO(update.book, lastUpdateId: time))))
            }
        }
        try await frames.write(batch)
    }
}
