import NIOHTTP1
import SiseSupport
import Testing

@testable import Exchanges

/// What each dialect's replies tell about its rate limit, and how long a refusal makes a client wait.
@Suite struct RESTRateLimitsTests {
    @Test func upbitsRemainingRequestsTellWhatIsLeftThisSecond() {
        let told = RESTRateLimits.Policy.upbit.toldLimit
        #expect(told(["Remaining-Req": "group=candles; min=600; sec=7"], 1) == 8)
        #expect(told(["Remaining-Req": "group=ticker; min=0; sec=0"], 2) == 2)
        #expect(told(["Remaining-Req": "nonsense"], 1) == nil)
        #expect(told([:], 1) == nil)
        #expect(RESTRateLimits.Policy.upbit.group("/v1/candles/days") == "candles")
        #expect(RESTRateLimits.Policy.upbit.group("/v1/ticker/all") == "ticker")
    }

    @Test func bithumbAndKorbitTellTheirLimitOutright() {
        #expect(RESTRateLimits.Policy.bithumb.toldLimit(["x-ratelimit-burst-capacity": "150"], 1) == 150)
        #expect(RESTRateLimits.Policy.korbit.toldLimit(["Ratelimit": "limit=50, remaining=48, reset=1"], 1) == 50)
        #expect(RESTRateLimits.Policy.korbit.toldLimit(["Ratelimit-Policy": "50;w=1"], 1) == nil)
        #expect(RESTRateLimits.Policy.binance.toldLimit(["X-MBX-USED-WEIGHT-1M": "80"], 1) == nil)
    }

    @Test func aRefusalWaitsWhatTheServerAsksElseDoublingUpTo8Seconds() {
        #expect(RESTTransport.retryDelay(["Retry-After": "3"], refusals: 1) == .seconds(3))
        #expect(RESTTransport.retryDelay(["Retry-After": "0"], refusals: 1) == .seconds(1))
        #expect(RESTTransport.retryDelay(["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], refusals: 2) == .seconds(2))
        #expect((1...6).map { RESTTransport.retryDelay([:], refusals: $0) } == [1, 2, 4, 8, 8, 8].map { .seconds($0) })
    }

    @Test func theFirstReplySetsThePaceAndARefusalHalvesIt() async {
        let limits = RESTRateLimits(.korbit)
        let pacer = limits.pacer(for: "/v2/tickers")
        #expect(await pacer.currentLimit == 1)
        await limits.learn(from: ["Ratelimit": "limit=8, remaining=7, reset=1"], path: "/v2/tickers", refused: false)
        #expect(await pacer.currentLimit == 8)
        await limits.learn(from: [:], path: "/v2/candles", refused: true)
        #expect(await pacer.currentLimit == 4)
        // A later reply never raises the pace again.
        await limits.learn(from: ["Ratelimit": "limit=50, remaining=49, reset=1"], path: "/v2/tickers", refused: false)
        #expect(await pacer.currentLimit == 4)
    }
}
