import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures

/// One measured window of `sise bench ingest` or `firehose`: what was counted, over how long, and
/// the measuring process's own CPU time meanwhile. A window starts at the first tick or frame.
struct IngestWindow {
    let count: Int
    let seconds: Double
    let cpuSeconds: Double
    /// Frames or ticks that the client skipped as unreadable.
    var skipped = 0

    var perSecond: Double { Double(count) / seconds }

    /// `12345 ticks in 10.00 s, 85% of one core`.
    func summary(counting noun: String) -> String {
        "\(count) \(noun) in \(NumberFormat.fixed(seconds, decimals: 2)) s, "
            + (noun == "ticks" ? "\(skipped) frames skipped, " : "")
            + "\(NumberFormat.fixed(100 * cpuSeconds / seconds, decimals: 0))% of one core"
    }

    /// The machine-readable line, e.g. `ticks_per_s=N cpu_s=X us_per_tick=U`: U is the
    /// process's CPU microseconds for each one counted (a tick or a frame), the figure that does
    /// not move with how fast the server sends.
    func line(counting noun: String) -> String {
        let microseconds = count > 0 ? 1e6 * cpuSeconds / Double(count) : 0
        return "\(noun)s_per_s=\(Int(perSecond.rounded())) cpu_s=\(NumberFormat.machine(cpuSeconds, decimals: 2)) "
            + "us_per_\(noun)=\(NumberFormat.machine(microseconds, decimals: 2))"
    }

    /// The real client for `duration` seconds: every KRW market the server lists subscribed over
    /// a loopback WebSocket, every tick decoded and applied to a live board.
    static func ticks(server: ExchangeServer, duration: Double, logger: Logger) async throws -> IngestWindow {
        let board = LiveBoard(client: ExchangeClient.make(.upbit, server: server, logger: logger))
        try await board.load()
        let listed = await board.board.markets.count
        logger.info("ingest: \(listed) markets on \(server.webSocketURL), \(duration) s")
        await board.follow()
        do {
            let window = try await measure(duration: duration, what: "live tick", from: server) {
                await board.appliedTicks
            }
            let skipped = await board.skippedFrames
            await board.stop()
            return IngestWindow(
                count: window.count, seconds: window.seconds, cpuSeconds: window.cpuSeconds, skipped: skipped)
        } catch {
            await board.stop()
            throw error
        }
    }

    /// A bare reader for `duration` seconds (``WebSocketFrameCounter``), every KRW market
    /// subscribed: the server's frames a second, with this side's cost only a socket read and a
    /// few header bytes a frame.
    static func frames(server: ExchangeServer, duration: Double, logger: Logger) async throws -> IngestWindow {
        let markets = try await ExchangeClient.make(.upbit, server: server, logger: logger).fetchMarkets().map(\.id)
        logger.info("frames only: \(markets.count) markets on \(server.webSocketURL), \(duration) s")
        guard let url = URL(string: server.webSocketURL) else {
            throw ExchangeError.badRequest("not a WebSocket URL: \(server.webSocketURL)")
        }
        let counter = try WebSocketFrameCounter(url: url, message: try FeedProtocol.upbit().subscribeMessage(markets))
        counter.start()
        defer { counter.stop() }
        let window = try await measure(duration: duration, what: "frame", from: server) {
            guard !counter.isClosed else { throw ExchangeError.unavailable("the server closed the connection") }
            return counter.frames
        }
        return window
    }

    /// Waits (30 s at most) for `count` to leave 0, then measures its growth and the CPU time
    /// over `duration` seconds.
    private static func measure(
        duration: Double, what: String, from server: ExchangeServer, count: () async throws -> Int
    ) async throws -> IngestWindow {
        let patience = ContinuousClock.now + .seconds(30)
        while try await count() == 0 {
            guard ContinuousClock.now < patience else {
                throw ExchangeError.unavailable("no \(what) within 30 s from \(server.webSocketURL)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let startCount = try await count()
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(Int(duration * 1000)))
        let counted = try await count() - startCount
        let cpu = ProcessCPU.seconds() - startCPU
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return IngestWindow(count: counted, seconds: seconds, cpuSeconds: cpu)
    }
}
