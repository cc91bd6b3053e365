import MarketDomain
import Testing

/// A rule as typed on the Alerts screen of either face.
@Suite struct AlertRuleTextTests {
    private func condition(_ text: String) -> AlertCondition? {
        try? AlertRuleText.rule(text, exchange: .upbit).get().condition
    }

    private func error(_ text: String) -> String? {
        if case .failure(let error) = AlertRuleText.rule(text, exchange: .upbit) { return error.description }
        return nil
    }

    @Test func levelsInWordsOrSignsWithOrWithoutThousandsCommas() throws {
        let rule = try AlertRuleText.rule("krw-btc above 150,000,000", exchange: .bithumb).get()
        #expect(rule.market.rawValue == "KRW-BTC" && rule.exchange == .bithumb && rule.condition == .above(150_000_000))
        #expect(rule.rearm == AlertRule.defaultRearm && !rule.once)
        #expect(condition("BTC > 150000000") == .above(150_000_000))
        #expect(condition("BTC >= 1.5") == .above(1.5))
        #expect(condition("ETH below 4000000") == .below(4_000_000))
        #expect(condition("BTC-ETH < 0.03") == .below(0.03))
        #expect(try AlertRuleText.rule("BTC < 1 once", exchange: .upbit).get().once)
    }

    @Test func movesBySignWordOrEitherWay() {
        #expect(condition("XRP +3% 5m") == .move(percent: 3, window: .fiveMinutes, direction: .up))
        #expect(condition("XRP -2.5% 1m") == .move(percent: 2.5, window: .oneMinute, direction: .down))
        #expect(condition("XRP 3 15m") == .move(percent: 3, window: .fifteenMinutes, direction: .either))
        #expect(condition("XRP ±1% 1m") == .move(percent: 1, window: .oneMinute, direction: .either))
        #expect(
            condition("KRW-XRP move 3% within 5m down") == .move(percent: 3, window: .fiveMinutes, direction: .down))
        #expect(condition("XRP once 4% in 1m up") == .move(percent: 4, window: .oneMinute, direction: .up))
    }

    @Test func largeTradesPremiumsWarningsAndListings() throws {
        #expect(condition("BTC trade over 50,000,000") == .tradeOver(50_000_000))
        #expect(condition("BTC trade > 1000000") == .tradeOver(1_000_000))
        #expect(condition("BTC premium above 5") == .premiumAbove(5))
        #expect(condition("BTC premium > 5.5%") == .premiumAbove(5.5))
        #expect(condition("BTC premium below -1%") == .premiumBelow(-1))
        #expect(condition("BTC 김프 < +2") == .premiumBelow(2))
        #expect(condition("XRP warning") == .warning)
        let any = try AlertRuleText.rule("new listing once", exchange: .bithumb).get()
        #expect(any.market == .anyMarket(quote: "KRW") && any.condition == .listing && any.once)
        #expect(any.summary == "any KRW market listed on Bithumb")
        let warned = try AlertRuleText.rule("* warning", exchange: .binance).get()
        #expect(warned.market == .anyMarket(quote: "USDT") && warned.condition == .warning)
        #expect(try AlertRuleText.rule("KRW-NEWC listing", exchange: .upbit).get().market.rawValue == "KRW-NEWC")
    }

    @Test func whatIsNotARuleIsSaidInWordsWithoutEchoingControlCharacters() {
        #expect(error("") == "Type a rule, like \(AlertRuleText.example)")
        #expect(error("BTC") == "Say above, below, a move, trade, premium, warning or listing after the market")
        #expect(error("BTC above") == "'above' needs one positive price after it, like above 150000000")
        #expect(error("BTC above -5") == "'above' needs one positive price after it, like above 150000000")
        #expect(error("BTC > 1 2") == "'>' needs one positive price after it, like above 150000000")
        #expect(error("XRP +3%") == "A move needs a window: 1m, 5m or 15m")
        #expect(error("XRP 5m") == "A move needs a positive percentage, like +3% 5m")
        #expect(error("XRP +0% 5m") == "A move needs a positive percentage, like +3% 5m")
        #expect(error("XRP +3% 2h") == "'2h' is not a price rule or a move like +3% 5m")
        #expect(error("KRW-") == "'KRW-' is not a market like KRW-BTC or BTC")
        #expect(error("BTC trade over") == "'trade' needs one positive amount, like trade over 50000000")
        #expect(error("BTC premium 5") == "'premium' needs above or below and a percentage, like premium above 5")
        #expect(error("* above 5") == "Only a warning or a listing rule watches any market")
        #expect(error("XRP warning listing") == "Say warning or listing, like XRP warning or listing")
        let hostile = error("XRP \u{1B}]0;x\u{07} 5m") ?? ""
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 })
    }

    /// The form holds a rule's number to the limits the CLI holds it to (issue 63): the page took a
    /// premium of −1,000 % that `sise alerts add` refused, and a level of 1e308 printed as `∞`.
    @Test func numbersPastTheCLIsLimitsAreRefusedAsTheCLIRefusesThem() {
        #expect(error("BTC premium below -1000") == AlertCondition.premiumBelow(-1000).numberRefusal)
        #expect(
            error("BTC premium below -1000")
                == "The premium level must be a percentage from -100 to 1000, like 5 or -1.5")
        #expect(condition("BTC premium below -100") == .premiumBelow(-100))
        #expect(error("BTC above 1e308") != nil)
        #expect(
            error("BTC above 2000000000000000") == "The level must be a positive price of at most 10^15, like 150000000"
        )
        #expect(condition("BTC above 1000000000000000") == .above(1e15))
        #expect(error("BTC trade over 2000000000000000") != nil)
    }
}
