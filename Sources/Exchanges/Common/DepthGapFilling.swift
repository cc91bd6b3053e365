import MarketDomain

/// The detail's tape under the rule of `trades --follow` (issue 26, item 3): when a market numbers
/// its trades one by one and a live batch jumps (a stall whose bytes were lost, with no reconnect
/// to repaint from REST), the latest tape is fetched again and handed on before the batch, so the
/// tape shows no hole the exchange can still fill.
enum DepthGapFilling {
    /// `upstream`'s events, with a `.trades` of `refill()`'s before any batch that jumps.
    static func events(
        _ upstream: AsyncStream<MarketDepthEvent>, refill: @escaping @Sendable () async throws -> [Trade]
    ) -> AsyncStream<MarketDepthEvent> {
        let (events, continuation) = AsyncStream<MarketDepthEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let task = Task {
            var follower = TradeFollower()
            for await event in upstream {
                switch event {
                case .snapshot(_, let trades):
                    _ = follower.take(trades)
                case .trades(let trades):
                    if follower.needsCatchUp(before: trades), let page = try? await refill() {
                        _ = follower.take(page)
                        continuation.yield(.trades(page))
                    }
                    _ = follower.take(trades)
                case .connection, .orderBook, .frameSkipped:
                    break
                }
                continuation.yield(event)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return events
    }
}
