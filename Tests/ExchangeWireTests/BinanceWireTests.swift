import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct BinanceWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theDocs24hTickerDecodesWithStringPricesAndNumberIds() throws {
        let row = try decode(BinanceTicker24hDTO.self, BinanceDocPayloads.ticker24h)
        #expect(row.count == 76)
        let ticker = try #require(row.toDomain())
        #expect(ticker.marketID.rawValue == "BTC-BNB")
        #expect(ticker.price == 4.000002)
        #expect(ticker.changePrice == -94.999998)
        #expect(abs(ticker.changeRate + 0.9596) < 1e-12)
        #expect(ticker.previousClose == 0.10002)
        #expect(ticker.timestamp == 1_499_869_899_040)
        #expect(try JSONShape(data: JSONEncoder().encode(row)) == JSONShape(json: BinanceDocPayloads.ticker24h))
    }

    @Test func aKlineIsATwelveElementArray() throws {
        let rows = try decode([BinanceKline].self, BinanceDocPayloads.klines)
        let candle = try #require(rows.first?.toDomain())
        #expect(candle.day == TradingDay(year: 2017, month: 7, day: 3))
        #expect(candle.open == 0.0163479)
        #expect(candle.high == 0.8)
        #expect(candle.close == 0.015771)
        #expect(candle.value == 2434.19055334)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(rows)) as? [[Any]]
        #expect(encoded?.first?.count == 12)
    }

    @Test func aKlineOfAnyIntervalStartsAtItsOpenTime() throws {
        let rows = try decode([BinanceKline].self, BinanceDocPayloads.klines)
        let row = try #require(rows.first)
        let candle = try #require(row.toIntervalCandle())
        #expect(candle.start == row.openTime)
        #expect(candle.high == 0.8 && candle.value == 2434.19055334)
        #expect(BinanceEndpoint.klineInterval("1s") == .second && BinanceEndpoint.klineInterval("10m") == nil)
    }

    @Test func streamFramesAreTickersResultsOrErrors() throws {
        guard case .ticker(let event) = try decode(BinanceStreamFrame.self, BinanceDocPayloads.streamTicker) else {
            Issue.record("not a ticker")
            return
        }
        let ticker = try #require(event.toDomain())
        #expect(ticker.price == 0.0025)
        #expect(ticker.changeRate == 2.5)
        #expect(ticker.timestamp == 1_672_515_782_136)
        #expect(
            try JSONShape(data: JSONEncoder().encode(event)) == JSONShape(json: BinanceDocPayloads.streamTicker))
        #expect(
            try decode(BinanceStreamFrame.self, BinanceDocPayloads.subscribeReply)
                == .result(BinanceStreamResult(result: nil, id: 1)))
        #expect(
            String(decoding: try JSONEncoder().encode(BinanceStreamResult(result: nil, id: 1)), as: UTF8.self)
                .contains(#""result":null"#))
        guard case .error(let error) = try decode(BinanceStreamFrame.self, BinanceDocPayloads.streamError) else {
            Issue.record("not an error")
            return
        }
        #expect(error.code == 2)
        let wrapped = #"{"stream":"bnbbtc@ticker","data":"# + BinanceDocPayloads.streamTicker + "}"
        #expect(try decode(BinanceStreamFrame.self, wrapped) == .ticker(event))
    }

    @Test func theSubscribeRequestAndErrorsHaveTheDocsShape() throws {
        let request = BinanceStreamRequest(params: ["btcusdt@aggTrade", "btcusdt@depth"], id: 1)
        #expect(try JSONShape(data: JSONEncoder().encode(request)) == JSONShape(json: BinanceDocPayloads.subscribe))
        #expect(try decode(BinanceErrorBody.self, BinanceDocPayloads.errorInvalidSymbol) == .invalidSymbol)
    }

    @Test func symbolsSplitByKnownQuotes() {
        #expect(BinanceWire.marketID("BTCUSDT") == MarketID("USDT-BTC"))
        #expect(BinanceWire.marketID("ethbtc") == MarketID("BTC-ETH"))
        #expect(BinanceWire.marketID("USDT") == nil)
        #expect(BinanceWire.symbol(MarketID("USDT-SOL")!) == "SOLUSDT")
    }

    @Test func wireDecimalsReadStringsOrNumbersAndWritePlainStrings() throws {
        #expect(try decode(WireDecimal.self, #""0.00054356""#).value == 0.00054356)
        #expect(try decode(WireDecimal.self, "1.5e-7").value == 1.5e-7)
        #expect(try decode(WireDecimal.self, #""abc""#).value == nil)
        #expect(WireDecimal(0.000000016).text == "0.00000002")
        #expect(WireDecimal(140_365_000).text == "140365000")
        #expect(WireDecimal(-0.0001, decimals: 2).text == "0")
    }

    /// Binance's documented `/api/v3/depth` answer: pairs of decimal strings, bids highest first.
    @Test func theDocsDepthReadsIntoABook() throws {
        let json =
            #"{"lastUpdateId":1027024,"bids":[["4.00000000","431.00000000"]],"asks":[["4.00000200","12.00000000"]]}"#
        let depth = try JSONDecoder().decode(BinanceDepthDTO.self, from: Data(json.utf8))
        #expect(depth.lastUpdateId == 1_027_024)
        let book = depth.toDomain(market: MarketID("USDT-BNB")!, timestamp: 5)
        #expect(book.bids == [OrderBook.Level(price: 4, size: 431)])
        #expect(book.asks == [OrderBook.Level(price: 4.000002, size: 12)])
        #expect(book.timestamp == 5)
    }

    /// Binance's documented `/api/v3/trades` row: `isBuyerMaker` true means the seller took the bid.
    @Test func theDocsRecentTradeReadsAsASellerTaking() throws {
        let json =
            #"[{"id":28457,"price":"4.00000100","qty":"12.00000000","quoteQty":"48.000012","time":1499865549590,"isBuyerMaker":true,"isBestMatch":true}]"#
        let rows = try JSONDecoder().decode([BinanceTradeDTO].self, from: Data(json.utf8))
        let trade = try #require(rows.first?.toDomain(market: MarketID("USDT-BNB")!))
        #expect(trade.side == .sell && trade.price == 4.000001 && trade.size == 12)
        #expect(trade.timestamp == 1_499_865_549_590 && trade.id == 28_457)
    }
}
