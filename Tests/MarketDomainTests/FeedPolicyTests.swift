import MarketDomain
import Testing

@Suite struct ReconnectBackoffTests {
    private let backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(30))

    @Test func doublesFromTheInitialDelayUpToTheMaximum() {
        #expect(backoff.delay(attempt: 1, jitter: 1) == .seconds(1))
        #expect(backoff.delay(attempt: 2, jitter: 1) == .seconds(2))
        #expect(backoff.delay(attempt: 5, jitter: 1) == .seconds(16))
        #expect(backoff.delay(attempt: 6, jitter: 1) == .seconds(30))
        #expect(backoff.delay(attempt: 60, jitter: 1) == .seconds(30))
    }

    @Test func jitterTakesUpToHalfTheDelayAway() {
        #expect(backoff.delay(attempt: 3, jitter: 0) == .seconds(2))
        #expect(backoff.delay(attempt: 3, jitter: 0.5) == .seconds(3))
        #expect(backoff.delay(attempt: 3, jitter: 7) == .seconds(4))
    }
}

@Suite struct FeedHealthTests {
    @Test func silenceTurnsStaleThenCallsForAReconnect() {
        let health = FeedHealth(staleAfter: .seconds(20), reconnectAfter: .seconds(45))
        #expect(health.verdict(silence: .seconds(19)) == .live)
        #expect(health.verdict(silence: .seconds(20)) == .stale)
        #expect(health.verdict(silence: .seconds(45)) == .reconnect)
    }

    @Test func aConnectionThatNeverSentAFrameIsGivenUpSooner() {
        let health = FeedHealth(staleAfter: .seconds(20), reconnectAfter: .seconds(45), firstFrameTimeout: .seconds(10))
        #expect(health.verdict(silence: .seconds(9), beforeFirstFrame: true) == .live)
        #expect(health.verdict(silence: .seconds(10), beforeFirstFrame: true) == .reconnect)
        #expect(health.verdict(silence: .seconds(10), beforeFirstFrame: false) == .live)
    }

    @Test func connectionStatesHaveShortLabels() {
        #expect(ConnectionState.live.label == "live")
        #expect(ConnectionState.reconnecting(attempt: 2, delay: .milliseconds(1500)).label == "reconnecting in 2s")
        #expect(ConnectionState.offline.label == "offline")
    }
}
