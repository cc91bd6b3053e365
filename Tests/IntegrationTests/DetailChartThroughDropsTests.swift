import ExchangeSimulator
import Exchanges
import Logging
import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

/// Issue 30's done-when: the detail's chart comes back right after the simulator drops the
/// connection (`--drop-every`). A detail on a real Upbit client follows KRW-BTC's minute chart
/// while the simulator drops every connection every two seconds: after each reconnect the
/// newest candle moves on with the live trades, and it closes at the tape's newest price.
@Suite(.timeLimit(.minutes(5))) struct DetailChartThroughDropsTests {
    /// What the watch saw of the chart around the feed's reconnects.
    struct Watch: Sendable {
        var wasLive = false
        var reconnects = 0
        var movedAfterReconnect = 0
        var waitingForMove = false
        var newest: IntervalCandle?
        var closesAtTheTape = true
        var lastSeen = ""

        /// Takes one output in; returns whether the chart moved after three reconnects.
        mutating func take(_ output: DetailOutput) -> Bool {
            guard let depth = output.depth else { return false }
            let live = depth.status == nil
            if wasLive, !live {
                reconnects += 1
                waitingForMove = true
            }
            wasLive = live
            lastSeen = "status \(depth.status ?? "live"), chart \(output.candleStatus ?? "shown")"
            guard output.interval == .minute, let candle = output.intervalCandles.last, candle != newest else {
                return false
            }
            newest = candle
            if live, waitingForMove {
                movedAfterReconnect += 1
                waitingForMove = false
                // The candle a trade just moved closes at that trade's price: the tape's newest.
                if let tape = depth.trades.first?.price, tape != NumberFormat.price(candle.close, quote: "KRW") {
                    closesAtTheTape = false
                    lastSeen += ", close \(candle.close) against the tape's \(tape)"
                }
            }
            return movedAfterReconnect >= 3
        }
    }

    @Test func theMinuteChartMovesOnWithLiveTradesAfterEveryReconnect() async throws {
        let running = try await SimulatorHarness.startDropping(every: .seconds(2), ticksPerSecond: 400, markets: 10)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let client = ExchangeClient.make(
            .upbit,
            server: ExchangeServer(
                restBaseURL: running.restBaseURL(for: .upbit), webSocketURL: running.webSocketURL(for: .upbit)),
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)),
            rateLimitPatience: .seconds(10), logger: logger)
        let board = LiveBoard(client: client)
        // The simulator drops REST connections too: the board loads at the first try that gets through.
        try await withDeadline(seconds: 60, "the board loaded between drops") {
            while true {
                do { return try await board.load() } catch { try await Task.sleep(for: .milliseconds(200)) }
            }
        }
        let bitcoin = try #require(MarketID("KRW-BTC"))
        let viewModel = await DetailViewModel(
            market: bitcoin, board: board,
            loader: DailyCandleLoader(
                exchange: .upbit, fetch: client.fetchDailyCandles, store: InMemoryPreferenceStore().store),
            depth: client.liveDepth,
            candles: { market, interval, count in
                try await client.fetchCandles(market, interval, nil, count)
            })
        let outputs = await viewModel.outputs(bufferingPolicy: .unbounded)
        let following = Task { await viewModel.run() }
        await viewModel.send(.chartIntervalChosen(.minute))
        let seen = Mutex(Watch())
        do {
            try await withDeadline(seconds: 120, "the minute chart moving after three reconnects") {
                for await output in outputs where seen.withLock({ $0.take(output) }) { break }
            }
        } catch {
            Issue.record("\(error): \(seen.withLock { $0 })")
        }
        let watch = seen.withLock { $0 }
        #expect(watch.reconnects >= 3 && watch.movedAfterReconnect >= 3, "\(watch.lastSeen)")
        #expect(watch.closesAtTheTape, "\(watch.lastSeen)")
        following.cancel()
        await running.stop()
    }
}
