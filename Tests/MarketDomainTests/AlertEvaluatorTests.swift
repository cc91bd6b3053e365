import MarketDomain
import PropertyBased
import Testing

/// The alert rules' crossing and re-arm semantics (issue 28), as examples and as a property test
/// against a reference model that scans every rule on every price.
@Suite struct AlertEvaluatorTests {
    private static let bitcoin = MarketID("KRW-BTC")!
    private static let ripple = MarketID("KRW-XRP")!

    private static func rule(
        _ id: Int64, _ condition: AlertCondition, rearm: Double = 0.005, cooldown: Int = 0
    )
        -> AlertRule
    {
        AlertRule(
            id: id, exchange: .upbit, market: bitcoin, condition: condition, rearm: rearm, cooldownSeconds: cooldown)
    }

    /// Feeds `prices` one a second from time 1,000 s and returns, per price, the rules that fired.
    private static func run(_ evaluator: inout AlertEvaluator, _ prices: [Double]) -> [[Int64]] {
        prices.enumerated().map { index, price in
            evaluator.take(price: price, of: bitcoin, on: .upbit, at: 1_000_000 + Int64(index) * 1000).map(\.rule)
        }
    }

    @Test func aLevelFiresOnceACrossingAndAgainOnlyAfterTheReArmBand() {
        var evaluator = AlertEvaluator(rules: [Self.rule(1, .above(100))])
        // 99.6 is within the 0.5 % band (99.5): no second firing; 99.4 re-arms.
        let fired = Self.run(&evaluator, [98, 100, 101, 99.6, 100.5, 99.4, 100])
        #expect(fired == [[], [1], [], [], [], [], [1]])
    }

    @Test func aRuleMadeWhileThePriceIsAlreadyPastItWaitsForACrossing() {
        // At 105 the price is past both levels: each waits for the price to come back first.
        var evaluator = AlertEvaluator(rules: [Self.rule(1, .above(100)), Self.rule(2, .below(108))])
        let fired = Self.run(&evaluator, [105, 107, 110, 99.99, 100])
        #expect(fired == [[], [], [], [2], [1]])
    }

