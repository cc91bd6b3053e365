import ExchangeWire
import Foundation
import MarketDomain

/// What one client of the simulated Binance raw-stream WebSocket follows, and what each of its
/// requests is answered with (exchange-apis.md §4.2, §9.4), without a socket: `SUBSCRIBE` and
/// `UNSUBSCRIBE` answered `{"result":null,"id":n}` (then the new books whole), `LIST_SUBSCRIPTIONS`
/// with the streams, errors as `{"code":…,"msg":…}`; and which tickers changed since the last
/// second, each going out at most once a second.
struct BinanceFollowing: Sendable {
    /// One thing to send back, in order.
    enum Reply: Sendable, Equatable {
        case result(BinanceStreamResult)
        case error(BinanceErrorBody)
        /// These markets' books, whole, as they are.
        case books([MarketID])
    }

    /// The streams subscribed, as the client named them.
    private(set) var streams = Set<String>()
    /// The markets whose `24hrTicker` is followed.
    private(set) var tickers = Set<MarketID>()
    /// The markets whose `24hrMiniTicker` is followed.
    private(set) var miniTickers = Set<MarketID>()
    /// Followed tickers that traded since they last went out.
    private(set) var changed = Set<MarketID>()
    /// The books and tapes followed.
    var depth = DepthFollowing()
    /// The tapes followed as `@trade` events and as `@aggTrade` events (both are in `depth.tapes`).
    private(set) var plainTapes = Set<MarketID>()
    private(set) var aggregateTapes = Set<MarketID>()
    /// The books followed by diff (`btcusdt@depth`).
    var diffDepth = BinanceDiffDepth()
    /// The name each followed thing was subscribed by, for a combined stream's `{"stream":…}`.
    private(set) var names: [StreamKey: String] = [:]

    /// What one stream carries of one market.
    struct StreamKey: Hashable, Sendable {
        let market: MarketID
        let kind: String

        static func ticker(_ id: MarketID) -> Self { Self(market: id, kind: "ticker") }
        static func miniTicker(_ id: MarketID) -> Self { Self(market: id, kind: "miniTicker") }
        static func trade(_ id: MarketID) -> Self { Self(market: id, kind: "trade") }
        static func aggregateTrade(_ id: MarketID) -> Self { Self(market: id, kind: "aggTrade") }
        static func partialDepth(_ id: MarketID) -> Self { Self(market: id, kind: "depth") }
        static func diffDepth(_ id: MarketID) -> Self { Self(market: id, kind: "diff") }
        static func kline(_ id: MarketID, _ interval: CandleInterval) -> Self {
            Self(market: id, kind: "kline_\(interval.rawValue)")
        }
    }

    /// Follows the streams a connection's path names (`/ws/btcusdt@ticker`,
    /// `/stream?streams=a/b`), those it can read; the books to send whole at once.
    mutating func open(with streamNames: [String], lists: (MarketID) -> Bool, now: Int64) -> [MarketID] {
        streams = Set(
            streamNames.filter { BinanceEndpoint.parseStream($0) != nil }.prefix(
                BinanceEndpoint.maxStreamsPerConnection))
        follow(lists: lists, now: now)
        return depth.books.keys.sorted()
    }
    /// The klines followed (`btcusdt@kline_1m`), each sent again each second it changed.
    var klines = CandleFollowing()

    /// Notes a batch of traded markets: the followed tickers among them go out at the next second.
    mutating func traded(_ ids: [MarketID]) {
        for id in ids where tickers.contains(id) || miniTickers.contains(id) { changed.insert(id) }
    }

    /// The tickers to send this second, in order, now counted as sent.
    mutating func takeChanged() -> [MarketID] {
        defer { changed.removeAll() }
        return changed.sorted()
    }

    /// Takes a client's message; `lists` says whether the venue lists a market.
    mutating func take(_ bytes: [UInt8], lists: (MarketID) -> Bool, now: Int64 = 0) -> [Reply] {
        guard let request = try? JSONDecoder().decode(BinanceStreamRequest.self, from: Data(bytes)) else {
            return [.error(BinanceErrorBody(code: 3, msg: "Invalid JSON: expected a request object"))]
        }
        switch request.method {
        case "SUBSCRIBE", "UNSUBSCRIBE":
            guard let params = request.params, !params.isEmpty,
                params.allSatisfy({ name in
                    // Symbols are lower-case; the kinds are Binance's own (`miniTicker`, `aggTrade`).
                    let symbol = name.prefix { $0 != "@" }
                    return symbol == symbol.lowercased() && name.contains("@")
                })
            else {
                return [.error(BinanceErrorBody(code: 2, msg: "Invalid request: invalid stream names", id: request.id))]
            }
            if request.method == "SUBSCRIBE" {
                guard streams.union(params).count <= BinanceEndpoint.maxStreamsPerConnection else {
                    return [.error(BinanceErrorBody(code: 2, msg: "Invalid request: too many streams", id: request.id))]
                }
                streams.formUnion(params)
            } else {
                streams.subtract(params)
            }
            let before = depth.books
            follow(lists: lists, now: now)
            let newBooks = depth.books.keys.filter { before[$0] != depth.books[$0] }.sorted()
            return [.result(BinanceStreamResult(result: nil, id: request.id))]
                + (newBooks.isEmpty ? [] : [.books(newBooks)])
        case "LIST_SUBSCRIPTIONS":
            return [.result(BinanceStreamResult(result: streams.sorted(), id: request.id))]
        default:
            return [.error(BinanceErrorBody(code: 2, msg: "Invalid request: unknown method", id: request.id))]
        }
    }

    /// The tickers, books and tapes the streams ask for, of markets the venue lists
    /// (`btcusdt@ticker`, `btcusdt@depth20@100ms`, `btcusdt@depth`, `btcusdt@trade`,
    /// `btcusdt@aggTrade`), keeping what was sent.
    private mutating func follow(lists: (MarketID) -> Bool, now: Int64) {
        (tickers, miniTickers) = ([], [])
        depth.books = [:]
        depth.tapes = []
        (plainTapes, aggregateTapes, names) = ([], [], [:])
        var klineIntervals: [MarketID: Set<CandleInterval>] = [:]
        var diffBooks = Set<MarketID>()
        for stream in streams.sorted() {
            guard let (symbol, kind) = BinanceEndpoint.parseStream(stream),
                let id = BinanceWire.marketID(symbol.uppercased()), lists(id)
            else { continue }
            let key: StreamKey
            switch kind {
            case .ticker: (key, _) = (.ticker(id), tickers.insert(id))
            case .miniTicker: (key, _) = (.miniTicker(id), miniTickers.insert(id))
            case .trade: (key, _) = (.trade(id), plainTapes.insert(id))
            case .aggregateTrade: (key, _) = (.aggregateTrade(id), aggregateTapes.insert(id))
            case .partialDepth(let levels):
                (key, depth.books[id]) = (.partialDepth(id), max(levels, depth.books[id] ?? 0))
            case .diffDepth: (key, _) = (.diffDepth(id), diffBooks.insert(id))
            case .kline(let interval):
                (key, _) = (.kline(id, interval), klineIntervals[id, default: []].insert(interval))
            }
            names[key] = names[key] ?? stream
        }
        depth.tapes = plainTapes.union(aggregateTapes)
        diffDepth.follow(diffBooks, now: now)
        klines.follow(klineIntervals)
        depth.forgetUnfollowed()
        changed.formIntersection(tickers.union(miniTickers))
    }
}
