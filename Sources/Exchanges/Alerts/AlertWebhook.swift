import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1

/// Posts each alert firing to a URL the person gave (`sise alerts watch --webhook URL`), in the
/// order they fired, on a task of its own: the evaluator hands a body over and never waits. A POST
/// that fails (no answer, or a status other than 2xx) is tried again after 1, 2, 4 … 30 s, up to
/// `attempts` times, and then given up with a message; the bodies behind it wait their turn
/// (at most 1,000 are held; past that the oldest are dropped, each said).
public final class AlertWebhook: Sendable {
    private let transport: RESTTransport
    private let bodies: AsyncStream<Data>
    private let input: AsyncStream<Data>.Continuation
    private let attempts: Int
    private let firstDelay: Duration
    private let clock: any Clock<Duration>
    private let report: @Sendable (String) -> Void

    /// A webhook to `url`; `report` hears of each failure and give-up (stderr in the CLI).
    public init(
        url: String, attempts: Int = 6, firstDelay: Duration = .seconds(1),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger, report: @escaping @Sendable (String) -> Void
    ) {
        self.clock = clock
        transport = RESTTransport(
            baseURL: url, httpClient: .sise, timeout: .seconds(10), logger: logger, serverName: "the webhook")
        (bodies, input) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(1_000))
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.report = report
    }

    /// Whether `text` is a URL the webhook can post to (`http://` or `https://` and a host).
    public static func isValid(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host else {
            return false
        }
        return (scheme == "http" || scheme == "https") && !host.isEmpty
    }

    /// Hands a firing's JSON over; returns at once.
    public func post(_ json: Data) {
        if case .dropped = input.yield(json) { report("webhook: 1,000 firings waiting; one dropped") }
    }

    /// No more firings: ``run()`` ends once those waiting are sent (or given up).
    public func finish() {
        input.finish()
    }

    /// Sends the bodies in order until ``finish()`` or cancellation.
    public func run() async {
        for await body in bodies {
            await deliver(body)
            if Task.isCancelled { return }
        }
    }

    /// `2 s` or `40 ms`.
    static func words(_ delay: Duration) -> String {
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        return milliseconds >= 1000 && milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    private func deliver(_ body: Data) async {
        var delay = firstDelay
        for attempt in 1...attempts {
            let problem: String
            do {
                let reply = try await transport.post("", json: body)
                if (200..<300).contains(reply.status.code) { return }
                problem = "HTTP \(reply.status.code)"
            } catch {
                problem = "\(error)"
            }
            guard attempt < attempts else {
                report("webhook: gave up on a firing after \(attempts) tries (\(problem))")
                return
            }
            report("webhook: \(problem); trying again in \(Self.words(delay))")
            do { try await clock.sleep(for: delay) } catch { return }
            delay = min(delay * 2, .seconds(30))
        }
    }
}