    @Test func theFiringSaysWhatHappenedInWords() {
        var evaluator = AlertEvaluator(rules: [Self.rule(7, .above(150_000_000))])
        _ = evaluator.take(price: 149_000_000, of: Self.bitcoin, on: .upbit, at: 1)
        let firing = evaluator.take(price: 150_100_000, of: Self.bitcoin, on: .upbit, at: 2)
        #expect(
            firing == [
                AlertFiring(
                    rule: 7, exchange: .upbit, market: Self.bitcoin, kind: "above", price: 150_100_000,
                    level: 150_000_000, direction: "up", at: 2,
                    message: "KRW-BTC rose to 150,100,000 (above 150,000,000) on Upbit")
            ])
        // Another market, another exchange: nothing.
        #expect(evaluator.take(price: 1, of: Self.ripple, on: .upbit, at: 3).isEmpty)
        #expect(evaluator.take(price: 1, of: Self.bitcoin, on: .bithumb, at: 3).isEmpty)
    }

    @Test func aCooldownPassesOverCrossingsTooSoonAndOnceDropsTheRule() {
        var evaluator = AlertEvaluator(rules: [
            Self.rule(1, .above(100), rearm: 0, cooldown: 3),
            AlertRule(id: 2, exchange: .upbit, market: Self.bitcoin, condition: .above(100), rearm: 0, once: true),
        ])
        // Crossings at 1 s, 3 s (within 3 s of the first: passed over) and 5 s.
        let fired = Self.run(&evaluator, [99, 100, 99, 100, 99, 100])
        #expect(fired == [[], [1, 2], [], [], [], [1]])
        #expect(evaluator.ruleIDs == [1])
    }

    @Test func aMoveIsMeasuredFromTheWindowsLowAndHigh() {
        var evaluator = AlertEvaluator(rules: [
            Self.rule(1, .move(percent: 5, window: .oneMinute, direction: .up)),
            Self.rule(2, .move(percent: 5, window: .oneMinute, direction: .down)),
        ])
        var fired: [[Int64]] = []
        func price(_ value: Double, atSecond second: Int64) {
            fired.append(evaluator.take(price: value, of: Self.bitcoin, on: .upbit, at: second * 1000).map(\.rule))
        }
        price(100, atSecond: 0)
        price(104, atSecond: 30)
        price(105, atSecond: 50)  // +5 % from the low of 100: fires
        price(104.9, atSecond: 55)  // still +4.9 %: within the band, waits
        price(99.7, atSecond: 70)  // -5.05 % from the high of 105: the fall fires
        price(99.7, atSecond: 200)  // the window now holds 99.7 alone: both re-arm
        price(104.7, atSecond: 230)  // +5.0 % from 99.7: the rise fires again
        #expect(fired == [[], [], [1], [], [2], [], [1]])
    }

    @Test func aLargeTradeFiresOnEachTradeWorthItsThresholdLowestFirst() {
        var evaluator = AlertEvaluator(rules: [
            Self.rule(1, .tradeOver(50_000_000)), Self.rule(2, .tradeOver(10_000_000)),
            Self.rule(3, .tradeOver(80_000_000), cooldown: 60),
        ])
        func trade(_ size: Double, at seconds: Int64) -> [Int64] {
            let trade = Trade(
                market: Self.bitcoin, price: 100_000_000, size: size, side: .buy, timestamp: seconds * 1000, id: seconds
            )
            return evaluator.take(trade: trade, on: .upbit).map(\.rule)
        }
        #expect(trade(0.05, at: 1) == [])
        #expect(trade(0.1, at: 2) == [2])
        #expect(trade(0.9, at: 3) == [2, 1, 3])
        // Rule 3's cooldown passes over the next one; a trade on another exchange is not watched.
        #expect(trade(0.8, at: 4) == [2, 1])
        let elsewhere = Trade(market: Self.bitcoin, price: 1e8, size: 9, side: .sell, timestamp: 5_000, id: 5)
        #expect(evaluator.take(trade: elsewhere, on: .bithumb).isEmpty)
        #expect(evaluator.tradeMarkets(on: .upbit) == [Self.bitcoin])
    }

    @Test func aPremiumLevelCrossesAndReArmsInPercentagePoints() {
        var evaluator = AlertEvaluator(rules: [
            Self.rule(1, .premiumAbove(3)), Self.rule(2, .premiumBelow(-1), rearm: 0.01),
        ])
        let premiums = [2.0, 3.1, 2.6, 3.2, 2.4, 3.0, -0.5, -1.2, -0.3, -1.0, 0.1, -1.5]
        let fired = premiums.enumerated().map { index, premium in
            evaluator.take(premium: premium, of: Self.bitcoin, on: .upbit, price: 1, at: Int64(index)).map(\.rule)
        }
        // Above 3 %: back to 2.6 is within the 0.5-point band, 2.4 re-arms. Below −1 %: −0.3 is
        // within the 1-point band, 0.1 re-arms.
        #expect(fired == [[], [1], [], [], [], [1], [], [2], [], [], [], [2]])
        #expect(evaluator.premiumMarkets(on: .upbit) == [Self.bitcoin])
    }

    @Test func warningAndListingRulesFireForTheirMarketOrAnyMarketOfTheQuote() {
        let any = MarketID.anyMarket(quote: "KRW")
        var evaluator = AlertEvaluator(rules: [
            AlertRule(id: 1, exchange: .upbit, market: Self.ripple, condition: .warning),
            AlertRule(id: 2, exchange: .upbit, market: any, condition: .warning, once: true),
            AlertRule(id: 3, exchange: .upbit, market: any, condition: .listing),
            AlertRule(id: 4, exchange: .bithumb, market: any, condition: .listing),
        ])
        #expect(evaluator.watchesListing(on: .upbit))
        #expect(!evaluator.watchesListing(on: .korbit))
        let caution = MarketWarning(level: .caution, reasons: ["거래량 급등"])
        let onRipple = evaluator.take(warning: caution, of: Self.ripple, on: .upbit, price: 700, at: 1)
        #expect(onRipple.map(\.rule) == [1, 2])
        #expect(onRipple.map(\.market) == [Self.ripple, Self.ripple])
        #expect(onRipple.first?.price == 700)
        // Rule 2 fired once and is gone.
        #expect(evaluator.take(warning: caution, of: Self.bitcoin, on: .upbit, price: 1, at: 2).isEmpty)
        let newcomer = Market(id: MarketID("KRW-NEWC")!, koreanName: "", englishName: "Newcoin")
        let listed = evaluator.take(listing: newcomer, on: .upbit, at: 3)
        #expect(listed.map(\.rule) == [3])
        #expect(listed.first?.message == "KRW-NEWC (Newcoin) listed on Upbit")
        let usdtMarket = Market(id: MarketID("USDT-NEWC")!, koreanName: "", englishName: "")
        #expect(evaluator.take(listing: usdtMarket, on: .upbit, at: 4).isEmpty)
    }

    @Test func updatingToTheStoredRulesKeepsTheStateOfThoseUnchanged() {
        var evaluator = AlertEvaluator(rules: [Self.rule(1, .above(100))])
        _ = Self.run(&evaluator, [99, 101])  // fired; waits for 99.5
        evaluator.update(to: [Self.rule(1, .above(100)), Self.rule(2, .above(102))])
        #expect(Self.run(&evaluator, [101.5, 103]) == [[], [2]])
        evaluator.update(to: [Self.rule(2, .above(102))])
        #expect(evaluator.ruleIDs == [2])
        #expect(!evaluator.watches(.bithumb) && evaluator.watches(.upbit))
    }

    // MARK: The property test

    /// A rule as the reference model holds it: its own state, checked by a scan.
    private struct ModelRule {
        var id: Int64
        var level: Double
        var isAbove: Bool
        var rearm: Double
        var cooldown: Int64
        var armed: Bool?
        var armBeyond: Double = 0
        var lastFired: Int64?

        /// The model of the documented rule, written plainly.
        mutating func take(_ price: Double, at time: Int64) -> Bool {
            let reached = isAbove ? price >= level : price <= level
            guard let isArmed = armed else {
                armed = !reached
                armBeyond = level
                return false
            }
            if !isArmed {
                let back = isAbove ? price < armBeyond : price > armBeyond
                if back { armed = true }
                return false
            }
            guard reached else { return false }
            armed = false
            armBeyond = isAbove ? level * (1 - rearm) : level * (1 + rearm)
            if let lastFired, time - lastFired < cooldown { return false }
            lastFired = time
            return true
        }
    }

    struct Scenario: Sendable, CustomStringConvertible {
        var rules: [AlertRule]
        var prices: [Double]
        var description: String { "\(rules.count) rules, \(prices.count) prices" }
    }

    static let scenarios = Generator<Scenario, _>(run: { rng in
        let rules = (0..<Int.random(in: 1...40, using: &rng)).map { index in
            let level = Double(Int.random(in: 90...110, using: &rng))
            let condition: AlertCondition = Bool.random(using: &rng) ? .above(level) : .below(level)
            let rearm = [0, 0.005, 0.01, 0.05].randomElement(using: &rng)!
            return Self.rule(
                Int64(index + 1), condition, rearm: rearm, cooldown: [0, 0, 5].randomElement(using: &rng)!)
        }
        // A random walk, with jumps now and then, often touching a level exactly.
        var price = Double(Int.random(in: 90...110, using: &rng))
        let prices = (0..<Int.random(in: 1...300, using: &rng)).map { _ in
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: price = Double(Int.random(in: 85...115, using: &rng))
            case 1...3: price = price.rounded()
            default: price += Double(Int.random(in: -20...20, using: &rng)) / 10
            }
            return max(1, price)
        }
        return Scenario(rules: rules, prices: prices)
    })

    @Test func theIndexedEvaluatorFiresExactlyAsAScanOfEveryRule() async {
        await propertyCheck(count: 300, input: Self.scenarios) { scenario in
            var evaluator = AlertEvaluator(rules: scenario.rules)
            var model = scenario.rules.map { rule in
                switch rule.condition {
                case .above(let level), .below(let level):
                    ModelRule(
                        id: rule.id, level: level, isAbove: rule.condition.kind == "above", rearm: rule.rearm,
                        cooldown: Int64(rule.cooldownSeconds) * 1000)
                default: fatalError("levels only")
                }
            }
            for (index, price) in scenario.prices.enumerated() {
                let time = Int64(index) * 1000
                let fired = evaluator.take(price: price, of: Self.bitcoin, on: .upbit, at: time).map(\.rule).sorted()
                var expected: [Int64] = []
                for position in model.indices where model[position].take(price, at: time) {
                    expected.append(model[position].id)
                }
                #expect(fired == expected.sorted(), "at price \(index) (\(price))")
                if fired != expected.sorted() { return }
            }
        }
    }
}
