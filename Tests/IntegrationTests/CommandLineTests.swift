import Foundation
import MarketDomain
import TestSupport
import Testing

/// The `sise` executable end to end, on its embedded simulated market.
@Suite(.timeLimit(.minutes(5)), .serialized) struct CommandLineTests {
    private static let recordKeys: Set<String> = [
        "exchange", "market", "symbol", "koreanName", "englishName", "price", "changePrice", "changeRate",
        "volume24h", "tradeValue24h", "high", "low", "timestamp",
    ]

    private func objects(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func quotesAsJSONListsEveryMarketWithNamesAndPrices() async throws {
        let result = try await SiseProcess.run(["quotes", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try objects(result.stdout)
        #expect(rows.count >= 200)
        for row in rows {
            #expect(Self.recordKeys.isSubset(of: Set(row.keys)))
            #expect((row["koreanName"] as? String)?.isEmpty == false)
            #expect(((row["price"] as? NSNumber)?.doubleValue ?? 0) > 0)
        }
    }

    @Test func quotesSearchFindsBitcoinByItsInitialConsonants() async throws {
        let result = try await SiseProcess.run(["quotes", "--search", "ㅂㅌ", "--format", "json"])
        #expect(result.status == 0)
        let names = try objects(result.stdout).compactMap { $0["koreanName"] as? String }
        #expect(names.contains("비트코인"))
        #expect(!names.contains("이더리움"))
        let table = try await SiseProcess.run(["quotes", "--search", "ㅂㅌ"])
        #expect(table.stdout.contains("비트코인"))
    }

    /// Issue 65, item 10: `quotes BTC ETH XRP` reordered what was asked by trade value.
    @Test func namedMarketsKeepTheOrderAskedUnlessASortIsGiven() async throws {
        func order(_ arguments: [String]) async throws -> [String] {
            let result = try await SiseProcess.run(["quotes"] + arguments + ["--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try objects(result.stdout).compactMap { $0["market"] as? String }
        }
        #expect(try await order(["XRP", "BTC", "ETH"]) == ["KRW-XRP", "KRW-BTC", "KRW-ETH"])
        #expect(try await order(["XRP", "BTC", "ETH", "--sort", "price"]) == ["KRW-BTC", "KRW-ETH", "KRW-XRP"])
    }

    @Test func anUnknownMarketExits65WithOneLine() async throws {
        let result = try await SiseProcess.run(["quotes", "KRW-NOPE"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("KRW-NOPE"))
    }

    @Test func misuseExits64() async throws {
        #expect(try await SiseProcess.run(["quotes", "KRW/BTC"]).status == 64)
        #expect(try await SiseProcess.run(["quotes", "--live", "--base-url", "http://127.0.0.1:9"]).status == 64)
        #expect(try await SiseProcess.run(["stream", "--count", "0"]).status == 64)
        #expect(try await SiseProcess.run(["candles", "KRW-BTC", "--days", "0"]).status == 64)
    }

    @Test func anUnreachableServerExits69() async throws {
        let result = try await SiseProcess.run(["quotes", "--base-url", "http://127.0.0.1:9"])
        #expect(result.status == 69)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func streamPrintsExactlyTheCountOfValidLines() async throws {
        let result = try await SiseProcess.run(["stream", "--count", "100", "--format", "ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 100)
        for line in result.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Self.recordKeys.isSubset(of: Set(object.keys)))
        }
    }

    @Test func streamOfChosenMarketsPrintsOnlyThem() async throws {
        let result = try await SiseProcess.run(["stream", "BTC", "KRW-ETH", "--count", "20"])
        #expect(result.status == 0)
        let markets = Set(
            result.lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["market"] as? String
            })
        #expect(markets.isSubset(of: ["KRW-BTC", "KRW-ETH"]))
        #expect(!markets.isEmpty)
    }

    @Test func streamStopsWithExit0OnCtrlC() async throws {
        let process = try SiseProcess(["stream", "--format", "table"])
        try await waitUntil(seconds: 60, "stream output") { process.stdoutSoFar.split(separator: "\n").count >= 5 }
        process.process.interrupt()
        let result = try await process.finish(seconds: 30)
        #expect(result.status == 0)
    }

    @Test func candlesAsCSVHaveTheHeaderAndOneRowPerDayOldestFirst() async throws {
        let result = try await SiseProcess.run(["candles", "KRW-BTC", "--days", "30", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.lines.first == "date,open,high,low,close,volume,value")
        let dates = result.lines.dropFirst().map { String($0.prefix(10)) }
        #expect(dates.count == 30)
        #expect(dates == dates.sorted())
        #expect(Set(dates).count == 30)
    }

    /// `sise orderbook` on the embedded simulator, for each exchange that serves a REST order book:
    /// asks ascending, bids descending, the best ask above the best bid, the depth asked for.
    @Test(arguments: ["upbit", "bithumb", "korbit", "binance"])
    func anOrderbookAsJSONIsInOrderAndNeverCrossed(exchange: String) async throws {
        let result = try await SiseProcess.run(
            ["orderbook", "BTC", "--exchange", exchange, "--depth", "10", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let book = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let asks = try #require(book["asks"] as? [[String: Double]]).compactMap { $0["price"] }
        let bids = try #require(book["bids"] as? [[String: Double]]).compactMap { $0["price"] }
        #expect(asks.count == 10 && bids.count == 10)
        #expect(asks == asks.sorted() && bids == bids.sorted(by: >))
        #expect((bids.first ?? .infinity) < (asks.first ?? 0))
        #expect(book["market"] as? String == (exchange == "binance" ? "USDT-BTC" : "KRW-BTC"))
        #expect(book["exchange"] as? String == exchange)
        #expect((book["spread"] as? Double ?? 0) > 0)
    }

    @Test func anOrderbookTableHasTheBestAskRightAboveTheBestBid() async throws {
        let result = try await SiseProcess.run(["orderbook", "BTC", "--depth", "3"])
        #expect(result.status == 0)
        let sides = result.lines.dropFirst(2).prefix(6).map { String($0.prefix(3)) }
        #expect(sides == ["ask", "ask", "ask", "bid", "bid", "bid"])
        #expect(result.lines.last?.hasPrefix("spread ") == true)
    }

    /// Issue 30's done-when: 30 levels grouped by 10,000 (Upbit groups them itself) with running
    /// totals (누적); on Korbit, which has no levels, the book it serves grouped here.
    @Test func anOrderbookOfThirtyGroupedLevelsCarriesRunningTotals() async throws {
        let result = try await SiseProcess.run([
            "orderbook", "KRW-BTC", "--depth", "30", "--cumulative", "--group", "10000", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let book = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(book["group"] as? Double == 10_000)
        for side in ["asks", "bids"] {
            let levels = try #require(book[side] as? [[String: Double]])
            #expect(levels.count == 30, "\(side)")
            var total = 0.0
            for level in levels {
                let price = try #require(level["price"])
                #expect(price.truncatingRemainder(dividingBy: 10_000) == 0, "\(price)")
                total += level["size"] ?? 0
                #expect(abs((level["total"] ?? 0) - total) <= total * 1e-9)
            }
        }
        let table = try await SiseProcess.run([
            "orderbook", "KRW-BTC", "--depth", "30", "--cumulative", "--group", "10000",
        ])
        #expect(table.lines.first?.hasSuffix("Total") == true)
        #expect(table.lines.filter { $0.hasPrefix("ask") || $0.hasPrefix("bid") }.count == 60)
        let korbit = try await SiseProcess.run([
            "orderbook", "BTC", "--exchange", "korbit", "--group", "100000", "--format", "json",
        ])
        #expect(korbit.status == 0, "\(korbit.stderr)")
        let grouped = try #require(try JSONSerialization.jsonObject(with: Data(korbit.stdout.utf8)) as? [String: Any])
        let asks = try #require(grouped["asks"] as? [[String: Double]]).compactMap { $0["price"] }
        #expect(!asks.isEmpty && asks.allSatisfy { $0.truncatingRemainder(dividingBy: 100_000) == 0 })
    }

    @Test func anOrderbookOfAnUnknownMarketExits65NamingIt() async throws {
        for exchange in ["bithumb", "korbit", "binance"] {
            let result = try await SiseProcess.run(["orderbook", "NOPE", "--exchange", exchange])
            #expect(result.status == 65, "\(exchange)")
            #expect(result.stderr.contains("-NOPE"), "\(exchange)")
        }
    }

    /// `sise trades` on the embedded simulator: the count asked for, each with its side and time,
    /// newest first.
    @Test(arguments: ["upbit", "bithumb", "korbit", "binance"])
    func tradesAsNDJSONAreTheCountAskedForEachWithItsSideAndTime(exchange: String) async throws {
        let result = try await SiseProcess.run(
            ["trades", "BTC", "--exchange", exchange, "--count", "50", "--format", "ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        let trades = result.lines.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(trades.count == 50)
        #expect(trades.allSatisfy { ["buy", "sell"].contains($0["side"] as? String) && $0["timestamp"] is Int })
        let times = trades.compactMap { $0["timestamp"] as? Int }
        #expect(times == times.sorted(by: >))
    }

    @Test func aTradesTableEndsWithTheTradeStrength() async throws {
        let result = try await SiseProcess.run(["trades", "BTC", "--count", "20"])
        #expect(result.status == 0)
        #expect(result.lines.count == 23)
        #expect(result.lines.last?.hasPrefix("20 trades · 체결강도 ") == true)
    }

    /// `sise trades --follow`: the latest trades oldest first, then live ones after them, each
    /// once, in the order they happened, until `--duration`.
    @Test(arguments: ["upbit", "bithumb", "korbit", "binance"])
    func followingTradesPrintsTheLatestThenLiveOnesEachOnceInOrder(exchange: String) async throws {
        let started = Int(Date().timeIntervalSince1970 * 1000)
        let result = try await SiseProcess.run(
            [
                "trades", "BTC", "--exchange", exchange, "--count", "5", "--format", "ndjson", "--follow", "--duration",
                "6",
            ]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let trades = result.lines.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(trades.count > 5, "no live trade in 6 s")
        let ids = trades.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == trades.count)
        let times = trades.compactMap { $0["timestamp"] as? Int }
        #expect(times == times.sorted())
        #expect(times.dropFirst(5).allSatisfy { $0 >= started - 2_000 })
    }

    @Test func durationGoesWithFollowOnly() async throws {
        let result = try await SiseProcess.run(["trades", "BTC", "--duration", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--duration goes with --follow"))
    }

    /// `sise quotes --quote BTC`: the BTC market group, prices in BTC; Bithumb's too; a group the
    /// exchange does not list is a usage error.
    @Test func quotesOfTheBTCGroupArePricedInBTC() async throws {
        for exchange in ["upbit", "bithumb"] {
            let result = try await SiseProcess.run([
                "quotes", "--quote", "BTC", "--exchange", exchange, "--format", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(rows.count >= 5, "\(exchange)")
            #expect(rows.allSatisfy { ($0["market"] as? String)?.hasPrefix("BTC-") == true }, "\(exchange)")
            #expect(rows.allSatisfy { ($0["price"] as? Double).map { $0 > 0 && $0 < 1 } == true }, "\(exchange)")
        }
        let refused = try await SiseProcess.run(["quotes", "--quote", "BTC", "--exchange", "korbit"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--quote must be one of KRW"))
    }

    /// Issue 30's first done-when: 400 five-minute candles, newest last and contiguous, on every
    /// exchange; yesterday's five-minute volumes add up to yesterday's day candle.
    @Test func fiveMinuteCandlesAreContiguousAndAddUpToTheDayOnEveryExchange() async throws {
        for exchange in ["upbit", "bithumb", "korbit", "binance"] {
            let dayOf = { (start: Int64) in TradingDay(unixMilliseconds: start) }
            for attempt in 1...3 {
                let fives = try await candles(["BTC", "--exchange", exchange, "--interval", "5m", "--count", "600"])
                let today = dayOf(try #require(fives.last?["start"] as? Int64))
                let yesterday = today.adding(days: -1)
                let days = try await candles([
                    "BTC", "--exchange", exchange, "--interval", "1d", "--from", yesterday.description,
                ])
                // Two runs on either side of midnight (UTC) compare different days: run again.
                if dayOf(try #require(days.last?["start"] as? Int64)) != today, attempt < 3 { continue }
                let recent = Array(fives.suffix(400))
                #expect(recent.count == 400, "\(exchange)")
                let starts = recent.compactMap { $0["start"] as? Int64 }
                #expect(zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 == 300_000 }, "\(exchange): contiguous")
                let day = try #require(days.first { ($0["start"] as? Int64) == yesterday.startUnixMilliseconds })
                let dayVolume = try #require(day["volume"] as? Double)
                let summed = fives.filter { ($0["start"] as? Int64).map { dayOf($0) == yesterday } ?? false }
                #expect(summed.count == 288, "\(exchange)")
                let volume = summed.reduce(0.0) { $0 + (($1["volume"] as? Double) ?? 0) }
                #expect(abs(volume - dayVolume) <= dayVolume * 1e-6, "\(exchange): \(volume) ≠ \(dayVolume)")
                break
            }
        }
        let refused = try await SiseProcess.run(["candles", "BTC", "--exchange", "korbit", "--interval", "3m"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Korbit has no 3m candles"))
    }

    /// Issue 30, point 6: `--indicators` adds each indicator's columns, defined from the first
    /// candle shown (its warm-up fetched before it and not shown).
    @Test func candlesWithIndicatorsCarryTheirColumnsFromTheFirstRow() async throws {
        let rows = try await candles([
            "KRW-BTC", "--interval", "5m", "--count", "50", "--indicators", "ma20,bb,rsi,macd",
        ])
        #expect(rows.count == 50)
        let names = ["ma20", "bbMiddle", "bbUpper", "bbLower", "rsi14", "macd", "macdSignal", "macdHistogram"]
        for row in rows {
            for name in names { #expect(row[name] is Double, "\(name) in \(row)") }
        }
        let closes = rows.suffix(20).compactMap { $0["close"] as? Double }
        let last = try #require(rows.last)
        let average = closes.reduce(0, +) / 20
        #expect(abs((last["ma20"] as? Double ?? 0) - average) <= average * 1e-9)
        #expect(((last["rsi14"] as? Double) ?? -1) >= 0 && ((last["rsi14"] as? Double) ?? 101) <= 100)
        #expect((last["bbUpper"] as? Double ?? 0) >= (last["bbLower"] as? Double ?? 1))
        let refused = try await SiseProcess.run(["candles", "BTC", "--interval", "5m", "--indicators", "ma1,vwap"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'ma1' is not an indicator"), "\(refused.stderr)")
    }

    private func candles(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await SiseProcess.run(["candles"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// Live ticks of BTC- and USDT-group markets come over the same WebSocket as the KRW ones.
    @Test func streamingFollowsMarketsOfEveryGroup() async throws {
        let result = try await SiseProcess.run(["stream", "BTC-XRP", "USDT-BTC", "KRW-BTC", "--count", "12"])
        #expect(result.status == 0, "\(result.stderr)")
        let markets = Set(
            result.lines.compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["market"] as? String
            })
        #expect(markets == ["BTC-XRP", "USDT-BTC", "KRW-BTC"])
    }
}
