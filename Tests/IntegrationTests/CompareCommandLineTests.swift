import Foundation
import TestSupport
import Testing

/// `sise quotes --exchange …` and `sise compare` end to end, on the embedded simulated market.
@Suite(.timeLimit(.minutes(5)), .serialized) struct CompareCommandLineTests {
    private func objects(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    private func temporaryDatabase() -> String {
        TestScratch.folder.appendingPathComponent("sise-compare-\(UUID().uuidString).sqlite").path
    }

    @Test(arguments: ["bithumb", "korbit", "binance"])
    func quotesOfEachExchangeHaveKoreanNamesAndPrices(exchange: String) async throws {
        let result = try await SiseProcess.run(
            ["quotes", "--exchange", exchange, "--format", "json", "--db", temporaryDatabase()])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try objects(result.stdout)
        #expect(rows.count >= 100)
        let quote = exchange == "binance" ? "USDT" : "KRW"
        for row in rows {
            #expect(row["exchange"] as? String == exchange)
            #expect((row["market"] as? String)?.hasPrefix(quote + "-") == true)
            #expect((row["koreanName"] as? String)?.isEmpty == false, "\(row)")
            #expect((number(row["price"]) ?? 0) > 0)
        }
        let bitcoin = try #require(rows.first { $0["symbol"] as? String == "BTC" })
        #expect(bitcoin["koreanName"] as? String == "비트코인")
    }

    @Test func compareAsJSONGivesThreePricesTheSpreadAndThePremium() async throws {
        let result = try await SiseProcess.run(
            ["compare", "BTC", "ETH", "--format", "json", "--db", temporaryDatabase()])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try objects(result.stdout)
        #expect(Set(rows.compactMap { $0["symbol"] as? String }) == ["BTC", "ETH"])
        for row in rows {
            let prices = try #require(row["prices"] as? [String: Any])
            let values = ["upbit", "bithumb", "korbit"].compactMap { number(prices[$0]) }
            #expect(values.count == 3, "\(prices)")
            let spread = try #require(number(row["spread"]))
            #expect(spread == (values.max() ?? 0) - (values.min() ?? 0))
            // A few tenths of a percent apart, and a premium of a few percent over Binance.
            #expect((number(row["spreadRate"]) ?? 1) < 0.02)
            let premium = try #require(number(row["premium"]))
            #expect(premium > 0.005 && premium < 0.06, "premium \(premium)")
            #expect((number(row["binanceUSDT"]) ?? 0) > 0)
            #expect((number(row["usdtKRW"]) ?? 0) > 1_000)
        }
    }

    @Test func compareAsCSVAndTableAndAnUnknownCoin() async throws {
        let csv = try await SiseProcess.run(["compare", "BTC", "--format", "csv", "--db", temporaryDatabase()])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("symbol,koreanName,englishName,upbit,bithumb,korbit") == true)
        #expect(lines.count == 2)
        let table = try await SiseProcess.run(["compare", "--search", "ㅂㅌ", "--db", temporaryDatabase()])
        #expect(table.status == 0)
        #expect(table.stdout.contains("비트코인"))
        #expect(table.stdout.contains("Premium"))
        let unknown = try await SiseProcess.run(["compare", "NOPE", "--db", temporaryDatabase()])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }
}
