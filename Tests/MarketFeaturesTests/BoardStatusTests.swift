import MarketDomain
import Testing

@testable import MarketFeatures

/// The words of the status bar's banner, written once in Swift for every face.
@Suite struct BoardStatusTests {
    @Test func aFeedThatIsNotLiveSaysSoInWordsAndALiveOneSaysNothing() {
        #expect(BoardStatus.notice(for: .live, of: "Upbit") == nil)
        #expect(BoardStatus.notice(for: .connecting, of: "Upbit") == "Connecting to Upbit…")
        #expect(
            BoardStatus.notice(for: .stale, of: "Bithumb") == "No update from Bithumb for a while: prices may be stale")
        #expect(
            BoardStatus.notice(for: .reconnecting(attempt: 2, delay: .milliseconds(1_500)), of: "Korbit")
                == "Korbit: reconnecting in 2s…")
        #expect(BoardStatus.notice(for: .offline, of: "Binance") == "Binance is offline: prices are the last known")
    }
}
