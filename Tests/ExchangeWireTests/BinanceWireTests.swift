import ExchangeWire
import Foundation
import MarketDomain
import SiseSupport
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

    /// The simulator writes its klines by hand: the bytes `JSONEncoder` writes for the same rows.
    @Test func aHandWrittenKlineIsTheEncodersRow() throws {
        var rows = try decode([BinanceKline].self, BinanceDocPayloads.klines)
        rows.append(
            BinanceKline(
                openTime: 1_773_100_800_000, open: WireDecimal(0.000_123_4), high: WireDecimal(3_001.5),
                low: WireDecimal(text: "1e-7"), close: WireDecimal(2_999.999_999), volume: WireDecimal(0.1 + 0.2),
                closeTime: 1_773_187_199_999, quoteVolume: WireDecimal(1.234_567_890_123_4e11), trades: 0,
                takerBuyBaseVolume: WireDecimal(text: "a \"quoted\" text"), takerBuyQuoteVolume: WireDecimal(-5)))
        var writer = JSONTextWriter()
        writer.beginArray()
        for row in rows { row.writeJSON(into: &writer) }
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == String(decoding: try JSONEncoder().encode(rows), as: UTF8.self))
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
        #expect(WireDecimal(0.125, decimals: 2).text == "0.12" && WireDecimal(0.375, decimals: 2).text == "0.38")
        #expect(WireDecimal(-2.5, decimals: 0).text == "-2" && WireDecimal(1e300).text.count == 301)
    }

    /// The text is what `%.Nf` writes, trailing zeros dropped, for numbers of every size and sign.
    @Test func wireDecimalsWriteWhatPrintfWrites() {
        func printf(_ value: Double, _ decimals: Int) -> String {
            var text = String(format: "%.\(decimals)f", value)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text == "-0" ? "0" : text
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(next() % 34) - 12)
            let value = Double(next()) / Double(1 << 53) * magnitude * (next() % 2 == 0 ? 1 : -1)
            let decimals = Int(next() % 13)
            #expect(WireDecimal(value, decimals: decimals).text == printf(value, decimals), "\(value) \(decimals)")
        }
        for (value, decimals) in [
            (0.5, 0), (1.5, 0), (2.675, 2), (1.005, 2), (0.000_000_005, 8), (99.999_999_995, 8), (9.999_999_999_5e9, 8),
            (1.5e19, 2), (123_456_789_012.345_67, 8),
        ] {
            #expect(WireDecimal(value, decimals: decimals).text == printf(value, decimals), "\(value) \(decimals)")
        }
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
