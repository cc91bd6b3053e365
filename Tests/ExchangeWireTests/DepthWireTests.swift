import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

/// The order-book and trade messages of every exchange's WebSocket: the docs' payloads decode to
/// the domain, and what the simulator writes has their keys and JSON types.
@Suite struct DepthWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private let bitcoin = MarketID("KRW-BTC")!

    @Test func upbitsBookDecodesUnitByUnitAndTheSimulatorsHasItsShape() throws {
        guard case .orderbook(let message) = try decode(UpbitDepthFrame.self, DepthDocPayloads.upbitOrderbook) else {
            Issue.record("not an order book")
            return
        }
        let book = try #require(message.toDomain())
        #expect(book.market == bitcoin && book.timestamp == 1_676_965_262_177)
        #expect(book.asks.map(\.price) == [32_293_000, 32_294_000])
        #expect(book.bids.map(\.price) == [32_291_000, 32_290_000])
        #expect(book.spread == 2_000)
        let written = UpbitStreamOrderbook(book, snapshot: false)
        #expect(try JSONShape(data: JSONEncoder().encode(written)) == JSONShape(json: DepthDocPayloads.upbitOrderbook))
    }

    @Test func bithumbsBookTimeInMicrosecondsIsReadAsMilliseconds() throws {
        let message = try decode(UpbitStreamOrderbook.self, DepthDocPayloads.bithumbOrderbook)
        let book = try #require(message.toDomain())
        #expect(book.timestamp == 1_725_927_377_287)
        #expect(UpbitStreamOrderbook(book, snapshot: true, microseconds: true).timestamp == 1_725_927_377_287_000)
    }

    @Test func upbitsTradeReadsItsSideAndIdAndTheSimulatorsHasItsShape() throws {
        guard case .trade(let message) = try decode(UpbitDepthFrame.self, DepthDocPayloads.upbitTrade) else {
            Issue.record("not a trade")
            return
        }
        let trade = try #require(message.toDomain())
        #expect(
            trade
                == Trade(
                    market: bitcoin, price: 32_287_000, size: 0.031_038_06, side: .sell,
                    timestamp: 1_676_965_262_139, id: 1_676_965_262_139_000))
        let book = OrderBook(
            market: bitcoin, timestamp: 1, asks: [.init(price: 32_293_000, size: 0.044_144_11)],
            bids: [.init(price: 32_291_000, size: 0.012_021_63)])
        let written = UpbitStreamTrade(
            trade, previousClose: 31_883_000, book: book, snapshot: false, now: 1_676_965_262_177)
        #expect(written.tradeDate == "2023-02-21" && written.tradeTime == "07:41:02")
        #expect(written.change == "RISE" && written.changePrice == 404_000)
        #expect(try JSONShape(data: JSONEncoder().encode(written)) == JSONShape(json: DepthDocPayloads.upbitTrade))
        #expect(try JSONDecoder().decode(UpbitStreamTrade.self, from: JSONEncoder().encode(written)) == message)
    }

    @Test func upbitsOrderbookCodesCarryOnlyTheDepthsItServes() {
        #expect(UpbitEndpoint.orderbookCode(bitcoin, depth: 15) == "KRW-BTC.15")
        #expect(UpbitEndpoint.parseOrderbookCode("KRW-BTC.15")! == (bitcoin, 15))
        #expect(UpbitEndpoint.parseOrderbookCode("KRW-BTC")! == (bitcoin, nil))
        // An unserved depth gets the default.
        #expect(UpbitEndpoint.parseOrderbookCode("KRW-BTC.3")! == (bitcoin, nil))
        #expect(UpbitEndpoint.parseOrderbookCode("nonsense") == nil)
    }

    @Test func korbitsBookAndTradesDecodeWithStringNumbersAndTheSimulatorsHaveTheirShape() throws {
        guard case .orderbook(let message) = try decode(KorbitDepthFrame.self, DepthDocPayloads.korbitOrderbook)
        else {
            Issue.record("not an order book")
            return
        }
        let book = message.data.toDomain(market: bitcoin)
        #expect(book.asks.map(\.size) == [0.0123, 0.5] && book.bestBid?.price == 100_650_000)
        #expect(message.snapshot == true)
        let writtenBook = KorbitStreamOrderbook(
            symbol: "btc_krw", timestamp: 1, snapshot: true, data: KorbitOrderbookDTO(book))
        #expect(
            try JSONShape(data: JSONEncoder().encode(writtenBook)) == JSONShape(json: DepthDocPayloads.korbitOrderbook))

        guard case .trades(let trades) = try decode(KorbitDepthFrame.self, DepthDocPayloads.korbitTrades) else {
            Issue.record("not trades")
            return
        }
        let read = trades.data.compactMap { $0.toDomain(market: bitcoin) }
        #expect(read.map(\.side) == [.sell, .buy] && read.map(\.id) == [8931, 8930])
        let writtenTrades = KorbitStreamTrades(
            symbol: "btc_krw", timestamp: 1, snapshot: nil, data: read.map(KorbitTradeDTO.init))
        #expect(
            try JSONShape(data: JSONEncoder().encode(writtenTrades)) == JSONShape(json: DepthDocPayloads.korbitTrades))
    }

    @Test func binancesPartialBookAndTradeDecodeAsTheDocsShowThem() throws {
        guard case .depth(let depth) = try decode(BinanceDepthFrame.self, DepthDocPayloads.binancePartialDepth) else {
            Issue.record("not a book")
            return
        }
        let market = MarketID("BTC-BNB")!
        let book = depth.toDomain(market: market, timestamp: 5)
        #expect(book.bestBid == .init(price: 0.0024, size: 10) && book.bestAsk == .init(price: 0.0026, size: 100))
        guard case .trade(let event) = try decode(BinanceDepthFrame.self, DepthDocPayloads.binanceTrade) else {
            Issue.record("not a trade")
            return
        }
        let trade = try #require(event.toDomain())
        #expect(
            trade
                == Trade(market: market, price: 0.001, size: 100, side: .sell, timestamp: 1_672_515_782_136, id: 12345))
        let written = BinanceStreamTrade(trade, now: 1_672_515_782_136)
        #expect(try JSONShape(data: JSONEncoder().encode(written)) == JSONShape(json: DepthDocPayloads.binanceTrade))
        #expect(
            try JSONShape(data: JSONEncoder().encode(BinanceDepthDTO(book, lastUpdateId: 160)))
                == JSONShape(json: DepthDocPayloads.binancePartialDepth))
    }

    @Test func binanceStreamNamesAreReadForEveryKindAndRefusedOtherwise() {
        #expect(BinanceEndpoint.partialDepthStream("BTCUSDT", levels: 20) == "btcusdt@depth20@100ms")
        #expect(BinanceEndpoint.parseStream("btcusdt@depth20@100ms")! == ("btcusdt", .partialDepth(levels: 20)))
        #expect(BinanceEndpoint.parseStream("btcusdt@depth5")! == ("btcusdt", .partialDepth(levels: 5)))
        #expect(BinanceEndpoint.parseStream("btcusdt@trade")! == ("btcusdt", .trade))
        #expect(BinanceEndpoint.parseStream("btcusdt@ticker")! == ("btcusdt", .ticker))
        #expect(BinanceEndpoint.parseStream("btcusdt@depth7") == nil)
        #expect(BinanceEndpoint.parseStream("btcusdt@depth20@5ms") == nil)
        #expect(BinanceEndpoint.parseStream("@trade") == nil)
    }
}
