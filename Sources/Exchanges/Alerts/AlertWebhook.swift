import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Posts each alert firing to a URL the person gave (`--webhook URL`), in the order they fired, on
/// a task of its own: the evaluator hands a body over and never waits (issue 63, items 4 and 5).
///
/// - A POST that fails for a while (no answer, a reset, 5xx, 408, 429) is tried again after 1, 2,
///   4 … 30 s while the later firings wait their turn behind it, until the hook takes it; at most
///   1,000 wait (past that the oldest are dropped, each said).
/// - A POST the hook refuses for good (any other 4xx; a redirect other than a 307 or 308 to the
///   same host, which is followed as a POST with its body) is given up at once, said.
/// - ``close(within:)`` waits a bounded time for the firings still waiting, tries each once more
///   at most, and says in one line how many were not delivered: a process that is ending never
///   promises a retry.
/// - Messages name the URL's host only; its path and query may hold a token.
public final class AlertWebhook: Sendable {
    private struct Counts {
        var posted = 0
        var delivered = 0
        /// Delivered, refused or dropped.
        var settled = 0
        var lastProblem: String?
        /// What each firing not settled yet wants to hear, by its number.
        var waiting: [Int: @Sendable (Bool) -> Void] = [:]
    }

    /// A firing handed over: its number and its body.
    private struct Posted: Sendable {
        let number: Int
        let body: Data
    }

    private let address: WebhookAddress
    private let bodies: AsyncStream<Posted>
    private let input: AsyncStream<Posted>.Continuation
    private let firstDelay: Duration
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let report: @Sendable (String) -> Void
    private let counts = Mutex(Counts())
    private let closing = Atomic(false)
    private let sending = Mutex<Task<Void, Never>?>(nil)

    /// A webhook to `address`; `report` hears of each failure, give-up and what was not delivered
    /// (stderr in the CLI).
    public init(
        address: WebhookAddress, firstDelay: Duration = .seconds(1), clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger, report: @escaping @Sendable (String) -> Void
    ) {
        self.address = address
        self.clock = clock
        self.logger = logger
        (bodies, input) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(1_000))
        self.firstDelay = firstDelay
        self.report = report
    }

    /// Whether `text` is a URL the webhook can post to (`http://` or `https://` and a host).
    public static func isValid(_ text: String) -> Bool { WebhookAddress(text) != nil }

    /// How many firings were handed over and how many the hook took.
    public var delivery: (posted: Int, delivered: Int) { counts.withLock { ($0.posted, $0.delivered) } }

    /// Hands a firing's JSON over; returns at once. `settled` hears once whether the hook took it
    /// (false when it was refused, dropped, or still waiting when the webhook stopped).
    public func post(_ json: Data, settled: (@Sendable (_ delivered: Bool) -> Void)? = nil) {
        let number = counts.withLock { counts in
            counts.posted += 1
            if let settled { counts.waiting[counts.posted] = settled }
            return counts.posted
        }
        if case .dropped(let dropped) = input.yield(Posted(number: number, body: json)) {
            report("webhook: 1,000 firings waiting for \(address.host); this one dropped")
            settle(dropped.number, delivered: false)
        }
    }

    private func settle(_ number: Int, delivered: Bool) {
        let settled = counts.withLock { counts in
            if delivered { counts.delivered += 1 }
            counts.settled += 1
            return counts.waiting.removeValue(forKey: number)
        }
        settled?(delivered)
    }

    /// Starts sending on a task of the webhook's own (ended by ``close(within:)``).
    public func start() {
        let task = Task { await run() }
        sending.withLock { $0 = task }
    }

    /// No more firings: waits up to `grace` for those waiting (each tried once more at most), then
    /// stops and says how many were not delivered.
    public func close(within grace: Duration) async {
        closing.store(true, ordering: .relaxed)
        input.finish()
        guard let task = sending.withLock({ $0 }) else { return }
        let clock = clock
        let timer = Task {
            try? await clock.sleep(for: grace)
            task.cancel()
        }
        await task.value
        timer.cancel()
    }

    /// Sends the bodies in order until the input ends or the task is cancelled, then says how many
    /// were not delivered, if any.
    public func run() async {
        for await posted in bodies {
            guard await deliver(posted) else { break }
        }
        // Whatever still waits was not delivered: each firing hears it.
        let unsettled = counts.withLock { counts in
            defer { counts.waiting = [:] }
            return counts.waiting.values
        }
        for settled in unsettled { settled(false) }
        let (posted, delivered, problem) = counts.withLock { ($0.posted, $0.delivered, $0.lastProblem) }
        let missed = posted - delivered
        guard missed > 0 else { return }
        let reason = problem.map { " (last: \($0))" } ?? ""
        report(
            "webhook: \(missed) of \(posted) firing\(posted == 1 ? "" : "s") not delivered to \(address.host)\(reason)")
    }

    /// `2 s` or `40 ms`.
    static func words(_ delay: Duration) -> String {
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        return milliseconds >= 1000 && milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Delivers one body, or gives it up when the hook refuses it for good; false when sending
    /// must stop (cancelled, or a failure while closing).
    private func deliver(_ posted: Posted) async -> Bool {
        var delay = firstDelay
        while !Task.isCancelled {
            let outcome = await WebhookPost.send(posted.body, to: address, logger: logger)
            switch outcome {
            case .delivered:
                settle(posted.number, delivered: true)
                return true
            case .refused(let problem):
                counts.withLock { $0.lastProblem = problem }
                report("webhook: \(address.host) refused a firing (\(problem)); not sent again")
                settle(posted.number, delivered: false)
                return true
            case .failed(let problem):
                counts.withLock { $0.lastProblem = problem }
                // A process that is ending does not promise a retry it will not make.
                guard !closing.load(ordering: .relaxed), !Task.isCancelled else { return false }
                let waiting = counts.withLock { $0.posted - $0.settled - 1 }
                let behind = waiting > 0 ? " (\(waiting) more waiting)" : ""
                report("webhook: \(address.host): \(problem); trying again in \(Self.words(delay))\(behind)")
                do { try await clock.sleep(for: delay) } catch { return false }
                delay = min(delay * 2, .seconds(30))
            }
        }
        return false
    }
}
