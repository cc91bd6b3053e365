import MarketDomain

/// Collects a feed's events as they come, so a test can assert on the whole sequence.
actor EventLog {
    private(set) var events: [LiveFeedEvent] = []
    private var task: Task<Void, Never>?

    /// Reads `stream` in a task of its own, on `executor` when given (a test's driver).
    func collect(_ stream: LiveFeedEvents, on executor: (any TaskExecutor)? = nil) {
        task = Task(executorPreference: executor) {
            for await batch in stream { await self.append(batch) }
        }
    }

    private func append(_ batch: [LiveFeedEvent]) {
        events.append(contentsOf: batch)
    }

    /// Only the connection states, in order.
    var states: [ConnectionState] {
        events.compactMap { if case .connection(let state) = $0 { state } else { nil } }
    }

    var tickers: [Ticker] {
        events.compactMap { if case .ticker(let ticker) = $0 { ticker } else { nil } }
    }

    var snapshots: Int {
        events.count { if case .snapshot = $0 { true } else { false } }
    }

    func stop() {
        task?.cancel()
    }
}
