import MarketDomain
import ServiceLifecycle

/// The simulator's market clock as a service: it trades at the configured rate (or as a
/// firehose) until the group shuts down.
struct MarketClockService: Service {
    let simulator: ExchangeSimulator

    func run() async throws {
        // A shutdown cancels the clock's sleep: that is its normal end, not a failure.
        do {
            try await cancelWhenGracefulShutdown { try await simulator.runTrades(clock: ContinuousClock()) }
        } catch is CancellationError {}
    }
}

/// Closes every WebSocket connection at an interval (`--drop-every`), as a flaky network would.
struct ConnectionDropService: Service {
    let simulator: ExchangeSimulator
    let interval: Duration

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try await Task.sleep(for: interval)
                    simulator.dropConnections()
                }
            }
        } catch is CancellationError {}
    }
}

/// Collects the port each server bound and reports them all once every server listens; then
/// its work is done (the group goes on without it).
struct ListeningReportService: Service {
    /// One server's bound port.
    enum Bound: Sendable {
        case exchange(Exchange, Int)
        case stocks(StockSource, Int)
        case example(ExampleService, Int)
    }

    let bound: AsyncStream<Bound>
    let onListening: @Sendable (ExchangeSimulator.Ports) async -> Void

    func run() async throws {
        var ports = ExchangeSimulator.Ports()
        for await event in bound.cancelOnGracefulShutdown() {
            switch event {
            case .exchange(let exchange, let port): ports.exchanges[exchange] = port
            case .stocks(let source, let port): ports.stocks[source] = port
            case .example(let service, let port): ports.examples[service] = port
            }
            if ports.isComplete {
                await onListening(ports)
                return
            }
        }
    }
}
