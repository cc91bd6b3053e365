import ExchangeWire
import Foundation
import MarketDomain
import SiseSupport
import TestSupport
import Testing

/// The byte readers of Upbit's big REST lists read what the `Codable` reference reads, and refuse
/// what it refuses with a reason, never a crash.
@Suite struct UpbitRESTRowsReaderTests {
    private func referenceTickers(_ text: String) throws -> [Ticker] {
        try JSONDecoder().decode([UpbitTickerDTO].self, from: Data(text.utf8)).compactMap { $0.toDomain() }
    }

    private func referenceMarkets(_ text: String) throws -> [Market] {
        try JSONDecoder().decode([UpbitMarketDTO].self, from: Data(text.utf8)).compactMap { $0.toDomain() }
    }

    @Test func theDocumentedListsReadAsTheReferenceReadsThem() throws {
        let tickers = try UpbitRESTRowsReader.tickers(Data(UpbitDocPayloads.tickerAll.utf8))
        #expect(tickers == (try referenceTickers(UpbitDocPayloads.tickerAll)))
        #expect(tickers.first?.price == 103_458_000 && tickers.first?.changeRate == 0.0101643282)
        let markets = try UpbitRESTRowsReader.markets(Data(UpbitDocPayloads.marketAll.utf8))
        #expect(markets == (try referenceMarkets(UpbitDocPayloads.marketAll)))
        #expect(markets.first?.koreanName == "비트코인")
    }

    /// Many rows as the simulator writes them, some without their 52-week figures.
    @Test func manyWrittenRowsReadAsTheReferenceReadsThem() throws {
        var writer = JSONTextWriter()
        writer.beginArray()
        for index in 0..<300 {
            let price = 0.000_12 * pow(1.07, Double(index))
            UpbitTickerDTO(
                market: "KRW-C\(index)", tradeDate: "20260311", tradeTime: "144058", tradeDateKst: "20260311",
                tradeTimeKst: "234058", tradeTimestamp: 1_773_240_058_195 + Int64(index), openingPrice: price * 0.98,
                highPrice: price * 1.1, lowPrice: price * 0.9, tradePrice: price, prevClosingPrice: price * 0.97,
                change: "RISE", changePrice: price * 0.03, changeRate: 0.03, signedChangePrice: -price * 0.03,
                signedChangeRate: -0.0309, tradeVolume: 0.5, accTradePrice: 1e9, accTradePrice24h: 2e9 + Double(index),
                accTradeVolume: 3.5, accTradeVolume24h: 7.25, highest52WeekPrice: index % 3 == 0 ? nil : price * 2,
                highest52WeekDate: "2025-10-09", lowest52WeekPrice: price / 2,
                lowest52WeekDate: index % 5 == 0 ? nil : "2026-02-06", timestamp: 1_773_240_058_519
            ).writeJSON(into: &writer)
        }
        writer.endArray()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let read = try UpbitRESTRowsReader.tickers(Data(writer.bytes))
        #expect(read.count == 300)
        #expect(read == (try referenceTickers(text)))
    }

    @Test func keysInAnyOrderUnknownMembersAndEscapesReadTheSame() throws {
        let tickers = """
             [ {"timestamp":1773240058519,"extra":{"x":[1,"]",{"y":null}]},"acc_trade_volume_24h":1.5,
               "signed_change_rate":-0.01,"trade_price":1.2E8,"market":"KRW-\\u0042TC","opening_price":1,
               "high_price":2,"low_price":0.5,"prev_closing_price":1,"signed_change_price":-1,
               "acc_trade_price_24h":9e9,"trade_price":5} ,
              {"market":"NOT A CODE","opening_price":1,"high_price":2,"low_price":0.5,"trade_price":1,
               "prev_closing_price":1,"signed_change_price":0,"signed_change_rate":0,"acc_trade_price_24h":1,
               "acc_trade_volume_24h":1,"timestamp":1} ]
            """
        let read = try UpbitRESTRowsReader.tickers(Data(tickers.utf8))
        // The row with a code that is no market's is left out; the first of a repeated key wins.
        #expect(read.map(\.marketID.rawValue) == ["KRW-BTC"])
        #expect(read.first?.price == 120_000_000)
        let markets = """
            [{"english_name":"Bit\\"coin\\"","market":"KRW-BTC","korean_name":"비트\\uCF54인","market_event":null},
             {"market":"KRW-XRP","korean_name":"리플","english_name":"Ripple","listed":true,
              "market_event":{"caution":{"PRICE_FLUCTUATIONS":true,"SOMETHING_NEW":true},"warning":false}}]
            """
        let readMarkets = try UpbitRESTRowsReader.markets(Data(markets.utf8))
        #expect(readMarkets == (try referenceMarkets(markets)))
        #expect(readMarkets.map(\.englishName) == ["Bit\"coin\"", "Ripple"])
        #expect(readMarkets.first?.koreanName == "비트코인")
        #expect(readMarkets.last?.warning?.description == "주의: 가격 급등락, SOMETHING_NEW")
    }

