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
    /// Followed tickers that traded since they last went out.
    private(set) var changed = Set<MarketID>()
    /// The books and tapes followed.
    var depth = DepthFollowing()
    /// The klines followed (`btcusdt@kline_1m`), each sent again each second it changed.
    var klines = CandleFollowing()

    /// Notes a batch of traded markets: the followed tickers among them go out at the next second.
    mutating func traded(_ ids: [MarketID]) {
        for id in ids where tickers.contains(id) { changed.insert(id) }
    }

    /// The tickers to send this second, in order, now counted as sent.
    mutating func takeChanged() -> [MarketID] {
        defer { changed.removeAll() }
        return changed.sorted()
    }

    /// Takes a client's message; `lists` says whether the venue lists a market.
    mutating func take(_ bytes: [UInt8], lists: (MarketID) -> Bool) -> [Reply] {
        guard let request = try? JSONDecoder().decode(BinanceStreamRequest.self, from: Data(bytes)) else {
            return [.error(BinanceErrorBody(code: 3, msg: "Invalid JSON: expected a request object"))]
        }
        switch request.method {
        case "SUBSCRIBE", "UNSUBSCRIBE":
            guard let params = request.params, !params.isEmpty,
                params.allSatisfy({ $0 == $0.lowercased() && $0.contains("@") })
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
            follow(lists: lists)
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
    /// (`btcusdt@ticker`, `btcusdt@depth20@100ms`, `btcusdt@trade`), keeping what was sent.
    private mutating func follow(lists: (MarketID) -> Bool) {
        tickers = []
        depth.books = [:]
        depth.tapes = []
        var klineIntervals: [MarketID: Set<CandleInterval>] = [:]
        for stream in streams {
            guard let (symbol, kind) = BinanceEndpoint.parseStream(stream),
                let id = BinanceWire.marketID(symbol.uppercased()), lists(id)
            else { continue }
            switch kind {
            case .ticker: tickers.insert(id)
            case .trade: depth.tapes.insert(id)
            case .partialDepth(let levels): depth.books[id] = max(levels, depth.books[id] ?? 0)
            case .kline(let interval): klineIntervals[id, default: []].insert(interval)
            }
        }
        klines.follow(klineIntervals)
        depth.forgetUnfollowed()
        changed.formIntersection(tickers)
    }
}
