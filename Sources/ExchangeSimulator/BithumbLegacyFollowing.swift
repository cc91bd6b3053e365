import ExchangeWire
import Foundation
import MarketDomain

/// What one client of Bithumb's simulated legacy WebSocket follows (exchange-apis.md §2.2), without
/// a socket: each subscribe object sets the pairs of its type (`ticker`, `transaction`,
/// `orderbookdepth`, `orderbooksnapshot`) — `tickTypes` read for tickers only — and the books sent
/// so far, so that each `orderbookdepth` carries exactly the levels that changed since the last.
struct BithumbLegacyFollowing: Sendable {
    /// The levels a side a followed book holds (the REST book's most).
    static let levels = 30

    private(set) var tickers = Set<MarketID>()
    private(set) var tickType = "24H"
    /// Tapes (`transaction`), with the newest trade sent of each.
    var tapes = DepthFollowing()
    /// Books followed by their changes.
    private(set) var depthBooks = Set<MarketID>()
    /// The book last sent of each (none before the first).
    private var sentBooks: [MarketID: OrderBook] = [:]
    /// Books followed whole, once a second.
    private(set) var snapshotBooks = Set<MarketID>()

    /// Takes a client's message: whether it was a subscription this feed reads (answered
    /// `Filter Registered Successfully`, else `Invalid Filter Syntax`).
    mutating func take(_ bytes: [UInt8], lists: (MarketID) -> Bool) -> Bool {
        guard let request = try? JSONDecoder().decode(BithumbLegacySubscription.self, from: Data(bytes)) else {
            return false
        }
        let ids = Set(request.symbols.compactMap(BithumbLegacyWire.market).filter(lists))
        switch request.type {
        case "ticker":
            tickers = ids
            tickType = request.tickTypes?.first ?? "24H"
        case "transaction":
            tapes.tapes = ids
            tapes.forgetUnfollowed()
        case "orderbookdepth":
            depthBooks = ids
            sentBooks = sentBooks.filter { ids.contains($0.key) }
        case "orderbooksnapshot":
            snapshotBooks = ids
        default:
            return false
        }
        return true
    }

    /// The changes of a followed book now (`book`, as deep as ``levels``) since the one last sent,
    /// now counted as sent: every level the first time; `nil` when nothing changed.
    mutating func depthChanges(of market: MarketID, to book: OrderBook) -> BookChanges? {
        guard depthBooks.contains(market) else { return nil }
        let changes = BookChanges.between(sentBooks[market], book)
        sentBooks[market] = book
        return changes.isEmpty ? nil : changes
    }
}

/// The levels of a book that changed: those of the new book whose size differs (or that are new;
/// every one of them when `unchangedToo`), and a size of 0 at each price of the old book the new
/// one lacks (an ``OrderBook`` would drop those, so the changes are their own lists).
struct BookChanges: Sendable, Equatable {
    var asks: [OrderBook.Level]
    var bids: [OrderBook.Level]

    var isEmpty: Bool { asks.isEmpty && bids.isEmpty }

    static func between(_ old: OrderBook?, _ new: OrderBook, unchangedToo: Bool = false) -> BookChanges {
        func side(_ now: [OrderBook.Level], _ before: [OrderBook.Level]) -> [OrderBook.Level] {
            let sizes = Dictionary(before.map { ($0.price, $0.size) }, uniquingKeysWith: { first, _ in first })
            let prices = Set(now.map(\.price))
            return now.filter { unchangedToo || sizes[$0.price] != $0.size }
                + before.filter { !prices.contains($0.price) }.map { OrderBook.Level(price: $0.price, size: 0) }
        }
        return BookChanges(asks: side(new.asks, old?.asks ?? []), bids: side(new.bids, old?.bids ?? []))
    }

    /// `book` with these changes applied, as a client applies them: a size of 0 removes a level,
    /// any other sets it.
    func applied(to book: OrderBook) -> OrderBook {
        func side(_ levels: [OrderBook.Level], _ changed: [OrderBook.Level]) -> [OrderBook.Level] {
            var sizes = Dictionary(levels.map { ($0.price, $0.size) }, uniquingKeysWith: { first, _ in first })
            for level in changed { sizes[level.price] = level.size == 0 ? nil : level.size }
            return sizes.map { OrderBook.Level(price: $0.key, size: $0.value) }
        }
        return OrderBook(
            market: book.market, timestamp: book.timestamp, asks: side(book.asks, asks), bids: side(book.bids, bids))
    }
}
