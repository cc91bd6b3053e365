import Foundation
import StockLists
import TestSupport
import Testing

/// The stock commands end to end on the embedded simulated market.
@Suite(.timeLimit(.minutes(5)), .serialized) struct StockCommandLineTests {
    private func temporaryDatabase() -> String {
        TestScratch.folder.appendingPathComponent("sise-stocks-\(UUID().uuidString).sqlite").path
    }

    private func objects(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func aWatchlistAddedThenShownAsJSONKeepsItsOrderNamesAndCloses() async throws {
        let db = temporaryDatabase()
        let added = try await SiseProcess.run([
            "watchlist", "add", "005930", "000660", "035720", "--exchange", "kis", "--db", db,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.lines == ["★ Added 삼성전자 (005930)", "★ Added SK하이닉스 (000660)", "★ Added 카카오 (035720)"])
        let again = try await SiseProcess.run(["watchlist", "add", "005930", "--db", db])
        #expect(again.lines == ["삼성전자 (005930) is already there"])
        let shown = try await SiseProcess.run([
            "watchlist", "show", "--exchange", "kis", "--format", "json", "--db", db,
        ])
        #expect(shown.status == 0, "\(shown.stderr)")
        let rows = try objects(shown.stdout)
        #expect(rows.compactMap { $0["name"] as? String } == ["삼성전자", "SK하이닉스", "카카오"])
        for row in rows {
            for key in [
                "exchange", "symbol", "name", "currency", "price", "changePrice", "changeRate", "volume", "tradeValue",
                "closes", "status",
            ] {
                #expect(row[key] != nil, "\(key) missing")
            }
            #expect(((row["price"] as? NSNumber)?.doubleValue ?? 0) > 0)
            #expect((row["closes"] as? [Any])?.count == 30)
            #expect(row["status"] as? String == "ok")
            #expect(row["currency"] as? String == "KRW")
        }
        _ = try await SiseProcess.run(["watchlist", "move", "035720", "--to", "1", "--db", db])
        #expect(try await SiseProcess.run(["watchlist", "list", "--db", db]).lines.first?.hasPrefix("035720") == true)
        // Issue 65, item 10: the names line up whatever the codes' lengths (AAPL beside 005930).
        _ = try await SiseProcess.run(["watchlist", "add", "AAPL", "--db", db])
        let listed = try await SiseProcess.run(["watchlist", "list", "--db", db]).lines
        #expect(listed.count == 4 && listed.allSatisfy { $0.prefix(8).hasSuffix("  ") && $0.dropFirst(8).first != " " })
        #expect(listed.last == "AAPL    Apple Inc.")
        // Issue 65, item 10: a stock code is called a stock, with where to find one.
        let unknown = try await SiseProcess.run(["watchlist", "add", "999999", "--db", db])
        #expect(
            unknown.status == 65 && unknown.stderr.contains("unknown stock: 999999")
                && unknown.stderr.contains("sise search"))
        #expect(!unknown.stderr.contains("market"))
        #expect(try await SiseProcess.run(["watchlist", "add", "NOPEX", "--exchange", "kis", "--db", db]).status == 65)
    }

    /// US stocks on KIS (its overseas quotations, NAS and NYS): added by ticker, shown in USD with
    /// their closes, beside a KRX stock.
    @Test func usStocksAddedOnKISShowWithUSDPrices() async throws {
        let db = temporaryDatabase()
        let added = try await SiseProcess.run(["watchlist", "add", "AAPL", "MSFT", "--exchange", "kis", "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("AAPL") && added.stdout.contains("MSFT"))
        let shown = try await SiseProcess.run([
            "watchlist", "show", "--exchange", "kis", "--format", "json", "--db", db,
        ])
        #expect(shown.status == 0, "\(shown.stderr)")
        let rows = try objects(shown.stdout)
        #expect(rows.compactMap { $0["symbol"] as? String } == ["AAPL", "MSFT"])
        for row in rows {
            #expect(row["currency"] as? String == "USD")
            #expect(row["status"] as? String == "ok")
            #expect(((row["price"] as? NSNumber)?.doubleValue ?? 0) > 1)
            #expect((row["closes"] as? [Any])?.count == 30)
        }
        let table = try await SiseProcess.run(["watchlist", "show", "--exchange", "kis", "--db", db])
        #expect(table.stdout.contains { $0 == "." }, "USD prices with cents: \(table.stdout)")
        let bars = try await SiseProcess.run([
            "candles", "AAPL", "--exchange", "kis", "--days", "150", "--format", "json",
        ])
        #expect(bars.status == 0, "\(bars.stderr)")
        #expect(try objects(bars.stdout).count == 150)
    }

    @Test func ndjsonPrintsTheFirstRowLongBeforeTheLast() async throws {
        let db = temporaryDatabase()
        let codes = try StockLists.krx().prefix(40).map(\.stock.code)
        #expect(try await SiseProcess.run(["watchlist", "add"] + codes + ["--db", db]).status == 0)
        let process = try SiseProcess(["watchlist", "show", "--format", "ndjson", "--db", db])
        // Forty requests (one a row) at 18 a second fill three of the server's seconds, and each
        // row is printed as it comes: the output is seen part-written (some rows, not all) while
        // the command runs. Only that is asked: a loaded machine may starve this poller for a
        // second or more (a full-suite run once first looked with 24 rows out), but not for the
        // whole two seconds the rows take.
        let partial = try await withDeadline(seconds: 60, "some rows but not all") {
            while true {
                let count = process.stdoutSoFar.split(separator: "\n").count
                if (1..<40).contains(count) { return count }
                if count >= 40 || !process.process.isRunning { return count }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        let finished = try await process.finish()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.lines.count == 40)
        #expect((1..<40).contains(partial), "the rows came all at once (\(partial) seen first)")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(finished.lines[0].utf8)) as? [String: Any])
        #expect(first["status"] as? String == "ok")
    }

    @Test func searchCandlesAndMissingKeys() async throws {
        let initials = try await SiseProcess.run(["search", "ㅅㅅㅈㅈ", "--exchange", "kis"])
        #expect(initials.status == 0)
        #expect(initials.stdout.contains("005930") && initials.stdout.contains("삼성전자"))
        let apple = try await SiseProcess.run(["search", "apple", "--exchange", "yahoo", "--format", "json"])
        #expect(apple.status == 0, "\(apple.stderr)")
        #expect(try objects(apple.stdout).first?["symbol"] as? String == "AAPL")
        let candles = try await SiseProcess.run([
            "candles", "005930.KS", "--exchange", "yahoo", "--days", "30", "--format", "csv",
        ])
        #expect(candles.status == 0, "\(candles.stderr)")
        #expect(candles.lines.first == "date,open,high,low,close,volume")
        #expect(candles.lines.count == 31)
        let emptyConfig = TestScratch.folder.appendingPathComponent(
            "sise-config-\(UUID().uuidString)")
        let process = try SiseProcess(
            ["watchlist", "show", "--exchange", "kis", "--live", "--db", temporaryDatabase()],
            environment: ["XDG_CONFIG_HOME": emptyConfig.path, "HOME": emptyConfig.path])
        let missing = try await process.finish()
        #expect(missing.status == 78)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("KIS_APP_KEY"))
        #expect(try await SiseProcess.run(["quotes", "--exchange", "kis"]).status == 64)
    }

    @Test func aConfigCanMakeLiveTheDefaultAndSimulatedTakesItBack() async throws {
        let config = TestScratch.folder.appendingPathComponent("sise-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("sise"), withIntermediateDirectories: true)
        try "[sise]\nlive = true\n".write(
            to: config.appendingPathComponent("sise/config.toml"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path, "HOME": config.path]
        let db = temporaryDatabase()
        // Live by the config: KIS then needs keys (none here), so it stops at once with 78.
        let live = try SiseProcess(["watchlist", "show", "--db", db], environment: environment)
        #expect(try await live.finish().status == 78)
        let simulated = try SiseProcess(["watchlist", "show", "--simulated", "--db", db], environment: environment)
        #expect(try await simulated.finish().status == 0)
        #expect(try await SiseProcess.run(["quotes", "--live", "--simulated"]).status == 64)
    }
}
