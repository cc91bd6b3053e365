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

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        var subscribed = Set<MarketID>()
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        for await event in events {
            switch event {
            case .traded(let traded):
                var seen = Set<MarketID>()
                let wanted = venue.venueIDs(traded).filter {
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
                    guard request.type == "ticker" else {
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
                        subscribed.subtract(ids)
                    } else if request.method == "subscribe" {
                        subscribed.formUnion(ids)
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
                    if request.method == "subscribe" {
                        let time = now()
                        try await frames.writeTextFrames(
                            venue.figures(ids, now: time).map { $0.korbitStreamTicker(snapshot: true, now: time) },
                            encoder: encoder)
                    }
                }
            case .request, .badRequest, .ping, .statusDue, .flushDue:
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
