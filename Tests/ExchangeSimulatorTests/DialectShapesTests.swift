import ExchangeWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The shapes real clients read (issue 64), each pinned against the documented payload
/// (exchange-apis.md §2–§4, Binance's and GitHub's docs): the same keys, numbers as strings
/// where the exchange writes strings.
@Suite struct DialectShapesTests {
    private static let now: Int64 = 1_773_240_058_519

    private static func simulator() throws -> ExchangeSimulator {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 12, seed: 7, restRequestsPerSecond: nil), now: { now })
        for step in 0..<300 { _ = simulator.market.trade(count: 4, now: now - 60_000 + Int64(step) * 200) }
        return simulator
    }

    private static func object(_ value: Any) throws -> [String: Any] { try #require(value as? [String: Any]) }

    /// §2.1: the one-pair ticker's fields and `date` sit directly in `data`; `ALL_BTC` lists the
    /// BTC markets; the book, the trades and every candlestick interval in Bithumb's shapes.
    @Test func bithumbsLegacyRESTShapes() async throws {
        let app = Application(router: try Self.simulator().buildRouter(for: .bithumb))
        let tickerKeys: Set = [
            "opening_price", "closing_price", "min_price", "max_price", "units_traded", "acc_trade_value",
            "prev_closing_price", "units_traded_24H", "acc_trade_value_24H", "fluctate_24H", "fluctate_rate_24H",
        ]
        let one = try Self.object(try Self.object(try await routerJSON(app, "/public/ticker/BTC_KRW"))["data"] as Any)
        #expect(Set(one.keys) == tickerKeys.union(["date"]))
        #expect(one.values.allSatisfy { $0 is String })
        let btc = try Self.object(try Self.object(try await routerJSON(app, "/public/ticker/ALL_BTC"))["data"] as Any)
        #expect(btc.count > 1 && btc["date"] is String)
        let book = try Self.object(
            try Self.object(try await routerJSON(app, "/public/orderbook/BTC_KRW?count=5"))["data"] as Any)
        #expect(Set(book.keys) == ["timestamp", "payment_currency", "order_currency", "bids", "asks"])
        let bids = try #require(book["bids"] as? [[String: String]])
        #expect(bids.count == 5 && Set(bids[0].keys) == ["price", "quantity"])
        let trades = try #require(
            try Self.object(try await routerJSON(app, "/public/transaction_history/BTC_KRW?count=7"))["data"]
                as? [[String: String]])
        #expect(
            trades.count == 7 && Set(trades[0].keys) == ["transaction_date", "type", "units_traded", "price", "total"])
        #expect(trades[0]["transaction_date"]?.count == 19 && ["bid", "ask"].contains(trades[0]["type"] ?? ""))
        #expect(trades.map { $0["transaction_date"] ?? "" } == trades.map { $0["transaction_date"] ?? "" }.sorted())
        for interval in ["1m", "3m", "5m", "10m", "30m", "1h", "6h", "12h", "24h", "1w", "1mm"] {
            let rows = try #require(
                try Self.object(try await routerJSON(app, "/public/candlestick/BTC_KRW/\(interval)"))["data"]
                    as? [[Any]])
            #expect(
                !rows.isEmpty && rows.allSatisfy { $0.count == 6 && $0[0] is NSNumber && $0[1] is String },
                "\(interval)")
        }
        let refused = try Self.object(try await routerJSON(app, "/public/candlestick/BTC_KRW/2m"))
        #expect(refused["status"] as? String == "5500")
    }

    /// Binance's exchange info carries `filters[]` (the tick, the step) and the spot fields; the
    /// price and book tickers, aggregate trades, `ping` and `time` in Binance's shapes.
    @Test func binancesSpotShapes() async throws {
        let app = Application(router: try Self.simulator().buildRouter(for: .binance))
        let info = try Self.object(try await routerJSON(app, "/api/v3/exchangeInfo"))
        let symbol = try #require((info["symbols"] as? [[String: Any]])?.first { $0["symbol"] as? String == "BTCUSDT" })
        for key in [
            "status", "baseAsset", "quoteAsset", "baseAssetPrecision", "quotePrecision", "orderTypes", "permissions",
            "filters",
        ] {
            #expect(symbol[key] != nil, "\(key)")
        }
        let filters = try #require(symbol["filters"] as? [[String: Any]])
        let price = try #require(filters.first { $0["filterType"] as? String == "PRICE_FILTER" })
        #expect(Double(price["tickSize"] as? String ?? "") ?? 0 > 0)
        let lot = try #require(filters.first { $0["filterType"] as? String == "LOT_SIZE" })
        #expect(Double(lot["stepSize"] as? String ?? "") ?? 0 > 0)
        let last = try Self.object(try await routerJSON(app, "/api/v3/ticker/price?symbol=BTCUSDT"))
        #expect(Set(last.keys) == ["symbol", "price"] && last["price"] is String)
        #expect((try await routerJSON(app, "/api/v3/ticker/price") as? [[String: Any]])?.count ?? 0 > 1)
        let best = try Self.object(try await routerJSON(app, "/api/v3/ticker/bookTicker?symbol=BTCUSDT"))
        #expect(Set(best.keys) == ["symbol", "bidPrice", "bidQty", "askPrice", "askQty"])
        let aggregates = try #require(
            try await routerJSON(app, "/api/v3/aggTrades?symbol=BTCUSDT&limit=30") as? [[String: Any]])
        #expect(aggregates.count == 30 && Set(aggregates[0].keys) == ["a", "p", "q", "f", "l", "T", "m", "M"])
        let ids = aggregates.compactMap { ($0["a"] as? NSNumber)?.int64Value }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(try Self.object(try await routerJSON(app, "/api/v3/ping")).isEmpty)
        #expect(
            (try Self.object(try await routerJSON(app, "/api/v3/time"))["serverTime"] as? NSNumber)?.int64Value
                == Self.now)
    }

    /// §3.2's example: every key of the currency and of its network, `confirmationCount` a string
    /// at the top and a number in the network; §3.5: no `Ratelimit` on `/v2/time` or a 404.
    @Test func korbitsCurrenciesAndHeaders() async throws {
        let app = Application(router: try Self.simulator().buildRouter(for: .korbit))
        let rows = try #require(
            try Self.object(try await routerJSON(app, "/v2/currencies"))["data"] as? [[String: Any]])
        let bitcoin = try #require(rows.first { $0["name"] as? String == "btc" })
        #expect(
            Set(bitcoin.keys) == [
                "name", "fullName", "withdrawalMaxAmountPerRequest", "defaultNetwork", "networkList", "depositStatus",
                "withdrawalStatus", "confirmationCount", "withdrawalTxFee", "withdrawalMinAmount",
            ])
        #expect(bitcoin["confirmationCount"] is String)
        let network = try #require((bitcoin["networkList"] as? [[String: Any]])?.first)
        #expect(
            Set(network.keys) == [
                "name", "fullName", "depositStatus", "withdrawalStatus", "confirmationCount", "withdrawalTxFee",
                "withdrawalMinAmount", "withdrawalPrecision", "hasSecondaryAddr", "addressExplorerUrl",
            ])
        #expect(network["confirmationCount"] is NSNumber && network["withdrawalTxFee"] is String)
        let won = try #require(rows.first { $0["name"] as? String == "krw" })
        #expect(won["networkList"] == nil && won["withdrawalTxFee"] as? String == "1000")
        let ticker = try #require(
            (try Self.object(try await routerJSON(app, "/v2/tickers?symbol=btc_krw"))["data"] as? [[String: Any]])?
                .first)
        #expect(
            Set(ticker.keys) == [
                "symbol", "open", "high", "low", "close", "prevClose", "priceChange", "priceChangePercent", "volume",
                "quoteVolume", "bestBidPrice", "bestAskPrice", "lastTradedAt",
            ])
        let limited = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 3, seed: 7), now: { Self.now })
        try await Application(router: limited.buildRouter(for: .korbit)).test(.router) { client in
            for (uri, named) in [("/v2/tickers", true), ("/v2/time", false), ("/v2/nope", false)] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect((response.headers[HTTPField.Name("Ratelimit")!] != nil) == named, "\(uri)")
                }
            }
        }
    }

    /// GitHub pages a search by its `Link` header, sorts by `sort` and `order`, names each item's
    /// `url` (served too) and never dates one after the clock.
    @Test func gitHubsSearchPagesSortsAndLinks() async throws {
        let simulator = try Self.simulator()
        let app = Application(router: simulator.buildRouter(for: ExampleService.github))
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/search/repositories?q=tokio&per_page=5&page=2&sort=stars&order=asc", method: .get
            ) { response in
                let link = response.headers[HTTPField.Name("link")!] ?? ""
                #expect(link.contains("page=3>; rel=\"next\"") && link.contains("rel=\"last\""), "\(link)")
                let first = "/search/repositories?q=tokio&per_page=5&sort=stars&order=asc&page=1>; rel=\"first\""
                #expect(link.contains(first) && link.hasPrefix("<http://"), "\(link)")
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                let items = try #require(body["items"] as? [[String: Any]])
                let stars = items.compactMap { ($0["stargazers_count"] as? NSNumber)?.intValue }
                #expect(stars.count == 5 && stars == stars.sorted())
                #expect(items.allSatisfy { ($0["url"] as? String ?? "").contains("/repos/") })
            }
        }
        let repositories = SimulatedRepositories(seed: 7).all
        let latest = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(Self.now) / 1000))
        #expect(
            repositories.allSatisfy { $0.updatedAt <= latest && $0.pushedAt <= latest && $0.createdAt <= $0.updatedAt })
        let repository = try Self.object(try await routerJSON(app, "/repos/tokio-rs/tokio"))
        #expect(repository["full_name"] as? String == "tokio-rs/tokio")
    }
}
