import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct KorbitWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func pairsAndCurrenciesDecodeWithTheirTypeTraps() throws {
        let pairs = try decode(KorbitEnvelope<[KorbitCurrencyPairDTO]>.self, KorbitDocPayloads.currencyPairs)
        #expect(pairs.data?.first?.marketID == MarketID("KRW-BTC"))
        #expect(pairs.data?.first?.status == "launched")
        let currencies = try decode(KorbitEnvelope<[KorbitCurrencyDTO]>.self, KorbitDocPayloads.currencies)
        let rows = try #require(currencies.data)
        #expect(rows.map(\.fullName) == ["Won", "Bitcoin"])
        // krw has no networks; btc's network count is a number while the top-level copy is a string.
        #expect(rows[0].networkList == nil)
        #expect(rows[1].networkList?.first?.confirmationCount == 3)
    }

    @Test func tickersReadStringNumbersAndPercent() throws {
        let reply = try decode(KorbitEnvelope<[KorbitTickerDTO]>.self, KorbitDocPayloads.tickers)
        let rows = try #require(reply.data)
        let bitcoin = try #require(rows[0].toDomain(MarketID("KRW-BTC")!))
        #expect(bitcoin.price == 77_136_000)
        #expect(bitcoin.changePrice == 76_000)
        #expect(abs(bitcoin.changeRate - 0.001) < 1e-12)
        #expect(bitcoin.tradeValue24h == 3_785_149_733.32633)
        #expect(bitcoin.timestamp == 1_725_525_721_041)
        let ether = try #require(rows[1].toDomain(MarketID("KRW-ETH")!))
        #expect(ether.changePrice == -9_000)
        #expect(abs(ether.changeRate + 0.0028) < 1e-12)
        #expect(try JSONShape(data: JSONEncoder().encode(reply)) == JSONShape(json: KorbitDocPayloads.tickers))
    }

    @Test func candlesKeepEighteenDecimalsAndStartTimes() throws {
        let reply = try decode(KorbitEnvelope<[KorbitCandleDTO]>.self, KorbitDocPayloads.candles)
        let rows = try #require(reply.data)
        #expect(rows.map(\.timestamp) == [1_708_041_600_000, 1_708_045_200_000])
        #expect(rows[0].volume.text == "1.932320026577213946")
        let candle = try #require(rows[0].toDomain())
        #expect(candle.close == 71_392_000)
        #expect(try JSONShape(data: JSONEncoder().encode(reply)) == JSONShape(json: KorbitDocPayloads.candles))
    }

    /// Issue 30: an hour row starts at its timestamp; a day, which starts at 00:00 KST on Korbit,
    /// is dated by that KST day as the day candles are.
    @Test func candlesOfAnyIntervalKeepTheirStartAndDaysTheirKSTDate() throws {
        let rows = try #require(try decode(KorbitEnvelope<[KorbitCandleDTO]>.self, KorbitDocPayloads.candles).data)
        #expect(rows[0].toIntervalCandle(.hour)?.start == 1_708_041_600_000)
        let day = try #require(rows[0].toIntervalCandle(.day))
        #expect(day.start == rows[0].timestamp + 9 * 3_600_000)
        #expect(day.close == 71_392_000)
        #expect(KorbitEndpoint.candleInterval("240") == .fourHours && KorbitEndpoint.candleInterval("3") == nil)
        #expect(KorbitEndpoint.intervalText(.week) == "1W" && KorbitEndpoint.intervalText(.month) == nil)
    }

    @Test func errorsComeInTheFailureEnvelope() throws {
        let invalid = try decode(KorbitFailure.self, KorbitDocPayloads.errorInvalidPair)
        #expect(!invalid.success)
        #expect(invalid.error == .invalidPair)
        #expect(try decode(KorbitFailure.self, KorbitDocPayloads.errorNotFound).error == .notFound)
    }

    @Test func theSubscribeRequestHasTheDocsShape() throws {
        let request = [KorbitSubscription(symbols: ["btc_krw", "eth_krw"])]
        #expect(try JSONShape(data: JSONEncoder().encode(request)) == JSONShape(json: KorbitDocPayloads.subscribe))
        #expect(try decode([KorbitSubscription].self, KorbitDocPayloads.subscribe) == request)
    }

    @Test func streamFramesAreTickersOrControlMessages() throws {
        guard case .ticker(let snapshot) = try decode(KorbitStreamFrame.self, KorbitDocPayloads.streamSnapshot) else {
            Issue.record("not a ticker")
            return
        }
        #expect(snapshot.snapshot == true)
        let ticker = try #require(snapshot.toDomain())
        #expect(ticker.marketID.rawValue == "KRW-BTC")
        #expect(ticker.price == 100_650_000)
        #expect(ticker.timestamp == 1_730_356_819_663)
        guard case .ticker(let live) = try decode(KorbitStreamFrame.self, KorbitDocPayloads.streamRealtime) else {
            Issue.record("not a ticker")
            return
        }
        #expect(live.snapshot == nil)
        #expect(
            try JSONShape(data: JSONEncoder().encode(live)) == JSONShape(json: KorbitDocPayloads.streamRealtime))
        #expect(
            try decode(KorbitStreamFrame.self, KorbitDocPayloads.streamAck)
                == .status(KorbitStreamStatus(status: "success", requestId: 1)))
        guard case .status(let fail) = try decode(KorbitStreamFrame.self, KorbitDocPayloads.streamFail) else {
            Issue.record("not a status")
            return
        }
        #expect(fail.code == "INVALID_SYMBOL")
    }

    @Test func symbolsMapBothWays() {
        #expect(KorbitWire.marketID("btc_krw") == MarketID("KRW-BTC"))
        #expect(KorbitWire.symbol(MarketID("KRW-ETH")!) == "eth_krw")
        #expect(KorbitWire.marketID("btckrw") == nil)
    }

    /// The shape exchange-apis.md §3.6 gives Korbit's order book (`data` of `/v2/orderbook` and of
    /// the WebSocket's `orderbook`): numbers as strings, asks and bids in their own order.
    @Test func anOrderbookReadsItsStringNumbersIntoABook() throws {
        let json = #"""
            {"success":true,"data":{"timestamp":1730365099072,
            "asks":[{"price":"100651000","qty":"0.0153"},{"price":"100652000","qty":"0.3"}],
            "bids":[{"price":"100650000","qty":"0.5"},{"price":"100649000","qty":"1.25"}]}}
            """#
        let envelope = try JSONDecoder().decode(KorbitEnvelope<KorbitOrderbookDTO>.self, from: Data(json.utf8))
        let book = try #require(envelope.data).toDomain(market: MarketID("KRW-BTC")!)
        #expect(book.asks.map(\.price) == [100_651_000, 100_652_000])
        #expect(book.bids.map(\.size) == [0.5, 1.25])
        #expect(book.spread == 1_000)
        #expect(book.timestamp == 1_730_365_099_072)
    }

    /// Korbit's trades (`data` of `/v2/trades` and of the WebSocket's `trade`, §3.6): strings for
    /// numbers, `isBuyerTaker` the taker's side.
    @Test func tradesReadTheirTakersSide() throws {
        let json = #"""
            {"success":true,"data":[{"timestamp":1730365099072,"price":"100650000","qty":"0.0021","isBuyerTaker":true,
            "tradeId":5520},{"timestamp":1730365098000,"price":"100649000","qty":"0.5","isBuyerTaker":false,"tradeId":5519}]}
            """#
        let envelope = try JSONDecoder().decode(KorbitEnvelope<[KorbitTradeDTO]>.self, from: Data(json.utf8))
        let trades = try #require(envelope.data).compactMap { $0.toDomain(market: MarketID("KRW-BTC")!) }
        #expect(trades.map(\.side) == [.buy, .sell])
        #expect(trades.first?.price == 100_650_000 && trades.first?.id == 5520)
    }
}
