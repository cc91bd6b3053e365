import Foundation
import MarketDomain
import TestSupport
import Testing

/// `sise premium` and `sise premium history` on the embedded simulator (issue 29, point 6).
@Suite struct PremiumCommandLineTests {
    private func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func thePremiumOfEachCoinOnEitherBasisAndFollowedAsItMoves() async throws {
        let all = try await SiseProcess.run(["premium", "--format", "json", "--basis", "fx"], seconds: 120)
        #expect(all.status == 0, "\(all.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count > 10)
        func number(_ row: [String: Any], _ key: String) -> Double? { (row[key] as? NSNumber)?.doubleValue }
        for row in rows {
            #expect(row["basis"] as? String == "fx")
            #expect(number(row, "premium") == number(row, "premiumFX"))
            if let fx = number(row, "premiumFX"), let usdt = number(row, "premiumUSDT"),
                let tether = number(row, "tetherPremium")
            {
                #expect(abs((1 + fx) - (1 + usdt) * (1 + tether)) < 1e-9, "\(row)")
            }
        }
        let table = try await SiseProcess.run(["premium", "BTC", "ETH"], seconds: 120)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.lines.first?.contains("김프 vs USDT") == true)
        #expect(table.lines.count == 4 && table.lines.contains { $0.hasPrefix("ETH ") && $0.contains("이더리움") })

        // Followed: a line for each move of BTC, at most one a second.
        let followed = try await SiseProcess.run(
            ["premium", "BTC", "--follow", "--duration", "4", "--format", "ndjson"], seconds: 120)
        #expect(followed.status == 0, "\(followed.stderr)")
        let lines = try objects(followed.stdout)
        #expect(lines.count >= 2, "\(followed.stdout)")
        #expect(lines.allSatisfy { $0["symbol"] as? String == "BTC" && $0["premiumUSDT"] is NSNumber })
        let times = lines.compactMap { ($0["at"] as? NSNumber)?.int64Value }
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 900 }, "\(times)")

        let misuse = try await SiseProcess.run(["premium", "--follow", "--format", "json"])
        #expect(misuse.status == 64)
        #expect(try await SiseProcess.run(["premium", "--duration", "3"]).status == 64)
    }

    @Test func aCoinsHistoryIsBackFilledAYearOfDaysOnAFreshDatabaseAndPrintedAsAskedFor() async throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-premium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("sise.sqlite").path
        let days = try await SiseProcess.run(
            ["premium", "history", "BTC", "--format", "json", "--db", db], seconds: 120)
        #expect(days.status == 0, "\(days.stderr)")
        let bars = try #require(try JSONSerialization.jsonObject(with: Data(days.stdout.utf8)) as? [[String: Any]])
        #expect((360...366).contains(bars.count), "\(bars.count)")
        #expect(bars.allSatisfy { $0["interval"] as? String == "1d" && $0["symbol"] as? String == "BTC" })
        #expect(bars.allSatisfy { ($0["time"] as? String)?.hasSuffix(" 09:00:00") == true })
        #expect(bars.filter { $0["fxClose"] is NSNumber }.count > 300)
        // From a date on, as CSV.
        let from = KoreanTime.date(Int64(Date().timeIntervalSince1970 * 1000) - 10 * 86_400_000)
        let csv = try await SiseProcess.run(
            ["premium", "history", "KRW-BTC", "--from", from, "--format", "csv", "--db", db], seconds: 60)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(
            csv.lines.first
                == "symbol,interval,start,time,usdtOpen,usdtHigh,usdtLow,usdtClose,fxOpen,fxHigh,fxLow,fxClose")
        #expect((9...11).contains(csv.lines.count - 1), "\(csv.stdout)")
        #expect(csv.lines.dropFirst().allSatisfy { $0.hasPrefix("BTC,1d,") })
        // No minutes were recorded here: said, with where they come from.
        let minutes = try await SiseProcess.run(["premium", "history", "BTC", "--interval", "1m", "--db", db])
        #expect(minutes.status == 65)
        #expect(minutes.stderr.contains("no 1m premium of BTC") && minutes.stderr.contains("sise serve"))
        #expect(try await SiseProcess.run(["premium", "history", "BTC", "--from", "yesterday"]).status == 64)
        #expect(try await SiseProcess.run(["premium", "history", "BTC-ETH"]).status == 64)
    }
}
