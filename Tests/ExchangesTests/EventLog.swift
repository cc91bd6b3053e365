import MarketDomain

/// Collects a feed's events as they come, so a test can assert on the whole sequence.
actor EventLog {
    private(set) var events: [LiveFeedEvent] = []
    private var task: Task<Void, Never>?

    func collect(_ stream: LiveFeedEvents) {
        task = Task {
            for await batch in stream { self.append(batch) }
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
