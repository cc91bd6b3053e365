import ExchangeWire
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulated Korbit WebSocket's answers to a client's requests, without a socket.
@Suite struct KorbitFollowingTests {
    private let bitcoin = MarketID(quote: "KRW", base: "BTC")
    private let ether = MarketID(quote: "KRW", base: "ETH")
    private func lists(_ id: MarketID) -> Bool { id == bitcoin || id == ether }

    private func take(_ json: String, into following: inout KorbitFollowing) -> [KorbitFollowing.Reply] {
        following.take(Array(json.utf8), lists: lists)
    }

    @Test func aSubscriptionIsAcknowledgedOnlyWithARequestIdThenSnapshotted() {
        var following = KorbitFollowing()
        var replies = take(
            #"[{"method":"subscribe","type":"ticker","symbols":["btc_krw"],"requestId":7}]"#, into: &following)
        #expect(replies == [.status(KorbitStreamStatus(status: "success", requestId: 7)), .tickerSnapshot([bitcoin])])
        replies = take(#"[{"method":"subscribe","type":"orderbook","symbols":["eth_krw"]}]"#, into: &following)
        #expect(replies == [.depthSnapshot([ether], books: true)])
        #expect(following.depth.books[ether] == 30)
        replies = take(#"[{"method":"subscribe","type":"trade","symbols":["btc_krw"]}]"#, into: &following)
        #expect(replies == [.depthSnapshot([bitcoin], books: false)])
        #expect(following.tickersTraded([ether, bitcoin, bitcoin]) == [bitcoin])
    }

    @Test func anUnsubscriptionStopsWithoutASnapshot() {
        var following = KorbitFollowing()
        _ = take(#"[{"method":"subscribe","type":"ticker","symbols":["btc_krw","eth_krw"]}]"#, into: &following)
        let replies = take(
            #"[{"method":"unsubscribe","type":"ticker","symbols":["btc_krw"],"requestId":2}]"#, into: &following)
        #expect(replies == [.status(KorbitStreamStatus(status: "success", requestId: 2))])
        #expect(following.tickersTraded([bitcoin, ether]) == [ether])
    }

    @Test func badRequestsFailAsKorbitFailsThem() {
        var following = KorbitFollowing()
        #expect(
            take("not json", into: &following) == [
                .status(KorbitStreamStatus(status: "fail", message: "invalid_format"))
            ])
        #expect(
            take(#"[{"method":"subscribe","type":"candle","symbols":["btc_krw"],"requestId":1}]"#, into: &following)
                == [
                    .status(
                        KorbitStreamStatus(
                            status: "fail", requestId: 1, code: "INVALID_REQUEST", message: "unknown_type"))
                ])
        #expect(
            take(#"[{"method":"subscribe","type":"ticker","symbols":["BTC_KRW"]}]"#, into: &following) == [
                .status(
                    KorbitStreamStatus(
                        status: "fail", code: "INVALID_SYMBOL", message: "The symbol does not exist (BTC_KRW)"))
            ])
        #expect(
            take(#"[{"method":"subscribe","type":"ticker","symbols":["xyz_krw"]}]"#, into: &following).count == 1)
        #expect(
            take(#"[{"method":"watch","type":"ticker","symbols":["btc_krw"]}]"#, into: &following) == [
                .status(KorbitStreamStatus(status: "fail", code: "INVALID_REQUEST", message: "unknown_method"))
            ])
        // Nothing failed was followed.
        #expect(following.tickersTraded([bitcoin, ether]).isEmpty && following.depth.isEmpty)
    }
}
