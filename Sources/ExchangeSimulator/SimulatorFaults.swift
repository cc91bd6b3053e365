import ExchangeWire
import Hummingbird
import MarketDomain
import NIOCore

/// Faults the simulator can inject, for testing clients against a misbehaving exchange (SPEC §3):
/// latency before every REST answer, a share of REST requests refused as the dialect refuses
/// them over its rate limit, and every WebSocket connection dropped at an interval.
public struct SimulatorFaults: Sendable, Equatable {
    /// Added before every REST answer.
    public var latency: Duration
    /// The fraction (0–1) of REST requests refused with the dialect's rate-limit answer.
    public var errorRate: Double
    /// Every WebSocket connection is dropped this often; `nil` never.
    public var dropInterval: Duration?

    /// No faults.
    public init(latency: Duration = .zero, errorRate: Double = 0, dropInterval: Duration? = nil) {
        self.latency = latency
        self.errorRate = min(1, max(0, errorRate))
        self.dropInterval = dropInterval
    }

    /// Whether any fault is on.
    public var isActive: Bool { latency > .zero || errorRate > 0 || dropInterval != nil }
}

/// Applies ``SimulatorFaults`` to one dialect's REST requests.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: SimulatorFaults
    let refusal: @Sendable () -> Response

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if faults.latency > .zero { try await Task.sleep(for: faults.latency) }
        if faults.errorRate > 0, Double.random(in: 0..<1) < faults.errorRate { return refusal() }
        return try await next(request, context)
    }
}
