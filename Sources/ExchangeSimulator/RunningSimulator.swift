import ExchangeWire
public import MarketDomain
import Synchronization

/// A simulator serving in the background; `stop()` ends it.
public final class RunningSimulator: Sendable {
    /// The simulator being served.
    public let simulator: ExchangeSimulator
    /// Each exchange dialect's bound port.
    public let ports: [Exchange: Int]
    /// Each stock source's bound port.
    public let stockPorts: [StockSource: Int]
    /// Each example app's service's bound port.
    public let examplePorts: [ExampleService: Int]
    private let task: Task<Void, any Error>

    init(simulator: ExchangeSimulator, ports: ExchangeSimulator.Ports, task: Task<Void, any Error>) {
        self.simulator = simulator
        self.ports = ports.exchanges
        stockPorts = ports.stocks
        examplePorts = ports.examples
        self.task = task
    }

    /// An example app's service's base URL, e.g. `http://127.0.0.1:54327` for GitHub.
    public func baseURL(for service: ExampleService) -> String {
        "http://\(simulator.configuration.host):\(examplePorts[service] ?? 0)"
    }

    /// A stock source's base URL, e.g. `http://127.0.0.1:54325` for Yahoo.
    public func baseURL(for source: StockSource) -> String {
        "http://\(simulator.configuration.host):\(stockPorts[source] ?? 0)"
    }

    /// Upbit's bound port.
    public var port: Int { ports[.upbit] ?? 0 }
    /// Upbit's REST base URL, e.g. `http://127.0.0.1:54321`.
    public var restBaseURL: String { restBaseURL(for: .upbit) }
    /// Upbit's WebSocket URL, e.g. `ws://127.0.0.1:54321/websocket/v1`.
    public var webSocketURL: String { webSocketURL(for: .upbit) }

    /// An exchange's REST base URL, e.g. `http://127.0.0.1:54322` for Bithumb.
    public func restBaseURL(for exchange: Exchange) -> String {
        "http://\(simulator.configuration.host):\(ports[exchange] ?? 0)"
    }

    /// An exchange's WebSocket URL, its own path on its own port.
    public func webSocketURL(for exchange: Exchange) -> String {
        "ws://\(simulator.configuration.host):\(ports[exchange] ?? 0)\(RunningSimulator.webSocketPath(exchange))"
    }

    /// The public WebSocket path of each dialect.
    /// Every WebSocket path a dialect serves, the one Sise reads first: Bithumb's legacy `/pub/ws`
    /// beside its `/websocket/v1`, Binance's combined `/stream` beside its raw `/ws`.
    public static func webSocketPaths(_ exchange: Exchange) -> [String] {
        switch exchange {
        case .bithumb: [BithumbEndpoint.webSocket, BithumbLegacySubscription.path]
        case .binance: [BinanceEndpoint.webSocket, BinanceEndpoint.combinedStream]
        default: [webSocketPath(exchange)]
        }
    }

    public static func webSocketPath(_ exchange: Exchange) -> String {
        switch exchange {
        case .upbit: UpbitEndpoint.webSocket
        case .bithumb: BithumbEndpoint.webSocket
        case .korbit: KorbitEndpoint.webSocket
        case .binance: BinanceEndpoint.webSocket
        }
    }

    /// Stops serving and waits until every server has shut down, or `patience` has passed: a
    /// server still draining a connection then finishes on its own, and nothing waits on it (the
    /// wait for the server task is not tied to this one, so it cannot hold the caller).
    public func stop(patience: Duration = .seconds(3)) async {
        task.cancel()
        let task = self.task
        let resumed = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeOnce: @Sendable () -> Void = {
                if resumed.withLock({ done in
                    defer { done = true }; return !done
                }) {
                    continuation.resume()
                }
            }
            Task {
                _ = await task.result
                resumeOnce()
            }
            Task {
                try? await Task.sleep(for: patience)
                resumeOnce()
            }
        }
    }
}
