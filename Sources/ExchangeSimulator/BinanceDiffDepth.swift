import ExchangeWire
import MarketDomain

/// The books one Binance session follows by diff (`btcusdt@depth`, exchange-apis.md §4.2): each
/// second it takes the latest version of each book from the ``BinanceBookJournal`` and sends one
/// `depthUpdate` for each version since the last it sent (or since it subscribed): the levels that
/// changed from the version before, a quantity of 0 removing one.
struct BinanceDiffDepth: Sendable {
    /// The last version sent of each followed book, or the time it was subscribed.
    private var sent: [MarketID: Int64] = [:]

    /// The markets followed.
    var markets: [MarketID] { sent.keys.sorted() }

    var isEmpty: Bool { sent.isEmpty }

    /// Follows exactly `ids`: new ones from `now`, the others as they were.
    mutating func follow(_ ids: Set<MarketID>, now: Int64) {
        sent = sent.filter { ids.contains($0.key) }
        for id in ids where sent[id] == nil { sent[id] = now }
    }

    /// Each followed book's events now, in market order, now counted as sent.
    mutating func events(on venue: SimulatedVenue, journal: BinanceBookJournal, now: Int64) -> [BinanceDepthUpdate] {
        var events: [BinanceDepthUpdate] = []
        for id in markets {
            guard let last = sent[id] else { continue }
            _ = journal.latest(of: id, now: now) {
                venue.depth(id, levels: BinanceBookJournal.levels, trades: 0, now: now)?.book
            }
            for (previous, version) in journal.versions(of: id, after: last) {
                let changes = BookChanges.between(previous?.book, version.book)
                events.append(
                    BinanceDepthUpdate(
                        symbol: BinanceWire.symbol(id), first: (previous?.id ?? last) + 1, final: version.id,
                        bids: changes.bids, asks: changes.asks, now: now))
                sent[id] = version.id
            }
        }
        return events
    }
}
