import ExchangeWire
import Exchanges
import Foundation
import MarketDomain
import SiseSupport

/// Ticker frames of one dialect for a synthetic board of coins, encoded as the simulator sends
/// them, with the decoders that read them: the byte reader the feed uses and the `Codable`
/// reference it replaced.
struct TickWorkload {
    /// A live dialect the feed consumes.
    enum Dialect: String, CaseIterable {
        case upbit = "upbit DEFAULT"
        case upbitSimple = "upbit SIMPLE"
        /// DEFAULT keys in `JSONEncoder`'s order (its own, not Upbit's): the cost of a server
        /// that writes the keys in another order.
        case upbitUnordered = "upbit DEFAULT reordered"
        case korbit
        case binance

        var exchange: Exchange {
            switch self {
            case .upbit, .upbitSimple, .upbitUnordered: .upbit
            case .korbit: .korbit
            case .binance: .binance
            }
        }

        var decode: @Sendable ([UInt8]) -> FeedProtocol.DecodedFrame {
            switch self {
            case .upbit, .upbitSimple, .upbitUnordered: UpbitFrameDecoder.decode
            case .korbit: KorbitFrameDecoder.decode
            case .binance: BinanceFrameDecoder.decode
            }
        }

        var decodeWithCodable: @Sendable ([UInt8]) -> FeedProtocol.DecodedFrame {
            switch self {
            case .upbit, .upbitSimple, .upbitUnordered: UpbitFrameDecoder.decodeWithCodable
            case .korbit: KorbitFrameDecoder.decodeWithCodable
            case .binance: BinanceFrameDecoder.decodeWithCodable
            }
        }
    }

    let dialect: Dialect
    let markets: [Market]
    let encoded: [[UInt8]]

    /// Average bytes per frame.
    var averageFrameSize: Int { encoded.reduce(0) { $0 + $1.count } / max(1, encoded.count) }

    init(dialect: Dialect, markets count: Int, frames frameCount: Int) throws {
        let quote = dialect == .binance ? "USDT" : "KRW"
        let markets = (0..<count).map { index in
            Market(
                id: MarketID(quote: quote, base: "C\(index)"), koreanName: "코인\(index)", englishName: "Coin \(index)")
        }
        var generator = SystemRandomNumberGenerator()
        let encoder = JSONEncoder()
        if dialect == .upbitSimple { encoder.userInfo[UpbitStreamFormat.userInfoKey] = UpbitStreamFormat.simple }
        var writer = JSONTextWriter()
        var frames = [[UInt8]]()
        frames.reserveCapacity(frameCount)
        for sequence in 0..<frameCount {
            let id = markets[Int.random(in: 0..<count, using: &generator)].id
            let price = KRWTickSize.snap(Double.random(in: 1_000...100_000, using: &generator))
            let time = 1_773_240_058_519 + Int64(sequence)
            let frame: Data
            switch dialect {
            case .upbit, .upbitSimple:
                // As the simulator (and Upbit) writes it: the documented order of keys.
                writer.removeAll()
                Self.upbitTicker(id, price: price, time: time).writeJSON(into: &writer, simple: dialect == .upbitSimple)
                frame = Data(writer.bytes)
            case .upbitUnordered:
                frame = try encoder.encode(Self.upbitTicker(id, price: price, time: time))
            case .korbit:
                frame = try encoder.encode(
                    KorbitStreamTicker(
                        symbol: KorbitWire.symbol(id), timestamp: time, snapshot: nil,
                        data: KorbitTickerDTO(
                            symbol: nil, open: WireDecimal(price), high: WireDecimal(price * 1.01),
                            low: WireDecimal(price * 0.99), close: WireDecimal(price), prevClose: WireDecimal(price),
                            priceChange: WireDecimal(0), priceChangePercent: WireDecimal(0), volume: WireDecimal(2000),
                            quoteVolume: WireDecimal(price * 2000), bestBidPrice: WireDecimal(price),
                            bestAskPrice: WireDecimal(price), lastTradedAt: time)))
            case .binance:
                let decimal = { (value: Double) in WireDecimal(value) }
                frame = try encoder.encode(
                    BinanceStreamTicker(
                        eventTime: time, symbol: BinanceWire.symbol(id), priceChange: decimal(0),
                        priceChangePercent: decimal(0), weightedAvgPrice: decimal(price),
                        firstTradePrice: decimal(price),
                        lastPrice: decimal(price), lastQuantity: decimal(0.5), bestBid: decimal(price),
                        bestBidQuantity: decimal(1), bestAsk: decimal(price), bestAskQuantity: decimal(1),
                        openPrice: decimal(price), highPrice: decimal(price), lowPrice: decimal(price),
                        volume: decimal(2000), quoteVolume: decimal(price * 2000), openTime: time - 86_400_000,
                        closeTime: time, firstTradeID: 1, lastTradeID: 2000, tradeCount: 2000))
            }
            frames.append(Array(frame))
        }
        self.dialect = dialect
        self.markets = markets
        encoded = frames
    }

    /// An Upbit ticker with every field the real one has.
    private static func upbitTicker(_ id: MarketID, price: Double, time: Int64) -> UpbitStreamTicker {
        UpbitStreamTicker(
            code: id.rawValue, openingPrice: price, highPrice: price, lowPrice: price, tradePrice: price,
            prevClosingPrice: price, change: "EVEN", changePrice: 0, signedChangePrice: 0, changeRate: 0,
            signedChangeRate: 0, tradeVolume: 0.5, accTradeVolume: 1000, accTradeVolume24h: 2000,
            accTradePrice: price * 1000, accTradePrice24h: price * 2000, tradeDate: "20260311", tradeTime: "144058",
            tradeTimestamp: time - 324, askBid: "ASK", accAskVolume: 500, accBidVolume: 500,
            highest52WeekPrice: price * 2, highest52WeekDate: "2025-10-09", lowest52WeekPrice: price / 2,
            lowest52WeekDate: "2026-02-06", timestamp: time, streamType: "REALTIME")
    }

    private func emptyBoard() -> TickerBoard {
        var board = TickerBoard(exchange: dialect.exchange)
        board.setMarkets(markets)
        return board
    }

    /// Decodes the first `count` frames with `decode`; returns how many were tickers.
    func decode(first count: Int, with decode: ([UInt8]) -> FeedProtocol.DecodedFrame) -> Int {
        var tickers = 0
        for frame in encoded.prefix(count) {
            if case .ticker = decode(frame) { tickers += 1 }
        }
        return tickers
    }

    /// Decodes the first `count` frames and applies each to a board, as the live feed and the
    /// board do; returns how many applied.
    func decodeAndApply(first count: Int, with decode: ([UInt8]) -> FeedProtocol.DecodedFrame) -> Int {
        var board = emptyBoard()
        var applied = 0
        for frame in encoded.prefix(count) {
            if case .ticker(let ticker) = decode(frame), board.apply(ticker) == .applied { applied += 1 }
        }
        return applied
    }

    /// The frames' tickers, decoded once.
    func decodedTickers() -> [Ticker] {
        encoded.compactMap { frame in
            if case .ticker(let ticker) = dialect.decode(frame) { ticker } else { nil }
        }
    }

    /// Applies already decoded tickers to a board; returns how many applied.
    func apply(_ tickers: [Ticker]) -> Int {
        var board = emptyBoard()
        var applied = 0
        for ticker in tickers where board.apply(ticker) == .applied { applied += 1 }
        return applied
    }
}
