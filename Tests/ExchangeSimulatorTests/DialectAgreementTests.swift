import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Synchronization
import Testing

@testable import ExchangeSimulator

/// The simulator's book, ticker and trades agree with each other in every dialect (issue 64,
/// done-when): over random markets and moments, the best bid is below the best ask, a ticker
/// that names a best bid and ask names the book's (Korbit's showed a spread 56 times the book's,
/// Binance's a locked book), and the last price lies inside the day's range.
@Suite struct DialectAgreementTests {
    private static let start: Int64 = 1_773_240_058_519

    private static func number(_ value: Any?) -> Double? {
        if let text = value as? String { return Double(text) }
        return (value as? NSNumber)?.doubleValue
    }

    @Test(arguments: [UInt64(3), 11, 29])
    func booksTickersAndTradesAgree(seed: UInt64) async throws {
        let clock = ManualMilliseconds(Self.start)
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 40, seed: seed, restRequestsPerSecond: nil),
            now: { clock.now })
        var generator = SeededGenerator(seed: seed)
        let apps = Dictionary(
            uniqueKeysWithValues: Exchange.allCases.map { ($0, Application(router: simulator.buildRouter(for: $0))) })
        for round in 0..<6 {
            let steps = 20 + Int(generator.unit() * 200)
            for _ in 0..<steps {
                clock.advance(by: 50 + Int64(generator.unit() * 400))
                _ = simulator.market.trade(count: 5, now: clock.now)
            }
            for exchange in Exchange.allCases {
                let venue = simulator.venue(exchange)
                let markets = venue.markets
                let market = markets[Int(generator.unit() * Double(markets.count)) % markets.count].id
                try await check(market, on: exchange, apps[exchange]!, round: round)
            }
        }
    }

    private func check(
        _ market: MarketID, on exchange: Exchange, _ app: some ApplicationProtocol, round: Int
    ) async throws {
        let label = "\(exchange) \(market) round \(round)"
        switch exchange {
        case .upbit, .bithumb:
            let book = try #require(
                (try await routerJSON(app, "/v1/orderbook?markets=\(market)") as? [[String: Any]])?.first)
            let units = try #require(book["orderbook_units"] as? [[String: Any]])
            let (bid, ask) = (Self.number(units.first?["bid_price"]), Self.number(units.first?["ask_price"]))
            #expect(try #require(bid) < #require(ask), "\(label)")
            let ticker = try #require(
                (try await routerJSON(app, "/v1/ticker?markets=\(market)") as? [[String: Any]])?.first)
            let (price, low, high) = (
                Self.number(ticker["trade_price"]), Self.number(ticker["low_price"]), Self.number(ticker["high_price"])
            )
            #expect(try #require(low) <= #require(price) && #require(price) <= #require(high), "\(label)")
            #expect([bid, ask].contains(price), "\(label): the last trade stands at the best of its side")
            if exchange == .bithumb {
                let pair = "\(market.base)_\(market.quote)"
                let legacy = try #require(try await routerJSON(app, "/public/orderbook/\(pair)") as? [String: Any])
                let data = try #require(legacy["data"] as? [String: Any])
                let bids = try #require(data["bids"] as? [[String: Any]])
                let asks = try #require(data["asks"] as? [[String: Any]])
                #expect(
                    Self.number(bids.first?["price"]) == bid && Self.number(asks.first?["price"]) == ask, "\(label)")
            }
        case .korbit:
            let symbol = "\(market.base.lowercased())_krw"
            let ticker = try #require(
                ((try await routerJSON(app, "/v2/tickers?symbol=\(symbol)") as? [String: Any])?["data"]
                    as? [[String: Any]])?
                    .first)
            let book = try #require(
                (try await routerJSON(app, "/v2/orderbook?symbol=\(symbol)") as? [String: Any])?["data"]
                    as? [String: Any])
            let bid = Self.number((book["bids"] as? [[String: Any]])?.first?["price"])
            let ask = Self.number((book["asks"] as? [[String: Any]])?.first?["price"])
            #expect(
                Self.number(ticker["bestBidPrice"]) == bid && Self.number(ticker["bestAskPrice"]) == ask, "\(label)")
            #expect(try #require(bid) < #require(ask), "\(label)")
            let (close, low, high) = (
                Self.number(ticker["close"]), Self.number(ticker["low"]), Self.number(ticker["high"])
            )
            #expect(try #require(low) <= #require(close) && #require(close) <= #require(high), "\(label)")
        case .binance:
            let symbol = "\(market.base)\(market.quote)"
            let ticker = try #require(
                try await routerJSON(app, "/api/v3/ticker/24hr?symbol=\(symbol)") as? [String: Any])
            let book = try #require(
                try await routerJSON(app, "/api/v3/depth?symbol=\(symbol)&limit=5") as? [String: Any])
            let bid = Self.number((book["bids"] as? [[Any]])?.first?.first)
            let ask = Self.number((book["asks"] as? [[Any]])?.first?.first)
            #expect(Self.number(ticker["bidPrice"]) == bid && Self.number(ticker["askPrice"]) == ask, "\(label)")
            #expect(try #require(bid) < #require(ask), "\(label)")
            let best = try #require(
                try await routerJSON(app, "/api/v3/ticker/bookTicker?symbol=\(symbol)") as? [String: Any])
            #expect(Self.number(best["bidPrice"]) == bid && Self.number(best["askPrice"]) == ask, "\(label)")
            let (last, low, high) = (
                Self.number(ticker["lastPrice"]), Self.number(ticker["lowPrice"]), Self.number(ticker["highPrice"])
            )
            #expect(try #require(low) <= #require(last) && #require(last) <= #require(high), "\(label)")
        }
    }
}

/// A clock of Unix milliseconds a test moves by hand.
final class ManualMilliseconds: Sendable {
    private let value: Mutex<Int64>

    init(_ start: Int64) { value = Mutex(start) }

    var now: Int64 { value.withLock { $0 } }

    func advance(by milliseconds: Int64) { value.withLock { $0 += milliseconds } }
}
