public import MarketDomain

/// Lends Korean names to exchanges that publish none (Korbit has English names only, Binance
/// none): a client's markets get their empty names filled from the shared coin-name table. The
/// table comes from the store; when it lacks a listed coin it is rebuilt from the exchanges that
/// do publish names (Upbit, Bithumb) and saved back, so later runs need no extra calls.
public enum CoinNaming {
    /// `client` with named markets.
    ///
    /// - Parameters:
    ///   - sources: the market lists of exchanges that publish Korean names, tried in order; one
    ///     that fails is skipped (the coins then keep the names they have).
    ///   - store: where the table is cached; `nil` keeps it in memory only.
    public static func naming(
        _ client: MarketDataClient, from sources: [@Sendable () async throws -> [Market]], store: PreferenceStore?
    ) -> MarketDataClient {
        var named = client
        named.fetchMarkets = {
            let markets = try await client.fetchMarkets()
            let table = await names(covering: markets, sources: sources, store: store)
            return markets.map(table.naming)
        }
        return named
    }

    /// The table, refreshed from the sources when it lacks a name one of `markets` needs.
    static func names(
        covering markets: [Market], sources: [@Sendable () async throws -> [Market]], store: PreferenceStore?
    ) async -> CoinNames {
        var table = (try? store?.coinNames()) ?? CoinNames()
        let missing = markets.contains { $0.koreanName.isEmpty && table[$0.symbol] == nil }
        guard missing else { return table }
        var fresh = CoinNames()
        for source in sources {
            if let listed = try? await source() { fresh.merge(listed) }
        }
        guard !fresh.isEmpty else { return table }
        // Fresh names first; coins no source lists any more keep their cached names.
        table = CoinNames(bySymbol: fresh.bySymbol.merging(table.bySymbol) { current, _ in current })
        try? store?.saveCoinNames(table)
        return table
    }
}
