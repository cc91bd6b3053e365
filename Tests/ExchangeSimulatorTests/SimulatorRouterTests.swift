import ExchangeWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulator's REST dialects through their own routers, with Hummingbird's router test
/// client: no socket, no port, the server's routes and gateways exactly as they serve.
@Suite struct SimulatorRouterTests {
    private static let now: Int64 = 1_773_240_058_519  // 2026-03-11 14:40:58 UTC

    private func simulator(restLimit: Int? = 10) throws -> ExchangeSimulator {
        try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 20, restRequestsPerSecond: restLimit),
            now: { Self.now })
    }

    private func json(_ buffer: ByteBuffer) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))
    }

    @Test func upbitListsItsMarketsWithTheRemainingRequestsHeader() async throws {
        let app = Application(router: try simulator().buildRouter(for: .upbit))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/market/all?is_details=false", method: .get) { response in
                #expect(response.status == .ok)
                let markets = try #require(try json(response.body) as? [[String: Any]])
                // The 20 KRW markets first, then the BTC and USDT groups, of coins the KRW group lists.
                let codes = markets.compactMap { $0["market"] as? String }
                let krw = codes.filter { $0.hasPrefix("KRW-") }
                #expect(krw.count == 20 && Array(codes.prefix(20)) == krw)
                #expect(codes.contains { $0.hasPrefix("BTC-") } && codes.contains { $0.hasPrefix("USDT-") })
                let coins = Set(krw.map { $0.dropFirst(4) })
                #expect(codes.dropFirst(20).allSatisfy { coins.contains($0.split(separator: "-")[1]) })
                #expect(markets.first?["market"] as? String == "KRW-BTC")
                #expect(markets.first?["korean_name"] as? String == "비트코인")
                let remaining = response.headers[HTTPField.Name("Remaining-Req")!]
                #expect(remaining?.hasPrefix("group=market; min=") == true)
            }
        }
    }

    /// Upbit's and Bithumb's `/v1/orderbook`: 15 levels a side on the KRW price grid around the
    /// last price, never crossed, the same within a second; an unknown code as each refuses it.
    @Test(arguments: [Exchange.upbit, .bithumb])
    func anOrderbookIsFifteenLevelsOnTheGridAroundTheLastPrice(exchange: Exchange) async throws {
        let simulator = try simulator()
        let app = Application(router: simulator.buildRouter(for: exchange))
        try await app.test(.router) { client in
            var books: [OrderBook] = []
            for _ in 0..<2 {
                try await client.execute(uri: "/v1/orderbook?markets=KRW-BTC,KRW-ETH", method: .get) { response in
                    #expect(response.status == .ok)
                    let rows = try JSONDecoder().decode(
                        [ExchangeWire.UpbitOrderbookDTO].self, from: Data(response.body.readableBytesView))
                    books = rows.compactMap { $0.toDomain() }
                }
            }
            #expect(books.map(\.market.rawValue) == ["KRW-BTC", "KRW-ETH"])
            try await client.execute(uri: "/v1/ticker?markets=KRW-BTC,KRW-ETH", method: .get) { response in
                let tickers = try #require(try json(response.body) as? [[String: Any]])
                for (book, ticker) in zip(books, tickers) {
                    // Upbit serves 30 levels a side (since 2025), Bithumb's v1 15.
                    let levels = exchange == .upbit ? 30 : 15
                    #expect(book.asks.count == levels && book.bids.count == levels)
                    let bestAsk = try #require(book.bestAsk?.price)
                    let bestBid = try #require(book.bestBid?.price)
                    #expect(bestBid < bestAsk)
                    for level in book.asks + book.bids { #expect(KRWTickSize.snap(level.price) == level.price) }
                    let last = try #require(ticker["trade_price"] as? Double)
                    #expect(last == bestAsk || last == bestBid, "\(last) between \(bestBid) and \(bestAsk)")
                }
            }
            try await client.execute(uri: "/v1/orderbook?markets=KRW-NOPE", method: .get) { response in
                #expect(response.status == (exchange == .upbit ? .notFound : .ok))
                #expect(String(buffer: response.body).contains("Code not found"))
            }
            try await client.execute(uri: "/v1/orderbook", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    /// Korbit's `/v2/orderbook`: 30 levels a side in its envelope, strings for numbers; an unknown
    /// or upper-case pair is INVALID_CURRENCY_PAIR, a missing one BAD_REQUEST (§3.5).
    @Test func korbitsOrderbookIsThirtyLevelsAndRefusesWhatKorbitRefuses() async throws {
        let app = Application(router: try simulator().buildRouter(for: .korbit))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v2/orderbook?symbol=btc_krw", method: .get) { response in
                #expect(response.status == .ok)
                let envelope = try JSONDecoder().decode(
                    ExchangeWire.KorbitEnvelope<ExchangeWire.KorbitOrderbookDTO>.self,
                    from: Data(response.body.readableBytesView))
                #expect(envelope.success)
                let book = try #require(envelope.data).toDomain(market: MarketID("KRW-BTC")!)
                #expect(book.asks.count == 30 && book.bids.count == 30)
                #expect((book.bestBid?.price ?? .infinity) < (book.bestAsk?.price ?? 0))
                #expect(String(buffer: response.body).contains(#""price":""#), "numbers as strings")
            }
            for (uri, message) in [
                ("/v2/orderbook?symbol=nope_krw", "INVALID_CURRENCY_PAIR"),
                ("/v2/orderbook?symbol=BTC_KRW", "INVALID_CURRENCY_PAIR"), ("/v2/orderbook", "BAD_REQUEST"),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains(message), "\(uri)")
                }
            }
        }
    }

    /// Binance's `/api/v3/depth`: 100 levels by default, `limit` taken, pairs of decimal strings;
    /// an unknown symbol is -1121 and a bad limit -1100, with HTTP 400.
    @Test func binancesDepthTakesItsLimitAndRefusesWhatBinanceRefuses() async throws {
        let app = Application(router: try simulator().buildRouter(for: .binance))
        try await app.test(.router) { client in
            for (query, levels) in [("symbol=BTCUSDT", 100), ("symbol=BTCUSDT&limit=5", 5)] {
                try await client.execute(uri: "/api/v3/depth?\(query)", method: .get) { response in
                    #expect(response.status == .ok)
                    let depth = try JSONDecoder().decode(
                        ExchangeWire.BinanceDepthDTO.self, from: Data(response.body.readableBytesView))
                    let book = depth.toDomain(market: MarketID("USDT-BTC")!, timestamp: 1)
                    #expect(book.asks.count == levels && book.bids.count == levels)
                    #expect((book.bestBid?.price ?? .infinity) < (book.bestAsk?.price ?? 0))
                }
            }
            for (query, code) in [("symbol=NOPEUSDT", "-1121"), ("symbol=BTCUSDT&limit=0", "-1100"), ("", "-1102")] {
                try await client.execute(uri: "/api/v3/depth?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains(code), "\(query)")
                }
            }
        }
    }

    /// Upbit's and Bithumb's `/v1/trades/ticks`: the latest trades newest first, a tape at once
    /// and each new trade on top, the count taken, the day's previous close on each.
    @Test(arguments: [Exchange.upbit, .bithumb])
    func recentTradesComeNewestFirstAndFollowTheMarket(exchange: Exchange) async throws {
        let simulator = try simulator()
        let app = Application(router: simulator.buildRouter(for: exchange))
        try await app.test(.router) { client in
            var first: [ExchangeWire.UpbitTradeTickDTO] = []
            try await client.execute(uri: "/v1/trades/ticks?market=KRW-BTC&count=50", method: .get) { response in
                #expect(response.status == .ok)
                first = try JSONDecoder().decode(
                    [ExchangeWire.UpbitTradeTickDTO].self, from: Data(response.body.readableBytesView))
            }
            #expect(first.count == 50)
            #expect(zip(first, first.dropFirst()).allSatisfy { $0.sequentialId > $1.sequentialId })
            #expect(first.allSatisfy { $0.askBid == "ASK" || $0.askBid == "BID" })
            // Paging back: `cursor` asks for the trades before that sequential id.
            let cursor = try #require(first.dropFirst(9).first?.sequentialId)
            try await client.execute(
                uri: "/v1/trades/ticks?market=KRW-BTC&count=5&cursor=\(cursor)", method: .get
            ) { response in
                let page = try JSONDecoder().decode(
                    [ExchangeWire.UpbitTradeTickDTO].self, from: Data(response.body.readableBytesView))
                #expect(page.map(\.sequentialId) == (1...5).map { cursor - Int64($0) })
            }
            simulator.market.trade(count: 3_000, now: Self.now + 1_000)
            try await client.execute(uri: "/v1/trades/ticks?market=KRW-BTC&count=5", method: .get) { response in
                let later = try JSONDecoder().decode(
                    [ExchangeWire.UpbitTradeTickDTO].self, from: Data(response.body.readableBytesView))
                #expect(later.count == 5)
                #expect((later.first?.sequentialId ?? 0) > (first.first?.sequentialId ?? 0))
                #expect(later.first?.timestamp == Self.now + 1_000)
            }
            try await client.execute(uri: "/v1/trades/ticks?market=KRW-BTC&count=501", method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/v1/trades/ticks?market=KRW-BTC&cursor=x", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    /// Binance's `historicalTrades`: from `fromId` on, oldest first, `limit` taken.
    @Test func binanceHistoricalTradesPageForwardFromAnID() async throws {
        let simulator = try simulator()
        let app = Application(router: simulator.buildRouter(for: .binance))
        try await app.test(.router) { client in
            var recent: [[String: Any]] = []
            try await client.execute(uri: "/api/v3/trades?symbol=BTCUSDT&limit=50", method: .get) { response in
                recent = try #require(try json(response.body) as? [[String: Any]])
            }
            let ids = recent.compactMap { ($0["id"] as? NSNumber)?.int64Value }
            #expect(ids.count == 50 && ids == ids.sorted())
            let from = ids[10]
            try await client.execute(
                uri: "/api/v3/historicalTrades?symbol=BTCUSDT&fromId=\(from)&limit=5", method: .get
            ) { response in
                #expect(response.status == .ok)
                let page = try #require(try json(response.body) as? [[String: Any]])
                #expect(page.compactMap { ($0["id"] as? NSNumber)?.int64Value } == Array(ids[10..<15]))
            }
            try await client.execute(
                uri: "/api/v3/historicalTrades?symbol=BTCUSDT&fromId=-4", method: .get
            ) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func upbitAnswersATickerForEachMarketAsked() async throws {
        let app = Application(router: try simulator().buildRouter(for: .upbit))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/ticker?markets=KRW-BTC,KRW-ETH", method: .get) { response in
                #expect(response.status == .ok)
                let tickers = try #require(try json(response.body) as? [[String: Any]])
                #expect(tickers.compactMap { $0["market"] as? String } == ["KRW-BTC", "KRW-ETH"])
                #expect(tickers.allSatisfy { ($0["trade_price"] as? Double ?? 0) > 0 })
            }
        }
    }

    @Test(arguments: [
        "markets=KRW-BTC,KRW-ETH", "markets=KRW-BTC&markets=KRW-ETH", "markets=KRW-BTC%2CKRW-ETH",
        "markets=KRW-BTC,&markets=KRW-ETH",
    ])
    func upbitReadsAListOfMarketsInEveryFormClientsSend(query: String) async throws {
        let app = Application(router: try simulator().buildRouter(for: .upbit))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/ticker?\(query)", method: .get) { response in
                #expect(response.status == .ok)
                let tickers = try #require(try json(response.body) as? [[String: Any]])
                #expect(tickers.compactMap { $0["market"] as? String } == ["KRW-BTC", "KRW-ETH"])
            }
        }
    }

    @Test func bithumbAndKorbitReadRepeatedListsToo() async throws {
        let bithumb = Application(router: try simulator().buildRouter(for: .bithumb))
        try await bithumb.test(.router) { client in
            try await client.execute(uri: "/v1/ticker?markets=KRW-BTC&markets=KRW-ETH", method: .get) { response in
                let tickers = try #require(try json(response.body) as? [[String: Any]])
                #expect(tickers.compactMap { $0["market"] as? String } == ["KRW-BTC", "KRW-ETH"])
            }
        }
        let korbit = Application(router: try simulator().buildRouter(for: .korbit))
        try await korbit.test(.router) { client in
            try await client.execute(uri: "/v2/tickers?symbol=btc_krw&symbol=eth_krw", method: .get) { response in
                let body = try #require(try json(response.body) as? [String: Any])
                let rows = try #require(body["data"] as? [[String: Any]])
                #expect(rows.compactMap { $0["symbol"] as? String } == ["btc_krw", "eth_krw"])
            }
        }
    }

    /// `to` as pyupbit sends it (a space, written `+` by `requests`), with `T`, with `Z`, with an
    /// offset (`%2B09:00`): each names the same instant and so the same last candle.
    @Test func upbitReadsTheCandleEndInEveryFormItAccepts() async throws {
        let app = Application(router: try simulator().buildRouter(for: .upbit))
        let forms = [
            "2026-03-10+00%3A00%3A00", "2026-03-10%2000:00:00", "2026-03-10T00:00:00", "2026-03-10T00:00:00Z",
            "2026-03-10T09:00:00%2B09:00",
        ]
        try await app.test(.router) { client in
            var lastDays: [String] = []
            for form in forms {
                try await client.execute(uri: "/v1/candles/days?market=KRW-BTC&count=2&to=\(form)", method: .get) {
                    response in
                    #expect(response.status == .ok, "to=\(form)")
                    let rows = try #require(try json(response.body) as? [[String: Any]])
                    lastDays.append(rows.first?["candle_date_time_utc"] as? String ?? "none")
                }
            }
            #expect(lastDays == Array(repeating: "2026-03-09T00:00:00", count: forms.count))
            try await client.execute(uri: "/v1/candles/days?market=KRW-BTC&to=yesterday", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func upbitRefusesWhatIsOverTheLimitWithAPlainText429() async throws {
        let app = Application(router: try simulator(restLimit: 2).buildRouter(for: .upbit))
        try await app.test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                try await client.execute(uri: "/v1/ticker?markets=KRW-BTC", method: .get) { response in
                    statuses.append(response.status)
                    if response.status == .tooManyRequests {
                        #expect(String(buffer: response.body) == "Too many API requests.")
                        #expect(response.headers[HTTPField.Name("Remaining-Req")!] == "group=ticker; min=0; sec=0")
                    }
                }
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests])
        }
    }

    @Test func upbitAnswersAnUnknownPathWithItsJSONNotFound() async throws {
        let app = Application(router: try simulator().buildRouter(for: .upbit))
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try #require(try json(response.body) as? [String: Any])
                #expect(body["error"] != nil)
            }
        }
    }

    @Test func everyOtherDialectServesItsMarketList() async throws {
        let simulator = try simulator()
        let lists: [(Exchange, String, String)] = [
            (.bithumb, "/v1/market/all", "KRW-BTC"),
            (.korbit, "/v2/currencyPairs", "btc_krw"),
            (.binance, "/api/v3/exchangeInfo", "BTCUSDT"),
        ]
        for (exchange, path, expected) in lists {
            let app = Application(router: simulator.buildRouter(for: exchange))
            try await app.test(.router) { client in
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(exchange)")
                    #expect(String(buffer: response.body).contains(expected), "\(exchange)")
                }
            }
        }
    }
}
