import MarketDomain
import Synchronization

/// The simulated Binance's books as one sequence of versions a market (exchange-apis.md §4.2),
/// shared by its REST snapshots and its diff streams as the real exchange's update ids are: each
/// `GET /api/v3/depth` answers a version (its id the `lastUpdateId`), and each `<symbol>@depth`
/// event carries the changes from one version to the next (`U` = the last id + 1, `u` = the id),
/// so a client that applies the events after its snapshot holds each version exactly. A version's
/// id is the millisecond it was taken (made strictly increasing).
final class BinanceBookJournal: Sendable {
    /// One book as it was.
    struct Version: Sendable {
        let id: Int64
        let book: OrderBook
    }

    /// The levels a side each version keeps: as deep as the REST book serves.
    static let levels = 100
    /// A new version is taken only when the last is older than this (ms), however many ask.
    static let spacing: Int64 = 100
    /// How many versions a market keeps (a session further behind starts again from the book).
    static let kept = 64

    private let versions = Mutex<[MarketID: [Version]]>([:])

    /// The latest version of `market` at `now`: a new one taken by `book` when the last is older
    /// than ``spacing``; `nil` when `book` gives none (unlisted).
    func latest(of market: MarketID, now: Int64, book: () -> OrderBook?) -> Version? {
        if let last = versions.withLock({ $0[market]?.last }), now - last.id < Self.spacing { return last }
        guard let taken = book() else { return nil }
        return versions.withLock { all in
            var kept = all[market] ?? []
            if let last = kept.last, now - last.id < Self.spacing { return last }
            let version = Version(id: max(now, (kept.last?.id ?? .min) + 1), book: taken)
            kept.append(version)
            if kept.count > Self.kept { kept.removeFirst(kept.count - Self.kept) }
            all[market] = kept
            return version
        }
    }

    /// The versions of `market` after `id`, each with the one before it (`nil` when that one is
    /// no longer kept), oldest first.
    func versions(of market: MarketID, after id: Int64) -> [(previous: Version?, version: Version)] {
        let kept = versions.withLock { $0[market] ?? [] }
        return kept.indices.filter { kept[$0].id > id }.map { ($0 > 0 ? kept[$0 - 1] : nil, kept[$0]) }
    }
}
