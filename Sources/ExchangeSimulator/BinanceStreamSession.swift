import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore
import WebSocketFrames

/// One client on the simulated Binance WebSocket (exchange-apis.md §4.2): the streams its path
/// names (`/ws/btcusdt@ticker`, `/stream?streams=a/b`) followed at once, live
/// `SUBSCRIBE`/`UNSUBSCRIBE`/`LIST_SUBSCRIPTIONS` requests answered `{"result":…,"id":n}`, errors
/// as `{"code":…,"msg":…}`; each subscribed symbol's `24hrTicker` and diff-depth event at most
/// once a second, partial books and trades as they happen, in text frames — each wrapped as
/// `{"stream":…,"data":…}` on a combined stream.
struct BinanceStreamSession: ClientMessageSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64
    /// The books' versions, shared with the REST snapshots.
    let journal: BinanceBookJournal
    /// The streams the connection's path named.
    var opening: [String] = []
    /// Whether the connection is a combined stream (`/stream`).
    var combined = false

    /// Each symbol's ticker goes out at most once a second.
    let flushInterval: Duration? = .seconds(1)

    /// This session for a connection to `uri` (`/ws`, `/ws/<stream>`, `/stream?streams=a/b`).
    func connecting(to uri: String) -> Self {
        var session = self
        let parts = uri.split(separator: "?", maxSplits: 1).map(String.init)
        let path = parts.first ?? ""
        session.combined = path == BinanceEndpoint.combinedStream
        if path.hasPrefix(BinanceEndpoint.webSocket + "/") {
            session.opening = [String(path.dropFirst(BinanceEndpoint.webSocket.count + 1))]
        } else if session.combined, let query = parts.dropFirst().first {
            let streams = FormQuery(query: query).get("streams") ?? ""
            session.opening = streams.split(separator: "/").map(String.init)
        }
        return session
    }

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        var following = BinanceFollowing()
        let out = BinanceEventWriter(frames: frames, combined: combined)
        let opened = following.open(with: opening, lists: venue.lists, now: now())
        if !opened.isEmpty { try await sendDepth(of: opened, trades: false, &following, out) }
        for await event in events {
            switch event {
            case .traded(let traded):
                let ids = venue.venueIDs(traded)
                following.traded(ids)
                if !following.depth.isEmpty {
                    try await sendDepth(of: following.depth.followed(ids), trades: true, &following, out)
                }
            case .flushDue:
                try await flush(&following, out)
            case .clientMessage(let bytes):
                for reply in following.take(bytes, lists: venue.lists, now: now()) {
                    switch reply {
                    case .result(let result): try await send(result, to: outbound)
                    case .error(let error): try await send(error, to: outbound)
                    case .books(let ids): try await sendDepth(of: ids, trades: false, &following, out)
                    }
                }
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
        }
    }

    /// What goes out each second: partial books, diff-depth events, klines, changed tickers.
    private func flush(_ following: inout BinanceFollowing, _ out: BinanceEventWriter) async throws {
        if !following.depth.books.isEmpty {
            try await sendDepth(of: following.depth.books.keys.sorted(), trades: false, &following, out)
        }
        let time = now()
        var batch = WebSocketFrameBatch(capacity: 8192)
        if !following.diffDepth.isEmpty {
            for update in following.diffDepth.events(on: venue, journal: journal, now: time) {
                guard let id = BinanceWire.marketID(update.symbol) else { continue }
                try out.append(update, stream: following.names[.diffDepth(id)], to: &batch)
            }
        }
        if !following.klines.isEmpty { try sendKlines(&following, out, &batch) }
        let changed = following.takeChanged()
        for top in venue.tops(changed, now: time) {
            let id = top.figures.market.id
            if following.tickers.contains(id) {
                try out.append(
                    top.figures.binanceStreamTicker(now: time, book: top.book), stream: following.names[.ticker(id)],
                    to: &batch)
            }
            if following.miniTickers.contains(id) {
                try out.append(
                    BinanceStreamMiniTicker(top.figures.binanceTicker(now: time, book: top.book), now: time),
                    stream: following.names[.miniTicker(id)], to: &batch)
            }
        }
        try await out.frames.write(batch)
    }

    private func send(_ value: some Encodable, to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(String(decoding: try JSONEncoder().encode(value), as: UTF8.self)))
    }

    /// Each followed kline a trade changed since the last second. When a new candle began, the
    /// one sent before it goes once more as it closed (`x`), and so does each candle that traded
    /// between them and was never sent, oldest first, before the new one.
    private func sendKlines(
        _ following: inout BinanceFollowing, _ out: BinanceEventWriter, _ batch: inout WebSocketFrameBatch
    ) throws {
        let time = now()
        for change in following.klines.changes(on: venue, snapshot: false) {
            let (market, interval, candle) = (change.market, change.interval, change.candle)
            let symbol = BinanceWire.symbol(market)
            let name = following.names[.kline(market, interval)]
            if let last = change.previous, last.start < candle.start {
                let closing = venue.candles(market, interval: interval, before: candle.start, count: Self.closingReach)
                for closed in closing ?? [] where closed.start >= last.start {
                    try out.append(
                        BinanceStreamKline(closed, interval: interval, symbol: symbol, closed: true, now: time),
                        stream: name, to: &batch)
                }
            }
            try out.append(
                BinanceStreamKline(candle, interval: interval, symbol: symbol, closed: false, now: time), stream: name,
                to: &batch)
        }
    }

    /// How many candles before a new one are looked at for those to send closed: pushes come each
    /// second, so more than a few only for one-second klines after a stall.
    static let closingReach = 16

    /// Partial books go out whole at every trade and every second; trades one event each (as
    /// `trade`, `aggTrade` or both, as followed).
    private func sendDepth(
        of markets: [MarketID], trades: Bool, _ following: inout BinanceFollowing, _ out: BinanceEventWriter
    ) async throws {
        let time = now()
        var batch = WebSocketFrameBatch(capacity: 8192)
        for update in following.depth.updates(of: markets, on: venue, books: true, trades: trades, now: time) {
            let id = update.market
            for trade in update.trades {
                if following.plainTapes.contains(id) {
                    try out.append(
                        BinanceStreamTrade(trade, now: time), stream: following.names[.trade(id)], to: &batch)
                }
                if following.aggregateTapes.contains(id), let aggregate = BinanceStreamAggregateTrade(trade, now: time)
                {
                    try out.append(aggregate, stream: following.names[.aggregateTrade(id)], to: &batch)
                }
            }
            if update.sendsBook {
                try out.append(
                    BinanceDepthDTO(update.book, lastUpdateId: time), stream: following.names[.partialDepth(id)],
                    to: &batch)
            }
        }
        try await out.frames.write(batch)
    }
}

/// Writes a Binance session's events as text frames: bare on a raw stream, wrapped as
/// `{"stream":"btcusdt@ticker","data":…}` on a combined one.
struct BinanceEventWriter {
    let frames: RawFrameWriter
    let combined: Bool
    private let encoder = JSONEncoder()

    init(frames: RawFrameWriter, combined: Bool) {
        self.frames = frames
        self.combined = combined
    }

    /// Appends `event` of `stream` to `batch`.
    func append(_ event: some Encodable, stream: String?, to batch: inout WebSocketFrameBatch) throws {
        let data = Array(try encoder.encode(event))
        guard combined, let stream else {
            batch.appendText(data)
            return
        }
        let name = Array(try encoder.encode(stream))
        batch.appendText(Array("{\"stream\":".utf8) + name + Array(",\"data\":".utf8) + data + [UInt8(ascii: "}")])
    }
}
