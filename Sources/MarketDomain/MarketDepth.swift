/// One market's depth as a viewer follows it: the latest order book and the tape of recent
/// trades, newest first. A pure reducer of ``MarketDepthEvent``s that keeps the exchange's order
/// whatever order the events came in:
/// - a book older than the one shown (an earlier timestamp, a frame overtaken on the way) is
///   dropped, so the book never steps back;
/// - trades are kept once by their exchange id (the REST first paint and the WebSocket overlap
///   after every reconnect), newest first, at most ``capacity``;
/// - a REST snapshot replaces the book even when older (it is what the exchange says after a gap)
///   and merges its trades into the tape.
public struct MarketDepth: Sendable, Equatable {
    /// The market followed.
    public let market: MarketID
    /// The latest book; `nil` until one arrives.
    public private(set) var book: OrderBook?
    /// The latest trades, newest first (by time, then id), each once.
    public private(set) var tape: [Trade] = []
    /// How many trades the tape keeps.
    public let capacity: Int
    /// Where the feed stands.
    public private(set) var connection: ConnectionState = .connecting
    /// Frames skipped since the start.
    public private(set) var skippedFrames = 0

    /// How many trades a first paint asks the exchange for: a whole tape, so that the paint after
    /// a reconnect fills every trade the tape shows that the feed missed meanwhile.
    public static let firstPaintTrades = 100

    /// An empty depth of `market`, keeping up to `capacity` trades.
    public init(market: MarketID, capacity: Int = 100) {
        self.market = market
        self.capacity = max(1, capacity)
    }

    /// 체결강도 over the tape: volume bought over volume sold, in percent.
    public var strength: Double? { Trade.strength(of: tape) }

    /// Takes one event; true when what a viewer sees changed.
    @discardableResult
    public mutating func apply(_ event: MarketDepthEvent) -> Bool {
        switch event {
        case .connection(let state):
            guard state != connection else { return false }
            connection = state
            return true
        case .snapshot(let book, let trades):
            let changed = book.market == market && book != self.book
            if book.market == market { self.book = book }
            return merge(trades) || changed
        case .orderBook(let book):
            guard book.market == market, book.timestamp >= (self.book?.timestamp ?? .min), book != self.book else {
                return false
            }
            self.book = book
            return true
        case .trades(let trades):
            return merge(trades)
        case .frameSkipped:
            skippedFrames += 1
            return false
        }
    }

    /// Merges trades of this market into the tape; true when the tape changed.
    private mutating func merge(_ trades: [Trade]) -> Bool {
        let fresh = trades.filter {
            $0.market == market && $0.price.isFinite && $0.price > 0 && $0.size.isFinite && $0.size > 0
        }
        guard !fresh.isEmpty else { return false }
        var seen = Set(tape.map(\.id))
        var merged = tape
        for trade in fresh where seen.insert(trade.id).inserted { merged.append(trade) }
        guard merged.count > tape.count else { return false }
        merged.sort { ($0.timestamp, $0.id) > ($1.timestamp, $1.id) }
        let kept = Array(merged.prefix(capacity))
        guard kept != tape else { return false }
        tape = kept
        return true
    }
}
