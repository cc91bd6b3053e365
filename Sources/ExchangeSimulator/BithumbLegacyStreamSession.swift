import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore

/// One client on the simulated legacy Bithumb WebSocket (`/pub/ws`, exchange-apis.md §2.2): a
/// greeting on connect, one subscribe object acknowledged with `resmsg` (or `5100` when
/// malformed), then `ticker` messages with string values and KST dates, in text frames.
struct BithumbLegacyStreamSession: ClientMessageSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        try await send(BithumbLegacyStreamStatus.connected)
        var subscribed = Set<MarketID>()
        var tickType = "24H"
        for await event in events {
            switch event {
            case .traded(let traded):
                var seen = Set<MarketID>()
                let wanted = venue.venueIDs(traded).filter {
                    subscribed.contains($0) && seen.insert($0).inserted
                }
                try await frames.writeTextFrames(
                    venue.figures(wanted, now: now()).map { $0.bithumbLegacyStreamTicker(tickType: tickType) },
                    encoder: encoder)
            case .clientMessage(let bytes):
                guard let request = try? JSONDecoder().decode(BithumbLegacySubscription.self, from: Data(bytes)),
                    request.type == "ticker"
                else {
                    try await send(BithumbLegacyStreamStatus.invalidFilter)
                    continue
                }
                subscribed = Set(
                    request.symbols.compactMap { pair in
                        let parts = pair.split(separator: "_")
                        return parts.count == 2 ? MarketID("\(parts[1])-\(parts[0])") : nil
                    }.filter(venue.lists))
                tickType = request.tickTypes?.first ?? "24H"
                try await send(BithumbLegacyStreamStatus.registered)
            case .request, .badRequest, .ping, .statusDue, .flushDue:
                continue
            case .drop:
                return
            }
        }
    }
}

extension CoinFigures {
    /// This coin as a ticker message of Bithumb's legacy WebSocket.
    func bithumbLegacyStreamTicker(tickType: String) -> BithumbLegacyStreamTicker {
        let (amount, rate) = change
        let kst = tradeTimestamp + UpbitTime.kstOffsetMilliseconds
        let power = bidVolume + askVolume > 0 ? bidVolume / max(askVolume, .leastNonzeroMagnitude) * 100 : 100
        return BithumbLegacyStreamTicker(
            content: .init(
                symbol: "\(market.symbol)_\(market.quote)", tickType: tickType,
                date: UpbitTime.compactDate(unixMilliseconds: kst), time: UpbitTime.compactTime(unixMilliseconds: kst),
                openPrice: WireDecimal(open), closePrice: WireDecimal(price), lowPrice: WireDecimal(low),
                highPrice: WireDecimal(high), value: WireDecimal(value24h), volume: WireDecimal(volume24h),
                sellVolume: WireDecimal(askVolume), buyVolume: WireDecimal(bidVolume),
                prevClosePrice: WireDecimal(previousClose), chgRate: WireDecimal(rate * 100, decimals: 2),
                chgAmt: WireDecimal(amount), volumePower: WireDecimal(min(power, 999.99), decimals: 2)))
    }
}
