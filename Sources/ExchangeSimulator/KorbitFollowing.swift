import ExchangeWire
import Foundation
import MarketDomain

/// What one client of the simulated Korbit WebSocket follows, and what each of its requests is
/// answered with (exchange-apis.md §3.6), without a socket: an array of requests in, replies out
/// — a `fail` for a bad request, an unknown type, method or symbol; a `success` only when the
/// request has a `requestId`; then the snapshot of what it subscribed. The session writes them.
struct KorbitFollowing: Sendable {
    /// One thing to send back, in order.
    enum Reply: Sendable, Equatable {
        case status(KorbitStreamStatus)
        /// The books (`books`) or tapes of these markets as they are, flagged as a snapshot.
        case depthSnapshot([MarketID], books: Bool)
        /// The tickers of these markets as they are, flagged as a snapshot.
        case tickerSnapshot([MarketID])
    }

    /// The types a client may subscribe to.
    static let types: Set<String> = ["ticker", "orderbook", "trade"]
    /// The levels a side of a Korbit book.
    static let levels = 30

    /// The tickers followed.
    private(set) var tickers = Set<MarketID>()
    /// The books and tapes followed.
    var depth = DepthFollowing()

    /// Of a batch of traded markets (repeats allowed), the ones whose ticker is followed, each once.
    func tickersTraded(_ ids: [MarketID]) -> [MarketID] {
        var seen = Set<MarketID>()
        return ids.filter { tickers.contains($0) && seen.insert($0).inserted }
    }

    /// Takes a client's message; `lists` says whether the venue lists a market.
    mutating func take(_ bytes: [UInt8], lists: (MarketID) -> Bool) -> [Reply] {
        guard let requests = try? JSONDecoder().decode([KorbitSubscription].self, from: Data(bytes)) else {
            return [.status(KorbitStreamStatus(status: "fail", message: "invalid_format"))]
        }
        return requests.flatMap { take($0, lists: lists) }
    }

    private mutating func take(_ request: KorbitSubscription, lists: (MarketID) -> Bool) -> [Reply] {
        func fail(_ code: String, _ message: String) -> [Reply] {
            [.status(KorbitStreamStatus(status: "fail", requestId: request.requestId, code: code, message: message))]
        }
        guard Self.types.contains(request.type) else { return fail("INVALID_REQUEST", "unknown_type") }
        // Korbit names pairs in lower case only.
        let ids = request.symbols.compactMap { $0 == $0.lowercased() ? KorbitWire.marketID($0) : nil }
        if let unknown = request.symbols.first(where: { symbol in
            !(symbol == symbol.lowercased() && KorbitWire.marketID(symbol).map(lists) == true)
        }) {
            return fail("INVALID_SYMBOL", "The symbol does not exist (\(unknown))")
        }
        switch request.method {
        case "subscribe": follow(ids, type: request.type)
        case "unsubscribe": unfollow(ids, type: request.type)
        default: return fail("INVALID_REQUEST", "unknown_method")
        }
        var replies: [Reply] = []
        if let requestId = request.requestId {
            replies.append(.status(KorbitStreamStatus(status: "success", requestId: requestId)))
        }
        if request.method == "subscribe" {
            replies.append(
                request.type == "ticker"
                    ? .tickerSnapshot(ids) : .depthSnapshot(ids, books: request.type == "orderbook"))
        }
        return replies
    }

    private mutating func follow(_ ids: [MarketID], type: String) {
        switch type {
        case "orderbook": for id in ids { depth.books[id] = Self.levels }
        case "trade": depth.tapes.formUnion(ids)
        default: tickers.formUnion(ids)
        }
    }

    private mutating func unfollow(_ ids: [MarketID], type: String) {
        switch type {
        case "orderbook": for id in ids { depth.books[id] = nil }
        case "trade": depth.tapes.subtract(ids)
        default: tickers.subtract(ids)
        }
        depth.forgetUnfollowed()
    }
}
