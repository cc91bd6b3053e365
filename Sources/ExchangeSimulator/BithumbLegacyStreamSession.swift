import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore
import WebSocketFrames

/// One client on the simulated legacy Bithumb WebSocket (`/pub/ws`, exchange-apis.md §2.2): a
/// greeting on connect, each subscribe object acknowledged with `resmsg` (or `5100` when it is
/// not one), then in text frames: `ticker` messages with string values and KST dates,
/// `transaction` lists of each trade once, `orderbookdepth` changes (every level at first, then
/// the levels that changed, at each trade and each second) and `orderbooksnapshot` books once a
/// second.
struct BithumbLegacyStreamSession: ClientMessageSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    /// Level sizes move each second: books go out then too.
    let flushInterval: Duration? = .seconds(1)

    func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        let encoder = JSONEncoder()
        func send(_ value: some Encodable) async throws {
            try await outbound.write(.text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
        try await send(BithumbLegacyStreamStatus.connected)
        var following = BithumbLegacyFollowing()
        for await event in events {
            var batch = WebSocketFrameBatch(capacity: 4096)
            switch event {
            case .traded(let traded):
                var seen = Set<MarketID>()
                let ids = venue.venueIDs(traded).filter { seen.insert($0).inserted }
                let tickers = ids.filter(following.tickers.contains)
                for figures in venue.figures(tickers, now: now()) {
                    batch.appendText(
                        Array(try encoder.encode(figures.bithumbLegacyStreamTicker(tickType: following.tickType))))
                }
                try appendTrades(of: ids, &following, &batch, encoder)
                try appendDepth(of: ids.filter(following.depthBooks.contains), &following, &batch, encoder)
            case .flushDue:
                try appendDepth(of: following.depthBooks.sorted(), &following, &batch, encoder)
                try appendSnapshots(of: following.snapshotBooks.sorted(), &batch, encoder)
            case .clientMessage(let bytes):
                let before = following.snapshotBooks
                guard following.take(bytes, lists: venue.lists) else {
                    try await send(BithumbLegacyStreamStatus.invalidFilter)
                    continue
                }
                try await send(BithumbLegacyStreamStatus.registered)
                try appendDepth(of: following.depthBooks.sorted(), &following, &batch, encoder)
                try appendSnapshots(of: following.snapshotBooks.subtracting(before).sorted(), &batch, encoder)
            case .request, .badRequest, .ping, .statusDue:
                continue
            case .drop:
                return
            }
            try await frames.write(batch)
        }
    }

    /// Each followed tape's trades not sent yet, one `transaction` message a market.
    private func appendTrades(
        of ids: [MarketID], _ following: inout BithumbLegacyFollowing, _ batch: inout WebSocketFrameBatch,
        _ encoder: JSONEncoder
    ) throws {
        let followed = ids.filter(following.tapes.tapes.contains)
        guard !followed.isEmpty else { return }
        for update in following.tapes.updates(of: followed, on: venue, books: false, trades: true, now: now())
        where !update.trades.isEmpty {
            var previous = update.previousClose
            let list = update.trades.map { trade in
                defer { previous = trade.price }
                return BithumbLegacyStreamTransactions.Trade(
                    symbol: BithumbLegacyWire.pair(trade.market), buySellGb: trade.side == .sell ? "1" : "2",
                    contPrice: WireDecimal(trade.price), contQty: WireDecimal(trade.size),
                    contAmt: WireDecimal(trade.price * trade.size, decimals: 2),
                    contDtm: BithumbLegacyWire.microsecondText(unixMilliseconds: trade.timestamp),
                    updn: trade.price >= previous ? "up" : "dn")
            }
            batch.appendText(Array(try encoder.encode(BithumbLegacyStreamTransactions(list: list))))
        }
    }

    /// The changes of each followed book since it was last sent.
    private func appendDepth(
        of ids: [MarketID], _ following: inout BithumbLegacyFollowing, _ batch: inout WebSocketFrameBatch,
        _ encoder: JSONEncoder
    ) throws {
        let time = now()
        for id in ids {
            guard let book = venue.depth(id, levels: BithumbLegacyFollowing.levels, trades: 0, now: time)?.book,
                let changes = following.depthChanges(of: id, to: book)
            else { continue }
            let pair = BithumbLegacyWire.pair(id)
            func levels(_ side: [OrderBook.Level], _ type: String) -> [BithumbLegacyStreamDepth.Level] {
                side.map {
                    .init(
                        symbol: pair, orderType: type, price: WireDecimal($0.price), quantity: WireDecimal($0.size),
                        total: $0.size == 0 ? "0" : String(Self.orders(standing: $0)))
                }
            }
            let message = BithumbLegacyStreamDepth(
                list: levels(changes.asks, "ask") + levels(changes.bids, "bid"), datetime: time * 1000)
            batch.appendText(Array(try encoder.encode(message)))
        }
    }

    private func appendSnapshots(
        of ids: [MarketID], _ batch: inout WebSocketFrameBatch, _ encoder: JSONEncoder
    ) throws {
        let time = now()
        for id in ids {
            guard let book = venue.depth(id, levels: BithumbLegacyFollowing.levels, trades: 0, now: time)?.book else {
                continue
            }
            func levels(_ side: [OrderBook.Level]) -> [[WireDecimal]] {
                side.map { [WireDecimal($0.price), WireDecimal($0.size)] }
            }
            let message = BithumbLegacyStreamSnapshot(
                symbol: BithumbLegacyWire.pair(id), datetime: time * 1000, asks: levels(book.asks),
                bids: levels(book.bids))
            batch.appendText(Array(try encoder.encode(message)))
        }
    }

    /// How many orders stand at a level: one for each part of it, at least one (the simulator
    /// keeps sizes, not orders).
    static func orders(standing level: OrderBook.Level) -> Int {
        max(1, min(99, Int(level.size.squareRoot() * 3) + 1))
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
