public import MarketDomain

/// Where a view reads a coin's premium history from (issue 29): the store's bars with the
/// recorder's minute being filled on their end, and where the premium of now stands; and
/// Binance's books, for what a real amount would fill.
public struct PremiumHistorySource: Sendable {
    public var store: PremiumHistoryStore
    /// The process's recorder, for the minute not yet written; `nil` shows what is stored.
    public var recorder: PremiumRecorder?
    /// Unix ms now.
    public var now: @Sendable () -> Int64
    /// Binance's order book of a USDT market, for the premium a real amount gets; nil says none.
    public var binanceBook: (@Sendable (MarketID) async throws -> OrderBook)?
    /// The feeds the premium of now is made of, started when a chart asks; nil starts none.
    public var feeds: PremiumFeeds?

    /// A source over `store` and `recorder`, with Binance's books from `binanceBook` and the
    /// premium's live feeds started by `feeds`.
    public init(
        store: PremiumHistoryStore, recorder: PremiumRecorder?, now: @escaping @Sendable () -> Int64,
        binanceBook: (@Sendable (MarketID) async throws -> OrderBook)? = nil, feeds: PremiumFeeds? = nil
    ) {
        self.store = store
        self.recorder = recorder
        self.now = now
        self.binanceBook = binanceBook
        self.feeds = feeds
    }

    /// How old a recorded minute may be and still stand for the premium of now (another copy of
    /// Sise may be the one recording): its start at most two minutes before this minute's.
    public static let currentAge: Int64 = 120_000

    /// How far back each interval's chart reads: a day of minutes, 90 days of hours, two years of days.
    public static func span(_ interval: PremiumInterval) -> Int64 {
        switch interval {
        case .minute: 86_400_000
        case .hour: 90 * 86_400_000
        case .day: 730 * 86_400_000
        }
    }

    /// A coin's history as a chart shows it.
    public struct Reading: Sendable, Equatable {
        /// The bars of the interval asked for, oldest first, the live minute folded into the last.
        public var bars: [PremiumBar]
        /// The premium of now on each basis: the live minute's close, else a minute recorded in
        /// the last ``currentAge``; nil while the feeds are not live (never an older bar's).
        public var current: PremiumBar?
        /// Where the premium of now stands, on the basis asked for.
        public var standings: [PremiumStanding]
    }

    /// Reads `symbol`'s bars of `interval` and the standings of its premium on `basis`.
    public func read(_ symbol: String, interval: PremiumInterval, basis: PremiumBasis) throws -> Reading {
        let time = now()
        let live = recorder?.current(symbol)
        var byInterval: [PremiumInterval: [PremiumBar]] = [:]
        for each in PremiumInterval.allCases {
            let since = time - max(Self.span(each), PremiumStanding.Window.quarter.milliseconds)
            var bars = try store.bars(symbol, each, each == .minute ? time - Self.span(.minute) : since)
            if let live { bars = Self.folding(live, into: bars, as: each) }
            byInterval[each] = bars
        }
        let chosen = (byInterval[interval] ?? []).filter { $0.start >= time - Self.span(interval) }
        let recent = PremiumInterval.minute.start(of: time) - Self.currentAge
        let current = live ?? byInterval[.minute]?.last.flatMap { $0.start >= recent ? $0 : nil }
        let standings =
            current.flatMap { $0.on(basis)?.close }.map { value in
                PremiumStanding.of(
                    value, basis: basis, now: time, minutes: byInterval[.minute] ?? [], hours: byInterval[.hour] ?? [],
                    days: byInterval[.day] ?? [])
            } ?? []
        return Reading(bars: chosen, current: current, standings: standings)
    }

    /// `bars` of `interval` with the live minute folded into the bar it falls in.
    static func folding(_ minute: PremiumBar, into bars: [PremiumBar], as interval: PremiumInterval) -> [PremiumBar] {
        let start = interval.start(of: minute.start)
        var result = bars
        if let last = result.last, last.start == start {
            result[result.count - 1] = PremiumBar.rolledUp([last, minute], into: interval)[0]
        } else if result.last.map({ $0.start < start }) ?? true {
            result.append(PremiumBar.rolledUp([minute], into: interval)[0])
        }
        return result
    }
}
