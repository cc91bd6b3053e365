import ExchangeSimulator
import Exchanges
import Foundation
import MarketDomain
import MarketFeatures
import TestSupport
import Testing

/// The USD/KRW rate against the simulator over loopback (issue 29): Dunamu's quote served beside
/// Upbit, Yahoo's `KRW=X` when Dunamu fails, and the three premiums `sise compare` prints.
@Suite(.serialized) struct ForexTests {
    @Test func theRateIsTheSimulatedDollarFromDunamuOrElseFromYahoo() async throws {
        // Every listed coin, tether among them.
        let harness = try await SimulatorHarness.start(markets: 408, ticksPerSecond: 200)
        defer { Task { await harness.stop() } }
        let yahoo = harness.running.baseURL(for: .yahoo)
        let client = ForexClient.make(dunamuBaseURL: harness.running.restBaseURL(for: .upbit), yahooBaseURL: yahoo)
        let rate = try await client.fetchUSDKRW()
        #expect(rate.source == .dunamu && rate.provider == "하나은행")
        // The dollar walks with each tether trade between the quote and this read: within 0.1 %.
        #expect(abs(rate.usdKRW / harness.simulator.market.usdKRW() - 1) < 0.001)
        #expect(abs(rate.time - ExchangeSimulator.wallClockMilliseconds()) < 60_000)
        // Tether trades at a premium of −2 % to +5 % over the dollar.
        let tether = try #require(harness.venueTickers()[CoinComparison.usdtMarket]?.price)
        #expect((-0.021...0.051).contains(tether / rate.usdKRW - 1), "\(tether) over \(rate.usdKRW)")
        // Dunamu unreachable: Yahoo's chart stands in; both unreachable: the error says each.
        let fallback = ForexClient.make(dunamuBaseURL: "http://127.0.0.1:9", yahooBaseURL: yahoo)
        let fromYahoo = try await fallback.fetchUSDKRW()
        #expect(fromYahoo.source == .yahoo && abs(fromYahoo.usdKRW - rate.usdKRW) < 1)
        let neither = ForexClient.make(dunamuBaseURL: "http://127.0.0.1:9", yahooBaseURL: "http://127.0.0.1:9")
        await #expect {
            try await neither.fetchUSDKRW()
        } throws: { error in
            "\(error)".contains("Dunamu:") && "\(error)".contains("Yahoo:")
        }
    }

    @Test func aYearOfDailyDollarsBackFillsADailyPremiumConsistentWithTheCandles() async throws {
        let harness = try await SimulatorHarness.start(markets: 408, ticksPerSecond: 200)
        defer { Task { await harness.stop() } }
        let client = ForexClient.make(
            dunamuBaseURL: harness.running.restBaseURL(for: .upbit), yahooBaseURL: harness.running.baseURL(for: .yahoo))
        let dollars = try await client.fetchDailyUSDKRW()
        let today = TradingDay(unixMilliseconds: ExchangeSimulator.wallClockMilliseconds())
        // Weekdays of a year, as the currency market trades, and today's live rate.
        #expect((255...265).contains(dollars.count), "\(dollars.count)")
        #expect(
            dollars.keys.allSatisfy { day in
                let weekday = ((day.daysSinceEpoch % 7) + 7) % 7
                return day == today || (weekday != 2 && weekday != 3)
            })
        #expect(dollars.values.allSatisfy { (500...3_000).contains($0) })
        // The back-fill of Bitcoin from the simulator's candles: a day a day for a year, each day's
        // tether premium (KRW-USDT over that day's dollar) between −0.5 % and +3.5 %, a little
        // more on a weekend, measured against Friday's dollar.
        let clients = Dictionary(
            uniqueKeysWithValues: [Exchange.upbit, .binance].map { exchange in
                (
                    exchange,
                    ExchangeClient.make(
                        exchange,
                        server: ExchangeServer(
                            restBaseURL: harness.running.restBaseURL(for: exchange),
                            webSocketURL: harness.running.webSocketURL(for: exchange)))
                )
            })
        let history = InMemoryPremiumHistory()
        let backfill = PremiumBackfill(
            candles: { exchange, market, days in try await clients[exchange]!.fetchDailyCandles(market, days) },
            usdKRW: client.fetchDailyUSDKRW, store: history.store)
        let added = await backfill.fill([("BTC", .upbit)], today: today)
        #expect((360...365).contains(added["BTC"] ?? 0), "\(added)")
        let days = try history.store.bars("BTC", .day, 0)
        #expect(days.allSatisfy { $0.start < today.startUnixMilliseconds })
        for day in days {
            guard let fx = day.fx else { continue }
            let tether = (1 + fx.close) / (1 + day.usdt.close) - 1
            #expect((-0.012...0.042).contains(tether), "\(day)")
        }
        #expect(days.filter { $0.fx != nil }.count > 300)
        // A second start finds enough days and asks for nothing.
        #expect(await backfill.fill([("BTC", .upbit)], today: today).isEmpty)
    }

    @Test func compareJSONCarriesThreePremiumsThatAgreeAndTheRateItUsed() async throws {
        let compared = try await SiseProcess.run(["compare", "--format", "json"], seconds: 120)
        #expect(compared.status == 0, "\(compared.stderr)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(compared.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count > 10)
        func number(_ row: [String: Any], _ key: String) -> Double? { (row[key] as? NSNumber)?.doubleValue }
        var checked = 0
        for row in rows {
            guard let fx = number(row, "premiumFX"), let usdt = number(row, "premiumUSDT"),
                let tether = number(row, "tetherPremium")
            else { continue }
            #expect(abs((1 + fx) - (1 + usdt) * (1 + tether)) < 1e-9, "\(row)")
            #expect(number(row, "premium") == usdt)
            #expect(row["fxSource"] as? String == "dunamu")
            #expect((500...3_000).contains(number(row, "usdKRW") ?? 0))
            #expect((number(row, "fxTime") ?? 0) > 1_700_000_000_000)
            checked += 1
        }
        #expect(checked > 10, "\(compared.stdout.prefix(400))")
        let fx = try await SiseProcess.run(["fx", "--format", "json"], seconds: 60)
        #expect(fx.status == 0, "\(fx.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(fx.stdout.utf8)) as? [String: Any])
        #expect(record["source"] as? String == "dunamu")
        #expect(record["provider"] as? String == "하나은행")
        let table = try await SiseProcess.run(["fx"], seconds: 60)
        #expect(table.stdout.hasPrefix("USD/KRW ") && table.stdout.contains("Dunamu (하나은행)"), "\(table.stdout)")
        #expect(try await SiseProcess.run(["fx", "--format", "csv"]).status == 64)
    }
}
