public import MarketDomain

/// Where the downloaded KRX stock list is kept between runs, as closures (the store in use).
public struct StockListCache: Sendable {
    /// The list and when it was fetched (Unix ms), if one was saved.
    public var load: @Sendable () -> (fetchedAt: Int64, stocks: [Stock])?
    /// Saves a list fetched at a time.
    public var save: @Sendable (_ fetchedAt: Int64, _ stocks: [Stock]) -> Void

    /// Makes a cache.
    public init(
        load: @escaping @Sendable () -> (fetchedAt: Int64, stocks: [Stock])?,
        save: @escaping @Sendable (_ fetchedAt: Int64, _ stocks: [Stock]) -> Void
    ) {
        self.load = load
        self.save = save
    }
}

/// Keeps the KRX list fresh without asking too often: a list fetched within the last day is used
/// as it is; an older one (or none) is downloaded again and saved; a failed download falls back
/// to the saved list however old, and says so.
public enum StockListRefresher {
    /// How long a downloaded list is used before it is fetched again.
    public static let maximumAge: Int64 = 86_400_000

    /// The list to use now, and a note when it is not fresh.
    public static func stocks(
        cache: StockListCache, now: Int64, download: @Sendable () async throws -> [Stock]
    ) async -> (stocks: [Stock]?, note: String?) {
        let saved = cache.load()
        if let saved, now - saved.fetchedAt < maximumAge, !saved.stocks.isEmpty { return (saved.stocks, nil) }
        do {
            let fresh = try await download()
            cache.save(now, fresh)
            return (fresh, nil)
        } catch {
            let reason = ErrorLine.of(error)
            if let saved, !saved.stocks.isEmpty {
                return (saved.stocks, "stock list from an earlier download (\(reason))")
            }
            return (nil, "the KIS master files could not be read (\(reason)); using the shipped list")
        }
    }
}
