/// One session's events, in order; asking for the next one after a batch of trades tells the hub
/// that the batch was written.
struct SessionEvents: AsyncSequence, Sendable {
    let stream: AsyncStream<SessionEvent>
    let session: UInt64
    let hub: TickHub

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<SessionEvent>.AsyncIterator
        let session: UInt64
        let hub: TickHub
        var handedTrades = false

        mutating func next() async -> SessionEvent? {
            if handedTrades {
                handedTrades = false
                hub.batchWritten(by: session)
            }
            let event = await base.next()
            if case .traded = event { handedTrades = true }
            return event
        }
    }

    /// Whether another batch of trades waits behind the one being handled.
    var moreTradesQueued: Bool { hub.pendingBatches(for: session) > 1 }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), session: session, hub: hub)
    }
}
