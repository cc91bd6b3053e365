import Exchanges
import Foundation
import MarketDomain
import Testing

@Suite struct ExchangeServerTests {
    @Test func aBaseURLGivesTheRESTRootAndTheWebSocketBesideIt() {
        #expect(
            ExchangeServer(baseURL: "http://127.0.0.1:8080")
                == ExchangeServer(
                    restBaseURL: "http://127.0.0.1:8080", webSocketURL: "ws://127.0.0.1:8080/websocket/v1"))
        #expect(
            ExchangeServer(baseURL: "https://api.upbit.com/v1/")
                == ExchangeServer(
                    restBaseURL: "https://api.upbit.com", webSocketURL: "wss://api.upbit.com/websocket/v1"))
    }

    @Test(arguments: ["ftp://host", "127.0.0.1:8080", "", "http://", "http://[::1", "http://[::1/v1"])
    func refusesWhatIsNotAnHTTPURL(url: String) {
        #expect(ExchangeServer(baseURL: url) == nil)
    }

    @Test func theLiveServerIsUpbits() {
        #expect(ExchangeServer.live(.upbit).restBaseURL == "https://api.upbit.com")
        #expect(ExchangeServer.live(.upbit).webSocketURL == "wss://api.upbit.com/websocket/v1")
    }
}

@Suite struct UpbitFrameDecoderTests {
    @Test func readsTickersStatusAndErrors() {
        if case .ticker(let ticker) = UpbitFrameDecoder.decode(
            Array(
                #"{"ty":"ticker","cd":"KRW-ETH","op":1,"hp":1,"lp":1,"tp":2,"pcp":1,"scp":1,"scr":1,"atv24h":1,"atp24h":1,"tms":1773240058519}"#
                    .utf8))
        {
            #expect(ticker.marketID.rawValue == "KRW-ETH")
            #expect(ticker.price == 2)
        } else {
            Issue.record("not a ticker")
        }
        // The same ticker timed 5 ms after 1970 cannot be a real one: skipped like a bad frame.
        let ancient =
            #"{"ty":"ticker","cd":"KRW-ETH","op":1,"hp":1,"lp":1,"tp":2,"pcp":1,"scp":1,"scr":1,"atv24h":1,"atp24h":1,"tms":5}"#
        guard case .unreadable(let reason) = UpbitFrameDecoder.decode(Array(ancient.utf8)) else {
            Issue.record("an impossible ticker was read")
            return
        }
        #expect(reason.contains("timestamp 5"))
        #expect(UpbitFrameDecoder.decode(Array(#"{"status":"UP"}"#.utf8)) == .heartbeat)
        #expect(
            UpbitFrameDecoder.decode(Array(#"{"error":{"name":"NO_TICKET","message":"x"}}"#.utf8))
                == .serverError("NO_TICKET: x"))
        if case .unreadable = UpbitFrameDecoder.decode(Array("\u{0}\u{1}".utf8)) {
        } else {
            Issue.record("read garbage")
        }
    }
}
