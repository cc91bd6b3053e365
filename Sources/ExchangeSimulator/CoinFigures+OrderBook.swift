import ExchangeWire
import HTTPTypes
import Hummingbird
import MarketDomain

extension CoinFigures {
    /// This coin's order book on a KRW market: `depth` levels a side on the price grid
    /// (``KRWTickSize``) around the last price — a sell met the best bid, a buy the best ask, so
    /// the last price is the best of the side it traded on — never crossed; each level's size about
    /// twenty seconds of the day's volume, drawn anew every second.
    func orderBook(depth: Int, now: Int64) -> OrderBook {
        let tick = KRWTickSize.tick(for: price)
        let bestBid = lastSideIsAsk ? price : KRWTickSize.snap(price - tick)
        let bestAsk = lastSideIsAsk ? KRWTickSize.snap(price + tick) : price
        var asks: [OrderBook.Level] = []
        var bids: [OrderBook.Level] = []
        var ask = bestAsk
        var bid = bestBid
        let second = now / 1000
        for index in 0..<depth {
            asks.append(OrderBook.Level(price: ask, size: levelSize(index: index, side: 1, second: second)))
            ask = KRWTickSize.snap(ask + KRWTickSize.tick(for: ask))
            if bid > 0, bid < bestAsk {
                bids.append(OrderBook.Level(price: bid, size: levelSize(index: index, side: 2, second: second)))
            }
            // Below a step of the grid the ticks are smaller: the next bid is one of the lower grid's.
            let next = KRWTickSize.snap(bid - KRWTickSize.tick(for: bid * (1 - 1e-9)))
            bid = next < bid ? next : 0
        }
        return OrderBook(market: market.id, timestamp: now, asks: asks, bids: bids)
    }

    /// A level's size: about twenty seconds of the day's volume, 0.2× to 3×, the same for the same
    /// market, side, level and second (a book read twice within a second agrees with itself).
    private func levelSize(index: Int, side: UInt64, second: Int64) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in market.id.rawValue.utf8 + [UInt8(truncatingIfNeeded: index), UInt8(side)] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ UInt64(bitPattern: second)) &* 0x100_0000_01b3
        hash ^= hash >> 29
        hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        let unit = Double(hash >> 11) / Double(1 << 53)
        let base = max(volume24h / 86_400 * 20, 0.0001)
        return CoinFigures.rounded(base * (0.2 + 2.8 * unit), decimals: 8)
    }
}

/// The answer to `GET /v1/orderbook?markets=…` on a venue of Upbit's REST dialect (Upbit, and
/// Bithumb's v1, which answers an unknown code with its own status).
enum UpbitOrderbookRows {
    static func answer(
        _ parameters: FormQuery, venue: SimulatedVenue, now: Int64, unknownStatus: HTTPResponse.Status
    ) -> Response {
        let codes = parameters.list(UpbitEndpoint.Parameter.markets)
        guard !codes.isEmpty else { return .json(UpbitErrorBody.missingParameter, status: .badRequest) }
        var ids: [MarketID] = []
        for code in codes {
            guard let id = MarketID(code), venue.lists(id) else {
                return .json(UpbitErrorBody.codeNotFound, status: unknownStatus)
            }
            ids.append(id)
        }
        return .json(
            venue.figures(ids, now: now).map {
                UpbitOrderbookDTO($0.orderBook(depth: UpbitEndpoint.orderbookDepth, now: now))
            })
    }
}
