import ExchangeWire
import Foundation
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulated Binance WebSocket's answers to a client's requests, without a socket.
@Suite struct BinanceFollowingTests {
    private let bitcoin = MarketID(quote: "USDT", base: "BTC")
    private let ether = MarketID(quote: "USDT", base: "ETH")
    private func lists(_ id: MarketID) -> Bool { id == bitcoin || id == ether }

    private func take(_ json: String, into following: inout BinanceFollowing) -> [BinanceFollowing.Reply] {
        following.take(Array(json.utf8), lists: lists)
    }

    @Test func subscribingAnswersNullThenTheNewBooksWhole() {
        var following = BinanceFollowing()
        var replies = take(
            #"{"method":"SUBSCRIBE","params":["btcusdt@ticker","ethusdt@depth20@100ms"],"id":1}"#, into: &following)
        #expect(replies == [.result(BinanceStreamResult(result: nil, id: 1)), .books([ether])])
        #expect(following.depth.books[ether] == 20)
        replies = take(#"{"method":"LIST_SUBSCRIPTIONS","id":2}"#, into: &following)
        #expect(replies == [.result(BinanceStreamResult(result: ["btcusdt@ticker", "ethusdt@depth20@100ms"], id: 2))])
        // A book already followed is not sent again for a new subscription.
        replies = take(#"{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":3}"#, into: &following)
        #expect(replies == [.result(BinanceStreamResult(result: nil, id: 3))])
    }

    @Test func aTickerGoesOutOncePerSecondAndNotAfterUnsubscribing() {
        var following = BinanceFollowing()
        _ = take(#"{"method":"SUBSCRIBE","params":["btcusdt@ticker","ethusdt@ticker"],"id":1}"#, into: &following)
        following.traded([bitcoin, bitcoin, ether])
        #expect(following.takeChanged() == [bitcoin, ether])
        #expect(following.takeChanged().isEmpty)
        following.traded([bitcoin, ether])
        _ = take(#"{"method":"UNSUBSCRIBE","params":["ethusdt@ticker"],"id":2}"#, into: &following)
        #expect(following.takeChanged() == [bitcoin])
    }

    /// Issue 30: `<symbol>@kline_<interval>` follows that candle; an interval Binance has no
    /// klines of (10 minutes) follows nothing, as an unknown stream does.
    @Test func klineStreamsFollowTheirIntervalsUntilUnsubscribed() {
        var following = BinanceFollowing()
        let replies = take(
            #"{"method":"SUBSCRIBE","params":["btcusdt@kline_1m","btcusdt@kline_1h","ethusdt@kline_10m"],"id":1}"#,
            into: &following)
        #expect(replies == [.result(BinanceStreamResult(result: nil, id: 1))])
        #expect(following.klines.intervals == [bitcoin: [.minute, .hour]])
        _ = take(#"{"method":"UNSUBSCRIBE","params":["btcusdt@kline_1m","btcusdt@kline_1h"],"id":2}"#, into: &following)
        #expect(following.klines.isEmpty)
        #expect(BinanceEndpoint.parseStream("btcusdt@kline_1s")?.kind == .kline(.second))
        #expect(BinanceEndpoint.parseStream("btcusdt@kline_1M")?.kind == .kline(.month))
        #expect(BinanceEndpoint.parseStream("btcusdt@kline_7m") == nil)
    }

    /// The event a kline stream sends: its candle's start and last millisecond, the interval, the
    /// figures as strings, and whether it closed.
    @Test func aKlineEventCarriesItsCandleAndReadsBack() throws {
        let candle = IntervalCandle(
            start: 1_795_672_800_000, open: 91_000.5, high: 91_200, low: 90_900.25, close: 91_100, volume: 2.5,
            value: 227_750)
        let event = BinanceStreamKline(candle, interval: .minute, symbol: "BTCUSDT", closed: true, now: 7)
        #expect(event.e == "kline" && event.k.i == "1m" && event.k.x)
        #expect(event.k.t == 1_795_672_800_000 && event.k.T == 1_795_672_859_999)
        #expect(event.k.o == "91000.5" && event.k.l == "90900.25")
        let read = try JSONDecoder().decode(BinanceStreamKline.self, from: JSONEncoder().encode(event))
        #expect(read.toDomain() == candle)
    }

    @Test func badRequestsGetBinancesErrors() {
        var following = BinanceFollowing()
        #expect(
            take("[1,2]", into: &following) == [
                .error(BinanceErrorBody(code: 3, msg: "Invalid JSON: expected a request object"))
            ])
        #expect(
            take(#"{"method":"SUBSCRIBE","params":["BTCUSDT@ticker"],"id":4}"#, into: &following) == [
                .error(BinanceErrorBody(code: 2, msg: "Invalid request: invalid stream names", id: 4))
            ])
        #expect(
            take(#"{"method":"FOLLOW","params":["btcusdt@ticker"],"id":5}"#, into: &following) == [
                .error(BinanceErrorBody(code: 2, msg: "Invalid request: unknown method", id: 5))
            ])
        let many = (0...BinanceEndpoint.maxStreamsPerConnection).map { "\"c\($0)usdt@ticker\"" }.joined(separator: ",")
        #expect(
            take(#"{"method":"SUBSCRIBE","params":[\#(many)],"id":6}"#, into: &following) == [
                .error(BinanceErrorBody(code: 2, msg: "Invalid request: too many streams", id: 6))
            ])
        #expect(following.streams.isEmpty)
    }
}
