import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore
import WebSocketFrames

/// One client on the simulated Korbit v2 public WebSocket (exchange-apis.md §3.6): array
/// requests, an acknowledgement only when `requestId` is given, `fail` for unknown symbols or a
/// bad request, a snapshot message per symbol then live ones, all in text frames. The server's
/// protocol pings come from the WebSocket layer every 30 s.
struct KorbitStreamSession: ClientMessageSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    /// Books' sizes move every second, traded or not.
    let flushInterval: Duration? = .seconds(1)

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        var following = KorbitFollowing()
        let encoder = JSONEncoder()
        for await event in events {
            switch event {
            case .flushDue:
                let books = following.depth.books.keys.sorted()
                try await sendDepth(of: books, books: true, trades: false, snapshot: false, &following, frames, encoder)
            case .traded(let traded):
                let ids = venue.venueIDs(traded)
                if !following.depth.isEmpty {
                    let followed = following.depth.followed(ids)
                    try await sendDepth(
                        of: followed, books: true, trades: true, snapshot: false, &following, frames, encoder)
                }
                try await sendTickers(following.tickersTraded(ids), snapshot: false, frames, encoder)
            case .clientMessage(let bytes):
                for reply in following.take(bytes, lists: venue.lists) {
                    switch reply {
                    case .status(let status):
                        try await outbound.write(.text(String(decoding: try encoder.encode(status), as: UTF8.self)))
                    case .depthSnapshot(let ids, let books):
                        try await sendDepth(
                            of: ids, books: books, trades: !books, snapshot: true, &following, frames, encoder)
                    case .tickerSnapshot(let ids):
                        try await sendTickers(ids, snapshot: true, frames, encoder)
                    }
                }
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
        }
    }

    /// The books and the trades not sent yet of these markets, in one batch of frames.
    private func sendDepth(
        of markets: [MarketID], books: Bool, trades: Bool, snapshot: Bool, _ following: inout KorbitFollowing,
        _ frames: RawFrameWriter, _ encoder: JSONEncoder
    ) async throws {
        let time = now()
        var batch = WebSocketFrameBatch(capacity: 8192)
        for update in following.depth.updates(of: markets, on: venue, books: books, trades: trades, now: time) {
            let symbol = KorbitWire.symbol(update.market)
            if !update.trades.isEmpty {
                let message = KorbitStreamTrades(
                    symbol: symbol, timestamp: time, snapshot: snapshot ? true : nil,
                    data: update.trades.reversed().map(KorbitTradeDTO.init))
                batch.appendText(Array(try encoder.encode(message)))
            }
            if update.sendsBook {
                let message = KorbitStreamOrderbook(
                    symbol: symbol, timestamp: time, snapshot: snapshot ? true : nil,
                    data: KorbitOrderbookDTO(update.book))
                batch.appendText(Array(try encoder.encode(message)))
            }
        }
        try await frames.write(batch)
    }

    /// The tickers of these markets now.
    private func sendTickers(
        _ ids: [MarketID], snapshot: Bool, _ frames: RawFrameWriter, _ encoder: JSONEncoder
    ) async throws {
        let time = now()
        try await frames.writeTextFrames(
            venue.tops(ids, now: time).map {
                $0.figures.korbitStreamTicker(snapshot: snapshot, now: time, book: $0.book)
            },
            encoder: encoder)
    }
}

extension CoinFigures {
    /// This coin as a `ticker` message of Korbit's WebSocket, its best bid and ask those of
    /// `book`; `snapshot` is left out on live ones.
    func korbitStreamTicker(snapshot: Bool, now: Int64, book: OrderBook) -> KorbitStreamTicker {
        KorbitStreamTicker(
            symbol: KorbitWire.symbol(market.id), timestamp: now, snapshot: snapshot ? true : nil,
            data: korbitTicker(withSymbol: false, book: book))
    }
}
