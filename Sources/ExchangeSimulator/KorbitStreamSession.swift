import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore

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

    /// The types a client may subscribe to.
    private static let types: Set<String> = ["ticker", "orderbook", "trade"]

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        var subscribed = Set<MarketID>()
        var depth = DepthFollowing()
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        func send(depthOf markets: [MarketID], books: Bool, trades: Bool, snapshot: Bool) async throws {
            let time = now()
            var messages: [any Encodable] = []
            for update in depth.updates(of: markets, on: venue, books: books, trades: trades, now: time) {
                let symbol = KorbitWire.symbol(update.market)
                if !update.trades.isEmpty {
                    messages.append(
                        KorbitStreamTrades(
                            symbol: symbol, timestamp: time, snapshot: snapshot ? true : nil,
                            data: update.trades.reversed().map(KorbitTradeDTO.init)))
                }
                if update.sendsBook {
                    messages.append(
                        KorbitStreamOrderbook(
                            symbol: symbol, timestamp: time, snapshot: snapshot ? true : nil,
                            data: KorbitOrderbookDTO(update.book)))
                }
            }
            var batch = WebSocketFrameBatch(capacity: 8192)
            for message in messages { batch.appendText(Array(try encoder.encode(message))) }
            try await frames.write(batch)
        }
        for await event in events {
            switch event {
            case .flushDue:
                try await send(depthOf: depth.books.keys.sorted(), books: true, trades: false, snapshot: false)
            case .traded(let traded):
                let ids = venue.venueIDs(traded)
                if !depth.isEmpty {
                    try await send(depthOf: depth.followed(ids), books: true, trades: true, snapshot: false)
                }
                var seen = Set<MarketID>()
                let wanted = ids.filter {
                    subscribed.contains($0) && seen.insert($0).inserted
                }
                let time = now()
                try await frames.writeTextFrames(
                    venue.figures(wanted, now: time).map { $0.korbitStreamTicker(snapshot: false, now: time) },
                    encoder: encoder)
            case .clientMessage(let bytes):
                guard let requests = try? JSONDecoder().decode([KorbitSubscription].self, from: Data(bytes)) else {
                    try await send(KorbitStreamStatus(status: "fail", message: "invalid_format"))
                    continue
                }
                for request in requests {
                    guard Self.types.contains(request.type) else {
                        try await send(
                            KorbitStreamStatus(
                                status: "fail", requestId: request.requestId, code: "INVALID_REQUEST",
                                message: "unknown_type"))
                        continue
                    }
                    let ids = request.symbols.compactMap { symbol in
                        symbol == symbol.lowercased() ? KorbitWire.marketID(symbol) : nil
                    }
                    let unknown = request.symbols.filter { symbol in
                        !(symbol == symbol.lowercased() && KorbitWire.marketID(symbol).map(venue.lists) == true)
                    }
                    if let first = unknown.first {
                        try await send(
                            KorbitStreamStatus(
                                status: "fail", requestId: request.requestId, code: "INVALID_SYMBOL",
                                message: "The symbol does not exist (\(first))"))
                        continue
                    }
                    if request.method == "unsubscribe" {
                        switch request.type {
                        case "orderbook": for id in ids { depth.books[id] = nil }
                        case "trade": depth.tapes.subtract(ids)
                        default: subscribed.subtract(ids)
                        }
                        depth.forgetUnfollowed()
                    } else if request.method == "subscribe" {
                        switch request.type {
                        case "orderbook": for id in ids { depth.books[id] = 30 }
                        case "trade": depth.tapes.formUnion(ids)
                        default: subscribed.formUnion(ids)
                        }
                    } else {
                        try await send(
                            KorbitStreamStatus(
                                status: "fail", requestId: request.requestId, code: "INVALID_REQUEST",
                                message: "unknown_method"))
                        continue
                    }
                    if let requestId = request.requestId {
                        try await send(KorbitStreamStatus(status: "success", requestId: requestId))
                    }
                    if request.method == "subscribe", request.type != "ticker" {
                        try await send(
                            depthOf: ids, books: request.type == "orderbook", trades: request.type == "trade",
                            snapshot: true)
                    } else if request.method == "subscribe" {
                        let time = now()
                        try await frames.writeTextFrames(
                            venue.figures(ids, now: time).map { $0.korbitStreamTicker(snapshot: true, now: time) },
                            encoder: encoder)
                    }
                }
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
        }
    }
}

extension CoinFigures {
    /// This coin as a `ticker` message of Korbit's WebSocket; `snapshot` is left out on live ones.
    func korbitStreamTicker(snapshot: Bool, now: Int64) -> KorbitStreamTicker {
        KorbitStreamTicker(
            symbol: KorbitWire.symbol(market.id), timestamp: now, snapshot: snapshot ? true : nil,
            data: korbitTicker(withSymbol: false))
    }
}
