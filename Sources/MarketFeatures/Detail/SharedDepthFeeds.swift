public import MarketDomain
import Synchronization

/// One depth feed a market for every viewer (``DetailViewModel/DepthSource``): the first viewer
/// of a market opens its feed, each later one joins it, and the last to leave closes it. So any
/// number of browser tabs on one coin's detail cost the exchange one connection, and the server
/// reads and decodes each of its frames once, not once a tab.
///
/// A viewer that joins a running feed starts where the others stand: the feed's connection state,
/// then its book and tape as one snapshot (what a first paint from the exchange gives), then every
/// event after, in order. A feed that ends (a dialect without depth) ends for all its viewers; the
/// next viewer opens it anew.
public final class SharedDepthFeeds: Sendable {
    /// One market's running feed.
    private struct Feed {
        /// Tells this feed from a later one of the same market.
        var generation: Int
        /// The depth as the feed's events left it: what a joining viewer starts from.
        var depth: MarketDepth
        var viewers: [Int: AsyncStream<MarketDepthEvent>.Continuation] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var feeds: [MarketID: Feed] = [:]
        /// The last number given to a viewer or a feed.
        var lastNumber = 0
    }

    private let base: DetailViewModel.DepthSource
    private let state = Mutex(State())

    /// Shares `base`'s feeds.
    public init(_ base: @escaping DetailViewModel.DepthSource) {
        self.base = base
    }

    /// The source viewers use: every market's feed goes through the sharing.
    public var source: DetailViewModel.DepthSource {
        { market in self.events(for: market) }
    }

    /// How many feeds are open.
    var openFeeds: Int { state.withLock { $0.feeds.count } }

    /// `market`'s depth events for one viewer, until it stops iterating.
    public func events(for market: MarketID) -> AsyncStream<MarketDepthEvent> {
        let (events, continuation) = AsyncStream<MarketDepthEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let viewer = state.withLock { state in
            state.lastNumber += 1
            let viewer = state.lastNumber
            if var feed = state.feeds[market] {
                // A joining viewer starts where the others stand, before any event after.
                continuation.yield(.connection(feed.depth.connection))
                if let book = feed.depth.book {
                    continuation.yield(.snapshot(book, feed.depth.tape))
                } else if !feed.depth.tape.isEmpty {
                    continuation.yield(.trades(feed.depth.tape))
                }
                feed.viewers[viewer] = continuation
                state.feeds[market] = feed
            } else {
                state.lastNumber += 1
                let generation = state.lastNumber
                var feed = Feed(
                    generation: generation, depth: MarketDepth(market: market, capacity: MarketDepth.firstPaintTrades))
                feed.viewers[viewer] = continuation
                let events = base(market)
                feed.task = Task { [self] in
                    for await event in events { deliver(event, of: market, generation: generation) }
                    end(market, generation: generation)
                }
                state.feeds[market] = feed
            }
            return viewer
        }
        continuation.onTermination = { [self] _ in leave(market, viewer: viewer) }
        return events
    }

    /// Hands an event of the feed to each of its viewers, after noting it in the feed's depth.
    private func deliver(_ event: MarketDepthEvent, of market: MarketID, generation: Int) {
        let viewers = state.withLock { state -> [AsyncStream<MarketDepthEvent>.Continuation] in
            guard state.feeds[market]?.generation == generation else { return [] }
            state.feeds[market]?.depth.apply(event)
            return state.feeds[market].map { Array($0.viewers.values) } ?? []
        }
        for viewer in viewers { viewer.yield(event) }
    }

    /// Ends a feed that ended by itself, for all its viewers.
    private func end(_ market: MarketID, generation: Int) {
        let viewers = state.withLock { state -> [AsyncStream<MarketDepthEvent>.Continuation] in
            guard let feed = state.feeds[market], feed.generation == generation else { return [] }
            state.feeds[market] = nil
            return Array(feed.viewers.values)
        }
        // Outside the lock: finishing a viewer's stream calls its `leave`.
        for viewer in viewers { viewer.finish() }
    }

    /// Takes a viewer off its market's feed, closing the feed when it was the last.
    private func leave(_ market: MarketID, viewer: Int) {
        let closing = state.withLock { state -> Task<Void, Never>? in
            guard var feed = state.feeds[market], feed.viewers.removeValue(forKey: viewer) != nil else { return nil }
            guard feed.viewers.isEmpty else {
                state.feeds[market] = feed
                return nil
            }
            state.feeds[market] = nil
            return feed.task
        }
        closing?.cancel()
    }
}
