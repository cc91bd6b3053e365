import ExchangeWire
import Foundation
import HTTPTypes
import Hummingbird
import MarketDomain

extension CoinFigures {
    /// This coin's order book: `depth` levels a side on the market's price grid around the last
    /// price — a sell met the best bid, a buy the best ask, so the last price is the best of the
    /// side it traded on — never crossed; each level's size about twenty seconds of the day's
    /// volume, drawn anew every few seconds (each level on its own beat, so a few change at a
    /// time, as orders come and go on a real book), less (on the level the last trade hit) the
    /// volume `taken` from it this second, down to a tenth of what it was drawn.
    func orderBook(depth: Int, now: Int64, grid: PriceGrid = .krw, taken: Double = 0) -> OrderBook {
        let bestBid = lastSideIsAsk ? price : grid.below(price)
        let bestAsk = lastSideIsAsk ? grid.above(price) : price
        var asks: [OrderBook.Level] = []
        var bids: [OrderBook.Level] = []
        var ask = bestAsk
        var bid = bestBid
        let second = now / 1000
        for _ in 0..<depth {
            asks.append(OrderBook.Level(price: ask, size: levelSize(price: ask, side: 1, second: second)))
            ask = grid.above(ask)
            if bid > 0, bid < bestAsk {
                bids.append(OrderBook.Level(price: bid, size: levelSize(price: bid, side: 2, second: second)))
            }
            let next = grid.below(bid)
            bid = next < bid ? next : 0
        }
        // The level the last trade hit is the first of its side.
        if lastSideIsAsk, !bids.isEmpty {
            bids[0].size = Self.remaining(bids[0].size, taken: taken)
        } else if !lastSideIsAsk, !asks.isEmpty {
            asks[0].size = Self.remaining(asks[0].size, taken: taken)
        }
        return OrderBook(market: market.id, timestamp: now, asks: asks, bids: bids)
    }

    /// What is left of a level of `size` after `taken`: never less than a tenth of it.
    private static func remaining(_ size: Double, taken: Double) -> Double {
        rounded(max(size - max(taken, 0), size / 10), decimals: 8)
    }

    /// A level's size: about twenty seconds of the day's volume, 0.2× to 3×, drawn anew every 3 to
    /// 10 seconds (the level's own beat, at its own phase): the same for the same market, side,
    /// price and beat — orders stand at a price, so when the price moves a tick the levels it did
    /// not cross keep their sizes (a book read twice within a second agrees with itself), and in
    /// any second only about one level in six changes.
    private func levelSize(price: Double, side: UInt64, second: Int64) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in market.id.rawValue.utf8 + [UInt8(side)] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        // A price's bits differ from its neighbours' high in the word: mixed through (SplitMix64's
        // finaliser), so that each level's beat and phase are its own.
        hash ^= price.bitPattern
        hash ^= hash >> 30
        hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash &*= 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        let beat = Int64(3 + hash % 8)
        let shifted = second &+ Int64((hash >> 40) % 10)
        // The day's volume moves with every second: each level holds it to steps of √2 of its
        // own (offset from the other levels'), so a level keeps its size between its draws and the
        // volume's drift moves a few levels at a time, never all at once.
        let offset = Double((hash >> 20) & 0xFFFF) / 65_536
        let raw = max(volume24h / 86_400 * 20, 0.0001)
        let base = exp2(((log2(raw) * 2 + offset).rounded(.down) - offset) / 2)
        let drawn = shifted >= 0 ? shifted / beat : (shifted - beat + 1) / beat
        hash = (hash ^ UInt64(bitPattern: drawn)) &* 0x100_0000_01b3
        hash ^= hash >> 29
        hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        let unit = Double(hash >> 11) / Double(1 << 53)
        return CoinFigures.rounded(base * (0.2 + 2.8 * unit), decimals: 8)
    }
}

/// The prices a market's orders may stand at: Upbit's KRW ticks (Bithumb and Korbit price the
/// same way), the six significant digits the simulator gives USDT prices (Binance, and the USDT
/// groups), or the satoshi (the BTC groups).
enum PriceGrid {
    case krw, usdt, btc

    /// The grid of a market quoted in `quote`.
    init(quote: String) {
        switch quote {
        case "KRW": self = .krw
        case "BTC": self = .btc
        default: self = .usdt
        }
    }

    /// The next price up.
    func above(_ price: Double) -> Double {
        switch self {
        case .krw: KRWTickSize.snap(price + KRWTickSize.tick(for: price))
        case .usdt: SimulatedVenue.snapUSDT(price + Self.usdtStep(price))
        case .btc: SimulatedVenue.snapBTC(price + 0.000_000_01)
        }
    }

    /// The next price down (below a step of the grid the ticks are smaller: one of the lower grid's).
    func below(_ price: Double) -> Double {
        switch self {
        case .krw: KRWTickSize.snap(price - KRWTickSize.tick(for: price * (1 - 1e-9)))
        case .usdt: SimulatedVenue.snapUSDT(price - Self.usdtStep(price * (1 - 1e-9)))
        case .btc: SimulatedVenue.snapBTC(price - 0.000_000_01)
        }
    }

