import MarketDomain

/// A coin's most recent trades in the simulated world, newest kept, oldest forgotten: what the
/// dialects' recent-trades endpoints answer from.
struct SimulatedTape: Sendable {
    /// One trade as the world made it (world prices, world volumes).
    struct Entry: Sendable {
        let price: Double
        let volume: Double
        /// A seller took a bid (Upbit's `ASK`).
        let sellerTook: Bool
        let timestamp: Int64
        let sequence: Int64
    }

    /// Trades kept: four pages of Upbit's `/v1/trades/ticks` (500 each), so that a client away for
    /// a few seconds of a busy market (and its reconnect's back-off after) can still page back to
    /// what it missed, as it can on the real exchange (issue 63, item 9: 100 were kept, a second of
    /// KRW-BTC under `--rate 1000`). A ring of 40-byte entries: at most 80 KB a coin.
    static let capacity = 2_000
    /// Trades a tape starts with (made up before the simulator started), and the window the depth
    /// feeds look at for trades not sent yet.
    static let recent = 100

    private var entries: [Entry] = []
    private var next = 0
    private var sequence: Int64 = 0

    /// Keeps one trade, forgetting the oldest when full.
    mutating func record(price: Double, volume: Double, sellerTook: Bool, timestamp: Int64) {
        sequence += 1
        let entry = Entry(
            price: price, volume: volume, sellerTook: sellerTook, timestamp: timestamp, sequence: sequence)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
        }
        next = (next + 1) % Self.capacity
    }

    /// The latest `count` trades, newest first.
    func newest(_ count: Int) -> [Entry] {
        guard !entries.isEmpty else { return [] }
        let total = min(count, entries.count)
        // Before the ring fills, `next` is the count; after, it is the oldest: either way the
        // newest is just before it.
        return (1...total).map { back in entries[(next - back + entries.count) % entries.count] }
    }
}

extension SimulatedCoin {
    /// The latest `count` trades on an exchange listing this coin as `market`, through `scale`,
    /// newest first.
    func trades(as market: Market, scale: PriceScale, count: Int) -> [Trade] {
        tape.newest(count).map { entry in
            Trade(
                market: market.id, price: scale.price(entry.price),
                size: CoinFigures.rounded(entry.volume * scale.volumeShare, decimals: 8),
                side: entry.sellerTook ? .sell : .buy, timestamp: entry.timestamp, id: entry.sequence)
        }
    }
}
