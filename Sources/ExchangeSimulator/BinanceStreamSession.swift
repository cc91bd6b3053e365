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
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        for await event in events {
            switch event {
            case .traded(let traded):
                for id in venue.venueIDs(traded) where subscribed.contains(id) { changed.insert(id) }
            case .flushDue:
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
                    subscribed = Set(streams.compactMap(Self.tickerMarket).filter(venue.lists))
                    try await send(BinanceStreamResult(result: nil, id: request.id))
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

    /// `btcusdt@ticker` → `USDT-BTC`; `nil` for other streams.
    private static func tickerMarket(_ stream: String) -> MarketID? {
        guard stream.hasSuffix("@ticker") else { return nil }
        return BinanceWire.marketID(String(stream.dropLast("@ticker".count)))
    }
}
