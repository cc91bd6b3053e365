import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// A board's frames: one shared board for every reader, and each reader told exactly what moved
/// since its own last frame (or that everything may have).
@Suite struct BoardFrameTests {
    private let bitcoin = MarketFixtures.bitcoin
    private let ethereum = MarketFixtures.ethereum

    private func loadedBoard() async throws -> LiveBoard {
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.map { MarketFixtures.ticker($0, price: 1_000, timestamp: 100) })
        let board = LiveBoard(client: script.client)
        try await board.load()
        return board
    }

    private func tick(_ market: Market, _ price: Double, at time: Int64) -> Ticker {
        MarketFixtures.ticker(market, price: price, timestamp: time)
    }

    @Test func eachReaderGetsTheMovesSinceItsOwnLastFrameInOrderWithTheirDirections() async throws {
        let board = try await loadedBoard()
        let first = await board.frame(since: nil)
        #expect(first.changes == .everything)
        #expect(first.board.ticker(bitcoin.id)?.price == 1_000)
        await board.apply(live: [tick(bitcoin, 1_100, at: 200), tick(ethereum, 1_000, at: 200)])
        let second = await board.frame(since: first.version)
        #expect(
            second.changes
                == .moved([
                    MarketMove(id: bitcoin.id, direction: .rise, timestamp: 200),
                    MarketMove(id: ethereum.id, direction: nil, timestamp: 200),
                ]))
        #expect(second.board.ticker(bitcoin.id)?.price == 1_100)
        // The earlier frame's board is as it was: the tick did not reach into it.
        #expect(first.board.ticker(bitcoin.id)?.price == 1_000)
        // An older tick and a repeated one move nothing.
        await board.apply(live: [
            tick(bitcoin, 900, at: 150), tick(bitcoin, 1_100, at: 200), tick(bitcoin, 1_050, at: 300),
        ])
        let third = await board.frame(since: second.version)
        #expect(third.changes == .moved([MarketMove(id: bitcoin.id, direction: .fall, timestamp: 300)]))
        // A reader still at the first frame gets every move since, once.
        let late = await board.frame(since: first.version)
        guard case .moved(let moves) = late.changes else {
            Issue.record("expected moves, got \(late.changes)")
            return
        }
        #expect(moves.map(\.timestamp) == [200, 200, 300])
        #expect(await board.frame(since: third.version).changes == .moved([]))
    }

    @Test func aReplacedBoardOrAForgottenVersionMeansEverything() async throws {
        let board = try await loadedBoard()
        let before = await board.frame(since: nil)
        await board.handle([.snapshot([tick(bitcoin, 2_000, at: 500)])])
        let after = await board.frame(since: before.version)
        #expect(after.changes == .everything)
        #expect(after.board.ticker(bitcoin.id)?.price == 2_000)
        #expect(await board.frame(since: after.version).changes == .moved([]))
        #expect(await board.frame(since: after.version + 10).changes == .everything)
        await board.stop()
        #expect(await board.frame(since: after.version).isStopped)
    }

    /// The terminal app's boards run on the main actor: its frame loop reads them where it runs,
    /// so the board's isolation is the main actor's (read here without an `await`), and its
    /// frames are those of a board on an actor of its own.
    @MainActor
    @Test func aBoardRunningOnTheMainActorIsReadThereWithoutAHop() async throws {
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.map { MarketFixtures.ticker($0, price: 1_000, timestamp: 100) })
        let board = LiveBoard(client: script.client, runningOn: MainActor.shared)
        try await board.load()
        // `assumeIsolated` stops the test unless the main actor's executor is the board's.
        let first = Self.frameRead(on: board)
        #expect(first.board.ticker(bitcoin.id)?.price == 1_000)
        Self.apply([tick(bitcoin, 1_100, at: 200)], on: board)
        let second = await board.frame(since: first.version)
        #expect(second.changes == .moved([MarketMove(id: bitcoin.id, direction: .rise, timestamp: 200)]))
        // Read from elsewhere, the board is an actor as any other: the read waits for the main actor.
        let fromThePool = await Task.detached { await board.frame(since: second.version) }.value
        #expect(fromThePool.changes == .moved([]))
        #expect(fromThePool.board.ticker(bitcoin.id)?.price == 1_100)
    }

    /// The board's first frame, read synchronously from the main actor: only when the board runs there.
    @MainActor
    private static func frameRead(on board: LiveBoard) -> BoardFrame {
        board.assumeIsolated { $0.frame(since: nil) }
    }

    /// Applies ticks on the board synchronously from the main actor: only when the board runs there.
    @MainActor
    private static func apply(_ tickers: [Ticker], on board: LiveBoard) {
        board.assumeIsolated { $0.apply(live: tickers) }
    }

    @Test func aLogPastItsCapacityForgetsItsOlderHalf() {
        var log = MoveLog(capacity: 4)
        let move = { (time: Int64) in MarketMove(id: MarketFixtures.bitcoin.id, direction: .rise, timestamp: time) }
        let start = log.end
        for time in 1...4 { log.append(move(Int64(time))) }
        #expect(log.changes(since: start) == .moved((1...4).map { move(Int64($0)) }))
        log.append(move(5))
        #expect(log.changes(since: start) == .everything)
        #expect(log.changes(since: start + 2) == .moved((3...5).map { move(Int64($0)) }))
        log.replaceBoard()
        #expect(log.changes(since: start + 2) == .everything)
        #expect(log.changes(since: log.end) == .moved([]))
    }
}
