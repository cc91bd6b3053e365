import MarketDomain
import Testing

@Suite struct CoinComparisonTests {
    private func quote(
        _ code: String, _ price: Double, value: Double = 1_000, korean: String = "", english: String = ""
    )
        -> Quote
    {
        let id = MarketID(code)!
        return Quote(
            market: Market(id: id, koreanName: korean, englishName: english),
            ticker: Ticker(
                marketID: id, price: price, changePrice: 0, changeRate: 0, volume24h: 1, tradeValue24h: value,
                open: price, high: price, low: price, previousClose: price, timestamp: 1))
    }

    private var quotes: [Exchange: [Quote]] {
        [
            .upbit: [
                quote("KRW-BTC", 100_000_000, korean: "비트코인", english: "Bitcoin"), quote("KRW-USDT", 1_400),
                quote("KRW-ONLY", 10),
            ],
            .bithumb: [quote("KRW-BTC", 100_500_000), quote("KRW-USDT", 1_405), quote("KRW-XRP", 3_000)],
            .korbit: [quote("KRW-BTC", 99_800_000), quote("KRW-XRP", 3_010, english: "XRP")],
            .binance: [quote("USDT-BTC", 68_000), quote("USDT-XRP", 2.1)],
        ]
    }

    @Test func spreadAndPremiumFromKnownPrices() throws {
        let rows = CoinComparison.compare(quotes)
        let bitcoin = try #require(rows.first { $0.symbol == "BTC" })
        #expect(bitcoin.prices == [.upbit: 100_000_000, .bithumb: 100_500_000, .korbit: 99_800_000])
        #expect(bitcoin.spread == 700_000)
        #expect(abs(bitcoin.spreadRate - 700_000 / 99_800_000) < 1e-15)
        #expect(bitcoin.referenceExchange == .upbit)
        #expect(bitcoin.usdtRate == 1_400)
        // 100,000,000 / (68,000 × 1,400) − 1 = 5.042 %
        #expect(abs(try #require(bitcoin.premium) - (100_000_000 / (68_000.0 * 1_400) - 1)) < 1e-12)
        #expect(bitcoin.market.koreanName == "비트코인")
        #expect(bitcoin.tradeValue24h == 3_000)
    }

    @Test func onlyCoinsOnTwoOrMoreKoreanExchangesAreCompared() {
        let symbols = Set(CoinComparison.compare(quotes).map(\.symbol))
        #expect(symbols == ["BTC", "USDT", "XRP"])
    }

    @Test func withoutUpbitThePremiumIsMeasuredFromTheNextExchange() throws {
        let ripple = try #require(CoinComparison.compare(quotes).first { $0.symbol == "XRP" })
        #expect(ripple.referenceExchange == .bithumb)
        #expect(abs(try #require(ripple.premium) - (3_000 / (2.1 * 1_400) - 1)) < 1e-12)
        #expect(ripple.market.englishName == "XRP")
    }

    @Test func withoutAGlobalPriceOrARateThereIsNoPremium() throws {
        var noRate = quotes
        noRate[.upbit] = noRate[.upbit]?.filter { $0.market.symbol != "USDT" }
        noRate[.bithumb] = noRate[.bithumb]?.filter { $0.market.symbol != "USDT" }
        let bitcoin = try #require(CoinComparison.compare(noRate).first { $0.symbol == "BTC" })
        #expect(bitcoin.premium == nil)
        let tether = try #require(CoinComparison.compare(quotes).first { $0.symbol == "USDT" })
        #expect(tether.globalPrice == nil && tether.premium == nil)
        #expect(CoinComparison.premium(krwPrice: 100, usdtPrice: 0, usdtRate: 1_400) == nil)
    }

    @Test func compareKeysReadNamePricePremiumAndSpread() {
        let rows = CoinComparison.compare(quotes)
        #expect(QuoteOrder(key: .change).sorted(rows).map(\.symbol) == ["BTC", "XRP", "USDT"])
        #expect(QuoteOrder(key: .price, direction: .ascending).sorted(rows).map(\.symbol) == ["USDT", "XRP", "BTC"])
        #expect(QuoteOrder(key: .value).sorted(rows).first?.symbol == "BTC")
    }
}

@Suite struct CoinNamesTests {
    @Test func namesComeFromExchangesThatHaveThemAndFillOnlyWhatIsEmpty() {
        let named = [
            Market(id: MarketID("KRW-BTC")!, koreanName: "비트코인", englishName: "Bitcoin"),
            Market(id: MarketID("KRW-ETH")!, koreanName: "", englishName: "Ethereum"),
        ]
        var table = CoinNames(markets: named)
        #expect(table["btc"]?.korean == "비트코인")
        #expect(table["ETH"] == nil)
        table.merge([Market(id: MarketID("KRW-BTC")!, koreanName: "다른이름", englishName: "Other")])
        #expect(table["BTC"]?.korean == "비트코인")
        let korbit = Market(id: MarketID("KRW-BTC")!, koreanName: "", englishName: "Bitcoin (Korbit)")
        #expect(table.naming(korbit).koreanName == "비트코인")
        #expect(table.naming(korbit).englishName == "Bitcoin (Korbit)")
        let binance = Market(id: MarketID("USDT-BTC")!, koreanName: "", englishName: "")
        #expect(table.naming(binance) == Market(id: MarketID("USDT-BTC")!, koreanName: "비트코인", englishName: "Bitcoin"))
    }
}
