import ExchangeWire
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
