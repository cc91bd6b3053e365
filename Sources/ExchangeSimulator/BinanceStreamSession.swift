import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore

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
        var streams = Set<String>()
        var subscribed = Set<MarketID>()
        var changed = Set<MarketID>()
        var depth = DepthFollowing()
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        // Partial books go out whole at every trade and every second; trades one event each.
        func send(depthOf markets: [MarketID], trades: Bool) async throws {
            let time = now()
            var batch = WebSocketFrameBatch(capacity: 8192)
            for update in depth.updates(of: markets, on: venue, books: true, trades: trades, now: time) {
                for trade in update.trades {
                    batch.appendText(Array(try encoder.encode(BinanceStreamTrade(trade, now: time))))
                }
                if update.sendsBook {
                    batch.appendText(Array(try encoder.encode(BinanceDepthDTO(update.book, lastUpdateId: time))))
                }
            }
            try await frames.write(batch)
        }
        for await event in events {
            switch event {
            case .traded(let traded):
                let ids = venue.venueIDs(traded)
                for id in ids where subscribed.contains(id) { changed.insert(id) }
                if !depth.isEmpty { try await send(depthOf: depth.followed(ids), trades: true) }
            case .flushDue:
                if !depth.books.isEmpty { try await send(depthOf: depth.books.keys.sorted(), trades: false) }
                guard !changed.isEmpty else { continue }
                let time = now()
                try await frames.writeTextFrames(
                    venue.figures(changed.sorted(), now: time).map { $0.binanceStreamTicker(now: time) },
                    encoder: encoder)
                changed.removeAll()
            case .clientMessage(let bytes):
                guard let request = try? JSONDecoder().decode(BinanceStreamRequest.self, from: Data(bytes)) else {
                    try await send(BinanceErrorBody(code: 3, msg: "Invalid JSON: expected a request object"))
                    continue
                }
                switch request.method {
                case "SUBSCRIBE", "UNSUBSCRIBE":
                    guard let params = request.params, !params.isEmpty,
                        params.allSatisfy({ $0 == $0.lowercased() && $0.contains("@") })
                    else {
                        try await send(
                            BinanceErrorBody(code: 2, msg: "Invalid request: invalid stream names", id: request.id))
                        continue
                    }
                    if request.method == "SUBSCRIBE" {
                        guard streams.union(params).count <= BinanceEndpoint.maxStreamsPerConnection else {
                            try await send(
                                BinanceErrorBody(code: 2, msg: "Invalid request: too many streams", id: request.id))
                            continue
                        }
                        streams.formUnion(params)
                    } else {
                        streams.subtract(params)
                    }
                    let before = depth.books
                    (subscribed, depth) = Self.following(streams, venue: venue, keeping: depth)
                    try await send(BinanceStreamResult(result: nil, id: request.id))
                    let newBooks = depth.books.keys.filter { before[$0] != depth.books[$0] }.sorted()
                    if !newBooks.isEmpty { try await send(depthOf: newBooks, trades: false) }
                case "LIST_SUBSCRIPTIONS":
                    try await send(BinanceStreamResult(result: streams.sorted(), id: request.id))
                default:
                    try await send(BinanceErrorBody(code: 2, msg: "Invalid request: unknown method", id: request.id))
                }
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
        }
    }

    /// The tickers, books and tapes these streams ask for, of markets the venue lists
    /// (`btcusdt@ticker`, `btcusdt@depth20@100ms`, `btcusdt@trade`), keeping what was sent.
    private static func following(
        _ streams: Set<String>, venue: SimulatedVenue, keeping previous: DepthFollowing
    ) -> (tickers: Set<MarketID>, depth: DepthFollowing) {
        var tickers = Set<MarketID>()
        var depth = previous
        depth.books = [:]
        depth.tapes = []
        for stream in streams {
            guard let (symbol, kind) = BinanceEndpoint.parseStream(stream),
                let id = BinanceWire.marketID(symbol.uppercased()), venue.lists(id)
            else { continue }
            switch kind {
            case .ticker: tickers.insert(id)
            case .trade: depth.tapes.insert(id)
            case .partialDepth(let levels): depth.books[id] = max(levels, depth.books[id] ?? 0)
            }
        }
        depth.forgetUnfollowed()
        return (tickers, depth)
    }
}
