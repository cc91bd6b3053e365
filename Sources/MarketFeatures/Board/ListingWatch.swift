public import MarketDomain

/// Keeps a live board's market list current (issue 28): every minute it asks the exchange for
/// its list again, so a warning raised or cleared (유의, 주의) shows within a minute, and compares
/// it with the list kept in the store, so a market listed since shows as NEW for a day. A new
/// market's ticker is fetched and the live feed followed again with it.
public enum ListingWatch {
    /// How often the list is asked for again.
    public static let interval = Duration.seconds(60)

    /// Notes the board's list now, then asks again every `interval` on `clock`, until cancelled.
    /// A failed request is tried at the next interval; the board keeps what it shows.
    public static func run(
        board: LiveBoard, store: ListingStore?, clock: any Clock<Duration>, interval: Duration = ListingWatch.interval,
        now: @escaping @Sendable () -> Int64
    ) async {
        let client = board.client
        await note(await board.board.markets, board: board, client: client, store: store, now: now())
        while (try? await clock.sleep(for: interval)) != nil {
            guard let listed = try? await client.fetchMarkets() else { continue }
            await note(listed, board: board, client: client, store: store, now: now())
        }
    }

    private static func note(
        _ listed: [Market], board: LiveBoard, client: MarketDataClient, store: ListingStore?, now: Int64
    ) async {
        let newMarkets = (try? store?.note(board.exchange, listed.map(\.id), now)) ?? []
        let added = await board.applyListing(listed, newMarkets: newMarkets)
        guard !added.isEmpty else { return }
        if let tickers = try? await client.fetchTickers(added) { await board.apply(live: tickers) }
        await board.refollow()
    }
}