    /// The step between a price near `price` and the next one up.
    func tick(at price: Double) -> Double {
        switch self {
        case .krw: KRWTickSize.tick(for: price)
        case .usdt: Self.usdtStep(price)
        case .btc: 0.000_000_01
        }
    }

    private static func usdtStep(_ price: Double) -> Double {
        guard price > 0, price.isFinite else { return 0 }
        return 1 / KRWTickSize.power10(min(8, max(2, 5 - Int(floor(log10(price))))))
    }
}

/// The answer to `GET /v1/orderbook?markets=…` on a venue of Upbit's REST dialect (Upbit, and
/// Bithumb's v1, which answers an unknown code with its own status).
enum UpbitOrderbookRows {
    /// The books of `markets=`; on Upbit (`groups`) 30 levels a side or `count` fewer, grouped by
    /// `level` on a KRW market that takes it (another level leaves the market out, as Upbit
    /// answers an empty list); Bithumb's v1 its 15 levels.
    static func answer(
        _ parameters: FormQuery, venue: SimulatedVenue, now: Int64, unknownStatus: HTTPResponse.Status,
        groups: Bool = false
    ) -> Response {
        let codes = parameters.list(UpbitEndpoint.Parameter.markets)
        guard !codes.isEmpty else { return .json(UpbitErrorBody.missingParameter, status: .badRequest) }
        var count = groups ? UpbitEndpoint.maxOrderbookCount : UpbitEndpoint.orderbookDepth
        var level = 0.0
        if groups {
            if let text = parameters.get(UpbitEndpoint.Parameter.count) {
                guard let number = Int(text), number >= 1 else {
                    return .json(UpbitErrorBody.invalidParameter, status: .badRequest)
                }
                count = min(number, UpbitEndpoint.maxOrderbookCount)
            }
            if let text = parameters.get(UpbitEndpoint.Parameter.level) {
                guard let number = Double(text), number >= 0, number.isFinite else {
                    return .json(UpbitErrorBody.invalidParameter, status: .badRequest)
                }
                level = number
            }
        }
        var ids: [MarketID] = []
        for code in codes {
            guard let id = MarketID(code), venue.lists(id) else {
                return .json(UpbitErrorBody.codeNotFound, status: unknownStatus)
            }
            ids.append(id)
        }
        let rows = ids.compactMap { id -> UpbitOrderbookDTO? in
            guard level > 0 else {
                return venue.depth(id, levels: count, trades: 0, now: now).map { UpbitOrderbookDTO($0.book) }
            }
            guard let book = venue.groupedBook(id, level: level, count: count, now: now) else { return nil }
            var row = UpbitOrderbookDTO(book)
            row.level = level
            return row
        }
        return .json(rows)
    }

    /// `GET /v1/orderbook/supported_levels?markets=`: the grouping units each market takes.
    static func supportedLevels(_ parameters: FormQuery, venue: SimulatedVenue, now: Int64) -> Response {
        let codes = parameters.list(UpbitEndpoint.Parameter.markets)
        guard !codes.isEmpty else { return .json(UpbitErrorBody.missingParameter, status: .badRequest) }
        var rows: [UpbitSupportedLevelsDTO] = []
        for code in codes {
            guard let id = MarketID(code), venue.lists(id), let price = venue.figures([id], now: now).first?.price
            else {
                return .json(UpbitErrorBody.codeNotFound, status: .notFound)
            }
            rows.append(
                UpbitSupportedLevelsDTO(
                    market: id.rawValue, supportedLevels: UpbitEndpoint.supportedLevels(of: id, price: price)))
        }
        return .json(rows)
    }
}

/// The answer to `GET /v1/trades/ticks?market=…&count=…` on a venue of Upbit's REST dialect (Upbit,
/// and Bithumb's v1 with its own status for an unknown code): the latest trades, newest first.
enum UpbitTradeRows {
    static func answer(
        _ parameters: FormQuery, venue: SimulatedVenue, now: Int64, unknownStatus: HTTPResponse.Status
    ) -> Response {
        guard let code = parameters.get(UpbitEndpoint.Parameter.market), !code.isEmpty else {
            return .json(UpbitErrorBody.missingParameter, status: .badRequest)
        }
        var count = 1
        if let text = parameters.get(UpbitEndpoint.Parameter.count) {
            guard let number = Int(text), (1...UpbitEndpoint.maxTradeCount).contains(number) else {
                return .json(UpbitErrorBody.invalidParameter, status: .badRequest)
            }
            count = number
        }
        var cursor: Int64?
        if let text = parameters.get(UpbitEndpoint.Parameter.cursor) {
            guard let number = Int64(text) else { return .json(UpbitErrorBody.invalidParameter, status: .badRequest) }
            cursor = number
        }
        // With a cursor, the trades before it (of the tape the simulator keeps).
        let wanted = cursor == nil ? count : SimulatedTape.capacity
        guard let id = MarketID(code), let (trades, figures) = venue.trades(id, count: wanted, now: now) else {
            return .json(UpbitErrorBody.codeNotFound, status: unknownStatus)
        }
        let page = cursor.map { cursor in Array(trades.filter { $0.id < cursor }.prefix(count)) } ?? trades
        return .json(page.map { UpbitTradeTickDTO($0, previousClose: figures.previousClose) })
    }
}
