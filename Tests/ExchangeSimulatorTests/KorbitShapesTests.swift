import ExchangeWire
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import TestSupport
import Testing

@testable import ExchangeSimulator

/// Korbit has no public client that speaks its v2 API (issue 64, item 18): every REST and
/// WebSocket shape the simulator serves is pinned against the documented payloads (§3), key by
/// key at every depth, so a client that decodes strictly by the docs reads it.
@Suite struct KorbitShapesTests {
    private static let now: Int64 = 1_773_240_058_519

    /// Every key path of a JSON value (`data[].networkList[].name`), with the kind of its leaf.
    static func shape(_ value: Any, at path: String = "") -> Set<String> {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: Set<String>()) { $0.formUnion(shape($1.value, at: path + "." + $1.key)) }
        case let array as [Any]:
            return array.reduce(into: Set<String>()) { $0.formUnion(shape($1, at: path + "[]")) }
        case is String: return [path + ": string"]
        case let number as NSNumber:
            // A JSON true or false reads as a Boolean number.
            return [path + (String(cString: number.objCType) == "c" ? ": bool" : ": number")]
        default: return [path + ": null"]
        }
    }

    private static func shape(of json: String) throws -> Set<String> {
        shape(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    @Test func everyRESTAnswerHasTheDocumentedShape() async throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 8, seed: 4, restRequestsPerSecond: nil),
            now: { Self.now })
        for step in 0..<200 { _ = simulator.market.trade(count: 3, now: Self.now - 40_000 + Int64(step) * 200) }
        let app = Application(router: simulator.buildRouter(for: .korbit))
        let pairs: [(String, String)] = [
            ("/v2/currencyPairs", KorbitDocPayloads.currencyPairs), ("/v2/currencies", KorbitDocPayloads.currencies),
            ("/v2/tickers?symbol=btc_krw,eth_krw", KorbitDocPayloads.tickers),
            ("/v2/candles?symbol=btc_krw&interval=60&limit=5", KorbitDocPayloads.candles),
        ]
        for (uri, documented) in pairs {
            #expect(Self.shape(try await routerJSON(app, uri)) == (try Self.shape(of: documented)), "\(uri)")
        }
        // §3.6 names the book's and the trades' fields: the REST answers carry the same.
        let book = Self.shape(try await routerJSON(app, "/v2/orderbook?symbol=btc_krw"))
        #expect(
            book == [
                ".success: bool", ".data.timestamp: number", ".data.asks[].price: string", ".data.asks[].qty: string",
                ".data.bids[].price: string", ".data.bids[].qty: string",
            ])
        let trades = Self.shape(try await routerJSON(app, "/v2/trades?symbol=btc_krw&limit=5"))
        #expect(
            trades == [
                ".success: bool", ".data[].timestamp: number", ".data[].price: string", ".data[].qty: string",
                ".data[].isBuyerTaker: bool", ".data[].tradeId: number",
            ])
    }

    @Test func everyStreamMessageHasTheDocumentedShape() throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 8, seed: 4), now: { Self.now })
        for step in 0..<200 { _ = simulator.market.trade(count: 3, now: Self.now - 40_000 + Int64(step) * 200) }
        let venue = simulator.venue(.korbit)
        let bitcoin = MarketID(quote: "KRW", base: "BTC")
        let depth = try #require(venue.depth(bitcoin, levels: 30, trades: 5, now: Self.now))
        func encoded(_ value: some Encodable) throws -> Set<String> {
            Self.shape(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)))
        }
        let snapshot = depth.figures.korbitStreamTicker(snapshot: true, now: Self.now, book: depth.book)
        #expect(try encoded(snapshot) == (try Self.shape(of: KorbitDocPayloads.streamSnapshot)))
        let live = depth.figures.korbitStreamTicker(snapshot: false, now: Self.now, book: depth.book)
        #expect(try encoded(live) == (try Self.shape(of: KorbitDocPayloads.streamRealtime)))
        let book = KorbitStreamOrderbook(
            symbol: "btc_krw", timestamp: Self.now, snapshot: nil, data: KorbitOrderbookDTO(depth.book))
        #expect(
            try encoded(book) == [
                ".symbol: string", ".timestamp: number", ".type: string", ".data.timestamp: number",
                ".data.asks[].price: string", ".data.asks[].qty: string", ".data.bids[].price: string",
                ".data.bids[].qty: string",
            ])
        let trades = KorbitStreamTrades(
            symbol: "btc_krw", timestamp: Self.now, snapshot: nil, data: depth.trades.map(KorbitTradeDTO.init))
        #expect(
            try encoded(trades) == [
                ".symbol: string", ".timestamp: number", ".type: string", ".data[].timestamp: number",
                ".data[].price: string", ".data[].qty: string", ".data[].isBuyerTaker: bool", ".data[].tradeId: number",
            ])
    }
}