    @Test func candlePagesReadAsTheReferenceReadsThem() throws {
        func reference(_ text: String) throws -> UpbitRESTRowsReader.CandlePage {
            UpbitRESTRowsReader.CandlePage(
                try JSONDecoder().decode([UpbitIntervalCandleDTO].self, from: Data(text.utf8)))
        }
        let days = try UpbitRESTRowsReader.candles(Data(UpbitDocPayloads.candlesDays.utf8))
        #expect(days == (try reference(UpbitDocPayloads.candlesDays)))
        #expect(days.candles.first?.close == 103_460_000 && days.rows == 1)
        // Minutes, keys out of order and unknown ones; a row whose time cannot be read is left
        // out of the candles and still counted (the pager stops at a short page).
        let minutes = """
            [{"market":"KRW-BTC","candle_date_time_utc":"2026-03-11T14:35:00","candle_date_time_kst":"2026-03-11T23:35:00",
              "opening_price":1,"high_price":3,"low_price":0.5,"trade_price":2,"timestamp":1773240059132,
              "candle_acc_trade_price":1e9,"candle_acc_trade_volume":7.5,"unit":5},
             {"unit":5,"candle_acc_trade_volume":2,"candle_acc_trade_price":3,"trade_price":4,"low_price":4,
              "high_price":4,"opening_price":4,"candle_date_time_utc":"2026-03-11T14:30:00","extra":[{"a":null}]},
             {"market":"KRW-BTC","candle_date_time_utc":"not a time","candle_date_time_kst":"x","opening_price":1,
              "high_price":1,"low_price":1,"trade_price":1,"timestamp":1,"candle_acc_trade_price":1,
              "candle_acc_trade_volume":1}]
            """
        let read = try UpbitRESTRowsReader.candles(Data(minutes.utf8))
        #expect(read.rows == 3)
        #expect(read.candles.map(\.start) == [1_773_239_700_000, 1_773_239_400_000])
        #expect(read.candles.first?.value == 1e9 && read.candles.first?.volume == 7.5)
        #expect(throws: UpbitRESTRowsReader.Failure.self) {
            try UpbitRESTRowsReader.candles(
                Data(#"[{"candle_date_time_utc":"2026-03-11T14:30:00","opening_price":1}]"#.utf8))
        }
        #expect(throws: UpbitRESTRowsReader.Failure.self) {
            try UpbitRESTRowsReader.candles(Data(#"{"error":{"name":"x","message":"y"}}"#.utf8))
        }
    }

    @Test(arguments: [
        #"{"error":{"name":404,"message":"Code not found"}}"#,
        #"[{"market":"KRW-BTC","opening_price":1}]"#,
        #"[{"market":"KRW-BTC","opening_price":"1","high_price":2,"low_price":0.5,"trade_price":1,"prev_closing_price":1,"signed_change_price":0,"signed_change_rate":0,"acc_trade_price_24h":1,"acc_trade_volume_24h":1,"timestamp":1}]"#,
        "[] trailing", "", "[",
    ])
    func aBodyTheReferenceRefusesIsRefusedWithAReason(body: String) {
        #expect((try? referenceTickers(body)) == nil)
        #expect(throws: UpbitRESTRowsReader.Failure.self) { try UpbitRESTRowsReader.tickers(Data(body.utf8)) }
    }

    @Test func aMarketRowWithoutItsNamesOrAWholeEventIsRefused() {
        for body in [
            #"[{"market":"KRW-BTC","korean_name":"비트코인"}]"#,
            #"[{"market":"KRW-BTC","korean_name":"a","english_name":"b","market_event":{"warning":true}}]"#,
            #"[{"market":"KRW-BTC","korean_name":1,"english_name":"b"}]"#,
        ] {
            #expect((try? referenceMarkets(body)) == nil)
            #expect(throws: UpbitRESTRowsReader.Failure.self) { try UpbitRESTRowsReader.markets(Data(body.utf8)) }
        }
    }

    /// Every cut of the documented bodies is refused (or, at a row's end, read short), never a crash.
    @Test func everyTruncationIsRefusedCleanly() {
        for text in [UpbitDocPayloads.tickerAll, UpbitDocPayloads.marketAll] {
            let bytes = Array(text.utf8)
            for cut in 0..<bytes.count {
                let body = Data(bytes[..<cut])
                #expect((try? UpbitRESTRowsReader.tickers(body)) == nil)
                #expect((try? UpbitRESTRowsReader.markets(body)) == nil)
            }
        }
    }
}
